"""The fast greedy rollout of a Zion Check hand (`cardkit.zioncheck.rollout_core.play_hand`, the
path of `cardkit.zioncheck.analyst.rollout`) plays the same hand as the rules core with
greedy bots handed their views (`rollout_rules_core`): the same actions, the same final state
and the same result, on many sampled worlds of every preset and of the options a hand's play
depends on (2 to 8 players and 1 to 3 decks, ZC-1.2; claims with penalty cards and limits,
ZC-8.1, ZC-8.3; the three first-player rules, ZC-7.1; going out without a discard, ZC-13.1;
taking and discarding the same card, ZC-6.1; the stock running out, ZC-6.2; the stuck penalty,
ZC-13.2; the length guard, ZC-6.3; joker exchanges, ZC-12.1; lay-offs, ZC-11.2; the hand's
points, ZC-14.1)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardkit.pimc import decide
from cardkit.zioncheck import GreedyBot, new_game
from cardkit.zioncheck.analyst import (
    move_key,
    rollout,
    rollout_rules_core,
    sample_hand_world,
)
from cardkit.zioncheck.record import game_snapshot
from cardkit.zioncheck.rollout_core import play_hand
from tests.zion_tables import OPTIONS


def _both_ways(world: Any, action: Any, seed: int) -> tuple[Any, Any]:
    """``action`` then the rest of the hand, through the rules core and the fast path: each
    side's (actions after ``action``, state without history and events, the hand's result)."""
    players = world._players
    done = len(world._results)
    slow = world.clone()
    slow.apply(action)
    start = len(slow._history)
    bots = [GreedyBot(s, seed=seed + s) for s in range(players)]
    while len(slow._results) == done:
        slow.apply(bots[slow._current].choose(slow.observe(slow._current)))
    fast = world.clone()
    fast.apply(action)
    trace: list[Any] = []
    if len(fast._results) == done:
        play_hand(fast, [GreedyBot(s, seed=seed + s) for s in range(players)], trace)
    sides = []
    for game, actions in ((slow, slow._history[start:]), (fast, trace)):
        state = game_snapshot(game)
        del state["history"], state["events"]
        sides.append((actions, state, game._results[done]))
    return sides[0], sides[1]


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_fast_rollout_plays_the_hand_the_rules_core_plays(name: str) -> None:
    players, rules = OPTIONS[name]
    kinds: Counter[str] = Counter()
    checked = 0
    for seed in range(2):
        game = new_game(players=players, seed=seed, rules=rules)
        bots = [GreedyBot(s) for s in range(players)]
        rng = random.Random(f"zion core {name} {seed}")
        # decisions through the first three hands, so that later contracts are played too
        while game.hand_number <= 3 and not game.is_over:
            seat = game.current_player
            if rng.random() < 0.08:
                view = game.observe(seat)
                # a sampled world (ends with its hand) and the true game (deals the next)
                for world in (sample_hand_world(view, rng), game.clone()):
                    distinct = {move_key(a): a for a in world.legal_actions()}
                    rollout_seed = rng.getrandbits(32)
                    for action in distinct.values():
                        slow, fast = _both_ways(world, action, rollout_seed)
                        where = (name, seed, len(game.history), str(action))
                        assert fast[0] == slow[0], where
                        assert fast[1] == slow[1], where
                        assert fast[2] == slow[2], where
                        assert (rollout(world.clone(), seat, action, "greedy", rollout_seed)
                                == rollout_rules_core(world.clone(), seat, action, "greedy",
                                                      rollout_seed)), where
                        kinds.update(type(a).__name__ for a in fast[0])
                        checked += 1
            game.apply(decide(bots[seat], game))
    assert checked >= 20, checked
    # the hands played reached the moves that matter (else the equality above says little)
    assert {"DrawStock", "TakeDiscard", "Pass", "Discard", "GoDown", "LayOff"} <= set(kinds), (
        kinds)


def test_the_options_together_reach_every_kind_of_move_and_ending() -> None:
    """Across the options above, the fast path has played claims, joker exchanges,
    reshuffles of the stock and every way a hand ends (counted by one rollout of each
    distinct action at a few positions of each)."""
    kinds: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    reshuffled = 0
    for name, (players, rules) in sorted(OPTIONS.items()):
        game = new_game(players=players, seed=3, rules=rules)
        bots = [GreedyBot(s) for s in range(players)]
        rng = random.Random(f"zion reach {name}")
        while game.hand_number <= 2 and not game.is_over:
            if rng.random() < 0.1:
                world = sample_hand_world(game.observe(game.current_player), rng)
                for action in {move_key(a): a for a in world.legal_actions()}.values():
                    played = world.clone()
                    played.apply(action)
                    if not played._results:
                        trace: list[Any] = []
                        result = play_hand(played, [GreedyBot(s) for s in range(players)],
                                           trace)
                        kinds.update(type(a).__name__ for a in trace)
                        endings[result.reason.name] += 1
                        reshuffled += bool(played._pool)
            game.apply(decide(bots[game.current_player], game))
    assert {"Claim", "ExchangeJoker", "GoDown", "LayOff"} <= set(kinds), kinds
    assert set(endings) == {"WENT_OUT", "LENGTH_GUARD", "STOCK_EXHAUSTED"} or (
        {"WENT_OUT", "LENGTH_GUARD"} <= set(endings)), endings
    assert reshuffled > 0
