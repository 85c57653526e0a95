"""The kernel that ``cardkit serve`` starts for each page: ipykernel, at a lower priority.

On a 2-core machine a class's kernels (importing the apps, dealing, moving bots) can keep both
cores busy; the server process that relays every page's messages and answers every request then
waited its turn with each of them, and took seconds to answer anyone. Each kernel lowers its own
priority by `NICENESS` (``$CARDKIT_KERNEL_NICE`` chooses another, 0 keeps it), so the server is
served first and a student's click still reaches their kernel at once. The kernelspec
``share/jupyter/kernels/python3`` beside this module (put first on Voila's Jupyter path by
`cardkit.widgets.serve.voila_env`) starts kernels with ``python -m cardkit.widgets.class_kernel``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

NICENESS = 5
NICE_ENV = "CARDKIT_KERNEL_NICE"


def lower_priority(environ: dict[str, str] | None = None) -> int:
    """Lower this process's priority by ``$CARDKIT_KERNEL_NICE`` (default `NICENESS`); the
    increment applied (0 where the system has no ``nice``, or the value is not 0-19)."""
    text = (os.environ if environ is None else environ).get(NICE_ENV, str(NICENESS))
    try:
        increment = int(text)
    except ValueError:
        return 0
    if not 0 < increment < 20 or not hasattr(os, "nice"):
        return 0
    try:
        os.nice(increment)
    except OSError:
        return 0
    return increment


def main() -> None:
    """ipykernel's launcher (``python -m ipykernel_launcher``), at a lower priority."""
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]  # as ipykernel_launcher: the kernel adds the cwd back itself
    lower_priority()
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
