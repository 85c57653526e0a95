"""``cardkit replay RECORD.json``: narrate a saved game of any registered game, step by step.

The narration starts with what happened before the first action (for Xeri: the first dealer,
the cut, the deal and any redeals), then the events of every action in turn, told as the game's
`cardkit.games.GameSpec.narrate` tells them (each Xeri round's itemised score sheets, as the
live narration of ``cardkit xeri`` prints them), and ends with who won (or where an unfinished
record stops).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardkit.games import get_game, load_record
from cardkit.i18n import Domain
from cardkit.records import replay_steps

_t = Domain("cardkit")
_ = _t.gettext

DESCRIPTION = (
    "Narrate a saved game record (the JSON that `cardkit GAME --json` or a game's to_json() "
    "writes), of any game: every event with its rule ID, each round's score sheets, and who "
    "won."
)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``replay`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser("replay", help="narrate a saved game record (JSON) of either game",
                            description=DESCRIPTION)
    parser.add_argument("record", type=Path, help="a record written by `cardkit GAME --json`")
    parser.set_defaults(run=run)


def _ending(game: Any, actions: int) -> str:
    """The last line: who won, or that the record stops before the end."""
    if not game.is_over:
        return "-- " + _("{count} actions replayed. The record stops here: the game is not "
                         "over.").format(count=actions)
    # TRANSLATORS: {summary} says who won the game and by how much
    return "-- " + _("{count} actions replayed. {summary}.").format(
        count=actions, summary=get_game(game.game_name).summary(game))


def narrate_record(text: str, say: Callable[[str], Any] = print) -> int:
    """Say every event of the recorded game, the opening events first; returns the actions."""
    steps = replay_steps(text)
    opening = steps[0].before if steps else load_record(text)
    spec = get_game(opening.game_name)
    for event in opening.events:  # each event in full: a round's score sheets itemised
        for line in spec.narrate(event):
            say(line)
    for step in steps:
        for event in step.events:
            for line in spec.narrate(event):
                say(line)
    final = steps[-1].after if steps else opening
    say(_ending(final, len(steps)))
    return len(steps)


def run(args: argparse.Namespace) -> int:
    """Narrate the record file named by ``args.record``."""
    narrate_record(args.record.read_text(encoding="utf-8"))
    return 0
