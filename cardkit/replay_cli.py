"""``cardkit replay RECORD.json``: narrate a saved game of either kind, step by step.

The narration starts with what happened before the first action (for Xeri: the first dealer,
the cut, the deal and any redeals), then the events of every action in turn, with each Xeri
round's itemised score sheets, as the live narration of ``cardkit xeri`` prints them, and ends
with who won (or where an unfinished record stops).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardkit.records import load_record, replay_steps

DESCRIPTION = (
    "Narrate a saved game record (the JSON that `cardkit xeri --json`, `cardkit zion --json` or "
    "a game's to_json() writes), of either game: every event with its rule ID, each Xeri "
    "round's score sheets, and who won."
)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``replay`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser("replay", help="narrate a saved game record (JSON) of either game",
                            description=DESCRIPTION)
    parser.add_argument("record", type=Path, help="a record written by `cardkit xeri/zion --json`")
    parser.set_defaults(run=run)


def _say_event(event: Any, say: Callable[[str], Any]) -> None:
    say(event.text)
    sheets = getattr(event, "sheets", None)
    if getattr(event.kind, "name", "") == "ROUND_SCORED" and hasattr(sheets, "items"):
        from cardkit.xeri import TEAM_NAMES

        for team, sheet in sheets.items():  # itemised, as the live narration prints them
            say(f"  {TEAM_NAMES[team]}:")
            for line in str(sheet).splitlines():
                say(f"    {line}")


def _ending(game: Any, actions: int) -> str:
    """The last line: who won, or that the record stops before the end."""
    if not game.is_over:
        return f"-- {actions} actions replayed. The record stops here: the game is not over."
    if game.game_name == "xeri":
        from cardkit.xeri import TEAM_NAMES

        won, totals = game.rounds_won, game.totals
        rounds = "1 round" if game.round_number == 1 else f"{game.round_number} rounds"
        return (f"-- {actions} actions replayed. {TEAM_NAMES[game.winner]} win the match after "
                f"{rounds}: rounds won {won[0]}–{won[1]}, points {totals[0]}–{totals[1]}.")
    from cardkit.zioncheck.events import seat_name

    names = ", ".join(seat_name(seat) for seat in game.winners)
    plural = "s" if len(game.winners) > 1 else ""
    return f"-- {actions} actions replayed. Winner{plural}: {names}."


def narrate_record(text: str, say: Callable[[str], Any] = print) -> int:
    """Say every event of the recorded game, the opening events first; returns the actions."""
    steps = replay_steps(text)
    opening = steps[0].before if steps else load_record(text)
    for event in opening.events:
        _say_event(event, say)
    for step in steps:
        for event in step.events:
            _say_event(event, say)
    final = steps[-1].after if steps else opening
    say(_ending(final, len(steps)))
    return len(steps)


def run(args: argparse.Namespace) -> int:
    """Narrate the record file named by ``args.record``."""
    narrate_record(args.record.read_text(encoding="utf-8"))
    return 0
