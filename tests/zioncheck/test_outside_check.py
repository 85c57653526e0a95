"""Issue 7 (Zion Check items 1–8): the positions an outside check of the core found, by rule ID.

Seats in scripted deals: the dealer is the last seat, so seat 0 plays first.
"""

from __future__ import annotations

import re

import pytest

from cardkit.cards import parse_card, parse_cards
from cardkit.engine import IllegalAction
from cardkit.zioncheck import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    GreedyBot,
    LayOff,
    Pass,
    Rules,
    TakeDiscard,
    ZionGame,
    check_go_down,
    find_go_down,
)
from cardkit.zioncheck.actions import parse_action
from cardkit.zioncheck.rules import Contract
from cardkit.zioncheck.solver import leftover

C = parse_card
FILLER = "2H 6C 10C AD 4D 9S QS 3S"


def refused(game: ZionGame, action, rule: str) -> str:
    """``action`` is refused with ``rule``, ``apply`` raises, the game is unchanged."""
    before, record = game.snapshot(), game.to_json()
    verdict = game.check(action)
    assert not verdict.ok and verdict.rule == rule, verdict
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.verdict == verdict
    assert game.snapshot() == before and game.to_json() == record
    return verdict.reason


# ----------------------------------------------------------------------- item 1


def eights_and_kings_taking_an_eight() -> ZionGame:
    game = ZionGame.from_deal(["8C 8D 8H KC KD KH", FILLER], "5D 6D", discard="8S")
    game.apply(TakeDiscard())
    return game


def test_zc_6_1_a_go_down_using_the_taken_card_is_offered():
    game = eights_and_kings_taking_an_eight()
    taken = game.taken_card
    assert taken == C("8S")
    downs = [a for a in game.legal_actions() if isinstance(a, GoDown)]
    assert len(downs) == 1
    melds = game.best_go_down()
    assert melds is not None and downs[0].melds == melds
    used = [c for m in melds for c in m.cards]
    assert taken in used, "the taken 8♠ goes into the set and another eight stays to discard"
    left = [c for c in game.hand(0) if c not in used]
    assert len(left) == 1 and left[0] != taken and left[0].rank == 8
    assert game.check(GoDown(["8C 8D 8S", "KC KD KH"])).ok


def test_zc_6_1_the_greedy_bot_goes_down_with_the_taken_card():
    game = eights_and_kings_taking_an_eight()
    action = GreedyBot(0).choose(game)
    assert isinstance(action, GoDown)
    game.apply(action)
    assert game.has_gone_down(0) and len(game.hand(0)) == 1
    assert game.check(Discard(game.hand(0)[0])).ok


def test_zc_6_1_solver_keeps_a_card_other_than_the_taken_one():
    hand = parse_cards("8C 8D 8H KC KD KH 8S")
    melds = find_go_down(hand, 1, keep_at_least=1, taken=hand[-1])
    assert melds is not None and leftover(hand, melds) != [hand[-1]]
    assert check_go_down(list(melds), 1).ok
    # without the taken card's constraint the solver may leave it alone
    assert find_go_down(hand, 1, keep_at_least=1) is not None
    # nothing else to keep: no go-down at all
    assert find_go_down(parse_cards("8C 8D KC KD KH 8S"), 1, keep_at_least=1,
                        taken=C("8S")) is None


# ----------------------------------------------------------------------- item 2


def two_sevens_one_taken() -> ZionGame:
    game = ZionGame.from_deal(["7C", FILLER], "5D 6D", discard="7C",
                              table=[("3C 4C 5C 6C", 0)])
    game.apply(TakeDiscard())
    return game


def test_zc_6_1_lay_off_of_the_taken_copy_is_offered():
    game = two_sevens_one_taken()
    taken = game.taken_card
    assert taken == C("7C@1") and set(game.hand(0)) == {C("7C"), taken}
    lay_offs = [a for a in game.legal_actions() if isinstance(a, LayOff)]
    assert lay_offs == [LayOff(taken, 0, "high")]
    game.apply(lay_offs[0])
    events = game.apply(Discard("7C"))
    assert "go_out" in [e.kind.value for e in events]
    assert game.results[0].winner == 0


def test_zc_6_1_a_typed_lay_off_of_either_copy_lays_the_one_that_may_go():
    game = two_sevens_one_taken()
    assert game.check(LayOff("7C", 0)).ok
    game.apply(LayOff("7C", 0))
    assert game.hand(0) == (C("7C"),)  # the taken copy went onto the run


# ----------------------------------------------------------------------- item 3


@pytest.mark.parametrize("run", ["JK=3C 4C 5C 6C JK@1=7C", "4C 5C 6C JK=3C JK@1=7C",
                                 "JK@1=7C 6C JK=3C 5C 4C", "JK=3C 4C 5C 6C JK@1",
                                 "4C 5C JK@1=7C 6C JK"])
def test_zc_5_3_joker_placements_in_any_order_and_any_subset(run):
    game = ZionGame.from_deal(["8D 8H 8S JK 4C 5C 6C JK 2S", FILLER], "9S", hand_number=2)
    game.apply(DrawStock())
    action = parse_action(f"down 8D 8H 8S | {run}")
    verdict = game.check(action)
    assert verdict.ok, verdict
    game.apply(action)
    laid = game.table[1].meld
    asked = {C(w.split("=")[0]): C(w.split("=")[1]) for w in run.split() if "=" in w}
    for joker, face in laid.jokers:
        if joker in asked:
            assert face.face == asked[joker].face


def test_zc_5_3_a_placement_that_does_not_fit_is_refused():
    game = ZionGame.from_deal(["8D 8H 8S JK 4C 5C 6C JK 2S", FILLER], "9S", hand_number=2)
    game.apply(DrawStock())
    reason = refused(game, parse_action("down 8D 8H 8S | JK=9C 4C 5C 6C JK@1"), "ZC-5.3")
    assert "cannot be placed as asked" in reason


# ----------------------------------------------------------------------- item 4


def test_zc_10_the_rule_books_two_runs_example_goes_down():
    assert check_go_down(["AC 2C 3C 4C", "4C 5C 6C 7C"], 3).ok
    game = ZionGame.from_deal(["AC 2C 3C 4C 4C 5C 6C 7C 9D", FILLER], "KH", hand_number=3)
    game.apply(DrawStock())
    action = GoDown(["AC 2C 3C 4C", "4C 5C 6C 7C"])
    assert game.check(action).ok
    game.apply(action)
    assert len(game.table) == 2 and game.hand(0) == tuple(parse_cards("9D KH"))


# ----------------------------------------------------------------------- item 5


@pytest.mark.parametrize("rule", ["draw_two", "double_turn"])
def test_zc_7_1_no_compensation_when_the_scripted_deal_has_a_discard(rule):
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH QH JH",
                              discard="9S", rules=Rules(first_player_rule=rule))
    game.apply(TakeDiscard())
    game.apply(Discard("8S"))
    assert game.current_player == 1 and game.turn_player == 1  # no second turn for seat 0
    events = game.apply(DrawStock())
    draws = [e for e in events if e.kind.value == "draw"]
    assert len(draws[-1].cards) == 1 and draws[-1].rule == "ZC-6"  # one, not two


@pytest.mark.parametrize("rule", ["draw_two", "double_turn"])
def test_zc_7_1_compensation_stays_when_the_scripted_pile_is_empty(rule):
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH QH JH",
                              rules=Rules(first_player_rule=rule))
    events = game.apply(DrawStock())
    if rule == "draw_two":
        assert len(events[-1].cards) == 2 and events[-1].rule == "ZC-7.1"
    else:
        game.apply(Discard("8S"))
        assert game.current_player in (0, 1)
        while game.phase.value == "claim":
            game.apply(Pass())
        assert game.turn_player == 0  # the second turn


@pytest.mark.parametrize(("hands", "stock", "words"), [
    (["", "2C 3C 4C 5C"], "9D", "hand is empty"),
    (["7C@9 7D", "2C 3C 4C 5C"], "9D", "2 decks, @0 to @1"),
    (["JK JK JK JK JK", "2C 3C 4C 5C"], "9D", "only 4 jokers"),
    (["7C 7D", "2C 3C 4C 5C"], "JK@4", "only 4 jokers"),
])
def test_zc_1_1_impossible_scripted_positions_are_refused(hands, stock, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        ZionGame.from_deal(hands, stock)


# ----------------------------------------------------------------------- item 6


def test_zc_10_five_runs_of_which_one_is_jokers_only_never_raise_stop_iteration():
    rules = Rules(min_natural_per_meld=0)
    hand = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S JK JK JK JK"
    melds = find_go_down(hand, Contract(0, 5), rules)
    assert melds is not None and len(melds) == 5
    assert check_go_down(list(melds), Contract(0, 5), rules).ok
    for mode in ("forbid", "need_nine", "allow"):
        strict = Rules(min_natural_per_meld=0, same_suit_touching_runs=mode)
        found = find_go_down(hand, Contract(0, 5), strict)
        assert found is not None and check_go_down(list(found), Contract(0, 5), strict).ok


# ----------------------------------------------------------------------- item 7


def down_with_a_joker_run() -> ZionGame:
    game = ZionGame.from_deal(["9C 2D 5H KS JK 7C 3C", FILLER], "3S 4S",
                              table=[("JK=3C 4C 5C 6C", 0)])
    game.apply(DrawStock())
    return game


def test_zc_12_1_exchange_on_a_missing_meld_cites_the_exchange_rule():
    game = down_with_a_joker_run()
    reason = refused(game, ExchangeJoker("3C", 4), "ZC-12.1")
    assert "no meld #5 (meld_index 4)" in reason and "the only meld is #1" in reason
    assert "0 to 0" not in reason
    assert refused(game, LayOff("7C", 4), "ZC-11.1")


def test_zc_6_not_held_cites_the_rule_of_the_action_tried():
    game = down_with_a_joker_run()
    assert "does not hold" in refused(game, Discard("QH"), "ZC-6")
    assert "does not hold" in refused(game, LayOff("8C", 0), "ZC-11.1")
    assert "does not hold" in refused(game, ExchangeJoker("QH", 0), "ZC-12.1")


def test_zc_9_2_a_go_down_naming_a_card_not_held_says_both():
    game = ZionGame.from_deal(["8C 8D 8H KC KD 2S 3S", FILLER], "9S")
    game.apply(DrawStock())
    good = refused(game, GoDown(["8C 8D 8H", "KC KD KH"]), "ZC-9.2")
    assert "does not hold K♥" in good and "would be a set of kings" in good
    bad = refused(game, GoDown(["8C 8D 8H", "KC KD QH"]), "ZC-9.2")
    assert "does not hold Q♥" in bad and "would not be a meld either" in bad


def test_zc_7_1_take_from_an_empty_pile_cites_one_rule():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH")
    refused(game, TakeDiscard(), "ZC-7.1")
    text = str(game.check(TakeDiscard()))
    assert re.findall(r"ZC-[\d.]+", text) == ["ZC-7.1"]


def test_zc_8_3_the_claim_limit_in_plain_words():
    # seat 2 claims once; with a joker it could free on the table it is still asked later
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C", "9H 9D 9S 3C 2H"],
                              "KH QH JH 10H 5S 6S", discard="8H",
                              table=[("JK=3C 4C 5C 6C", 1)], rules=Rules(max_claims_per_hand=1))
    game.apply(DrawStock())
    game.apply(Pass())  # seat 1
    game.apply(Claim())  # seat 2 takes the 8♥
    assert game.claims_made(2) == 1 and game.turn_player == 0
    game.apply(Discard("8S"))
    game.apply(DrawStock())  # seat 1 declines the 8♠: seat 2 is asked (it may free the joker)
    assert game.current_player == 2
    reason = refused(game, Claim(), "ZC-8.3")
    assert "claimed once this hand" in reason and "time(s)" not in reason
    assert ExchangeJoker(C("3C@1"), 0) in game.legal_actions()


# ----------------------------------------------------------------------- item 8


def test_zc_4_the_solver_is_bounded_on_huge_custom_contracts():
    """A 3 sets + 3 runs contract on 40 cards with 10 jokers: the bounded search (the default)
    returns a legal go-down; an exhaustive one leaves no more points (it may leave fewer)."""
    hand = parse_cards("10C@5 7H@2 9C@3 JH 6D@5 JC@2 6H@2 5H@2 9H@4 10D@3 8C@5 3S@5 JH@4 "
                       "7H@5 10C@2 8D@1 8H JC@5 5H@3 9C@5 AC@2 9H@1 6H@3 6D@2 JH@1 AH@1 2H@4 "
                       "KH@1 10D JK@5 JK@6 JK@11 JK@10 JK@1 JK@3 JK@7 JK@2 JK@8 JK JK@9")
    contract = Contract(3, 3)
    bounded = find_go_down(hand, contract)
    assert bounded is not None and check_go_down(list(bounded), contract).ok
    small = find_go_down(hand, contract, max_steps=1)
    assert small is not None and check_go_down(list(small), contract).ok
    from cardkit.zioncheck.melds import hand_points
    assert hand_points(leftover(hand, bounded)) <= hand_points(leftover(hand, small))
    with pytest.raises(ValueError, match="max_steps"):
        find_go_down(hand, contract, max_steps=0)
