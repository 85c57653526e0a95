"""The compiled Xeri rollout (`cardkit.xeri.rollout_kernel`, `cardkit.xeri.rollout_core` compiled)
gives the rules-core rollout's result for every card, on many sampled worlds and every preset,
as the same function run as plain Python does (``test_rollout_core.py``), so the analyst rates
the same with or without numba."""

from __future__ import annotations

import random

import pytest

from cardkit.analysis import analyze
from cardkit.pimc import decide
from cardkit.xeri import PRESETS
from cardkit.xeri import GreedyBot as XeriGreedy
from cardkit.xeri import new_game as new_xeri
from cardkit.xeri import rollout as lean
from cardkit.xeri.analyst import rollout as python_rollout
from cardkit.xeri.worlds import sample_world

pytest.importorskip("numba")

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_compiled_rollout_gives_the_python_rollouts_margin_for_every_card(
        preset: str) -> None:
    assert lean.compiled() is not None
    rules = PRESETS[preset]
    checked = 0
    for seed in range(3):
        match = new_xeri(seed=seed, rules=rules)
        bots = [XeriGreedy(s, seed=s) for s in range(4)]
        rng = random.Random(f"kernel {preset} {seed}")
        while match.round_number < 3 and not match.is_over:
            seat = match.current_player
            hand = match.hand(seat)
            if len(hand) > 1 or rng.random() < 0.1:
                world = sample_world(match.observe(seat), rng)
                rollout_seed = rng.getrandbits(32)
                fast = lean.play_cards(world, seat, hand, "greedy", rollout_seed)
                slow = [python_rollout(world.clone(), seat, card, "greedy", rollout_seed)
                        for card in hand]
                assert fast == slow, (preset, seed, match.round_number, len(match.history))
                checked += len(hand)
            match.apply(decide(bots[seat], match))
    assert checked > 300


def test_the_kernel_leaves_the_world_as_it_was() -> None:
    match = new_xeri(seed=5)
    seat = match.current_player
    world = sample_world(match.observe(seat), random.Random(2))
    before = world.to_json(), world.locations()
    lean.play_cards(world, seat, world.hand(seat), "greedy", 7)
    assert (world.to_json(), world.locations()) == before


def test_the_analysis_is_the_same_with_and_without_the_compiled_kernel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = new_xeri(seed=8)
    for _ in range(7):
        match.apply(match.legal_actions()[0])
    compiled = analyze(match, seconds=None, max_samples=40, seed=4)
    monkeypatch.setattr(lean, "compiled", lambda: None)
    pure = analyze(match, seconds=None, max_samples=40, seed=4)
    assert (compiled.moves, compiled.stopped, compiled.samples) == (
        pure.moves, pure.stopped, pure.samples)


def test_the_analyst_bot_keeps_the_greedy_move_when_the_analysis_cannot_tell_it_worse() -> None:
    from cardkit.xeri.analyst import AnalystBot

    kept = overruled = 0
    for seed in range(12):
        match = new_xeri(seed=seed)
        seat = match.current_player
        bot = AnalystBot(seat, seed=seed, seconds=None, max_samples=60, win_tie_break=False)
        chosen = bot.choose(match.observe(seat))
        analysis = bot.last
        assert analysis is not None
        greedy = XeriGreedy(seat, seed=(seed * 1_000_003 + 1) & 0x7FFFFFFF).choose(
            match.observe(seat))
        rated = analysis.value_of(greedy)
        if rated.loss_low <= 0 and rated.samples == analysis.samples:
            assert chosen == greedy
            kept += greedy != analysis.best.action
        else:
            assert chosen == analysis.best.action != greedy
            overruled += 1
    assert kept and overruled  # both happen on these twelve deals


def test_the_kernel_is_the_plain_python_fast_path_compiled() -> None:
    from cardkit.xeri import rollout_core, rollout_kernel

    assert rollout_kernel.play_out.py_func is rollout_core.play_out  # one source, no copy
