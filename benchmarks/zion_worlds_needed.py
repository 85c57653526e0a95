"""The worlds the honest stopping rule needs to settle bench_analysis.py's Zion Check decisions.

    .venv/bin/python benchmarks/zion_worlds_needed.py [--positions 7] [--samples 2000]

Each position is rated with ``--samples`` worlds. For each pair (the best move and another) its
gap and the spread of its paired difference give the worlds needed to separate it
(gap > t·sd/√n) or to call it within the tolerance (gap + t·sd/√n ≤ `TOLERANCE`), t being the
rule's Bonferroni quantile (`cardkit.pimc.stopping_quantile`); the hardest pair sets the
position's figure. It says how far speed alone can go: a decision needing 8,000 worlds is not
settled in 2 s unless 4,000 worlds a second are rated.
"""

from __future__ import annotations

import argparse
import math
import os
import time

from bench_analysis import zion_position

from cardkit.analysis import analyze
from cardkit.pimc import CHECKPOINTS, MIN_SAMPLES, stopping_quantile
from cardkit.zioncheck.analyst import TOLERANCE


def worlds_needed(gap: float, sd: float, t: float, tolerance: float = TOLERANCE) -> float:
    """Worlds for one pair to be separated or called within the tolerance, whichever is fewer."""
    separate = (t * sd / gap) ** 2 if gap > 0 else math.inf
    close = (t * sd / (tolerance - gap)) ** 2 if gap < tolerance else math.inf
    return min(separate, close)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=7)
    parser.add_argument("--samples", type=int, default=2000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    looks = sum(1 for point in CHECKPOINTS if MIN_SAMPLES <= point <= args.samples)
    for seed in range(args.positions):
        game = zion_position(seed)
        start = time.process_time()
        result = analyze(game, seconds=None, max_samples=args.samples, seed=1)
        n = result.samples
        t = stopping_quantile(10**6, len(result.moves) - 1, looks)
        need, hardest = 0.0, (0.0, 0.0)
        for move in result.moves[1:]:
            sd = (move.loss_high - move.loss_low) / 2 / 1.96 * math.sqrt(n)
            pair = worlds_needed(move.loss, sd, t)
            if pair > need:
                need, hardest = pair, (move.loss, sd)
        print(f"position {seed}: stopped ({result.stopped.value}) at {n} worlds, "
              f"{len(result.moves)} moves, {time.process_time() - start:.1f} CPU s; the rule "
              f"needs about {need:,.0f} worlds (hardest pair: gap {hardest[0]:.2f} points, "
              f"spread of the paired difference {hardest[1]:.1f})", flush=True)


if __name__ == "__main__":
    main()
