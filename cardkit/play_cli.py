"""``cardkit xeri`` and ``cardkit zion``: bots play a seeded game, narrated event by event.

Both commands are built from the game registry by one helper, so they take the same options
and seat their bots by the same seed rule (`cardkit.games.bot_seed`)::

    cardkit xeri --seed 3                       four greedy bots, every event in words
    cardkit xeri --seed 3 --rules target_151    a named preset (see cardkit.xeri.PRESETS)
    cardkit xeri --set rounds=2 --set jack_on_single_is_xeri=true
    cardkit zion --seed 3 --players 3 --bots greedy,random --json game.json
    cardkit zion --set 'contracts=[[2,0],[1,1],[0,2],[3,0],[2,1],[0,3]]' --quiet
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardkit.engine import BotLike, Game, deciders
from cardkit.games import GameSpec, game_names, get_game
from cardkit.i18n import Domain
from cardkit.rule_options import parse_setting, with_options

__all__ = ["add_parser", "commands", "narrate", "parse_setting", "play_narrated", "with_options"]

_ = Domain("cardkit").gettext



def commands() -> dict[str, str]:
    """The command word of each registered game (``cardkit zion`` plays "zioncheck")."""
    return {get_game(name).command or name: name for name in game_names()}


def narrate(spec: GameSpec, events: Iterable[Any], *, quiet: bool = False) -> Iterable[str]:
    """The lines that tell ``events``: each event's text with its rule, and the score sheets
    of a round or hand that ends; with ``quiet``, only those results."""
    for event in events:
        if quiet and not spec.is_result(event):
            continue
        yield from spec.narrate(event)


def play_narrated(spec: GameSpec, game: Game, bots: Sequence[BotLike], *, quiet: bool = False,
                  say: Callable[[str], Any] = print) -> Game:
    """Let ``bots`` (one per seat) finish ``game``, saying every event (or, with ``quiet``,
    only the results of each round or hand) and a closing summary; returns the game."""
    for line in narrate(spec, game.events, quiet=quiet):
        say(line)
    players = deciders(bots)  # each bot is handed its seat's view only
    while not game.is_over:
        seat = game.current_player
        for line in narrate(spec, game.apply(players[seat](game)), quiet=quiet):  # type: ignore[index]
            say(line)
    say(spec.summary(game, bots))
    return game


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"the seed must be 0 or more, not {value}")
    return value


def add_parser(sub: Any) -> None:
    """Add ``cardkit xeri`` and ``cardkit zion`` to the command line."""
    for command, name in commands().items():
        spec = get_game(name)
        low, high = spec.players
        parser = sub.add_parser(
            command, help=f"narrate a bot game of {spec.title}",
            formatter_class=argparse.ArgumentDefaultsHelpFormatter,
            description=f"Bots play a seeded game of {spec.title}; every event is narrated "
                        "with the rule it follows.")
        parser.add_argument("--seed", type=_seed, default=0, help="the game's seed")
        if low != high:
            parser.add_argument("--players", type=int, default=spec.default_players,
                                help=f"number of players, {low} or more" if high is None
                                else f"number of players, {low} to {high}")
        parser.add_argument("--rules", default="standard", metavar="PRESET",
                            help="rule preset: " + ", ".join(spec.presets))
        parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                            dest="options",
                            help=f"change one rule option of the preset (repeatable), such as "
                                 f"{spec.option_examples or 'rounds=2'}")
        parser.add_argument("--bots", default="greedy", metavar="KINDS",
                            help="bot kind per seat, comma separated and repeated to fill the "
                                 "seats: " + " or ".join(spec.bots))
        parser.add_argument("--json", metavar="FILE", help="write the game record to FILE")
        parser.add_argument("--quiet", action="store_true",
                            help="print only the results of each round or hand, and the end")
        parser.set_defaults(run=run, game=name)


def run(args: argparse.Namespace) -> int:
    """Play and narrate the game the parsed ``args`` describe; write its record if asked."""
    spec = get_game(args.game)
    rules = with_options(spec, spec.preset(args.rules), args.options)
    players = getattr(args, "players", None)
    game = spec.new(rules=rules, seed=args.seed, players=players)
    bots = spec.make_bots(args.bots, seed=args.seed, players=game.num_players)
    play_narrated(spec, game, bots, quiet=args.quiet)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            handle.write(game.to_json() + "\n")
        print(_("record written to {path}").format(path=args.json))
    return 0
