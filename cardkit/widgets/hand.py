"""`HandWidget`: a row of cards that a learner clicks (or tabs to and presses) to select.

The picture of each card is the SVG of `cardkit.render.card_svg`; a small front end
(``hand.js``/``hand.css``, shipped in the package, loaded by anywidget without any network)
puts each card in a real ``<button>``, so it is reachable with Tab and toggled with Enter or
Space as well as by a click. The page only *asks*: a click sends ``{"event": "toggle",
"index": i}`` and the kernel decides, validating the index, the ``disabled`` flag and the
single/multiple mode, so a forged message cannot select what the Python side does not allow.

Selectors for browser tests (stable; the apps engineer relies on them)::

    .ck-hand-widget                 the row of cards (role="group", aria-label "hand: 5 cards")
    .ck-hand-widget.ck-disabled     ... while the widget is disabled
    button.ck-hand-card             one card (role button, aria-pressed "true"/"false",
                                    aria-label the card's name, e.g. "seven of clubs")
    button.ck-hand-card.ck-selected a selected card
    button.ck-hand-card.ck-marked   a card with a mark (``marks``), e.g. staged in meld 1; the
                                    mark shows as a badge ([data-mark]) and ends its aria-label
    [data-card="7C"]                the card whose ``card.to_text()`` is "7C" (deck 0);
                                    "7C@1" is the seven of clubs of the second deck
    [data-index="3"]                the fourth card of the row (also on face-down cards)

A face-down widget draws card backs and sends no card text to the page: its buttons carry
``data-index`` only and the label "face-down card".

Python side::

    >>> from cardkit.cards import parse_cards
    >>> hand = HandWidget(parse_cards("7C 8D JK"), multiple=False)
    >>> hand.toggle(1); hand.selected_cards
    True
    (Card(8, 'D'),)
    >>> hand.selected = [0, 0, 9, "x"]; hand.selected
    [0]
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardkit.cards import Card, card_name, parse_card
from cardkit.i18n import Domain, get_language
from cardkit.render import card_label, card_svg

_t = Domain("apps")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["HandWidget", "spoken_card"]

log = logging.getLogger("cardkit.widgets")
_HERE = Path(__file__).parent

SelectCallback = Callable[[tuple[Card, ...]], Any]


def _as_text(item: Any) -> str:
    """A card given as `Card` or text, in its lossless text form (``"7C@1"``)."""
    if isinstance(item, Card):
        return item.to_text()
    if isinstance(item, str):
        return parse_card(item).to_text()
    raise ValueError(
        f"a hand holds cards (Card objects or texts such as '7C' or '7C@1'), not {item!r}"
    )


def spoken_card(card: Card | None, *, face_down: bool = False) -> str:
    """A card's name for a screen reader (its ``aria-label``), in the language of the moment:
    "seven of clubs" (`cardkit.render.card_label`), "クラブの7" (`cardkit.cards.card_name`)."""
    if get_language() == "en":
        return card_label(card, face_down=face_down)
    return _("face-down card") if face_down or card is None else card_name(card)


class HandWidget(anywidget.AnyWidget):
    """A row of clickable cards.

    ``cards`` holds the cards as texts (``card.to_text()``); it may be set to `Card` objects
    or texts. ``selected`` holds the indexes of the selected cards in the order they were
    picked. ``multiple`` allows several selected cards (otherwise a new pick replaces the
    old one); ``disabled`` refuses picks from the page. ``on_select`` callbacks receive the
    selected cards whenever the selection changes.
    """

    _esm = _HERE / "hand.js"
    _css = _HERE / "hand.css"

    cards: traitlets.List[Any] = traitlets.List()  # texts; Cards are turned into text
    selected: traitlets.List[int] = traitlets.List().tag(sync=True)
    multiple = traitlets.Bool(True).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    four_colour = traitlets.Bool(False)
    face_down = traitlets.Bool(False)
    card_width = traitlets.Float(72.0)
    label = traitlets.Unicode("")
    """What the row is, for screen readers: "hand" gives the group label "hand: 5 cards" (and
    none, the word "hand" in the language of the moment)."""
    marks: traitlets.Dict[int, str] = traitlets.Dict()
    """A short mark per card index, drawn as a badge on the card: ``{3: "meld 1"}``."""

    _items: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    _group_label = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        cards: Iterable[Card | str] = (),
        *,
        multiple: bool = True,
        four_colour: bool = False,
        face_down: bool = False,
        disabled: bool = False,
        card_width: float = 72,
        label: str = "",
        **kwargs: Any,
    ) -> None:
        unknown = sorted(key for key in kwargs if not self.has_trait(key))
        if unknown:
            raise TypeError(
                f"HandWidget() got unexpected keyword arguments {', '.join(unknown)}; it takes "
                "cards, multiple, four_colour, face_down, disabled, card_width, label and "
                "widget traits such as layout"
            )
        self._callbacks: list[SelectCallback] = []
        super().__init__(
            multiple=multiple, four_colour=four_colour, face_down=face_down, disabled=disabled,
            card_width=card_width, label=label, **kwargs,
        )
        self.cards = list(cards)
        self._redraw()
        self.on_msg(self._on_page_message)

    # --- validation: the page proposes, the kernel decides --------------------------------

    @traitlets.validate("cards")
    def _valid_cards(self, proposal: Any) -> list[str]:
        return [_as_text(item) for item in proposal["value"]]

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: Any) -> list[int]:
        """Keep int indexes of cards in the hand, once each; one only if not ``multiple``."""
        n = len(self.cards)
        clean: list[int] = []
        for index in proposal["value"]:
            if type(index) is int and 0 <= index < n and index not in clean:
                clean.append(index)
        if not self.multiple and clean:
            clean = clean[-1:]
        return clean

    @traitlets.validate("card_width")
    def _valid_width(self, proposal: Any) -> float:
        width = proposal["value"]
        if not width > 0:
            raise traitlets.TraitError(
                f"card_width must be a positive number of pixels, not {width}"
            )
        return width

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Accept only a selection from the page, and none while disabled."""
        accepted = {}
        if "selected" in sync_data and not self.disabled:
            accepted["selected"] = sync_data["selected"]
        if accepted:
            super().set_state(accepted)
        refused = [key for key in sync_data if key not in accepted and self.has_trait(key)]
        if refused:
            log.warning("HandWidget refused page changes to %s", ", ".join(refused))
            self.send_state(refused)  # tell the page the truth again

    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        is_toggle = isinstance(content, dict) and content.get("event") == "toggle"
        if is_toggle and not self.toggle(content.get("index")):
            log.info("HandWidget refused a toggle from the page: %r", content)

    # --- what apps call --------------------------------------------------------------------

    def toggle(self, index: Any) -> bool:
        """Select or unselect the card at ``index``, as a click does; False if refused.

        Refused: while ``disabled``, or an index that is not a card of the hand.
        """
        if self.disabled or type(index) is not int or not 0 <= index < len(self.cards):
            return False
        current = list(self.selected)
        if index in current:
            current.remove(index)
        elif self.multiple:
            current.append(index)
        else:
            current = [index]
        self.selected = current
        return True

    def clear_selection(self) -> None:
        """Unselect every card."""
        self.selected = []

    def select_cards(self, cards: Iterable[Card | str]) -> None:
        """Select the given cards (by identity, deck included), in that order."""
        wanted = [_as_text(card) for card in cards]
        missing = [text for text in wanted if text not in self.cards]
        if missing:
            raise ValueError(f"not in this hand: {', '.join(missing)}")
        self.selected = [self.cards.index(text) for text in wanted]

    @property
    def card_objects(self) -> tuple[Card, ...]:
        """The cards of the row as `Card` objects."""
        return tuple(parse_card(text) for text in self.cards)

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        """The selected cards, in the order they were picked."""
        return tuple(parse_card(self.cards[index]) for index in self.selected)

    def on_select(self, callback: SelectCallback, remove: bool = False) -> None:
        """Call ``callback(selected_cards)`` whenever the selection changes."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    # --- keeping the page in step ------------------------------------------------------------

    @traitlets.observe("selected")
    def _selection_changed(self, _change: Any) -> None:
        if not self._callbacks:
            return
        chosen = self.selected_cards
        for callback in list(self._callbacks):
            callback(chosen)

    @traitlets.observe("cards")
    def _cards_changed(self, change: Any) -> None:
        """New cards: keep selected the cards that are still there (a drawn card, a discard)."""
        old, new = change["old"], change["new"]
        picked = [old[i] for i in self.selected if i < len(old)]
        kept: list[int] = []
        for text in picked:
            for index, candidate in enumerate(new):
                if candidate == text and index not in kept:
                    kept.append(index)
                    break
        self.selected = kept
        self._redraw()

    @traitlets.observe("multiple")
    def _mode_changed(self, _change: Any) -> None:
        self.selected = list(self.selected)  # validation keeps one pick in single mode

    @traitlets.observe("four_colour", "face_down", "card_width", "label", "marks")
    def _looks_changed(self, _change: Any) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if not hasattr(self, "_callbacks"):  # traits set during __init__, before the cards
            return
        hidden = self.face_down
        items = []
        for index, card in enumerate(self.card_objects):
            mark = "" if hidden else str(self.marks.get(index, ""))
            label = spoken_card(card, face_down=hidden)
            items.append({
                "card": "" if hidden else card.to_text(),
                "label": f"{label}, {mark}" if mark else label,
                "mark": mark,
                "svg": card_svg(card, width=self.card_width, four_colour=self.four_colour,
                                face_down=hidden),
            })
        n = len(items)
        self._group_label = ngettext("{what}: {count} card", "{what}: {count} cards", n).format(
            what=self.label or _("hand"), count=n)
        self._items = items

    def __repr__(self) -> str:
        shown = "face down" if self.face_down else " ".join(self.cards)
        return f"HandWidget({len(self.cards)} cards: {shown}; selected {self.selected})"

