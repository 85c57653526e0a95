"""The probability lab's pure-Python samplers (`cardkit.lab_sampling`): each sample judged by
the rules core, seeded, the same rows whatever the chunks, bad options refused with the rule."""

from __future__ import annotations

from itertools import islice

import pytest

from cardkit import lab_sampling
from cardkit.cards import parse_card
from cardkit.xeri import Rules as XeriRules
from cardkit.xeri.play import pile_needs_redeal
from cardkit.zioncheck import Contract, Rules, can_go_down


def _cards(text: str) -> list:
    return [parse_card(word) for word in text.split()]


def test_xr_2_4_each_first_pile_is_judged_by_the_core() -> None:
    mode = XeriRules(initial_pile_redeal="top_two_pair_or_top_jack").initial_pile_redeal
    rows = list(islice(lab_sampling.first_piles("top_two_pair_or_top_jack", seed=4), 300))
    assert [row["sample"] for row in rows] == list(range(300))
    for row in rows:
        cards = _cards(row["pile"])
        assert len(cards) == 4 and len(set(cards)) == 4
        assert row["redealt"] == pile_needs_redeal([card.rank for card in cards], mode)
    assert 0 < sum(row["redealt"] for row in rows) < 300
    assert not any(row["redealt"] for row in islice(lab_sampling.first_piles("never"), 300))


def test_xr_8_2_an_unknown_pile_option_is_refused_with_its_rule() -> None:
    with pytest.raises(ValueError, match="initial_pile_redeal"):
        next(lab_sampling.first_piles("sometimes"))


def test_zc_4_each_dealt_hand_is_judged_by_the_solver() -> None:
    rules = Rules()
    for meld, target in (("set", Contract(1, 0)), ("contract", rules.contract(6))):
        hand = 6 if meld == "contract" else 2
        rows = list(islice(lab_sampling.dealt_hands(meld, hand_number=hand, seed=2), 40))
        for row in rows:
            cards = [parse_card(word) for word in row["cards"].split()]
            assert len(cards) == rules.deal_sizes[hand - 1] and len(set(cards)) == len(cards)
            assert row["holds"] == can_go_down(cards, target, rules)
            assert (row["hand"], row["meld"]) == (hand, meld)


def test_zc_3_1_bad_hands_and_melds_are_refused() -> None:
    with pytest.raises(ValueError, match=r"hand_number is 1 to 6 \(ZC-3.1\)"):
        next(lab_sampling.dealt_hands("set", hand_number=7))
    with pytest.raises(ValueError, match="meld is 'set', 'run' or 'contract'"):
        next(lab_sampling.dealt_hands("pair"))


def test_the_same_seed_gives_the_same_rows_and_another_seed_others() -> None:
    def rows(seed: int) -> list:
        return list(islice(lab_sampling.first_piles("any_pair_or_top_jack", seed), 50))

    assert rows(9) == rows(9) and rows(9) != rows(10)
    sampled, outcome = lab_sampling.sampler("zion_run", 3, 5)
    assert outcome == "holds" and next(sampled)["hand"] == 3


def test_the_questions_about_whole_rounds_have_no_sampler() -> None:
    assert set(lab_sampling.SAMPLERS).isdisjoint(lab_sampling.ROUND_QUESTIONS)
    with pytest.raises(ValueError, match="no pure-Python sampler"):
        lab_sampling.sampler("xeri_dealer_wins", "random", 0)
