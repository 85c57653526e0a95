"""Go Fish, a third game that lives outside cardkit: the proof that one `GameSpec` is enough.

    >>> from gofish import new_game
    >>> game = new_game(seed=3, players=3)
    >>> game.num_players, len(game.hand(0)), game.current_player
    (3, 5, 0)
"""

from __future__ import annotations

from gofish.bots import GreedyBot, RandomBot
from gofish.events import EventKind
from gofish.game import GoFishGame
from gofish.rules import PRESETS, Ask, Phase, Rules

__all__ = ["PRESETS", "Ask", "EventKind", "GoFishGame", "GreedyBot", "Phase", "RandomBot",
           "Rules", "new_game"]


def new_game(*, seed: int | None = None, players: int | None = None,
             rules: Rules | None = None) -> GoFishGame:
    """A new game (seed None: 0; players None: 2), the signature every game shares."""
    return GoFishGame(2 if players is None else players, 0 if seed is None else seed, rules)
