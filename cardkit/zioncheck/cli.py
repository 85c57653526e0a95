"""``cardkit zion``: narrate a game of Zion Check played by bots, and save its record.

    cardkit zion --seed 3 --players 4                  greedy bots, every event narrated
    cardkit zion --seed 3 --rules may_i --quiet        only the hand scores and the winner
    cardkit zion --seed 3 --bots greedy,random --json game.json
    cardkit zion --seed 3 --set first_player_rule=upcard --set max_claims_per_hand=3
    cardkit zion --set 'contracts=[[2,0],[1,1],[0,2],[3,0],[2,1],[0,3]]' --set stuck_penalty=20
"""

from __future__ import annotations

import argparse
from dataclasses import fields
from typing import Any

from cardkit.cli import parse_setting
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.events import EventKind, seat_name
from cardkit.zioncheck.game import ZionGame, new_game
from cardkit.zioncheck.rules import PRESETS, Rules

__all__ = ["add_parser", "make_bots", "play_narrated", "with_options"]

_BOTS = {"greedy": GreedyBot, "random": RandomBot}


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``zion`` sub-command to the ``cardkit`` parser."""
    parser = sub.add_parser(
        "zion", help="narrate a bot game of Zion Check",
        description="Bots play a seeded game of Zion Check (six hands); every event is "
                    "narrated with the rule it follows.")
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    parser.add_argument("--players", type=int, default=4, help="number of players, 2 or more")
    parser.add_argument("--rules", default="standard", metavar="PRESET",
                        help=f"rule preset: {', '.join(PRESETS)} (default standard)")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        dest="options",
                        help="change one rule option of the preset (repeatable), such as "
                             "first_player_rule=draw_two, max_claims_per_hand=3, "
                             "allow_go_out_without_discard=true, num_decks=none, "
                             "deal_sizes=[7,7,7,7,7,7] or card_values={\"ace\":20}")
    parser.add_argument("--bots", default="greedy", metavar="KINDS",
                        help="bot kind per seat, comma separated, repeated to fill the seats: "
                             "greedy or random (default greedy)")
    parser.add_argument("--json", metavar="FILE", help="write the game record to FILE")
    parser.add_argument("--quiet", action="store_true",
                        help="print only hand results and the winner")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.rules not in PRESETS:
        raise ValueError(f"unknown rules preset {args.rules!r}: choose one of "
                         f"{', '.join(PRESETS)}")
    rules = with_options(PRESETS[args.rules], args.options)
    bots = make_bots(args.bots, args.players, args.seed)
    game = new_game(players=args.players, seed=args.seed, rules=rules)
    play_narrated(game, bots, quiet=args.quiet)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            handle.write(game.to_json())
        print(f"record written to {args.json}")
    return 0


def with_options(rules: Rules, settings: list[str]) -> Rules:
    """``rules`` with options changed by ``NAME=VALUE`` texts (see `cardkit.cli.parse_setting`:
    JSON such as ``3`` or ``[[2,0],[1,1],...]``, true/false/none, or a plain word such as
    ``draw_two``). Every `Rules` field can be set.

    >>> r = with_options(Rules(), ["first_player_rule=upcard", "max_claims_per_hand=3"])
    >>> r.first_player_rule.value, r.max_claims_per_hand
    ('upcard', 3)
    """
    names = [f.name for f in fields(Rules)]
    data = rules.to_dict()
    for setting in settings:
        name, value = parse_setting(setting, "max_claims_per_hand=3")
        if name not in names:
            raise ValueError(f"unknown Zion Check rule option {name!r}; the options are "
                             f"{', '.join(names)}")
        data[name] = value
    return Rules.from_dict(data)


def make_bots(kinds_text: str, players: int, seed: int) -> list[Any]:
    """Bots from text such as ``"greedy"`` or ``"greedy,random"`` (repeated to fill the seats);
    random bots get seeds derived from the game's seed."""
    kinds = [k.strip().lower() for k in kinds_text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in _BOTS]
    if bad or not kinds:
        raise ValueError(f"unknown bot kind(s) {', '.join(bad) or '(none)'}: use greedy or "
                         "random, comma separated")
    return [_BOTS[kinds[s % len(kinds)]](s, seed=seed * 1000 + s) for s in range(players)]


def play_narrated(game: ZionGame, bots: list[Any], *, quiet: bool = False,
                  printer: Any = print) -> ZionGame:
    """Let ``bots`` play ``game`` to the end, printing the narration (or only the results)."""
    if not quiet:
        for event in game.events:
            printer(event.text)
    while not game.is_over:
        seat = game.current_player
        for event in game.apply(bots[seat].choose(game)):  # type: ignore[index]
            if not quiet or event.kind in (EventKind.HAND_END, EventKind.GAME_END):
                printer(event.text)
    if quiet:
        return game
    winners = ", ".join(seat_name(s) for s in game.winners)
    printer(f"Winner{'s' if len(game.winners) > 1 else ''}: {winners}")
    return game
