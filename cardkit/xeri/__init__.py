"""4-Player Xeri (RULES.md Part 2): rules options, plays, scoring, a seeded match and bots.

    >>> from cardkit.xeri import GreedyBot, new_game
    >>> from cardkit import play_out
    >>> match = play_out(new_game(7), [GreedyBot(seat, seed=seat) for seat in range(4)])
    >>> match.is_over, match.phase, match.winner in (0, 1), len(match.results) >= 4
    (True, <Phase.OVER: 'over'>, True, True)
    >>> match.winners == (match.winner, match.winner + 2)
    True

The table's picture is `cardkit.xeri.draw.table_html`.
"""

from cardkit.xeri.bots import GreedyBot, RandomBot
from cardkit.xeri.events import EventKind, MatchEnd, XeriEvent
from cardkit.xeri.match import Phase, XeriMatch, load, new_game, new_match
from cardkit.xeri.play import PlayKind, PlayOutcome, check_initial_pile, resolve_play
from cardkit.xeri.rules import (
    PRESETS,
    SEAT_NAMES,
    TEAM_NAMES,
    MatchWinner,
    PileRedeal,
    Rules,
    rules_from_dict,
    seat_name,
    team_of,
)
from cardkit.xeri.scoring import (
    RoundResult,
    ScoreLine,
    ScoreSheet,
    TeamSheets,
    card_points,
    score_round,
)
from cardkit.xeri.view import XeriView

__all__ = [
    "PRESETS",
    "SEAT_NAMES",
    "TEAM_NAMES",
    "EventKind",
    "GreedyBot",
    "MatchEnd",
    "MatchWinner",
    "Phase",
    "PileRedeal",
    "PlayKind",
    "PlayOutcome",
    "RandomBot",
    "RoundResult",
    "Rules",
    "ScoreLine",
    "ScoreSheet",
    "TeamSheets",
    "XeriEvent",
    "XeriMatch",
    "XeriView",
    "card_points",
    "check_initial_pile",
    "load",
    "new_game",
    "new_match",
    "resolve_play",
    "rules_from_dict",
    "score_round",
    "seat_name",
    "team_of",
]
