"""Clicks a page sent while its table was busy (its controls disabled) are dropped.

A kernel handles one message at a time. While a click's handler runs (Xeri's Play or Zion
Check's Discard let the bots move, seconds with their pauses) the page shows the table's
controls disabled, but a click can still be sent (a forged message, or a click racing the
"disabled" update), waits in the kernel's queue, and used to act for the learner on their
next turn, long after: play a card, draw, discard.

A `ClickGate` guards every control of one table that acts on its game. It tells such a click
by the time the page stamped on it (each message's header ``date``, from the page's own clock):
a click stamped before the previous gated handler's stamp plus the time that handler took was
sent while the table was busy, and is dropped, whichever of the table's controls it was for.
A click on a control that is disabled when it is handled is dropped too. A click made from
Python (tests, a notebook) has no page stamp and runs unless its control is disabled.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from cardkit.i18n import get_language, language

__all__ = ["ClickGate", "fresh_clicks", "page_stamp"]


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


class ClickGate:
    """The game-acting controls of one table: clicks sent while any of them was busy, or for a
    disabled control, are dropped (see the module's docstring).

    >>> import ipywidgets as widgets
    >>> gate, play, seen = ClickGate(), widgets.Button(), []
    >>> _ = gate.on_click(play, lambda b: seen.append("play"))
    >>> play.click(); seen
    ['play']
    >>> play.disabled = True; play.click(); seen
    ['play']
    """

    def __init__(self) -> None:
        self.busy_until: datetime | None = None
        self.dropped = 0  # how many clicks were dropped (for tests and curious teachers)

    def admits(self, control: Any) -> bool:
        """Whether a message for ``control`` handled now may act."""
        if getattr(control, "disabled", False):
            return False
        stamp = page_stamp()
        return stamp is None or self.busy_until is None or stamp >= self.busy_until

    def guard(self, control: Any, handler: Callable[..., Any]) -> Callable[..., Any]:
        """``handler`` for messages to ``control``, dropping those the gate does not admit
        and counting its run as busy time for every control of the gate."""

        lang = get_language()  # the app's, as it registers its controls

        def gated(*args: Any) -> Any:
            if not self.admits(control):
                self.dropped += 1
                return None
            with language(lang):
                return self.timed(handler)(*args)

        return gated

    def timed(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """``handler``, its run counted as busy time (a setting whose change lets bots play)."""

        def run(*args: Any) -> Any:
            stamp = page_stamp()
            start = time.monotonic()
            try:
                return handler(*args)
            finally:
                if stamp is not None:
                    end = stamp + timedelta(seconds=time.monotonic() - start)
                    self.busy_until = max(end, self.busy_until or end)

        return run

    def on_click(self, button: Any, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """Register ``handler`` for ``button``'s clicks through the gate; returns the callback."""
        callback = self.guard(button, handler)
        button.on_click(callback)
        return callback


def fresh_clicks(button: Any, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Register ``handler`` for ``button``'s clicks through a gate of its own (a table with
    several game-acting controls shares one `ClickGate`). Returns the registered callback.

    >>> import ipywidgets as widgets
    >>> button, seen = widgets.Button(), []
    >>> _ = fresh_clicks(button, lambda b: seen.append(1))
    >>> button.click(); seen
    [1]
    """
    return ClickGate().on_click(button, handler)
