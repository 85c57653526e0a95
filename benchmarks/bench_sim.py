"""How fast cardkit.sim runs (a benchmark that prints figures, not a test).

    .venv/bin/python benchmarks/bench_sim.py [--rounds 200000] [--reference 2000] [--hands 5000]

Prints rounds per second of the reference engine and of the vectorised Xeri simulator (random
and greedy play), the speed-up of ``workers=2`` for the reference engine, dealt Zion Check hands
judged per second for the contract questions, and the ratio of the vector engine's time to a
plain numpy shuffle of as many 52-card decks (``Generator.permuted`` row by row), measured in
the same run. Aims (issue 10, on a 2-core machine): 200,000 random rounds in at most 3x the
shuffle time; greedy at least a quarter of that speed; ``workers=2`` at least 1.7x one worker;
contract questions at 5,000 hands/s or more.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardkit.probability import dealt_hand_checks
from cardkit.sim import simulate


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="vector engine rounds")
    parser.add_argument("--reference", type=int, default=2_000, help="reference engine rounds")
    parser.add_argument("--hands", type=int, default=5_000, help="Zion hands to deal and judge")
    args = parser.parse_args()
    n = args.rounds

    rng = np.random.default_rng(0)
    decks = np.tile(np.arange(52, dtype=np.int8), (n, 1))
    shuffle = timed(lambda: rng.permuted(decks, axis=1))
    keys = timed(lambda: rng.random((n, 52)).argsort(axis=1))
    print(f"numpy shuffle of {n:,} decks: permuted {shuffle:.3f} s "
          f"(argsort of random keys {keys:.3f} s)")

    simulate("xeri", 1024, progress=False, engine="vector")  # imports and tables, once
    random_vec = timed(lambda: simulate("xeri", n, progress=False, engine="vector"))
    print(f"vector, random play:  {n / random_vec:>10,.0f} rounds/s   {random_vec:.3f} s = "
          f"{random_vec / shuffle:.2f}x the shuffle (aim <= 3x)")
    greedy_n = max(1024, n // 4)
    greedy_vec = timed(lambda: simulate("xeri", greedy_n, players="greedy", progress=False,
                                        engine="vector"))
    ratio = (greedy_n / greedy_vec) / (n / random_vec)
    print(f"vector, greedy play:  {greedy_n / greedy_vec:>10,.0f} rounds/s   "
          f"{ratio:.2f} of random play's speed (aim >= 0.25)")

    m = args.reference
    one = timed(lambda: simulate("xeri", m, progress=False, engine="reference"))
    two = timed(lambda: simulate("xeri", m, progress=False, engine="reference", workers=2))
    print(f"reference, random:    {m / one:>10,.0f} rounds/s with 1 worker, "
          f"{m / two:,.0f} with 2: speed-up {one / two:.2f}x (aim >= 1.7x)")
    print(f"vector / reference speed, random play: {(n / random_vec) / (m / one):,.0f}x")
    greedy_ref = timed(lambda: simulate("xeri", m // 4, players="greedy", progress=False,
                                        engine="reference"))
    print(f"reference, greedy:    {(m // 4) / greedy_ref:>10,.0f} rounds/s")

    h = args.hands
    for hand in (1, 3, 6):
        took = timed(lambda hand=hand: dealt_hand_checks("contract", h, hand_number=hand))
        print(f"Zion contract question, hand {hand}: {h / took:>8,.0f} dealt hands/s "
              f"(aim >= 5,000)")


if __name__ == "__main__":
    main()
