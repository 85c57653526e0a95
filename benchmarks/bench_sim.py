"""How fast cardkit.sim runs against issue 10's aims (a benchmark that prints figures, not a test).

    .venv/bin/python benchmarks/bench_sim.py [--rounds 200000] [--reference 20000] [--hands 5000]
                                             [--repeat 3]

Every figure is a ratio to a baseline measured in the same run: the baseline and the measured
call run by turns, ``--repeat`` times, and the best (shortest) time of each counts, so that a
shared machine's changing load spoils the ratio less; the load average is printed before and
after. One line per aim, with "met" or "NOT met":

- the vector engine through ``simulate`` (random play, ``--rounds`` rounds, frame included)
  against a plain numpy shuffle of as many 52-card decks (``Generator.permuted`` row by row):
  at most 3x, for each kernel (numpy; numba when installed); the stretch: the numba kernel
  under 1x, beating the shuffle;
- greedy play's speed (``--rounds // 4`` rounds) at least a quarter of random play's, per kernel
  (and, the aim's other reading, a quarter of the speed the random aim allows: 3x the shuffle);
- the reference engine with ``workers=2`` at least 1.7x as fast as with one worker: the wall
  time of one ``simulate`` call of ``--reference`` random rounds (20,000 by default: a
  classroom-sized run, like the issue's ``cardkit simulate xeri --rounds 100000 --workers 2``),
  process start-up included on both sides;
  a second worker only helps when a second core is free (compare the load average);
- Zion Check contract questions at 5,000 dealt hands per second or more.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from cardkit.probability import dealt_hand_checks
from cardkit.sim import simulate
from cardkit.xeri import vector


def best_time(call: Callable[[], object], repeat: int) -> float:
    """The shortest wall time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def best_pair(base: Callable[[], object], call: Callable[[], object], repeat: int
              ) -> tuple[float, float]:
    """The shortest wall times of ``base`` and ``call``, run by turns, so that a change of load
    on a shared machine hits both alike."""
    times: list[tuple[float, float]] = []
    for _ in range(repeat):
        times.append((best_time(base, 1), best_time(call, 1)))
    return min(t[0] for t in times), min(t[1] for t in times)


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="vector engine rounds")
    parser.add_argument("--reference", type=int, default=20_000,
                        help="reference engine rounds (workers=1 against workers=2)")
    parser.add_argument("--hands", type=int, default=5_000, help="Zion hands to deal and judge")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best counts")
    args = parser.parse_args()
    n, repeat = args.rounds, args.repeat
    print(f"before: {load()}")

    rng = np.random.default_rng(0)
    decks = np.tile(np.arange(52, dtype=np.int8), (n, 1))

    def shuffle_decks() -> None:
        rng.permuted(decks, axis=1)

    kernels = ["numpy"] + (["numba"] if vector.compiled() is not None else [])
    default = vector.kernel_name()
    for kernel in kernels:
        simulate("xeri", 1024, progress=False, engine=kernel)  # imports, tables, compiled code
        simulate("xeri", 1024, players="greedy", progress=False, engine=kernel)
        shuffle, took = best_pair(
            shuffle_decks, lambda k=kernel: simulate("xeri", n, progress=False, engine=k), repeat)
        ratio = took / shuffle
        mark = " (simulate's default)" if kernel == default else ""
        print(f"vector engine, {kernel} kernel{mark}, random play: {n / took:>10,.0f} rounds/s, "
              f"{took:.3f} s = {ratio:.2f}x the numpy shuffle of {n:,} decks ({shuffle:.3f} s) "
              f"(aim <= 3x): {verdict(ratio <= 3)}")
        if kernel == "numba":
            print(f"  stretch, the compiled kernel beats the shuffle (< 1x): {verdict(ratio < 1)}")
        g = max(1024, n // 4)
        took, greedy = best_pair(
            lambda k=kernel: simulate("xeri", n, progress=False, engine=k),
            lambda k=kernel, g=g: simulate("xeri", g, players="greedy", progress=False,
                                           engine=k), repeat)
        share = (g / greedy) / (n / took)
        print(f"vector engine, {kernel} kernel, greedy play: {g / greedy:>10,.0f} rounds/s, "
              f"{share:.2f} of random play's speed (aim >= 0.25): {verdict(share >= 0.25)}")
        aim_share = (g / greedy) / (n / (3 * shuffle))
        print(f"  read against the aim's random speed (3x the shuffle, {n / (3 * shuffle):,.0f} "
              f"rounds/s): {aim_share:.2f} (aim >= 0.25): {verdict(aim_share >= 0.25)}")
    if "numba" not in kernels:
        print("numba kernel: not installed (pip install 'cardkit[fast]')")

    m = args.reference
    simulate("xeri", 40, progress=False, engine="reference")
    one, two = best_pair(
        lambda: simulate("xeri", m, progress=False, engine="reference"),
        lambda: simulate("xeri", m, progress=False, engine="reference", workers=2), repeat)
    print(f"reference engine, random play, {m:,} rounds in one call: {m / one:,.0f} rounds/s "
          f"with 1 worker, {m / two:,.0f} with 2 (whole calls, start-up included): "
          f"speed-up {one / two:.2f}x (aim >= 1.7x): {verdict(one / two >= 1.7)}")

    h = args.hands
    for hand in (1, 3, 6):
        took = best_time(lambda hand=hand: dealt_hand_checks("contract", h, hand_number=hand),
                         repeat)
        print(f"Zion Check contract question, hand {hand}: {h / took:>8,.0f} dealt hands/s "
              f"(aim >= 5,000): {verdict(h / took >= 5000)}")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
