"""Playing an action: what each move does to the game (ZC-3, ZC-6 to ZC-9, ZC-11 to ZC-14).

`Moves` holds `ZionGame`'s moves, each given an action its check has passed (see
`cardkit.zioncheck.verify`): the deal, drawing and taking, the claim window, discarding, laying
off, exchanging a joker, going down and the hand's end. Each appends the events it causes to
``out``; ``out=None`` plays the same move without making any event (the analyst's fast
rollout, `cardkit.zioncheck.rollout_core`, where nobody reads them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardkit.cards import Card
from cardkit.engine import FrozenDict
from cardkit.zioncheck.actions import ExchangeJoker, LayOff
from cardkit.zioncheck.core import HANDS, GameCore
from cardkit.zioncheck.events import (
    ClaimEvent,
    DealEvent,
    DeclineEvent,
    DiscardEvent,
    DrawEvent,
    ExchangeEvent,
    GameEndEvent,
    GoDownEvent,
    GoOutEvent,
    HandEnd,
    HandEndEvent,
    LayOffEvent,
    PassEvent,
    PenaltyEvent,
    ReshuffleEvent,
    TakeEvent,
    UpcardEvent,
    ZionEvent,
)
from cardkit.zioncheck.melds import Meld, MeldKind, hand_points
from cardkit.zioncheck.rules import FirstPlayerRule
from cardkit.zioncheck.solver import has_joker_in_set
from cardkit.zioncheck.state import HandResult, Phase, TableMeld

__all__ = ["Moves"]

_OVER = Phase.OVER  # module constants: an enum member lookup costs more on hot paths
_WENT_OUT = HandEnd.WENT_OUT


class Moves(GameCore):
    """The moves of `ZionGame` (a mixin: the state is `GameCore`'s)."""

    __slots__ = ()

    def _do_take(self, seat: int, out: list[ZionEvent] | None) -> None:
        card = self._discard.pop()
        self._discard_by.pop()
        self._hands[seat].append(card)
        self._known[seat].append(card)
        self._taken = card
        self._phase = Phase.PLAY
        if out is not None:
            out.append(TakeEvent(seat, "ZC-6", card=card))

    def _do_pass(self, seat: int, out: list[ZionEvent] | None) -> None:
        if out is not None:
            out.append(PassEvent(seat, "ZC-8.2", card=self._window_card))
        self._next_asked(out)

    def _start_hand(self, out: list[ZionEvent] | None) -> None:
        self._hand_number += 1
        n = self._players
        rules = self._rules
        stock = self._pack[:]
        self._rng.shuffle(stock)
        hands: list[list[Card]] = [[] for _ in range(n)]
        order = [(self._dealer + k) % n for k in range(1, n + 1)]  # ZC-3.3 from dealer's left
        pop = stock.pop
        for _ in range(rules.deal_sizes[self._hand_number - 1]):
            for seat in order:
                hands[seat].append(pop())
        self._hands = hands
        self._stock = stock
        self._discard = []
        self._discard_by = []
        self._table = []
        self._down = [False] * n
        self._claims = [0] * n
        self._known = [[] for _ in range(n)]
        self._pool = ()
        self._taken = None
        self._turns = 0
        self._asking = []
        self._window_card = None
        first = order[0]
        self._turn = self._current = first
        self._phase = Phase.DRAW
        fpr = rules.first_player_rule
        self._bonus_turn = fpr is FirstPlayerRule.DOUBLE_TURN
        self._draw_two = fpr is FirstPlayerRule.DRAW_TWO
        if out is not None:
            out.append(DealEvent(
                self._dealer, "ZC-3", hand=self._hand_number,
                size=rules.deal_sizes[self._hand_number - 1], decks=len(self._pack) // 54,
                pack=len(self._pack), contract=rules.contract(self._hand_number), first=first,
                first_rule=fpr.value))
        if fpr is FirstPlayerRule.UPCARD:
            card = pop()
            self._discard.append(card)
            self._discard_by.append(None)
            if out is not None:
                out.append(UpcardEvent(None, "ZC-7.1", card=card))

    def _do_discard(self, seat: int, card: Card, out: list[ZionEvent] | None) -> None:
        hand = self._hands[seat]
        _remove(hand, card)
        _forget(self._known[seat], card)
        self._discard.append(card)
        self._discard_by.append(seat)
        self._taken = None
        if out is not None:
            out.append(DiscardEvent(seat, "ZC-6", card=card))
        if not hand:
            if out is not None:
                out.append(GoOutEvent(seat, "ZC-13.1", how="by discarding the last card",
                                      hand=self._hand_number))
            self._end_hand(seat, _WENT_OUT, out)
            return
        self._turns += 1
        if self._turns >= self._rules.max_turns_per_hand:
            self._end_hand(None, HandEnd.LENGTH_GUARD, out)
            return
        if self._bonus_turn:  # ZC-7.1: the first player's second turn
            self._bonus_turn = False
            nxt = seat
        else:
            nxt = (seat + 1) % self._players
        self._turn = self._current = nxt
        self._phase = Phase.DRAW

    def _do_draw_stock(self, seat: int, out: list[ZionEvent] | None) -> None:
        if self._discard:
            top_by = self._discard_by[-1]
            n = self._players
            limit = self._rules.max_claims_per_hand
            asking: list[int] = []
            for k in range(1, n):
                other = (seat + k) % n
                if other == top_by:
                    continue
                # a seat that could only pass is not asked (ZC-8.3 limit reached, no joker)
                if (limit is not None and self._claims[other] >= limit and not (
                        _table_has_free_joker(self._table) and self._exchange_actions(other))):
                    continue
                asking.append(other)
            if asking:
                card = self._discard[-1]
                if out is not None:
                    out.append(DeclineEvent(seat, "ZC-8.2", card=card, order=tuple(asking),
                                            own=top_by == seat))
                self._asking = asking
                self._window_card = card
                self._current = asking[0]
                self._phase = Phase.CLAIM
                return
        self._finish_draw(seat, out)

    def _finish_draw(self, seat: int, out: list[ZionEvent] | None) -> None:
        """The turn player draws from the stock (two cards for the draw_two first turn)."""
        self._asking = []
        self._window_card = None
        want = 2 if self._draw_two else 1
        self._draw_two = False
        cards = self._draw_cards(want, out)
        if not cards:
            self._end_hand(None, HandEnd.STOCK_EXHAUSTED, out)
            return
        self._hands[seat].extend(cards)
        rule = "ZC-7.1" if want == 2 else "ZC-6"
        if out is not None:
            out.append(DrawEvent(seat, rule, cards=tuple(cards)))
        self._turn = self._current = seat
        self._phase = Phase.PLAY

    def _draw_cards(self, want: int, out: list[ZionEvent] | None) -> list[Card]:
        """Take up to ``want`` cards from the stock, reshuffling the discards when it runs out
        (ZC-6.2); fewer (maybe none) when no card can be drawn."""
        cards: list[Card] = []
        stock = self._stock
        for _ in range(want):
            if not stock:
                under = self._discard[:-1]
                if out is not None:
                    out.append(ReshuffleEvent(None, "ZC-6.2", count=len(under)))
                if not under:
                    break
                self._rng.shuffle(under)
                stock.extend(under)
                self._pool = tuple(under)
                del self._discard[:-1]
                del self._discard_by[:-1]
            cards.append(stock.pop())
        return cards

    def _next_asked(self, out: list[ZionEvent] | None) -> None:
        self._asking.pop(0)
        if self._asking:
            self._current = self._asking[0]
        else:
            self._finish_draw(self._turn, out)

    def _do_claim(self, seat: int, out: list[ZionEvent] | None) -> None:
        card = self._discard.pop()
        self._discard_by.pop()
        self._hands[seat].append(card)
        self._known[seat].append(card)
        self._claims[seat] += 1
        if out is not None:
            out.append(ClaimEvent(seat, "ZC-8.1", card=card))
        wanted = self._rules.claim_penalty_cards
        if wanted:
            extra = self._draw_cards(wanted, out)
            self._hands[seat].extend(extra)
            if out is not None:
                out.append(PenaltyEvent(seat, "ZC-8.3", cards=tuple(extra), wanted=wanted))
        self._finish_draw(self._turn, out)  # the window closes at the first claim

    def _do_exchange(self, seat: int, action: ExchangeJoker, result: tuple[Meld, Card],
                     out: list[ZionEvent] | None) -> None:
        meld, joker = result
        hand = self._hands[seat]
        _remove(hand, action.card)
        hand.append(joker)
        _forget(self._known[seat], action.card)
        self._known[seat].append(joker)  # everyone saw the joker go to this hand (ZC-12.1)
        index = action.meld_index
        self._table[index] = TableMeld(meld, self._table[index].owner)
        if out is not None:
            out.append(ExchangeEvent(seat, "ZC-12.1", card=action.card, index=index, meld=meld,
                                     joker=joker, out_of_turn=self._phase is Phase.CLAIM))

    def _do_lay_off(self, seat: int, action: LayOff, meld: Meld,
                    out: list[ZionEvent] | None) -> None:
        hand = self._hands[seat]
        _remove(hand, action.card)
        _forget(self._known[seat], action.card)
        index = action.meld_index
        owner = self._table[index].owner
        self._table[index] = TableMeld(meld, owner)
        if out is not None:
            out.append(LayOffEvent(seat, "ZC-11.2", card=action.card, index=index, meld=meld,
                                   owner=owner))
        if not hand:
            if out is not None:
                out.append(GoOutEvent(seat, "ZC-13.1", how="by laying off the last card",
                                      hand=self._hand_number))
            self._end_hand(seat, _WENT_OUT, out)

    def _do_go_down(self, seat: int, melds: tuple[Meld, ...],
                    out: list[ZionEvent] | None) -> None:
        joker_in_set = has_joker_in_set(melds)
        hand = self._hands[seat]
        held = tuple(hand) if joker_in_set else ()  # for the event's ZC-5.4 words, when read
        for meld in melds:
            for card in meld.cards:
                _remove(hand, card)
                _forget(self._known[seat], card)
            self._table.append(TableMeld(meld, seat))
        self._down[seat] = True
        if out is not None:
            out.append(GoDownEvent(seat, "ZC-9.2", melds=melds,
                                   contract=self._rules.contract(self._hand_number),
                                   joker_in_set=joker_in_set, held=held,
                                   rules=self._rules if joker_in_set else None, taken=self._taken))
        if not hand:
            if out is not None:
                out.append(GoOutEvent(seat, "ZC-13.1", how="by going down with every card",
                                      hand=self._hand_number))
            self._end_hand(seat, _WENT_OUT, out)

    def _end_hand(self, winner: int | None, reason: HandEnd,
                  out: list[ZionEvent] | None) -> None:
        rules = self._rules
        points: dict[int, int] = {}
        stuck: list[int] = []
        for seat in range(self._players):
            if seat == winner:
                points[seat] = 0
                continue
            p = hand_points(self._hands[seat], rules)
            if winner is not None and not self._down[seat]:
                stuck.append(seat)  # ZC-13.2
                p += rules.stuck_penalty
            points[seat] = p
            self._totals[seat] += p
        result = HandResult(self._hand_number, self._dealer, winner, points, tuple(stuck), reason,
                            self._turns, {s: tuple(h) for s, h in enumerate(self._hands)})
        self._results.append(result)
        if out is not None:
            out.append(HandEndEvent(winner, reason.rule, hand=self._hand_number, winner=winner,
                                    reason=reason, points=_read_only(points), stuck=tuple(stuck),
                                    turns=self._turns, stuck_penalty=rules.stuck_penalty))
        self._asking = []
        self._window_card = None
        if self._hand_number >= HANDS:
            self._phase = _OVER
            low = min(self._totals)
            totals = dict(enumerate(self._totals))
            if out is not None:
                out.append(GameEndEvent(None, "ZC-14.2", totals=_read_only(totals),
                                        winners=tuple(s for s, t in totals.items() if t == low)))
            return
        self._dealer = (self._dealer + 1) % self._players  # ZC-3.2
        self._start_hand(out)


def _remove(cards: list[Card], card: Card) -> None:
    """``list.remove`` by code: the first card equal to ``card`` leaves ``cards`` (``remove``
    would call Card.__eq__ on every card before it; the check has found it there)."""
    code = card.code
    for index, held in enumerate(cards):
        if held.code == code:
            del cards[index]
            return
    raise ValueError(f"{card} is not in the hand")  # pragma: no cover - checked before


def _forget(known: list[Card], card: Card) -> None:
    """``card`` left a hand in public: it is no longer a card known to be held there."""
    if known:  # the first equal card, by code (`in` and `remove` would call Card.__eq__ each)
        code = card.code
        for index, held in enumerate(known):
            if held.code == code:
                del known[index]
                return


def _table_has_free_joker(table: Sequence[TableMeld]) -> bool:
    """Does any run on the table hold a joker (which someone could free, ZC-12.1)?"""
    return any(tm.meld.kind is MeldKind.RUN and any(c.rank == 0 for c in tm.meld.cards)
               for tm in table)


def _read_only(by_seat: Mapping[int, int]) -> Mapping[int, int]:
    """A read-only copy of points by seat: a `FrozenDict`, which pickles and serialises as a
    dict (typed there with text keys, as other games' events use it; seats are ints here)."""
    return cast("Mapping[int, int]", FrozenDict(cast("dict[str, Any]", by_seat)))
