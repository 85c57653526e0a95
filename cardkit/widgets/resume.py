"""A game that survives its kernel: the page keeps the latest record and gives it back.

When an app's kernel dies (stopped, out of memory, culled) or its server goes away, the page
says so and offers "Start again" (cardkit's Voila template). For the apps that play a game (the
Xeri and Zion Check tables) "Start again" brings the game back where it was:

1. `ResumeLink.show` puts the game's record (its rules, seed and actions: ``to_json()``) in a
   hidden element of the page (``.cardkit-record-data``) after every move; the page copies it
   into the browser tab's ``sessionStorage`` (per app address, never sent anywhere).
2. "Start again" marks the tab and reloads the app: a fresh kernel builds the app from the
   address as before, then the page writes the kept record into a hidden text box
   (``.cardkit-resume``) and the kernel is asked to resume from it.
3. The kernel takes the text through the same bounded, validated path as a pasted record
   (`cardkit.widgets.limits.check_record_text`, then the core's ``load``, which replays every
   action through the rules), checks it is a game of this app's kind and table, and only then
   replaces its fresh game. Anything else is refused with a message and the fresh game stays.

A record only replays moves the rules allow, so what comes back is a position the learner
could have reached by playing.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardkit.games import get_game
from cardkit.widgets import limits

__all__ = ["ResumeLink", "checked_record"]


def checked_record(text: str, game_name: str) -> Any:
    """The game ``text`` records, loaded through the bounds and the core's replay, when it is
    a ``game_name`` record; otherwise a ValueError that says why.

    >>> from cardkit.xeri import new_game
    >>> checked_record(new_game(3).to_json(), "xeri").history
    ()
    >>> checked_record(new_game(3).to_json(), "zioncheck")
    Traceback (most recent call last):
    ...
    ValueError: this is a record of xeri, not of zioncheck
    """
    data = limits.check_record_text(text)
    if data.get("game") != game_name:
        raise ValueError(f"this is a record of {str(data.get('game'))[:20]}, not of {game_name}")
    return get_game(game_name).load(text)


class ResumeLink:
    """The two hidden widgets an app adds to its page for resuming (see the module's doc).

    ``resume(text)`` is called with a record the page gives back; it returns nothing and
    shows its own refusals. Put `widgets` in the app's children and call `show` with the
    game's record whenever the game moves.
    """

    def __init__(self, resume: Callable[[str], Any]) -> None:
        self._resume = resume
        self._shown = ""
        self.record = widgets.HTML(layout=widgets.Layout(display="none"))
        self.record.add_class("cardkit-record")
        self.box = widgets.Text(value="", layout=widgets.Layout(display="none"),
                                description="Resume from a record")
        self.box.add_class("cardkit-resume")
        self.box.observe(self._on_box, names="value")

    @property
    def widgets(self) -> tuple[widgets.Widget, widgets.Widget]:
        return self.record, self.box

    def show(self, record: str) -> None:
        """Keep ``record`` in the page (only sent when it changed)."""
        if record != self._shown:
            self._shown = record
            self.record.value = f'<pre class="cardkit-record-data">{html.escape(record)}</pre>'

    def _on_box(self, change: dict[str, Any]) -> None:
        text = change["new"]
        if text:
            self.box.value = ""  # taken: the next resume is a new message
            self._resume(text)
