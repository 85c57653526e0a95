"""Events of a Xeri match: plain data, narrated in words only when ``.text`` is read.

Events are tuples (cheap to make on the hot path of a simulation); ``text`` cites the rule::

    >>> from cardkit import parse_card
    >>> e = XeriEvent(EventKind.XERI, 0, parse_card("7H"), (parse_card("7C"), parse_card("7H")),
    ...               10, "XR-4.1", None)
    >>> e.text
    'North plays 7♥ on the single 7♣: captures it. Xeri, +10 for North–South (XR-4.1)'
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from cardkit.cards import Card
from cardkit.xeri.play import redeal_cause
from cardkit.xeri.rules import SEAT_NAMES, TEAM_NAMES, PileRedeal

__all__ = ["EventKind", "XeriEvent"]


class EventKind(Enum):
    """What happened."""

    FIRST_DEALER = "first dealer"
    NEW_ROUND = "new round"
    CUT = "cut"
    DEAL = "deal"
    REDEAL = "redeal"
    SECOND_DEAL = "second deal"
    PLAY = "play"
    CAPTURE = "capture"
    XERI = "xeri"
    JACK_XERI = "jack xeri"
    LEFTOVER = "leftover"
    ROUND_SCORED = "round scored"
    ROUND_WON = "round won"
    EXTRA_ROUND = "extra round"
    TARGET_RAISED = "target raised"
    MATCH_WON = "match won"


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class XeriEvent(NamedTuple):
    """One event. ``seat`` acts, ``card`` is the card played or shown, ``cards`` the cards moved
    (for a capture: the pile with the played card on top), ``value`` a number whose meaning
    depends on ``kind`` (points, round, team, target), ``rule`` the rule ID, ``extra`` details.
    """

    kind: EventKind
    seat: int | None
    card: Card | None
    cards: Any
    value: Any
    rule: str
    extra: Any

    @property
    def text(self) -> str:
        """The event in plain words, ending with its rule ID."""
        return f"{_NARRATORS[self.kind](self)} ({self.rule})"

    def __str__(self) -> str:
        return self.text


def _first_dealer(e: XeriEvent) -> str:
    if e.extra:  # named when the match was set up (new_game(..., dealer=...))
        return f"{SEAT_NAMES[e.seat]} is the first dealer, as named when the match was set up"
    return f"{SEAT_NAMES[e.seat]} is chosen at random as the first dealer"


def _new_round(e: XeriEvent) -> str:
    who = SEAT_NAMES[e.seat]
    if e.value == 1:
        return f"Round 1: {who} deals"
    return f"Round {e.value}: {who} deals (the deal passes clockwise)"


def _cut(e: XeriEvent) -> str:
    text = f"{SEAT_NAMES[e.seat]}, on the dealer's right, cuts the deck"
    if e.card is None:
        return text
    if e.extra:  # the jacks that lay at the bottom, top to bottom
        shown = (f"the bottom card is the jack {e.extra[0]}" if len(e.extra) == 1 else
                 f"the bottom {len(e.extra)} cards are jacks ({_cards(e.extra)})")
        return (f"{text}; {shown}, so the cutter puts {e.card}, the first card above that is "
                "no jack, at the bottom, where everyone sees it; it will be the last card dealt, "
                "to the dealer")
    return (f"{text} and shows the bottom card {e.card}; it will be the last card dealt, to the "
            "dealer")


def _deal(e: XeriEvent) -> str:
    return (f"{SEAT_NAMES[e.seat]} deals 6 cards to each player, then 4 face up to the pile: "
            f"{_cards(e.cards)} (the last on top); {e.value} cards stay in the stock")


def _redeal(e: XeriEvent) -> str:
    cause = redeal_cause(e.cards, PileRedeal(e.extra))
    return (f"The pile {_cards(e.cards)} is dealt again because {cause}; {SEAT_NAMES[e.seat]} "
            f"shuffles it back into the stock and deals a new pile, {_cards(e.value)}")


def _second_deal(e: XeriEvent) -> str:
    rest = "the stock is now empty" if e.value == 0 else f"{e.value} cards stay in the stock"
    return f"All hands are empty: {SEAT_NAMES[e.seat]} deals 6 more cards to each player; {rest}"


def _play(e: XeriEvent) -> str:
    who = SEAT_NAMES[e.seat]
    if not e.cards:
        return f"{who} plays {e.card} on the empty table: it starts a new pile"
    return f"{who} plays {e.card} onto {e.cards[0]}: no match and no jack, it stays on top"


def _capture(e: XeriEvent) -> str:
    who, team = SEAT_NAMES[e.seat], TEAM_NAMES[e.seat & 1]
    cards = e.cards
    top = cards[-2]
    if len(cards) == 2:
        text = f"{who} plays {e.card} on the single {top}: captures it for {team}"
        if e.rule == "XR-8.3":
            return f"{text}, but the last card played in the round (the dealer's) is never a Xeri"
        if e.rule == "XR-4.3":
            return f"{text}, but a jack taking a card that is not a jack is no Xeri"
        return text
    how = "a jack takes the pile" if e.card.rank == 11 and top.rank != 11 else "captures the pile"
    return f"{who} plays {e.card} on {top}: {how}, {len(cards)} cards for {team}"


def _xeri(e: XeriEvent) -> str:
    who, team = SEAT_NAMES[e.seat], TEAM_NAMES[e.seat & 1]
    name = "Jack Xeri" if e.kind is EventKind.JACK_XERI else "Xeri"
    if e.rule == "XR-4.3":
        name = "Xeri (with this option a jack on a single card makes one)"
    return (f"{who} plays {e.card} on the single {e.cards[-2]}: captures it. "
            f"{name}, +{e.value} for {team}")


def _leftover(e: XeriEvent) -> str:
    verb = "goes" if len(e.cards) == 1 else "go"
    text = f"The {_n(len(e.cards), 'card')} left on the pile ({_cards(e.cards)}) {verb} to "
    if e.extra:  # nobody captured this round
        return (f"{text}{TEAM_NAMES[e.seat & 1]}: nobody captured this round, so the dealer "
                f"({SEAT_NAMES[e.seat]}), who played last, takes them; this is never a Xeri")
    return (f"{text}{TEAM_NAMES[e.seat & 1]}, who captured last ({SEAT_NAMES[e.seat]}); "
            "this is never a Xeri")


def _sheet(team: int, sheet: Any) -> str:
    xeris = sum(1 for line in sheet.lines if "Xeri" in line.label)
    tail = f", {_n(xeris, 'Xeri')}" if xeris else ""
    return f"{TEAM_NAMES[team]} {sheet.total} ({_n(sheet.cards, 'card')}{tail})"


def _round_scored(e: XeriEvent) -> str:
    sheets = e.extra
    return f"Round {e.value} scores: {_sheet(0, sheets[0])}, {_sheet(1, sheets[1])}"


def _round_won(e: XeriEvent) -> str:
    number, (p0, p1) = e.extra
    if e.value is None:
        return f"Round {number} is a tie at {p0} points: nobody wins it"
    team = e.value
    return (f"{TEAM_NAMES[team]} win round {number}, "
            f"{max(p0, p1)} points to {min(p0, p1)}")


def _extra_round(e: XeriEvent) -> str:
    won = e.extra
    return (f"After {e.value} rounds both teams have won {_n(won[0], 'round')}: "
            "one more round is played")


def _target_raised(e: XeriEvent) -> str:
    t0, t1 = e.extra
    return (f"Both teams reached {e.value - 100} in the same round ({t0} and {t1}): "
            f"the target becomes {e.value}")


def _match_won(e: XeriEvent) -> str:
    team = e.value
    kind, (a, b) = e.extra
    if kind == "target":
        return (f"{TEAM_NAMES[team]} reach the target first and win the match, "
                f"{max(a, b)} points to {min(a, b)}")
    return (f"{TEAM_NAMES[team]} win the match, {max(a, b)} rounds to {min(a, b)}")


_NARRATORS = {
    EventKind.FIRST_DEALER: _first_dealer,
    EventKind.NEW_ROUND: _new_round,
    EventKind.CUT: _cut,
    EventKind.DEAL: _deal,
    EventKind.REDEAL: _redeal,
    EventKind.SECOND_DEAL: _second_deal,
    EventKind.PLAY: _play,
    EventKind.CAPTURE: _capture,
    EventKind.XERI: _xeri,
    EventKind.JACK_XERI: _xeri,
    EventKind.LEFTOVER: _leftover,
    EventKind.ROUND_SCORED: _round_scored,
    EventKind.ROUND_WON: _round_won,
    EventKind.EXTRA_ROUND: _extra_round,
    EventKind.TARGET_RAISED: _target_raised,
    EventKind.MATCH_WON: _match_won,
}
