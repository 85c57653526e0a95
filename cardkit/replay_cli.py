"""``cardkit replay RECORD.json``: narrate a saved game of either kind, step by step."""

from __future__ import annotations

import argparse
from pathlib import Path

from cardkit.records import replay_steps


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="narrate a saved game record (JSON) of either game")
    parser.add_argument("record", type=Path, help="a record written by `cardkit xeri/zion --json`")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    steps = replay_steps(args.record.read_text(encoding="utf-8"))
    for step in steps:
        for event in step.events:
            print(event.text)
    if steps:
        final = steps[-1].after
        print(f"-- {len(steps)} actions replayed; game over: {final.is_over}")
    return 0
