"""The values a Zion Check game state is made of: its `Phase`, the melds on the table
(`TableMeld`) and how each hand ended (`HandResult`). All are immutable."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from cardkit.cards import Card
from cardkit.zioncheck.events import HandEnd, seat_name
from cardkit.zioncheck.melds import Meld, MeldKind

__all__ = ["HandResult", "Phase", "TableMeld"]


class Phase(str, Enum):
    """What the current player must do."""

    DRAW = "draw"
    """Draw: from the stock or take the top discard (ZC-6)."""
    CLAIM = "claim"
    """Out of turn: claim the discard, exchange a joker, or pass (ZC-8.2, ZC-12.3)."""
    PLAY = "play"
    """After drawing: go down, lay off, exchange jokers, then discard (ZC-6)."""
    OVER = "over"
    """The game is over (ZC-14.2)."""


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table and the seat that laid it down (lay-offs keep the owner)."""

    meld: Meld
    owner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self.meld.cards)

    @property
    def kind(self) -> MeldKind:
        return self.meld.kind

    def __str__(self) -> str:
        return f"{self.meld} ({seat_name(self.owner)})"


@dataclass(frozen=True)
class HandResult:
    """How one hand ended (ZC-13, ZC-14.1).

    ``reason`` is a `HandEnd` (went out, stock exhausted, length guard); ``winner`` is None
    unless someone went out; ``points`` maps every seat to its points for the hand; ``stuck`` are
    the seats that had not gone down when someone went out (ZC-13.2); ``hands`` the cards left."""

    hand_number: int
    dealer: int
    winner: int | None
    points: Mapping[int, int]
    stuck: tuple[int, ...]
    reason: HandEnd
    turns: int
    hands: Mapping[int, tuple[Card, ...]]

    def __post_init__(self) -> None:
        # read-only copies: what the game returns cannot change its record
        object.__setattr__(self, "points", MappingProxyType(dict(self.points)))
        object.__setattr__(self, "hands", MappingProxyType(
            {seat: tuple(cards) for seat, cards in self.hands.items()}))
