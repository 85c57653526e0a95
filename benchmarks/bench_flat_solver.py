"""How many go-downs per CPU second the flat solver (compiled by numba) finds, against the
Python solver, on the same hands (issue 19).

    python benchmarks/bench_flat_solver.py             # 4 games' hands, 2,000 dealt hands
    python benchmarks/bench_flat_solver.py --games 10 --hands 5000

Hands: the questions GreedyBots ask the solver in seeded 4-player games (standard rules; the
solver wrapped to record them), and hands of 10–20 cards dealt from 2 decks under every
contract. Each row times `find_go_down` (with ``keep_at_least=1``, jokers kept out of sets as
the bot asks) and `can_go_down` both ways, in CPU time (`time.process_time`: the machine is
shared, wall time would count other processes); the flat solver is compiled first (the
compile time is printed apart) and its answers are checked equal on the way.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cardkit.cards import Card, card_from_code
from cardkit.zioncheck import bots, new_game, solver
from cardkit.zioncheck.flat import solver as flat
from cardkit.zioncheck.flat.codes import meld_from_row, meld_width, rules_row
from cardkit.zioncheck.flat.jit import kernel
from cardkit.zioncheck.rollout_core import play_hand
from cardkit.zioncheck.rules import Rules

RULES = Rules()
Question = tuple[list[Card], int, int, bool, int]  # cards, hand number, keep, avoid, taken


def game_questions(games: int) -> list[Question]:
    """The solver's questions in ``games`` seeded games of four GreedyBots."""
    asked: list[Question] = []
    find, can = bots.find_go_down, bots.can_go_down

    def record(cards: Any, hand_number: int, rules: Rules, *, keep_at_least: int = 0,
               avoid_set_jokers: bool = True, taken: Any = None) -> Any:
        asked.append((list(cards), hand_number, keep_at_least, avoid_set_jokers,
                      -1 if taken is None else taken.code))
        return find(cards, hand_number, rules, keep_at_least=keep_at_least,
                    avoid_set_jokers=avoid_set_jokers, taken=taken)

    bots.find_go_down = record  # type: ignore[assignment]  # a recording wrapper, put back below
    bots.can_go_down = lambda cards, n, rules, keep_at_least=0: (  # type: ignore[assignment]  # the same
        record(cards, n, rules, keep_at_least=keep_at_least) is not None or can(
            cards, n, rules, keep_at_least=keep_at_least))
    try:
        for seed in range(games):
            bots._ANSWERS.clear()
            game = new_game(players=4, seed=seed, rules=RULES)
            players = [bots.GreedyBot(s) for s in range(4)]
            while not game.is_over:
                play_hand(game, players)
    finally:
        bots.find_go_down, bots.can_go_down = find, can  # type: ignore[assignment]  # put back
    return asked


def dealt_questions(count: int) -> list[Question]:
    rng = random.Random(7)
    pack = list(range(2 * 54))
    out: list[Question] = []
    for _ in range(count):
        codes = rng.sample(pack, rng.randint(10, 20))
        out.append(([card_from_code(c) for c in codes], rng.randint(1, 6), 1, True, -1))
    return out


@kernel
def _find_all(hands: np.ndarray, sizes: np.ndarray, params: np.ndarray, keep: np.ndarray,
              avoid: np.ndarray, taken: np.ndarray, out: np.ndarray) -> int:
    """`flat.find_go_down` on every hand, called from compiled code as the flat rollout calls
    it (no Python call per hand); how many have a go-down."""
    found = 0
    for i in range(hands.shape[0]):
        found += flat.find_go_down(hands[i], sizes[i], params[i], keep[i], avoid[i] != 0,
                                   taken[i], out) >= 0
    return found


@kernel
def _can_all(hands: np.ndarray, sizes: np.ndarray, params: np.ndarray,
             keep: np.ndarray) -> int:
    found = 0
    for i in range(hands.shape[0]):
        found += flat.can_go_down(hands[i], sizes[i], params[i], keep[i])
    return found


def batch(questions: list[Question]) -> tuple[np.ndarray, ...]:
    """The questions as arrays for `_find_all`."""
    hands = np.zeros((len(questions), max(len(q[0]) for q in questions)), np.int64)
    for i, q in enumerate(questions):
        hands[i, :len(q[0])] = [c.code for c in q[0]]
    return (hands, np.array([len(q[0]) for q in questions], np.int64),
            np.array([rules_row(RULES, q[1], 4) for q in questions]),
            np.array([q[2] for q in questions], np.int64),
            np.array([q[3] for q in questions], np.int64),
            np.array([q[4] for q in questions], np.int64))


def per_second(fn: Callable[[Question], Any], questions: list[Question]) -> float:
    """Calls per CPU second, over at least half a second of repeats."""
    start = time.process_time()
    calls = 0
    while True:
        for q in questions:
            fn(q)
        calls += len(questions)
        spent = time.process_time() - start
        if spent >= 0.5:
            return calls / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    params = {n: rules_row(RULES, n, 4) for n in range(1, 7)}
    out = np.zeros((8, meld_width(2)), np.int64)

    def py_find(q: Question) -> Any:
        cards, number, keep, avoid, taken = q
        return solver.find_go_down(cards, number, RULES, keep_at_least=keep,
                                   avoid_set_jokers=avoid,
                                   taken=None if taken < 0 else card_from_code(taken))

    def py_can(q: Question) -> Any:
        return solver.can_go_down(q[0], q[1], RULES, keep_at_least=q[2])

    arrays: dict[int, np.ndarray] = {}  # by id: every question is kept alive in `kept`
    kept: list[Question] = []

    def hand_of(q: Question) -> np.ndarray:
        key = id(q)
        if key not in arrays:
            kept.append(q)
            arrays[key] = np.array([c.code for c in q[0]], np.int64)
        return arrays[key]

    def flat_find(q: Question) -> int:
        return int(flat.find_go_down(hand_of(q), len(q[0]), params[q[1]], q[2], q[3], q[4],
                                     out))

    def flat_can(q: Question) -> bool:
        return bool(flat.can_go_down(hand_of(q), len(q[0]), params[q[1]], q[2]))

    start = time.process_time()
    flat_find(dealt_questions(1)[0])
    flat_can(dealt_questions(1)[0])
    warm = batch(dealt_questions(2))
    _find_all(*warm, out)
    _can_all(*warm[:4])
    print(f"numba compile (or cache load): {time.process_time() - start:.1f} CPU s")
    rows = [("game hands", game_questions(args.games)), ("dealt 10-20 cards, 2 decks",
                                                         dealt_questions(args.hands))]
    for label, questions in rows:
        for q in questions:  # the same answers, or the figures mean nothing
            k = flat_find(q)
            want = py_find(q)
            got = None if k < 0 else tuple(meld_from_row(out[i]) for i in range(k))
            assert got == want, (label, q)
        found = sum(flat_find(q) >= 0 for q in questions)
        print(f"{label}: {len(questions)} hands, {found} with a go-down")
        for name, py, fl in (("find_go_down", py_find, flat_find),
                             ("can_go_down", py_can, flat_can)):
            slow, fast = per_second(py, questions), per_second(fl, questions)
            print(f"  {name:13} Python {slow:9,.0f} calls/CPU s   flat {fast:9,.0f} calls/CPU s"
                  f"   x{fast / slow:.1f}  (one Python call each)")
        hands, sizes, rows, keep, avoid, taken = batch(questions)
        for name, fn, call, py in (
                ("find_go_down", _find_all, (hands, sizes, rows, keep, avoid, taken, out), py_find),
                ("can_go_down", _can_all, (hands, sizes, rows, keep), py_can)):
            assert fn(*call) == sum(bool(py(q)) for q in questions)
            inner = per_second(lambda _q, fn=fn, call=call: fn(*call), [questions[0]])
            slow = per_second(py, questions)
            fast = inner * len(questions)
            print(f"  {name:13} Python {slow:9,.0f} calls/CPU s   flat {fast:9,.0f} calls/CPU s"
                  f"   x{fast / slow:.1f}  (called from compiled code)")


if __name__ == "__main__":
    main()
