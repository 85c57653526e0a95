"""What one seat may see of a Zion Check game: its `Observation`.

A player sees their own hand, the melds on the table, the top of the discard pile, the size of
the stock and of every hand, who has gone down, the scores so far and whose move it is. Bots
decide from this alone. An observation is a fixed value (`ZionGame.observe` builds it): it
holds no reference to the game, so it does not change when the game goes on::

    >>> from cardkit.zioncheck.game import new_game
    >>> game = new_game(players=3, seed=2)
    >>> obs = game.observe(game.current_player)
    >>> obs.phase.value, len(obs.hand), obs.hand_sizes, obs.contract, obs.my_turn
    ('draw', 10, (10, 10, 10), Contract(sets=2, runs=0), True)
    >>> [a.to_text() for a in obs.legal_actions()]
    ['draw']
"""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple

from cardkit.cards import Card
from cardkit.zioncheck.legal import legal_actions_for
from cardkit.zioncheck.rules import Contract, Rules
from cardkit.zioncheck.state import Phase, TableMeld

__all__ = ["Observation"]


class Observation(NamedTuple):
    """One seat's view of the game (nothing hidden from that seat is in it); immutable.

    ``taken_card`` is the card this seat took from the discard pile this turn (ZC-6.1);
    ``window_card`` the discard on offer in the claim window (ZC-8.2); ``top_discarder`` who
    discarded the top card (None for an upcard). `legal_actions()` lists what this seat may do
    now (empty when it is not this seat's move), worked out from the view alone. A named
    tuple, because bots build one for every decision.

    The public facts a player remembers (what `cardkit.zioncheck.worlds` needs to deal the
    unseen cards again consistently): ``discard_pile``, the whole pile bottom to top (every
    card in it was face up); ``known_cards``, by seat, the cards everyone saw go into that
    hand (taken from the discard pile, claimed, or a joker freed from a run) and still held;
    ``turn_taken``, the card the turn player took from the discard pile this turn (ZC-6.1);
    ``claim_asking``, the seats still to be asked in the claim window, the current one first
    (ZC-8.2); ``bonus_turn`` and ``draw_two``, the first player's compensation still due
    (ZC-7.1); ``stock_pool``, the cards the last reshuffle put into the stock (ZC-6.2).
    The fields after ``totals`` have defaults, so an observation built by hand with the
    first 22 fields still works."""

    seat: int
    players: int
    rules: Rules
    hand_number: int
    contract: Contract
    dealer: int
    phase: Phase
    current_player: int | None
    turn_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TableMeld, ...]
    discard_top: Card | None
    top_discarder: int | None
    discard_size: int
    stock_size: int
    gone_down: tuple[bool, ...]
    claims_made: tuple[int, ...]
    taken_card: Card | None
    window_card: Card | None
    turns_this_hand: int
    totals: tuple[int, ...]
    discard_pile: tuple[Card, ...] = ()
    known_cards: tuple[tuple[Card, ...], ...] = ()
    turn_taken: Card | None = None
    claim_asking: tuple[int, ...] = ()
    bonus_turn: bool = False
    draw_two: bool = False
    stock_pool: tuple[Card, ...] = ()

    def __repr__(self) -> str:
        return (f"Observation(seat={self.seat}, hand_number={self.hand_number}, "
                f"phase={self.phase.value}, current_player={self.current_player}, "
                f"hand=[{' '.join(map(str, self.hand))}], discard_top={self.discard_top}, "
                f"stock_size={self.stock_size}, table={len(self.table)} melds)")

    @property
    def my_turn(self) -> bool:
        """Is it this seat's move (its turn, or its question in the claim window)?"""
        return self.current_player == self.seat

    @property
    def is_my_move(self) -> bool:
        """Deprecated alias of `my_turn`."""
        warnings.warn("Observation.is_my_move is deprecated: use my_turn", DeprecationWarning,
                      stacklevel=2)
        return self.current_player == self.seat

    @property
    def has_gone_down(self) -> bool:
        return self.gone_down[self.seat]

    def legal_actions(self) -> list[Any]:
        """The legal actions of this seat now (empty unless it is this seat's move): the same
        list as the game's ``legal_actions()``, worked out from this view."""
        seat = self.seat
        if self.current_player != seat:
            return []
        can_take = self.discard_top is not None and self.top_discarder != seat
        return legal_actions_for(self.phase, seat, self.hand, [tm.meld for tm in self.table],
                                 self.gone_down[seat], self.taken_card, can_take,
                                 self.claims_made[seat], self.hand_number, self.rules)

