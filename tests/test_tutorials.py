"""The tutorials: their shape, their stored outputs, and the exercises' checked answers.

nbval compares the cells marked ``# NBVAL_CHECK_OUTPUT`` with fresh runs (``make test`` runs
``pytest --nbval-lax tutorials``). It skips a cell that was stored unexecuted, so the tests
here make sure that every compared cell was executed and holds output, in one run from the top,
and that the stored outputs stay plain and small.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
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


def test_the_six_tutorials_exist() -> None:
    assert [path.name for path in TUTORIALS] == [
        "01_playing_xeri.ipynb", "02_playing_zion_check.ipynb",
        "03_probability_with_xeri.ipynb", "04_probability_with_zion_check.ipynb",
        "05_strategy_lab.ipynb", "06_which_card_is_best.ipynb"]


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


def test_stored_outputs_name_no_folder_of_the_machine_that_ran_them() -> None:
    import importlib.util

    folder = re.compile(r"(?<![\w.:/])/(?:home|root|work|tmp|Users|private|opt|var)/")
    colour = re.compile(r"\x1b\[[0-9;]*m")  # a traceback's colours, around its paths

    def texts(output: dict) -> list[str]:
        data = output.get("data", {})
        found = [output.get("text", ""), output.get("evalue", ""), *output.get("traceback", [])]
        return [*found, data.get("text/plain", ""), data.get("text/html", "")]

    for path in TUTORIALS:
        for cell in cells(path):
            for output in cell.get("outputs", []):
                for text in texts(output):
                    text = colour.sub("", "".join(text))
                    assert str(ROOT) not in text and not folder.search(text), path.name
    spec = importlib.util.spec_from_file_location("refresh", ROOT / "tutorials" /
                                                  "refresh_outputs.py")
    assert spec and spec.loader
    refresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(refresh)
    assert refresh.plain_paths("File /work/wt/x/cardkit/engine.py:374, in decide") == \
        "File cardkit/engine.py:374, in decide"
    assert refresh.plain_paths("/srv/a/.venv/lib/python3.11/site-packages/pandas/core.py") == \
        "site-packages/pandas/core.py"
    assert refresh.plain_paths(f"{Path.home()}/notes.txt") == "~/notes.txt"


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
    for answer in solution if EXERCISES[key].any_of else [solution]:
        feedback = check(key, answer)
        assert feedback.ok is True and str(feedback).startswith("Right!")
    if EXERCISES[key].any_of:
        solution = solution[0]
    wrong = {bool: lambda s: not s, int: lambda s: s + 1}.get(type(solution), lambda s: "9D 9S")
    answer = wrong(solution)
    hint = check(key, answer)
    assert hint.ok is False and not hint, f"{answer!r} passed for {key}"
    assert str(hint).startswith(("Not yet. Hint:", "I could not read that answer", "Close!"))
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


@pytest.mark.parametrize("key", [k for k in EXERCISES if EXERCISES[k].mistakes])
def test_each_common_mistake_gets_its_own_hint(key: str) -> None:
    exercise = EXERCISES[key]
    hints = set()
    for wrong, hint in exercise.mistakes:
        feedback = check(key, wrong)
        assert feedback.ok is False, f"the mistake {wrong!r} passed for {key}"
        assert str(feedback) == f"Not yet. Hint: {hint}"
        hints.add(hint)
    assert exercise.hint not in hints


def test_chances_are_read_as_fractions_percentages_and_decimals_at_a_stated_precision() -> None:
    from cardkit.lessons import CHANCE_FORMS

    for answer in ("6/41", "6 / 41", " 6/41 ", "14.6%", "14.63 %", 0.146, "0.1463",
                   Fraction(6, 41)):
        assert check("prob-memory", answer).ok, answer
    assert "3 places" in CHANCE_FORMS and CHANCE_FORMS in EXERCISES["prob-memory"].question
    assert EXERCISES["prob-memory"].tolerance == pytest.approx(0.0005)
    assert not check("prob-memory", "14%").ok  # 0.14 is 0.0063 away: not to 3 places
    assert str(check("prob-memory", 0.15)).startswith("Close!")
    assert "3 decimal places" in str(check("prob-memory", 0.15))
    assert not check("prob-memory", "7/48").ok  # a fraction must be exact, not just close
    assert check("prob-top-jack", "7.7%").ok and check("prob-top-jack", "4/52").ok
    assert check("lab-rounds", "1,200").ok


def test_a_position_with_two_best_cards_accepts_both_and_says_so() -> None:
    cards, why = EXERCISES["lab-xeri-first"].solution()
    assert sorted(str(c) for c in cards) == ["4♠", "4♣"]
    assert check("lab-xeri-first", "4S").ok and check("lab-xeri-first", "4c").ok
    assert not check("lab-xeri-first", "QH").ok
    assert str(reveal("lab-xeri-first")).startswith("Solution: 4♠ or 4♣.") and "either" in why


def test_a_prediction_is_shown_beside_the_answer() -> None:
    from cardkit import lessons
    from cardkit.lessons import PREDICTIONS, predict

    lessons._GUESSES.pop("redeal-share", None)
    assert predict("redeal-share", ...).ok is None
    assert str(reveal("redeal-share")).startswith("You made no guess")
    assert "could not read" in str(predict("redeal-share", "a third"))
    assert predict("redeal-share", "1/3").ok
    shown = str(reveal("redeal-share"))
    assert shown.startswith("Your guess: 1/3. The answer: 20353/54145 ≈ 0.3759")
    assert "0.043 away" in shown
    predict("set-or-run", "run")
    assert "Your guess: run. The answer: set" in str(reveal("set-or-run"))
    predict("pile-stands", False)
    assert reveal("pile-stands").ok is True
    with pytest.raises(ValueError, match="no prediction is called 'nope'"):
        predict("nope", 1)
    for key, prediction in PREDICTIONS.items():
        answer, why = prediction.solve()
        assert why and prediction.read(answer) is not None, key
        lessons._GUESSES.pop(key, None)


def test_each_learner_gets_a_seed_of_their_own_unless_one_is_pinned(monkeypatch) -> None:
    from cardkit.lessons import your_seed

    monkeypatch.delenv("CARDKIT_SEED", raising=False)
    seeds = {your_seed() for _ in range(20)}
    assert len(seeds) > 1 and all(1_000 <= s < 10_000 for s in seeds)
    assert your_seed(1234) == 1234
    monkeypatch.setenv("CARDKIT_SEED", "7")
    assert your_seed() == 7 and your_seed(8) == 8
    monkeypatch.setenv("CARDKIT_SEED", "seven")
    with pytest.raises(ValueError, match="CARDKIT_SEED must be a whole number"):
        your_seed()
    with pytest.raises(ValueError, match="a seed is a whole number"):
        your_seed(-1)


def test_lesson_two_teaches_laying_off_a_joker_before_its_exercise_asks_for_it() -> None:
    path = ROOT / "tutorials" / "02_playing_zion_check.ipynb"
    text = [source(cell) for cell in cells(path)]
    exercise = next(i for i, t in enumerate(text) if 'check("zion-lay-off"' in t)
    assert any('can_lay_off(parse_card("JK")' in t for t in text[:exercise])
    assert any("A **joker** can be" in t for t in text[:exercise])


def test_no_python_text_form_is_shown_as_output() -> None:
    raw = re.compile(r"\{\d+: |\(\d+,\)|[A-Z]\w+\(children=|any_pair_or_top_jack|allow_top_pair")
    for path in TUTORIALS:
        for cell in cells(path):
            for output in cell.get("outputs", []):
                shown = "".join(output.get("text") or output.get("data", {}).get("text/plain", ""))
                assert not raw.search(shown), f"{path.name}: {shown[:120]}"
