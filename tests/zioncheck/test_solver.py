"""The go-down solver against the rules and against a brute-force oracle (ZC-4, ZC-9, ZC-10)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardkit.cards import SUITS, Card, parse_cards
from cardkit.zioncheck.contract import check_go_down
from cardkit.zioncheck.melds import Meld, MeldKind, hand_points
from cardkit.zioncheck.rules import CardValues, Contract, Rules
from cardkit.zioncheck.solver import can_go_down, find_go_down, leftover


def left_points(hand, melds, rules=None):
    return hand_points(leftover(hand, melds), rules)


def jokers_used(melds):
    return sum(len(m.jokers) for m in melds)


def assert_legal(hand, melds, contract, rules=None, keep=0):
    assert check_go_down(list(melds), contract, rules), check_go_down(list(melds), contract,
                                                                        rules)
    used = [c for m in melds for c in m.cards]
    assert len(set(used)) == len(used) and set(used) <= set(hand)
    assert len(hand) - len(used) >= keep


# unit tests -----------------------------------------------------------------------------


def test_zc_9_2_two_sets_leave_the_fewest_points():
    hand = parse_cards("8C 8C 8H KD KS JK 2D 5S 9H QC")
    melds = find_go_down(hand, 1)
    assert [str(m) for m in melds] == ["8♣ 8♣ 8♥", "K♦ K♠ JK(K)"]
    assert left_points(hand, melds) == 5 + 5 + 5 + 10


def test_zc_9_2_long_melds_are_allowed_and_preferred():
    hand = parse_cards("5C 6C 7C 8C 9C 10C 2H 2D 2S 3S")
    melds = find_go_down(hand, 2)
    assert [str(m) for m in melds] == ["2♦ 2♥ 2♠", "5♣ 6♣ 7♣ 8♣ 9♣ 10♣"]


def test_zc_9_2_no_go_down_gives_none():
    hand = parse_cards("2C 5D 9H KS QC 3D 7H 8S 10C 4D")
    assert find_go_down(hand, 1) is None and not can_go_down(hand, 1)


def test_zc_4_contract_of_each_hand_is_met():
    hand = parse_cards("4H 4D 4S 7C 7D 7H 9S 9S 9D 5C 6C JK 8C 2H")
    for number in range(1, 7):
        melds = find_go_down(hand, number)
        if melds is not None:
            assert_legal(hand, melds, number)
            contract = Rules().contract(number)
            assert sum(m.kind is MeldKind.SET for m in melds) == contract.sets
            assert sum(m.kind is MeldKind.RUN for m in melds) == contract.runs


def test_zc_10_eight_clubs_in_a_row_are_not_two_runs():
    assert find_go_down(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C"), 3) is None


def test_zc_10_nine_clubs_in_a_row_are_two_runs():
    hand = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C")
    melds = find_go_down(hand, 3)
    assert_legal(hand, melds, 3)
    assert left_points(hand, melds) == 0


def test_zc_10_overlap_through_a_second_deck():
    hand = parse_cards("AC 2C 3C 4C 4C 5C 6C 7C")
    assert [str(m) for m in find_go_down(hand, 3)] == ["A♣ 2♣ 3♣ 4♣", "4♣ 5♣ 6♣ 7♣"]


def test_zc_10_forbid_and_allow_options():
    hand = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C")
    assert find_go_down(hand, 3, Rules(same_suit_touching_runs="allow")) is not None
    forbid = Rules(same_suit_touching_runs="forbid")
    melds = find_go_down(hand, 3, forbid)
    assert_legal(hand, melds, 3, forbid)
    assert left_points(hand, melds, forbid) == 5  # one card must make the gap


def test_zc_5_3_borrowed_natural_lets_a_set_hold_a_natural_card():
    hand = parse_cards("5C 6C 7C 8C JK JK JK")
    melds = find_go_down(hand, 2)
    assert_legal(hand, melds, 2)
    assert leftover(hand, melds) == []


def test_zc_5_3_min_natural_zero_allows_joker_only_melds():
    hand = [Card.joker(i) for i in range(7)] + parse_cards("2C 9D")
    rules = Rules(min_natural_per_meld=0)
    melds = find_go_down(hand, 2, rules)
    assert_legal(hand, melds, 2, rules)
    assert find_go_down(hand, 2) is not None


def test_zc_13_1_keep_at_least_one_card():
    hand = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C JK")
    full = find_go_down(hand, 3)
    assert leftover(hand, full) == []
    kept = find_go_down(hand, 3, keep_at_least=1)
    assert_legal(hand, kept, 3, keep=1)
    assert left_points(hand, kept) == 5
    assert find_go_down(parse_cards("8C 8D 8H 9C 9D 9H"), 1, keep_at_least=1) is None


def test_zc_5_4_avoid_set_jokers_puts_spares_on_runs():
    hand = parse_cards("5H 5D 5S 9C 10C JC QC JK 2D")
    plain = find_go_down(hand, 2)
    polite = find_go_down(hand, 2, avoid_set_jokers=True)
    assert_legal(hand, polite, 2)
    assert all(not m.jokers for m in polite if m.kind is MeldKind.SET)
    assert left_points(hand, plain) == left_points(hand, polite) == 5
    # but a joker goes into a set when that is the only way
    only = parse_cards("5H 5D JK 9C 10C JC QC")
    assert find_go_down(only, 2, avoid_set_jokers=True) is not None


def test_solver_is_independent_of_card_order():
    rng = random.Random(5)
    hand = parse_cards("4H 4D 4S 7C 7D 7H 9S 9S 9D 5C 6C JK 8C 2H")
    expected = find_go_down(hand, 6)
    for _ in range(5):
        rng.shuffle(hand)
        assert find_go_down(hand, 6) == expected


def test_solver_bad_input_is_a_clear_error():
    with pytest.raises(ValueError):
        find_go_down(parse_cards("8C 8D"), 7)
    card = parse_cards("8C")[0]
    with pytest.raises(ValueError, match="twice"):
        find_go_down([card, card, card], 1)
    with pytest.raises(ValueError):
        find_go_down(parse_cards("8C 8D 8H"), 1, keep_at_least=-1)


def test_solver_big_joker_heavy_hands_stay_legal():
    rng = random.Random(11)
    pack = [Card(r, s, d) for d in range(4) for s in SUITS for r in range(1, 14)]
    jokers = [Card.joker(i) for i in range(8)]
    for size in (15, 20, 30, 60):  # claims can grow a hand far past the deal (ZC-8)
        for contract in (Contract(1, 2), Contract(0, 3), Contract(3, 0)):
            hand = rng.sample(pack, size - 8) + jokers
            melds = find_go_down(hand, contract)
            assert melds is not None
            assert_legal(hand, melds, contract)


# the brute-force oracle -------------------------------------------------------------------


def _run_readings(cards, rules):
    """Every way these cards (a subset) are a run: each suit and low end that fits."""
    n = len(cards)
    naturals = [c for c in cards if c.rank]
    jokers = [c for c in cards if not c.rank]
    if n < 4 or n > 14 or len(naturals) < rules.min_natural_per_meld:
        return []
    suits = {c.suit for c in naturals} or set(SUITS)
    if len(suits) > 1:
        return []
    found = []
    for suit in sorted(suits):
        for low in range(1, 16 - n):
            faces = [(1 if p == 14 else p) for p in range(low, low + n)]
            slots: list[Card | None] = [None] * n
            ok = True
            for c in naturals:
                spot = next((i for i, r in enumerate(faces) if r == c.rank and slots[i] is None),
                            None)
                if spot is None:
                    ok = False
                    break
                slots[spot] = c
            if not ok:
                continue
            spare = iter(jokers)
            tokens = []
            for i, c in enumerate(slots):
                face = Card(faces[i], suit)
                tokens.append(c.to_text() if c else f"{next(spare).to_text()}={face.ascii}")
            found.append(Meld.from_text("run " + " ".join(tokens)))
    return found


def _set_reading(cards, rules):
    naturals = [c for c in cards if c.rank]
    if len(cards) < 3 or len(naturals) < rules.min_natural_per_meld:
        return []
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return []
    rank = ranks.pop() if ranks else 1
    rank_text = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    tokens = [c.to_text() if c.rank else f"{c.to_text()}={rank_text}" for c in cards]
    return [Meld.from_text("set " + " ".join(tokens))]


def _zc10_ok(runs, rules):
    mode = rules.same_suit_touching_runs.value
    for a, b in combinations(runs, 2):
        if a.suit != b.suit:
            continue
        lo, hi = sorted((a, b), key=lambda m: m.low)
        touching = lo.high + 1 == hi.low
        if touching and (mode == "forbid" or (mode == "need_nine" and len(lo) + len(hi) < 9)):
            return False
    return True


def oracle(hand, contract, rules, keep=0, avoid_set_jokers=False):
    """(leftover points, jokers used) of the best go-down by brute force, or None.

    With ``avoid_set_jokers``, the best among go-downs with no joker in a set, if any."""
    n = len(hand)
    sets, runs = [], []
    for size in range(3, n + 1):
        for idx in combinations(range(n), size):
            cards = [hand[i] for i in idx]
            mask = sum(1 << i for i in idx)
            sets.extend((mask, m) for m in _set_reading(cards, rules))
            runs.extend((mask, m) for m in _run_readings(cards, rules))
    best = None

    def pick(pool, k, start, mask, chosen):
        if k == 0:
            yield mask, chosen
            return
        for i in range(start, len(pool)):
            m, meld = pool[i]
            if not m & mask:
                yield from pick(pool, k - 1, i + 1, mask | m, [*chosen, meld])

    for mask_s, chosen_s in pick(sets, contract.sets, 0, 0, []):
        for mask, chosen in pick(runs, contract.runs, 0, mask_s, chosen_s):
            run_melds = [m for m in chosen if m.kind is MeldKind.RUN]
            if not _zc10_ok(run_melds, rules):
                continue
            rest = [hand[i] for i in range(n) if not mask >> i & 1]
            if len(rest) < keep:
                continue
            polite = not any(m.jokers for m in chosen if m.kind is MeldKind.SET)
            score = (not polite if avoid_set_jokers else False,
                     hand_points(rest, rules), jokers_used(chosen))
            if best is None or score < best:
                best = score
    return None if best is None else best[1:]


def _random_hand(rng, contract):
    """A hand built around near-melds of the contract (some complete, some not) in a narrow
    window of ranks and suits, plus a little noise, so that go-downs are common and tight."""
    low = rng.randint(1, 10)
    window = [((low + i - 1) % 13) + 1 for i in range(6)]
    suits = rng.sample(SUITS, 2)
    faces = []
    for _ in range(contract.sets):
        rank = rng.choice(window)
        faces += [(rank, rng.choice(suits)) for _ in range(rng.choice((2, 3, 3, 4)))]
    for _ in range(contract.runs):
        suit = rng.choice(suits)
        start = rng.randrange(len(window))
        length = rng.choice((3, 4, 4, 5))
        ranks = [window[(start + i) % len(window)] for i in range(length)]
        if rng.random() < 0.3:
            ranks.pop(rng.randrange(1, length - 1))
        faces += [(r, suit) for r in ranks]
    faces += [(rng.choice(window), rng.choice(suits)) for _ in range(rng.randint(0, 2))]
    hand: list[Card] = []
    for rank, suit in faces:
        card = Card(rank, suit)
        while card in hand:
            card = Card(rank, suit, card.deck + 1)
        hand.append(card)
    hand += [Card.joker(i) for i in range(rng.choice((0, 0, 1, 1, 2, 3)))]
    while len(hand) > max(10, contract.min_cards + 1):
        hand.pop(rng.randrange(len(hand)))
    return hand


ORACLE_RULES = {
    "standard": Rules(),
    "forbid_touching": Rules(same_suit_touching_runs="forbid"),
    "allow_touching": Rules(same_suit_touching_runs="allow"),
    "two_naturals": Rules(min_natural_per_meld=2),
    "no_naturals_needed": Rules(min_natural_per_meld=0),
    "odd_values": Rules(card_values=CardValues(ace=1, joker=3, high=7, low=2)),
    "free_jokers": Rules(card_values=CardValues(joker=0)),
}
CONTRACTS = [Contract(2, 0), Contract(1, 1), Contract(0, 2), Contract(3, 0), Contract(2, 1),
             Contract(0, 3)]


@pytest.mark.parametrize("name", sorted(ORACLE_RULES))
def test_solver_agrees_with_brute_force_oracle(name):
    rules = ORACLE_RULES[name]
    rng = random.Random(f"oracle-{name}")
    found = 0
    for trial in range(60):
        contract = CONTRACTS[trial % len(CONTRACTS)]
        hand = _random_hand(rng, contract)
        keep = rng.choice((0, 0, 1, 2))
        expected = oracle(hand, contract, rules, keep)
        # the pure points order (the default avoids jokers in sets, ZC-5.4: tested below)
        melds = find_go_down(hand, contract, rules, keep_at_least=keep, avoid_set_jokers=False)
        assert (melds is None) == (expected is None), (hand, contract, keep, expected, melds)
        assert can_go_down(hand, contract, rules, keep_at_least=keep) == (expected is not None)
        if melds is None:
            continue
        found += 1
        assert_legal(hand, melds, contract, rules, keep)
        got = (left_points(hand, melds, rules), jokers_used(melds))
        assert got == expected, ([str(c) for c in hand], contract, keep,
                                 [str(m) for m in melds], expected)
    assert found >= 20  # the oracle is really exercised


def test_zc_5_4_avoid_set_jokers_agrees_with_brute_force_oracle():
    rng = random.Random("oracle-polite")
    rules = Rules()
    found = 0
    for trial in range(60):
        contract = CONTRACTS[trial % len(CONTRACTS)]
        hand = _random_hand(rng, contract)
        keep = rng.choice((0, 1))
        expected = oracle(hand, contract, rules, keep, avoid_set_jokers=True)
        melds = find_go_down(hand, contract, rules, keep_at_least=keep, avoid_set_jokers=True)
        assert (melds is None) == (expected is None)
        if melds is None:
            continue
        found += 1
        assert_legal(hand, melds, contract, rules, keep)
        assert (left_points(hand, melds, rules), jokers_used(melds)) == expected
    assert found >= 20


def test_zc_5_4_avoid_set_jokers_with_runs_only():
    hand = parse_cards("5C 6C 7C 8C 9D 10D JD QD JK 2S")
    melds = find_go_down(hand, 3, avoid_set_jokers=True)
    assert_legal(hand, melds, 3)
    assert leftover(hand, melds) == parse_cards("2S")


@pytest.mark.parametrize("name", ["standard", "two_naturals", "no_naturals_needed"])
def test_zc_5_check_meld_agrees_with_brute_force_readings(name):
    from cardkit.zioncheck.melds import check_meld

    rules = ORACLE_RULES[name]
    rng = random.Random(f"meld-{name}")
    for _ in range(400):
        hand = _random_hand(rng, CONTRACTS[rng.randrange(len(CONTRACTS))])
        cards = rng.sample(hand, min(len(hand), rng.randint(3, 7)))
        readings = _set_reading(cards, rules) + _run_readings(cards, rules)
        verdict = check_meld(cards, rules)
        assert verdict.ok == bool(readings), ([str(c) for c in cards], verdict.reason)
        if verdict.ok:
            def shape(m):  # which physical joker sits where does not matter
                return m.kind, m.low, m.high, tuple(c.to_text() if c.rank else "JK"
                                                    for c in m.cards)
            assert shape(verdict.meld) in {shape(m) for m in readings}
            assert sorted(verdict.meld.cards) == sorted(cards)
