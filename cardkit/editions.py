"""Two editions of every tutorial, from one source: ``python -m cardkit.editions`` (``make
lessons``) writes them into ``build/lessons/``.

The notebooks in ``tutorials/`` are the source: nbval tests them with their stored outputs.
Their cells are tagged for the editions:

* ``teacher``: for the teacher only (timings, the warm-up, how to run it with a class);
* ``test``: a hidden check that nbval runs (a sentence agrees with its numbers); in no edition.

The **student edition** drops both, and every output: a learner runs the cells and sees their
own numbers, and nothing that gives an answer away. The **teacher edition** keeps the outputs
and the ``teacher`` cells and adds, after each exercise, its answer key: the solution worked out
by the rules core (`cardkit.lessons`), the hints for the answers learners usually get wrong, and
how answers are read. Each edition's folder gets the tutorials' helper modules (the charts), so
its notebooks run where they are.

This module reads and writes notebooks as JSON: it needs no Jupyter package.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit.lessons import EXERCISES, Exercise, reveal

__all__ = ["EDITIONS", "TEACHER_TAG", "TEST_TAG", "build", "exercise_keys_in",
           "student_edition", "teacher_edition"]

TEACHER_TAG = "teacher"
TEST_TAG = "test"
EDITIONS = ("student", "teacher")
_CHECK = re.compile(r'check\("([\w-]+)"')
ROOT = Path(__file__).resolve().parents[1]


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def exercise_keys_in(cell: dict[str, Any]) -> list[str]:
    """The exercises a code cell checks (``check("key", ...)``)."""
    return _CHECK.findall(_source(cell)) if cell.get("cell_type") == "code" else []


def student_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The learners' notebook: no ``teacher`` or ``test`` cells, no outputs, no run counts."""
    out = copy.deepcopy(notebook)
    cells = []
    for cell in out["cells"]:
        tags = _tags(cell)
        if TEACHER_TAG in tags or TEST_TAG in tags:
            continue
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
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
    """The teacher's notebook: outputs and ``teacher`` cells kept, ``test`` cells dropped, and
    the answer key after each exercise."""
    out = copy.deepcopy(notebook)
    cells = []
    for cell in out["cells"]:
        if TEST_TAG in _tags(cell):
            continue
        cells.append(cell)
        for key in exercise_keys_in(cell):
            cells.append({"cell_type": "markdown", "id": f"key-{key}",
                          "metadata": {"tags": [TEACHER_TAG, "answer-key"]},
                          "source": answer_key(EXERCISES[key])})
    out["cells"] = cells
    out["metadata"]["cardkit_edition"] = "teacher"
    return out


def build(source: Path = ROOT / "tutorials", out: Path = ROOT / "build" / "lessons"
          ) -> list[Path]:
    """Write ``out/student/`` and ``out/teacher/``: both editions of every numbered notebook
    of ``source``, and its helper modules beside them. Returns the notebooks written."""
    notebooks = sorted(source.glob("[0-9][0-9]_*.ipynb"))
    if not notebooks:
        raise ValueError(f"no tutorials (01_….ipynb) in {source}")
    written = []
    for edition, make in (("student", student_edition), ("teacher", teacher_edition)):
        folder = out / edition
        folder.mkdir(parents=True, exist_ok=True)
        for helper in ("lesson_charts.py",):
            if (source / helper).exists():
                shutil.copyfile(source / helper, folder / helper)
        for path in notebooks:
            notebook = json.loads(path.read_text(encoding="utf-8"))
            target = folder / path.name
            target.write_text(json.dumps(make(notebook), indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")
            written.append(target)
    return written


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
