"""One golden-record helper for every game.

A golden case is a seeded bot game of a registered game, kept as two files in a ``golden/``
folder: ``<name>.txt``, its narration one event per line as ``cardkit <game>`` tells it (score
sheets included, the winner last), and ``<name>.json``, its record. A test compares a fresh game
with both, line by line, and replays the record to the same narration. When a change of the
rules core or the bots is intended, regenerate the files and review the diff (a record made by
an earlier bot keeps its ``.json``; only its narration is rewritten)::

    CARDKIT_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/xeri/test_xeri_golden.py
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardkit.engine import Game
from cardkit.games import bot_seed, get_game, load_record
from cardkit.play_cli import narrate

REGEN = os.environ.get("CARDKIT_REGEN_GOLDEN") == "1"


@dataclass(frozen=True)
class GoldenCase:
    """A seeded bot game: ``rules`` is a preset name or a Rules value, ``bots`` bot kinds
    ("greedy" or "greedy,random", repeated to fill the seats)."""

    game: str
    seed: int
    rules: Any = "standard"
    bots: str = "greedy"
    players: int | None = None
    seat_seed: Callable[[int, int], int] = bot_seed  # how each bot is seeded from the game's seed
    # False for records made by an earlier bot: only the record's replay is compared, and the
    # bots' fresh games are checked for determinism instead.
    bots_still_play_it: bool = True


def telling(game: Game) -> str:
    """The narration of a finished game: every event, then who won."""
    spec = get_game(game.game_name)
    return "\n".join([*narrate(spec, game.events), spec.summary(game)]) + "\n"


def play(case: GoldenCase) -> Game:
    spec = get_game(case.game)
    rules = spec.preset(case.rules) if isinstance(case.rules, str) else case.rules
    game = spec.new(rules=rules, seed=case.seed, players=case.players)
    kinds = case.bots.split(",")
    bots = [spec.bot(kinds[s % len(kinds)], s, seed=case.seat_seed(case.seed, s))
            for s in range(game.num_players)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
    return game


def write(folder: Path, name: str, case: GoldenCase) -> None:
    game = play(case)
    (folder / f"{name}.txt").write_text(telling(game), encoding="utf-8")
    record = json.dumps(json.loads(game.to_json()), indent=1, ensure_ascii=False)
    (folder / f"{name}.json").write_text(record + "\n", encoding="utf-8")


def compare_lines(actual: str, expected: str) -> None:
    got, want = actual.splitlines(), expected.splitlines()
    for number, (a, b) in enumerate(zip(got, want, strict=False), 1):
        assert a == b, f"line {number} differs:\n  got:  {a}\n  want: {b}"
    assert len(got) == len(want), f"{len(got)} lines, the golden record has {len(want)}"


def check(folder: Path, name: str, case: GoldenCase) -> None:
    """The case's fresh game matches its golden narration and record, and the stored record
    replays to the same narration (or, with CARDKIT_REGEN_GOLDEN=1, rewrite both files; a record
    that today's bots no longer play keeps its ``.json`` and only its narration is rewritten)."""
    if REGEN and case.bots_still_play_it:
        write(folder, name, case)
        pytest.skip(f"regenerated {folder.name}/{name}.*")
    record = (folder / f"{name}.json").read_text(encoding="utf-8")
    if REGEN:
        told = telling(load_record(record))
        (folder / f"{name}.txt").write_text(told, encoding="utf-8")
        pytest.skip(f"regenerated {folder.name}/{name}.txt from its record")
    expected = (folder / f"{name}.txt").read_text(encoding="utf-8")
    if case.bots_still_play_it:
        fresh = play(case)
        compare_lines(telling(fresh), expected)
        assert json.loads(fresh.to_json()) == json.loads(record)
    else:
        assert play(case).to_json() == play(case).to_json()
    replayed = load_record(record)
    assert replayed.is_over
    compare_lines(telling(replayed), expected)
