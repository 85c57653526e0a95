"""What happened in a Zion Check game: one frozen, slotted dataclass per kind of event, with
typed fields, narrated on demand.

An event holds its data (``seat``, ``rule`` and the values of its kind); the words are built
only when ``.text`` is read, so simulations that never read them pay almost nothing::

    >>> from cardkit.cards import parse_card
    >>> e = DiscardEvent(2, "ZC-6", card=parse_card("7H"))
    >>> e.kind is EventKind.DISCARD, e.card, e.text
    (True, Card(7, 'H'), 'Seat 2 discards 7♥ (ZC-6).')

Every text names the rule it follows (the event's ``rule``, unless the words already cite it).
Every event is a `ZionEvent`; ``kind`` (an `EventKind`) tells which one, and how a hand ended
is a `HandEnd`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from cardkit.cards import Card
from cardkit.engine import quick_init
from cardkit.zioncheck.melds import Meld
from cardkit.zioncheck.rules import Contract, Rules

__all__ = [
    "ClaimEvent",
    "DealEvent",
    "DeclineEvent",
    "DiscardEvent",
    "DrawEvent",
    "EventKind",
    "ExchangeEvent",
    "GameEndEvent",
    "GoDownEvent",
    "GoOutEvent",
    "HandEnd",
    "HandEndEvent",
    "LayOffEvent",
    "PassEvent",
    "PenaltyEvent",
    "ReshuffleEvent",
    "TakeEvent",
    "UpcardEvent",
    "ZionEvent",
    "seat_name",
]


def seat_name(seat: int | None) -> str:
    """How narration names a seat: ``Seat 0``, ``Seat 1``, …"""
    return "nobody" if seat is None else f"Seat {seat}"


class EventKind(str, Enum):
    """The kinds of thing that happen in a Zion Check game (one event class each)."""

    DEAL = "deal"
    UPCARD = "upcard"
    DRAW = "draw"
    TAKE = "take"
    DECLINE = "decline"
    CLAIM = "claim"
    PASS = "pass"
    PENALTY = "penalty"
    EXCHANGE = "exchange"
    GO_DOWN = "go_down"
    LAY_OFF = "lay_off"
    DISCARD = "discard"
    RESHUFFLE = "reshuffle"
    GO_OUT = "go_out"
    HAND_END = "hand_end"
    GAME_END = "game_end"


class HandEnd(str, Enum):
    """How a hand ended (ZC-13, ZC-6.2, ZC-6.3); the value is the words records and frames use."""

    WENT_OUT = "went out"
    """A player went out (ZC-13.1) and wins the hand (ZC-14.1)."""
    STOCK_EXHAUSTED = "stock exhausted"
    """No card could be drawn even after reshuffling (ZC-6.2): nobody wins it."""
    LENGTH_GUARD = "length guard"
    """The hand reached ``max_turns_per_hand`` (ZC-6.3): nobody wins it."""

    @property
    def rule(self) -> str:
        """The rule by which a hand ends this way."""
        return _END_RULES[self]

    def __str__(self) -> str:  # the words, as the apps and frames show them: "length guard"
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


_END_RULES = {HandEnd.WENT_OUT: "ZC-14.1", HandEnd.STOCK_EXHAUSTED: "ZC-6.2",
              HandEnd.LENGTH_GUARD: "ZC-6.3"}


@dataclass(frozen=True, slots=True)
class ZionEvent:
    """One thing that happened: ``seat`` (who did it, or None), ``rule`` (the rule ID) and the
    typed fields of its kind. A read-only value.

    ``text`` narrates it in full (cards drawn from the stock included: a teaching view);
    ``public_text`` hides what other players could not see."""

    seat: int | None
    rule: str | None
    kind: ClassVar[EventKind]

    @property
    def text(self) -> str:
        """The narration, every card shown (built when read)."""
        return _finish(self._words(False), self.rule)

    @property
    def public_text(self) -> str:
        """The narration as the other players saw it: cards drawn from the stock hidden."""
        return _finish(self._words(True), self.rule)

    def _words(self, public: bool) -> str:
        raise NotImplementedError  # pragma: no cover - every kind below says its words

    def __str__(self) -> str:
        return self.text


def _finish(words: str, rule: str | None) -> str:
    if not rule or f"({rule}" in words or f", {rule})" in words:
        return f"{words}."
    return f"{words} ({rule})."


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _melds(melds: tuple[Meld, ...]) -> str:
    # a Meld prints its jokers with what they stand for: JK(7♣), JK(8)
    return " + ".join(f"[{m}]" for m in melds)


_FIRST = {
    "double_turn": "plays first, with two turns in a row since there is no discard yet (ZC-7.1)",
    "draw_two": "plays first and draws two cards since there is no discard yet (ZC-7.1)",
    "upcard": "plays first (ZC-7.1)",
}


@dataclass(frozen=True, slots=True)
class DealEvent(ZionEvent):
    """A hand is dealt (seat: the dealer)."""

    hand: int
    size: int
    decks: int
    pack: int
    contract: Contract
    first: int
    first_rule: str
    kind: ClassVar[EventKind] = EventKind.DEAL

    def _words(self, public: bool) -> str:
        first = _FIRST.get(self.first_rule, "plays first")
        return (f"Hand {self.hand} (ZC-3): {seat_name(self.seat)} deals {self.size} cards each "
                f"from {self.decks} decks ({self.pack} cards); contract: {self.contract} "
                f"(ZC-4); {seat_name(self.first)} {first}")


@dataclass(frozen=True, slots=True)
class UpcardEvent(ZionEvent):
    """The first discard is turned up (the upcard rule, ZC-7.1)."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.UPCARD

    def _words(self, public: bool) -> str:
        return f"{self.card} is turned up to start the discard pile"


@dataclass(frozen=True, slots=True)
class DrawEvent(ZionEvent):
    """Cards drawn from the stock (two for the draw_two first turn)."""

    cards: tuple[Card, ...]
    kind: ClassVar[EventKind] = EventKind.DRAW

    def _words(self, public: bool) -> str:
        cards = self.cards
        count = "a card" if len(cards) == 1 else f"{len(cards)} cards"
        what = count if public else _cards(cards)
        tail = " (the first player's two-card draw)" if len(cards) == 2 else ""
        return f"{seat_name(self.seat)} draws {what} from the stock{tail}"


@dataclass(frozen=True, slots=True)
class TakeEvent(ZionEvent):
    """The top discard taken as the turn's draw."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.TAKE

    def _words(self, public: bool) -> str:
        return f"{seat_name(self.seat)} takes {self.card} from the discard pile"


@dataclass(frozen=True, slots=True)
class DeclineEvent(ZionEvent):
    """The next player draws from the stock instead of taking ``card``; the seats of ``order``
    will be asked (ZC-8.2). ``own``: the card was this player's own discard."""

    card: Card
    order: tuple[int, ...]
    own: bool
    kind: ClassVar[EventKind] = EventKind.DECLINE

    def _words(self, public: bool) -> str:
        order = ", ".join(seat_name(s) for s in self.order)
        if self.own:
            first = (f"{seat_name(self.seat)} will draw from the stock (a player may not take "
                     f"back their own discard {self.card})")
        else:
            first = f"{seat_name(self.seat)} declines {self.card} and will draw from the stock"
        return f"{first}; the others may claim it, asked in this order: {order}"


@dataclass(frozen=True, slots=True)
class ClaimEvent(ZionEvent):
    """A discard claimed out of turn (ZC-8.1)."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.CLAIM

    def _words(self, public: bool) -> str:
        return f"{seat_name(self.seat)} claims {self.card} out of turn (\"May I\")"


@dataclass(frozen=True, slots=True)
class PassEvent(ZionEvent):
    """A seat asked in the claim window does not claim ``card`` (ZC-8.2)."""

    card: Card | None
    kind: ClassVar[EventKind] = EventKind.PASS

    def _words(self, public: bool) -> str:
        return f"{seat_name(self.seat)} does not claim {self.card}"


@dataclass(frozen=True, slots=True)
class PenaltyEvent(ZionEvent):
    """The claim penalty: ``cards`` from the stock, of the ``wanted`` (ZC-8.3)."""

    cards: tuple[Card, ...]
    wanted: int
    kind: ClassVar[EventKind] = EventKind.PENALTY

    def _words(self, public: bool) -> str:
        cards = self.cards
        count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        what = count if public else (_cards(cards) or "nothing")
        short = ("" if len(cards) == self.wanted
                 else f" (only {len(cards)} of {self.wanted} could be drawn)")
        return f"{seat_name(self.seat)} takes {what} from the stock as the claim penalty{short}"


@dataclass(frozen=True, slots=True)
class ExchangeEvent(ZionEvent):
    """A natural ``card`` takes the place of ``joker`` in the table meld at ``index`` (0-based;
    the words say ``meld #index+1``); ``meld`` is the meld after (ZC-12)."""

    card: Card
    index: int
    meld: Meld
    joker: Card
    out_of_turn: bool
    kind: ClassVar[EventKind] = EventKind.EXCHANGE

    def _words(self, public: bool) -> str:
        when = " in the claim window (ZC-12.3)" if self.out_of_turn else ""
        return (f"{seat_name(self.seat)} puts {self.card} in meld #{self.index + 1} in place of "
                f"the joker and takes the joker{when}: {self.meld}")


@dataclass(frozen=True, slots=True)
class GoDownEvent(ZionEvent):
    """The contract laid down (ZC-9.2). With a joker in a set, ``held`` (the cards held
    before going down), ``rules`` and ``taken`` (the card taken this turn) let `instead` tell,
    when asked, whether a go-down without one was possible (ZC-5.4)."""

    melds: tuple[Meld, ...]
    contract: Contract
    joker_in_set: bool
    held: tuple[Card, ...] = ()
    rules: Rules | None = None
    taken: Card | None = None
    kind: ClassVar[EventKind] = EventKind.GO_DOWN

    @property
    def instead(self) -> tuple[Meld, ...] | None:
        """A go-down without a joker in a set that the player could have made (ZC-5.4), or
        None; searched when asked, so that simulations never pay for it."""
        if not self.joker_in_set or self.rules is None:
            return None
        from cardkit.zioncheck.solver import find_go_down  # the solver only when asked

        rules = self.rules
        keep = 0 if rules.allow_go_out_without_discard else 1
        taken = self.taken if rules.forbid_discard_of_taken_card else None
        return find_go_down(self.held, self.contract, rules, keep_at_least=keep, taken=taken,
                            only_polite=True)

    def _words(self, public: bool) -> str:
        words = f"{seat_name(self.seat)} goes down with {self.contract}: {_melds(self.melds)}"
        if not self.joker_in_set:
            return words
        own = f" ({self.rule})" if self.rule else ""
        # one rule ID per sentence: the go-down's own, then the etiquette's
        instead = self.instead
        if instead:
            return (f"{words}{own}. Legal, but the seed calls a joker in a set rude when another "
                    f"go-down exists: {_melds(instead)} (ZC-5.4)")
        return (f"{words}{own}. A joker in a set is allowed, and here no go-down without one "
                "was possible (ZC-5.4)")


@dataclass(frozen=True, slots=True)
class LayOffEvent(ZionEvent):
    """``card`` laid off on the table meld at ``index`` (0-based), laid by ``owner``; ``meld``
    is the meld after (ZC-11)."""

    card: Card
    index: int
    meld: Meld
    owner: int
    kind: ClassVar[EventKind] = EventKind.LAY_OFF

    def _words(self, public: bool) -> str:
        # People count the table's melds from 1, as the apps and the table picture do ("#1").
        return (f"{seat_name(self.seat)} lays off {self.card} on meld #{self.index + 1} "
                f"(owned by {seat_name(self.owner)}): {self.meld}")


@dataclass(frozen=True, slots=True)
class DiscardEvent(ZionEvent):
    """A card discarded (ZC-6)."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.DISCARD

    def _words(self, public: bool) -> str:
        return f"{seat_name(self.seat)} discards {self.card}"


@dataclass(frozen=True, slots=True)
class ReshuffleEvent(ZionEvent):
    """The ``count`` discards under the top card become the stock (ZC-6.2; 0: no card can be
    drawn)."""

    count: int
    kind: ClassVar[EventKind] = EventKind.RESHUFFLE

    def _words(self, public: bool) -> str:
        if self.count == 0:
            return ("The stock is empty and the discard pile has no card under its top: "
                    "no card can be drawn")
        return (f"The stock is empty: {self.count} discards under the top card are shuffled "
                "into a new stock")


@dataclass(frozen=True, slots=True)
class GoOutEvent(ZionEvent):
    """A player goes out (seat: the winner of ``hand``); ``how`` in words (ZC-13.1)."""

    how: str
    hand: int
    kind: ClassVar[EventKind] = EventKind.GO_OUT

    def _words(self, public: bool) -> str:
        return f"{seat_name(self.seat)} goes out ({self.how}) and wins hand {self.hand}"


@dataclass(frozen=True, slots=True)
class HandEndEvent(ZionEvent):
    """A hand ends (seat: the winner or None): ``reason`` how, ``points`` by seat, the
    ``stuck`` seats (ZC-13.2), the ``turns`` played and the rules' ``stuck_penalty``."""

    hand: int
    winner: int | None
    reason: HandEnd
    points: Mapping[int, int]
    stuck: tuple[int, ...]
    turns: int
    stuck_penalty: int
    kind: ClassVar[EventKind] = EventKind.HAND_END

    def _words(self, public: bool) -> str:
        reason = self.reason
        if reason is HandEnd.WENT_OUT:
            how = f"{seat_name(self.winner)} went out"
        elif reason is HandEnd.STOCK_EXHAUSTED:
            how = "no card could be drawn, so nobody wins it"
        else:
            how = f"it reached {self.turns} turns, so nobody wins it"
        points = ", ".join(f"{seat_name(s)} {p}" + (" (stuck)" if s in self.stuck else "")
                           for s, p in self.points.items())
        stuck = ""
        if self.stuck:
            extra = self.stuck_penalty
            stuck = (f"; stuck, not having gone down: "
                     f"{', '.join(seat_name(s) for s in self.stuck)}"
                     + (f", {extra} extra points each" if extra else "")
                     + f" (ZC-13.2, {self.rule})")
        return f"Hand {self.hand} ends: {how}. Points: {points}{stuck}"


@dataclass(frozen=True, slots=True)
class GameEndEvent(ZionEvent):
    """The game ends (ZC-14.2): ``totals`` by seat and the ``winners``."""

    totals: Mapping[int, int]
    winners: tuple[int, ...]
    kind: ClassVar[EventKind] = EventKind.GAME_END

    def _words(self, public: bool) -> str:
        totals = ", ".join(f"{seat_name(s)} {p}" for s, p in self.totals.items())
        winners = self.winners
        who = (f"{seat_name(winners[0])} wins" if len(winners) == 1
               else " and ".join(seat_name(s) for s in winners) + " share the win")
        return (f"The game is over after six hands. Totals: {totals}. {who} with the lowest "
                "total")


# every event is built on the hot path (one or more each action): the quicker constructor
quick_init(*(v for v in list(globals().values())
             if isinstance(v, type) and issubclass(v, ZionEvent) and v is not ZionEvent))
