"""Zion Check whole-game speed: four greedy bots, a random-bot baseline, and OpenSpiel's gin rummy.

    .venv/bin/python benchmarks/bench_zion_game.py [--games 20] [--players 4]
    .venv/bin/python benchmarks/bench_zion_game.py --big

``--big`` measures the largest table instead (ZC-1.2, `cardkit.bounds`): what a whole game of
16 players and 6 decks costs to play and to replay from its record, for greedy and random
bots, and the worst record the bounds let in (16 players, 8 decks, the longest length guard,
nobody going down, actions filling the 1 MB of record text), with a 4-player greedy replay as
the baseline.

Prints hands per second and turns per second (CPU time of this process, one core) for greedy
bots, and the same for random bots in the same run. The aim (issue 8): four greedy bots play at
least as many Zion Check hands per second as OpenSpiel's C++ ``gin_rummy`` plays random games
per second through ``pyspiel``, measured side by side in this run.

Against an older commit, in the same run (`benchmarks/versus`): each workload runs in fresh
interpreters on a temporary worktree of REV and on this checkout, by turns, and the ratios
new/old are printed (CPU seconds; with ``--instructions`` also callgrind's instruction counts,
which the machine's load does not move)::

    .venv/bin/python benchmarks/bench_zion_game.py --baseline-rev 750966d --instructions

The workloads: ``greedy`` and ``random`` (whole 4-player games, bots seated through the
registry), ``replay`` (a greedy game's record loaded, every action checked again), and, only
when named, ``analyst`` (8 worlds of 3 Zion positions rated by the analyst: its rollouts,
against a baseline that has it, e.g. ``--baseline-rev 409cbfa --instructions --only
analyst``).

Issue 18's check, 750966d (main before issue 18) against issue 18's end: docs/api/engine.md
("Speed: before and after issue 18"): four greedy bots, 6 games (36 hands, 1,013 turns),
instructions new/old 1.023 (callgrind; CPU 1.20 at load average 20 on 2 cores).

OpenSpiel runs in its own interpreter (it may clash with this environment): set
``CARDKIT_OPENSPIEL_PYTHON`` to a Python that can ``import pyspiel`` (for example a venv made
with ``python -m venv /work/bench-venv && /work/bench-venv/bin/pip install open-spiel``), or
install ``open-spiel`` here. Without either, the pairing is skipped with a message.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from collections.abc import Callable

import versus

from cardkit import bounds, play_out
from cardkit.games import get_game, load_record
from cardkit.zioncheck import (
    Discard,
    DrawStock,
    Pass,
    Phase,
    Rules,
    new_game,
)
from cardkit.zioncheck.actions import Action

MAX_PLAYERS = bounds.PLAYERS[1]  # ZC-1.2 (read here so that older commits import this script)

OPENSPIEL_GIN_RUMMY = """
import random, sys, time
import pyspiel
game = pyspiel.load_game("gin_rummy")
rng = random.Random(0)
seconds = float(sys.argv[1])
games = 0
start = time.process_time()
while time.process_time() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    games += 1
print(games / (time.process_time() - start))
"""
"""Random gin rummy games through pyspiel for about ``seconds`` of CPU time; prints games/s."""


def measure(kind: str, games: int, players: int, first_seed: int) -> dict[str, float]:
    """Whole games of ``players`` bots of ``kind``, seated through the registry."""
    spec = get_game("zioncheck")
    hands = turns = actions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = play_out(new_game(players=players, seed=seed),
                        spec.make_bots(kind, seed=seed, players=players))
        hands += len(game.results)
        turns += sum(r.turns for r in game.results)
        actions += len(game.history)
    seconds = max(time.process_time() - start, 1e-9)  # a count of 0 (versus) takes no time
    return {"games": games, "hands": hands, "turns": turns, "actions": actions,
            "seconds": seconds, "hands_per_s": hands / seconds, "turns_per_s": turns / seconds,
            "actions_per_s": actions / seconds}


def replay_seconds(record: str, repeats: int = 3) -> float:
    """The least CPU time of ``repeats`` loads of ``record`` (replaying every action)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        load_record(record)
        best = min(best, time.process_time() - start)
    return best


def worst_record() -> str:
    """The costliest record within the bounds: the largest table, the most decks, the longest
    hands random play allows, actions up to the bound on the record's size."""
    rules = Rules(num_decks=bounds.MAX_DECKS, max_turns_per_hand=bounds.MAX_RULE_VALUE)
    game = new_game(players=MAX_PLAYERS, seed=1, rules=rules)
    size = len(game.to_json())
    while not game.is_over:
        # nobody goes down: draw, pass, discard, so the record is as long as the bound allows
        phase = game.phase
        if phase is Phase.DRAW:
            action: Action = DrawStock()
        elif phase is Phase.CLAIM:
            action = Pass()
        else:
            action = Discard(game.hand(game.current_player)[0])  # type: ignore[arg-type]
        size += len(action.to_text()) + 4
        if size > bounds.MAX_RECORD_BYTES:
            break
        game.apply(action)
    return game.to_json()


def big() -> None:
    spec = get_game("zioncheck")
    base = play_out(new_game(players=4, seed=1), spec.make_bots("greedy", seed=1))
    baseline = replay_seconds(base.to_json())
    print(f"baseline: a 4-player greedy game ({len(base.history)} actions) replays in "
          f"{baseline * 1000:.0f} ms CPU")
    for name in ("greedy", "random"):
        start = time.process_time()
        game = play_out(new_game(players=MAX_PLAYERS, seed=1),
                        spec.make_bots(name, seed=1, players=MAX_PLAYERS))
        played = time.process_time() - start
        record = game.to_json()
        again = replay_seconds(record)
        print(f"{name:>6} bots, {MAX_PLAYERS} players, {game.rules.decks_for(MAX_PLAYERS)} decks: "
              f"{len(game.history)} actions, record {len(record):,} bytes; played in "
              f"{played:.2f} s, replayed in {again:.2f} s CPU ({again / baseline:.1f}x baseline)")
    record = worst_record()
    again = replay_seconds(record, repeats=1)
    print(f" worst record within the bounds ({MAX_PLAYERS} players, {bounds.MAX_DECKS} decks, "
          f"{len(record):,} bytes): replayed in {again:.2f} s CPU ({again / baseline:.0f}x "
          "baseline)")


def openspiel_python() -> str | None:
    """An interpreter that can import pyspiel: $CARDKIT_OPENSPIEL_PYTHON, or this one."""
    chosen = os.environ.get("CARDKIT_OPENSPIEL_PYTHON")
    if chosen:
        return chosen
    if importlib.util.find_spec("pyspiel") is not None:
        return sys.executable
    return None


def openspiel_games_per_second(python: str, seconds: float) -> float | None:
    try:
        done = subprocess.run([python, "-c", OPENSPIEL_GIN_RUMMY, str(seconds)],
                              capture_output=True, text=True, timeout=seconds * 10 + 60,
                              check=True)
        return float(done.stdout.split()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError) as error:
        print(f"OpenSpiel pairing failed with {python}: {error}")
        return None


# ----------------------------------------------------------------- same run, two commits

def _games(kind: str) -> versus.Workload:
    def setup(count: int) -> Callable[[], dict[str, int]]:
        # untimed, as versus asks: the registry's lazy imports (the game's spec and what its
        # bots and analyst load) happen here on both sides, not inside the counted games
        get_game("zioncheck").make_bots(kind, seed=0, players=4)

        def timed() -> dict[str, int]:
            r = measure(kind, count, 4, 0)
            return {"hands": int(r["hands"]), "turns": int(r["turns"]),
                    "actions": int(r["actions"])}

        return timed

    return setup


def _replay(count: int) -> Callable[[], dict[str, int]]:
    spec = get_game("zioncheck")
    record = play_out(new_game(players=4, seed=1), spec.make_bots("greedy", seed=1)).to_json()

    def timed() -> dict[str, int]:
        actions = 0
        for _ in range(count):
            actions += len(load_record(record).history)
        return {"actions": actions}

    return timed


def _analyst(count: int) -> Callable[[], dict[str, int]]:
    """The analyst's rollouts (issue 19): ``count`` worlds of the first 3 positions of
    ``bench_analysis.py`` rated with a sample budget (commits from 409cbfa on: the analyst)."""
    from bench_analysis import zion_position

    import cardkit.pimc as pimc
    from cardkit.analysis import analyze

    pimc.MAX_SECONDS = 1e9  # under callgrind the 30 s wall-clock bound would cut it short
    games = [zion_position(seed) for seed in range(3)]
    analyze(games[0], seconds=None, max_samples=1, seed=1)  # imports, untimed

    def timed() -> dict[str, int]:
        samples = rollouts = 0
        for game in games:
            result = analyze(game, seconds=None, max_samples=count, seed=1)
            samples += result.samples
            rollouts += sum(move.samples for move in result.moves)
        return {"samples": samples, "rollouts": rollouts}

    return timed


WORKLOADS: dict[str, versus.Workload] = {
    "greedy": _games("greedy"), "random": _games("random"), "replay": _replay,
    "analyst": _analyst,
}
"""What ``--baseline-rev`` runs on both commits (code both commits' API takes; ``analyst``
needs a baseline with the analyst, 409cbfa or later)."""

COUNTS = {"greedy": 6, "random": 2, "replay": 5, "analyst": 8}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per bot kind")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--big", action="store_true",
                        help="measure the largest table and the worst record instead")
    parser.add_argument("--repeat", type=int, default=3,
                        help="with --baseline-rev: turns per workload; the best counts")
    versus.add_arguments(parser)
    args = parser.parse_args()
    # the analyst workload runs only when named (--only analyst): older baselines have none
    counts = COUNTS if "analyst" in (args.only or ()) else {
        name: count for name, count in COUNTS.items() if name != "analyst"}
    if versus.handled(args, __file__, WORKLOADS, counts, args.repeat):
        return
    if args.big:
        big()
        return
    python = openspiel_python()
    results = {}
    for name in ("greedy", "random"):
        games = args.games if name == "greedy" else max(1, args.games // 4)
        r = measure(name, games, args.players, args.seed)
        results[name] = r
        print(f"{name:>6} bots, {args.players} players: {r['games']} games, {r['hands']} hands, "
              f"{r['turns']} turns in {r['seconds']:.2f} s CPU -> {r['hands_per_s']:.1f} "
              f"hands/s, {r['turns_per_s']:.0f} turns/s, {r['actions_per_s']:.0f} actions/s")
    g, r = results["greedy"], results["random"]
    print(f"greedy/random: {g['hands_per_s'] / r['hands_per_s']:.1f}x hands per second, "
          f"{g['turns_per_s'] / r['turns_per_s']:.2f}x turns per second "
          f"(a greedy hand lasts {g['turns'] / g['hands']:.0f} turns, a random one "
          f"{r['turns'] / r['hands']:.0f})")
    if python is None:
        print("OpenSpiel pairing skipped: pyspiel is not importable here and "
              "CARDKIT_OPENSPIEL_PYTHON is not set (see this script's docstring)")
        return
    # measured right after (and as long as) the greedy run, so both see the same machine load
    gin = openspiel_games_per_second(python, max(2.0, g["seconds"]))
    if gin is None:
        return
    again = measure("greedy", args.games, args.players, args.seed)["hands_per_s"]
    zion = (g["hands_per_s"] + again) / 2
    print(f"OpenSpiel gin_rummy (C++ through pyspiel), random play: {gin:.0f} games/s")
    print(f"aim: greedy Zion Check hands/s >= gin_rummy games/s: "
          f"{'met' if zion >= gin else 'not met'} ({zion:.0f} vs {gin:.0f}, {zion / gin:.2f}x)")


if __name__ == "__main__":
    main()
