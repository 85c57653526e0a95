"""The flat go-down solver answers exactly what the Python solver answers: the same melds, made
of the same physical cards in the same order, in the same order (and the same yes/no for
`can_go_down`), compiled by numba and as plain Python."""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardkit.cards import card_from_code, parse_cards
from cardkit.zioncheck import new_game, solver
from cardkit.zioncheck.flat import jit
from cardkit.zioncheck.flat import solver as flat
from cardkit.zioncheck.flat.codes import MELD_OWNER, meld_from_row, meld_width, rules_row
from cardkit.zioncheck.rules import PRESETS, CardValues, Contract, Rules, TouchingRuns

PRESET_NAMES = ("standard", "three_runs_finale")
MODES = tuple(TouchingRuns)
VALUES = (CardValues(), CardValues(joker=0), CardValues(ace=0, joker=20, high=0, low=5),
          CardValues(ace=1, joker=1, high=1, low=1))


class Case(dict[str, Any]):
    """One question: ``codes`` (the hand in order), ``rules``, ``hand_number``, ``keep``,
    ``avoid`` (avoid_set_jokers), ``taken`` (a code or -1)."""


def make_rules(preset: str, min_natural: int, mode: TouchingRuns,
               values: CardValues = VALUES[0]) -> Rules:
    return dataclasses.replace(PRESETS[preset], min_natural_per_meld=min_natural,
                               same_suit_touching_runs=mode, card_values=values)


def deal(rng: random.Random, decks: int, size: int, style: str) -> list[int]:
    """``size`` codes of a ``decks``-deck pack: any cards, mostly one or two suits (runs), or
    as many jokers as the pack has (joker-heavy)."""
    pack = list(range(decks * 54))
    if style == "suited":
        suits = rng.sample(range(4), rng.randint(1, 2))
        pack = [c for c in pack if c % 54 >= 52 or (c % 54) // 13 in suits]
        return rng.sample(pack, min(size, len(pack)))
    if style == "jokers":
        wild = [c for c in pack if c % 54 >= 52]
        many = rng.randint(max(0, len(wild) - 2), len(wild))
        codes = rng.sample(wild, many) + rng.sample([c for c in pack if c % 54 < 52],
                                                     size - many)
        rng.shuffle(codes)
        return codes
    return rng.sample(pack, size)


def random_case(seed: int) -> Case:
    rng = random.Random(seed)
    rules = make_rules(rng.choice(PRESET_NAMES), rng.randint(0, 2), rng.choice(MODES),
                       VALUES[0] if rng.random() < 0.7 else rng.choice(VALUES))
    codes = deal(rng, rng.randint(1, 3), rng.randint(6, 20),
                 rng.choice(("any", "any", "suited", "jokers")))
    return Case(codes=codes, rules=rules, hand_number=rng.randint(1, 6),
                keep=rng.randint(0, 2), avoid=rng.random() < 0.5,
                taken=rng.choice(codes) if rng.random() < 0.5 else -1)


def option_cases() -> Iterator[Case]:
    """Every hand number of both presets under every min_natural, ZC-10 mode, keep_at_least,
    avoid_set_jokers and taken or not: a random and a joker-heavy hand each."""
    grid = itertools.product(PRESET_NAMES, range(1, 7), (0, 1, 2), MODES, (0, 1, 2),
                             (True, False), (False, True))
    for i, (preset, number, natural, mode, keep, avoid, taken) in enumerate(grid):
        rng = random.Random(i)
        rules = make_rules(preset, natural, mode)
        for style in ("suited", "jokers"):
            codes = deal(rng, 1 + i % 3, rng.randint(8 if style == "suited" else 6, 20), style)
            yield Case(codes=codes, rules=rules, hand_number=number, keep=keep, avoid=avoid,
                       taken=rng.choice(codes) if taken else -1)


def joker_run_cases() -> Iterator[Case]:
    """Few naturals and four to six jokers, no natural card needed (min_natural 0): runs of
    jokers only, built where ZC-10 lets them lie (`solver._joker_run_place`)."""
    for seed in range(300):
        rng = random.Random(seed)
        decks = rng.randint(2, 3)
        wild = [c for c in range(decks * 54) if c % 54 >= 52]
        suit = 0 if seed % 2 else rng.randrange(4)  # clubs: where runs of jokers go first
        low = rng.choice((5, 6, rng.randint(1, 10)))
        run = [(suit * 13 + (p % 13)) + 54 * rng.randrange(decks)
               for p in range(low - 1, low + rng.randint(2, 4))]
        other = rng.sample([c for c in range(decks * 54) if c % 54 < 52], rng.randint(0, 3))
        codes = list(dict.fromkeys(run + other)) + rng.sample(wild, rng.randint(4, len(wild)))
        rng.shuffle(codes)
        preset = PRESET_NAMES[seed % 2]
        yield Case(codes=codes, rules=make_rules(preset, 0, MODES[seed % 3]),
                   hand_number=rng.choice((2, 3, 5, 6)), keep=rng.randint(0, 1),
                   avoid=seed % 4 != 0, taken=-1)


def retry_cases(tries: int = 1500) -> Iterator[Case]:
    """Hands that are a go-down and one more card, that card taken from the discard pile: the
    go-down would leave only it (ZC-6.1), so `find_go_down` solves again without each other
    face (its ``taken`` loop)."""
    for seed in range(tries):
        case = random_case(100_000 + seed)
        cards = [card_from_code(c) for c in case["codes"]]
        melds = solver.find_go_down(cards, case["hand_number"], case["rules"])
        if melds is None:
            continue
        left = solver.leftover(cards, melds)
        if not left:
            continue
        rng = random.Random(seed)
        taken = rng.choice(left)
        used = {c for m in melds for c in m.cards}
        codes = [c.code for c in cards if c in used or c == taken]
        yield Case(case, codes=codes, taken=taken.code, keep=rng.randint(0, 1),
                   avoid=rng.random() < 0.7)


def flat_answer(case: Case) -> tuple[int, np.ndarray, bool]:
    codes = case["codes"]
    params = rules_row(case["rules"], case["hand_number"], 4)
    decks = max(codes) // 54 + 1
    out = np.full((8, meld_width(decks)), 99, np.int64)
    hand = np.array([*codes, 7, 7], np.int64)  # cards past n must not matter
    k = flat.find_go_down(hand, len(codes), params, case["keep"], case["avoid"], case["taken"],
                          out)
    can = flat.can_go_down(hand, len(codes), params, case["keep"])
    return k, out, bool(can)


def mismatch(case: Case) -> tuple[str | None, bool]:
    """(None when both solvers agree on ``case``, else what differs; is there a go-down?)"""
    cards = [card_from_code(c) for c in case["codes"]]
    rules, number, keep = case["rules"], case["hand_number"], case["keep"]
    taken = None if case["taken"] < 0 else card_from_code(case["taken"])
    want = solver.find_go_down(cards, number, rules, keep_at_least=keep,
                               avoid_set_jokers=case["avoid"], taken=taken)
    can = solver.can_go_down(cards, number, rules, keep_at_least=keep)
    k, out, flat_can = flat_answer(case)
    got = None if k < 0 else [meld_from_row(out[i]) for i in range(k)]
    if can != flat_can:
        return f"can_go_down {can} != {flat_can}", k >= 0
    if want is None or got is None:
        return (None if want is None and got is None else f"{want} != {got}"), k >= 0
    if list(want) != got or any(out[i, MELD_OWNER] != -1 for i in range(k)) or \
            [[c.code for c in m.cards] for m in want] != [[c.code for c in m.cards] for m in got]:
        return f"{[str(m) for m in want]} != {[str(m) for m in got]}", True
    return None, True


def mismatches(cases: Iterable[Case]) -> tuple[list[str], int]:
    """(what differs, labelled by case), how many cases had a go-down."""
    bad = []
    found = 0
    for case in cases:
        problem, there = mismatch(case)
        if problem is not None:
            bad.append(f"{describe(case)}: {problem}")
        found += there
    return bad, found


def describe(case: Case) -> str:
    rules = case["rules"]
    return (f"codes={case['codes']} hand={case['hand_number']} keep={case['keep']} "
            f"avoid={case['avoid']} taken={case['taken']} min_natural="
            f"{rules.min_natural_per_meld} touching={rules.same_suit_touching_runs.value} "
            f"contracts={rules.contracts} values={rules.card_values}")


def game_cases(seeds: Iterable[int], monkeypatch: pytest.MonkeyPatch) -> list[Case]:
    """The questions the greedy bots ask the solver in real games, seeded, every preset and a
    few options (the solver is wrapped to record them)."""
    from cardkit.zioncheck import bots
    from cardkit.zioncheck.rollout_core import play_hand

    asked: list[Case] = []

    def recorded(function: Callable[..., Any]) -> Callable[..., Any]:
        def record(cards: Any, hand_number: int, rules: Rules, *, keep_at_least: int = 0,
                   avoid_set_jokers: bool = True, taken: Any = None) -> Any:
            asked.append(Case(codes=[c.code for c in cards], rules=rules,
                              hand_number=hand_number, keep=keep_at_least,
                              avoid=avoid_set_jokers, taken=-1 if taken is None else taken.code))
            if function is solver.can_go_down:
                return function(cards, hand_number, rules, keep_at_least=keep_at_least)
            return function(cards, hand_number, rules, keep_at_least=keep_at_least,
                            avoid_set_jokers=avoid_set_jokers, taken=taken)
        return record

    monkeypatch.setattr(bots, "find_go_down", recorded(solver.find_go_down))
    monkeypatch.setattr(bots, "can_go_down", recorded(solver.can_go_down))
    monkeypatch.setattr(bots, "_ANSWERS", {})
    for seed in seeds:
        preset = PRESET_NAMES[seed % 2]
        rules = make_rules(preset, seed % 3, MODES[seed // 2 % 3])
        if seed % 5 == 4:
            rules = dataclasses.replace(rules, allow_go_out_without_discard=True)
        game = new_game(players=2 + seed % 5, seed=seed, rules=rules)
        players = [bots.GreedyBot(s) for s in range(game.num_players)]
        while not game.is_over:
            play_hand(game, players)
    monkeypatch.undo()
    return asked


# -- the tests ------------------------------------------------------------------------------

def test_the_flat_solver_is_compiled_when_numba_is_there() -> None:
    pytest.importorskip("numba")
    if os.environ.get("NUMBA_DISABLE_JIT", "0") != "0":
        pytest.skip("numba's JIT is switched off (NUMBA_DISABLE_JIT)")
    assert jit.compiled()
    case = random_case(0)
    flat_answer(case)
    assert flat.find_go_down.signatures and flat.can_go_down.signatures  # type: ignore[attr-defined]  # numba dispatchers


def test_random_hands() -> None:
    bad, found = mismatches(random_case(seed) for seed in range(3000))
    assert not bad, "\n".join(bad[:5])
    assert found > 500  # enough go-downs found to compare melds, not only None


def test_every_option_of_both_presets() -> None:
    cases = list(option_cases())
    bad, found = mismatches(cases)
    assert not bad, "\n".join(bad[:5])
    assert len(cases) == 2 * 6 * 3 * 3 * 3 * 2 * 2 * 2 and found > 400


def test_real_game_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = game_cases(range(10), monkeypatch)
    # the same hands under the other options too: a card of the hand taken, jokers in sets
    rng = random.Random(5)
    more = [Case(case, taken=rng.choice(case["codes"]), avoid=not case["avoid"],
                 keep=rng.randint(0, 2)) for case in cases[::3]]
    bad, found = mismatches(cases + more)
    assert not bad, "\n".join(bad[:5])
    assert len(cases) > 300 and found > 100


def test_runs_of_jokers_only() -> None:
    cases = list(joker_run_cases())
    bad, found = mismatches(cases)
    assert not bad, "\n".join(bad[:5])
    assert found > 100


def test_the_taken_card_retry() -> None:
    cases = list(retry_cases())
    bad, found = mismatches(cases)
    assert not bad, "\n".join(bad[:5])
    assert len(cases) > 150 and found > 100


def test_a_cap_that_leaves_cards_worth_nothing() -> None:
    """keep_at_least caps the melded cards and aces are worth 0: the fill stops at the first
    card worth nothing (`_Search._capped_fill`)."""
    cards = parse_cards("7C 7D 7H 7S 7C@1 AC AD AH AS AC@1")
    rules = make_rules("standard", 1, TouchingRuns.NEED_NINE, VALUES[2])
    cases = [Case(codes=[c.code for c in cards], rules=rules, hand_number=1, keep=keep,
                  avoid=True, taken=-1) for keep in range(4)]
    bad, found = mismatches(cases)
    assert not bad, "\n".join(bad)
    assert found == 4


def heavy_cases() -> list[Case]:
    """3 sets + 3 runs on 30–40 cards of 4 decks with 6–8 jokers: the step budget cuts the
    Python search short on some (the docstring of `solver.find_go_down`)."""
    rules = Rules(contracts=(Contract(3, 3),) * 6, min_natural_per_meld=0)
    cases = []
    for seed in range(6):
        rng = random.Random(seed)
        wild = [c for c in range(4 * 54) if c % 54 >= 52]
        naturals = [c for c in range(4 * 54) if c % 54 < 52]
        jokers = rng.randint(6, 8)
        codes = rng.sample(wild, jokers) + rng.sample(naturals, rng.randint(30, 40) - jokers)
        rng.shuffle(codes)
        cases.append(Case(codes=codes, rules=rules, hand_number=1, keep=1, avoid=True,
                          taken=-1))
    return cases


def test_the_step_budget_cuts_where_the_python_search_is_cut() -> None:
    cases = heavy_cases()
    cut = 0
    for case in cases:
        cards = [card_from_code(c) for c in case["codes"]]
        search = solver._Search(cards, Contract(3, 3), case["rules"], 1, False, False,
                                solver.SEARCH_BUDGET)
        search.solve()
        cut += search.cut
    assert cut >= 2  # the cases do reach the budget
    bad, found = mismatches(cases)
    assert not bad, "\n".join(bad[:5])
    assert found == len(cases)


def test_plain_python_gives_the_same_answers() -> None:
    """The very same source without numba (``NUMBA_DISABLE_JIT=1``, what Pyodide runs)."""
    script = ("import json, runpy\n"
              "from cardkit.zioncheck.flat import jit\n"
              f"ns = runpy.run_path({str(Path(__file__))!r})\n"
              "cases = [ns['random_case'](s) for s in range(400)]\n"
              "cases += list(ns['option_cases']())[::24] + ns['heavy_cases']()[:2]\n"
              "cases += list(ns['joker_run_cases']())[::5] + list(ns['retry_cases'](400))\n"
              "bad, found = ns['mismatches'](cases)\n"
              "print(json.dumps([jit.compiled(), len(cases), found, bad[:5]]))\n")
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=300, check=True)
    compiled, count, found, bad = json.loads(done.stdout.strip().splitlines()[-1])
    assert not compiled
    assert not bad, "\n".join(bad)
    assert count > 600 and found > 200
