"""The tournament (issue 24): duplicate deals with the seats swapped, a win rate with its
interval over deal pairs, bots as kinds, classes, objects or functions of the view, and a
fair match that no bot can peek into (XR-9.1) and no old bot can join."""

from __future__ import annotations

import math
import warnings

import pytest

from cardkit.engine import PeekError
from cardkit.games import get_game, load_record
from cardkit.tournament import deal_seed, interval, pairing, tournament
from cardkit.xeri import GreedyBot

ONE_ROUND = {"rounds": 1}


def first_card(view):
    return view.legal_actions()[0]


class LastCard:
    def __init__(self, seat, seed=None):
        self.seat = seat

    def choose(self, view):
        return view.legal_actions()[-1]


def test_duplicate_format_plays_every_deal_twice_with_the_seats_swapped():
    """The first bot plays its first legal card, the second its last: replaying each game
    shows who sat where, and both games of a deal start from the same cards."""
    played = pairing("xeri", ("first", first_card), ("last", LastCard), deals=3, seed=2,
                     rules=ONE_ROUND, keep_records=True)
    assert [g.deal for g in played.games] == [0, 0, 1, 1, 2, 2]
    assert [g.first_seats for g in played.games] == [(0, 2), (1, 3)] * 3
    for one, two in zip(played.games[::2], played.games[1::2], strict=True):
        assert one.seed == two.seed == deal_seed(2, one.deal)
        starts = []
        for game in (one, two):
            record = load_record(game.record)
            replay = get_game("xeri").new(seed=game.seed, rules=record.rules)
            starts.append([replay.hand(s) for s in range(4)])
            for card in record.history:
                seat = replay.current_player
                legal = replay.observe(seat).legal_actions()
                assert card == (legal[0] if seat in game.first_seats else legal[-1])
                replay.apply(card)
            assert replay.winners == record.winners
        assert starts[0] == starts[1]  # the same deal, both times


def test_a_deterministic_bot_against_itself_scores_one_half_on_every_deal():
    """The same cards, the same play from each seat: each deal's two games mirror each other,
    so the luck of the deal cancels exactly."""
    played = pairing("xeri", ("a", first_card), ("b", first_card), deals=4, seed=1,
                     rules=ONE_ROUND)
    assert played.pair_scores() == [0.5] * 4 and played.rate == 0.5


def test_a_random_bot_draws_new_coin_flips_in_the_swapped_game():
    played = pairing("xeri", ("a", "random"), ("b", "random"), deals=3, seed=1,
                     rules=ONE_ROUND, keep_records=True)
    for one, two in zip(played.games[::2], played.games[1::2], strict=True):
        assert load_record(one.record).history != load_record(two.record).history


def test_the_rate_is_the_mean_over_deal_pairs_with_its_interval():
    played = pairing("xeri", ("greedy", "greedy"), ("random", "random"), deals=12, seed=3,
                     rules=ONE_ROUND)
    pairs = played.pair_scores()
    assert len(pairs) == 12 and math.isclose(played.rate, sum(pairs) / 12)
    assert (played.rate, played.low, played.high) == interval(pairs)
    assert played.low < played.rate <= played.high <= 1
    assert played.rate > 0.5  # greedy play beats random play (XR-6)
    assert "greedy vs random: greedy wins" in str(played)


def test_the_interval_is_over_units_widens_with_fewer_and_is_never_a_point():
    mean, low, high = interval([1.0] * 10)
    assert mean == 1.0 and high == 1.0 and 0.7 < low < 0.8  # never 1–1 from 10 pairs
    wide = interval([0.0, 1.0] * 5)
    narrow = interval([0.0, 1.0] * 50)
    assert wide[0] == narrow[0] == 0.5
    assert (narrow[2] - narrow[1]) < (wide[2] - wide[1])
    # the normal interval of the mean after one pseudo 0 and one pseudo 1
    scores = [0.25, 0.75, 0.5, 1.0, 0.5]
    padded = [*scores, 0.0, 1.0]
    centre = sum(padded) / 7
    sd = math.sqrt(sum((x - centre) ** 2 for x in padded) / 6)
    _, low, high = interval(scores)
    assert math.isclose(high - low, 2 * 1.959964 * sd / math.sqrt(7), rel_tol=1e-5)
    with pytest.raises(ValueError, match="at least one score"):
        interval([])


def test_bots_as_kinds_classes_objects_and_functions_of_the_view():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        table = tournament("xeri", {"first": first_card, "last": LastCard,
                                    "greedy object": GreedyBot(0, seed=1), "random": "random"},
                           deals=2, seed=4, rules=ONE_ROUND)
    assert [p.name for p in table.pairings] == [
        "first vs last", "first vs greedy object", "first vs random", "last vs greedy object",
        "last vs random", "greedy object vs random"]
    assert table["first vs last"].deals == 2 and len(table.rows()) == 6
    again = tournament("xeri", {"first": first_card, "last": LastCard,
                                "greedy object": GreedyBot(0, seed=1), "random": "random"},
                       deals=2, seed=4, rules=ONE_ROUND)
    assert again.rows() == table.rows()  # seeded: the same tournament again


def test_zion_check_tournaments_too():
    table = tournament("zioncheck", {"first": first_card, "greedy": "greedy"}, deals=1, seed=2,
                       players=4)
    (played,) = table.pairings
    assert [g.first_seats for g in played.games] == [(0, 2), (1, 3)]
    assert 0 <= played.rate <= 1


def test_xr_9_1_a_learners_bot_that_reads_another_hand_fails_with_the_sentence():
    def peeking_bot(view):
        return view.hands[(view.seat + 1) % 4][0]

    with pytest.raises(PeekError, match=r"^A bot sees only its own seat \(XR-9.1\): the bot "
                                        r"function peeking_bot, at seat \d, asked its view for "
                                        r"'hands'"):
        tournament("xeri", {"peeking": peeking_bot, "random": "random"}, deals=1)


def test_a_fair_match_refuses_an_old_bot_that_reads_the_game():
    class OldBot:
        def __init__(self, seat, seed=None):
            self.seat = seat

        def choose(self, game):
            return game.legal_actions()[0]

    with pytest.raises(TypeError, match=r"a fair match gives each bot only its seat's view: "
                                        r"OldBot.choose reads the game; .*choose\(self, view\)"):
        tournament("xeri", {"old": OldBot, "random": "random"}, deals=1)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": {}}, "bots maps each bot's name"),
    ({"bots": {"only": "greedy"}}, "a tournament needs two bots"),
    ({"pairs": [("greedy", "clever")]}, "no bot named 'clever'"),
    ({"bots": {"a": "clever", "b": "greedy"}}, "bot 'a': unknown bot kind 'clever'"),
    ({"bots": {"a": 42, "b": "greedy"}}, "bot 'a' is a bot kind"),
    ({"deals": 0}, "deals is the number of deals"),
    ({"deals": 10**6}, "deals is the number of deals"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"rules": 3}, "rules must be a 4-Player Xeri Rules"),
])
def test_bad_arguments_are_refused_clearly(kwargs, message):
    args = {"bots": {"greedy": "greedy", "random": "random"}, "deals": 1, **kwargs}
    with pytest.raises(ValueError, match=message):
        tournament("xeri", **args)
