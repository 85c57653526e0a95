"""Two editions of every tutorial, from one source: ``python -m cardkit.editions`` (``make
lessons``) writes them into ``build/lessons/``.

The notebooks in ``tutorials/`` are the source: nbval tests them with their stored outputs.
Their cells are tagged for the editions:

* ``teacher``: for the teacher only (timings, the warm-up, how to run it with a class);
* ``test``: a hidden check that nbval runs (a sentence agrees with its numbers).

The **student edition** drops both, every output, and nbval's ``# NBVAL_CHECK_OUTPUT`` marks:
a learner runs the cells and sees their own numbers, and nothing that gives an answer away.
The **teacher edition** keeps every cell of the source as it is, with its outputs (the ``test``
cells too, their code collapsed: they show the teacher that the lesson checks its own
sentences), and adds, after each exercise, its answer key: the solution worked out by the
rules core (`cardkit.lessons`), the hints for the answers learners usually get wrong, and how
answers are read. So the teacher edition is the source plus Markdown, and ``make test`` runs
nbval on it in place of the source (the root ``conftest.py``; ``tests/test_editions.py``
checks the superset). Each edition's folder gets the tutorials' helper modules (the charts),
so its notebooks run where they are.

This module reads and writes notebooks as JSON: it needs no Jupyter package.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit.lessons import EXERCISES, Exercise, reveal

__all__ = ["EDITIONS", "HELPERS", "TEACHER_TAG", "TEST_TAG", "build", "exercise_keys_in",
           "student_edition", "teacher_edition", "tutorials_in", "write_editions"]

TEACHER_TAG = "teacher"
TEST_TAG = "test"
EDITIONS = ("student", "teacher")
HELPERS = ("lesson_charts.py",)
"""The tutorials' helper modules, copied beside each edition's notebooks."""
_CHECK = re.compile(r'check\("([\w-]+)"')
_NBVAL_MARK = re.compile(r"\A# NBVAL_[A-Z_]+\n\n?")
ROOT = Path(__file__).resolve().parents[1]


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def exercise_keys_in(cell: dict[str, Any]) -> list[str]:
    """The exercises a code cell checks (``check("key", ...)``)."""
    return _CHECK.findall(_source(cell)) if cell.get("cell_type") == "code" else []


def without_nbval_mark(code: str) -> str:
    """``code`` less a first line such as ``# NBVAL_CHECK_OUTPUT`` (and the blank line after
    it): nbval's mark means nothing to a learner."""
    return _NBVAL_MARK.sub("", code)


def student_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The learners' notebook: no ``teacher`` or ``test`` cells, no outputs, no run counts,
    and no nbval marks."""
    out = copy.deepcopy(notebook)
    cells = []
    for cell in out["cells"]:
        tags = _tags(cell)
        if TEACHER_TAG in tags or TEST_TAG in tags:
            continue
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            cell["source"] = without_nbval_mark(_source(cell)).splitlines(keepends=True)
        cell.get("metadata", {}).pop("execution", None)
        cells.append(cell)
    out["cells"] = cells
    out["metadata"]["cardkit_edition"] = "student"
    return out


def _places(places: int) -> str:
    return f"{places} decimal place{'' if places == 1 else 's'}"


def answer_key(exercise: Exercise) -> str:
    """The teacher's key to one exercise, in Markdown."""
    lines = [f"**Answer key: `{exercise.key}`.** {reveal(exercise.key)!s}", ""]
    if exercise.places is not None:
        lines += [f"*Accepted:* a fraction equal to the answer, or a decimal or a percentage "
                  f"within {exercise.tolerance:g} of it ({_places(exercise.places)}).", ""]
    if exercise.any_of:
        lines += ["*Accepted:* any one of the equally good answers.", ""]
    if exercise.mistakes:
        lines.append("*What learners usually get wrong, and the hint `check` gives:*")
        lines.append("")
        for wrong, hint in exercise.mistakes:
            lines.append(f"* `{wrong}`: {hint}")
        lines.append("")
    lines.append(f"*Any other wrong answer gets:* {exercise.hint}")
    return "\n".join(lines)


def teacher_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The teacher's notebook: every cell of the source as it is, with its outputs (``test``
    cells with their code collapsed), and the answer key after each exercise."""
    out = copy.deepcopy(notebook)
    cells = []
    for cell in out["cells"]:
        if TEST_TAG in _tags(cell):
            cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True
        cells.append(cell)
        for key in exercise_keys_in(cell):
            cells.append({"cell_type": "markdown", "id": f"key-{key}",
                          "metadata": {"tags": [TEACHER_TAG, "answer-key"]},
                          "source": answer_key(EXERCISES[key])})
    out["cells"] = cells
    out["metadata"]["cardkit_edition"] = "teacher"
    return out


def tutorials_in(source: Path) -> list[Path]:
    """The numbered notebooks of ``source`` (``01_….ipynb``), in order: every one is a lesson,
    with no list to edit when one is added."""
    return sorted(source.glob("[0-9][0-9]_*.ipynb"))


def _write(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` whole or not at all: two test workers may build the same
    edition at once, and neither may read a half-written file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(name, target)


def write_editions(path: Path, out: Path = ROOT / "build" / "lessons") -> dict[str, Path]:
    """Write both editions of the notebook ``path`` into ``out/student/`` and ``out/teacher/``,
    with the helper modules of its folder beside them. Returns each edition's notebook."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    written = {}
    for edition, make in (("student", student_edition), ("teacher", teacher_edition)):
        folder = out / edition
        for helper in HELPERS:
            if (path.parent / helper).exists():
                _write(folder / helper, (path.parent / helper).read_text(encoding="utf-8"))
        target = folder / path.name
        _write(target, json.dumps(make(notebook), indent=1, ensure_ascii=False) + "\n")
        written[edition] = target
    return written


def build(source: Path = ROOT / "tutorials", out: Path = ROOT / "build" / "lessons"
          ) -> list[Path]:
    """Write ``out/student/`` and ``out/teacher/``: both editions of every numbered notebook
    of ``source``, and its helper modules beside them. Returns the notebooks written."""
    notebooks = tutorials_in(source)
    if not notebooks:
        raise ValueError(f"no tutorials (01_….ipynb) in {source}")
    written = [write_editions(path, out) for path in notebooks]
    return [edition[name] for name in EDITIONS for edition in written]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardkit.editions",
                                     description="Write the student and teacher editions of "
                                                 "the tutorials.")
    parser.add_argument("--source", type=Path, default=ROOT / "tutorials",
                        help="the folder of the source notebooks (default: tutorials/)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lessons",
                        help="where the editions go (default: build/lessons/)")
    args = parser.parse_args(argv)
    try:
        written = build(args.source, args.out)
    except ValueError as error:
        parser.error(str(error))
    print(f"wrote {len(written)} notebooks into {args.out}/student and {args.out}/teacher")
    return 0


if __name__ == "__main__":
    sys.exit(main())
