"""4-Player Xeri (RULES.md Part 2): rules options, plays, scoring, a seeded match and bots.

    >>> from cardkit.xeri import GreedyBot, new_game
    >>> from cardkit import play_out
    >>> match = play_out(new_game(seed=7), [GreedyBot(seat, seed=seat) for seat in range(4)])
    >>> match.is_over, match.phase, match.winner in (0, 1), len(match.results) >= 4
    (True, <Phase.OVER: 'over'>, True, True)
    >>> match.winners == (match.winner, match.winner + 2)
    True

The table's picture is `cardkit.xeri.draw.table_html`. A record is loaded with
`cardkit.games.load_record`, the one way for every game.
"""

import warnings
from collections.abc import Sequence

from cardkit.cards import Card
from cardkit.xeri import match as _match
from cardkit.xeri.bots import GreedyBot, RandomBot
from cardkit.xeri.events import EventKind, MatchEnd, XeriEvent
from cardkit.xeri.match import Phase, XeriMatch, new_match
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


def new_game(*args: object, seed: int | None = None, players: int | None = None,
             rules: Rules | None = None, deck: Sequence[Card | str] | None = None,
             dealer: int | None = None) -> XeriMatch:
    """A new match, with the signature every game's ``new_game`` shares: ``seed`` (None: 0)
    picks the first dealer and shuffles every deal (XR-2.1); ``players`` is 4 or None
    (XR-1.1); ``rules`` None is the standard rules. ``deck`` and ``dealer`` stack the first
    round for lessons and tests (see `cardkit.xeri.match.new_game`).

    The old positional form ``new_game(seed, rules)`` still works for one release, with a
    DeprecationWarning.

    >>> new_game(seed=3, dealer=0).current_player
    1
    """
    if args:
        warnings.warn("cardkit.xeri.new_game takes keywords only: new_game(seed=..., "
                      "players=..., rules=...); the positional form new_game(seed, rules) "
                      "is deprecated", DeprecationWarning, stacklevel=2)
        if len(args) > 2 or (len(args) >= 1 and seed is not None) or \
                (len(args) == 2 and rules is not None):
            raise TypeError("new_game() takes seed and rules once each: new_game(seed=..., "
                            "rules=...)")
        seed = args[0]  # type: ignore[assignment]  # the deprecated form, checked by the core
        if len(args) == 2:
            rules = args[1]  # type: ignore[assignment]  # likewise
    return _match.new_game(seed=0 if seed is None else seed, rules=rules,
                           players=4 if players is None else players, deck=deck, dealer=dealer)


def load(text: str) -> XeriMatch:
    """Deprecated: use `cardkit.games.load_record`, the one way to load a record."""
    warnings.warn("cardkit.xeri.load is deprecated; use cardkit.games.load_record",
                  DeprecationWarning, stacklevel=2)
    return XeriMatch.from_json(text)


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
