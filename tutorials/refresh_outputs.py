"""Run the tutorials top to bottom and store their outputs, plain and small.

    python tutorials/refresh_outputs.py                 # every tutorial
    python tutorials/refresh_outputs.py 01_playing_xeri.ipynb

Run it after a change to the code that the lessons show: nbval (``make test``) compares the
cells marked ``# NBVAL_CHECK_OUTPUT`` with the stored outputs and fails when they differ.
Widget views and widget state are not stored (they only work in a live kernel, and a page of
widget state is megabytes); a notebook's charts are stored as plotly's JSON and a ``<div>``
that needs plotly.js from the page (the documentation site serves it), never plotly.js itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop widget state and widget views, and the timing metadata that changes every run."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.outputs:
            if WIDGET_VIEW in output.get("data", {}):
                continue
            kept.append(output)
        cell.outputs = kept
    return nb


def refresh(path: Path, timeout: int = 600) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(clean(nb), path)


def main(names: list[str]) -> int:
    paths = [HERE / name for name in names] or sorted(HERE.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        print(f"running {path.name}")
        refresh(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
