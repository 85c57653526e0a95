"""Every `Rules` option honoured by a real game (not only by the meld and contract helpers).

Options with their own rule tests elsewhere (num_decks, first_player_rule, claim_penalty_cards,
max_claims_per_hand, allow_go_out_without_discard, forbid_discard_of_taken_card, stuck_penalty,
max_turns_per_hand) are listed in `test_every_option_has_a_game_test` with where they are.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from cardkit.cards import parse_card, parse_cards
from cardkit.engine import play_out
from cardkit.zioncheck import new_game
from cardkit.zioncheck.actions import Discard, DrawStock, GoDown, LayOff
from cardkit.zioncheck.bots import RandomBot
from cardkit.zioncheck.events import EventKind
from cardkit.zioncheck.game import ZionGame
from cardkit.zioncheck.rules import CardValues, Rules

C = parse_card
H1 = "2D 6H 10S AC 4S 8D QH 3H 9C KD"
H2 = "2H 6C 10C AD 4D 8S QS 3S 9D KH"
H3 = "2S 6D 10H AH 5C 8H QD 5S JC KC"


def _refused_rule(game: ZionGame, action) -> str | None:
    verdict = game.check(action)
    return None if verdict.ok else verdict.rule


def test_zc_4_contracts_option_sets_what_a_game_accepts():
    hand = "7C 7D 7H 8S 8D 8H 9S 9D 9H 2D"
    three_sets = [parse_cards("7C 7D 7H"), parse_cards("8S 8D 8H"), parse_cards("9S 9D 9H")]
    standard = ZionGame.from_deal([hand, H1, H2, H3], "3D")
    standard.apply(DrawStock())
    assert _refused_rule(standard, GoDown(three_sets)) == "ZC-9.2"  # hand 1 is two sets
    rules = Rules(contracts=((3, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2)))
    custom = ZionGame.from_deal([hand, H1, H2, H3], "3D", rules=rules)
    custom.apply(DrawStock())
    custom.apply(GoDown(three_sets))
    assert custom.has_gone_down(0)


def test_zc_3_1_deal_sizes_option_deals_those_sizes():
    rules = Rules(deal_sizes=(7, 8, 9, 10, 11, 12), max_turns_per_hand=2)
    game = new_game(players=3, seed=2, rules=rules)
    assert [len(game.hand(s)) for s in range(3)] == [7, 7, 7]
    assert game.stock_size == 108 - 21
    play_out(game, [RandomBot(s, seed=s) for s in range(3)])
    deals = [e for e in game.events if e.kind is EventKind.DEAL]
    assert [e.size for e in deals] == [7, 8, 9, 10, 11, 12]


def test_zc_2_3_card_values_option_scores_the_hands_of_a_game():
    values = CardValues(ace=1, joker=50, high=10, low=2)
    rules = Rules(card_values=values)
    game = ZionGame.from_deal(["4C 9C", "AC AD JK 2S", H2], "2H",
                              table=[("5C 6C 7C 8C", 0)], rules=rules)
    game.apply(DrawStock())
    game.apply(LayOff(C("4C"), 0))
    game.apply(LayOff(C("9C"), 0))
    game.apply(Discard(C("2H")))  # seat 0 goes out at once (ZC-13.1)
    result = game.results[0]
    assert result.winner == 0
    expected = {seat: sum(values.of(c) for c in cards) for seat, cards in result.hands.items()}
    assert result.points == expected
    assert expected[1] != sum(Rules().card_values.of(c) for c in result.hands[1])


def test_zc_10_same_suit_touching_runs_option_in_a_game():
    hand = "AC 2C 3C 4C 5C 6C 7C 8C 9C KD"
    runs = [parse_cards("AC 2C 3C 4C"), parse_cards("5C 6C 7C 8C")]
    nine = [parse_cards("AC 2C 3C 4C"), parse_cards("5C 6C 7C 8C 9C")]
    outcomes = {}
    for option in ("need_nine", "forbid", "allow"):
        game = ZionGame.from_deal([hand, H1, H2, H3], "3D", hand_number=3,
                                  rules=Rules(same_suit_touching_runs=option))
        game.apply(DrawStock())
        outcomes[option] = (game.check(GoDown(runs)).ok, game.check(GoDown(nine)).ok)
    assert outcomes == {"need_nine": (False, True), "forbid": (False, False),
                        "allow": (True, True)}


def test_zc_5_3_min_natural_per_meld_option_in_a_game():
    hand = "7C 7D JK JK 8D 8H 8S 2D 4H QS"
    melds = [[C("7C"), C("JK"), C("JK@1")], parse_cards("8D 8H 8S")]
    for least, ok in ((1, True), (2, False)):
        game = ZionGame.from_deal([hand, H1, H2, H3], "3D",
                                  rules=Rules(min_natural_per_meld=least))
        game.apply(DrawStock())
        verdict = game.check(GoDown(melds))
        assert verdict.ok is ok, verdict
        if not ok:
            assert verdict.rule == "ZC-5.3"


def test_every_option_has_a_game_test():
    """A new option without a game test fails here: add its test and its name below."""
    here = Path(__file__).parent
    text = "\n".join(p.read_text() for p in here.glob("test_*.py"))
    tested_in_games = {
        "contracts": "test_zc_4_contracts_option_sets_what_a_game_accepts",
        "deal_sizes": "test_zc_3_1_deal_sizes_option_deals_those_sizes",
        "num_decks": "test_zc_1_2_num_decks_option_and_too_small_pack",
        "card_values": "test_zc_2_3_card_values_option_scores_the_hands_of_a_game",
        "first_player_rule": "test_zc_7_1_upcard",
        "claim_penalty_cards": "test_zc_8_3_claim_penalty_cards",
        "max_claims_per_hand": "test_zc_8_3_claim_limit_skips_seats_that_could_only_pass",
        "same_suit_touching_runs": "test_zc_10_same_suit_touching_runs_option_in_a_game",
        "min_natural_per_meld": "test_zc_5_3_min_natural_per_meld_option_in_a_game",
        "allow_go_out_without_discard": "test_zc_13_1_option_go_out_without_discard",
        "forbid_discard_of_taken_card": "test_zc_6_1_card_taken_from_discard_may_not_be_discarded",
        "stuck_penalty": "test_zc_13_2_stuck_players_and_stuck_penalty",
        "max_turns_per_hand": "test_zc_6_3_length_guard_ends_the_hand",
    }
    assert set(tested_in_games) == {f.name for f in fields(Rules)}
    for test_name in tested_in_games.values():
        assert f"def {test_name}(" in text, test_name
