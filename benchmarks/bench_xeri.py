"""How fast is the Xeri engine? Prints plays per second, rounds per second and ratios.

Figures are per second of CPU time on one core. Random play goes through the public protocol
only (``is_over``, ``legal_actions``, ``apply``), as a Monte Carlo lesson would drive it. The
baseline, measured in the same run, only shuffles a pack and deals the hands and the pile of
every round (no play at all), so the ratio says how many times one played round costs what
merely dealing it costs.

    .venv/bin/python benchmarks/bench_xeri.py [--matches 1500] [--repeat 3]

Against an older commit, in the same run (`benchmarks/versus`): each workload below runs in
fresh interpreters on a temporary worktree of REV and on this checkout, by turns, and the
ratios new/old are printed (CPU seconds; with ``--instructions`` also callgrind's instruction
counts, which the machine's load does not move)::

    .venv/bin/python benchmarks/bench_xeri.py --baseline-rev 750966d --instructions

The workloads: ``protocol-first`` (random play through the protocol in a fresh process, the
first 300 matches: caches cold, the memo of `Play` events filling), ``protocol-first-50`` (the
same, the first 50 matches only, where the memo fills fastest), ``protocol-warm`` (the same
after 200 matches), ``greedy`` (four greedy bots seated through the registry), ``clone`` (a
mid-round match copied), ``vector-numpy`` and ``vector-numba`` (the vector engine through
``simulate``; numba by CPU time only).
Issue 18's check, 750966d (main before issue 18) against issue 18's end, 2 December 2026, the
machine loaded by eight helpers (load average 7-26 on 2 cores), so the instruction ratios count:

    protocol-first, 300 matches (62,592 plays): instructions new/old 1.022 (CPU 1.14)
    protocol-warm, 150 matches (31,344 plays):  instructions new/old 0.979 (CPU 1.22)
    greedy, 8 matches (1,536 plays):           instructions new/old 1.023 (CPU 1.28)
    clone, 3,000 copies:                        CPU new/old 0.78
    vector-numpy, 20,000 rounds:                instructions new/old 1.000 (CPU 0.79)
    vector-numba, 200,000 rounds:               CPU new/old 1.31 (load 19-22: CPU only)

(docs/api/engine.md keeps the table, with what is still to measure.)

The first matches' cost found (the memo of `Play` events filling, each event then built
through the slots' descriptors) and made cheaper, 750966d against branch xerifirst at 0630eb2,
load average 10 on 2 cores:

    protocol-first, 300 matches (62,592 plays):   instructions new/old 0.956 (CPU 1.05)
    protocol-first-50, 50 matches (10,608 plays): instructions new/old 1.006 (CPU 1.13)
    protocol-warm, 150 matches (31,344 plays):    instructions new/old 0.935 (CPU 1.04)
    greedy, 20 matches (4,080 plays):             instructions new/old 0.878 (CPU 0.86)
    vector-numpy, 20,000 rounds:                  instructions new/old 1.002 (CPU 1.15)

Issue 23's check, the engine with Japanese chosen and every catalog loaded (``protocol-ja`` and
``greedy-ja``), 12812ff (the i18n base) against the Japanese sentences, load average 10-13:

    protocol-first, 300 matches (62,592 plays): instructions new/old 1.002 (CPU 1.01)
    protocol-ja, 300 matches (62,592 plays):    instructions new/old 1.000 (CPU 1.01)
    greedy, 20 matches (4,080 plays):           instructions new/old 0.927 (CPU 0.96)
    greedy-ja, 20 matches (4,080 plays):        instructions new/old 0.927 (CPU 0.89)
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import versus

from cardkit import make_pack, play_out, shuffled
from cardkit.games import get_game
from cardkit.xeri import new_game

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


def bots_play(matches: int, kind: str) -> Run:
    """Four bots of ``kind`` ("random", "greedy"), seated through the registry (`bot_seed`)."""
    spec = get_game("xeri")

    def run() -> tuple[int, int]:
        steps = rounds = 0
        for seed in range(matches):
            match = play_out(new_game(seed=seed), spec.make_bots(kind, seed=seed))
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


# ----------------------------------------------------------------- same run, two commits

def _units(run: Run) -> Callable[[], dict[str, int]]:
    def timed() -> dict[str, int]:
        steps, rounds = run()
        return {"plays": steps, "rounds": rounds}

    return timed


def _warm(count: int) -> Callable[[], dict[str, int]]:
    random_play(200)()  # caches filled, as in a long simulation; the same on both sides
    return _units(random_play(count))


def _vector(kernel: str) -> versus.Workload:
    def setup(count: int) -> Callable[[], dict[str, int]]:
        from cardkit.sim import simulate

        simulate("xeri", 1024, progress=False, engine=kernel)  # imports, tables, compiled code

        def timed() -> dict[str, int]:
            if count:
                simulate("xeri", count, progress=False, engine=kernel)
            return {"rounds": count}

        return timed

    return setup


def _in_japanese(workload: versus.Workload) -> versus.Workload:
    """``workload`` with every sentence in Japanese and the catalogs loaded (issue 23): the
    engine's cost must not change, as it builds no words while it plays."""
    def setup(count: int) -> Callable[[], dict[str, int]]:
        from cardkit.i18n import DOMAINS, Domain, set_language

        set_language("ja")
        for domain in DOMAINS:
            Domain(domain).translations()  # each .mo read now, not inside the timed run
        return workload(count)

    return setup


WORKLOADS: dict[str, versus.Workload] = {
    "protocol-first": lambda n: _units(random_play(n)),
    "protocol-first-50": lambda n: _units(random_play(n)),
    "protocol-ja": _in_japanese(lambda n: _units(random_play(n))),
    "greedy-ja": _in_japanese(lambda n: _units(bots_play(n, "greedy"))),
    "protocol-warm": _warm,
    "greedy": lambda n: _units(bots_play(n, "greedy")),
    "clone": lambda n: _units(clones(n)),
    "vector-numpy": _vector("numpy"),
    "vector-numba": _vector("numba"),
}
"""What ``--baseline-rev`` runs on both commits (code both commits' API takes)."""

COUNTS = {"protocol-first": 300, "protocol-first-50": 50, "protocol-ja": 300,
          "protocol-warm": 150, "greedy": 20, "greedy-ja": 20, "clone": 3000,
          "vector-numpy": 20_000, "vector-numba": 200_000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1500)
    parser.add_argument("--repeat", type=int, default=3)
    versus.add_arguments(parser)
    args = parser.parse_args()
    if versus.handled(args, __file__, WORKLOADS, COUNTS, args.repeat, cpu_only={"vector-numba"}):
        return

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
    for kind in ("random", "greedy"):
        secs, steps, rounds = best_of(1, bots_play(few, kind))
        print(f"four {kind} bots (observation per play): {steps / secs:>10,.0f} plays/s "
              f"{rounds / secs:>7,.0f} rounds/s")


if __name__ == "__main__":
    main()
