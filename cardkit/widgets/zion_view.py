"""What the Zion Check table's page says, as pure functions of the game and the learner's seat.

The status line (hand, contract, whose move), the turn's words, the hand row's caption (at a
hand's end: the cards left and their points), the table picture in its scrolling box, the
choices of table melds for a lay-off, a hand's result in a line, and how each event is
narrated to the learner (their own draws seen, the bots' stock cards hidden).
`cardkit.widgets.zion_table` puts them on the page; the pictures are `cardkit.zioncheck.draw`'s::

    >>> from cardkit.zioncheck import new_game
    >>> game = new_game(players=3, seed=1)  # Seat 1 plays first
    >>> turn_words(game, 1, held=None), turn_words(game, 0, held=None)
    ('Your turn: draw from the stock (ZC-6).', 'Seat 1 is thinking…')
"""

from __future__ import annotations

import html
from typing import Any

from cardkit.i18n import Domain
from cardkit.widgets.narration import LogLine
from cardkit.zioncheck import Phase, TakeDiscard
from cardkit.zioncheck import draw as zion_draw
from cardkit.zioncheck.events import EventKind, seat_name
from cardkit.zioncheck.words import contract_words

_t = Domain("apps")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["LOG_STYLE", "caption_html", "hand_over_words", "log_line", "meld_choices",
           "seat_label", "status_html", "table_view_html", "turn_words"]

_EMPHASIS = {
    EventKind.GO_DOWN: "down", EventKind.GO_OUT: "out", EventKind.HAND_END: "score",
    EventKind.GAME_END: "score", EventKind.DEAL: "deal", EventKind.CLAIM: "claim",
    EventKind.EXCHANGE: "claim", EventKind.LAY_OFF: "down",
}
LOG_STYLE = {
    "down": "color:#1f5f3f;font-weight:600", "out": "color:#9b2c2c;font-weight:700",
    "score": "font-weight:700", "deal": "color:#3573c9;font-weight:600",
    "claim": "color:#8a4b00;font-weight:600", "you": "color:#222",
}
"""The narration's colours, by the kind of a `log_line`."""


def seat_label(seat: int, you: int) -> str:
    """A seat's name, with "(you)" for the learner's seat ``you``."""
    return _("{seat} (you)").format(seat=seat_name(seat)) if seat == you else seat_name(seat)


def turn_words(game: Any, you: int, *, held: int | None) -> str:
    """Whose move it is and what the learner may do (or that hand ``held`` is over)."""
    mover = game.current_player
    if mover is None:
        return _("The game is over: press New game to play again.")
    if held is not None:
        return _("Hand {hand} is over. Press Next hand to play on.").format(hand=held)
    if mover != you:
        return _("{seat} is thinking…").format(seat=seat_name(mover))
    top = game.discard_top
    if game.phase is Phase.CLAIM:
        return _("Claim window: you may claim {card} out of turn. Or pass (ZC-8.2).").format(
            card=top)
    if game.phase is Phase.DRAW:
        if game.check(TakeDiscard(), seat=you):
            return _("Your turn: draw from the stock or take {card} (ZC-6).").format(card=top)
        return _("Your turn: draw from the stock (ZC-6).")
    if game.has_gone_down(you):
        return _("Your turn: lay off or exchange jokers if you like, then discard (ZC-6).")
    return _("Your turn: go down if you can, then discard one card (ZC-6).")


def status_html(game: Any, you: int, number: int, *, over: bool, words: str) -> str:
    """The status line: hand ``number`` (``over`` once it ended), its contract, the learner's
    seat and total, and the turn's ``words``."""
    rules = game.rules
    hand = (_("Hand {hand} of {hands} (over)") if over else _("Hand {hand} of {hands}")).format(
        hand=number, hands=len(rules.deal_sizes))
    line = _("{hand} · contract: {contract} · you are {seat} · your total {total}").format(
        hand=f"<b>{hand}</b>",
        contract=f"<b>{html.escape(contract_words(rules.contract(number)))}</b>",
        seat=html.escape(seat_name(you)), total=game.totals[you])
    return (f'<div style="font-size:15px;margin:2px 0">{line}<br>'
            f'<span class="ck-zion-turn">{html.escape(words)}</span></div>')


def caption_html(hand: tuple[Any, ...], you: int, ended: Any = None) -> str:
    """The hand row's caption: the learner's hand, or the cards left when hand ``ended``
    (a `HandResult`) ended and what they count (ZC-13.2, ZC-14.1)."""
    if ended is None:
        return ngettext("<b>Your hand</b> ({count} card): click cards to select them.",
                        "<b>Your hand</b> ({count} cards): click cards to select them.",
                        len(hand)).format(count=len(hand))
    number, points = ended.hand_number, ended.points[you]
    if not hand:
        left = _("You had no cards left when hand {hand} ended").format(hand=number)
    elif you in ended.stuck:
        left = ngettext("Your cards left when hand {hand} ended count {points} penalty point, "
                        "with the penalty for not going down (ZC-13.2)",
                        "Your cards left when hand {hand} ended count {points} penalty points, "
                        "with the penalty for not going down (ZC-13.2)", points)
    else:
        left = ngettext("Your cards left when hand {hand} ended count {points} penalty point "
                        "(ZC-14.1)", "Your cards left when hand {hand} ended count {points} "
                        "penalty points (ZC-14.1)", points)
    left = left.format(hand=number, points=points)
    return _("{left}. Your cards for hand {next} come when you press Next hand.").format(
        left=f"<b>{html.escape(left)}</b>", next=number + 1)


def table_view_html(game: Any, you: int, ended: Any = None, *,
                    four_colour: bool = False) -> str:
    """The table from the learner's seat (their cards are the hand row: drawn once, not
    twice), or the hand that ``ended``, in a box that scrolls (keyboard-focusable), so that
    the hand and the buttons stay in view on a 1280×720 projector."""
    if ended is None:
        mine = len(game.hand(you))
        drawn = zion_draw.table_html(
            game, view=you, four_colour=four_colour,
            own_hand_note=ngettext("Your {count} card, shown in your hand row",
                                   "Your {count} cards, shown in your hand row", mine).format(
                count=mine) if mine else _("No cards in hand"))
    else:
        drawn = zion_draw.hand_end_html(ended, game.rules, you=you, four_colour=four_colour)
    name = _("The table")
    return ('<div class="ck-zion-table-scroll" tabindex="0" role="group" '
            f'aria-label="{name}" style="max-height:470px;overflow:auto">{drawn}</div>')


def meld_choices(game: Any, you: int) -> list[tuple[str, int]]:
    """The table melds to lay off on, numbered from 1 for people; the value is the core's
    index."""
    return [(f"#{i + 1} {placed.meld.description} ({seat_label(placed.owner, you)}): "
             f"{placed.meld}", i) for i, placed in enumerate(game.table)]


def log_line(event: Any, you: int) -> LogLine:
    """How ``event`` is narrated to the learner at seat ``you``: their own moves in full and
    named "(you)", everyone else's as the public sees them (a bot's stock card stays hidden)."""
    own = event.seat == you
    text = event.text if own else event.public_text
    if own:
        text = text.replace(seat_name(you), seat_label(you, you), 1)
    return LogLine(text, _EMPHASIS.get(event.kind, "you" if own else ""))


def hand_over_words(result: Any, you: int) -> str:
    """A hand's result in one line: who went out (or why nobody did) and the learner's
    points for it (ZC-14.1)."""
    how = (_("{seat} went out").format(seat=seat_label(result.winner, you))
           if result.winner is not None
           else _("nobody went out ({reason})").format(reason=result.reason))
    return _("Hand {hand} over: {how}. Your points for it: {points} (ZC-14.1).").format(
        hand=result.hand_number, how=how, points=result.points[you])
