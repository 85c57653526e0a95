"""Zion Check, a contract rummy for 2 or more players (RULES.md Part 1)."""

from cardkit.zioncheck.melds import (
    LayOffOption,
    Meld,
    MeldKind,
    MeldVerdict,
    can_exchange_joker,
    can_lay_off,
    check_meld,
    hand_points,
    joker_exchanges,
    lay_off_options,
)
from cardkit.zioncheck.rules import (
    PRESETS,
    CardValues,
    Contract,
    FirstPlayerRule,
    Rules,
    TouchingRuns,
    decks_for_players,
)

__all__ = [
    "PRESETS",
    "CardValues",
    "Contract",
    "FirstPlayerRule",
    "LayOffOption",
    "Meld",
    "MeldKind",
    "MeldVerdict",
    "Rules",
    "TouchingRuns",
    "can_exchange_joker",
    "can_lay_off",
    "check_meld",
    "decks_for_players",
    "hand_points",
    "joker_exchanges",
    "lay_off_options",
]
