"""Zion Check game rules, one test per rule ID, mostly on scripted deals (`ZionGame.from_deal`).

Seats in scripted deals: the dealer is the last seat, so seat 0 plays first.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from itertools import pairwise

import pytest

from cardkit.cards import Card, make_pack, parse_card, parse_cards
from cardkit.engine import IllegalAction
from cardkit.zioncheck import check_go_down, find_go_down, new_game
from cardkit.zioncheck.actions import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
    parse_action,
)
from cardkit.zioncheck.bots import GreedyBot
from cardkit.zioncheck.events import EventKind
from cardkit.zioncheck.game import Phase, ZionGame
from cardkit.zioncheck.melds import MeldKind, hand_points
from cardkit.zioncheck.rules import Contract, Rules
from cardkit.zioncheck.solver import leftover

C = parse_card

# four filler hands without any meld in them
H0 = "2C 5D 9H KS 3D 7S JH 4C 10D QC"
H1 = "2D 6H 10S AC 4S 8D QH 3H 9C KD"
H2 = "2H 6C 10C AD 4D 8S QS 3S 9D KH"
H3 = "2S 6D 10H AH 5C 8H QD 5S JC KC"
STOCK = "7C 7D 7H 8C 9S JD JS 4H 5H 6S 3C AS QH 10C 9C 8D"



def refused(game: ZionGame, action, rule: str) -> str:
    """Assert ``action`` is refused with ``rule`` and changes nothing (state and record);
    return the reason."""
    before, record = game.snapshot(), game.to_json()
    verdict = game.check(action)
    assert not verdict.ok and verdict.rule == rule, verdict
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.verdict == verdict
    assert game.snapshot() == before and game.to_json() == record
    return verdict.reason


def kinds(events) -> list[str]:
    return [e.kind.value for e in events]


def scripted(**kw) -> ZionGame:
    """A scripted deal; its pack has four decks (the positions repeat cards up to four times:
    a scripted deal may only hold cards of the game's own pack, ZC-1.1)."""
    hands = kw.pop("hands", [H0, H1, H2, H3])
    stock = kw.pop("stock", STOCK)
    rules = kw.pop("rules", Rules())
    if rules.num_decks is None:
        rules = replace(rules, num_decks=4)
    return ZionGame.from_deal(hands, stock, rules=rules, **kw)


# ----------------------------------------------------------------------- ZC-1 and ZC-3


def test_zc_3_2_seeded_first_dealer_and_3_3_deal_one_at_a_time_from_dealers_left():
    game = new_game(players=4, seed=11)
    rng = random.Random(11)
    dealer = rng.randrange(4)
    pack = make_pack(2, jokers=True)
    rng.shuffle(pack)
    assert game.dealer == dealer
    first = (dealer + 1) % 4
    assert game.current_player == first and game.phase is Phase.DRAW
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        assert game.hand(seat) == tuple(pack[-1 - k - 4 * i] for i in range(10))
    assert game.discard_pile == () and game.discard_top is None  # ZC-3.3
    assert game.stock_size == 108 - 40
    assert game.events[0].kind is EventKind.DEAL and "ZC-3" in game.events[0].text


@pytest.mark.parametrize("players, decks", [(2, 2), (5, 2), (6, 3), (8, 3), (9, 4)])
def test_zc_1_2_decks_by_players(players, decks):
    game = new_game(players=players, seed=1)
    held = sum(len(game.hand(s)) for s in range(players))
    assert held + game.stock_size == 54 * decks
    jokers = {c for s in range(players) for c in game.hand(s) if c.is_joker}
    assert all(c.deck < 2 * decks for c in jokers)


def test_zc_1_2_num_decks_option_and_too_small_pack():
    game = new_game(players=4, seed=1, rules=Rules(num_decks=4))
    assert game.stock_size == 4 * 54 - 40
    with pytest.raises(ValueError, match="holds only 54 cards"):
        new_game(players=5, seed=1, rules=Rules(num_decks=1))
    with pytest.raises(ValueError, match="played by 2 to 16 players"):
        new_game(players=1)


def test_zc_3_1_six_hands_deal_sizes_and_dealer_moves_left():
    game = new_game(players=3, seed=4, rules=Rules(max_turns_per_hand=1))
    first_dealer = game.dealer
    while not game.is_over:
        if game.phase is Phase.PLAY:
            game.apply(Discard(game.hand(game.current_player)[0]))
        elif game.phase is Phase.CLAIM:
            game.apply(Pass())
        else:
            game.apply(DrawStock())
    deals = [e for e in game.events if e.kind is EventKind.DEAL]
    assert [e.size for e in deals] == [10, 10, 10, 10, 11, 14]
    assert [e.seat for e in deals] == [(first_dealer + k) % 3 for k in range(6)]
    assert [r.reason for r in game.results] == ["length guard"] * 6
    assert game.current_player is None and game.legal_actions() == []
    assert game.events[-1].kind is EventKind.GAME_END


# ----------------------------------------------------------------------- ZC-6


def test_zc_6_and_1_3_draw_then_discard_passes_the_turn_to_the_left():
    game = scripted(rules=Rules(first_player_rule="upcard"), discard="QS@3")
    game.apply(DrawStock())  # declines the upcard: everybody else may claim it
    assert game.phase is Phase.CLAIM and game.claim_asking == (1, 2, 3)
    for _ in range(3):
        game.apply(Pass())
    assert game.current_player == 0 and game.phase is Phase.PLAY
    assert game.hand(0)[-1] == C("7C")
    refused(game, TakeDiscard(), "ZC-6")  # drawing the stock card is final
    refused(game, DrawStock(), "ZC-6")
    events = game.apply(Discard(C("KS")))
    assert kinds(events) == ["discard"]
    assert game.current_player == 1 and game.phase is Phase.DRAW
    assert game.discard_top == C("KS")


def test_zc_6_cannot_take_back_own_discard():
    game = scripted()
    game.apply(DrawStock())
    game.apply(Discard(C("KS")))
    assert game.current_player == 0  # the double turn
    reason = refused(game, TakeDiscard(), "ZC-6")
    assert "may not take it back" in reason


def test_zc_6_1_card_taken_from_discard_may_not_be_discarded():
    game = scripted(rules=Rules(first_player_rule="upcard"), discard="QS@3")
    game.apply(TakeDiscard())
    assert game.taken_card == C("QS@3")
    refused(game, Discard(C("QS@3")), "ZC-6.1")
    assert Discard(C("QS@3")) not in game.legal_actions()
    game.apply(Discard(C("KS")))
    relaxed = scripted(rules=Rules(first_player_rule="upcard", forbid_discard_of_taken_card=False),
                       discard="QS@3")
    relaxed.apply(TakeDiscard())
    assert relaxed.check(Discard(C("QS@3")))


def test_zc_6_1_lay_off_may_not_leave_only_the_taken_card():
    game = scripted(hands=["4C 9C", H1, H2, H3], discard="KD",
                    table=[("5C 6C 7C 8C", 0)], rules=Rules(first_player_rule="upcard"))
    game.apply(TakeDiscard())
    game.apply(LayOff(C("4C"), 0))
    reason = refused(game, LayOff(C("9C"), 0), "ZC-6.1")
    assert "taken from the discard pile" in reason
    assert all(not isinstance(a, LayOff) for a in game.legal_actions())


def test_zc_6_2_stock_exhausted_reshuffles_the_discards_under_the_top():
    game = scripted(stock="7C", discard="2C 3C 4C 5C")
    under = game.discard_pile
    game.apply(DrawStock())  # scripted discards may be claimed: everybody else is asked
    for _ in range(3):
        game.apply(Pass())
    assert game.stock_size == 0 and game.hand(0)[-1] == C("7C")
    game.apply(Discard(C("KS")))
    game.apply(DrawStock())  # second turn of the double turn: the others are asked first
    events = []
    while game.phase is Phase.CLAIM:
        events += game.apply(Pass())
    assert kinds(events)[-2:] == ["reshuffle", "draw"]
    assert events[-2].count == 4 and events[-2].rule == "ZC-6.2"
    assert game.discard_pile == (C("KS"),)  # the top card stays
    assert game.stock_size == 3
    drawn = events[-1].cards[0]
    assert sorted([drawn, *game._stock]) == sorted(under)


def test_zc_6_2_no_card_to_draw_ends_the_hand_without_winner():
    game = scripted(stock="")
    events = game.apply(DrawStock())
    assert kinds(events)[:2] == ["reshuffle", "hand_end"]
    result = game.results[0]
    assert result.winner is None and result.reason == "stock exhausted"
    assert result.stuck == ()  # nobody went out (ZC-13.2)
    for seat, text in enumerate([H0, H1, H2, H3]):
        assert result.points[seat] == hand_points(text)
    assert game.totals == result.points
    assert game.hand_number == 2 and game.dealer == 0  # the next hand is dealt at once
    assert "nobody wins" in events[1].text


def test_zc_6_3_length_guard_ends_the_hand():
    game = scripted(rules=Rules(max_turns_per_hand=3, first_player_rule="draw_two"))
    turns = 0
    while game.hand_number == 1:
        if game.phase is Phase.PLAY:
            game.apply(Discard(game.hand(game.current_player)[0]))
            turns += 1
        elif game.phase is Phase.CLAIM:
            game.apply(Pass())
        else:
            game.apply(DrawStock())
    assert turns == 3
    result = game.results[0]
    assert result.reason == "length guard" and result.winner is None and result.turns == 3
    assert any(e.rule == "ZC-6.3" for e in game.events)


# ----------------------------------------------------------------------- ZC-7


def test_zc_7_1_double_turn_others_may_claim_the_first_discard():
    game = scripted()
    refused(game, TakeDiscard(), "ZC-7.1")  # nothing to take yet
    assert game.legal_actions() == [DrawStock()]
    events = game.apply(DrawStock())
    assert kinds(events) == ["draw"]  # no discard yet, so no claim window
    game.apply(Discard(C("KS")))
    assert game.current_player == 0 and game.phase is Phase.DRAW
    assert game.legal_actions() == [DrawStock()]
    events = game.apply(DrawStock())
    assert kinds(events) == ["decline"] and "own discard" in events[0].text
    assert game.claim_asking == (1, 2, 3) and game.current_player == 1
    game.apply(Pass())
    events = game.apply(Claim())
    assert kinds(events) == ["claim", "draw"]
    assert C("KS") in game.hand(2) and len(game.hand(2)) == 11
    assert game.current_player == 0 and game.phase is Phase.PLAY
    assert len(game.hand(0)) == 11
    game.apply(Discard(C("QC")))
    assert game.current_player == 1  # then play goes on to the left


def test_zc_7_1_draw_two():
    game = scripted(rules=Rules(first_player_rule="draw_two"))
    events = game.apply(DrawStock())
    assert events[0].cards == (C("7C"), C("7D")) and events[0].rule == "ZC-7.1"
    assert len(game.hand(0)) == 12
    game.apply(Discard(C("KS")))
    assert game.current_player == 1 and game.phase is Phase.DRAW
    assert game.check(TakeDiscard())
    events = game.apply(DrawStock())
    assert getattr(events[0], "cards", ()) == ()  # a decline: others asked first
    assert game.claim_asking == (2, 3)


def test_zc_7_1_upcard():
    game = new_game(players=4, seed=3, rules=Rules(first_player_rule="upcard"))
    assert len(game.discard_pile) == 1 and game.stock_size == 108 - 40 - 1
    assert game.events[1].kind is EventKind.UPCARD
    first = game.current_player
    assert set(game.legal_actions()) == {DrawStock(), TakeDiscard()}
    game.apply(DrawStock())
    # nobody discarded the upcard, so all the others are asked, from the first player's left
    assert game.claim_asking == tuple((first + k) % 4 for k in (1, 2, 3))


# ----------------------------------------------------------------------- ZC-8


def _window_after_seat0_discard(rules: Rules | None = None) -> ZionGame:
    """Seat 0 has discarded K♠ on its normal turn; seat 1 (N) is to decide."""
    game = scripted(rules=rules or Rules(first_player_rule="draw_two"))
    game.apply(DrawStock())
    game.apply(Discard(C("KS")))
    return game


def test_zc_8_2_next_player_takes_the_discard_and_nobody_else_is_asked():
    game = _window_after_seat0_discard()
    events = game.apply(TakeDiscard())
    assert kinds(events) == ["take"] and game.current_player == 1
    assert game.phase is Phase.PLAY and game.hand(1)[-1] == C("KS")


def test_zc_8_1_claim_priority_nearest_after_the_discarder_wins():
    game = _window_after_seat0_discard()
    events = game.apply(DrawStock())
    assert kinds(events) == ["decline"] and events[0].order == (2, 3)
    both = game.clone()
    events = both.apply(Claim())  # seat 2 is asked before seat 3 and takes it
    assert kinds(events) == ["claim", "draw"] and events[0].seat == 2
    assert both.hand(2)[-1] == C("KS") and C("KS") not in both.hand(3)
    assert both.current_player == 1 and both.phase is Phase.PLAY
    game.apply(Pass())
    events = game.apply(Claim())
    assert events[0].seat == 3 and game.hand(3)[-1] == C("KS")
    assert events[1].seat == 1 and events[1].kind is EventKind.DRAW  # then N draws
    assert game.discard_top is None


def test_zc_8_2_claim_only_in_the_window_and_only_the_asked_seat_acts():
    game = _window_after_seat0_discard()
    refused(game, Claim(), "ZC-8.2")  # N decides by drawing or taking, not by claiming
    game.apply(DrawStock())
    refused(game, DrawStock(), "ZC-8.2")
    refused(game, Discard(game.hand(2)[0]), "ZC-6")
    refused(game, GoDown([parse_cards("7C 7D 7H")]), "ZC-9.1")


def test_zc_8_3_claim_penalty_cards():
    game = _window_after_seat0_discard(Rules(first_player_rule="draw_two",
                                             claim_penalty_cards=1))
    game.apply(DrawStock())
    events = game.apply(Claim())
    assert kinds(events) == ["claim", "penalty", "draw"]
    assert game.hand(2)[-2:] == (C("KS"), C("7H"))  # the claim and one stock card
    assert game.hand(1)[-1] == C("8C")  # N draws after the penalty card
    assert "claim penalty" in events[1].text


def test_zc_8_3_claim_limit_skips_seats_that_could_only_pass():
    rules = Rules(first_player_rule="draw_two", max_claims_per_hand=1)
    game = _window_after_seat0_discard(rules)
    game.apply(DrawStock())
    game.apply(Claim())  # seat 2's one claim
    assert game.claims_made(2) == 1
    game.apply(Discard(C("KD")))  # seat 1 discards; seat 2 is N
    game.apply(DrawStock())
    assert game.claim_asking == (3, 0)
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Discard(game.hand(2)[0]))  # seat 3 is N; seat 2 at its limit is skipped
    game.apply(DrawStock())
    assert game.claim_asking == (0, 1)


def test_zc_8_3_seat_at_claim_limit_with_a_joker_to_free_is_asked_but_may_not_claim():
    rules = Rules(first_player_rule="draw_two", max_claims_per_hand=0)
    game = scripted(rules=rules, hands=[H0, H1, H2 + " 7C@1", H3],
                    table=[("5C 6C JK 8C", 3)])
    game.apply(DrawStock())
    game.apply(Discard(C("KS")))
    game.apply(DrawStock())
    assert game.claim_asking == (2,)
    refused(game, Claim(), "ZC-8.3")
    assert game.legal_actions() == [ExchangeJoker(C("7C@1"), 0), Pass()]


# ----------------------------------------------------------------------- ZC-9, ZC-11, ZC-13


def test_zc_9_go_down_with_any_legal_arrangement_then_lay_off_the_same_turn():
    game = scripted(hands=["7C 7D 7H 8S 8D 8H 7S 2D", H1, H2, H3], stock="3D")
    refused(game, GoDown([parse_cards("7C 7D 7H"), parse_cards("8S 8D 8H")]), "ZC-9.1")
    game.apply(DrawStock())
    refused(game, LayOff(C("7S"), 0), "ZC-11.1")  # not gone down yet
    refused(game, GoDown([parse_cards("7C 7D 7H")]), "ZC-9.2")  # fewer melds than the contract
    refused(game, GoDown([parse_cards("7C 7D 7H 7S"), parse_cards("8S 8D 2D")]), "ZC-5.2")
    events = game.apply(GoDown([parse_cards("8S 8D 8H"), parse_cards("7C 7D 7H")]))
    assert kinds(events) == ["go_down"] and game.has_gone_down(0)
    assert [tm.owner for tm in game.table] == [0, 0]
    refused(game, GoDown([parse_cards("7S 2D 3D")]), "ZC-9.3")  # once per hand
    events = game.apply(LayOff(C("7S"), 1))  # ZC-11.1: also on the turn of going down
    assert kinds(events) == ["lay_off"] and len(game.table[1].cards) == 4
    assert "ZC-11.2" in events[0].text
    game.apply(Discard(C("2D")))
    assert game.hand(0) == (C("3D"),)


def test_zc_9_2_go_down_cards_must_be_held_once():
    game = scripted(hands=["7C 7D 7H 8S 8D 8H 7S 2D", H1, H2, H3], stock="3D")
    game.apply(DrawStock())
    refused(game, GoDown([parse_cards("7C 7D 7H"), parse_cards("7C 8D 8H")]), "ZC-1.1")
    reason = refused(game, GoDown([parse_cards("9C 9D 9H"), parse_cards("8S 8D 8H")]), "ZC-9.2")
    assert "does not hold 9♣" in reason and "would be a set of nines" in reason


def test_zc_11_lay_off_on_another_players_meld_and_wrong_card_refused():
    game = scripted(hands=["4C 9C QH", H1, H2, H3], stock="3D",
                    table=[("5C 6C 7C 8C", 0), ("KD KS KH", 2)])
    game.apply(DrawStock())
    refused(game, LayOff(C("3D"), 0), "ZC-11.2")
    refused(game, LayOff(C("4C"), 5), "ZC-11.1")
    events = game.apply(LayOff(C("4C"), 0, "low"))
    assert events[0].owner == 0
    assert game.table[0].meld.low == 4 and game.table[0].owner == 0
    legal = game.legal_actions()
    assert LayOff(C("9C"), 0, "high") in legal


def test_zc_13_1_going_out_by_discarding_the_last_card():
    game = scripted(hands=["4C 9C", H1, H2, H3], stock="2H",
                    table=[("5C 6C 7C 8C", 0), ("KD KS KH", 2)])
    game.apply(DrawStock())
    game.apply(LayOff(C("4C"), 0))
    game.apply(LayOff(C("9C"), 0))
    events = game.apply(Discard(C("2H")))
    assert kinds(events)[:4] == ["discard", "go_out", "hand_end", "deal"]
    result = game.results[0]
    assert result.winner == 0 and result.reason == "went out"
    assert result.points[0] == 0
    assert result.stuck == (1, 3)  # seat 2 had gone down (its meld is on the table)
    assert game.hand_number == 2


def test_zc_13_1_lay_off_or_go_down_leaving_no_card_is_refused():
    game = scripted(hands=["4C", H1, H2, H3], stock="9C", table=[("5C 6C 7C 8C", 0)])
    game.apply(DrawStock())
    game.apply(LayOff(C("4C"), 0))
    reason = refused(game, LayOff(C("9C"), 0), "ZC-13.1")
    assert "final discard" in reason
    down = scripted(hands=["7C 7D 7H 8S 8D", H1, H2, H3], stock="8H")
    down.apply(DrawStock())
    refused(down, GoDown([parse_cards("7C 7D 7H"), parse_cards("8S 8D 8H")]), "ZC-13.1")


def test_zc_13_1_option_go_out_without_discard():
    rules = Rules(allow_go_out_without_discard=True)
    game = scripted(hands=["4C", H1, H2, H3], stock="9C", table=[("5C 6C 7C 8C", 0)],
                    rules=rules)
    game.apply(DrawStock())
    game.apply(LayOff(C("4C"), 0))
    events = game.apply(LayOff(C("9C"), 0))
    assert kinds(events)[:3] == ["lay_off", "go_out", "hand_end"]
    assert game.results[0].winner == 0
    down = scripted(hands=["7C 7D 7H 8S 8D", H1, H2, H3], stock="8H", rules=rules)
    down.apply(DrawStock())
    events = down.apply(GoDown([parse_cards("7C 7D 7H"), parse_cards("8S 8D 8H")]))
    assert kinds(events)[:3] == ["go_down", "go_out", "hand_end"]


def test_zc_13_2_stuck_players_and_stuck_penalty():
    rules = Rules(stuck_penalty=25)
    game = scripted(hands=["4C 9C", H1, H2, H3], stock="2H",
                    table=[("5C 6C 7C 8C", 0), ("KD KS KH", 2)], rules=rules)
    game.apply(DrawStock())
    game.apply(LayOff(C("4C"), 0))
    game.apply(LayOff(C("9C"), 0))
    game.apply(Discard(C("2H")))
    result = game.results[0]
    assert result.stuck == (1, 3)
    assert result.points == {0: 0, 1: hand_points(H1) + 25, 2: hand_points(H2),
                             3: hand_points(H3) + 25}
    assert "(stuck)" in game.events[-2].text or any(
        "(stuck)" in e.text for e in game.events if e.kind is EventKind.HAND_END)


# ----------------------------------------------------------------------- ZC-12


def test_zc_12_1_exchange_joker_on_own_turn():
    game = scripted(hands=[H0 + " 7C@1", H1, H2, H3], table=[("5C 6C JK 8C", 1), ("8D 8H JK@1", 2)])
    refused(game, ExchangeJoker(C("7C"), 0), "ZC-12.3")  # draw first
    game.apply(DrawStock())
    events = game.apply(ExchangeJoker(C("7C"), 0))  # any copy of the card the joker stands for
    assert kinds(events) == ["exchange"] and events[0].rule == "ZC-12.1"
    assert Card.joker() in game.hand(0) and C("7C") not in game.hand(0)  # the drawn 7♣
    assert [str(c) for c in game.table[0].cards] == ["5♣", "6♣", "7♣", "8♣"]
    assert not game.has_gone_down(0)  # exchanging does not need going down


def test_zc_12_2_joker_in_a_set_can_never_be_taken():
    game = scripted(hands=[H0 + " 8S", H1, H2, H3], table=[("8D 8H JK", 2)])
    game.apply(DrawStock())
    reason = refused(game, ExchangeJoker(C("8S"), 0), "ZC-12.2")
    assert "set" in reason


def test_zc_12_3_exchange_in_the_claim_window_first_asked_wins():
    game = scripted(hands=[H0, H1, H2 + " 7C@1", H3 + " 7C@2"], table=[("5C 6C JK 8C", 1)],
                    rules=Rules(first_player_rule="draw_two"))
    game.apply(DrawStock())
    game.apply(Discard(C("KS")))
    game.apply(DrawStock())  # seat 1 declines: seats 2 then 3 are asked
    assert game.current_player == 2
    assert ExchangeJoker(C("7C@1"), 0) in game.legal_actions()
    events = game.apply(ExchangeJoker(C("7C@1"), 0))
    assert "claim window" in events[0].text
    assert game.current_player == 2 and game.phase is Phase.CLAIM  # may still claim or pass
    assert all(not isinstance(a, ExchangeJoker) for a in game.legal_actions())
    game.apply(Pass())
    assert game.current_player == 3
    refused(game, ExchangeJoker(C("7C@2"), 0), "ZC-12.1")  # the joker is gone


# ----------------------------------------------------------------------- ZC-14


def test_zc_14_1_totals_add_hand_points_and_14_2_equal_totals_share_the_win():
    game = ZionGame.from_deal(["5C 9D", "5D 9H", "KC"], "", hand_number=6)
    game.apply(DrawStock())  # nothing to draw: the hand (the last) ends
    assert game.is_over and game.phase is Phase.OVER
    assert game.totals == {0: 10, 1: 10, 2: 10}
    assert game.winners == (0, 1, 2)
    assert "share the win" in game.events[-1].text
    assert game.results[-1].points == {0: 10, 1: 10, 2: 10}
    refused(game, DrawStock(), "ZC-14.2")


def test_zc_14_2_single_winner():
    game = ZionGame.from_deal(["5C 9D 2S", "KD", "KC AS"], "", hand_number=6)
    game.apply(DrawStock())
    assert game.winners == (1,)
    assert "Seat 1 wins" in game.events[-1].text


# ----------------------------------------------------------------------- checking and input


def test_illegal_actions_are_refused_with_reason_and_no_change():
    game = scripted()
    refused(game, Discard(C("KS")), "ZC-6")
    refused(game, Pass(), "ZC-8.2")
    refused(game, LayOff(C("KS"), 0), "ZC-11.1")
    game.apply(DrawStock())
    refused(game, Discard(C("AS")), "ZC-6")  # not held
    refused(game, ExchangeJoker(C("KS"), 0), "ZC-12.1")  # no meld on the table
    reason = refused(game, "discard KS", "ZC-6")
    assert "not a Zion Check action" in reason


def test_a_face_names_whichever_copy_is_held():
    game = scripted(hands=["KS@1 " + H0.replace("KS ", ""), H1, H2, H3])
    game.apply(DrawStock())
    game.apply(Discard(C("KS")))  # the player holds K♠ of deck 1
    assert game.history[-1] == Discard(C("KS@1"))
    assert game.discard_top == C("KS@1")


def test_scripted_deal_is_checked():
    with pytest.raises(ValueError, match="twice"):
        ZionGame.from_deal(["7C@0 8C", "7C@0 9C"], "")
    with pytest.raises(ValueError, match="hand_number"):
        ZionGame.from_deal(["7C", "8C"], "", hand_number=7)
    with pytest.raises(ValueError, match="bad table meld"):
        ZionGame.from_deal(["7C", "8C"], "", table=[("7D 9D", 0)])


def test_narration_cites_rules_and_public_text_hides_stock_cards():
    game = scripted()
    event = game.apply(DrawStock())[0]
    assert event.text == "Seat 0 draws 7♣ from the stock (ZC-6)."
    assert event.public_text == "Seat 0 draws a card from the stock (ZC-6)."
    assert repr(event) == "DrawEvent(seat=0, rule='ZC-6', cards=(Card(7, 'C'),))"
    played = new_game(players=4, seed=3)
    bots = [GreedyBot(s) for s in range(4)]
    while not played.is_over:
        played.apply(bots[played.current_player].choose(played))
    seen = {e.kind for e in played.events}
    assert {EventKind.GO_DOWN, EventKind.LAY_OFF, EventKind.CLAIM, EventKind.GO_OUT} <= seen
    assert all("(ZC-" in e.text for e in played.events)


def test_zc_9_legal_actions_offer_the_solvers_go_down():
    game = scripted(hands=["7C 7D 7H 8S 8D 8H KC 2D", H1, H2, H3], stock="3D")
    game.apply(DrawStock())
    offers = [a for a in game.legal_actions() if isinstance(a, GoDown)]
    assert len(offers) == 1
    assert offers[0].melds == game.best_go_down()
    assert game.check(offers[0])
    game.apply(offers[0])
    assert game.has_gone_down(0) and len(game.table) == 2
    assert all(not isinstance(a, GoDown) for a in game.legal_actions())


def test_zc_5_3_player_places_a_joker_and_zc_11_2_joker_lay_off_at_a_chosen_end():
    game = scripted(hands=["5S 6S 7S JK 9D 9H 9C 2C@1 JK@1 KD@1", H1, H2, H3], stock="3D",
                    hand_number=2)
    game.apply(DrawStock())
    run = [C("5S"), C("6S"), C("7S"), (Card.joker(), C("4S"))]  # the joker low, not high
    game.apply(GoDown([run, parse_cards("9D 9H 9C")]))
    meld = game.table[0].meld
    assert (meld.low, meld.high) == (4, 7) and meld.kind is MeldKind.RUN
    events = game.apply(LayOff(Card.joker(1), 0, "low"))
    assert game.table[0].meld.low == 3
    assert "JK(3♠)" in events[0].text


def test_zc_10_two_touching_runs_in_one_suit_need_nine_cards():
    hand = "AC 2C 3C 4C 5C 6C 7C 8C 9C KD"
    game = scripted(hands=[hand, H1, H2, H3], stock="3D", hand_number=3)
    game.apply(DrawStock())
    refused(game, GoDown([parse_cards("AC 2C 3C 4C"), parse_cards("5C 6C 7C 8C")]), "ZC-10")
    assert game.check(GoDown([parse_cards("AC 2C 3C 4C"), parse_cards("5C 6C 7C 8C 9C")]))


def test_go_down_from_its_text_form():
    game = scripted(hands=["7C 7D 7H 8S 8D 8H KC 2D", H1, H2, H3], stock="3D")
    game.apply(DrawStock())
    game.apply(parse_action("down 7C 7D 7H | 8S 8D 8H"))
    assert game.history[-1].to_text() == "down 7C 7D 7H | 8D 8H 8S"


def test_observation_shows_own_hand_and_public_facts_only():
    game = scripted(rules=Rules(first_player_rule="upcard"), discard="QS@3")
    game.apply(TakeDiscard())
    mine, theirs = game.observe(0), game.observe(1)
    assert mine.hand == game.hand(0) and theirs.hand == game.hand(1)
    assert mine.hand_sizes == theirs.hand_sizes == (11, 10, 10, 10)
    assert mine.taken_card == C("QS@3") and theirs.taken_card is None
    assert mine.legal_actions() == game.legal_actions() and theirs.legal_actions() == []
    assert mine.my_turn and not theirs.my_turn
    assert all(not isinstance(v, list) for v in theirs)  # immutable values only
    hidden = set(game.hand(0)) - set(theirs.hand)
    assert hidden and not hidden & set(c for v in theirs if isinstance(v, tuple)
                                       for c in v if isinstance(c, Card))
    assert "hand=[" in repr(mine)


def test_zc_12_3_exchange_then_claim_in_the_window():
    game = scripted(hands=[H0, H1, H2 + " 7C@1", H3], table=[("5C 6C JK 8C", 1)],
                    rules=Rules(first_player_rule="draw_two"))
    game.apply(DrawStock())
    game.apply(Discard(C("KS")))
    game.apply(DrawStock())
    game.apply(ExchangeJoker(C("7C@1"), 0))
    events = game.apply(Claim())
    assert kinds(events) == ["claim", "draw"]
    assert Card.joker() in game.hand(2) and C("KS") in game.hand(2)


def test_a_seat_that_is_not_to_act_is_refused_by_the_core():
    game = scripted()
    assert game.check(DrawStock(), seat=0)
    reason = refused_by(game, DrawStock(), 2, "ZC-6")
    assert "Seat 0's turn, not Seat 2's" in reason
    refused_by(game, DrawStock(), 9, "ZC-1.3")
    game.apply(DrawStock(), seat=0)
    game.apply(Discard(C("KS")), seat=0)
    game.apply(DrawStock(), seat=0)
    refused_by(game, Claim(), 2, "ZC-8.2")  # seat 1 is asked first
    game.apply(Claim(), seat=1)
    assert C("KS") in game.hand(1)


def refused_by(game: ZionGame, action, seat: int, rule: str) -> str:
    before = game.snapshot()
    verdict = game.check(action, seat=seat)
    assert not verdict.ok and verdict.rule == rule, verdict
    with pytest.raises(IllegalAction):
        game.apply(action, seat=seat)
    assert game.snapshot() == before
    return verdict.reason


@pytest.mark.parametrize("options, words", [
    ({"card_values": {"ace": "x"}}, "card_values.ace must be a non-negative int"),
    ({"card_values": {"queen": 10}}, "card_values takes ace, high, joker, low"),
    ({"card_values": 5}, "card_values must be a CardValues"),
    ({"max_claims_per_hand": "3"}, "max_claims_per_hand must be None or a non-negative int"),
    ({"claim_penalty_cards": True}, "claim_penalty_cards must be a non-negative int"),
    ({"allow_go_out_without_discard": "yes"}, "must be True or False"),
    ({"forbid_discard_of_taken_card": 1}, "must be True or False"),
    ({"max_turns_per_hand": 0}, "max_turns_per_hand must be a positive int"),
    ({"first_player_rule": "dealer"}, "'double_turn', 'draw_two', 'upcard'"),
])
def test_bad_rule_options_say_what_is_accepted(options, words):
    with pytest.raises(ValueError, match=words):
        Rules(**options)


@pytest.mark.parametrize("call, words", [
    (lambda: new_game(players=1), "played by 2 to 16 players"),
    (lambda: new_game(players=0), "played by 2 to 16 players"),
    (lambda: new_game(players="4"), "played by 2 to 16 players"),
    (lambda: new_game(seed="abc"), "seed must be an int"),
    (lambda: new_game(rules={"stuck_penalty": 1}), "Rules value"),
])
def test_new_game_bad_arguments_are_clear_errors(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_zc_6_1_offered_go_down_keeps_a_card_beside_the_taken_one_when_going_out_is_free():
    rules = Rules(first_player_rule="upcard", allow_go_out_without_discard=True)
    for hand, can_go_down in (("7C 7D 7H 8S 8D 8H", False), ("7C 7D 7H 7S 8S 8D 8H", True)):
        game = scripted(hands=[hand, H1, H2, H3], discard="KS@1", rules=rules)
        game.apply(TakeDiscard())
        downs = [a for a in game.legal_actions() if isinstance(a, GoDown)]
        assert bool(downs) is can_go_down
        for action in downs:  # each offer is legal: it never keeps only the taken K♠
            assert game.check(action), game.check(action)
        choice = GreedyBot(0).choose(game)
        assert game.check(choice), (choice, game.check(choice))
        assert isinstance(choice, GoDown) is can_go_down
        if not can_go_down:
            refused(game, GoDown([parse_cards("7C 7D 7H"), parse_cards("8S 8D 8H")]), "ZC-6.1")


def test_zc_1_3_play_and_the_deal_move_clockwise():
    players = 5
    game = new_game(players=players, seed=4)
    bots = [GreedyBot(s, seed=s) for s in range(players)]
    turns: list[tuple[int, int]] = []  # (hand number, seat whose turn it is), each change once
    while not game.is_over:
        mark = (game.hand_number, game.turn_player)
        if not turns or turns[-1] != mark:
            turns.append(mark)
        game.apply(bots[game.current_player].choose(game))
    dealers = [result.dealer for result in game.results]
    assert all(b == (a + 1) % players for a, b in pairwise(dealers))
    for (hand_a, seat_a), (hand_b, seat_b) in pairwise(turns):
        if hand_a == hand_b:
            assert seat_b == (seat_a + 1) % players  # the next turn is the player to the left
        else:
            assert seat_b == (dealers[hand_b - 1] + 1) % players  # dealer's left starts


# ----------------------------------------------------------------------
# The positions an outside check of the core found (issue 7, Zion Check items 1-8).
FILLER = "2H 6C 10C AD 4D 9S QS 3S"


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
    draws = [e for e in events if e.kind is EventKind.DRAW]
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
        while game.phase is Phase.CLAIM:
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
