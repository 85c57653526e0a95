"""Zion Check rule options (RULES.md Part 1): one frozen `Rules` value, with named presets.

Every point that RULES.md marks *(decision)* is an option here, so a teacher can switch it::

    >>> Rules().contract(1)
    Contract(sets=2, runs=0)
    >>> Rules().decks_for(6), PRESETS["three_runs_finale"].contract(6)
    (3, Contract(sets=0, runs=3))

The contract table (ZC-4) is a **reconstruction**: the seed's own chart was lost, so the default
follows Contract Rummy's first six deals. Change `contracts` to play another table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, NamedTuple

from cardkit import bounds
from cardkit.cards import Card

__all__ = [
    "MAX_DECKS",
    "MAX_PLAYERS",
    "PRESETS",
    "CardValues",
    "Contract",
    "FirstPlayerRule",
    "Rules",
    "TouchingRuns",
    "decks_for_players",
]


class FirstPlayerRule(str, Enum):
    """How the first player of a hand makes up for having no discard to take (ZC-7.1)."""

    DOUBLE_TURN = "double_turn"
    """Two full turns in a row, drawing from the stock both times (default)."""
    DRAW_TWO = "draw_two"
    """One turn in which the first player draws two cards from the stock, then discards one."""
    UPCARD = "upcard"
    """After the deal one stock card is turned face up to start the discard pile; normal turns."""


class TouchingRuns(str, Enum):
    """May two runs of a contract in one suit touch end to end (ZC-10)?"""

    NEED_NINE = "need_nine"
    """Only if they hold 9 or more cards together (default)."""
    FORBID = "forbid"
    ALLOW = "allow"


class Contract(NamedTuple):
    """What must be laid down to go down in a hand (ZC-4)."""

    sets: int
    runs: int

    @property
    def min_cards(self) -> int:
        return 3 * self.sets + 4 * self.runs

    def __str__(self) -> str:
        parts = []
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''}")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''}")
        return " + ".join(parts)


@dataclass(frozen=True)
class CardValues:
    """Penalty points of a card left in hand (ZC-2.3)."""

    ace: int = 15
    joker: int = 15
    high: int = 10
    """10, J, Q and K."""
    low: int = 5
    """2 to 9."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"card_values.{f.name} must be a non-negative int, not "
                                 f"{value!r} (ZC-2.3)")
        # the table by_rank hands out, built once (not a field: equality and repr ignore it)
        object.__setattr__(self, "_by_rank", (self.joker, self.ace, *([self.low] * 8),
                                              *([self.high] * 4)))

    def of(self, card: Card) -> int:
        rank = card.rank
        if rank == 0:
            return self.joker
        if rank == 1:
            return self.ace
        return self.high if rank >= 10 else self.low

    def by_rank(self) -> tuple[int, ...]:
        """Points indexed by rank 0 (joker) to 13: a fast lookup table for hot loops."""
        table: tuple[int, ...] = self.__dict__["_by_rank"]
        return table


MAX_PLAYERS = bounds.PLAYERS[1]
"""The largest table (16): ZC-1.2 seats any number, and this bound keeps what a game (or a
hostile record) costs small; the ZC-1.2 chart gives it 6 decks."""
MAX_DECKS = bounds.MAX_DECKS
"""The most decks ``num_decks`` may ask for (8)."""


def decks_for_players(n: int) -> int:
    """Decks in the pack for ``n`` players (ZC-1.2).

    >>> [decks_for_players(n) for n in (2, 5, 6, 8, 9, 12, 13, 15, 16)]
    [2, 2, 3, 3, 4, 4, 5, 5, 6]
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"Zion Check is played by 2 to {MAX_PLAYERS} players, not {n!r} "
                         "(ZC-1.2)")
    if n <= 5:
        return 2
    if n <= 8:
        return 3
    if n <= 12:
        return 4
    return 4 + math.ceil((n - 12) / 3)


def _at_most_rule_value(name: str, values: Any) -> None:
    """Refuse a rule number past `cardkit.bounds.MAX_RULE_VALUE`: a record of the game could
    not be loaded back (every game the core creates must load from its own record)."""
    high = bounds.MAX_RULE_VALUE
    for value in values:
        if value > high:
            raise ValueError(f"{name} holds {value}; a rule number is at most {high:,}, the "
                             "bound every record is read with (cardkit.bounds)")


_DEFAULT_CONTRACTS = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2))


@dataclass(frozen=True)
class Rules:
    """Every Zion Check option, with the defaults of RULES.md Part 1.

    String options also accept their enum (``first_player_rule="draw_two"`` or
    ``FirstPlayerRule.DRAW_TWO``). Bad values raise ``ValueError`` naming the accepted ones.
    """

    contracts: tuple[Contract, ...] = field(
        default_factory=lambda: tuple(Contract(*c) for c in _DEFAULT_CONTRACTS)
    )
    """Six (sets, runs) pairs, one per hand (ZC-4; the default table is a reconstruction)."""
    deal_sizes: tuple[int, ...] = (10, 10, 10, 10, 11, 14)
    """Cards dealt to each player in hands 1–6 (ZC-3.1)."""
    num_decks: int | None = None
    """Decks in the pack; None = by the chart of ZC-1.2."""
    card_values: CardValues = field(default_factory=CardValues)
    """Penalty points of cards left in hand (ZC-2.3)."""
    first_player_rule: FirstPlayerRule = FirstPlayerRule.DOUBLE_TURN
    """ZC-7.1."""
    claim_penalty_cards: int = 0
    """Extra cards from the stock a claimant takes with a claimed discard (ZC-8.3)."""
    max_claims_per_hand: int | None = None
    """How often one player may claim out of turn in a hand; None = no limit (ZC-8.3)."""
    same_suit_touching_runs: TouchingRuns = TouchingRuns.NEED_NINE
    """ZC-10."""
    min_natural_per_meld: int = 1
    """Natural (non-joker) cards every meld must hold (ZC-5.3)."""
    allow_go_out_without_discard: bool = False
    """May a player go out by melding or laying off their last card (ZC-13.1)?"""
    forbid_discard_of_taken_card: bool = True
    """A card taken from the discard pile may not be discarded in the same turn (ZC-6.1)."""
    stuck_penalty: int = 0
    """Extra points for a player who had not gone down when someone went out (ZC-13.2)."""
    max_turns_per_hand: int = 500
    """Length guard: a hand that reaches this many turns ends with no winner (ZC-6.3)."""

    def __post_init__(self) -> None:
        def coerce(name: str, enum: type[Enum]) -> None:
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, enum(value))
            except ValueError:
                allowed = ", ".join(repr(m.value) for m in enum)
                raise ValueError(f"{name} must be one of {allowed}, not {value!r}") from None

        coerce("first_player_rule", FirstPlayerRule)
        coerce("same_suit_touching_runs", TouchingRuns)
        try:
            contracts = tuple(Contract(int(s), int(r)) for s, r in self.contracts)
        except (TypeError, ValueError):
            raise ValueError(
                f"contracts must be six (sets, runs) pairs, not {self.contracts!r}"
            ) from None
        if len(contracts) != 6 or any(c.sets < 0 or c.runs < 0 or c.sets + c.runs == 0
                                      for c in contracts):
            raise ValueError(f"contracts must be six non-empty (sets, runs) pairs: {contracts}")
        _at_most_rule_value("contracts", [n for c in contracts for n in c])
        object.__setattr__(self, "contracts", contracts)
        sizes = tuple(self.deal_sizes)
        if len(sizes) != 6 or any(not isinstance(s, int) or s < 1 for s in sizes):
            raise ValueError(f"deal_sizes must be six positive ints, not {self.deal_sizes!r}")
        _at_most_rule_value("deal_sizes", sizes)
        object.__setattr__(self, "deal_sizes", sizes)
        if self.num_decks is not None and (isinstance(self.num_decks, bool)
                                           or not isinstance(self.num_decks, int)
                                           or not 1 <= self.num_decks <= MAX_DECKS):
            raise ValueError(f"num_decks must be None or a whole number from 1 to {MAX_DECKS}, "
                             f"not {self.num_decks!r} (ZC-1.2)")
        if isinstance(self.card_values, dict):
            accepted = {f.name for f in fields(CardValues)}
            unknown = set(self.card_values) - accepted
            if unknown:
                raise ValueError(f"card_values takes {', '.join(sorted(accepted))}, not "
                                 f"{', '.join(sorted(map(str, unknown)))}")
            object.__setattr__(self, "card_values", CardValues(**self.card_values))
        if not isinstance(self.card_values, CardValues):
            raise ValueError(f"card_values must be a CardValues or a dict of its fields, not "
                             f"{self.card_values!r}")

        def is_count(value: Any, least: int) -> bool:
            return not isinstance(value, bool) and isinstance(value, int) and value >= least

        for name in ("claim_penalty_cards", "min_natural_per_meld", "stuck_penalty"):
            if not is_count(getattr(self, name), 0):
                raise ValueError(f"{name} must be a non-negative int, not {getattr(self, name)!r}")
            _at_most_rule_value(name, [getattr(self, name)])
        if self.max_claims_per_hand is not None and not is_count(self.max_claims_per_hand, 0):
            raise ValueError(f"max_claims_per_hand must be None or a non-negative int, not "
                             f"{self.max_claims_per_hand!r}")
        else:
            _at_most_rule_value("max_claims_per_hand", [self.max_claims_per_hand or 0])
        if not is_count(self.max_turns_per_hand, 1):
            raise ValueError(f"max_turns_per_hand must be a positive int, not "
                             f"{self.max_turns_per_hand!r}")
        _at_most_rule_value("max_turns_per_hand", [self.max_turns_per_hand])
        _at_most_rule_value("card_values", [getattr(self.card_values, f.name)
                                            for f in fields(CardValues)])
        for name in ("allow_go_out_without_discard", "forbid_discard_of_taken_card"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")

    def contract(self, hand_number: int) -> Contract:
        """The contract of hand 1–6."""
        if not isinstance(hand_number, int) or not 1 <= hand_number <= 6:
            raise ValueError(f"hand_number must be 1 to 6, not {hand_number!r} (ZC-3.1)")
        return self.contracts[hand_number - 1]

    def decks_for(self, players: int) -> int:
        """Decks in the pack for this many players (``num_decks`` or the ZC-1.2 chart)."""
        return self.num_decks if self.num_decks is not None else decks_for_players(players)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (inverse of `from_dict`)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif f.name == "contracts":
                value = [list(c) for c in value]
            elif f.name == "deal_sizes":
                value = list(value)
            elif isinstance(value, CardValues):
                value = {g.name: getattr(value, g.name) for g in fields(value)}
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from `to_dict` data (a record's ``"rules"``); unknown names are refused."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown Zion Check rule option(s): {', '.join(sorted(unknown))}")
        return cls(**data)


PRESETS: dict[str, Rules] = {
    # the default game
    "standard": Rules(),
    # hand 6 as three runs instead of a set and two runs (ZC-4)
    "three_runs_finale": Rules(
        contracts=(*(Contract(*c) for c in _DEFAULT_CONTRACTS[:5]), Contract(0, 3))
    ),
    # the common "May I" house rules: a penalty card per claim, three claims a hand (ZC-8.3)
    "may_i": Rules(claim_penalty_cards=1, max_claims_per_hand=3),
    # a turned-up first discard instead of the first player's double turn (ZC-7.1)
    "upcard": Rules(first_player_rule=FirstPlayerRule.UPCARD),
}
