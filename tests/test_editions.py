"""The tutorials' two editions: the student edition gives nothing away, the teacher edition
holds the answer key of every exercise (cardkit.editions, `make lessons`)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardkit.cards import Card
from cardkit.editions import build, exercise_keys_in, main, without_nbval_mark
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
    for cell in teacher:  # the hidden checks are there, collapsed (nbval runs this edition)
        if "test" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
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


def tagged(cell: dict, tag: str) -> bool:
    return tag in cell["metadata"].get("tags", [])


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_teacher_edition_is_the_source_plus_markdown(editions: Path, path: Path) -> None:
    # nbval runs the teacher edition in place of the source (the root conftest.py): that is
    # as good as running the source only if every source cell is in it, in order, unchanged
    # (code, stored outputs, run counts, hidden checks), and all it adds is Markdown.
    source = load(path)
    teacher = load(editions / "teacher" / path.name)
    kept = iter(teacher)
    added = []
    for cell in source:
        for other in kept:
            if other.get("id") == cell.get("id"):
                break
            added.append(other)
        else:
            pytest.fail(f"source cell {cell.get('id')} is missing from the teacher edition")
        expected = json.loads(json.dumps(cell))
        if tagged(cell, "test"):  # the hidden checks are kept, their code collapsed
            expected["metadata"]["jupyter"] = {"source_hidden": True}
        assert other == expected
    added += list(kept)
    assert added and all(c["cell_type"] == "markdown" and tagged(c, "answer-key")
                         for c in added)
    assert sum(tagged(c, "test") for c in teacher) == sum(tagged(c, "test") for c in source)


def names(code: str) -> tuple[set[str], set[str]]:
    """The names a cell's code binds and the names it reads."""
    import ast

    bound, read = set(), set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return bound, read


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_student_edition_runs_what_nbval_runs_less_checks_nothing_needs(
        editions: Path, path: Path) -> None:
    # The student edition's code is the source's, in order, less the hidden checks and nbval's
    # marks (comments); and no cell reads a name whose last binding was in a check (or in a
    # teacher cell: all are text), so nbval's run of the teacher edition vouches for the
    # student edition's cells too.
    source = load(path)
    student = load(editions / "student" / path.name)
    code = [text(c) for c in source if c["cell_type"] == "code" and not tagged(c, "test")]
    shown = [text(c) for c in student if c["cell_type"] == "code"]
    assert shown == [without_nbval_mark(c) for c in code]
    assert any(c.startswith("# NBVAL_CHECK_OUTPUT") for c in code)
    assert not any("NBVAL" in c for c in shown), "nbval's marks mean nothing to a learner"
    assert not any(c["cell_type"] == "code" and tagged(c, "teacher") for c in source)
    last_bound_in_check: set[str] = set()
    for cell in source:
        if cell["cell_type"] != "code":
            continue
        bound, read = names(text(cell))
        if tagged(cell, "test"):
            last_bound_in_check |= bound
        else:
            needs = (read - bound) & last_bound_in_check
            assert not needs, f"{path.name}: a cell reads {needs}, bound only in a check"
            last_bound_in_check -= bound


def test_make_test_runs_nbval_on_the_teacher_editions_of_every_lesson() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                           "no:cacheprovider", "tutorials"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    ids = [line for line in done.stdout.splitlines() if "::" in line]
    files = {line.split("::")[0] for line in ids}
    assert files == {f"build/lessons/teacher/{p.name}" for p in TUTORIALS}
    for path in TUTORIALS:  # a test for each code cell of the source, checks included
        cells = [c for c in load(path) if c["cell_type"] == "code"]
        assert sum(i.startswith(f"build/lessons/teacher/{path.name}::") for i in ids) == \
            len(cells)
        assert (ROOT / "build" / "lessons" / "student" / path.name).exists()
