"""Run the tutorials top to bottom and store their outputs, plain and small.

    python tutorials/refresh_outputs.py                 # every tutorial
    python tutorials/refresh_outputs.py 01_playing_xeri.ipynb

Run it after a change to the code that the lessons show: nbval (``make test``) compares the
cells marked ``# NBVAL_CHECK_OUTPUT`` with the stored outputs and fails when they differ.
Widget views and widget state are not stored (they only work in a live kernel, and a page of
widget state is megabytes): a widget shown with ``lesson_charts.show_widget`` keeps its words.
The learners' seed (``your_seed()``) is pinned to ``CARDKIT_SEED`` (2026 unless set), so the
stored outputs can be made again exactly; nbval runs without it, with fresh seeds, and the
cells whose numbers vary are not compared (hidden test cells check their sentences). A
notebook's charts are stored as plotly's JSON and a ``<div>``
that needs plotly.js from the page (the documentation site serves it), never plotly.js itself.
Paths in stored text and tracebacks are made relative (``cardkit/engine.py``,
``site-packages/…``, ``~``): a lesson that shows an error must not store the folder it was
refreshed in.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_IN_REPO = re.compile(r"/[^\s\x1b\"':]*?/(?=(?:cardkit|tutorials|tests)/[\w/]+\.py)")
_PACKAGES = re.compile(r"/[^\s\x1b\"':]*?/site-packages/")


def plain_paths(text: str) -> str:
    """``text`` with this machine's folders taken out of its paths: a file of the repository
    relative to it, an installed one from ``site-packages/``, the home folder as ``~``."""
    text = _PACKAGES.sub("site-packages/", _IN_REPO.sub("", text))
    return text.replace(str(Path.home()), "~")


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop widget state and widget views, and the timing metadata that changes every run."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.outputs:
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                data.pop(WIDGET_VIEW)
                if not set(data) - {"text/plain"} and data.get("text/plain", "").startswith(
                        ("TurnStepper(", "MeldChecker(", "HBox(", "VBox(")):
                    continue  # a widget's Python text form, not words for a reader
            if output.get("output_type") == "stream":
                output["text"] = plain_paths(output["text"])
            elif output.get("output_type") == "error":
                output["evalue"] = plain_paths(output["evalue"])
                output["traceback"] = [plain_paths(line) for line in output["traceback"]]
            kept.append(output)
        cell.outputs = kept
    return nb


def refresh(path: Path, timeout: int = 600) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(clean(nb), path)


def clean_stored(path: Path) -> None:
    """Apply `clean` to the outputs stored in ``path``, without running it again."""
    nbformat.write(clean(nbformat.read(path, as_version=4)), path)


def main(names: list[str]) -> int:
    os.environ.setdefault("CARDKIT_SEED", "2026")
    paths = [HERE / name for name in names] or sorted(HERE.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        print(f"running {path.name}")
        refresh(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
