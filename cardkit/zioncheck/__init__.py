"""Zion Check, a contract rummy for 2 or more players (RULES.md Part 1).

A game starts with ``new_game(seed=..., players=..., rules=...)``, the signature every game's
``new_game`` shares; a record is loaded with `cardkit.games.load_record`, the one way for every
game.
"""

import warnings

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
from cardkit.zioncheck.game import HandResult, Phase, TableMeld, ZionGame
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


def new_game(*args: object, seed: int | None = None, players: int | None = None,
             rules: Rules | None = None) -> ZionGame:
    """A new game of Zion Check, the first hand dealt and the first player to draw: ``seed``
    None is 0, ``players`` None is 4, ``rules`` None the standard rules.

    The old positional form ``new_game(players, seed, rules)`` still works for one release,
    with a DeprecationWarning.

    >>> new_game(seed=4, players=3).num_players
    3
    """
    if args:
        warnings.warn("cardkit.zioncheck.new_game takes keywords only: new_game(seed=..., "
                      "players=..., rules=...); the positional form new_game(players, seed, "
                      "rules) is deprecated", DeprecationWarning, stacklevel=2)
        given = (players, seed, rules)
        if len(args) > 3 or any(v is not None for v in given[:len(args)]):
            raise TypeError("new_game() takes players, seed and rules once each: "
                            "new_game(seed=..., players=..., rules=...)")
        old = list(args) + list(given[len(args):])
        players, seed, rules = old  # type: ignore[assignment]  # the deprecated form
    return ZionGame(4 if players is None else players, 0 if seed is None else seed, rules)


def load(text: str) -> ZionGame:
    """Deprecated: use `cardkit.games.load_record`, the one way to load a record."""
    warnings.warn("cardkit.zioncheck.load is deprecated; use cardkit.games.load_record",
                  DeprecationWarning, stacklevel=2)
    return ZionGame.from_json(text)


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
