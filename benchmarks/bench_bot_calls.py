"""What handing bots their views costs (issue 24): a benchmark that prints figures, not a test.

    .venv/bin/python benchmarks/bench_bot_calls.py [--matches 6] [--games 2] [--repeat 5]

Each figure is a ratio to a baseline measured in the same run, by turns, the best of
``--repeat`` each (a shared machine's load spoils a ratio less than a time; the load average
is printed): `cardkit.play_out`, which asks every bot through `cardkit.engine.decider` (the
view of the seat to act, the peek check), against the bare loop
``game.apply(bots[seat].choose(game.observe(seat)))``, the least any caller could do. The same
bots, seeds and games on both sides. The aim: within a few per cent.

Measured at the merge of issue 24 with callgrind instead (instruction counts do not depend on
the load): one Xeri match and one three-seat Zion Check game of greedy and random bots took
246.4 million instructions through play_out before views (bots observing the game themselves)
and 248.6 million after, +0.9%.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

from cardkit import play_out
from cardkit.games import get_game


def bare(game: Any, bots: Any) -> Any:
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.observe(seat)))
    return game


def workload(loop: Callable[[Any, Any], Any], name: str, count: int, players: int
             ) -> Callable[[], None]:
    spec = get_game(name)

    def run() -> None:
        for seed in range(count):
            game = spec.new(seed=seed, players=players)
            loop(game, spec.make_bots("greedy,random", seed=seed, players=players))
    return run


def best_pair(base: Callable[[], None], call: Callable[[], None], repeat: int
              ) -> tuple[float, float]:
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for i, f in enumerate((base, call)):
            start = time.perf_counter()
            f()
            best[i] = min(best[i], time.perf_counter() - start)
    return best[0], best[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=6, help="Xeri matches per measure")
    parser.add_argument("--games", type=int, default=2, help="Zion Check games per measure")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    for name, count, players in (("xeri", args.matches, 4), ("zioncheck", args.games, 4)):
        base, views = best_pair(workload(bare, name, count, players),
                                workload(play_out, name, count, players), args.repeat)
        ratio = views / base
        print(f"{name}: play_out / the bare loop = {ratio:.3f} "
              f"({'met' if ratio <= 1.05 else 'NOT met'}: at most 1.05)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
