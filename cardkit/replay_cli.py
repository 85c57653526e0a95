"""``cardkit replay RECORD.json``: narrate a saved game of either kind, step by step.

The narration starts with what happened before the first action (for Xeri: the first dealer,
the cut, the deal and any redeals), then the events of every action in turn.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardkit.records import load_record, replay_steps


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``replay`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser("replay", help="narrate a saved game record (JSON) of either game")
    parser.add_argument("record", type=Path, help="a record written by `cardkit xeri/zion --json`")
    parser.set_defaults(run=run)


def narrate_record(text: str, say: Callable[[str], Any] = print) -> int:
    """Say every event of the recorded game, the opening events first; returns the actions."""
    steps = replay_steps(text)
    opening = steps[0].before if steps else load_record(text)
    for event in opening.events:
        say(event.text)
    for step in steps:
        for event in step.events:
            say(event.text)
    final = steps[-1].after if steps else opening
    say(f"-- {len(steps)} actions replayed; game over: {final.is_over}")
    return len(steps)


def run(args: argparse.Namespace) -> int:
    """Narrate the record file named by ``args.record``."""
    narrate_record(args.record.read_text(encoding="utf-8"))
    return 0
