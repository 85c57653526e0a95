"""The analyst's speed: how long a decision takes to settle, and samples per second beside the
engines' own rollout speed, measured in the same run.

    .venv/bin/python benchmarks/bench_analysis.py [--positions 9] [--samples 2000]
        [--only xeri|zion] [--rollouts both|compiled|python] [--no-wall-bound]

All times are CPU seconds of this process (``time.process_time``, one core): the machine is
shared, and CPU time is what a decision costs whatever else runs (the load is printed all the
same). For each of ``--positions`` seeded positions it times:

- the first decision of a Xeri round (six legal cards): `cardkit.analysis.analyze` until it is
  settled (the best separated from every other, or every paired interval within ±0.5 points:
  `StopReason.SEPARATED` / `CLOSE`) or ``--samples`` are spent (no time budget: the CPU time
  to settle is what is measured; ``--no-wall-bound`` lifts the analyst's 30 s wall-clock
  bound, `cardkit.pimc.MAX_SECONDS`, which otherwise cuts a slow decision short on a loaded
  machine, so that the CPU time to settle is measured whatever the load). Aim
  (issue 19): ≤ 0.5 s with the compiled kernel (`cardkit.xeri.rollout_kernel`, numba), ≤ 2 s
  without it (the pure-Python rollouts of `cardkit.xeri.rollout`, as on the static site);
  both are measured, on the same positions, with the same results (the kernel is compiled, or
  loaded from numba's cache, before the clock starts).
- a Zion Check decision at a table of four (a discard after drawing). Aim: ≤ 2 s. Measured
  with the compiled flat rollouts (`cardkit.zioncheck.flat`, loaded before the clock starts)
  and with the rules core's (`cardkit.zioncheck.rollout_core`, the static site's path); both
  give the same analyses.

Beside each: the analyst's samples (worlds) per second and rollouts per second, and the
engines' own speed in the same run: whole rounds (hands) played by four greedy bots through the
rules core per second and, for Xeri, whole greedy rounds per second of the vector engine's
numba kernel (`cardkit.xeri.vector`, which deals and plays whole rounds only).
"""

from __future__ import annotations

import argparse
import os
import time

import cardkit.pimc as pimc
import cardkit.xeri.rollout as lean
import cardkit.zioncheck.analyst as zion_analyst
from cardkit import play_out
from cardkit.analysis import StopReason, analyze
from cardkit.pimc import decide
from cardkit.xeri import GreedyBot as XeriGreedy
from cardkit.xeri import new_game as new_xeri
from cardkit.zioncheck import GreedyBot as ZionGreedy
from cardkit.zioncheck import new_game as new_zion
from cardkit.zioncheck.flat.ready import flat_rollouts

SETTLED = (StopReason.SEPARATED, StopReason.CLOSE)


def cpu() -> float:
    return time.process_time()


def xeri_round_baseline(rounds: int = 20) -> float:
    """Whole Xeri rounds per CPU second, four greedy bots through the rules core."""
    start = cpu()
    played = 0
    seed = 0
    while played < rounds:
        match = new_xeri(seed=seed)
        bots = [XeriGreedy(s, seed=s) for s in range(4)]
        number = match.round_number
        while match.round_number == number and not match.is_over:
            match.apply(decide(bots[match.current_player], match))
        played += 1
        seed += 1
    return played / (cpu() - start)


def xeri_vector_baseline(blocks: int = 4) -> float | None:
    """Whole greedy Xeri rounds per CPU second of the vector engine's numba kernel (None
    without numba)."""
    from cardkit.xeri import Rules
    from cardkit.xeri.vector import BLOCK, compiled, simulate_matches

    if compiled() is None:
        return None
    simulate_matches(Rules(), ["greedy"] * 4, seed=0, start=0, stop=BLOCK)  # compile first
    start = cpu()
    cols = simulate_matches(Rules(), ["greedy"] * 4, seed=1, start=0, stop=blocks * BLOCK)
    return len(cols["winner"]) / (cpu() - start)


def zion_hand_baseline(hands: int = 10) -> float:
    """Whole Zion Check hands per CPU second at a table of four greedy bots."""
    start = cpu()
    for seed in range(hands):
        game = new_zion(players=4, seed=seed)
        bots = [ZionGreedy(s) for s in range(4)]
        while game.hand_number == 1 and not game.is_over:
            game.apply(decide(bots[game.current_player], game))
    return hands / (cpu() - start)


def zion_position(seed: int):
    game = new_zion(players=4, seed=seed)
    bots = [ZionGreedy(s) for s in range(4)]
    play_out(game, bots, max_actions=12)
    while not (game.phase.value == "play" and len(game.legal_actions()) > 3):
        game.apply(decide(bots[game.current_player], game))
    return game


def measure(label: str, games: list, samples_cap: int, baseline: str) -> None:
    times, samples, settled = [], [], 0
    rollouts = 0
    for game in games:
        start = cpu()
        result = analyze(game, seconds=None, max_samples=samples_cap, seed=1)
        spent = cpu() - start
        times.append(spent)
        samples.append(result.samples)
        rollouts += sum(move.samples for move in result.moves)
        settled += result.stopped in SETTLED
    total = sum(times)
    ordered = sorted(times)
    print(f"{label}: settled {settled}/{len(games)}; CPU s per decision: median "
          f"{ordered[len(times) // 2]:.3f}, max {ordered[-1]:.3f}; samples {sorted(samples)}; "
          f"samples/s {sum(samples) / total:.0f}, rollouts/s {rollouts / total:.0f}; "
          f"{baseline}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=9)
    parser.add_argument("--samples", type=int, default=2000,
                        help="the sample cap per decision (the time is CPU time until settled)")
    parser.add_argument("--only", choices=("xeri", "zion"), default=None,
                        help="time only this game's decisions (default: both)")
    parser.add_argument("--rollouts", choices=("both", "compiled", "python"), default="both",
                        help="time the compiled rollouts, the pure-Python ones (the static "
                             "site's path), or both (default)")
    parser.add_argument("--no-wall-bound", action="store_true",
                        help="lift the analyst's 30 s wall-clock bound (MAX_SECONDS): every "
                             "decision runs until settled or at the sample cap")
    args = parser.parse_args()
    if args.no_wall_bound:
        pimc.MAX_SECONDS = float("inf")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; CPU seconds")
    if args.only != "zion":
        xeri(args)
    if args.only != "xeri":
        zion(args)


def zion(args: argparse.Namespace) -> None:
    zion_games = [zion_position(seed) for seed in range(args.positions)]
    engine = f"engine: rules-core greedy hands/s {zion_hand_baseline():.0f}"
    if args.rollouts != "python" and flat_rollouts(wait=True) is not None:  # compiled, loaded
        measure("Zion Check, a decision at a table of four, compiled rollouts", zion_games,
                args.samples, engine)
    if args.rollouts != "compiled":
        zion_analyst.flat_rollouts = lambda wait=False: None  # the rules core's rollouts
        measure("Zion Check, a decision at a table of four, rules-core rollouts", zion_games,
                args.samples, engine)


def xeri(args: argparse.Namespace) -> None:
    xeri_games = [new_xeri(seed=seed) for seed in range(args.positions)]
    rounds = xeri_round_baseline()
    vector = xeri_vector_baseline()
    engine = (f"engine: rules-core greedy rounds/s {rounds:.0f}"
              + ("" if vector is None else f", vector numba greedy rounds/s {vector:.0f}"))
    kernel = lean.compiled()
    if kernel is not None and args.rollouts != "python":
        analyze(xeri_games[0], seconds=None, max_samples=8, seed=1)  # compile or load it
        measure("Xeri, first decision of a round (6 cards), compiled rollouts", xeri_games,
                args.samples, engine)
    if args.rollouts != "compiled":
        lean.compiled = lambda: None  # the static site's path
        measure("Xeri, first decision of a round (6 cards), pure-Python rollouts", xeri_games,
                args.samples, engine)


if __name__ == "__main__":
    main()
