"""The analyst's use of the flat rollout: `cardkit.zioncheck.flat.world.rollout_all` gives
what `cardkit.zioncheck.analyst.rollout` gives for every action of a decision, in every phase
(ZC-6 draw or take, ZC-8 the claim window, the play), and leaves the world alone; an analysis
is the same with and without the compiled rollout; `flat_rollouts` answers None, and the
analyst the rules core's way, where numba or threads are missing."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

import cardkit.zioncheck.analyst as zion_analyst
from cardkit.analysis import analyze
from cardkit.pimc import decide
from cardkit.zioncheck import GreedyBot, new_game
from cardkit.zioncheck.analyst import move_key, sample_hand_world
from cardkit.zioncheck.analyst import rollout as rollout_python
from cardkit.zioncheck.flat.jit import compiled
from cardkit.zioncheck.flat.ready import flat_rollouts
from cardkit.zioncheck.flat.world import rollout_all
from cardkit.zioncheck.rules import Rules

TABLES = {
    "standard, 4 players": (4, Rules()),
    "2 players, 1 deck, claims cost two cards": (
        2, Rules(num_decks=1, claim_penalty_cards=2, max_turns_per_hand=120)),
    "5 players, upcard, one claim a hand, go out without a discard": (
        5, Rules(first_player_rule="upcard", max_claims_per_hand=1,
                 allow_go_out_without_discard=True)),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_rollout_all_gives_each_actions_rollout_and_leaves_the_world(name: str) -> None:
    players, rules = TABLES[name]
    game = new_game(players=players, seed=21, rules=rules)
    bots = [GreedyBot(s) for s in range(players)]
    rng = random.Random(f"zion flat rollout_all {name}")
    phases: Counter[str] = Counter()
    while game.hand_number <= 2 and not game.is_over:
        seat = game.current_player
        if rng.random() < 0.08:
            world = sample_hand_world(game.observe(seat), rng)
            actions = list({move_key(a): a for a in world.legal_actions()}.values())
            seed = rng.getrandbits(32)
            before = world.snapshot()
            flat = rollout_all(world, seat, actions, seed)
            assert world.snapshot() == before
            assert flat == [rollout_python(world.clone(), seat, action, "greedy", seed)
                            for action in actions]
            phases[game.phase.value] += 1
        game.apply(decide(bots[seat], game))
    assert {"draw", "play"} <= set(phases), phases
    if players > 2:  # at two players nobody but the discarder could claim
        assert "claim" in phases, phases


@pytest.mark.skipif(not compiled(), reason="numba is not installed here")
def test_an_analysis_is_the_same_with_and_without_the_compiled_rollout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert flat_rollouts(wait=True) is not None
    games = []
    for seed in (3, 8):
        game = new_game(players=4, seed=seed)
        bots = [GreedyBot(s) for s in range(4)]
        for _ in range(30):
            game.apply(decide(bots[game.current_player], game))
        games.append(game)
    fast = [analyze(game, seconds=None, max_samples=24, seed=5) for game in games]
    monkeypatch.setattr(zion_analyst, "flat_rollouts", lambda wait=False: None)
    slow = [analyze(game, seconds=None, max_samples=24, seed=5) for game in games]
    assert [a.moves for a in fast] == [a.moves for a in slow]
    assert [a.stopped for a in fast] == [a.stopped for a in slow]


_WITHOUT = """
import importlib.util, sys, threading
{patch}
from cardkit.zioncheck.flat.ready import flat_rollouts
from cardkit.analysis import analyze
from cardkit.pimc import decide
from cardkit.zioncheck import GreedyBot, new_game
game = new_game(players=4, seed=1)
bots = [GreedyBot(s) for s in range(4)]
for _ in range(12):
    game.apply(decide(bots[game.current_player], game))
result = analyze(game, seconds=None, max_samples=8, seed=1)
print(flat_rollouts() is None, flat_rollouts(wait=True) is None,
      len(result.moves) > 1 and result.samples == 8)
"""


@pytest.mark.parametrize("patch", [
    "real = importlib.util.find_spec\n"
    "importlib.util.find_spec = lambda name, *a: None if name == 'numba' else real(name, *a)",
    "def refuse(self): raise RuntimeError(\"can't start new thread\")\n"
    "threading.Thread.start = refuse",
], ids=["no numba", "no threads"])
def test_without_numba_or_threads_the_rules_core_rolls_out(patch: str) -> None:
    done = subprocess.run([sys.executable, "-c", _WITHOUT.format(patch=patch)],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["True", "True", "True"]
