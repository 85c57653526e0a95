"""Go Fish's rules options, presets, phases and its one action (rule IDs GF-…).

The rule book of this test game, in brief:

- GF-1 One 52-card pack; 2 to 4 players, seats 0, 1, … to the left.
- GF-2 The seed shuffles the pack; each player is dealt ``hand_size`` cards (None: 7 for two
  players, 5 for more); the rest is the stock. Seat 0 asks first.
- GF-3 On your turn you ask one other player for a rank you hold (GF-3.1: only the player to
  act asks; GF-3.2: you must hold a card of that rank; GF-3.3: you ask another player). Who
  holds cards of that rank gives you all of them (GF-3.4), and you ask again when
  ``again_after_catch``.
- GF-4 Otherwise "go fish": you draw the top card of the stock (GF-4.1); drawing the rank asked
  for lets you ask again when ``again_after_lucky_draw`` (GF-4.2); else the turn passes to the
  left (GF-4.3). With no stock the turn just passes (GF-4.4).
- GF-5 Four cards of a rank in one hand are laid down at once as a book (GF-5.1).
- GF-6 A player whose turn comes with no cards draws ``refill`` cards from the stock (GF-6.1);
  with no stock left they are passed over (GF-6.2).
- GF-7 The game ends when all thirteen books are down (GF-7.1); most books wins, equal most
  share the win (GF-7.2).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import Enum
from typing import Any

RANK_WORDS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_text(rank: int) -> str:
    """"A", "2" … "10", "J", "Q", "K"."""
    return RANK_WORDS.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """The rank a text names ("A", "10", "k"); ValueError otherwise."""
    for rank in range(1, 14):
        if rank_text(rank) == text.strip().upper():
            return rank
    raise ValueError(f"{text!r} is no rank: A, 2-10, J, Q or K")


class Phase(Enum):
    """Where the game stands."""

    ASK = "ask"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Ask:
    """The one action: ask seat ``target`` for every card of ``rank`` (1-13)."""

    target: int
    rank: int

    def __str__(self) -> str:
        return f"ask seat {self.target} for {rank_text(self.rank)}s"

    def to_text(self) -> str:
        return f"{self.target} {rank_text(self.rank)}"

    @classmethod
    def from_text(cls, text: str) -> Ask:
        target, _, rank = str(text).partition(" ")
        if not target.isdigit() or not rank:
            raise ValueError(f"an action text is a seat and a rank such as '1 K', not {text!r}")
        return cls(int(target), parse_rank(rank))


@dataclass(frozen=True)
class Rules:
    """Go Fish's options (GF-2, GF-3.4, GF-4.2, GF-6.1)."""

    hand_size: int | None = None
    again_after_catch: bool = True
    again_after_lucky_draw: bool = True
    refill: int = 1

    def __post_init__(self) -> None:
        if self.hand_size is not None and (type(self.hand_size) is not int
                                           or not 1 <= self.hand_size <= 9):
            raise ValueError(f"hand_size is None or 1 to 9 cards (GF-2), not {self.hand_size!r}")
        if type(self.refill) is not int or not 1 <= self.refill <= 5:
            raise ValueError(f"refill is 1 to 5 cards (GF-6.1), not {self.refill!r}")
        for name in ("again_after_catch", "again_after_lucky_draw"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} is true or false, not {getattr(self, name)!r}")

    def dealt(self, players: int) -> int:
        """Cards dealt to each of ``players`` (GF-2)."""
        return self.hand_size or (7 if players == 2 else 5)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        data = dict(data or {})
        names = [f.name for f in fields(cls)]
        unknown = [key for key in data if key not in names]
        if unknown:
            raise ValueError(f"unknown Go Fish rule option {unknown[0]!r}; the options are "
                             + ", ".join(names))
        return cls(**data)

    def changes(self) -> dict[str, Any]:
        default = Rules()
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}


PRESETS = {
    "standard": Rules(),
    "one_ask": Rules(again_after_catch=False, again_after_lucky_draw=False),
    "big_hands": Rules(hand_size=9, refill=3),
}
