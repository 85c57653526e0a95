"""What a Zion Check game's state is made of: `GameCore`, the slots every room of `ZionGame`
reads and writes (the checks in `verify`, the moves in `moves`, the records in `record`).

Every field is private; `ZionGame` shows them through read-only properties. `clone` copies
every slot listed here (`cardkit.zioncheck.record.copy_game`), so a new slot cannot be
forgotten.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardkit.cards import Card
from cardkit.zioncheck.actions import Action
from cardkit.zioncheck.events import ZionEvent
from cardkit.zioncheck.legal import best_go_down_for, exchange_actions, leaves_discard
from cardkit.zioncheck.melds import Meld
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.state import HandResult, Phase, TableMeld

__all__ = ["HANDS", "GameCore"]

HANDS = 6
"""Hands in a game (ZC-3.1)."""


class GameCore:
    """The fields of a game (see `ZionGame` for what each means to a player)."""

    __slots__ = (
        "_asking", "_bonus_turn", "_claims", "_current", "_deal", "_dealer", "_discard",
        "_discard_by", "_down", "_draw_two", "_events", "_hand_number", "_hands", "_history",
        "_known", "_pack", "_phase", "_players", "_pool", "_results", "_rng", "_rules", "_seed",
        "_stock",
        "_table", "_taken", "_totals", "_turn", "_turns", "_window_card",
    )

    # the game: its options, its seed and what has happened
    _rules: Rules
    _players: int
    _seed: int
    _rng: random.Random
    _pack: list[Card]
    _deal: dict[str, Any] | None  # a scripted deal (`from_deal`), kept for the record
    _history: list[Action]
    _events: list[ZionEvent]
    _results: list[HandResult]
    _totals: list[int]
    # the hand being played
    _hand_number: int
    _dealer: int
    _hands: list[list[Card]]
    _stock: list[Card]  # its top is the end of the list
    _discard: list[Card]  # bottom to top
    _discard_by: list[int | None]  # who discarded each card of the pile
    _table: list[TableMeld]
    _down: list[bool]
    _claims: list[int]
    _known: list[list[Card]]  # cards each seat was seen to take (discard, claim, joker) and holds
    _pool: tuple[Card, ...]  # the cards the last reshuffle put into the stock (ZC-6.2), public
    _taken: Card | None  # taken from the discard pile this turn (ZC-6.1)
    _turns: int
    # the turn
    _phase: Phase
    _turn: int
    _current: int
    _asking: list[int]  # the claim window's seats still to be asked, the current first
    _window_card: Card | None
    _bonus_turn: bool  # the first player's second turn is still to come (ZC-7.1)
    _draw_two: bool  # the first player draws two cards (ZC-7.1)

    def _seat(self, seat: Any) -> int:
        """``seat`` if it is a seat of this game, else a clear `ValueError`."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._players:
            raise ValueError(f"seat must be 0 to {self._players - 1}, not {seat!r}")
        return seat

    def _go_down_without_set_joker(self, seat: int) -> tuple[Meld, ...] | None:
        """The solver's go-down for ``seat`` now with no joker in a set, if one exists (ZC-5.4)."""
        return best_go_down_for(self._hands[seat], self._hand_number, self._rules, self._taken,
                                only_polite=True)

    def _leaves_discard(self, seat: int, used: Sequence[Card]) -> bool:
        return leaves_discard(self._hands[seat], used, self._taken, self._rules)

    def _can_take(self, seat: int) -> bool:
        return bool(self._discard) and self._discard_by[-1] != seat

    def _exchange_actions(self, seat: int) -> list[Action]:
        return exchange_actions(self._hands[seat], [tm.meld for tm in self._table])
