"""Game records: walk a record of any registered game step by step.

A record holds the rules, the seed and the actions (see each game's ``to_json``). Replaying it
gives the same game, which is how a turn stepper, the ``cardkit replay`` command and shared
positions work::

    >>> from cardkit.xeri import new_game
    >>> from cardkit import play_out
    >>> from cardkit.games import get_game
    >>> match = play_out(new_game(seed=3), get_game("xeri").make_bots("random", seed=3),
    ...                  max_actions=5)
    >>> steps = replay_steps(match.to_json())
    >>> len(steps), steps[0].seat == steps[0].before.current_player
    (5, True)
    >>> steps[-1].after.history == match.history
    True
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardkit.engine import Game
from cardkit.games import get_game, record_data
from cardkit.games import load_record as _load_record

__all__ = ["Step", "game_class", "load_record", "replay_steps"]


def load_record(text: str) -> Game:
    """Deprecated: use `cardkit.games.load_record`, the one way to load a record."""
    warnings.warn("cardkit.records.load_record is deprecated; use cardkit.games.load_record",
                  DeprecationWarning, stacklevel=2)
    return _load_record(text)


def game_class(name: str) -> type[Game]:
    """The game class for a record's ``"game"`` field (a registered game's name)."""
    return get_game(name).game_class


@dataclass(frozen=True)
class Step:
    """One action of a recorded game: who acted, what they did, what happened, and the states
    before and after (independent clones, safe to show or keep)."""

    index: int
    seat: int | None
    action: Any
    events: tuple[Any, ...]
    before: Game
    after: Game


def replay_steps(record: str | Game) -> list[Step]:
    """Every step of a recorded game, for steppers and analysis.

    ``record`` is a JSON record or a game (whose record is taken). States are snapshots made
    with ``clone()``; consecutive steps share the state between them. What happened before the
    first action (for Xeri the first dealer, cut, deal and redeals) is ``steps[0].before.events``.
    """
    text = record if isinstance(record, str) else record.to_json()
    data = record_data(text)
    cls = game_class(data["game"])
    actions: Sequence[Any] = cls.from_json(text).history
    game = cls.from_json(json.dumps({**data, "actions": []}))
    steps: list[Step] = []
    before = game.clone()
    for index, action in enumerate(actions):
        seat = game.current_player
        events = tuple(game.apply(action))
        after = game.clone()
        steps.append(Step(index, seat, action, events, before, after))
        before = after
    return steps
