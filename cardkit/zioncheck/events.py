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
from cardkit.engine import written_in
from cardkit.zioncheck.melds import Meld
from cardkit.zioncheck.rules import Contract, Rules
from cardkit.zioncheck.words import (
    N_,
    card_words,
    cards_words,
    contract_words,
    gettext,
    join,
    join_and,
    ngettext,
    pgettext,
    seat_name,
)

_ = gettext

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

    def text_in(self, lang: str) -> str:
        """``text`` in ``lang`` ("en" or "ja"), whatever the language of the moment."""
        return written_in(lang, _text, self)

    def _words(self, public: bool) -> str:
        raise NotImplementedError  # pragma: no cover - every kind below says its words

    def __str__(self) -> str:
        return self.text


def _text(event: ZionEvent) -> str:
    return event.text


def _finish(words: str, rule: str | None) -> str:
    if not rule or f"({rule}" in words or f", {rule})" in words:
        # TRANSLATORS: the end of a narrated event that already cites its rule.
        return pgettext("event", "{words}.").format(words=words)
    # TRANSLATORS: the end of a narrated event, with the rule it follows: "... (ZC-6)."
    return pgettext("event", "{words} ({rule}).").format(words=words, rule=rule)


def _melds(melds: tuple[Meld, ...]) -> str:
    # a Meld prints its jokers with what they stand for: JK(7♣), JK(8)
    return " + ".join(f"[{m}]" for m in melds)


def _points(seat: int, points: int, stuck: bool = False) -> str:
    if stuck:
        # TRANSLATORS: one seat's points for a hand, that seat stuck (ZC-13.2): "Seat 1 35 (stuck)"
        return _("{seat} {points} (stuck)").format(seat=seat_name(seat), points=points)
    # TRANSLATORS: one seat's points: "Seat 1 35"
    return _("{seat} {points}").format(seat=seat_name(seat), points=points)


_FIRST = {
    "double_turn": N_("Hand {hand} (ZC-3): {dealer} deals {size} cards each from {decks} decks "
                      "({pack} cards); contract: {contract} (ZC-4); {first} plays first, with "
                      "two turns in a row since there is no discard yet (ZC-7.1)"),
    "draw_two": N_("Hand {hand} (ZC-3): {dealer} deals {size} cards each from {decks} decks "
                   "({pack} cards); contract: {contract} (ZC-4); {first} plays first and draws "
                   "two cards since there is no discard yet (ZC-7.1)"),
    "upcard": N_("Hand {hand} (ZC-3): {dealer} deals {size} cards each from {decks} decks "
                 "({pack} cards); contract: {contract} (ZC-4); {first} plays first (ZC-7.1)"),
}
_DEAL = N_("Hand {hand} (ZC-3): {dealer} deals {size} cards each from {decks} decks ({pack} "
           "cards); contract: {contract} (ZC-4); {first} plays first")


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
        return _(_FIRST.get(self.first_rule, _DEAL)).format(
            hand=self.hand, dealer=seat_name(self.seat), size=self.size, decks=self.decks,
            pack=self.pack, contract=contract_words(self.contract), first=seat_name(self.first))


@dataclass(frozen=True, slots=True)
class UpcardEvent(ZionEvent):
    """The first discard is turned up (the upcard rule, ZC-7.1)."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.UPCARD

    def _words(self, public: bool) -> str:
        return _("{card} is turned up to start the discard pile").format(
            card=card_words(self.card))


@dataclass(frozen=True, slots=True)
class DrawEvent(ZionEvent):
    """Cards drawn from the stock (two for the draw_two first turn)."""

    cards: tuple[Card, ...]
    kind: ClassVar[EventKind] = EventKind.DRAW

    def _words(self, public: bool) -> str:
        cards, seat = self.cards, seat_name(self.seat)
        if public:
            if len(cards) == 1:
                return _("{seat} draws a card from the stock").format(seat=seat)
            if len(cards) == 2:
                return _("{seat} draws {count} cards from the stock (the first player's "
                         "two-card draw)").format(seat=seat, count=len(cards))
            return _("{seat} draws {count} cards from the stock").format(
                seat=seat, count=len(cards))
        if len(cards) == 2:
            return _("{seat} draws {cards} from the stock (the first player's two-card "
                     "draw)").format(seat=seat, cards=cards_words(cards))
        return _("{seat} draws {cards} from the stock").format(seat=seat,
                                                              cards=cards_words(cards))


@dataclass(frozen=True, slots=True)
class TakeEvent(ZionEvent):
    """The top discard taken as the turn's draw."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.TAKE

    def _words(self, public: bool) -> str:
        return _("{seat} takes {card} from the discard pile").format(
            seat=seat_name(self.seat), card=card_words(self.card))


@dataclass(frozen=True, slots=True)
class DeclineEvent(ZionEvent):
    """The next player draws from the stock instead of taking ``card``; the seats of ``order``
    will be asked (ZC-8.2). ``own``: the card was this player's own discard."""

    card: Card
    order: tuple[int, ...]
    own: bool
    kind: ClassVar[EventKind] = EventKind.DECLINE

    def _words(self, public: bool) -> str:
        order = join(seat_name(s) for s in self.order)
        if self.own:
            words = _("{seat} will draw from the stock (a player may not take back their own "
                      "discard {card}); the others may claim it, asked in this order: {order}")
        else:
            words = _("{seat} declines {card} and will draw from the stock; the others may "
                      "claim it, asked in this order: {order}")
        return words.format(seat=seat_name(self.seat), card=card_words(self.card), order=order)


@dataclass(frozen=True, slots=True)
class ClaimEvent(ZionEvent):
    """A discard claimed out of turn (ZC-8.1)."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.CLAIM

    def _words(self, public: bool) -> str:
        return _("{seat} claims {card} out of turn (\"May I\")").format(
            seat=seat_name(self.seat), card=card_words(self.card))


@dataclass(frozen=True, slots=True)
class PassEvent(ZionEvent):
    """A seat asked in the claim window does not claim ``card`` (ZC-8.2)."""

    card: Card | None
    kind: ClassVar[EventKind] = EventKind.PASS

    def _words(self, public: bool) -> str:
        return _("{seat} does not claim {card}").format(seat=seat_name(self.seat),
                                                       card=card_words(self.card))


@dataclass(frozen=True, slots=True)
class PenaltyEvent(ZionEvent):
    """The claim penalty: ``cards`` from the stock, of the ``wanted`` (ZC-8.3)."""

    cards: tuple[Card, ...]
    wanted: int
    kind: ClassVar[EventKind] = EventKind.PENALTY

    def _words(self, public: bool) -> str:
        cards, seat = self.cards, seat_name(self.seat)
        if public:
            words = ngettext("{seat} takes {count} card from the stock as the claim penalty",
                             "{seat} takes {count} cards from the stock as the claim penalty",
                             len(cards)).format(seat=seat, count=len(cards))
        elif cards:
            words = _("{seat} takes {cards} from the stock as the claim penalty").format(
                seat=seat, cards=cards_words(cards))
        else:
            words = _("{seat} takes nothing from the stock as the claim penalty").format(
                seat=seat)
        if len(cards) == self.wanted:
            return words
        return _("{words} (only {drawn} of {wanted} could be drawn)").format(
            words=words, drawn=len(cards), wanted=self.wanted)


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
        if self.out_of_turn:
            words = _("{seat} puts {card} in meld #{number} in place of the joker and takes the "
                      "joker in the claim window (ZC-12.3): {meld}")
        else:
            words = _("{seat} puts {card} in meld #{number} in place of the joker and takes the "
                      "joker: {meld}")
        return words.format(seat=seat_name(self.seat), card=card_words(self.card),
                            number=self.index + 1, meld=self.meld)


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
        values = {"seat": seat_name(self.seat), "contract": contract_words(self.contract),
                  "melds": _melds(self.melds), "rule": self.rule}
        if not self.joker_in_set:
            return _("{seat} goes down with {contract}: {melds}").format(**values)
        # one rule ID per sentence: the go-down's own, then the etiquette's
        instead = self.instead
        if instead:
            if self.rule:
                words = _("{seat} goes down with {contract}: {melds} ({rule}). Legal, but the "
                          "seed calls a joker in a set rude when another go-down exists: "
                          "{instead} (ZC-5.4)")
            else:
                words = _("{seat} goes down with {contract}: {melds}. Legal, but the seed calls "
                          "a joker in a set rude when another go-down exists: {instead} "
                          "(ZC-5.4)")
            return words.format(instead=_melds(instead), **values)
        if self.rule:
            words = _("{seat} goes down with {contract}: {melds} ({rule}). A joker in a set is "
                      "allowed, and here no go-down without one was possible (ZC-5.4)")
        else:
            words = _("{seat} goes down with {contract}: {melds}. A joker in a set is allowed, "
                      "and here no go-down without one was possible (ZC-5.4)")
        return words.format(**values)


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
        return _("{seat} lays off {card} on meld #{number} (owned by {owner}): {meld}").format(
            seat=seat_name(self.seat), card=card_words(self.card), number=self.index + 1,
            owner=seat_name(self.owner), meld=self.meld)


@dataclass(frozen=True, slots=True)
class DiscardEvent(ZionEvent):
    """A card discarded (ZC-6)."""

    card: Card
    kind: ClassVar[EventKind] = EventKind.DISCARD

    def _words(self, public: bool) -> str:
        return _("{seat} discards {card}").format(seat=seat_name(self.seat),
                                                 card=card_words(self.card))


@dataclass(frozen=True, slots=True)
class ReshuffleEvent(ZionEvent):
    """The ``count`` discards under the top card become the stock (ZC-6.2; 0: no card can be
    drawn)."""

    count: int
    kind: ClassVar[EventKind] = EventKind.RESHUFFLE

    def _words(self, public: bool) -> str:
        if self.count == 0:
            return _("The stock is empty and the discard pile has no card under its top: "
                     "no card can be drawn")
        return _("The stock is empty: {count} discards under the top card are shuffled "
                 "into a new stock").format(count=self.count)


_GO_OUT = {
    "by discarding the last card": N_("{seat} goes out (by discarding the last card) and wins "
                                      "hand {hand}"),
    "by laying off the last card": N_("{seat} goes out (by laying off the last card) and wins "
                                      "hand {hand}"),
    "by going down with every card": N_("{seat} goes out (by going down with every card) and "
                                        "wins hand {hand}"),
}
"""The sentence of each way of going out (`GoOutEvent.how`, which records keep in English)."""


@dataclass(frozen=True, slots=True)
class GoOutEvent(ZionEvent):
    """A player goes out (seat: the winner of ``hand``); ``how`` in words (ZC-13.1)."""

    how: str
    hand: int
    kind: ClassVar[EventKind] = EventKind.GO_OUT

    def _words(self, public: bool) -> str:
        known = _GO_OUT.get(self.how)
        if known is not None:
            return _(known).format(seat=seat_name(self.seat), hand=self.hand)
        return _("{seat} goes out ({how}) and wins hand {hand}").format(
            seat=seat_name(self.seat), how=self.how, hand=self.hand)


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
        points = join(_points(s, p, s in self.stuck) for s, p in self.points.items())
        if reason is HandEnd.WENT_OUT:
            words = _("Hand {hand} ends: {winner} went out. Points: {points}")
        elif reason is HandEnd.STOCK_EXHAUSTED:
            words = _("Hand {hand} ends: no card could be drawn, so nobody wins it. Points: "
                      "{points}")
        else:
            words = _("Hand {hand} ends: it reached {turns} turns, so nobody wins it. Points: "
                      "{points}")
        words = words.format(hand=self.hand, winner=seat_name(self.winner), turns=self.turns,
                             points=points)
        if not self.stuck:
            return words
        stuck = join(seat_name(s) for s in self.stuck)
        if self.stuck_penalty:
            return _("{words}; stuck, not having gone down: {seats}, {extra} extra points each "
                     "(ZC-13.2, {rule})").format(words=words, seats=stuck,
                                                 extra=self.stuck_penalty, rule=self.rule)
        return _("{words}; stuck, not having gone down: {seats} (ZC-13.2, {rule})").format(
            words=words, seats=stuck, rule=self.rule)


@dataclass(frozen=True, slots=True)
class GameEndEvent(ZionEvent):
    """The game ends (ZC-14.2): ``totals`` by seat and the ``winners``."""

    totals: Mapping[int, int]
    winners: tuple[int, ...]
    kind: ClassVar[EventKind] = EventKind.GAME_END

    def _words(self, public: bool) -> str:
        totals = join(_points(s, p) for s, p in self.totals.items())
        winners = self.winners
        if len(winners) == 1:
            return _("The game is over after six hands. Totals: {totals}. {winner} wins with "
                     "the lowest total").format(totals=totals, winner=seat_name(winners[0]))
        return _("The game is over after six hands. Totals: {totals}. {winners} share the win "
                 "with the lowest total").format(totals=totals,
                                                 winners=join_and(seat_name(s) for s in winners))
