"""A game that survives its kernel: the page keeps the latest record and gives it back.

When an app's kernel dies (stopped, out of memory, culled) or its server goes away, the page
says so and offers "Start again" (cardkit's Voila template). For the apps that keep a game
record (the Xeri and Zion Check tables, and the replay viewer with the step it shows) "Start
again" brings the game back where it was:

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

An app that shows a place in its record (the replay viewer: the step the learner was at) makes
its link with ``ResumeLink(resume, steps=True)`` and calls ``show(record, step)``. The step
travels in a third hidden element (``.cardkit-record-place``, so that a step sends a few bytes,
not the record again); the page keeps ``"step N"``, a space and the record, and gives that
text back (a space, not a newline: the hidden text box drops line breaks); `record_and_step`
splits it, and the app refuses a step its record does not have.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets

from cardkit.games import load_record
from cardkit.i18n import Domain
from cardkit.widgets import limits

_ = Domain("apps").gettext

__all__ = ["ResumeLink", "checked_record", "record_and_step"]

_STEP = re.compile(r"step (\d{1,9}) ")


def checked_record(text: str, game_name: str | Collection[str]) -> Any:
    """The game ``text`` records, loaded through the bounds and the core's replay, when it is
    a record of ``game_name`` (or of one of several names); otherwise a ValueError that says
    why.

    >>> from cardkit.xeri import new_game
    >>> checked_record(new_game(seed=3).to_json(), "xeri").history
    ()
    >>> checked_record(new_game(seed=3).to_json(), "zioncheck")
    Traceback (most recent call last):
    ...
    ValueError: this is a record of xeri, not of zioncheck
    >>> checked_record(new_game(seed=3).to_json(), ("xeri", "zioncheck")).game_name
    'xeri'
    """
    names = (game_name,) if isinstance(game_name, str) else tuple(game_name)
    data = limits.check_record_text(text)
    name = data.get("game")
    if name not in names:
        raise ValueError(f"this is a record of {str(name)[:20]}, not of {' or '.join(names)}")
    return load_record(text)


def record_and_step(text: str) -> tuple[str, int]:
    """Split what the page gives back to an app with steps: ``"step N"``, a space, the
    record. A text that does not start with "step" is a record at step 0; a step that is not
    a whole number from 0 to 999,999,999 is a ValueError. The record is not checked here.

    >>> record_and_step('step 12 {"game": "xeri"}')
    ('{"game": "xeri"}', 12)
    >>> record_and_step('{"game": "xeri"}')
    ('{"game": "xeri"}', 0)
    >>> record_and_step('step -3 {}')
    Traceback (most recent call last):
    ...
    ValueError: the kept step 'step -3' is not a step number
    """
    if not text.startswith("step"):
        return text, 0
    match = _STEP.match(text)
    if match is None:
        said = " ".join(text[:24].split(" ")[:2])
        raise ValueError(f"the kept step {said!r} is not a step number")
    return text[match.end():], int(match.group(1))


class ResumeLink:
    """The two hidden widgets an app adds to its page for resuming (see the module's doc).

    ``resume(text)`` is called with a record the page gives back; it returns nothing and
    shows its own refusals. Put `widgets` in the app's children and call `show` with the
    game's record whenever the game moves. With ``steps=True`` the link keeps a step in the
    record too (a third hidden widget): ``show(record, step)``, and the text given back to
    ``resume`` is ``"step N"``, a space and the record (split it with `record_and_step`).
    """

    def __init__(self, resume: Callable[[str], Any], *, steps: bool = False) -> None:
        self._resume = resume
        self._shown = ""
        self._step: int | None = None
        self.record = widgets.HTML(layout=widgets.Layout(display="none"))
        self.record.add_class("cardkit-record")
        self.place: widgets.HTML | None = None
        if steps:
            self.place = widgets.HTML(layout=widgets.Layout(display="none"))
            self.place.add_class("cardkit-record-step")
        self.box = widgets.Text(value="", layout=widgets.Layout(display="none"),
                                description=_("Resume from a record"))
        self.box.add_class("cardkit-resume")
        self.box.observe(self._on_box, names="value")

    @property
    def widgets(self) -> tuple[widgets.Widget, ...]:
        """The hidden widgets to put in the app's children."""
        if self.place is None:
            return self.record, self.box
        return self.record, self.place, self.box

    def show(self, record: str, step: int | None = None) -> None:
        """Keep ``record`` (and, in a link with steps, ``step``) in the page; each is sent
        only when it changed."""
        if self.place is not None and step is not None and step != self._step:
            # before the record: a new record shows from step 0, so a page that reads between
            # the two messages keeps step 0 of the old record, never an old step of a new one
            self._step = step
            self.place.value = f'<pre class="cardkit-record-place">step {int(step)}</pre>'
        if record != self._shown:
            self._shown = record
            self.record.value = f'<pre class="cardkit-record-data">{html.escape(record)}</pre>'

    def _on_box(self, change: dict[str, Any]) -> None:
        text = change["new"]
        if text:
            self.box.value = ""  # taken: the next resume is a new message
            self._resume(text)
