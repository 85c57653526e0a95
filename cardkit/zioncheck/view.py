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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardkit.cards import Card
from cardkit.zioncheck.rules import Contract, Rules

if TYPE_CHECKING:
    from cardkit.zioncheck.game import Phase, TableMeld, ZionGame

__all__ = ["Observation", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the game (nothing hidden from that seat is in it).

    ``taken_card`` is the card this seat took from the discard pile this turn (ZC-6.1);
    ``window_card`` the discard on offer in the claim window (ZC-8.2); ``top_discarder`` who
    discarded the top card (None for an upcard). `legal_actions()` lists what this seat may do
    now (empty when it is not this seat's move)."""

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
    _legal: Callable[[], list[Any]] = field(repr=False, compare=False)

    @property
    def is_my_move(self) -> bool:
        return self.current_player == self.seat

    @property
    def has_gone_down(self) -> bool:
        return self.gone_down[self.seat]

    def legal_actions(self) -> list[Any]:
        """The legal actions of this seat now (empty unless it is this seat's move)."""
        return self._legal() if self.current_player == self.seat else []


def observe(game: ZionGame, seat: int) -> Observation:
    """The `Observation` of ``seat`` (use ``game.observation(seat)``)."""
    g: Any = game  # the view reads the game's internal lists directly: it is on the hot path
    phase = g.phase
    over = phase.value == "over"
    discard = g._discard
    return Observation(
        seat=seat,
        players=g.players,
        rules=g.rules,
        hand_number=g.hand_number,
        contract=g.rules.contracts[g.hand_number - 1],
        dealer=g.dealer,
        phase=phase,
        current_player=None if over else g._current,
        turn_player=None if over else g._turn,
        hand=tuple(g._hands[seat]),
        hand_sizes=tuple(len(h) for h in g._hands),
        table=tuple(g._table),
        discard_top=discard[-1] if discard else None,
        top_discarder=g._discard_by[-1] if discard else None,
        discard_size=len(discard),
        stock_size=len(g._stock),
        gone_down=tuple(g._down),
        claims_made=tuple(g._claims),
        taken_card=g._taken if g._turn == seat else None,
        window_card=g._window_card,
        turns_this_hand=g._turns,
        totals=tuple(g._totals),
        _legal=g.legal_actions,
    )
