"""How fast is the Xeri engine? Prints plays per second, rounds per second and ratios.

Figures are per second of CPU time on one core. Random play goes through the public protocol
only (``is_over``, ``legal_actions``, ``apply``), as a Monte Carlo lesson would drive it. The
baseline, measured in the same run, only shuffles a pack and deals the hands and the pile of
every round (no play at all), so the ratio says how many times one played round costs what
merely dealing it costs.

    .venv/bin/python benchmarks/bench_xeri.py [--matches 1500] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardkit import make_pack, play_out, shuffled
from cardkit.xeri import GreedyBot, RandomBot, new_game

Run = Callable[[], tuple[int, int]]
"""One timed run: returns (steps, rounds)."""


def best_of(repeat: int, run: Run) -> tuple[float, int, int]:
    """The fastest of ``repeat`` runs: (CPU seconds, steps, rounds).

    CPU time of this process (one core), so that other work on a shared machine disturbs the
    figures less than wall-clock time would.
    """
    best = None
    for _ in range(repeat):
        start = time.process_time()
        steps, rounds = run()
        elapsed = time.process_time() - start
        if best is None or elapsed < best[0]:
            best = (elapsed, steps, rounds)
    return best  # type: ignore[return-value]


def random_play(matches: int, *, fast_choice: bool = True) -> Run:
    def run() -> tuple[int, int]:
        rng = random.Random(1)
        rnd, choice = rng.random, rng.choice
        steps = rounds = 0
        for seed in range(matches):
            match = new_game(seed=seed)
            if fast_choice:
                while not match.is_over:
                    actions = match.legal_actions()
                    match.apply(actions[int(rnd() * len(actions))])
                    steps += 1
            else:
                while not match.is_over:
                    match.apply(choice(match.legal_actions()))
                    steps += 1
            rounds += match.round_number
        return steps, rounds

    return run


def shuffle_and_deal(rounds: int) -> Run:
    pack = make_pack()

    def run() -> tuple[int, int]:
        rng = random.Random(1)
        for _ in range(rounds):
            cards = shuffled(pack, rng)
            hands = [cards[i:i + 6] for i in range(0, 24, 6)]
            pile = cards[24:28]
            stock = cards[28:]
            del hands, pile, stock
        return 0, rounds

    return run


def bots_play(matches: int, kind: type[RandomBot | GreedyBot]) -> Run:
    def run() -> tuple[int, int]:
        steps = rounds = 0
        for seed in range(matches):
            match = play_out(new_game(seed=seed), [kind(s, seed=seed * 4 + s) for s in range(4)])
            steps += len(match.history)
            rounds += match.round_number
        return steps, rounds

    return run


def clones(count: int) -> Run:
    match = new_game(seed=1)
    for _ in range(30):
        match.apply(match.legal_actions()[0])

    def run() -> tuple[int, int]:
        for _ in range(count):
            match.clone()
        return count, 0

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    secs, steps, rounds = best_of(args.repeat, random_play(args.matches))
    step_rate, round_rate = steps / secs, rounds / secs
    print(f"random play, public protocol: {step_rate:>10,.0f} plays/s  {round_rate:>9,.0f} "
          f"rounds/s  ({1e3 / round_rate:.3f} ms a round, {steps:,} plays)")
    secs_c, steps_c, rounds_c = best_of(args.repeat, random_play(args.matches, fast_choice=False))
    print(f"  same with rng.choice:       {steps_c / secs_c:>10,.0f} plays/s  "
          f"{rounds_c / secs_c:>9,.0f} rounds/s")
    base_secs, _, base_rounds = best_of(args.repeat, shuffle_and_deal(rounds))
    base_rate = base_rounds / base_secs
    print(f"baseline shuffle and deal:    {base_rate:>21,.0f} rounds/s")
    print(f"ratio: a played round costs {base_rate / round_rate:.2f}× a shuffle-and-deal")
    print(f"target 300,000 plays/s: {'reached' if step_rate >= 300_000 else 'NOT reached'} "
          f"({step_rate / 300_000:.2f}× the target)")
    secs, count, _ = best_of(args.repeat, clones(20_000))
    print(f"clone mid-round:              {count / secs:>10,.0f} clones/s "
          f"({1e6 * secs / count:.1f} µs each)")
    few = max(args.matches // 15, 10)
    for kind in (RandomBot, GreedyBot):
        secs, steps, rounds = best_of(1, bots_play(few, kind))
        print(f"four {kind.__name__}s (observation per play): {steps / secs:>10,.0f} plays/s "
              f"{rounds / secs:>7,.0f} rounds/s")


if __name__ == "__main__":
    main()
