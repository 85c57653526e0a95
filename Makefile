# The two commands of the README. Each creates .venv when missing and installs what it needs.
#   make demo   serve the Voila apps on http://$(HOST):$(PORT)/voila/render/index.ipynb
#               (make demo PORT=9000; set NO_BROWSER=1 to not open a browser;
#               make demo CLASS=1 serves a class network behind a printed token;
#               POOL=N preheated kernels per class app: 1 for a demo, 4 with CLASS=1)
#   make test   lint and run every test layer (unit, property, golden, widgets, browser,
#               the tutorials with nbval, the docs build, the Binder environment)
#   make catalogs  extract the sentences marked for translation and update and compile the
#               catalogs in cardkit/locale (cardkit/i18n.py, cardkit/catalogs.py)
#   make lessons  write the tutorials' student and teacher editions into build/lessons
#   make docs   build the documentation site into docs/_build/html (Japanese pages in ja/)
#   make lite   build the apps as a static site into build/lite (Python runs in the browser:
#               any web host or a USB stick serves a class; `cardkit lite --serve` to try it)
PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8866
HOST   ?=
CLASS  ?=
# Preheated kernels per class app (Xeri and Zion Check tables). A demo is one person trying
# the apps: one kernel each opens them at once, while starting 4 on 2 cores would keep both
# busy for half a minute and hold ~450 MB for nobody. A class (CLASS=1) gets 4 each.
POOL   ?= $(if $(CLASS),4,1)
NO_BROWSER ?=
BIN    := $(VENV)/bin

.PHONY: catalogs docs-catalogs demo test test-browser test-tutorials docs lint typecheck bench clean lite lessons

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Stamp files record which extras are installed; they are redone when pyproject.toml changes.
$(VENV)/.apps: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[apps]'
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.apps $(VENV)/.lite

$(VENV)/.lite: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[lite]'
	touch $@ $(VENV)/.apps

# `cardkit serve` finds the app notebooks in notebooks/ beside the editable install.
# The analyst's compiled Zion Check rollout is compiled once after an install (about a minute,
# then cached); done here so that a class's first hints, and the test workers, find it ready.
demo: $(VENV)/.apps
	$(BIN)/python -m cardkit.zioncheck.flat.ready
	$(BIN)/cardkit serve --port $(PORT) $(if $(HOST),--host $(HOST)) $(if $(CLASS),--class) \
		--pool $(POOL) $(if $(NO_BROWSER),--no-browser)

lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# mypy alone (make lint runs it too), configured in pyproject.toml: strict on the rules core.
typecheck: $(VENV)/.test
	$(BIN)/mypy

# Two pytest-xdist workers for the two cores: the server and browser tests in one, one at a
# time, from the start; every other test file in either, the second one niced (conftest.py,
# docs/DECISIONS.md "The test suite's time"). PYTEST_PARALLEL= runs it serially.
PYTEST_PARALLEL ?= -n 2 --dist loadfile

test: lint
	$(BIN)/python -m cardkit.zioncheck.flat.ready
	$(BIN)/python -m pytest $(PYTEST_PARALLEL)

# Only the tutorials (nbval on their teacher editions, built by the root conftest.py): cells
# marked NBVAL_CHECK_OUTPUT must show their stored output; `python tutorials/refresh_outputs.py`
# stores new ones.
test-tutorials: $(VENV)/.test
	$(BIN)/python -m pytest tutorials

# The gettext catalogs (cardkit.i18n): new sentences arrive untranslated in
# cardkit/locale/ja/LC_MESSAGES/*.po; tests/i18n fails until each has its Japanese.
catalogs: $(VENV)/.test
	$(BIN)/python -m cardkit.catalogs

# The tutorials' student and teacher editions (cardkit/editions.py): build/lessons/{student,teacher}.
lessons: $(VENV)/.test
	$(BIN)/python -m cardkit.editions

# The documentation site, offline, warnings as errors: docs/_build/html/index.html.
# Its Japanese pages (the rule book, the teachers' page, the glossary) go into html/ja.
docs: $(VENV)/.test
	$(BIN)/python -m sphinx -b html -W --keep-going docs docs/_build/html
	$(BIN)/python -m sphinx -b html -t ja -W --keep-going docs docs/_build/html/ja

# New or changed paragraphs of the Japanese pages into docs/locale/ja/LC_MESSAGES/*.po
# (sphinx-intl); the build shows a paragraph in English until its Japanese is written there.
docs-catalogs: $(VENV)/.test
	$(BIN)/python -m sphinx -b gettext -t ja -q docs build/docs-gettext
	$(BIN)/sphinx-intl update -p build/docs-gettext -l ja -d docs/locale

# The static site (docs/serving.md): PyPI and npm packages only, cached in ~/.cache/cardkit-lite;
# the cardkit wheel is made from this checkout every time.
lite: $(VENV)/.lite
	$(BIN)/cardkit lite --out build/lite

# Only the real-browser tests (Voila + Debian's Chromium), about a minute.
test-browser: $(VENV)/.test
	$(BIN)/python -m pytest tests/browser

bench: $(VENV)/.test
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
