"""Running a test's body as in the browser (Pyodide), where no thread starts.

Shared by the tests of the apps' stepping on the event loop there (tests/test_lite.py,
tests/widgets/test_review_panel.py)::

    from tests.thread_helpers import run_without_threads
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest


def _no_threads(self: threading.Thread) -> None:
    raise RuntimeError("can't start new thread")


def run_without_threads(body: Callable[[asyncio.AbstractEventLoop], None],
                        monkeypatch: pytest.MonkeyPatch, timeout: float,
                        not_stopped: str) -> None:
    """Run ``body(loop)`` in a thread of its own, on an event loop of its own, with every other
    thread's start refused as Pyodide refuses it; its failure is raised again here.

    A thread of its own: after the browser tests, the test's thread has a loop running
    (Playwright's), and a second loop cannot run beside it. That thread is started by the real
    ``start()``, before threads are forbidden for the code under test. ``not_stopped`` is the
    failure's message if ``body`` is still running after ``timeout`` seconds.
    """
    failures: list[BaseException] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            body(loop)
        except BaseException as failure:  # re-raised in the test's own thread below
            failures.append(failure)
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    runner = threading.Thread(target=run)
    real_start = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", _no_threads)
    real_start(runner)
    runner.join(timeout=timeout)
    assert not runner.is_alive(), not_stopped
    if failures:
        raise failures[0]
