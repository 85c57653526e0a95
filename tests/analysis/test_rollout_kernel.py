"""The compiled Xeri rollout (`cardkit.xeri.rollout_kernel`, `cardkit.xeri.rollout_core` compiled):
the analyst rates the same with or without numba, the kernel leaves the world as it was, and
the analyst bot keeps the greedy move unless it is shown worse. (That the compiled rollout gives
the rules core's result for every card, as the plain-Python one does, is in
``test_rollout_core.py``.)"""

from __future__ import annotations

import random

import pytest

from cardkit.analysis import analyze
from cardkit.xeri import GreedyBot as XeriGreedy
from cardkit.xeri import new_game as new_xeri
from cardkit.xeri import rollout as lean
from cardkit.xeri.worlds import sample_world

pytest.importorskip("numba")

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
