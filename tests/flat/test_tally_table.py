"""The flat tally and table functions (`cardkit.zioncheck.flat.tally`, `flat.table`) give exactly
the answers of the Python code they copy (`cardkit.zioncheck.tally`, the greedy bot's pieces of
`cardkit.zioncheck.bots`, the lay-off and joker exchange of `ZionGame`): on random hands of 1 to
3 decks under every contract of the default table and of the three-runs preset, with the
options they read, on random tables, and on the real tables and hands of seeded games of greedy
bots (every decision point, every lay-off and exchange the game would play there). Compiled by
numba here, and as plain Python (``NUMBA_DISABLE_JIT=1``) in a subprocess on a smaller sample.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardkit.cards import SUITS, Card
from cardkit.engine import IllegalAction
from cardkit.pimc import decide
from cardkit.zioncheck import GreedyBot, new_game
from cardkit.zioncheck import bots as original_bots
from cardkit.zioncheck import tally as original_tally
from cardkit.zioncheck.actions import ExchangeJoker, LayOff
from cardkit.zioncheck.flat import table as flat_table
from cardkit.zioncheck.flat import tally as flat_tally
from cardkit.zioncheck.flat.codes import (
    MELD_LEN,
    MELD_LOW,
    MELD_OWNER,
    meld_from_row,
    meld_row,
    meld_width,
    rules_row,
)
from cardkit.zioncheck.flat.jit import compiled
from cardkit.zioncheck.melds import (
    Meld,
    MeldKind,
    _exchange_index,
    _lay_off_end,
    _make_run,
    _make_set,
    hand_points,
    may_fit,
)
from cardkit.zioncheck.moves import _table_has_free_joker
from cardkit.zioncheck.rules import PRESETS, CardValues, Rules
from cardkit.zioncheck.state import Phase, TableMeld

BASES = (Rules(), PRESETS["three_runs_finale"])
"""Every contract of the default table and of the three-runs preset (hands 1–6 of each)."""
VALUES = (CardValues(), CardValues(ace=1, joker=50, high=10, low=5), CardValues(5, 5, 5, 5))
"""The default penalty points, and others that break ties differently (ZC-2.3)."""


def _codes(cards: Any) -> np.ndarray:
    return np.array([c.code for c in cards], np.int64)


def _pack(decks: int) -> list[Card]:
    naturals = [Card(r, s, d) for d in range(decks) for s in SUITS for r in range(1, 14)]
    return naturals + [Card.joker(j) for j in range(2 * decks)]


def _rows(table: list[TableMeld], decks: int, spare: int = 1) -> np.ndarray:
    """The table as rows, with ``spare`` unused rows after them (as a rollout's table has)."""
    width = meld_width(decks)
    rows = np.zeros((len(table) + spare, width), np.int64)
    for k, tm in enumerate(table):
        rows[k] = meld_row(tm.meld, tm.owner, width)
    return rows


def _pair(action: Any) -> tuple[int, int]:
    """An `ExchangeJoker` or `LayOff` (or None) as the flat functions' (card, index)."""
    if action is None:
        return -1, -1
    assert action.end is None if isinstance(action, LayOff) else True
    return action.card.code, action.meld_index


# -- checks: each compares one function with its original and says what it met ---------------


def check_hand(cards: list[Card], rules: Rules, hand_number: int, players: int,
               taken: Card | None, others: list[Card], seen: Counter[str]) -> None:
    """The tally functions, `hand_points` and `costliest_discard` on one hand."""
    where = (str(rules.contracts[hand_number - 1]), rules.min_natural_per_meld,
             " ".join(c.to_text() for c in cards), taken)
    params = rules_row(rules, hand_number, players)
    contract = rules.contracts[hand_number - 1]
    hand, n = _codes(cards), len(cards)
    counts, masks = np.zeros(14, np.int64), np.zeros(5, np.int64)
    flat_tally.summary(hand, n, counts, masks)
    counted = original_tally.summary(cards)
    assert (list(counts), list(masks)) == counted, where
    for card in [*cards[:4], *others]:
        assert flat_tally.usefulness_counted(card.code, counts, masks, contract.sets,
                                             contract.runs) == (
            original_tally.usefulness_counted(card, counted, contract)), (where, card)
    values = rules.card_values.by_rank()
    if cards:
        for skip in {None, taken}:
            assert flat_tally.least_useful(hand, n, params, -1 if skip is None else skip.code) \
                == original_tally.least_useful(cards, contract, values, skip).code, (where, skip)
    for keep in (0, 1, 2):
        might = original_tally.might_go_down(cards, contract, rules, keep)
        assert flat_tally.might_go_down(hand, n, params, keep) is might, (where, keep)
        if contract.runs and rules.min_natural_per_meld == 1 and n - keep >= contract.min_cards:
            seen[f"might_go_down with runs {might}"] += 1
    assert flat_table.hand_points(hand, n, params) == hand_points(cards, rules), where
    for skip in {None, taken}:
        if any(c != skip for c in cards):
            assert flat_table.costliest_discard(hand, n, -1 if skip is None else skip.code,
                                                params) == (
                original_bots._costliest_discard(cards, skip, values).code), (where, skip)
        else:
            assert flat_table.costliest_discard(hand, n, -1 if skip is None else skip.code,
                                                params) == -1
    seen["hands"] += 1


def _same_rows(rows: np.ndarray, table: list[TableMeld], spare: int = 1) -> bool:
    """Do ``rows`` hold exactly ``table`` (and zeros after it)?"""
    expected = np.zeros_like(rows)
    for k, tm in enumerate(table):
        expected[k] = meld_row(tm.meld, tm.owner, rows.shape[1])
    return bool((rows == expected).all())


def _lay_off_kind(card: Card, before: Meld, after: Meld) -> str:
    """What a lay-off did, for the record of what the checks met."""
    if before.kind is MeldKind.SET:
        return "joker on a set" if not card.rank else "card on a set"
    end = "low" if after.low != before.low else "high"
    what = "joker" if not card.rank else "card"
    ace = " to an ace" if (after.low == 1 and end == "low") or (after.high == 14
                                                                 and end == "high") else ""
    return f"{what} on a run's {end} end{ace}"


def check_table(table: list[TableMeld], cards: list[Card], rules: Rules, hand_number: int,
                players: int, taken: Card | None, others: list[Card],
                seen: Counter[str]) -> None:
    """The table functions on one table and hand: the bot's choices, and every lay-off and
    exchange of a card of ``cards`` (or of ``others``) as `Meld.with_card` and
    `Meld.with_joker_exchanged` make them."""
    decks = rules.decks_for(players)
    params = rules_row(rules, hand_number, players)
    rows, m = _rows(table, decks), len(table)
    hand, n = _codes(cards), len(cards)
    where = ([tm.meld.to_text() for tm in table], " ".join(c.to_text() for c in cards), taken)
    melds = [tm.meld for tm in table]
    assert flat_table.has_free_joker(rows, m) is _table_has_free_joker(table), where
    choice = flat_table.lay_off_choice(rows, m, params, hand, n,
                                       -1 if taken is None else taken.code)
    expected = original_bots._lay_off(table, rules, list(cards), taken)
    assert choice == _pair(expected), where
    if expected is not None:
        seen["lay_off_choice " + ("joker" if not expected.card.rank else "card") + " on a "
             + melds[expected.meld_index].kind.value] += 1
    freed = original_bots._joker_to_free(table, cards)
    assert flat_table.joker_to_free(rows, m, hand, n) == _pair(freed), where
    seen["joker_to_free " + ("some" if freed is not None else "none")] += 1
    for card in [*cards, *others]:
        for k, meld in enumerate(melds):
            assert flat_table.may_fit(card.code, rows, k) is may_fit(card, meld), (where, card, k)
            if card in meld.cards:
                continue
            if _lay_off_end(card, meld, None) is not False:
                after = meld.with_card(card)
                laid = rows.copy()
                flat_table.lay_off(laid, k, card.code)
                changed = [*table]
                changed[k] = TableMeld(after, table[k].owner)
                assert _same_rows(laid, changed), (where, card, k)
                seen["lay_off " + _lay_off_kind(card, meld, after)] += 1
                if card.rank == 1 and meld.low == 2 and meld.high == 13:
                    seen["lay_off of an ace that fits both ends"] += 1
            swapped = rows.copy()
            joker = flat_table.exchange(swapped, k, card.code)
            if _exchange_index(card, meld) < 0:
                assert joker == -1 and (swapped == rows).all(), (where, card, k)
                continue
            after, joker_card = meld.with_joker_exchanged(card)
            changed = [*table]
            changed[k] = TableMeld(after, table[k].owner)
            assert joker == joker_card.code and _same_rows(swapped, changed), (where, card, k)
            seen["exchange" + (" of an ace" if card.rank == 1 else "")] += 1


# -- random hands and tables ------------------------------------------------------------------


def _random_rules(rng: random.Random) -> Rules:
    return rng.choice(BASES).replace(
        min_natural_per_meld=rng.choice((0, 1, 1, 1, 2)),
        allow_go_out_without_discard=rng.random() < 0.3,
        forbid_discard_of_taken_card=rng.random() < 0.8,
        card_values=rng.choice(VALUES))


def _random_hand(rng: random.Random, pack: list[Card], size: int) -> list[Card]:
    """A hand of ``size`` cards of ``pack``: uniform, or gathered in a suit or two and a few
    neighbouring ranks, or in a few ranks (so that runs and sets are near)."""
    how = rng.random()
    if how < 0.3:
        return rng.sample(pack, min(size, len(pack)))
    if how < 0.7:
        suits = rng.sample(SUITS, rng.choice((1, 2)))
        low = rng.randint(1, 9)
        near = [c for c in pack if not c.rank or (c.suit in suits and low <= c.rank < low + 6)]
    else:
        ranks = rng.sample(range(1, 14), rng.randint(2, 4))
        near = [c for c in pack if not c.rank or c.rank in ranks]
    jokers = [c for c in near if not c.rank]
    naturals = [c for c in near if c.rank]
    chosen = rng.sample(jokers, min(len(jokers), rng.choice((0, 0, 1, 1, 2, 3))))
    chosen += rng.sample(naturals, min(len(naturals), max(0, size - len(chosen) - 2)))
    rest = [c for c in pack if c not in chosen]
    chosen += rng.sample(rest, min(len(rest), max(0, size - len(chosen))))
    rng.shuffle(chosen)
    return chosen


def _random_table(rng: random.Random, pack: list[Card]) -> tuple[list[TableMeld], list[Card]]:
    """Legal melds from ``pack`` (runs of 4 to 14 with jokers anywhere, sets with jokers), and
    the cards left."""
    free = list(pack)
    rng.shuffle(free)
    table: list[TableMeld] = []
    for _ in range(rng.randint(1, 7)):
        jokers = [c for c in free if not c.rank]
        if rng.random() < 0.6:
            suit = rng.choice(SUITS)
            length = rng.choice((4, 4, 5, 6, 8, 11, 12, 13, 14))
            low = rng.randint(1, 15 - length)
            cards: list[Card] = []
            for position in range(low, low + length):
                rank = 1 if position == 14 else position
                face = [c for c in free if c.rank == rank and c.suit == suit and c not in cards]
                spare = [j for j in jokers if j not in cards]
                if spare and (not face or rng.random() < 0.2):
                    cards.append(spare[0])
                elif face:
                    cards.append(face[0])
                else:
                    break
            if len(cards) < length or not any(c.rank for c in cards):
                continue
            meld = _make_run(suit, low, cards)
        else:
            rank = rng.randint(1, 13)
            same = [c for c in free if c.rank == rank]
            if not same:
                continue
            cards = rng.sample(same, min(len(same), rng.randint(1, 5)))
            cards += jokers[:max(3 - len(cards), rng.choice((0, 0, 0, 1)))]
            if len(cards) < 3:
                continue
            meld = _make_set(rank, cards)
        table.append(TableMeld(meld, rng.randrange(4)))
        free = [c for c in free if c not in meld.cards]
    return table, free


def _fitting(table: list[TableMeld], free: list[Card]) -> list[Card]:
    """The cards of ``free`` that fit some meld or free a joker (so hands meet lay-offs)."""
    return [c for c in free if any(may_fit(c, tm.meld) or _exchange_index(c, tm.meld) >= 0
                                   for tm in table)]


def run_random(count: int, seed: int) -> Counter[str]:
    """``count`` random hands and tables, each checked; what they met."""
    rng = random.Random(f"flat tally table {seed}")
    seen: Counter[str] = Counter()
    for _ in range(count):
        decks = rng.randint(1, 3)
        pack = _pack(decks)
        rules = _random_rules(rng)
        hand_number = rng.randint(1, 6)
        players = rng.randint(2, 8)
        cards = _random_hand(rng, pack, rng.randint(1, 16))
        taken = rng.choice(cards) if rng.random() < 0.5 else None
        others = rng.sample(pack, 3)
        check_hand(cards, rules, hand_number, players, taken, others, seen)
        table, free = _random_table(rng, pack)
        if not table:
            continue
        fitting = _fitting(table, free)
        size = rng.randint(1, 8)
        cards = rng.sample(fitting, min(len(fitting), size // 2 + 1))
        rest = [c for c in free if c not in cards]
        cards += rng.sample(rest, min(len(rest), max(0, size - len(cards))))
        rng.shuffle(cards)
        taken = rng.choice(cards) if rng.random() < 0.5 else None
        rules = rules.replace(num_decks=decks)
        check_table(table, cards, rules, hand_number, players, taken,
                    rng.sample(fitting, min(len(fitting), 3)), seen)
        if len({(f.rank, f.suit) for tm in table if tm.meld.kind is MeldKind.RUN
                for _j, f in tm.meld.jokers}) < sum(len(tm.meld.jokers) for tm in table
                                                    if tm.meld.kind is MeldKind.RUN):
            seen["two run jokers stand for one face"] += 1
    return seen


# -- real games ---------------------------------------------------------------------------------

GAMES: tuple[tuple[int, Rules], ...] = (
    (4, Rules()),
    (4, PRESETS["three_runs_finale"]),
    (2, Rules(num_decks=1)),
    (5, Rules(allow_go_out_without_discard=True, forbid_discard_of_taken_card=False)),
    (7, Rules(same_suit_touching_runs="allow", min_natural_per_meld=0)),
)
"""Players and rules of the seeded games: the default four, the three-runs finale, one deck,
going out without a discard, three decks (ZC-1.2)."""


def _game_moves(game: Any, seen: Counter[str]) -> None:
    """Every lay-off (``LayOff(card, k, None)``) and joker exchange the current player could
    play now, through the game's own checks, against `lay_off` and `exchange`."""
    seat = game._current
    rows = _rows(game._table, game._rules.decks_for(game._players))
    for card in game._hands[seat]:
        for k in range(len(game._table)):
            for action in (LayOff(card, k, None), ExchangeJoker(card, k)):
                try:
                    checked = (game._verify_lay_off(action, False) if isinstance(action, LayOff)
                               else game._verify_exchange(action, False))
                except IllegalAction:
                    continue
                played = rows.copy()
                code = checked.action.card.code
                if isinstance(action, LayOff):
                    if code != card.code:
                        seen["game lay_off of the taken copy (ZC-6.1)"] += 1
                    flat_table.lay_off(played, k, code)
                    meld = checked.detail
                    seen["game lay_off " + _lay_off_kind(checked.action.card,
                                                         game._table[k].meld, meld)] += 1
                else:
                    assert flat_table.exchange(played, k, code) == checked.detail[1].code
                    meld = checked.detail[0]
                    seen["game exchange"] += 1
                changed = list(game._table)
                changed[k] = TableMeld(meld, game._table[k].owner)
                assert _same_rows(played, changed), (str(action), meld.to_text())
                assert played[k, MELD_OWNER] == game._table[k].owner
                assert meld_from_row(played[k]) == meld


def run_games(seeds: range, every: int = 1) -> Counter[str]:
    """Seeded games of greedy bots to their end under each of `GAMES`; at every ``every``-th
    decision, every function on the real table and the hand of the seat to move."""
    seen: Counter[str] = Counter()
    for players, rules in GAMES:
        for seed in seeds:
            game = new_game(players=players, seed=seed, rules=rules)
            bots = [GreedyBot(s) for s in range(players)]
            step = 0
            while not game.is_over:
                seat = game._current
                if step % every == 0:
                    cards = list(game._hands[seat])
                    taken = game._taken if rules.forbid_discard_of_taken_card else None
                    taken = taken if game._phase is Phase.PLAY else None
                    hand_number = game._hand_number
                    check_hand(cards, rules, hand_number, players, taken, [], seen)
                    if game._table:
                        check_table(list(game._table), cards, rules, hand_number, players,
                                    taken, [], seen)
                        if game._phase is not Phase.DRAW:
                            _game_moves(game, seen)
                    seen["game points"] += 1
                step += 1
                action = decide(bots[seat], game)
                if isinstance(action, LayOff | ExchangeJoker):
                    seen["played " + type(action).__name__] += 1
                game.apply(action)
    return seen


# -- the tests ------------------------------------------------------------------------------


def _assert_met(seen: Counter[str], games: bool) -> None:
    """The inputs reached the cases that matter (else the equalities above say little)."""
    wanted = ["might_go_down with runs True", "might_go_down with runs False",
              "lay_off_choice card on a run", "lay_off_choice card on a set",
              "lay_off_choice joker on a run", "joker_to_free some", "exchange",
              "exchange of an ace", "lay_off joker on a set", "lay_off card on a set",
              "lay_off joker on a run's high end", "lay_off joker on a run's low end",
              "lay_off card on a run's high end to an ace",
              "lay_off card on a run's low end to an ace",
              "lay_off joker on a run's high end to an ace"]
    if games:
        wanted += ["game lay_off card on a run's high end", "game lay_off card on a set",
                   "game lay_off joker on a run's high end", "game exchange",
                   "played LayOff", "played ExchangeJoker"]
    else:
        wanted += ["two run jokers stand for one face", "lay_off_choice joker on a set",
                   "lay_off of an ace that fits both ends"]
    missing = [w for w in wanted if not seen[w]]
    assert not missing, (missing, seen)


def test_random_hands_and_tables() -> None:
    seen = run_random(2000, 0)
    _assert_met(seen, games=False)
    assert seen["hands"] == 2000


def test_seeded_games_of_greedy_bots() -> None:
    seen = run_games(range(2))
    _assert_met(seen, games=True)
    assert seen["game points"] > 5000, seen


def test_the_kernels_are_compiled() -> None:
    """The equalities above ran compiled (numba is installed with the test extra)."""
    pytest.importorskip("numba")
    assert compiled()
    assert hasattr(flat_tally.might_go_down, "py_func")
    assert hasattr(flat_table.lay_off_choice, "py_func")


def test_the_same_answers_as_plain_python() -> None:
    """The very same source run as Python (``NUMBA_DISABLE_JIT=1``), on a smaller sample."""
    here = Path(__file__).parent
    script = (f"import sys; sys.path.insert(0, {str(here)!r})\n"
              "import test_tally_table as t\n"
              "from cardkit.zioncheck.flat.jit import compiled\n"
              "assert not compiled()\n"
              "random_seen = t.run_random(400, 1)\n"
              "game_seen = t.run_games(range(1), every=3)\n"
              "print(random_seen['hands'], game_seen['game points'])\n")
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    hands, points = map(int, done.stdout.split())
    assert hands >= 400 and points > 100, done.stdout


def test_lay_off_lengthens_a_row_in_place() -> None:
    """A run laid off at its low end moves its cards and its first position; a set sorts."""
    run = Meld.from_text("run 2C 3C JK=4C 5C")
    rows = np.zeros((1, meld_width(2)), np.int64)
    rows[0] = meld_row(run, 3, meld_width(2))
    ace = Card(1, "C", 1)
    flat_table.lay_off(rows, 0, ace.code)
    assert rows[0, MELD_LEN] == 5 and rows[0, MELD_LOW] == 1 and rows[0, MELD_OWNER] == 3
    assert meld_from_row(rows[0]) == run.with_card(ace)
    assert flat_table.exchange(rows, 0, Card(4, "C").code) == Card.joker(0).code
    eights = Meld.from_text("set 8H 8S JK=8")
    rows[0] = meld_row(eights, 0, meld_width(2))
    flat_table.lay_off(rows, 0, Card(8, "C", 1).code)
    assert meld_from_row(rows[0]).to_text() == "set 8C@1 8H 8S JK=8"
