"""The suite's own settings (conftest.py at the top level, the Makefile's test target) are in
force: Hypothesis under CI, and how ``make test`` shares the tests between two workers."""

import importlib.util
import os
import re
from pathlib import Path
from types import SimpleNamespace

from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
# By its path: in a whole run the name ``conftest`` may be another folder's conftest.py.
_spec = importlib.util.spec_from_file_location("cardkit_root_conftest", ROOT / "conftest.py")
assert _spec is not None and _spec.loader is not None
conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(conftest)


def test_hypothesis_is_derandomized_exactly_under_ci():
    assert settings.default.derandomize == bool(os.environ.get("CI"))


def make_variable(name: str) -> str:
    found = re.search(rf"^{name} \?= (.*)$", (ROOT / "Makefile").read_text(), flags=re.M)
    assert found, f"the Makefile sets no {name}"
    return found.group(1)


def test_make_test_runs_every_testpath_in_two_workers_by_file():
    import tomllib  # Python 3.11+, as the suite runs

    options = make_variable("PYTEST_PARALLEL").split()
    assert options == ["-n", "2", "--dist", "loadfile"]  # options only: no path narrows the run
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["test"]
    assert any(requirement.startswith("pytest-xdist") for requirement in extra)


def test_the_server_and_browser_files_are_one_unit_and_every_other_file_its_own():
    unit = conftest.unit_of
    assert unit("tests/browser/test_xeri_app.py::test_play[3]") == "servers"
    assert unit("tests/server/test_board.py::test_x") == unit("tests/browser/test_a.py::t")
    assert unit("tests/test_docs.py::test_site") == "tests/test_docs.py"
    assert unit("tests/widgets/test_hand.py::test_a") != unit("tests/widgets/test_serve.py::b")
    # a doctest and a tutorial's cells stay with their file (one kernel runs a notebook)
    assert unit("cardkit/cards.py::cardkit.cards.parse_card") == "cardkit/cards.py"
    assert unit("tutorials/01_playing_xeri.ipynb::Cell 3") == "tutorials/01_playing_xeri.ipynb"
    assert unit("tests/browsers_like.py::t") == "tests/browsers_like.py"


def worker(servers_first: bool = True) -> SimpleNamespace:
    return SimpleNamespace(workerinput={"cardkit_servers_first": servers_first},
                           option=SimpleNamespace(dist="no"))


def test_a_worker_orders_its_tests_servers_first_then_the_biggest_files():
    ids = ["tests/test_a.py::one", "tests/browser/test_b.py::one", "tests/test_c.py::one",
           "tests/test_c.py::two", "tests/server/test_d.py::one", "tests/test_a.py::zero",
           "tests/test_e.py::one", "tests/test_e.py::two", "tests/test_e.py::three"]
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    conftest.pytest_collection_modifyitems(worker(), items)
    assert [item.nodeid for item in items] == [
        "tests/browser/test_b.py::one", "tests/server/test_d.py::one",  # servers, in order
        "tests/test_e.py::one", "tests/test_e.py::two", "tests/test_e.py::three",  # 3 tests
        "tests/test_a.py::one", "tests/test_a.py::zero",  # 2 tests, first in the collection
        "tests/test_c.py::one", "tests/test_c.py::two"]
    unchanged = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    conftest.pytest_collection_modifyitems(worker(servers_first=False), unchanged)
    assert [item.nodeid for item in unchanged] == ids


def test_the_scheduler_is_loadfile_with_the_servers_as_one_unit_only_under_n():
    config = SimpleNamespace(option=SimpleNamespace(dist="loadfile", numprocesses=2,
                                                    loadscopereorder=True, maxschedchunk=None),
                             getvalue={"tx": ["2*popen"]}.get)
    scheduler = conftest.pytest_xdist_make_scheduler(config, log=None)
    assert scheduler._split_scope("tests/server/test_x.py::t") == "servers"
    assert scheduler._split_scope("tests/test_x.py::t") == "tests/test_x.py"
    assert config.option.loadscopereorder is False  # the workers' order above is kept
    serial = SimpleNamespace(option=SimpleNamespace(dist="no", numprocesses=None))
    assert conftest.pytest_xdist_make_scheduler(serial, log=None) is None
