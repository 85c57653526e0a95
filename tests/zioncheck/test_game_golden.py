"""Golden records: seeded Zion Check bot games, narrated one event per line, compared line by line.

Each case has ``golden/<name>.json`` (the game record written by ``cardkit zion --json``) and
``golden/<name>.txt`` (the narration ``cardkit zion`` printed while the bots played it). The
record is replayed and its narration compared line by line with the text: this checks the
rules engine and its narration. The bots' choices depend on the solver's tie-breaking among
equally good go-downs, so a live game is only checked to be deterministic. When a change is
intended, regenerate the files from live play and review the diff:

    CARDKIT_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/zioncheck/test_game_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardkit.zioncheck import PRESETS, ZionGame, new_game
from cardkit.zioncheck.cli import make_bots, play_narrated

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "zion_seed_3_standard_4p": (3, 4, "standard", "greedy"),
    "zion_seed_5_may_i_3p": (5, 3, "may_i", "greedy,random"),
}
REGEN = os.environ.get("CARDKIT_REGEN_GOLDEN") == "1"


def narrate(name: str) -> tuple[str, ZionGame]:
    seed, players, rules, bots = CASES[name]
    lines: list[str] = []
    game = play_narrated(new_game(players=players, seed=seed, rules=PRESETS[rules]),
                         make_bots(bots, players, seed), printer=lines.append)
    return "\n".join(lines) + "\n", game


def write(name: str) -> None:
    text, game = narrate(name)
    (GOLDEN / f"{name}.txt").write_text(text, encoding="utf-8")
    record = json.dumps(json.loads(game.to_json()), indent=1, ensure_ascii=False)
    (GOLDEN / f"{name}.json").write_text(record + "\n", encoding="utf-8")


def compare_lines(actual: str, expected: str) -> None:
    got, want = actual.splitlines(), expected.splitlines()
    for number, (a, b) in enumerate(zip(got, want, strict=False), 1):
        assert a == b, f"line {number} differs:\n  got:  {a}\n  want: {b}"
    assert len(got) == len(want), f"{len(got)} lines, the golden record has {len(want)}"


def narrate_record(record: str) -> str:
    """The narration of a replayed record, as `play_narrated` prints it."""
    game = ZionGame.from_json(record)
    lines = [e.text for e in game.events]
    winners = ", ".join(f"Seat {s}" for s in game.winners)
    lines.append(f"Winner{'s' if len(game.winners) > 1 else ''}: {winners}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_replays_to_its_narration_line_by_line(name):
    if REGEN:
        write(name)
        pytest.skip(f"regenerated golden/{name}.*")
    record = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    compare_lines(narrate_record(record), (GOLDEN / f"{name}.txt").read_text(encoding="utf-8"))
    game = ZionGame.from_json(record)
    assert game.is_over and len(game.results) == 6
    assert json.loads(game.to_json()) == json.loads(record)


@pytest.mark.parametrize("name", sorted(CASES))
def test_seeded_bot_games_are_deterministic(name):
    text, game = narrate(name)
    again, replayed = narrate(name)
    assert again == text and replayed.to_json() == game.to_json()
    compare_lines(narrate_record(game.to_json()), text)
