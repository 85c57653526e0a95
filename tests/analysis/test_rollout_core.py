"""The fast greedy rollout (`cardkit.xeri.rollout_core.play_out`), run as plain Python (the
static site's path, without numba) and compiled (`cardkit.xeri.rollout_kernel`), gives the rules
core's rollout result for every card, on many sampled worlds of every preset, and leaves the
world as it was."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from cardkit.pimc import decide
from cardkit.xeri import PRESETS
from cardkit.xeri import GreedyBot as XeriGreedy
from cardkit.xeri import new_game as new_xeri
from cardkit.xeri import rollout as lean
from cardkit.xeri.analyst import rollout as rules_core_rollout
from cardkit.xeri.worlds import sample_world


@pytest.fixture
def plain_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lean, "compiled", lambda: None)


@pytest.mark.parametrize("path", ["plain Python", "compiled"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_fast_rollout_gives_the_rules_cores_result_for_every_card(
        preset: str, path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if path == "compiled":
        pytest.importorskip("numba")
        assert lean.compiled() is not None
    else:
        monkeypatch.setattr(lean, "compiled", lambda: None)
    rules = PRESETS[preset]
    checked = won = 0
    for seed in range(3):
        match = new_xeri(seed=seed, rules=rules)
        bots = [XeriGreedy(s, seed=s) for s in range(4)]
        rng = random.Random(f"core {preset} {seed}")
        while match.round_number < 3 and not match.is_over:
            seat = match.current_player
            hand = match.hand(seat)
            if len(hand) > 1 or rng.random() < 0.1:
                world = sample_world(match.observe(seat), rng)
                rollout_seed = rng.getrandbits(32)
                fast = lean.play_cards(world, seat, hand, "greedy", rollout_seed)
                slow = [rules_core_rollout(world.clone(), seat, card, "greedy", rollout_seed)
                        for card in hand]
                assert fast == slow, (preset, seed, match.round_number, len(match.history))
                checked += len(hand)
                won += sum(success for _, success in fast)
            match.apply(decide(bots[seat], match))
    assert checked > 300 and 0 < won < checked


def test_the_fast_rollout_leaves_the_world_as_it_was(plain_python: None) -> None:
    match = new_xeri(seed=5, rules=PRESETS["cut_shows_bottom"])
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    seat = match.current_player
    world = sample_world(match.observe(seat), random.Random(2))
    before = world.snapshot(), world.to_json()
    lean.play_cards(world, seat, world.hand(seat), "greedy", 7)
    assert (world.snapshot(), world.to_json()) == before


def test_where_numpy_and_numba_are_missing_the_analysis_runs_without_importing_them() -> None:
    code = """
import sys
for name in ("numpy", "pandas", "numba"):
    sys.modules[name] = None  # importing them fails, as in the browser
from cardkit.analysis import analyze
from cardkit.xeri import new_game
from cardkit.xeri import rollout
assert rollout.compiled() is None
print(analyze(new_game(seed=3), seconds=None, max_samples=16, seed=1).samples)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "16"
