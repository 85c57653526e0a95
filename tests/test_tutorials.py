"""The tutorials: their shape, their stored outputs, and the exercises' checked answers.

nbval compares the cells marked ``# NBVAL_CHECK_OUTPUT`` with fresh runs (``make test`` runs
``pytest --nbval-lax tutorials``). It skips a cell that was stored unexecuted, so the tests
here make sure that every compared cell was executed and holds output, in one run from the top,
and that the stored outputs stay plain and small.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardkit.lessons import EXERCISES, check, exercise_keys, reveal

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = sorted((ROOT / "tutorials").glob("[0-9][0-9]_*.ipynb"))
CHECKED = "# NBVAL_CHECK_OUTPUT"
RULE_ID = re.compile(r"\b(XR|ZC)-\d+(\.\d+)?\b")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_five_tutorials_exist() -> None:
    assert [path.name for path in TUTORIALS] == [
        "01_playing_xeri.ipynb", "02_playing_zion_check.ipynb",
        "03_probability_with_xeri.ipynb", "04_probability_with_zion_check.ipynb",
        "05_strategy_lab.ipynb"]


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_every_compared_cell_was_executed_in_one_run_from_the_top(path: Path) -> None:
    code = [cell for cell in cells(path) if cell["cell_type"] == "code"]
    checked = [cell for cell in code if source(cell).startswith(CHECKED)]
    assert len(checked) >= 5, f"{path.name} compares only {len(checked)} cells"
    for cell in checked:
        assert cell["execution_count"] is not None, f"unexecuted compared cell: {source(cell)}"
        assert cell["outputs"], f"a compared cell with no output: {source(cell)}"
    counts = [cell["execution_count"] for cell in code]
    assert counts == list(range(1, len(code) + 1)), "run the notebook top to bottom, once"


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_stored_outputs_are_plain_and_small(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in notebook["metadata"], "widget state is stored"
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            assert WIDGET_VIEW not in output.get("data", {}), "a widget view is stored"
            size = len(json.dumps(output))
            assert size < 60_000, f"an output of {size} characters in {source(cell)[:60]}"
            assert "plotly.js v" not in json.dumps(output), "plotly.js itself is stored"
    assert path.stat().st_size < 400_000


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_a_lesson_states_goals_cites_rules_and_sums_up(path: Path) -> None:
    text = [source(cell) for cell in cells(path) if cell["cell_type"] == "markdown"]
    assert "By the end of this lesson you can" in text[0]
    assert "## Summary" in text[-1]
    assert len({m.group(0) for t in text for m in RULE_ID.finditer(t)}) >= 5


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_exercises_in_a_lesson_exist_and_start_unanswered(path: Path) -> None:
    keys = [re.findall(r'check\("([\w-]+)"', source(cell)) for cell in cells(path)]
    keys = [key for found in keys for key in found]
    assert len(keys) >= 3
    for key in keys:
        assert key in EXERCISES
    for cell in cells(path):
        if 'check("' in source(cell) and cell["cell_type"] == "code":
            output = cell["outputs"][0]
            shown = "".join(output.get("text") or output["data"]["text/plain"])
            assert "Replace ... with your answer" in shown, "a stored answer gives it away"


@pytest.mark.parametrize("key", list(EXERCISES))
def test_each_exercise_accepts_its_solution_and_hints_otherwise(key: str) -> None:
    solution, why = EXERCISES[key].solution()
    feedback = check(key, solution)
    assert feedback.ok is True and str(feedback).startswith("Right!")
    wrong = {bool: lambda s: not s, int: lambda s: s + 1}.get(type(solution), lambda s: "9D 9S")
    answer = wrong(solution)
    hint = check(key, answer)
    assert hint.ok is False and not hint, f"{answer!r} passed for {key}"
    assert str(hint).startswith(("Not yet. Hint:", "I could not read that answer"))
    assert str(reveal(key)).startswith("Solution:") and why in str(reveal(key))


def test_answers_are_read_kindly_and_refused_clearly() -> None:
    assert check("xeri-pile-pair", "no").ok
    assert check("xeri-score", "18").ok and check("xeri-score", 18.0).ok
    assert check("xeri-last-pile", "north-south").ok
    assert check("zion-joker", "j♠").ok and not check("zion-joker", "JH").ok
    assert check("zion-lay-off", ["JK", "9C", "3c"]).ok
    assert not check("zion-lay-off", "3C 9C").ok  # the joker is missing
    assert check("prob-no-pair", 0.676).ok and check("prob-no-pair", "2816/4165").ok
    assert not check("prob-no-pair", 0.7).ok
    assert check("xeri-score", ...).ok is None
    assert "could not read" in str(check("xeri-score", "eighteen"))
    assert "could not read" in str(check("zion-joker", "11X"))
    with pytest.raises(ValueError, match="no exercise is called 'nope'"):
        check("nope", 1)
    assert exercise_keys("zion-") and all(k.startswith("zion-") for k in exercise_keys("zion-"))


def test_nbval_runs_the_tutorials_in_every_full_run() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "tutorials" in config["testpaths"]
    options = config["addopts"].split()
    assert "--nbval-lax" in options
    assert "--nbval-sanitize-with=tutorials/nbval_sanitize.cfg" in options
    # make test runs pytest on its testpaths (no paths given), so the tutorials are in it.
    target = (ROOT / "Makefile").read_text().split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "\t$(BIN)/python -m pytest $(PYTEST_PARALLEL)\n" in target + "\n"


def test_lessons_and_rulebook_belong_to_the_rules_core() -> None:
    import subprocess
    import sys

    code = ("import sys, cardkit.lessons, cardkit.rulebook; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'plotly', 'IPython', 'anywidget', 'voila') "
            "or m.startswith('cardkit.widgets')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
