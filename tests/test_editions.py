"""The tutorials' two editions: the student edition gives nothing away, the teacher edition
holds the answer key of every exercise (cardkit.editions, `make lessons`)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardkit.cards import Card
from cardkit.editions import build, exercise_keys_in, main
from cardkit.lessons import EXERCISES

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = sorted((ROOT / "tutorials").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def editions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lessons")
    written = build(ROOT / "tutorials", out)
    assert len(written) == 2 * len(TUTORIALS)
    return out


def load(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def giveaways(key: str) -> list[str]:
    """Texts that would give exercise ``key``'s answer away if they came before it."""
    solution, why = EXERCISES[key].solution()
    if isinstance(solution, list) and not EXERCISES[key].any_of:
        return [why]  # several cards to pick from the question's own list
    answers = solution if isinstance(solution, list) else [solution]
    found = [why]
    for answer in answers:
        if isinstance(answer, Fraction) and answer.denominator != 1:
            found += [str(answer), f"{float(answer):.3f}", f"{float(answer):.4f}"]
        elif isinstance(answer, Card):
            found.append(str(answer))
        elif isinstance(answer, int) and not isinstance(answer, bool) and answer >= 100:
            found += [str(answer), f"{answer:,}"]  # smaller numbers are taught (worth 20)
    return found


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_student_edition_has_no_outputs_and_no_teacher_or_test_cells(editions: Path,
                                                                         path: Path) -> None:
    student = load(editions / "student" / path.name)
    source = load(path)
    assert any("teacher" in c["metadata"].get("tags", []) for c in source), "no teacher notes"
    for cell in student:
        tags = cell["metadata"].get("tags", [])
        assert "teacher" not in tags and "test" not in tags
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
        assert "Answer key" not in text(cell) and "For the teacher" not in text(cell)
    assert (editions / "student" / "lesson_charts.py").exists()


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_no_answer_appears_before_its_exercise_in_the_student_edition(editions: Path,
                                                                      path: Path) -> None:
    student = load(editions / "student" / path.name)
    for index, cell in enumerate(student):
        for key in exercise_keys_in(cell):
            before = "\n".join(text(c) for c in [*student[:index], cell])
            for giveaway in giveaways(key):
                shown = re.search(rf"(?<![\w.]){re.escape(giveaway)}(?![\w])", before)
                assert not shown, f"{key}'s answer {giveaway!r} shows before it"


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_teacher_edition_has_outputs_and_a_key_after_every_exercise(editions: Path,
                                                                        path: Path) -> None:
    teacher = load(editions / "teacher" / path.name)
    keys = [key for cell in teacher for key in exercise_keys_in(cell)]
    assert keys
    assert any(cell.get("outputs") for cell in teacher if cell["cell_type"] == "code")
    assert not any("test" in c["metadata"].get("tags", []) for c in teacher)
    for index, cell in enumerate(teacher):
        for key in exercise_keys_in(cell):
            after = text(teacher[index + 1])
            assert after.startswith(f"**Answer key: `{key}`.** Solution:"), after[:80]
            for _wrong, hint in EXERCISES[key].mistakes:
                assert hint in after
            assert EXERCISES[key].hint in after
            keys.remove(key)
    assert not keys


def test_make_lessons_writes_both_editions(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["--out", str(tmp_path)]) == 0
    assert "into" in capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "student").glob("*.ipynb")) == \
        [p.name for p in TUTORIALS]
    with pytest.raises(SystemExit):
        main(["--source", str(tmp_path / "nothing"), "--out", str(tmp_path)])
    assert "\nlessons:" in (ROOT / "Makefile").read_text()


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_editions_run_the_code_that_nbval_tests(editions: Path, path: Path) -> None:
    # nbval runs the source; the editions hold the same code cells (less the hidden checks),
    # and the teacher edition the same stored outputs, so nbval's verdict holds for both.
    def code(cells: list[dict], with_outputs: bool) -> list[tuple]:
        return [(text(c), json.dumps(c["outputs"]) if with_outputs else None) for c in cells
                if c["cell_type"] == "code" and "test" not in c["metadata"].get("tags", [])]

    source = load(path)
    assert code(load(editions / "teacher" / path.name), True) == code(source, True)
    assert code(load(editions / "student" / path.name), False) == code(source, False)
