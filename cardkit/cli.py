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

Every command that narrates or prints sentences (``xeri``, ``zion``, ``replay``, ``simulate``,
``analyze``) takes ``--lang en`` or ``--lang ja``; without it the language comes from the
environment as gettext reads it, ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG`` (the first one
set): one that names Japanese (``ja_JP.UTF-8``) chooses Japanese, anything else English. The
help text stays English.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from cardkit.games import game_names, get_game
from cardkit.i18n import language, normalize_language
from cardkit.play_cli import parse_setting

__all__ = ["LANG_COMMANDS", "build_parser", "language_from_environment", "main", "parse_setting"]

LANG_COMMANDS = ("replay", "simulate", "analyze")
"""The commands besides the games' own that print sentences, and so take ``--lang``."""

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
    speaking = {get_game(name).command or name for name in game_names()} | set(LANG_COMMANDS)
    for command, subparser in sub.choices.items():
        if command in speaking:
            subparser.add_argument(
                "--lang", type=_language, default=None, metavar="LANG",
                help="the language of every sentence: en (English) or ja (Japanese); default: "
                     "LC_ALL, LC_MESSAGES or LANG when it names Japanese, else English")
    return parser


def _language(text: str) -> str:
    try:
        return normalize_language(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """"ja" when the locale's messages are Japanese, else "en": the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set and not empty decides, as in gettext.

        >>> language_from_environment({"LANG": "ja_JP.UTF-8"})
        'ja'
        >>> language_from_environment({"LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"})
        'en'
    """
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            try:
                return normalize_language(value)
            except ValueError:  # C, POSIX, fr_FR: not a language cardkit speaks
                return "en"
    return "en"


def _add_unavailable(sub: Any, command: str, extra: str, missing: str) -> None:
    def explain(args: argparse.Namespace) -> int:
        raise ValueError(f"`cardkit {command}` needs the package {missing!r}, which is not "
                         f"installed: pip install 'cardkit[{extra}]'")

    parser = sub.add_parser(command, help=f"(needs: pip install 'cardkit[{extra}]')")
    parser.set_defaults(run=explain)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    with language(getattr(args, "lang", None) or language_from_environment()):
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
