"""What one seat may see of a Zion Check game: its `Observation`.

A player sees their own hand, the melds on the table, the top of the discard pile, the size of
the stock and of every hand, who has gone down, the scores so far and whose move it is. Bots
decide from this alone::

    >>> from cardkit.zioncheck.game import new_game
    >>> game = new_game(players=3, seed=2)
    >>> obs = game.observation(game.current_player)
    >>> obs.phase.value, len(obs.hand), obs.hand_sizes, obs.contract
    ('draw', 10, (10, 10, 10), Contract(sets=2, runs=0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from cardkit.cards import Card
from cardkit.zioncheck.game import Phase
from cardkit.zioncheck.rules import Contract, Rules

if TYPE_CHECKING:
    from cardkit.zioncheck.game import TableMeld, ZionGame

__all__ = ["Observation", "observe"]


class Observation(NamedTuple):
    """One seat's view of the game (nothing hidden from that seat is in it); immutable.

    ``taken_card`` is the card this seat took from the discard pile this turn (ZC-6.1);
    ``window_card`` the discard on offer in the claim window (ZC-8.2); ``top_discarder`` who
    discarded the top card (None for an upcard). `legal_actions()` lists what this seat may do
    now (empty when it is not this seat's move). A named tuple, because bots build one for
    every decision."""

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
    source: Callable[[], list[Any]]
    """The game's `legal_actions` (asked only when it is this seat's move)."""

    def __repr__(self) -> str:
        return (f"Observation(seat={self.seat}, hand_number={self.hand_number}, "
                f"phase={self.phase.value}, current_player={self.current_player}, "
                f"hand=[{' '.join(map(str, self.hand))}], discard_top={self.discard_top}, "
                f"stock_size={self.stock_size}, table={len(self.table)} melds)")

    @property
    def is_my_move(self) -> bool:
        return self.current_player == self.seat

    @property
    def has_gone_down(self) -> bool:
        return self.gone_down[self.seat]

    def legal_actions(self) -> list[Any]:
        """The legal actions of this seat now (empty unless it is this seat's move)."""
        return self.source() if self.current_player == self.seat else []


def observe(game: ZionGame, seat: int) -> Observation:
    """The `Observation` of ``seat`` (use ``game.observation(seat)``)."""
    g: Any = game  # the view reads the game's internal lists directly: it is on the hot path
    phase = g.phase
    over = phase is Phase.OVER
    discard = g._discard
    return Observation(
        seat, g.players, g.rules, g.hand_number, g.rules.contracts[g.hand_number - 1], g.dealer,
        phase, None if over else g._current, None if over else g._turn, tuple(g._hands[seat]),
        tuple(map(len, g._hands)), tuple(g._table), discard[-1] if discard else None,
        g._discard_by[-1] if discard else None, len(discard), len(g._stock), tuple(g._down),
        tuple(g._claims), g._taken if g._turn == seat else None, g._window_card, g._turns,
        tuple(g._totals), g.legal_actions)

