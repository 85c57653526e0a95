"""How strong the analyst is: a duplicate-format ladder with 95% intervals.

    .venv/bin/python benchmarks/bench_strength.py [--deals 20] [--samples 40]
        [--zion-deals 5] [--zion-samples 10] [--only random|xeri|zion ...]
        [--win-tie-break default|off|SHARE] [--first-deal 0] [--jobs 1]

Every pairing is played on the same seeded deals with the seats swapped (duplicate format: each
deal is played once with each side in each seat, so the luck of the deal cancels); the
independent unit is the deal (its plays together), and the intervals are computed over deals.

- Xeri, an analyst partnership against a greedy one: each deal's first round is played twice,
  the analysts North–South, then East–West. Reported: the share of decided rounds (XR-6.1: a
  round with equal points is not decided) the analysts win, with its 95% interval (a ratio
  estimator over deals). Aim (issue 19): ≥ 55%, the interval above 50%.
- Greedy against random on the same ladder (the same format and interval).
- Zion Check, one analyst at a table of four greedy bots: each deal's first hand is played four
  times, the analyst in each seat in turn. Reported: the analyst's mean penalty points per hand
  over the greedy seats' (ZC-14.1), with its 95% interval. Aim: ≤ 0.85.

The Xeri analysts play with `AnalystBot`'s default ``win_tie_break`` (`WIN_TIE_BREAK`), or
``--win-tie-break off`` (the greedy card between cards the margins cannot tell apart) or a share.

The analysts are given a sample budget per decision (``--samples``, no time budget), so the
figures do not depend on the machine's load; the load is printed all the same.

``--first-deal N`` starts at deal N (a fresh set of deals for a new run whose length is fixed
before it starts, rather than extending an old run after seeing its figure); ``--jobs N`` plays
the Zion Check deals in N processes (the figures are the same: each deal is played alone;
the CPU seconds printed are then the workers' for the deals, summed, and this process's own).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardkit.pimc import decide
from cardkit.xeri import GreedyBot as XeriGreedy
from cardkit.xeri import RandomBot as XeriRandom
from cardkit.xeri import new_game as new_xeri
from cardkit.xeri.analyst import WIN_TIE_BREAK
from cardkit.xeri.analyst import AnalystBot as XeriAnalyst
from cardkit.zioncheck import GreedyBot as ZionGreedy
from cardkit.zioncheck import new_game as new_zion
from cardkit.zioncheck.analyst import AnalystBot as ZionAnalyst

Z = 1.959963984540054


def ratio_interval(tops: Sequence[float], bottoms: Sequence[float]) -> tuple[float, float, float]:
    """Σtop / Σbottom over independent units, with a 95% interval (delta method)."""
    n = len(tops)
    total = sum(bottoms)
    ratio = sum(tops) / total
    mean_bottom = total / n
    residuals = [t - ratio * b for t, b in zip(tops, bottoms, strict=True)]
    var = sum(r * r for r in residuals) / (n - 1) / n / mean_bottom**2 if n > 1 else math.inf
    half = Z * math.sqrt(var)
    return ratio, ratio - half, ratio + half


def xeri_ladder(label: str, deals: int, make: Callable[[int, int], Any],
                other: Callable[[int, int], Any] | None = None) -> None:
    wins, decided = [], []
    start = time.process_time()
    for seed in range(deals):
        w = d = 0
        for side in (0, 1):
            match = new_xeri(seed=seed)
            bots = [make(s, seed) if s & 1 == side else
                    (other(s, seed) if other else XeriGreedy(s, seed=seed * 10 + s))
                    for s in range(4)]
            while match.round_number == 1 and not match.is_over:
                match.apply(decide(bots[match.current_player], match))
            winner = match.results[0].winner
            if winner is not None:
                d += 1
                w += winner == side
        wins.append(w)
        decided.append(d)
    share, low, high = ratio_interval(wins, decided)
    print(f"{label}: {sum(wins)} of {sum(decided)} decided rounds won over {deals} deals × 2 "
          f"seatings: {share:.1%} (95% interval {low:.1%} to {high:.1%}); "
          f"{time.process_time() - start:.0f} CPU s")


def zion_deal(seed: int, samples: int) -> tuple[float, float]:
    """One deal's first hand played four times, the analyst in each seat in turn: the analyst's
    penalty points summed over the four plays, and the greedy seats' mean summed likewise."""
    analyst_points = greedy_points = 0.0
    for seat in range(4):
        game = new_zion(players=4, seed=seed)
        bots = [ZionAnalyst(s, seed=seed, seconds=None, max_samples=samples) if s == seat
                else ZionGreedy(s) for s in range(4)]
        while game.hand_number == 1 and not game.is_over:
            game.apply(decide(bots[game.current_player], game))
        points = game.results[0].points
        analyst_points += points[seat]
        greedy_points += sum(points[s] for s in range(4) if s != seat) / 3
    return analyst_points, greedy_points


def timed_zion_deal(seed: int, samples: int) -> tuple[tuple[float, float], float]:
    """`zion_deal` in a worker process, with the CPU seconds it took there."""
    start = time.process_time()
    played = zion_deal(seed, samples)
    return played, time.process_time() - start


def zion_ladder(deals: int, samples: int, first: int = 0, jobs: int = 1) -> None:
    start = time.process_time()
    wall_start = time.perf_counter()  # this ladder's own wall time, not the program's
    seeds = range(first, first + deals)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            timed = list(pool.map(timed_zion_deal, seeds, [samples] * deals))
        played = [result for result, _ in timed]
        workers = sum(seconds for _, seconds in timed)
    else:
        played = [zion_deal(seed, samples) for seed in seeds]
    wall = time.perf_counter()
    mine = [a for a, _ in played]
    theirs = [g for _, g in played]
    ratio, low, high = ratio_interval(mine, theirs)
    here = time.process_time() - start
    # with --jobs, the deals' CPU seconds in the workers summed, and this process's own
    spent = (f"{here:.0f} CPU s" if jobs == 1 else
             f"{workers + here:.0f} CPU s ({workers:.0f} in {jobs} worker processes)")
    print(f"Zion Check, one analyst ({samples} samples a decision) among three greedy bots, "
          f"deals {first}–{first + deals - 1} × 4 seats: the "
          f"analyst's penalty points / the greedy seats' = {ratio:.3f} (95% interval "
          f"{low:.3f} to {high:.3f}); {spent}; {wall - wall_start:.0f} s wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20,
                        help="Xeri deals of the analyst ladder (greedy vs random: 5×)")
    parser.add_argument("--zion-deals", type=int, default=None,
                        help="Zion Check deals (default: a quarter of --deals)")
    parser.add_argument("--samples", type=int, default=40,
                        help="samples per Xeri decision (Zion Check: --zion-samples)")
    parser.add_argument("--zion-samples", type=int, default=None,
                        help="samples per Zion Check decision (default: a quarter of --samples)")
    parser.add_argument("--win-tie-break", default="default",
                        help="the Xeri analysts' win_tie_break: default, off, or a share 0-1")
    parser.add_argument("--first-deal", type=int, default=0,
                        help="the first Zion Check deal (a fresh run: deals not played before)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes for the Zion Check deals")
    parser.add_argument("--only", choices=("random", "xeri", "zion"), action="append",
                        help="run only these ladders (repeatable)")
    args = parser.parse_args()
    only = set(args.only or ("random", "xeri", "zion"))
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if "random" in only:
        xeri_ladder("Xeri, greedy partnership vs random", args.deals * 5,
                    lambda s, seed: XeriGreedy(s, seed=seed * 10 + s),
                    lambda s, seed: XeriRandom(s, seed=seed * 10 + s))
    if "xeri" in only:
        named = {"default": True, "off": False}
        tie: float | bool = named[args.win_tie_break] if args.win_tie_break in named \
            else float(args.win_tie_break)
        shown = WIN_TIE_BREAK if tie is True else ("off" if tie is False else tie)
        xeri_ladder(f"Xeri, analyst partnership ({args.samples} samples a decision, win tie-break "
                    f"{shown}) vs greedy", args.deals,
                    lambda s, seed: XeriAnalyst(s, seed=seed, seconds=None,
                                                max_samples=args.samples, win_tie_break=tie))
    if "zion" in only:
        zion_ladder(args.zion_deals or max(1, args.deals // 4),
                    args.zion_samples or max(4, args.samples // 4), args.first_deal, args.jobs)


if __name__ == "__main__":
    main()
