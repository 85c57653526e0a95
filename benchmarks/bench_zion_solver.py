"""How long the Zion Check go-down solver takes (RULES.md ZC-4, ZC-9, ZC-10).

Random hands dealt from a shuffled pack, per hand size, on one core; prints the median, the
99th percentile and the maximum time of `find_go_down`, and, as the baseline of the same run,
of `can_go_down` (existence only, which stops at the first go-down it finds).

    python benchmarks/bench_zion_solver.py            # 10,000 hands per row
    python benchmarks/bench_zion_solver.py --hands 1000

Rows: the deal sizes of the game (10, 11, 14 cards) and 15 cards with the contract of the
hand they are dealt in; 20, 30, 40 and 60 cards (hands grown by claims) under the hardest
contracts; 2-deck packs (2–5 players) and joker-heavy 4-deck hands (four to eight jokers in hand);
and the custom 3 sets + 3 runs on 40 cards with 8–12 jokers, where the search is bounded.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from cardkit.cards import Card, make_pack
from cardkit.zioncheck.rules import Contract, Rules
from cardkit.zioncheck.solver import can_go_down, find_go_down

RULES = Rules()


def deal(rng: random.Random, decks: int, size: int, jokers: int | None) -> list[Card]:
    """``size`` cards from ``decks`` decks; ``jokers`` fixes how many of them are jokers."""
    pack = make_pack(decks, jokers=True)
    if jokers is None:
        return rng.sample(pack, size)
    naturals = [c for c in pack if c.rank]
    wild = [c for c in pack if not c.rank]
    return rng.sample(naturals, size - jokers) + rng.sample(wild, jokers)


def timed(fn, hands) -> list[float]:
    """Milliseconds of this thread's CPU time per call: the machine is shared, and wall time
    would count the other processes' turns on the core."""
    out = []
    clock = time.thread_time_ns
    for hand, contract in hands:
        start = clock()
        fn(hand, contract, RULES)
        out.append((clock() - start) / 1e6)
    return out


def row(label: str, hands) -> None:
    # the 10,000 dealt hands are long-lived: freeze them so that a full garbage collection
    # scanning them does not land inside one timed call
    gc.collect()
    gc.freeze()
    solve = timed(find_go_down, hands)
    exists = timed(can_go_down, hands)
    found = sum(find_go_down(h, c, RULES) is not None for h, c in hands[:1000])
    q = statistics.quantiles(solve, n=100)
    qe = statistics.quantiles(exists, n=100)
    print(f"{label:<44} {statistics.median(solve):7.3f} {q[98]:7.3f} {max(solve):7.2f}   "
          f"{statistics.median(exists):7.3f} {qe[98]:7.3f} {max(exists):7.2f}   "
          f"{found / min(1000, len(hands)):5.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per row")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    contracts = RULES.contracts
    plans = [
        ("10 cards, hands 1-4, 2 decks", 2, 10, None, contracts[:4]),
        ("11 cards, hand 5 (2 sets + run), 2 decks", 2, 11, None, contracts[4:5]),
        ("14 cards, hand 6 (set + 2 runs), 2 decks", 2, 14, None, contracts[5:6]),
        ("15 cards, hands 1-6, 2 decks", 2, 15, None, contracts),
        ("15 cards, hand 6, 4 decks, 4 jokers", 4, 15, 4, contracts[5:6]),
        ("15 cards, 3 runs, 4 decks, 8 jokers", 4, 15, 8, (Contract(0, 3),)),
        ("20 cards, hand 6, 4 decks, 4-8 jokers", 4, 20, -1, contracts[5:6]),
        ("20 cards, 3 runs, 4 decks, 8 jokers", 4, 20, 8, (Contract(0, 3),)),
        ("30 cards, hand 6, 4 decks, 8 jokers", 4, 30, 8, contracts[5:6]),
        ("30 cards, 3 runs, 4 decks, 8 jokers", 4, 30, 8, (Contract(0, 3),)),
        ("40 cards, hand 6, 4 decks, 8 jokers", 4, 40, 8, contracts[5:6]),
        ("60 cards, hand 6, 4 decks, 8 jokers", 4, 60, 8, contracts[5:6]),
        ("60 cards, 3 runs, 4 decks, 8 jokers", 4, 60, 8, (Contract(0, 3),)),
        # issue 7.8: a large custom contract, where the search is bounded (SEARCH_BUDGET)
        ("40 cards, 3 sets + 3 runs, 6 decks, 8-12 jok.", 6, 40, -2, (Contract(3, 3),)),
    ]
    print(f"{args.hands} hands per row; CPU times in ms on one core")
    print(f"{'':<44} {'find_go_down':^23}   {'can_go_down (baseline)':^23}   found")
    print(f"{'hands':<44} {'median':>7} {'p99':>7} {'max':>7}   "
          f"{'median':>7} {'p99':>7} {'max':>7}")
    for label, decks, size, jokers, pool in plans:
        hands = []
        for i in range(args.hands):
            j = (rng.randint(4, 8) if jokers == -1 else rng.randint(8, 12) if jokers == -2
                 else jokers)
            hands.append((deal(rng, decks, size, j), pool[i % len(pool)]))
        row(label, hands)
        gc.unfreeze()


if __name__ == "__main__":
    main()
