"""4-Player Xeri (RULES.md Part 2): rules options, plays, scoring, a seeded match and bots.

    >>> from cardkit.xeri import GreedyBot, new_match
    >>> from cardkit import play_out
    >>> match = play_out(new_match(7), [GreedyBot(seat, seed=seat) for seat in range(4)])
    >>> match.is_over, match.winner in (0, 1), len(match.round_scores) >= 4
    (True, True, True)
"""

from cardkit.xeri.bots import GreedyBot, RandomBot
from cardkit.xeri.events import EventKind, XeriEvent
from cardkit.xeri.match import XeriMatch, new_match
from cardkit.xeri.play import PlayOutcome, check_initial_pile, resolve_play
from cardkit.xeri.rules import PRESETS, SEAT_NAMES, TEAM_NAMES, PileRedeal, Rules, team_of
from cardkit.xeri.scoring import ScoreLine, ScoreSheet, card_points, score_round
from cardkit.xeri.view import XeriView

__all__ = [
    "PRESETS",
    "SEAT_NAMES",
    "TEAM_NAMES",
    "EventKind",
    "GreedyBot",
    "PileRedeal",
    "PlayOutcome",
    "RandomBot",
    "Rules",
    "ScoreLine",
    "ScoreSheet",
    "XeriEvent",
    "XeriMatch",
    "XeriView",
    "card_points",
    "check_initial_pile",
    "new_match",
    "resolve_play",
    "score_round",
    "team_of",
]
