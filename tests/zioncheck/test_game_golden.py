"""Golden records: seeded Zion Check bot games, narrated one event per line, compared line by line.

Each case has ``golden/<name>.txt`` (the narration that ``cardkit zion`` prints) and
``golden/<name>.json`` (the game record). When a change of the rules core or the bots is
intended, regenerate them and review the diff:

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


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_narration_line_by_line(name):
    if REGEN:
        write(name)
        pytest.skip(f"regenerated golden/{name}.*")
    text, _ = narrate(name)
    compare_lines(text, (GOLDEN / f"{name}.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_replays_to_the_same_game(name):
    record = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    game = ZionGame.from_json(record)
    assert game.is_over
    _, played = narrate(name)
    assert json.loads(played.to_json()) == json.loads(record)
    narration = [e.text for e in game.events]
    assert narration == [e.text for e in played.events]
