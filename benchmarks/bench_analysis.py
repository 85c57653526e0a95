"""The analyst's speed: how long a decision takes to settle, and samples per second beside the
engines' own rollout speed, measured in the same run.

    .venv/bin/python benchmarks/bench_analysis.py [--positions 5] [--samples 2000]

For each of ``--positions`` seeded positions it times (CPU time of this process, one core):

- the first decision of a Xeri round (six legal cards): `cardkit.analysis.analyze` until it is
  settled (the best separated from every other, or every paired interval within ±0.5 points:
  `StopReason.SEPARATED` / `CLOSE`) or ``--samples`` are spent (no time budget: the CPU
  time to settle is what is measured, so the load of the machine does not cut it short).
  Aim (issue 19): ≤ 0.5 s with
  the compiled kernel, ≤ 2 s without. The rollouts are the rules core's (a mid-round position
  is not something the numba kernel, which deals whole rounds, can start from), made lean by
  `cardkit.xeri.rollout`; so the figure to compare is the 2 s one.
- a Zion Check decision at a table of four (a discard after drawing). Aim: ≤ 2 s.

Beside each: the analyst's samples per second and rollouts per second, and the baseline of the
same run, whole rounds (hands) played by greedy bots through `cardkit.play_out` per second.
The ratio rollouts / baseline says what the analyst's rollouts cost against the engine's own
play; wall-clock figures on a loaded machine mean little, so the load is printed.
"""

from __future__ import annotations

import argparse
import os
import time

from cardkit import play_out
from cardkit.analysis import StopReason, analyze
from cardkit.pimc import decide
from cardkit.xeri import GreedyBot as XeriGreedy
from cardkit.xeri import new_game as new_xeri
from cardkit.zioncheck import GreedyBot as ZionGreedy
from cardkit.zioncheck import new_game as new_zion

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


def measure(label: str, games: list, samples_cap: int, baseline: float) -> None:
    times, samples, settled = [], [], 0
    rollouts = 0
    for game in games:
        start = cpu()
        result = analyze(game, seconds=None, max_samples=samples_cap, seed=1)
        spent = cpu() - start
        times.append(spent)
        samples.append(result.samples)
        rollouts += result.samples * len(result.moves)
        settled += result.stopped in SETTLED
    total = sum(times)
    print(f"{label}: settled {settled}/{len(games)}; CPU s per decision: median "
          f"{sorted(times)[len(times) // 2]:.2f}, max {max(times):.2f}; "
          f"samples/s {sum(samples) / total:.0f}, rollouts/s {rollouts / total:.0f}; "
          f"engine baseline {baseline:.0f} /s (rollouts ÷ baseline "
          f"{rollouts / total / baseline:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--samples", type=int, default=2000,
                        help="the sample cap per decision (the time is CPU time until settled)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    xeri_games = [new_xeri(seed=seed) for seed in range(args.positions)]
    measure("Xeri, first decision of a round (6 cards)", xeri_games, args.samples,
            xeri_round_baseline())
    zion_games = [zion_position(seed) for seed in range(args.positions)]
    measure("Zion Check, a decision at a table of four", zion_games, args.samples,
            zion_hand_baseline())


if __name__ == "__main__":
    main()
