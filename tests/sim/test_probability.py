"""Exact answers of cardkit.probability against brute force on small decks and seeded play."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from cardkit import probability as P
from cardkit.cards import Card, make_pack
from cardkit.games import get_game
from cardkit.xeri import EventKind, PileRedeal
from cardkit.xeri.play import pile_needs_redeal as core_needs_redeal
from cardkit.zioncheck import Contract, Rules, can_go_down

STRICT = 0.999  # a correct answer falls outside this interval once in a thousand runs


def reduced_xeri_deck(ranks: int, suits: int) -> list[int]:
    """Ranks of a small Xeri deck: ``ranks - 1`` plain ranks and the jack, ``suits`` of each."""
    plain = [2, 3, 4, 5, 6, 7, 8, 9, 10][: ranks - 1]
    return [r for r in [*plain, 11] for _ in range(suits)]


@pytest.mark.parametrize("option", P.PILE_OPTIONS)
def test_first_pile_redeal_matches_brute_force_on_a_small_deck(option):
    deck = reduced_xeri_deck(4, 2)
    piles = list(itertools.permutations(range(len(deck)), 4))
    bad = sum(P.pile_needs_redeal([deck[i] for i in pile], option) for pile in piles)
    assert P.first_pile_redeal(option, ranks=4, suits=2) == Fraction(bad, len(piles))


@pytest.mark.parametrize("option", P.PILE_OPTIONS)
def test_first_pile_redeal_matches_weighted_enumeration_of_the_full_deck(option):
    # Every rank sequence of 4 cards, weighted by the ordered ways to pick its cards.
    bad = 0
    for ranks in itertools.product(range(1, 14), repeat=4):
        ways = 1
        for count in Counter(ranks).values():
            ways *= math.perm(4, count)
        if P.pile_needs_redeal(list(ranks), option):
            bad += ways
    assert P.first_pile_redeal(option) == Fraction(bad, 52 * 51 * 50 * 49)


def test_default_first_pile_redeal_by_hand_count():
    # 4 different ranks: 48/51 · 44/50 · 40/49; and the top card no jack: 12/13.
    stands = Fraction(48, 51) * Fraction(44, 50) * Fraction(40, 49) * Fraction(12, 13)
    assert P.first_pile_redeal() == 1 - stands


@pytest.mark.parametrize("option", [p.value for p in PileRedeal])
def test_the_counted_rule_is_the_games_rule(option):
    mode = PileRedeal(option)
    for ranks in itertools.product(range(1, 14), repeat=4):
        assert P.pile_needs_redeal(list(ranks), option) == core_needs_redeal(list(ranks), mode), \
            ranks


def test_the_new_pile_option_is_counted_when_the_game_has_it():
    if "allow_top_pair_and_top_jack" not in {p.value for p in PileRedeal}:
        pytest.skip("cardkit.xeri has no option 'allow_top_pair_and_top_jack' yet (XR-8.2)")
    # Covered by test_the_counted_rule_is_the_games_rule once the option exists.
    assert P.first_pile_redeal("allow_top_pair_and_top_jack") < P.first_pile_redeal()


@pytest.mark.parametrize("option", ["any_pair_or_top_jack", "allow_top_pair_and_top_jack",
                                    "top_two_pair_or_top_jack"])
def test_redeal_distribution_matches_brute_force_on_a_small_deck(option):
    deck = reduced_xeri_deck(5, 2)  # 10 cards, 2 in the hands, piles from the other 8
    hand_cards = 2
    dist = Counter()
    subsets = list(itertools.combinations(range(len(deck)), hand_cards))
    for hands in subsets:
        rest = [deck[i] for i in range(len(deck)) if i not in hands]
        piles = list(itertools.permutations(rest, 4))
        p = Fraction(sum(P.pile_needs_redeal(list(pile), option) for pile in piles), len(piles))
        for k in range(4):
            dist[k] += p ** k * (1 - p) / len(subsets)
    for k in range(4):
        assert P.redeal_probability(k, option, ranks=5, suits=2, hand_cards=2) == dist[k]


def test_redeal_distribution_sums_to_one_and_its_mean():
    dist = P.redeal_distribution(up_to=25)
    assert sum(dist.values()) == 1 and all(p >= 0 for p in dist.values())
    mean = sum(k * p for k, p in dist.items() if k != "more")
    assert 0 < float(P.expected_redeals()) - float(mean) < 1e-3
    assert P.redeal_distribution("never", up_to=2) == {0: 1, 1: 0, 2: 0, "more": 0}


def test_redeal_counts_agree_with_seeded_matches():
    spec = get_game("xeri")
    n = 1500
    counts = Counter()
    for seed in range(n):
        game = spec.new(seed=seed)
        counts[sum(e.kind is EventKind.REDEAL for e in game.events)] += 1
    table = P.compare({k: P.redeal_probability(k) for k in range(3)},
                      {k: (counts[k], n) for k in range(3)}, level=STRICT)
    assert table["inside"].all(), table


def test_first_pile_redeal_agrees_with_seeded_matches_under_top_two():
    spec = get_game("xeri")
    rules = spec.Rules(initial_pile_redeal="top_two_pair_or_top_jack")
    n = 1500
    redealt = sum(any(e.kind is EventKind.REDEAL for e in spec.new(rules, seed=s).events)
                  for s in range(n))
    est = P.estimate(redealt, n, level=STRICT)
    assert est.low <= P.first_pile_redeal(rules) <= est.high


def test_first_play_is_never_a_xeri():
    assert P.first_play_xeri() == 0
    spec = get_game("xeri")
    for seed in range(200):
        game = spec.new(seed=seed)
        game.apply(game.legal_actions()[0])
        assert game.events[-1].kind not in (EventKind.XERI, EventKind.JACK_XERI)


def hypergeometric_brute(part: int, whole: int, draw: int) -> Fraction:
    """Place ``part`` marked cards among ``whole`` and look at every ``draw``-card subset."""
    hits = sum(any(i < part for i in sub) for sub in itertools.combinations(range(whole), draw))
    return Fraction(hits, comb(whole, draw))


@pytest.mark.parametrize(("part", "whole", "draw"), [(1, 8, 3), (2, 9, 4), (3, 10, 6)])
def test_hidden_card_chances_match_brute_force(part, whole, draw):
    expected = hypergeometric_brute(part, whole, draw)
    assert P.needed_card_in_stock(whole, draw, copies=part) == expected
    assert P.next_player_can_xeri(part, whole, draw) == expected
    assert P.next_draw_is_needed(whole, part) == Fraction(part, whole)


def small_zion_pack(ranks: int, suits: int, decks: int, jokers: int) -> list[Card]:
    wanted = ["C", "D", "H", "S"][:suits]
    pack = [c for c in make_pack(decks) if c.rank <= ranks and c.suit in wanted]
    return pack + [Card(0, None, d) for d in range(jokers)]


@pytest.mark.parametrize(("ranks", "suits", "decks", "jokers", "hand"), [
    (5, 2, 1, 1, 5),
    (5, 1, 2, 2, 5),
    (13, 1, 1, 2, 5),
    (6, 2, 1, 3, 4),
])
def test_set_and_run_chances_match_the_solver_on_every_hand(ranks, suits, decks, jokers, hand):
    pack = small_zion_pack(ranks, suits, decks, jokers)
    hands = list(itertools.combinations(pack, hand))
    sets = sum(can_go_down(h, Contract(1, 0)) for h in hands)
    runs = sum(can_go_down(h, Contract(0, 1)) for h in hands)
    deck = {"decks": decks, "jokers": jokers, "ranks": ranks, "suits": suits}
    assert P.set_probability(hand, **deck) == Fraction(sets, len(hands))
    assert P.run_probability(hand, **deck) == Fraction(runs, len(hands))


def test_set_and_run_chances_agree_with_dealt_hands_of_the_full_pack():
    rng = random.Random(11)
    pack = make_pack(2, jokers=True)
    n = 1500
    hands = [rng.sample(pack, 10) for _ in range(n)]
    table = P.compare(
        {"set": P.set_probability(10, decks=2), "run": P.run_probability(10, decks=2)},
        {"set": [can_go_down(h, Contract(1, 0)) for h in hands],
         "run": [can_go_down(h, Contract(0, 1)) for h in hands]}, level=STRICT)
    assert table["inside"].all(), table


def test_contract_estimate_is_reproducible_and_labelled():
    a = P.contract_probability(2, 300, seed=4)
    b = P.contract_probability(2, 300, seed=4)
    assert a == b and a.n == 300 and "estimate" in str(a) and "1 set + 1 run" in a.how
    assert a.low <= a.value <= a.high
    # A contract of one set is the exact set question.
    one_set = Rules(contracts=((1, 0),) * 6)
    est = P.contract_probability(1, 600, rules=one_set, seed=2)
    truth = P.set_probability(10, decks=2)
    assert P.estimate(est.successes, est.n, level=STRICT).low <= truth \
        <= P.estimate(est.successes, est.n, level=STRICT).high


def test_wilson_interval_known_values():
    low, high = P.wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = P.wilson_interval(1, 20, level=0.99)
    assert (round(low, 4), round(high, 4)) == (0.0059, 0.3183)
    assert P.wilson_interval(0, 5)[0] == 0 and P.wilson_interval(5, 5)[1] == 1


@pytest.mark.parametrize(("call", "message"), [
    (lambda: P.wilson_interval(3, 2), "successes <= n"),
    (lambda: P.wilson_interval(1, 2, level=1.5), "confidence level"),
    (lambda: P.first_pile_redeal("sometimes"), "initial_pile_redeal must be one of"),
    (lambda: P.redeal_probability(-1), "k counts redeals"),
    (lambda: P.set_probability(0), "hand_size"),
    (lambda: P.run_probability(10, decks=0), "decks"),
    (lambda: P.needed_card_in_stock(5, 9), "cannot exceed"),
    (lambda: P.contract_probability(7), "hand_number is 1 to 6"),
    (lambda: P.first_pile_redeal(get_game("xeri").Rules(cut_shows_bottom=True)),
     "cut_shows_bottom"),
])
def test_bad_questions_are_refused_clearly(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_compare_table_columns_and_verdicts():
    table = P.compare({"a": Fraction(1, 2), "b": Fraction(1, 10), "c": None},
                      {"a": (500, 1000), "b": (300, 1000), "c": (3, 10)})
    assert list(table.columns) == ["question", "exact", "estimate", "low", "high", "n",
                                   "inside", "z"]
    rows = table.set_index("question")
    assert rows.loc["a", "inside"] and not rows.loc["b", "inside"]
    assert rows.loc["b", "z"] > 10 and math.isnan(rows.loc["c", "exact"])
