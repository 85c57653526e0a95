"""Zion Check bots: their choices on scripted positions, their strength, their speed gate."""

from __future__ import annotations

import random

from cardkit.cards import make_pack, parse_card, parse_cards
from cardkit.engine import play_out
from cardkit.zioncheck import Rules, new_game
from cardkit.zioncheck.actions import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
)
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.game import Phase, ZionGame
from cardkit.zioncheck.melds import MeldKind
from cardkit.zioncheck.solver import find_go_down
from cardkit.zioncheck.tally import might_go_down, usefulness
from cardkit.zioncheck.view import Observation

C = parse_card
H1 = "2D 6H 10S AC 4S 8D QH 3H 9C KD"
H2 = "2H 6C 10C AD 4D 8S QS 3S 9D KH"
H3 = "2S 6D 10H AH 5C 8H QD 5S JC KC"
UPCARD = Rules(first_player_rule="upcard")


def ask(bot, game: ZionGame):
    """The bot's move, decided from its seat's view: what every caller hands it (ZC-3.3)."""
    return bot.choose(game.observe(bot.seat))


def test_bots_decide_from_the_observation_alone():
    game = new_game(players=3, seed=8, rules=Rules(max_turns_per_hand=40))
    bots = [GreedyBot(0), RandomBot(1, seed=1), GreedyBot(2)]
    while not game.is_over:
        seat = game.current_player
        view = game.observe(seat)
        assert type(view) is Observation
        game.apply(bots[seat].choose(view))
    assert len(game.results) == 6


def test_greedy_takes_a_discard_only_when_it_helps():
    helps = ZionGame.from_deal(["9C 9D 5H 5S KC 2D 7H JS 4C 3D", H1, H2], "8H",
                               discard="9H", rules=UPCARD)
    assert ask(GreedyBot(0), helps) == TakeDiscard()  # a third 9 for hand 1's two sets
    useless = ZionGame.from_deal(["9C 9D 5H 5S KC 2D 7H JS 4C 3D", H1, H2], "8H",
                                 discard="QH@1", rules=UPCARD)
    assert ask(GreedyBot(0), useless) == DrawStock()


def test_greedy_goes_down_as_soon_as_it_can_and_keeps_jokers_out_of_sets():
    game = ZionGame.from_deal(["7C 7D 7H 8C 8D 8H JK 2S 5D", H1, H2], "KS")
    bot = GreedyBot(0)
    game.apply(ask(bot, game))  # draws
    action = ask(bot, game)
    assert isinstance(action, GoDown)
    assert all(not c.is_joker for m in action.melds for c in m.cards)  # ZC-5.4
    game.apply(action)
    assert game.has_gone_down(0)


def test_greedy_uses_a_joker_in_a_set_when_that_is_the_only_way():
    game = ZionGame.from_deal(["7C 7D 7H 8C 8D JK 2S 5D 10C", H1, H2], "KS")
    bot = GreedyBot(0)
    game.apply(ask(bot, game))
    action = ask(bot, game)
    assert isinstance(action, GoDown)
    assert any(c.is_joker for m in action.melds if m.kind is MeldKind.SET for c in m.cards)


def test_greedy_lays_off_after_going_down_then_discards_the_costliest_card():
    game = ZionGame.from_deal(["4C 9C 2D KH", H1, H2], "3S",
                              table=[("5C 6C 7C 8C", 0), ("KD KS KC", 1)])
    bot = GreedyBot(0)
    game.apply(ask(bot, game))
    played = []
    while game.phase is Phase.PLAY:
        action = ask(bot, game)
        played.append(action)
        game.apply(action)
    assert [type(a) for a in played] == [LayOff, LayOff, LayOff, Discard]
    assert played[-1].card.rank in (2, 3)  # 2♦ or the drawn 3♠: all that is left, 5 each
    assert len(game.hand(0)) == 1


def test_greedy_frees_a_joker_from_a_run():
    game = ZionGame.from_deal(["7C@1 2D 5H 9S QS 3C 8D 10H 4S KD", H1, H2], "JD",
                              table=[("5C 6C JK 8C", 1)])
    bot = GreedyBot(0)
    game.apply(ask(bot, game))
    assert ask(bot, game) == ExchangeJoker(C("7C@1"), 0)


def test_greedy_claims_a_card_that_completes_a_set_and_passes_otherwise():
    rules = Rules(first_player_rule="draw_two")
    hands = ["2C 5D 9H KS 3D 7S JH 4C 10D QC", H1, "QS QD 6C 10C AD 4D 8S 3S 9D KH", H3]
    game = ZionGame.from_deal(hands, "7C 7D 7H 8C 9S JD", rules=rules)
    game.apply(DrawStock())
    game.apply(Discard(C("QC")))  # seat 1 decides first, then seat 2 is asked
    game.apply(DrawStock())
    assert game.current_player == 2
    assert ask(GreedyBot(2), game) == Claim()
    other = ZionGame.from_deal(hands, "7C 7D 7H 8C 9S JD", rules=rules)
    other.apply(DrawStock())
    other.apply(Discard(C("2C")))
    other.apply(DrawStock())
    assert ask(GreedyBot(2), other) == Pass()


def test_usefulness_counts_sets_and_runs():
    two_sets = Rules().contract(1)
    two_runs = Rules().contract(3)
    assert usefulness(C("9H"), [C("9C"), C("9D")], two_sets) == 6
    assert usefulness(C("9H"), [C("9C")], two_sets) == 3
    assert usefulness(C("9H"), [C("9C")], two_runs) == 0
    assert usefulness(C("AH"), [C("KH"), C("2H"), C("QH")], two_runs) == 6  # ace high and low
    assert usefulness(C("JK"), [], two_runs) == 100


def test_might_go_down_never_says_no_when_the_solver_finds_a_go_down():
    rng = random.Random(7)
    pack = make_pack(2, jokers=True)
    rules = Rules()
    found = 0
    for _ in range(400):
        hand_number = rng.randint(1, 6)
        cards = rng.sample(pack, rng.randint(9, 15))
        keep = rng.randint(0, 1)
        solved = find_go_down(cards, hand_number, rules, keep_at_least=keep) is not None
        found += solved
        if solved:
            assert might_go_down(cards, rules.contract(hand_number), rules, keep), cards
    assert found > 20  # the sample holds enough hands that can go down


def _play_table(seats_greedy: list[bool], seed: int, players: int) -> dict[int, int]:
    bots = [GreedyBot(s) if greedy else RandomBot(s, seed=seed * 10 + s)
            for s, greedy in enumerate(seats_greedy)]
    game = play_out(new_game(players=players, seed=seed), bots)
    return game.totals


def test_greedy_beats_random_by_a_wide_margin():
    greedy_total = random_total = greedy_wins = 0
    games = 8
    for seed in range(games):
        seats = [seed % 2 == 0, seed % 2 == 1]  # alternate who sits where
        totals = _play_table(seats, seed, 2)
        g = sum(t for s, t in totals.items() if seats[s])
        r = sum(t for s, t in totals.items() if not seats[s])
        greedy_total += g
        random_total += r
        greedy_wins += g < r
    assert greedy_wins >= games - 1
    assert greedy_total * 3 < random_total


def test_random_bots_always_finish_thanks_to_the_length_guard():
    game = play_out(new_game(players=5, seed=2, rules=Rules(max_turns_per_hand=30)),
                    [RandomBot(s, seed=s) for s in range(5)])
    assert game.is_over and len(game.results) == 6
    assert all(r.turns <= 30 for r in game.results)


def test_bots_refuse_to_move_out_of_turn():
    game = new_game(players=3, seed=1)
    other = (game.current_player + 1) % 3
    for bot in (GreedyBot(other), RandomBot(other)):
        try:
            ask(bot, game)
        except ValueError as error:
            assert "not seat" in str(error)
        else:
            raise AssertionError("a bot moved out of turn")


def _greedy_turn(game: ZionGame, seat: int) -> list:
    """Seat's whole turn as GreedyBot plays it (draw, then everything up to the discard)."""
    bot = GreedyBot(seat)
    played = []
    while game.current_player == seat and not game.is_over:
        action = ask(bot, game)
        played.append(action)
        game.apply(action)
        if isinstance(action, Discard):
            break
    return played


def test_zc_5_4_greedy_keeps_a_joker_off_a_set_when_it_cannot_go_out():
    game = ZionGame.from_deal(["JK 4D 7S", H1, H2], "5S", table=[("9C 9D 9H", 0)])
    played = _greedy_turn(game, 0)
    assert not any(isinstance(a, LayOff) for a in played)  # the joker stays off the set
    assert played[-1] == Discard(C("7S"))  # the costliest natural card, not the joker
    assert any(c.is_joker for c in game.hand(0))


def test_zc_5_4_greedy_lays_a_joker_on_a_set_only_to_go_out():
    game = ZionGame.from_deal(["JK", H1, H2], "5S", table=[("9C 9D 9H", 0)])
    played = _greedy_turn(game, 0)
    assert played == [DrawStock(), LayOff(C("JK"), 0, None), Discard(C("5S"))]
    assert game.results[-1].winner == 0


def test_zc_5_4_greedy_prefers_a_run_end_for_a_joker():
    game = ZionGame.from_deal(["JK 4D 7S", H1, H2], "3S",
                              table=[("9C 9D 9H", 0), ("5C 6C 7C 8C", 1)])
    played = _greedy_turn(game, 0)
    assert LayOff(C("JK"), 1, None) in played


def test_zc_5_4_greedy_lays_jokers_on_sets_only_when_going_out_in_real_games():
    laid_on_sets = 0
    for seed in range(6):
        game = new_game(players=4, seed=seed)
        bots = [GreedyBot(s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            action = ask(bots[seat], game)
            on_set = (isinstance(action, LayOff) and action.card.is_joker
                      and game.table[action.meld_index].meld.kind is MeldKind.SET)
            hand_number = game.hand_number
            game.apply(action)
            if on_set:
                laid_on_sets += 1
                assert len(game.hand(seat)) == 1  # only the card it goes out with is left
                game.apply(ask(bots[seat], game))
                assert game.results[hand_number - 1].winner == seat
    assert laid_on_sets > 0  # the games did meet the case


def test_zc_6_1_greedy_lays_off_the_taken_card_first_when_two_are_left():
    rules = Rules(first_player_rule="upcard", allow_go_out_without_discard=True)
    game = ZionGame.from_deal(["KC", H1, H2], "KS", discard="8C",
                              table=[("9C 10C JC QC", 0)], rules=rules)
    played = _greedy_turn(game, 0)
    assert played[0] == TakeDiscard()
    # the costlier K♣ would go first, but it would leave only the taken 8♣ (ZC-6.1)
    assert played[1:] == [LayOff(C("8C"), 0, None), LayOff(C("KC"), 0, None)]
    assert game.results[-1].winner == 0


def test_greedy_bots_finish_games_under_every_go_out_option():
    for rules in (Rules(first_player_rule="upcard", allow_go_out_without_discard=True),
                  Rules(allow_go_out_without_discard=True, forbid_discard_of_taken_card=False)):
        for seed in range(4):
            game = play_out(new_game(players=3, seed=seed, rules=rules),
                            [GreedyBot(s) for s in range(3)])
            assert game.is_over


def test_greedy_after_going_down_takes_a_discarded_joker_only_for_a_run():
    for table, wanted in (([("9C 9D 9H", 0), ("4C 5C 6C 7C", 1)], TakeDiscard()),
                          ([("9C 9D 9H", 0)], DrawStock())):
        game = ZionGame.from_deal(["2D 7S", H1, H2], "KS", discard="JK", table=table,
                                  rules=UPCARD)
        assert ask(GreedyBot(0), game) == wanted


def test_window_starts_agrees_with_counting_every_window():
    """might_go_down finds the four-position windows by bit arithmetic; it must name exactly
    the windows that counting each one finds, for every suit mask and joker count."""
    from cardkit.zioncheck.tally import window_starts as _window_starts

    for mask in range(1 << 15):
        for least in (1, 2, 3, 4):
            counted = [low for low in range(1, 12) if ((mask >> low) & 15).bit_count() >= least]
            starts = _window_starts(mask, least)
            assert [k for k in range(15) if starts >> k & 1] == counted, (bin(mask), least)


def test_set_need_counts_the_cheapest_sets():
    """tally.set_need sums the jokers of the cheapest sets without listing every group: it
    must agree with listing them (each rank's cards in threes, a pair needing one joker, a
    single two) and sorting."""
    from cardkit.zioncheck.tally import set_need

    def listed(counts: list[int], sets: int) -> int:
        needs = []
        for count in counts[1:]:
            while count > 0:
                needs.append(3 - count if count < 3 else 0)
                count -= 3
        return 99 if len(needs) < sets else sum(sorted(needs)[:sets])

    rng = random.Random(3)
    for _ in range(3000):
        counts = [0] + [rng.choice((0, 0, 0, 1, 1, 2, 3, 4, 5, 7)) for _ in range(13)]
        for sets in range(5):
            assert set_need(counts, sets) == listed(counts, sets), (counts, sets)


def test_least_useful_never_picks_the_taken_card():
    from cardkit.zioncheck.tally import least_useful

    rules = Rules()
    values = rules.card_values.by_rank()
    hand = parse_cards("KS 9H 9D 4C JK")
    assert least_useful(hand, rules.contract(1), values, None) == C("KS")  # alone, and costly
    assert least_useful(hand, rules.contract(1), values, C("KS")) == C("4C")


def test_the_solver_answers_the_same_for_the_same_cards_in_any_order():
    """The greedy bots share the solver's answers keyed by the cards as a set (bots._ANSWERS):
    that is sound only if the order of the cards never changes an answer."""
    from cardkit.zioncheck.solver import can_go_down

    rng = random.Random(11)
    pack = make_pack(2, jokers=True)
    rules = Rules()
    found = 0
    for _ in range(300):
        cards = rng.sample(pack, rng.randint(10, 14))
        shuffled = rng.sample(cards, len(cards))
        hand_number, keep = rng.randint(1, 6), rng.randint(0, 1)
        melds = find_go_down(cards, hand_number, rules, keep_at_least=keep)
        found += melds is not None
        assert find_go_down(shuffled, hand_number, rules, keep_at_least=keep) == melds, cards
        assert can_go_down(shuffled, hand_number, rules, keep_at_least=keep) == (
            can_go_down(cards, hand_number, rules, keep_at_least=keep))
    assert found >= 10  # the sample holds hands that go down
