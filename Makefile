# The two commands of the README. Each creates .venv when missing and installs what it needs.
#   make demo   serve the Voila apps on http://127.0.0.1:$(PORT)/
#   make test   lint and run every test layer (unit, property, golden, widgets, browser)
PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8866
BIN    := $(VENV)/bin

.PHONY: demo test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Stamp files record which extras are installed; they are redone when pyproject.toml changes.
$(VENV)/.apps: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[apps]'
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.apps

demo: $(VENV)/.apps
	$(BIN)/cardkit serve --port $(PORT)

lint: $(VENV)/.test
	$(BIN)/ruff check .

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.apps
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
