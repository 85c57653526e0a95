"""Zion Check whole-game speed: four greedy bots, and a random-bot baseline.

    .venv/bin/python benchmarks/bench_zion_game.py [--games 20] [--players 4]

Prints hands per second and turns per second (CPU time of this process, one core) for greedy
bots, and the same for random bots in the same run. The aim for greedy bots is at least 150
four-player hands per second here (issue 3).
"""

from __future__ import annotations

import argparse
import time

from cardkit import play_out
from cardkit.zioncheck import GreedyBot, RandomBot, new_game


def measure(bot_class: type, games: int, players: int, first_seed: int) -> dict[str, float]:
    hands = turns = actions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = play_out(new_game(players=players, seed=seed),
                        [bot_class(s, seed=seed * 100 + s) for s in range(players)])
        hands += len(game.results)
        turns += sum(r.turns for r in game.results)
        actions += len(game.history)
    seconds = time.process_time() - start
    return {"games": games, "hands": hands, "turns": turns, "actions": actions,
            "seconds": seconds, "hands_per_s": hands / seconds, "turns_per_s": turns / seconds,
            "actions_per_s": actions / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per bot kind")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    results = {}
    for name, bot in (("greedy", GreedyBot), ("random", RandomBot)):
        games = args.games if name == "greedy" else max(1, args.games // 4)
        r = measure(bot, games, args.players, args.seed)
        results[name] = r
        print(f"{name:>6} bots, {args.players} players: {r['games']} games, {r['hands']} hands, "
              f"{r['turns']} turns in {r['seconds']:.2f} s CPU -> {r['hands_per_s']:.1f} "
              f"hands/s, {r['turns_per_s']:.0f} turns/s, {r['actions_per_s']:.0f} actions/s")
    g, r = results["greedy"], results["random"]
    print(f"greedy/random: {g['hands_per_s'] / r['hands_per_s']:.1f}x hands per second, "
          f"{g['turns_per_s'] / r['turns_per_s']:.2f}x turns per second "
          f"(a greedy hand lasts {g['turns'] / g['hands']:.0f} turns, a random one "
          f"{r['turns'] / r['hands']:.0f})")
    aim = 150
    print(f"aim: >= {aim} greedy hands/s with 4 players: "
          f"{'met' if g['hands_per_s'] >= aim else 'not met'} ({g['hands_per_s']:.0f})")


if __name__ == "__main__":
    main()
