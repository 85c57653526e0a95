"""Is the compiled flat rollout ready? `flat_rollouts` answers without waiting, and gets it
ready in the background.

The flat rollout plays the very hands the object path plays (``tests/flat``), so an analysis
gives the same numbers whichever path its rollouts take: only the time differs. Its kernels are
compiled by numba the first time after an install (about a minute of one core) and cached
beside the source; later processes load them in about a quarter of a second. So
`flat_rollouts()` never waits: its first call starts a low-priority thread that loads (or
compiles) them, and until that is done it answers None, and the analyst rolls out through the
rules core. Without numba (the static site, Pyodide) or where no thread can start, it is
always None.

``python -m cardkit.zioncheck.flat.ready`` compiles them in the foreground (``make demo`` and
``make test`` do, so that a class's first hints and the test workers find them cached).
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import sys
import threading
import time
from types import ModuleType

__all__ = ["flat_rollouts"]

_LOCK = threading.Lock()
_DONE = threading.Event()
_MODULE: list[ModuleType | None] = []
"""The flat world module once it is ready, or None when it cannot be (set once)."""
_started = False


def flat_rollouts(wait: bool = False) -> ModuleType | None:
    """`cardkit.zioncheck.flat.world` once its kernels are compiled and loaded, else None (and
    the loading starts in the background, once). ``wait`` waits for it (benchmarks, tests)."""
    if _DONE.is_set():
        return _MODULE[0]
    _start(wait)
    if wait:
        _DONE.wait()
        return _MODULE[0]
    return None


def _start(in_this_thread: bool) -> None:
    global _started
    with _LOCK:
        if _started:
            return
        _started = True
        if importlib.util.find_spec("numba") is None:
            _finish(None)
            return
        if in_this_thread:
            _warm(lower_priority=False)
            return
        try:
            threading.Thread(target=_warm, name="cardkit-zion-flat", daemon=True).start()
        except RuntimeError:  # no threads here (Pyodide refuses them)
            _finish(None)


def _finish(module: ModuleType | None) -> None:
    _MODULE.append(module)
    _DONE.set()


def _warm(lower_priority: bool = True) -> None:
    """Load or compile the kernels by playing one small decision flat."""
    if lower_priority and hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):  # this thread only: a first compile must not
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)  # slow the page
    module: ModuleType | None = None
    try:
        from cardkit.zioncheck.flat import jit, world
        from cardkit.zioncheck.game import new_game

        if jit.compiled():
            game = new_game(players=4, seed=0)
            seat = game.current_player
            assert seat is not None  # a new game has a player to act
            world.rollout_all(game, seat, game.legal_actions(), 0)
            module = world
    except Exception:  # an install numba cannot compile for: the rules core's rollouts serve
        logging.getLogger(__name__).warning("the compiled Zion Check rollout is not available",
                                            exc_info=True)
    _finish(module)


def main() -> int:
    """Compile (or load) the kernels now; say how long it took."""
    start = time.perf_counter()
    ready = flat_rollouts(wait=True) is not None
    took = time.perf_counter() - start
    print(f"compiled Zion Check rollout: {'ready' if ready else 'not available'} "
          f"({took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
