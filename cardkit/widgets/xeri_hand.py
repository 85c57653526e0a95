"""The learner's side of the Xeri table: the hand row, its caption, the preview of a card.

`XeriHand` holds the clickable row of the viewer's cards (`HandWidget`), the caption above it
(whose hand, the partner; at a round's end when the next cards come), the preview of the card
selected ("This is a Xeri, +10", from the core's `preview`, XR-3.2) and, in the hot seat, the
privacy screen that hides a hand until its player is ready. The table lays these parts out and
decides what they show; nothing here changes the match.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card
from cardkit.engine import seat_name
from cardkit.i18n import Domain
from cardkit.widgets.hand import HandWidget
from cardkit.xeri import PlayKind

_ = Domain("apps").gettext

__all__ = ["XeriHand", "preview_text"]


def preview_text(outcome: Any) -> str:
    """The learner's preview of a play, from the core's `PlayOutcome`.

    >>> from cardkit.xeri import resolve_play
    >>> from cardkit.cards import parse_card, parse_cards
    >>> preview_text(resolve_play(parse_cards("7C"), parse_card("7H")))
    'This is a Xeri, +10. 7♥ matches the single 7♣: captures it, a Xeri worth 10 (XR-4.1)'
    >>> preview_text(resolve_play([], parse_card("5D")))
    'This starts a new pile. The pile is empty: 5♦ starts a new pile and captures nothing (XR-3.3)'
    """
    if outcome.xeri and outcome.jack_xeri:
        head = _("This is a jack Xeri, +{points}").format(points=outcome.points)
    elif outcome.xeri:
        head = _("This is a Xeri, +{points}").format(points=outcome.points)
    elif outcome.captures:
        head = _("This is a capture")  # the reason says how many cards: one number per fact
    elif outcome.kind is PlayKind.NEW_PILE:
        head = _("This starts a new pile")
    else:
        head = _("This captures nothing")
    reason = outcome.reason[:1].upper() + outcome.reason[1:]
    # TRANSLATORS: a play's preview: its headline, the core's reason, the rule ID
    return _("{head}. {reason} ({rule})").format(head=head, reason=reason, rule=outcome.rule)


class XeriHand:
    """The parts of the learner's side (see the module's docstring)."""

    def __init__(self) -> None:
        self.ready_button = widgets.Button(
            description=_("Ready"), button_style="warning",
            layout=widgets.Layout(width="auto", height="auto"))
        self.privacy_box = widgets.VBox(
            [self.ready_button], layout=widgets.Layout(display="none", margin="6px 0"),
        ).add_class("cardkit-privacy")
        self.caption = widgets.HTML().add_class("cardkit-hand-caption")
        self.hand = HandWidget(multiple=False, label=_("your hand"), card_width=60)
        self.preview = widgets.HTML().add_class("cardkit-preview")

    def show_preview(self, match: Any, viewer: int, cards: tuple[Card, ...], *,
                     quiet: bool) -> None:
        """What the first of ``cards`` would do if ``viewer`` played it now (nothing while
        ``quiet``: a hand hidden or a round over)."""
        if not cards:
            self.preview.value = ""
            return
        mover = match.current_player
        if quiet:
            text = ""
        elif mover is None:
            text = _("The match is over: press New match to play again.")
        elif mover != viewer:
            text = _("Wait for your turn: {seat} is to play.").format(seat=seat_name(mover))
        else:
            text = preview_text(match.preview(cards[0]))
        self.preview.value = (
            f'<div class="cardkit-preview-text" style="padding:4px 0;font-weight:600">'
            f"{html.escape(text)}</div>"
        )

    def show_caption(self, viewer: int, waiting_for: int | None, held: int | None) -> None:
        """Whose hand the row shows; in the hot seat, the privacy screen while the hand of
        ``waiting_for`` is hidden; at the end of round ``held``, when the next cards come."""
        if waiting_for is not None:
            who = seat_name(waiting_for)
            self.ready_button.description = _("Pass to {seat} — press when {seat} is ready"
                                              ).format(seat=who)
            self.ready_button.tooltip = _("show {seat}'s hand").format(seat=who)
            self.privacy_box.layout.display = ""
            self.caption.value = _("<b>{seat}'s hand</b> is hidden until {seat} is ready."
                                   ).format(seat=who)
            return
        self.privacy_box.layout.display = "none"
        if held is not None:
            self.caption.value = _("<b>Round {round} is over.</b> The cards of round {next} "
                                   "are dealt when you press Next round.").format(
                round=held, next=held + 1)
        else:
            partner = seat_name((viewer + 2) % 4)
            self.caption.value = _("<b>{seat}'s hand</b>. Partner: {partner}.").format(
                seat=seat_name(viewer), partner=partner)
