"""Test-wide settings (at the top level so that doctest collection of tests/ leaves it alone).

Hypothesis explores new random examples on every local run, which is how property tests find
bugs. Under CI (``CI`` set) the ``ci`` profile derandomizes it, so that a submission is judged
on the same examples every time and a red CI always means a change broke something; run
``pytest --hypothesis-profile=dev`` to explore as locally.

``make test`` runs the suite in two pytest-xdist workers (``-n 2 --dist loadfile``, the
Makefile's ``PYTEST_PARALLEL``; docs/DECISIONS.md, "The test suite's time"). Under it:

- every test file under ``tests/browser`` or ``tests/server`` (they start Voila servers and
  browsers) is in one work unit, ``servers``: one worker runs them one after another, as a
  serial run does, and starts on them first (they are the longest chain);
- every other file is a unit of its own, as ``--dist loadfile`` makes it, so a file's module
  fixtures (the docs build, the Binder environment) are made once and a tutorial's cells run in
  one kernel, in order; the files with the most tests go first;
- the worker that runs a test outside ``servers`` lowers its own priority (``nice``), and so
  that of the kernels, builds and installs it starts: the timing-sensitive servers and browser
  pages get the CPU when they want it, and the other tests get the rest.

A new test file needs nothing: it is a unit by itself, or joins ``servers`` by where it lives
(a test that starts a server belongs under ``tests/server`` or ``tests/browser``). Without
``-n`` (``pytest tests/test_cards.py``) none of this applies.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from cardkit.editions import write_editions
from cardkit.i18n import set_language

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
settings.load_profile("ci" if os.environ.get("CI") else "dev")

SERVERS = "servers"
# Where every test file starts a Voila server, a browser or both (paths as in test ids).
SERVER_FOLDERS = ("tests/browser/", "tests/server/")
# How much the worker running the other tests steps back (0 is normal, 19 the least).
OTHERS_NICENESS = 10


def unit_of(nodeid: str) -> str:
    """The work unit of a test id: ``servers``, or the test's file (relative to the root)."""
    path = nodeid.split("::", 1)[0]
    return SERVERS if path.startswith(SERVER_FOLDERS) else path


def _servers_first(config: pytest.Config) -> bool:
    """Whether this run, or the run this worker is part of, is ``-n N --dist loadfile``."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        return bool(workerinput.get("cardkit_servers_first"))
    return getattr(config.option, "dist", "no") == "loadfile" and bool(
        getattr(config.option, "numprocesses", None))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """The controller tells each worker whether to order its collection and step back."""
    node.workerinput["cardkit_servers_first"] = _servers_first(node.config)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist loadfile``, with the server and browser files as one unit (see above)."""
    if not _servers_first(config):
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]  # no py.typed

    class ServersFirstScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    config.option.loadscopereorder = False  # the workers' collection order is the order
    return ServersFirstScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not (hasattr(config, "workerinput") and _servers_first(config)):
        return
    sizes: dict[str, int] = {}
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        unit = unit_of(item.nodeid)
        sizes[unit] = sizes.get(unit, 0) + 1
        first.setdefault(unit, index)
    # The servers first, then the units with the most tests (ties in collection order); each
    # unit together, and the sort is stable: a unit keeps its own order (a tutorial's cells).
    items.sort(key=lambda item: (unit_of(item.nodeid) != SERVERS, -sizes[unit_of(item.nodeid)],
                                 first[unit_of(item.nodeid)]))


_stepped_back = False


def pytest_runtest_setup(item: pytest.Item) -> None:
    global _stepped_back
    if (not _stepped_back and hasattr(item.config, "workerinput")
            and _servers_first(item.config) and unit_of(item.nodeid) != SERVERS):
        os.nice(OTHERS_NICENESS)
        _stepped_back = True

@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """Every test ends in English, whatever language it chose: the language is process-wide
    (`cardkit.i18n.set_language`), and a test that switched it must not change another's words."""
    yield
    set_language("en")


@pytest.fixture
def cardkit_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., str]:
    """``cardkit_cli("xeri", "--seed", "3")``: what ``cardkit xeri --seed 3`` prints, after
    checking that it exited with 0."""
    from cardkit.cli import main

    def run(*argv: str) -> str:
        assert main(list(argv)) == 0
        return capsys.readouterr().out

    return run


# ----------------------------------------------------------------------------------------------
# The tutorials: nbval tests their teacher editions. (Here, not in tutorials/conftest.py: under
# --doctest-modules a second conftest.py outside a package collides with the others by name.)
#
# nbval tests the **teacher editions** of the tutorials, built from them as it collects.
#
# ``make test`` (and ``pytest tutorials``) collects every numbered notebook here
# (``01_….ipynb``, no list: a new lesson is picked up by its name). For each one this hook
# writes both editions into ``build/lessons/`` (`cardkit.editions.write_editions`, as
# ``make lessons`` does) and hands nbval the teacher edition in place of the source, so the test
# ids read ``build/lessons/teacher/03_….ipynb::Cell 12`` (``pytest tutorials/03_….ipynb`` runs
# that one lesson's, as before).
#
# Why the teacher edition and not both: it is the source with Markdown added (every source cell,
# in order, with its code, its stored outputs and its hidden ``test`` checks;
# ``tests/test_editions.py`` checks that), so running it runs exactly what running the source
# would, and the suite pays for the tutorials once. The student edition is the same code less
# the hidden checks, which bind no name that another cell reads (checked there too), and holds
# no outputs to compare; ``tests/test_editions.py`` checks that it gives nothing away.
# ``tutorials/refresh_outputs.py`` still refreshes the source's stored outputs.

TUTORIALS = Path(__file__).resolve().parent / "tutorials"
LESSON = re.compile(r"[0-9][0-9]_.*\.ipynb")


class Lesson(pytest.File):
    """A source tutorial, whose tests are nbval's on its teacher edition (written here). It
    stands at the source's path, so that ``pytest tutorials/03_….ipynb`` finds it."""

    nbval_file: type[pytest.File]

    def collect(self) -> Iterator[pytest.File]:
        teacher = write_editions(self.path)["teacher"]
        yield self.nbval_file.from_parent(self, path=teacher)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector
                        ) -> Generator[None, list[Any], list[Any]]:
    collected = yield
    if file_path.parent != TUTORIALS or not LESSON.fullmatch(file_path.name):
        return collected
    out = []
    for collector in collected:
        if type(collector).__module__.startswith("nbval"):  # nbval's notebook file
            lesson = Lesson.from_parent(parent, path=file_path)
            lesson.nbval_file = type(collector)
            collector = lesson
        out.append(collector)
    return out
