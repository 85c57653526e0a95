"""``cardkit xeri``: narrate a seeded bot match of 4-Player Xeri and optionally save its record.

    cardkit xeri --seed 3                     four GreedyBots, every event in words
    cardkit xeri --seed 3 --rules target_151  a named preset (see cardkit.xeri.PRESETS)
    cardkit xeri --seed 3 --set rounds=2 --set jack_on_single_is_xeri=true
                                              any option of cardkit.xeri.Rules
    cardkit xeri --seed 3 --json match.json   also write the record for replay
    cardkit xeri --seed 3 --quiet             only the result
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from cardkit.cli import parse_setting
from cardkit.xeri.bots import GreedyBot, RandomBot
from cardkit.xeri.events import EventKind
from cardkit.xeri.match import XeriMatch, new_match
from cardkit.xeri.rules import PRESETS, SEAT_NAMES, TEAM_NAMES, Rules, rules_from_dict

__all__ = ["add_parser", "make_bots", "play_narrated", "preset", "run", "with_options"]

_BOTS = {"greedy": GreedyBot, "random": RandomBot}


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``xeri`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser(
        "xeri", help="narrate a bot match of 4-Player Xeri",
        description="Play a seeded match of 4-Player Xeri between bots and narrate every event "
                    "with the rule that applies.")
    parser.add_argument("--seed", type=int, default=0, help="the match seed (default 0)")
    parser.add_argument("--rules", default="standard", metavar="PRESET",
                        help="rule preset: " + ", ".join(PRESETS) + " (default standard)")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        dest="options",
                        help="change one rule option of the preset, such as target=251, "
                             "rounds=2, initial_pile_redeal=never or cut_shows_bottom=true "
                             "(repeatable)")
    parser.add_argument("--bots", default="greedy", metavar="KINDS",
                        help="greedy or random, or one per seat N,E,S,W such as "
                             "greedy,random,greedy,random (default greedy)")
    parser.add_argument("--json", metavar="FILE", help="write the match record (JSON) to FILE")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.set_defaults(run=run)
    return parser


def preset(name: str) -> Rules:
    """The rules of a named preset, with a clear error for an unknown name."""
    if name not in PRESETS:
        raise ValueError(f"unknown Xeri rules preset {name!r}; choose one of "
                         + ", ".join(PRESETS))
    return PRESETS[name]


def with_options(rules: Rules, settings: list[str]) -> Rules:
    """``rules`` with options changed by ``NAME=VALUE`` texts (see `cardkit.cli.parse_setting`).

    >>> with_options(Rules(), ["target=251", "cut_shows_bottom=True"]).changes()
    {'cut_shows_bottom': True, 'target': 251}
    """
    data = rules.to_dict()
    for setting in settings:
        name, value = parse_setting(setting, "target=251 or cut_shows_bottom=true")
        data[name] = value
    return rules_from_dict(data)


def make_bots(kinds: str, seed: int) -> list[Any]:
    """Bots for the four seats from ``"greedy"``, ``"random"`` or four comma-separated kinds."""
    names = [k.strip().lower() for k in kinds.split(",")]
    if len(names) == 1:
        names *= 4
    if len(names) != 4 or any(n not in _BOTS for n in names):
        raise ValueError(f"--bots takes greedy or random, or four of them separated by commas "
                         f"(one per seat N,E,S,W), not {kinds!r}")
    return [_BOTS[name](seat, seed=seed * 4 + seat) for seat, name in enumerate(names)]


def play_narrated(match: XeriMatch, bots: list[Any], out: TextIO | None) -> XeriMatch:
    """Let ``bots`` (one per seat) finish ``match``, writing each event and each round's score
    sheets to ``out`` (nothing when ``out`` is None); returns the match."""
    def say(events: list[Any]) -> None:
        if out is None:
            return
        for event in events:
            print(event.text, file=out)
            if event.kind is EventKind.ROUND_SCORED:
                for team, sheet in event.extra.items():
                    print(f"  {TEAM_NAMES[team]}:", file=out)
                    for line in str(sheet).splitlines():
                        print(f"    {line}", file=out)

    say(match.events)
    while not match.is_over:
        say(match.apply(bots[match.current_player].choose(match)))
    return match


def run(args: argparse.Namespace) -> int:
    """Play and narrate the match the parsed ``args`` describe; write its record if asked."""
    rules = with_options(preset(args.rules), args.options)
    bots = make_bots(args.bots, args.seed)
    match = play_narrated(new_match(args.seed, rules), bots, None if args.quiet else sys.stdout)
    totals, won = match.totals, match.rounds_won
    rounds = "1 round" if match.round_number == 1 else f"{match.round_number} rounds"
    print(f"{TEAM_NAMES[match.winner]} win the match after {rounds}: "
          f"rounds won {won[0]}–{won[1]}, points {totals[0]}–{totals[1]} "
          f"({', '.join(f'{SEAT_NAMES[b.seat]} {type(b).__name__}' for b in bots)})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            handle.write(match.to_json() + "\n")
        print(f"record written to {args.json}")
    return 0
