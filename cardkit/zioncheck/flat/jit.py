"""`kernel`: compile a flat function with numba when it imports, else leave it plain Python.

Every function of `cardkit.zioncheck.flat` that another calls is decorated with it, so that the
compiled ones call compiled ones. ``NUMBA_DISABLE_JIT=1`` (numba's own switch) runs the very
same code as Python, which is how the tests check the plain path that Pyodide runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def _numba() -> Any:
    try:
        return importlib.import_module("numba")
    except ImportError:  # the static site (Pyodide) and installs without the sim/fast extra
        return None


_NUMBA = _numba()


def kernel(function: F) -> F:
    """``function`` compiled (``njit(cache=True, nogil=True)``), or itself without numba."""
    if _NUMBA is None:
        return function
    return cast(F, _NUMBA.njit(cache=True, nogil=True)(function))


def compiled() -> bool:
    """Are the flat functions compiled (numba imported and the JIT not disabled)?"""
    return _NUMBA is not None and not _NUMBA.config.DISABLE_JIT
