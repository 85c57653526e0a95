"""The exact answers to a teacher's questions (issue 20), each against brute force where a
small deck allows it and against a simulation: the leader's first capture (XR-3.2), the
26-26 split of XR-6 (a model, the game estimated, and the game counted from a position of its
last deal), and whether this Zion Check hand goes down within k draws (ZC-9)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from cardkit import probability as P
from cardkit.cards import make_pack, parse_cards
from cardkit.games import get_game
from cardkit.sim import simulate
from cardkit.zioncheck import Rules, can_go_down

STRICT = 0.999  # a correct answer falls outside this interval once in a thousand runs
JACK = 11


def leader_brute(option: str, ranks: int, suits: int, hand_size: int) -> Fraction:
    """Every deal of a small deck: each set of cards left after the hands (the rest) equally
    likely, the leader's hand any ``hand_size`` of the hand cards, and each standing pile of
    the rest equally likely (XR-2.4 deals again until one stands)."""
    plain = list(range(2, 2 + ranks - 1))
    deck = [(r, s) for r in [*plain, JACK] for s in range(suits)]
    held = 4 * hand_size
    total, count = Fraction(0), 0
    seen: dict[tuple[int, ...], Counter] = {}  # the piles depend on the rest's ranks only
    for hands in itertools.combinations(deck, held):
        rest = tuple(sorted(c[0] for c in deck if c not in hands))
        if rest not in seen:
            seen[rest] = Counter(p[-1] for p in itertools.permutations(rest, 4)
                                 if not P.pile_needs_redeal(p, option))
        tops = seen[rest]
        piles = sum(tops.values())
        for leader in itertools.combinations(hands, hand_size):
            have = {c[0] for c in leader}
            hits = sum(n for top, n in tops.items() if top in have or JACK in have)
            total += Fraction(hits, piles)
            count += 1
    return total / count


@pytest.mark.parametrize(("option", "ranks", "suits", "hand_size"), [
    ("any_pair_or_top_jack", 6, 2, 1),
    ("allow_top_pair_and_top_jack", 5, 2, 1),
    ("top_two_pair_or_top_jack", 5, 2, 1),
    ("never", 4, 3, 2),
])
def test_xr_3_2_leader_capture_matches_brute_force_on_a_small_deck(option, ranks, suits,
                                                                   hand_size):
    """Small decks in which some pile always stands (else XR-2.4 would deal for ever)."""
    assert P.leader_can_capture(option, ranks=ranks, suits=suits, hand_size=hand_size) \
        == leader_brute(option, ranks, suits, hand_size)


def test_xr_3_2_leader_capture_agrees_with_seeded_matches():
    spec = get_game("xeri")
    rules = spec.Rules()
    option = "any_pair_or_top_jack"
    n, hits = 1500, 0
    for seed in range(n):
        game = spec.new(rules=rules, seed=seed)
        top = game.pile[-1]
        hand = game.hand(game.current_player)
        hits += any(c.rank == top.rank or c.rank == JACK for c in hand)
    est = P.estimate(hits, n, level=STRICT)
    assert est.low <= P.leader_can_capture(option) <= est.high


def test_xr_6_even_split_model_and_the_game():
    model = P.even_split_probability()
    assert model == Fraction(495918532948104, 2 ** 52)
    rng = random.Random(5)  # the model itself, simulated: a fair coin for each card
    n = 4000
    hits = sum(sum(rng.random() < 0.5 for _ in range(52)) == 26 for _ in range(n))
    est = P.estimate(hits, n, level=STRICT)
    assert est.low <= model <= est.high
    # The game moves whole piles at once: it splits 26-26 far less often than the model.
    rounds = simulate("xeri", 20_000, seed=1, progress=False, engine="numpy")
    game = P.even_split_estimate(rounds, level=STRICT)
    assert game.n == 20_000 and game.successes == int((rounds["cards_0"] == 26).sum())
    assert game.high < model / 2


def last_deal(seed: int, cards: int):
    """A seeded Xeri round, played at random until its hands hold ``cards`` cards in all in
    the last deal (the stock empty)."""
    from cardkit.xeri import new_game

    game, rng = new_game(seed=seed), random.Random(seed)
    while game.stock_size or sum(game.hand_sizes) > cards:
        game.apply(rng.choice(game.hand(game.current_player)))
    return game


def even_split_orders(game) -> tuple[int, int]:
    """Every order of play from ``game``, through the match itself: (orders that end the
    round 26-26, orders)."""
    moves = sorted(set(game.legal_actions()), key=str)
    if not moves:
        return 0, 1
    even = total = 0
    for card in moves:
        after = game.clone()
        after.apply(card)
        if after.round_number != game.round_number:  # that card ended the round
            even, total = even + (after.results[-1].captured[0] == 26), total + 1
            continue
        more_even, more = even_split_orders(after)
        even, total = even + more_even, total + more
    return even, total


@pytest.mark.parametrize(("seed", "cards"), [(8, 12), (12, 12), (21, 12), (26, 12), (4, 9)])
def test_xr_6_even_split_from_a_position_counts_every_order_of_play(seed, cards):
    """Against the match itself: every order in which the players can play their cards."""
    game = last_deal(seed, cards)
    even, orders = even_split_orders(game)
    assert orders == math.prod(math.factorial(n) for n in game.hand_sizes)
    assert P.even_split_from(game) == Fraction(even, orders)


def test_xr_6_even_split_from_a_position_agrees_with_random_play():
    """Against a simulation of the same model: random bots play the round out from there."""
    from cardkit.xeri import RandomBot

    game = last_deal(1, 16)
    exact = P.even_split_from(game)
    assert exact == Fraction(73, 384)
    n, hits = 3000, 0
    for run in range(n):
        play = game.clone()
        bots = [RandomBot(seat, seed=run * 4 + seat) for seat in range(4)]
        number = play.round_number
        while play.round_number == number:
            play.apply(bots[play.current_player].choose(play.observe(play.current_player)))
        hits += play.results[-1].captured[0] == 26
    est = P.estimate(hits, n, level=STRICT)
    assert est.low <= exact <= est.high


def test_xr_6_even_split_from_refuses_what_it_cannot_count():
    from cardkit.xeri import new_game

    with pytest.raises(ValueError, match=r"the stock still holds 24 cards.*XR-2\.5"):
        P.even_split_from(new_game(seed=1))
    with pytest.raises(ValueError, match="more than max_cards=20"):
        P.even_split_from(last_deal(1, 24))
    with pytest.raises(ValueError, match="takes a Xeri match"):
        P.even_split_from("7H 7D")


HAND = "8C 8D 8H KD KS 2D 5S 9H QC 4C"  # a set of 8s, a pair of kings: hand 1 wants 2 sets


def test_zc_9_within_one_draw_matches_every_card():
    rules = Rules()
    hand = parse_cards(HAND)
    unseen = list(make_pack(2, jokers=True))
    for card in hand:
        unseen.remove(card)
    good = sum(can_go_down([*hand, c], 1, rules) for c in unseen)
    assert P.goes_down_within(HAND, 1) == Fraction(good, len(unseen))
    assert P.goes_down_within(HAND, 0) == 0
    assert P.goes_down_within("8C 8D 8H KD KS KH 2D 5S 9H QC", 0) == 1


def test_zc_9_seen_cards_are_not_drawn():
    """With both other kings... every king seen, only jokers and new sets can help."""
    seen = "KC KH KC KH KS KD"  # the six kings of the 2-deck pack not in hand
    without = P.goes_down_within(HAND, 1, seen=seen)
    assert without < P.goes_down_within(HAND, 1)
    assert without == Fraction(4, 108 - 10 - 6)  # the four jokers only


def test_zc_9_within_k_draws_agrees_with_a_simulation():
    exact = P.goes_down_within(HAND, 2)
    hand = parse_cards(HAND)
    unseen = list(make_pack(2, jokers=True))
    for card in hand:
        unseen.remove(card)
    rng = random.Random(3)
    n = 2000
    hits = sum(can_go_down([*hand, *rng.sample(unseen, 2)], 1) for _ in range(n))
    est = P.estimate(hits, n, level=STRICT)
    assert est.low <= exact <= est.high
    assert P.goes_down_within(HAND, 1) < exact


@pytest.mark.parametrize(("call", "message"), [
    (lambda: P.goes_down_within(HAND, -1), "k counts draws"),
    (lambda: P.goes_down_within(HAND, 5), "k=5 is more than max_k=4"),
    (lambda: P.goes_down_within(HAND, 1, max_k=-1), "max_k must be a whole number"),
    (lambda: P.goes_down_within(HAND, 1, hand_number=7), "hand_number is 1 to 6"),
    (lambda: P.goes_down_within("8C 8C 8C", 1), "more often in hand and seen than"),
    (lambda: P.goes_down_within(HAND, 1, seen=[3]), "hand and seen hold cards"),
    (lambda: P.leader_can_capture(hand_size=0), "hand_size must be"),
    (lambda: P.leader_can_capture("sometimes"), "initial_pile_redeal must be one of"),
    (lambda: P.even_split_probability(51), "cards must be an even"),
    (lambda: P.even_split_estimate(simulate("zioncheck", 0, progress=False)), "'cards_0'"),
])
def test_bad_questions_are_refused_clearly(call, message):
    with pytest.raises(ValueError, match=message):
        call()
