"""What happened in a Zion Check game: cheap event records, narrated on demand.

An event holds its data (kind, seat, rule ID and a few values); the words are built only when
``.text`` is read, so simulations that never read them pay almost nothing::

    >>> from cardkit.cards import parse_card
    >>> e = ZionEvent(EventKind.DISCARD, 2, "ZC-6", card=parse_card("7H"))
    >>> e.text
    'Seat 2 discards 7♥ (ZC-6).'

Every text names the rule it follows (the event's ``rule``, unless the words already cite it).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from cardkit.engine import FrozenDict

__all__ = ["EventKind", "ZionEvent", "seat_name"]


def seat_name(seat: int | None) -> str:
    """How narration names a seat: ``Seat 0``, ``Seat 1``, …"""
    return "nobody" if seat is None else f"Seat {seat}"


class EventKind(str, Enum):
    """The kinds of thing that happen in a Zion Check game, with the keys of their ``data``."""

    DEAL = "deal"
    """A hand is dealt (seat: dealer): hand, size, decks, pack, contract, first, first_rule."""
    UPCARD = "upcard"
    """The first discard is turned up (upcard rule): card."""
    DRAW = "draw"
    """Cards drawn from the stock: cards (two for the draw_two first turn)."""
    TAKE = "take"
    """The top discard taken as the turn's draw: card."""
    DECLINE = "decline"
    """N draws from the stock instead; the others will be asked: card, order, own."""
    CLAIM = "claim"
    """A discard claimed out of turn: card."""
    PASS = "pass"
    """A seat asked in the claim window does not claim: card."""
    PENALTY = "penalty"
    """Claim penalty cards from the stock: cards, wanted."""
    EXCHANGE = "exchange"
    """A natural card takes a joker's place: card, index, meld (after), joker, out_of_turn."""
    GO_DOWN = "go_down"
    """The contract laid down: melds, contract, joker_in_set, instead (a go-down without a joker
    in a set that the player could have made, ZC-5.4, or None)."""
    LAY_OFF = "lay_off"
    """A card laid off: card, index, meld (after), owner."""
    DISCARD = "discard"
    """A card discarded: card."""
    RESHUFFLE = "reshuffle"
    """The discards under the top card become the stock: count (0: no card can be drawn)."""
    GO_OUT = "go_out"
    """A player goes out (seat: winner): how, hand."""
    HAND_END = "hand_end"
    """A hand ends (seat: winner or None): hand, winner, reason, points, stuck, turns,
    stuck_penalty."""
    GAME_END = "game_end"
    """The game ends: totals, winners."""


class ZionEvent:
    """One thing that happened: ``kind``, ``seat`` (who did it, or None), ``rule`` (the rule ID)
    and ``data`` (a read-only `FrozenDict` of the values involved, e.g. ``card``, ``cards``,
    ``meld``).

    An event is a read-only value: neither its fields nor its data can be changed.
    ``text`` narrates it in full (cards drawn from the stock included: a teaching view);
    ``public_text`` hides what other players could not see."""

    __slots__ = ("data", "kind", "rule", "seat")

    def __init__(self, kind: EventKind, seat: int | None, rule: str | None, **data: Any) -> None:
        # the only writes an event ever gets, straight through the slots (the cheapest way)
        _SET_KIND(self, kind)
        _SET_SEAT(self, seat)
        _SET_RULE(self, rule)
        _SET_DATA(self, FrozenDict(data))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a ZionEvent is read-only: {name} cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a ZionEvent is read-only: {name} cannot be deleted")

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy: rebuilt through __init__
        return (_rebuild, (self.kind, self.seat, self.rule, dict(self.data)))

    @property
    def text(self) -> str:
        return _finish(_NARRATORS[self.kind](self, False), self.rule)

    @property
    def public_text(self) -> str:
        return _finish(_NARRATORS[self.kind](self, True), self.rule)

    def __repr__(self) -> str:
        return f"ZionEvent({self.kind.name}, seat={self.seat}, rule={self.rule!r})"

    def __str__(self) -> str:
        return self.text


_SET_KIND, _SET_SEAT = ZionEvent.kind.__set__, ZionEvent.seat.__set__  # type: ignore[attr-defined]
_SET_RULE, _SET_DATA = ZionEvent.rule.__set__, ZionEvent.data.__set__  # type: ignore[attr-defined]


def _rebuild(kind: EventKind, seat: int | None, rule: str | None,
             data: dict[str, Any]) -> ZionEvent:
    return ZionEvent(kind, seat, rule, **data)


def _finish(words: str, rule: str | None) -> str:
    if not rule or f"({rule}" in words or f", {rule})" in words:
        return f"{words}."
    return f"{words} ({rule})."


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def _meld(meld: Any) -> str:
    return str(meld)  # a Meld prints its jokers with what they stand for: JK(7♣), JK(8)


def _deal(e: ZionEvent, public: bool) -> str:
    d = e.data
    first = _FIRST.get(d.get("first_rule", ""), "plays first")
    return (f"Hand {d['hand']} (ZC-3): {seat_name(e.seat)} deals {d['size']} cards each from "
            f"{d['decks']} decks ({d['pack']} cards); contract: {d['contract']} (ZC-4); "
            f"{seat_name(d['first'])} {first}")


_FIRST = {
    "double_turn": "plays first, with two turns in a row since there is no discard yet (ZC-7.1)",
    "draw_two": "plays first and draws two cards since there is no discard yet (ZC-7.1)",
    "upcard": "plays first (ZC-7.1)",
}


def _upcard(e: ZionEvent, public: bool) -> str:
    return f"{e.data['card']} is turned up to start the discard pile"


def _draw(e: ZionEvent, public: bool) -> str:
    cards = e.data["cards"]
    count = "a card" if len(cards) == 1 else f"{len(cards)} cards"
    what = count if public else _cards(cards)
    tail = " (the first player's two-card draw)" if len(cards) == 2 else ""
    return f"{seat_name(e.seat)} draws {what} from the stock{tail}"


def _take(e: ZionEvent, public: bool) -> str:
    return f"{seat_name(e.seat)} takes {e.data['card']} from the discard pile"


def _decline(e: ZionEvent, public: bool) -> str:
    card = e.data["card"]
    order = ", ".join(seat_name(s) for s in e.data["order"])
    if e.data.get("own"):
        first = (f"{seat_name(e.seat)} will draw from the stock (a player may not take back "
                 f"their own discard {card})")
    else:
        first = f"{seat_name(e.seat)} declines {card} and will draw from the stock"
    return f"{first}; the others may claim it, asked in this order: {order}"


def _claim(e: ZionEvent, public: bool) -> str:
    return f"{seat_name(e.seat)} claims {e.data['card']} out of turn (\"May I\")"


def _pass(e: ZionEvent, public: bool) -> str:
    return f"{seat_name(e.seat)} does not claim {e.data['card']}"


def _penalty(e: ZionEvent, public: bool) -> str:
    cards = e.data["cards"]
    wanted = e.data["wanted"]
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    what = count if public else (_cards(cards) or "nothing")
    short = "" if len(cards) == wanted else f" (only {len(cards)} of {wanted} could be drawn)"
    return f"{seat_name(e.seat)} takes {what} from the stock as the claim penalty{short}"


def _exchange(e: ZionEvent, public: bool) -> str:
    d = e.data
    when = " in the claim window (ZC-12.3)" if d.get("out_of_turn") else ""
    return (f"{seat_name(e.seat)} puts {d['card']} in meld #{d['index'] + 1} in place of the "
            "joker "
            f"and takes the joker{when}: {_meld(d['meld'])}")


def _go_down(e: ZionEvent, public: bool) -> str:
    d = e.data
    melds = " + ".join(f"[{_meld(m)}]" for m in d["melds"])
    words = f"{seat_name(e.seat)} goes down with {d['contract']}: {melds}"
    if not d.get("joker_in_set"):
        return words
    own = f" ({e.rule})" if e.rule else ""
    # one rule ID per sentence: the go-down's own, then the etiquette's
    instead = d.get("instead")
    if instead:
        other = " + ".join(f"[{_meld(m)}]" for m in instead)
        return (f"{words}{own}. Legal, but the seed calls a joker in a set rude when another "
                f"go-down exists: {other} (ZC-5.4)")
    return (f"{words}{own}. A joker in a set is allowed, and here no go-down without one was "
            "possible (ZC-5.4)")


def _lay_off(e: ZionEvent, public: bool) -> str:
    d = e.data
    # People count the table's melds from 1, as the apps and the table picture do ("#1").
    return (f"{seat_name(e.seat)} lays off {d['card']} on meld #{d['index'] + 1} "
            f"(owned by {seat_name(d['owner'])}): {_meld(d['meld'])}")


def _discard(e: ZionEvent, public: bool) -> str:
    return f"{seat_name(e.seat)} discards {e.data['card']}"


def _reshuffle(e: ZionEvent, public: bool) -> str:
    n = e.data["count"]
    if n == 0:
        return ("The stock is empty and the discard pile has no card under its top: "
                "no card can be drawn")
    return f"The stock is empty: {n} discards under the top card are shuffled into a new stock"


def _go_out(e: ZionEvent, public: bool) -> str:
    how = e.data["how"]
    return f"{seat_name(e.seat)} goes out ({how}) and wins hand {e.data['hand']}"


def _hand_end(e: ZionEvent, public: bool) -> str:
    d = e.data
    reason = {"went out": f"{seat_name(d['winner'])} went out",
              "stock exhausted": "no card could be drawn, so nobody wins it",
              "length guard": f"it reached {d['turns']} turns, so nobody wins it"}[d["reason"]]
    points = ", ".join(f"{seat_name(s)} {p}" + (" (stuck)" if s in d["stuck"] else "")
                       for s, p in d["points"].items())
    stuck = ""
    if d["stuck"]:
        extra = d.get("stuck_penalty", 0)
        stuck = (f"; stuck, not having gone down: {', '.join(seat_name(s) for s in d['stuck'])}"
                 + (f", {extra} extra points each" if extra else "") + f" (ZC-13.2, {e.rule})")
    return f"Hand {d['hand']} ends: {reason}. Points: {points}{stuck}"


def _game_end(e: ZionEvent, public: bool) -> str:
    d = e.data
    totals = ", ".join(f"{seat_name(s)} {p}" for s, p in d["totals"].items())
    winners = d["winners"]
    who = (f"{seat_name(winners[0])} wins" if len(winners) == 1
           else " and ".join(seat_name(s) for s in winners) + " share the win")
    return f"The game is over after six hands. Totals: {totals}. {who} with the lowest total"


_NARRATORS: dict[EventKind, Callable[[ZionEvent, bool], str]] = {
    EventKind.DEAL: _deal,
    EventKind.UPCARD: _upcard,
    EventKind.DRAW: _draw,
    EventKind.TAKE: _take,
    EventKind.DECLINE: _decline,
    EventKind.CLAIM: _claim,
    EventKind.PASS: _pass,
    EventKind.PENALTY: _penalty,
    EventKind.EXCHANGE: _exchange,
    EventKind.GO_DOWN: _go_down,
    EventKind.LAY_OFF: _lay_off,
    EventKind.DISCARD: _discard,
    EventKind.RESHUFFLE: _reshuffle,
    EventKind.GO_OUT: _go_out,
    EventKind.HAND_END: _hand_end,
    EventKind.GAME_END: _game_end,
}
