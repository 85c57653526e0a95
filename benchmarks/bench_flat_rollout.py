"""Where the compiled flat Zion Check rollout spends its time (issue 19): CPU µs per rollout
of `cardkit.zioncheck.flat.hand.play_after` on the analyst's own worlds, and the share of the
solver, tally and table kernels in it.

    .venv/bin/python benchmarks/bench_flat_rollout.py [--positions 12] [--worlds 30]

Worlds: a discard decision early in a hand at a table of four greedy bots (the decision of
`bench_analysis.zion_position`, in hand ``1 + seed % 6`` so that every contract of the
standard rules is played) for each of ``--positions`` seeds, ``--worlds`` worlds sampled from
the player's view each (`cardkit.zioncheck.analyst.sample_hand_world`), every legal discard
played flat as `cardkit.zioncheck.flat.world.rollout_all` plays it. All times are CPU time
(`time.process_time`), best of ``--repeat`` passes over all the rollouts, the kernels compiled
(or loaded from numba's cache) before the clock starts.

The split: a child process with ``NUMBA_DISABLE_JIT=1`` plays the same rollouts as plain
Python with the hand loop's calls of the solver, tally and table functions wrapped to record
their arguments; this process then times each function compiled over the very inputs it got
(up to `SAMPLE` calls spread evenly over them, so that they stay in the processor's caches as
in a rollout), in a compiled loop: µs per call, and per rollout (times its calls a rollout).
What the timed functions leave of the rollout's time is the hand loop's own work (`hand.py`:
the bots' memory of the go-downs asked, the moves, the copies of the world). ``--calls FILE``
keeps the recorded calls (large: about a gigabyte for the defaults) for another run.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from random import Random
from typing import Any

import numpy as np

Call = tuple[Any, ...]
SAMPLE = 2000
"""Calls of each function timed (evenly spread over its calls)."""

# the hand loop's callees timed (by name in cardkit.zioncheck.flat.hand); the others are cheap
# or seldom called
WRAPPED = ("find_go_down", "can_go_down", "might_go_down", "least_useful", "summary",
           "joker_to_free", "lay_off_choice", "costliest_discard")


def cpu() -> float:
    return time.process_time()


def position(seed: int, hand: int) -> Any:
    """A seeded game of four greedy bots at a discard decision early in hand ``hand`` (a
    discard after drawing with more than three choices, as `bench_analysis.zion_position`)."""
    from cardkit.pimc import decide
    from cardkit.zioncheck import GreedyBot, new_game

    game = new_game(players=4, seed=seed)
    bots = [GreedyBot(s) for s in range(4)]
    while game.hand_number < hand:
        game.apply(decide(bots[game.current_player], game))
    for _ in range(12):
        game.apply(decide(bots[game.current_player], game))
    while not (game.phase.value == "play" and len(game.legal_actions()) > 3):
        game.apply(decide(bots[game.current_player], game))
    return game


def worlds(positions: int, per_position: int) -> list[tuple[Any, list[int]]]:
    """(flat world, discard codes) of each sampled world: the rollouts to time."""
    from cardkit.zioncheck.actions import Discard
    from cardkit.zioncheck.analyst import sample_hand_world
    from cardkit.zioncheck.flat.world import flat_world

    out = []
    for seed in range(positions):
        game = position(seed, 1 + seed % 6)  # every contract of the standard rules
        seat = game.current_player
        view = game.observe(seat)
        rng = Random(seed)
        for _ in range(per_position):
            world = sample_hand_world(view, rng)
            cards = [a.card.code for a in world.legal_actions() if isinstance(a, Discard)]
            out.append((flat_world(world), cards))
    return out


def _no_memo() -> tuple[np.ndarray, ...]:
    """The arguments `play_after` takes after ``card``: none, or (once the hand loop remembers
    the solver's answers) an empty memory, so that every search is timed."""
    from cardkit.zioncheck.flat.hand import play_after

    function = getattr(play_after, "py_func", play_after)
    if function.__code__.co_argcount <= 15:
        return ()
    return (np.zeros((0, 4), np.int64), np.zeros((0, 1), np.int64))  # world._NO_MEMO


def _kernel_loop() -> Any:
    """A compiled loop playing one world's rollouts ``reps`` times (the copies made in it)."""
    from numba import njit

    from cardkit.zioncheck.flat.hand import K_DISCARD, play_after

    def go(params, hands, hn, stock, discard, discard_by, table, down, claims,
           asking, state, points, cards, reps, memo):
        trace = np.zeros((0, 3), np.int64)
        s = 0
        for _ in range(reps):
            for card in cards:
                s += play_after(params.copy(), hands.copy(), hn.copy(), stock.copy(),
                                discard.copy(), discard_by.copy(), table.copy(), down.copy(),
                                claims.copy(), asking.copy(), state.copy(), points.copy(),
                                trace, K_DISCARD, card, *memo)
        return s

    return njit(go)


def play_all(cases: list[tuple[Any, list[int]]]) -> list[tuple[int, list[int]]]:
    """Play every rollout once: (status, points) of each."""
    from cardkit.zioncheck.flat.hand import K_DISCARD, play_after

    trace = np.zeros((0, 3), np.int64)
    memo = _no_memo()
    results = []
    for base, cards in cases:
        for card in cards:
            f = base.copy()
            status = play_after(f.params, f.hands, f.hn, f.stock, f.discard, f.discard_by,
                                f.table, f.down, f.claims, f.asking, f.state, f.points, trace,
                                K_DISCARD, card, *memo)
            results.append((int(status), f.points.tolist()))
    return results


def record(positions: int, per_position: int, path: str) -> None:
    """(Plain Python.) Play the rollouts with the callees wrapped; pickle their arguments."""
    import cardkit.zioncheck.flat.hand as hand

    calls: dict[str, list[Call]] = defaultdict(list)

    def wrap(name: str) -> None:
        original = getattr(hand, name)

        def recorded(*args: Any) -> Any:
            calls[name].append(tuple(a.copy() if isinstance(a, np.ndarray) else a
                                     for a in args))
            return original(*args)

        setattr(hand, name, recorded)

    for name in WRAPPED:
        wrap(name)
    cases = worlds(positions, per_position)
    results = play_all(cases)
    with open(path, "wb") as f:
        pickle.dump((dict(calls), results), f)


def _driver(name: str) -> Any:
    """A compiled loop calling ``name`` over packed inputs ``reps`` times."""
    from numba import njit

    import cardkit.zioncheck.flat.hand as hand

    f = getattr(hand, name)
    if name == "find_go_down":
        def go(H, N, P, K, A, T, out, reps):
            s = 0
            for _ in range(reps):
                for i in range(H.shape[0]):
                    s += f(H[i], N[i], P[i], K[i], A[i] != 0, T[i], out)
            return s
    elif name in ("can_go_down", "might_go_down", "least_useful"):
        def go(H, N, P, K, reps):
            s = 0
            for _ in range(reps):
                for i in range(H.shape[0]):
                    s += f(H[i], N[i], P[i], K[i])
            return s
    elif name == "summary":
        def go(H, N, counts, masks, reps):
            s = 0
            for _ in range(reps):
                for i in range(H.shape[0]):
                    f(H[i], N[i], counts, masks)
                    s += counts[0]
            return s
    elif name == "joker_to_free":
        def go(T, M, H, N, reps):
            s = 0
            for _ in range(reps):
                for i in range(H.shape[0]):
                    s += f(T[i], M[i], H[i], N[i])[0]
            return s
    elif name == "lay_off_choice":
        def go(T, M, P, H, N, K, reps):
            s = 0
            for _ in range(reps):
                for i in range(H.shape[0]):
                    s += f(T[i], M[i], P[i], H[i], N[i], K[i])[0]
            return s
    else:  # costliest_discard
        def go(H, N, K, P, reps):
            s = 0
            for _ in range(reps):
                for i in range(H.shape[0]):
                    s += f(H[i], N[i], K[i], P[i])
            return s
    return njit(go)


def _pad(rows: list[np.ndarray]) -> np.ndarray:
    """Rows (1-d or 2-d arrays) padded into one array along a new first axis."""
    shape = tuple(max(r.shape[d] for r in rows) for d in range(rows[0].ndim))
    out = np.zeros((len(rows), *shape), np.int64)
    for i, r in enumerate(rows):
        index: tuple[Any, ...] = (i, *(slice(0, s) for s in r.shape))
        out[index] = r
    return out


def _pack(name: str, calls: list[Call]) -> tuple[Any, ...]:
    """The arguments of ``calls`` as the driver of ``name`` takes them: a hand cut to the
    longest ``n`` (the functions read ``hand[:n]`` only), the tables to their rows in use, so
    that the inputs stay in the processor's caches as in a rollout."""
    def ints(j: int) -> np.ndarray:
        return np.array([int(c[j]) for c in calls], np.int64)

    def arrays(j: int) -> np.ndarray:
        return _pad([c[j] for c in calls])

    def hands(j: int, nj: int) -> np.ndarray:
        return _pad([c[j][:max(1, int(c[nj]))] for c in calls])

    def tables(j: int, mj: int) -> np.ndarray:
        return _pad([c[j][:max(1, int(c[mj]))] for c in calls])

    if name == "find_go_down":
        out = np.zeros_like(calls[0][6])
        return (hands(0, 1), ints(1), arrays(2), ints(3), ints(4), ints(5), out)
    if name in ("can_go_down", "might_go_down", "least_useful"):
        return (hands(0, 1), ints(1), arrays(2), ints(3))
    if name == "summary":
        return (hands(0, 1), ints(1), np.zeros(14, np.int64), np.zeros(5, np.int64))
    if name == "joker_to_free":
        return (tables(0, 1), ints(1), hands(2, 3), ints(3))
    if name == "lay_off_choice":
        return (tables(0, 1), ints(1), arrays(2), hands(3, 4), ints(4), ints(5))
    return (hands(0, 1), ints(1), ints(2), arrays(3))  # costliest_discard


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-split", action="store_true", help="only the whole rollouts")
    parser.add_argument("--record", help=argparse.SUPPRESS)
    parser.add_argument("--calls", help="keep the recorded calls in this pickle file, or read "
                        "them from it when it exists (the same positions and worlds)")
    args = parser.parse_args()
    if args.record:
        record(args.positions, args.worlds, args.record)
        return
    from cardkit.zioncheck.flat.jit import compiled

    assert compiled(), "numba is needed (and the JIT not disabled)"
    start = cpu()
    cases = worlds(args.positions, args.worlds)
    rollouts = sum(len(cards) for _, cards in cases)
    print(f"{len(cases)} worlds, {rollouts} rollouts (made in {cpu() - start:.1f} s CPU)")
    start = cpu()
    results = play_all(cases[:1])
    print(f"compile or load: {cpu() - start:.1f} s CPU")
    best = float("inf")
    for _ in range(args.repeat):
        start = cpu()
        results = play_all(cases)
        best = min(best, cpu() - start)
    print(f"play_after: {1e6 * best / rollouts:.1f} µs CPU per rollout (best of {args.repeat}, "
          "with the Python loop and the world copies)")
    from cardkit.zioncheck.flat.world import astuple_shallow

    loop = _kernel_loop()
    packed_worlds = [(astuple_shallow(base), np.array(cards, np.int64)) for base, cards in cases]
    memo = _no_memo()
    loop(*packed_worlds[0][0], packed_worlds[0][1], 1, memo)
    best = float("inf")
    for _ in range(args.repeat):
        start = cpu()
        for arrays, cards in packed_worlds:
            loop(*arrays, cards, 1, memo)
        best = min(best, cpu() - start)
    print(f"play_after: {1e6 * best / rollouts:.1f} µs CPU per rollout (best of {args.repeat}, "
          "a compiled loop over each world's rollouts, the copies made in it)")
    if args.no_split:
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = args.calls or os.path.join(tmp, "calls.pickle")
        env = dict(os.environ, NUMBA_DISABLE_JIT="1")
        if not os.path.exists(path):
            subprocess.run([sys.executable, __file__, "--positions", str(args.positions),
                            "--worlds", str(args.worlds), "--record", path], check=True,
                           env=env)
        with open(path, "rb") as f:
            calls, plain = pickle.load(f)
    assert plain == results, "the plain rollouts differ from the compiled ones"
    total = 0.0
    for name in WRAPPED:
        got = calls.get(name, [])
        if not got:
            print(f"{name:>18}: not called")
            continue
        driver = _driver(name)
        sample = got[::max(1, len(got) // SAMPLE)]  # evenly, few enough to stay in the caches
        packed = _pack(name, sample)
        driver(*packed, 1)
        reps = max(1, 20000 // len(sample))
        spent = float("inf")
        for _ in range(args.repeat):
            start = cpu()
            driver(*packed, reps)
            spent = min(spent, (cpu() - start) / reps / len(sample))
        total += spent * len(got)
        print(f"{name:>18}: {len(got) / rollouts:6.2f} calls per rollout, "
              f"{1e6 * spent:6.2f} µs per call, "
              f"{1e6 * spent * len(got) / rollouts:6.2f} µs per rollout")
    print(f"{'timed callees':>18}: {1e6 * total / rollouts:6.2f} µs per rollout")


if __name__ == "__main__":
    main()
