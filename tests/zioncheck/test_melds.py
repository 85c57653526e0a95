"""Melds, lay-offs, joker exchanges and hand points (RULES.md ZC-2, ZC-5, ZC-11, ZC-12)."""

from __future__ import annotations

import re

import pytest

from cardkit.cards import Card, parse_card, parse_cards
from cardkit.engine import IllegalAction
from cardkit.zioncheck.melds import (
    Meld,
    MeldKind,
    can_exchange_joker,
    can_lay_off,
    check_meld,
    hand_points,
    joker_exchanges,
    lay_off_options,
)
from cardkit.zioncheck.rules import CardValues, Rules


def meld(text: str, **kw) -> Meld:
    verdict = check_meld(parse_cards(text), **kw)
    assert verdict.ok, verdict.reason
    return verdict.meld


# ZC-2.1 aces -----------------------------------------------------------------------------


def test_zc_2_1_ace_low_run():
    v = check_meld(parse_cards("AC 2C 3C 4C"))
    assert v and v.kind == "run" and (v.meld.low, v.meld.high) == (1, 4)


def test_zc_2_1_ace_high_run():
    v = check_meld(parse_cards("JC QC KC AC"))
    assert v and (v.meld.low, v.meld.high) == (11, 14)
    assert v.meld.stands_for[-1] == Card(1, "C")


def test_zc_2_1_ace_never_in_the_middle_reason():
    v = check_meld(parse_cards("KC AC 2C 3C"))
    assert not v and v.kind is None and v.meld is None
    assert v.reason == ("K♣ A♣ 2♣ 3♣ is not a run: an ace is high or low, never in the middle "
                        "(ZC-2.1)")
    assert v.rule == "ZC-2.1"


def test_zc_2_1_ace_in_the_middle_even_with_a_joker():
    assert check_meld(parse_cards("QC KC AC 2C JK")).rule == "ZC-2.1"


def test_zc_2_1_two_aces_only_in_a_fourteen_card_run():
    full = check_meld(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"))
    assert full and (full.meld.low, full.meld.high) == (1, 14)
    assert not check_meld(parse_cards("AC 2C 3C AC"))


def test_zc_2_1_lone_ace_with_jokers_follows_joker_end():
    assert meld("AC JK JK JK").low == 1
    assert meld("AC JK JK JK", joker_end="low").high == 14


# ZC-2.3 points ---------------------------------------------------------------------------


def test_zc_2_3_hand_points_default_values():
    assert hand_points(parse_cards("AC KD 10H 5H 2S JK")) == 15 + 10 + 10 + 5 + 5 + 15
    assert hand_points([]) == 0


def test_zc_2_3_hand_points_follow_rules_card_values():
    rules = Rules(card_values=CardValues(ace=1, joker=50, high=10, low=2))
    assert hand_points(parse_cards("AC JK 9C QC"), rules) == 1 + 50 + 2 + 10


def test_zc_2_3_hand_points_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="Card values"):
        hand_points([1, 2])


# ZC-5.1 sets -----------------------------------------------------------------------------


def test_zc_5_1_set_from_two_decks():
    v = check_meld(parse_cards("8C 8C 8H"))
    assert v and v.kind == "set" and v.meld.rank == 8 and v.meld.kind is MeldKind.SET
    assert v.reason == "8♣ 8♣ 8♥ is a set of eights (ZC-5.1)"


def test_zc_5_1_same_physical_card_twice_refused():
    c = parse_card("8C")
    v = check_meld([c, c, parse_card("8H")])
    assert not v and v.rule == "ZC-1.1" and "twice" in v.reason


def test_zc_5_1_too_few_cards():
    v = check_meld(parse_cards("8C 8H"))
    assert not v and "too few" in v.reason and v.rule == "ZC-5.1"


def test_zc_5_1_mixed_ranks_and_suits():
    v = check_meld(parse_cards("8C 9H 10S"))
    assert not v and "neither a set" in v.reason


def test_zc_5_1_cards_in_any_order_and_text_input():
    assert check_meld("8H 8C 8S").meld == check_meld("8C 8H 8S").meld


# ZC-5.2 runs -----------------------------------------------------------------------------


def test_zc_5_2_run_in_any_order_sorted_low_to_high():
    m = meld("9C 7C 8C 6C")
    assert [c.rank for c in m.cards] == [6, 7, 8, 9] and m.suit == "C"


def test_zc_5_2_run_needs_four_cards():
    v = check_meld(parse_cards("5C 6C 7C"))
    assert not v and "at least 4" in v.reason


def test_zc_5_2_run_is_one_suit():
    v = check_meld(parse_cards("5C 6D 7C 8C"))
    assert not v and v.rule == "ZC-5.2"
    assert "one suit" in check_meld(parse_cards("5C 6D 7C 8C"), kind="run").reason


def test_zc_5_2_duplicate_rank_in_a_run():
    v = check_meld(parse_cards("5C 5C 6C 7C"))
    assert not v and "twice" in v.reason


def test_zc_5_2_gap_too_big_for_the_jokers():
    v = check_meld(parse_cards("5C 9C JK JK"))
    assert not v and "3 cards are missing" in v.reason


def test_zc_5_2_run_longer_than_fourteen_refused():
    v = check_meld(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC JK JK"))
    assert not v and "at most 14" in v.reason


# ZC-5.3 jokers ---------------------------------------------------------------------------


def test_zc_2_2_and_5_3_joker_fills_a_gap_as_one_definite_card():
    v = check_meld(parse_cards("5C 6C JK 8C 9C"))
    assert v and str(v.meld) == "5♣ 6♣ JK(7♣) 8♣ 9♣"
    assert v.jokers == ((Card.joker(0), Card(7, "C")),)


def test_zc_5_3_end_joker_goes_at_joker_end():
    assert str(meld("5C 6C 7C JK")) == "5♣ 6♣ 7♣ JK(8♣)"
    assert str(meld("5C 6C 7C JK", joker_end="low")) == "JK(4♣) 5♣ 6♣ 7♣"
    # no room above the ace: the joker goes low whatever joker_end says
    assert str(meld("QC KC AC JK")) == "JK(J♣) Q♣ K♣ A♣"


def test_zc_5_3_meld_needs_a_natural_card():
    v = check_meld([Card.joker(i) for i in range(4)])
    assert not v and v.rule == "ZC-5.3"
    ok = check_meld([Card.joker(i) for i in range(4)], Rules(min_natural_per_meld=0))
    assert ok and ok.kind == "run"


def test_zc_5_3_min_natural_option_two():
    rules = Rules(min_natural_per_meld=2)
    assert not check_meld(parse_cards("8C JK JK"), rules)
    assert check_meld(parse_cards("8C 8D JK"), rules)


def test_zc_5_3_set_or_run_ambiguity_prefers_run():
    assert check_meld(parse_cards("7C JK JK")).kind == "set"
    assert check_meld(parse_cards("7C JK JK JK")).kind == "run"
    assert check_meld(parse_cards("7C JK JK JK"), kind="set").kind == "set"
    assert check_meld(parse_cards("7C 8C JK JK")).kind == "run"
    assert not check_meld(parse_cards("7C 8C JK JK"), kind="set")
    assert check_meld(parse_cards("7C 7C JK JK")).kind == "set"


# ZC-5.4 etiquette ------------------------------------------------------------------------


def test_zc_5_4_joker_in_set_legal_but_reason_mentions_etiquette():
    v = check_meld(parse_cards("8C 8H JK"))
    assert v and v.kind == "set" and "bad manners (ZC-5.4)." in v.reason
    assert "parlour" not in v.reason and "rude" not in v.reason
    assert str(v.meld) == "8♣ 8♥ JK(8)"


# Meld values -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["5C 6C JK 8C 9C@1", "8C 8C 8H JK JK", "QC AC JK JK",
                                  "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC JK"])
def test_meld_text_round_trip_keeps_decks_and_jokers(text):
    m = meld(text)
    assert Meld.from_text(m.to_text()) == m


def test_meld_from_text_refuses_bad_text():
    for bad in ("", "pair 8C 8H", "run 5C 6C 8C 9C", "set 8C 8H JK=9", "run 5C JK 7C 8C"):
        with pytest.raises(ValueError):
            Meld.from_text(bad)


# ZC-11 lay-offs --------------------------------------------------------------------------


def test_zc_11_2_run_grows_only_at_its_ends():
    run = meld("4C 5C 6C 7C 8C")
    assert can_lay_off(parse_card("3C"), run) and can_lay_off(parse_card("9C"), run)
    v = can_lay_off(parse_card("2C"), run)
    assert not v and "only 3♣ or 9♣" in v.reason
    assert not can_lay_off(parse_card("9D"), run)
    assert str(run.with_card(parse_card("9C@1"))) == "4♣ 5♣ 6♣ 7♣ 8♣ 9♣"


def test_zc_11_2_card_on_a_set_has_its_rank():
    s = meld("8C 8H 8S")
    assert can_lay_off(parse_card("8C@1"), s)
    assert not can_lay_off(parse_card("9C"), s)
    assert s.with_card(parse_card("8D")).rank == 8 and len(s.with_card(parse_card("8D"))) == 4


def test_zc_11_2_joker_laid_off_at_either_end():
    run = meld("5C 6C 7C 8C")
    assert str(run.with_card(Card.joker(1))) == "5♣ 6♣ 7♣ 8♣ JK(9♣)"
    assert str(run.with_card(Card.joker(1), "low")) == "JK(4♣) 5♣ 6♣ 7♣ 8♣"
    options = lay_off_options(Card.joker(1), [run, meld("8D 8H 8S")])
    assert [(o.meld_index, o.end) for o in options] == [(0, "low"), (0, "high"), (1, None)]


def test_zc_11_2_joker_cannot_go_past_the_high_ace():
    run = meld("JC QC KC AC")
    assert not can_lay_off(Card.joker(1), run, end="high")
    assert [o.end for o in lay_off_options(Card.joker(1), [run])] == ["low"]


def test_zc_11_2_ace_fits_either_end_of_two_to_king():
    run = meld("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert [o.end for o in lay_off_options(parse_card("AC"), [run])] == ["low", "high"]
    assert run.with_card(parse_card("AC"), "low").low == 1
    assert run.with_card(parse_card("AC")).high == 14


def test_zc_11_2_full_run_takes_nothing_more():
    run = meld("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC JK")
    assert not can_lay_off(Card.joker(3), run)


def test_zc_11_2_illegal_lay_off_raises_with_reason():
    run = meld("4C 5C 6C 7C")
    with pytest.raises(IllegalAction) as err:
        run.with_card(parse_card("KH"))
    assert err.value.rule == "ZC-11.2"
    with pytest.raises(IllegalAction):
        run.with_card(run.cards[0])


def test_zc_11_2_lay_off_options_list_every_place():
    melds = [meld("4C 5C 6C 7C"), meld("8C 8H 8S"), meld("8D 9D TD JD")]
    assert [(o.meld_index, o.end) for o in lay_off_options(parse_card("8C@1"), melds)] == [
        (0, "high"), (1, None)]
    assert lay_off_options(parse_card("2S"), melds) == []


# ZC-12 joker exchange --------------------------------------------------------------------


def test_zc_12_1_joker_in_run_freed_by_the_natural_card_any_copy():
    run = meld("5C 6C JK 8C 9C")
    for copy in (parse_card("7C"), parse_card("7C@3")):
        assert can_exchange_joker(copy, run)
        new, joker = run.with_joker_exchanged(copy)
        assert joker == Card.joker(0)
        assert str(new) == "5♣ 6♣ 7♣ 8♣ 9♣" and new.jokers == () and copy in new.cards
    assert joker_exchanges(parse_card("7C@1"), [meld("8D 8H 8S"), run]) == [1]


def test_zc_12_1_only_the_card_the_joker_stands_for():
    run = meld("5C 6C JK 8C 9C")
    v = can_exchange_joker(parse_card("7D"), run)
    assert not v and "stands for 7♣" in v.reason
    assert not can_exchange_joker(Card.joker(3), run)
    with pytest.raises(IllegalAction):
        run.with_joker_exchanged(parse_card("10C"))


def test_zc_12_2_joker_in_set_can_never_be_taken():
    s = meld("8C 8H JK")
    v = can_exchange_joker(parse_card("8D"), s)
    assert not v and v.rule == "ZC-12.2" and "never" in v.reason
    assert joker_exchanges(parse_card("8D"), [s]) == []


@pytest.mark.parametrize("bad, words", [
    ("11X", "'11X' is not a card. Write a card as its rank then its suit, like 10♥"),
    ("7C 8C 9C ZZ", "'ZZ' is not a card"),
    (None, "a list of Card values or a text such as '7C 8C 9C JK'"),
    (5, "a list of Card values or a text such as '7C 8C 9C JK'"),
])
def test_check_meld_bad_input_says_what_is_accepted(bad, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        check_meld(bad)
