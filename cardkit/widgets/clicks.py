"""Clicks a page sent while the kernel was still busy with the previous one are dropped.

A kernel handles one message at a time. While a click's handler runs (the Xeri table's Play
lets the bots move, seconds with their pauses) the page shows the button disabled, but a click
can still be sent (a forged message, or a click racing the "disabled" update), waits in the
kernel's queue, and used to play a card for the learner on their next turn, long after.

`fresh_clicks` tells such a click by the time the page stamped on it (each message's header
``date``, from the page's own clock): a click stamped before the previous click's stamp plus
the time its handler took was sent while that handler ran, and is dropped. A click made from
Python (tests, a notebook) has no page stamp and always runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

__all__ = ["fresh_clicks", "page_stamp"]


def page_stamp() -> datetime | None:
    """The page's clock time on the message being handled now, or None (no page message)."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        date = kernel.get_parent("shell").get("header", {}).get("date") if kernel else None
    except Exception:  # outside a kernel, or an older ipykernel: no stamp
        return None
    if isinstance(date, str):
        try:
            date = datetime.fromisoformat(date.replace("Z", "+00:00"))
        except ValueError:
            return None
    return date if isinstance(date, datetime) else None


def fresh_clicks(button: Any, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Register ``handler`` for ``button``'s clicks, dropping those sent while a previous click
    was being handled. Returns the registered callback.

    >>> import ipywidgets as widgets
    >>> button, seen = widgets.Button(), []
    >>> _ = fresh_clicks(button, lambda b: seen.append(1))
    >>> button.click(); seen
    [1]
    """
    busy_until: list[datetime | None] = [None]

    def on_click(clicked: Any) -> Any:
        stamp = page_stamp()
        if stamp is not None and busy_until[0] is not None and stamp < busy_until[0]:
            return None  # sent while the previous click was still being handled
        start = time.monotonic()
        try:
            return handler(clicked)
        finally:
            if stamp is not None:
                busy_until[0] = stamp + timedelta(seconds=time.monotonic() - start)

    button.on_click(on_click)
    return on_click
