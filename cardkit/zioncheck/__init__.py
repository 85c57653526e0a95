"""Zion Check, a contract rummy for 2 or more players (RULES.md Part 1)."""

from cardkit.zioncheck.actions import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
    parse_action,
)
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.contract import (
    GoDownExplanation,
    check_go_down,
    explain_go_down,
    no_go_down,
)
from cardkit.zioncheck.events import EventKind, ZionEvent, seat_name
from cardkit.zioncheck.game import HandResult, Phase, TableMeld, ZionGame, load, new_game
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
from cardkit.zioncheck.solver import can_go_down, find_go_down
from cardkit.zioncheck.view import Observation

__all__ = [
    "PRESETS",
    "CardValues",
    "Claim",
    "Contract",
    "Discard",
    "DrawStock",
    "EventKind",
    "ExchangeJoker",
    "FirstPlayerRule",
    "GoDown",
    "GoDownExplanation",
    "GreedyBot",
    "HandResult",
    "LayOff",
    "LayOffOption",
    "Meld",
    "MeldKind",
    "MeldVerdict",
    "Observation",
    "Pass",
    "Phase",
    "RandomBot",
    "Rules",
    "TableMeld",
    "TakeDiscard",
    "TouchingRuns",
    "ZionEvent",
    "ZionGame",
    "can_exchange_joker",
    "can_go_down",
    "can_lay_off",
    "check_go_down",
    "check_meld",
    "decks_for_players",
    "explain_go_down",
    "find_go_down",
    "hand_points",
    "joker_exchanges",
    "lay_off_options",
    "load",
    "new_game",
    "no_go_down",
    "parse_action",
    "seat_name",
]
