"""The ``cardkit`` command line.

    cardkit xeri --seed 3                  narrate a bot match of 4-Player Xeri
    cardkit zion --seed 3 --players 4      narrate a bot game of Zion Check
    cardkit replay match.json              narrate a saved record of either game
    cardkit serve [--port 8866]            serve the Voila apps on 127.0.0.1

Each game keeps its own sub-command in ``cardkit/<game>/cli.py`` (``add_parser``), so this
module only wires them together.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

_SUBCOMMANDS = ("cardkit.xeri.cli", "cardkit.zioncheck.cli", "cardkit.replay_cli",
                "cardkit.widgets.serve", "cardkit.sim_cli")


def parse_setting(setting: str, example: str) -> tuple[str, Any]:
    """Read one ``--set OPTION=VALUE`` of a game's command: the option's name and its value.

    A value is JSON (``3``, ``true``, ``null``, ``[[2,0],[1,1]]``, ``{"ace": 20}``), a word
    true/false/none in any case, or else the plain word (``draw_two``)::

        >>> parse_setting("target=251", "target=251"), parse_setting("x=Never", "")
        (('target', 251), ('x', 'Never'))
        >>> parse_setting("cut_shows_bottom=True", "")
        ('cut_shows_bottom', True)
    """
    name, sep, text = setting.partition("=")
    name, word = name.strip(), text.strip()
    if not sep or not name:
        raise ValueError(f"--set takes OPTION=VALUE such as {example}, not {setting!r}")
    words = {"true": True, "false": False, "none": None, "null": None}
    if word.lower() in words:
        return name, words[word.lower()]
    try:
        return name, json.loads(word)
    except json.JSONDecodeError:
        return name, word


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardkit", description="Zion Check and 4-Player Xeri: play, explain, simulate."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in _SUBCOMMANDS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name and error.name.startswith("cardkit"):
                continue  # that part of the package is not built yet
            raise
        module.add_parser(sub)
    return parser


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
