"""nbval tests the **teacher editions** of the tutorials, built from them as it collects.

``make test`` (and ``pytest tutorials``) collects every numbered notebook here
(``01_….ipynb``, no list: a new lesson is picked up by its name). For each one this hook
writes both editions into ``build/lessons/`` (`cardkit.editions.write_editions`, as
``make lessons`` does) and hands nbval the teacher edition in place of the source, so the test
ids read ``build/lessons/teacher/03_….ipynb::Cell 12`` (``pytest tutorials/03_….ipynb`` runs
that one lesson's, as before).

Why the teacher edition and not both: it is the source with Markdown added (every source cell,
in order, with its code, its stored outputs and its hidden ``test`` checks;
``tests/test_editions.py`` checks that), so running it runs exactly what running the source
would, and the suite pays for the tutorials once. The student edition is the same code less
the hidden checks, which bind no name that another cell reads (checked there too), and holds
no outputs to compare; ``tests/test_editions.py`` checks that it gives nothing away.
``tutorials/refresh_outputs.py`` still refreshes the source's stored outputs.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardkit.editions import write_editions

HERE = Path(__file__).resolve().parent
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
    if file_path.parent != HERE or not LESSON.fullmatch(file_path.name):
        return collected
    out = []
    for collector in collected:
        if type(collector).__module__.startswith("nbval"):  # nbval's notebook file
            lesson = Lesson.from_parent(parent, path=file_path)
            lesson.nbval_file = type(collector)
            collector = lesson
        out.append(collector)
    return out
