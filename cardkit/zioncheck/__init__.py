"""Zion Check, a contract rummy for 2 or more players (RULES.md Part 1)."""

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
    "Rules",
    "TouchingRuns",
    "decks_for_players",
]
