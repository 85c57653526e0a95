"""Going down: the exact contract and two runs in one suit (RULES.md ZC-4, ZC-9.2, ZC-10)."""

from __future__ import annotations

import pytest

from cardkit.cards import parse_cards
from cardkit.zioncheck.contract import (
    check_go_down,
    explain_go_down,
    runs_are_two_melds,
    zc10_allows,
)
from cardkit.zioncheck.melds import Meld, check_meld
from cardkit.zioncheck.rules import Contract, Rules, TouchingRuns


def meld(text: str, **kw) -> Meld:
    verdict = check_meld(parse_cards(text), **kw)
    assert verdict.ok, verdict.reason
    return verdict.meld


# ZC-4 / ZC-9.2 the exact contract ---------------------------------------------------------


def test_zc_9_2_two_sets_meet_hand_one():
    v = check_go_down([meld("8C 8C 8H"), meld("KD KS KH")], 1)
    assert v and v.rule == "ZC-9.2" and "2 sets" in v.reason


def test_zc_9_2_card_lists_and_texts_are_accepted():
    assert check_go_down([parse_cards("8C 8D 8H"), "KD KS KH"], 1)


def test_zc_9_2_fewer_melds_refused():
    v = check_go_down([meld("8C 8C 8H")], 1)
    assert not v and v.rule == "ZC-9.2" and "no fewer and no extra" in v.reason


def test_zc_9_2_extra_meld_refused():
    v = check_go_down([meld("8C 8D 8H"), meld("9C 9D 9H"), meld("KC KD KH")], 1)
    assert not v and v.rule == "ZC-9.2"


def test_zc_9_2_wrong_kinds_refused():
    v = check_go_down([meld("8C 8D 8H"), meld("9C 9D 9H")], 2)
    assert not v and "1 set and 1 run" in v.reason and "2 sets and 0 runs" in v.reason


def test_zc_9_2_longer_melds_are_fine():
    assert check_go_down([meld("8C 8D 8H 8S 8S"), "5C 6C 7C 8C@1 9C 10C"], 2)


def test_zc_9_2_each_meld_must_be_legal():
    v = check_go_down(["8C 8D 8H", "KC AC 2C 3C"], 2)
    assert not v and v.reason.startswith("meld 2:") and v.rule == "ZC-2.1"


def test_zc_1_1_one_physical_card_in_two_melds_refused():
    # the same card with the same deck, given twice (text with @N, or one Card value twice)
    v = check_go_down(["8C@0 8D 8H", "8C@0 9C 10C JC"], 2)
    assert not v and v.rule == "ZC-1.1" and v.reason.startswith("8♣ is in two melds. ")
    eight = parse_cards("8C")[0]
    v = check_go_down([[eight, *parse_cards("8D 8H")], [eight, *parse_cards("9C 10C JC")]], 2)
    assert not v and v.rule == "ZC-1.1"
    assert check_go_down(["8C 8D 8H", "8C@1 9C 10C JC"], 2)


def test_zc_1_1_the_same_card_text_in_two_melds_names_two_copies():
    """Issue 7.4: the rule book's own two-runs example (ZC-10) is a legal go-down: a card
    written again in another meld is another deck's copy, as within one text."""
    v = check_go_down(["AC 2C 3C 4C", "4C 5C 6C 7C"], 3)
    assert v.ok and v.rule == "ZC-9.2"
    assert check_go_down(["8C 8D 8H", "8C 9C 10C JC"], 2).ok
    assert explain_go_down(["AC 2C 3C 4C", "4C 5C 6C 7C"], 3).ok
    # the third copy of a card needs a third deck's copy: still two copies named, no reuse
    assert not check_go_down(["4C 4C@1 4H", "4C@1 5C 6C 7C"], 2).ok


def test_zc_9_2_card_list_read_as_whatever_meets_the_contract():
    # one natural and three jokers: a run by default, but a set when the contract needs one
    jokers_run = "7C JK@1 JK@2 JK@3"
    assert check_go_down([jokers_run, "8D 9D 10D JD"], 3)
    assert check_go_down([jokers_run, "8D 9D 10D JD"], 2)


def test_zc_9_2_meld_values_are_checked_as_laid():
    good = meld("5C 6C JK 8C")
    forged = Meld(good.kind, good.cards, good.stands_for[:2] + good.stands_for[3:4] * 2,
                  good.suit, None, good.low, good.high)
    v = check_go_down([forged, meld("9D 10D JD QD")], 3)
    assert not v and "not a run" in v.reason


def test_zc_4_custom_contract_and_presets():
    three_runs = [meld("AC 2C 3C 4C"), meld("6C 7C 8C 9C"), meld("5D 6D 7D 8D")]
    assert check_go_down(three_runs, Contract(0, 3))
    rules = Rules(contracts=((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (0, 3)))
    assert check_go_down(three_runs, 6, rules)
    assert not check_go_down(three_runs, 6)


def test_zc_4_bad_hand_number_is_a_clear_error():
    with pytest.raises(ValueError, match="1 to 6"):
        check_go_down([], 7)
    with pytest.raises(ValueError):
        check_go_down("8C 8D 8H", 1)


# ZC-10 two runs in one suit ---------------------------------------------------------------


def test_zc_10_gap_makes_two_runs():
    v = check_go_down(["AC 2C 3C 4C", "6C 7C 8C 9C"], 3)
    assert v


def test_zc_10_overlap_through_a_duplicate_card():
    assert check_go_down(["AC 2C 3C 4C", "4C@1 5C 6C 7C"], 3)


def test_zc_10_touching_four_and_four_is_not_two_runs():
    v = check_go_down(["AC 2C 3C 4C", "5C 6C 7C 8C"], 3)
    assert not v and v.rule == "ZC-10" and "only 8 cards" in v.reason


def test_zc_10_touching_with_nine_cards_is_two_runs():
    assert check_go_down(["AC 2C 3C 4C", "5C 6C 7C 8C 9C"], 3)


def test_zc_10_forbid_option():
    rules = Rules(same_suit_touching_runs="forbid")
    v = check_go_down(["AC 2C 3C 4C", "5C 6C 7C 8C 9C"], 3, rules)
    assert not v and "forbid" in v.reason
    assert check_go_down(["AC 2C 3C 4C", "6C 7C 8C 9C"], 3, rules)


def test_zc_10_allow_option():
    rules = Rules(same_suit_touching_runs=TouchingRuns.ALLOW)
    assert check_go_down(["AC 2C 3C 4C", "5C 6C 7C 8C"], 3, rules)


def test_zc_10_joker_placement_can_make_runs_two():
    # read as card lists, the spare joker may go at the far end to open a gap
    touching = check_go_down([meld("2C 3C 4C JK"), meld("6C 7C 8C 9C")], 3)
    assert not touching  # JK(5♣) makes them touch with 8 cards
    assert check_go_down(["2C 3C 4C JK", "6C 7C 8C 9C"], 3)  # JK(A♣) at the low end


def test_zc_10_different_suits_never_clash():
    assert runs_are_two_melds(meld("AC 2C 3C 4C"), meld("5D 6D 7D 8D"))


def test_zc_10_zc10_allows_positions():
    need_nine = TouchingRuns.NEED_NINE
    assert zc10_allows(1, 4, 6, 9, need_nine)       # gap
    assert zc10_allows(1, 4, 4, 7, need_nine)       # overlap
    assert not zc10_allows(1, 4, 5, 8, need_nine)   # touching, 8 cards
    assert zc10_allows(5, 9, 1, 4, need_nine)       # touching, 9 cards, any order
    assert not zc10_allows(1, 4, 5, 9, TouchingRuns.FORBID)
    assert zc10_allows(1, 4, 5, 8, TouchingRuns.ALLOW)
    assert zc10_allows(1, 4, 11, 14, need_nine)     # the low ace and the high ace never touch


def test_zc_10_overlap_through_a_joker_is_two_runs():
    assert check_go_down([meld("AC 2C 3C 4C"), meld("JK 5C 6C 7C", joker_end="low")], 3)


def test_zc_4_contract_pairs_are_validated():
    assert check_go_down(["8C 8D 8H", "9C 9D 9H"], (2, 0))
    for bad in ((0, 0), (-1, 2), ("x", 1)):
        with pytest.raises(ValueError, match="contract"):
            check_go_down([], bad)
