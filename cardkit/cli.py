"""The ``cardkit`` command line.

    cardkit xeri --seed 3                  narrate a bot match of 4-Player Xeri
    cardkit zion --seed 3 --players 4      narrate a bot game of Zion Check
    cardkit replay match.json              narrate a saved record of either game
    cardkit simulate xeri --rounds 1000    simulate many games (see cardkit.sim)
    cardkit serve [--port 8866]            serve the Voila apps on 127.0.0.1
    cardkit lite [--out DIR] [--serve]     build the apps as a static site (runs in the browser)
    cardkit analyze game.json --seat 0     rate one seat's decisions in a saved game

The games' commands are built from the game registry (`cardkit.play_cli`); this module only
wires the sub-commands together and turns bad input into one clear line on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from cardkit.games import game_names, get_game
from cardkit.play_cli import parse_setting

__all__ = ["build_parser", "main", "parse_setting"]

# Each module adds its sub-commands with ``add_parser(sub)``; a value names the extra whose
# packages the module needs (None: always available).
_SUBCOMMANDS = {
    "cardkit.play_cli": None,
    "cardkit.replay_cli": None,
    "cardkit.sim_cli": "sim",
    "cardkit.widgets.serve": "apps",
    "cardkit.lite": None,
    "cardkit.analyze_cli": None,
}
_COMMAND_OF = {"cardkit.widgets.serve": "serve", "cardkit.sim_cli": "simulate"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardkit", description=" and ".join(get_game(name).title for name in game_names())
        + ": play, explain, simulate.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name, extra in _SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            # A missing optional package (voila for `serve`, pandas for `simulate`) leaves the
            # rest of the command line working; a broken import inside cardkit is a bug and is
            # raised, never hidden.
            if extra is None or (error.name or "").split(".")[0] == "cardkit":
                raise
            _add_unavailable(sub, _COMMAND_OF[module_name], extra, error.name or "?")
            continue
        module.add_parser(sub)
    return parser


def _add_unavailable(sub: Any, command: str, extra: str, missing: str) -> None:
    def explain(args: argparse.Namespace) -> int:
        raise ValueError(f"`cardkit {command}` needs the package {missing!r}, which is not "
                         f"installed: pip install 'cardkit[{extra}]'")

    parser = sub.add_parser(command, help=f"(needs: pip install 'cardkit[{extra}]')")
    parser.set_defaults(run=explain)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader stopped early (`cardkit xeri | head`): not an error. Point stdout at
        # devnull so that Python's own flush at exit does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ValueError, OSError) as error:
        print(f"cardkit: {error}", file=sys.stderr)
        return 2
