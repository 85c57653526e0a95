"""Go Fish's events: one frozen, slotted dataclass per kind, the text built when read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from cardkit.cards import Card
from gofish.rules import rank_text


class EventKind(Enum):
    DEAL = "deal"
    ASK = "ask"
    CATCH = "catch"
    FISH = "fish"
    BOOK = "book"
    REFILL = "refill"
    PASSED = "passed"
    GAME_END = "game_end"


def seat_name(seat: int) -> str:
    return f"Seat {seat}"


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


@dataclass(frozen=True, slots=True)
class Dealt:
    kind: ClassVar[EventKind] = EventKind.DEAL
    rule: ClassVar[str] = "GF-2"
    seat: int  # who asks first
    each: int
    stock: int

    @property
    def text(self) -> str:
        return (f"Each player is dealt {self.each} cards; {self.stock} are left in the stock. "
                f"{seat_name(self.seat)} asks first (GF-2)")


@dataclass(frozen=True, slots=True)
class Asked:
    kind: ClassVar[EventKind] = EventKind.ASK
    rule: ClassVar[str] = "GF-3"
    seat: int
    target: int
    rank: int

    @property
    def text(self) -> str:
        return (f"{seat_name(self.seat)} asks {seat_name(self.target)} for "
                f"{rank_text(self.rank)}s (GF-3)")


@dataclass(frozen=True, slots=True)
class Caught:
    kind: ClassVar[EventKind] = EventKind.CATCH
    rule: ClassVar[str] = "GF-3.4"
    seat: int
    giver: int
    cards: tuple[Card, ...]
    again: bool

    @property
    def text(self) -> str:
        more = " and asks again" if self.again else ""
        return (f"{seat_name(self.giver)} gives {seat_name(self.seat)} {_cards(self.cards)}"
                f"{more} (GF-3.4)")


@dataclass(frozen=True, slots=True)
class Fished:
    kind: ClassVar[EventKind] = EventKind.FISH
    rule: str
    seat: int
    card: Card | None  # None: the stock was empty
    lucky: bool

    @property
    def text(self) -> str:
        if self.card is None:
            return f"Go fish! The stock is empty: the turn passes ({self.rule})"
        how = "the rank asked for, so they ask again" if self.lucky else "the turn passes"
        return f"Go fish! {seat_name(self.seat)} draws {self.card}: {how} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Booked:
    kind: ClassVar[EventKind] = EventKind.BOOK
    rule: ClassVar[str] = "GF-5.1"
    seat: int
    rank: int

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} lays down the book of {rank_text(self.rank)}s (GF-5.1)"


@dataclass(frozen=True, slots=True)
class Refilled:
    kind: ClassVar[EventKind] = EventKind.REFILL
    rule: ClassVar[str] = "GF-6.1"
    seat: int
    cards: tuple[Card, ...]

    @property
    def text(self) -> str:
        return (f"{seat_name(self.seat)} has no cards and draws {_cards(self.cards)} "
                f"(GF-6.1)")


@dataclass(frozen=True, slots=True)
class Passed:
    kind: ClassVar[EventKind] = EventKind.PASSED
    rule: ClassVar[str] = "GF-6.2"
    seat: int

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} has no cards and no stock to draw: passed over (GF-6.2)"


@dataclass(frozen=True, slots=True)
class Ended:
    kind: ClassVar[EventKind] = EventKind.GAME_END
    rule: ClassVar[str] = "GF-7.2"
    books: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def text(self) -> str:
        who = " and ".join(seat_name(s) for s in self.winners)
        score = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(self.books))
        return f"All thirteen books are down: {who} win{'s' if len(self.winners) == 1 else ''}" \
               f" ({score}) (GF-7.2)"
