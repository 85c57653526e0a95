"""Golden records: seeded Zion Check bot games, narrated one event per line, compared line by
line with ``golden/<name>.txt`` and ``golden/<name>.json``; see ``tests/golden.py`` to
regenerate them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import GoldenCase, check, play

GOLDEN = Path(__file__).parent / "golden"
# These records were made by an earlier greedy bot: they replay exactly, and today's bots'
# games are checked for determinism.
CASES = {
    "zion_seed_3_standard_4p": GoldenCase("zioncheck", 3, "standard", "greedy", players=4,
                                          bots_still_play_it=False),
    "zion_seed_5_may_i_3p": GoldenCase("zioncheck", 5, "may_i", "greedy,random", players=3,
                                       bots_still_play_it=False),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_game_and_its_record_narrate_line_by_line(name):
    check(GOLDEN, name, CASES[name])


@pytest.mark.parametrize("name", sorted(CASES))
def test_seeded_bot_games_are_deterministic(name):
    assert play(CASES[name]).to_json() == play(CASES[name]).to_json()
