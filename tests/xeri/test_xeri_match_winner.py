"""XR-7.1 (decision): what decides a match of agreed rounds, more rounds won (the default) or
more points (the option match_winner="points", the seed's first line)."""

from __future__ import annotations

import json
import random

import pytest

from cardkit.games import get_game, load_record
from cardkit.play_cli import with_options
from cardkit.xeri import PRESETS, MatchWinner, Rules, XeriMatch, new_game
from cardkit.xeri.events import ExtraRound, MatchEnd, MatchWon

SPLIT_SEED = 16  # random play: North–South win 3 rounds to 1, East–West score 52 to 48


def _random_match(seed: int, rules: Rules | None = None) -> XeriMatch:
    match = new_game(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_xr_7_1_rounds_won_decide_by_default():
    assert Rules().match_winner is MatchWinner.ROUNDS
    match = _random_match(SPLIT_SEED)
    assert match.rounds_won == {0: 3, 1: 1} and match.totals == {0: 48, 1: 52}
    assert match.winner == 0
    won = match.events[-1]
    assert isinstance(won, MatchWon) and won.how is MatchEnd.ROUNDS and won.rule == "XR-7.1"
    assert won.text == "North–South win the match, 3 rounds to 1 (XR-7.1)"


def test_xr_7_1_match_winner_points_gives_the_match_to_more_points():
    rules = Rules(match_winner="points")
    assert rules.match_winner is MatchWinner.POINTS and PRESETS["most_points"] == rules
    match = _random_match(SPLIT_SEED, rules)
    assert match.round_number == 4 and match.winner == 1 and match.winners == (1, 3)
    won = match.events[-1]
    assert isinstance(won, MatchWon) and won.how is MatchEnd.POINTS and won.score == (48, 52)
    assert won.text == "East–West win the match on points, 52 to 48 (XR-7.1)"
    verdict = match.check(match.hand(0)[0] if match.hand(0) else None)
    assert not verdict and verdict.rule == "XR-7.1" and "scored more points" in verdict.reason


def test_xr_7_1_level_points_play_one_more_round():
    rules = Rules(match_winner="points", rounds=1, ten_of_diamonds_counts_as_ten=False)
    match = _random_match(38, rules)  # round 1 ends 12 to 12
    extra = next(e for e in match.events if isinstance(e, ExtraRound))
    assert extra.tied_on is MatchEnd.POINTS and extra.level == 12 and extra.played == 1
    assert extra.text == ("After 1 round both teams have 12 points: one more round is played "
                          "(XR-7.1)")
    assert match.round_number >= 2 and match.totals[0] != match.totals[1]


def test_xr_7_1_a_bad_match_winner_is_refused_with_the_reason():
    with pytest.raises(ValueError, match=r"match_winner must be one of 'rounds', 'points', not "
                                         r"'most': .*\(XR-7\.1\)"):
        Rules(match_winner="most")
    with pytest.raises(ValueError, match="match_winner"):
        Rules.from_dict({"match_winner": 2})


def test_xr_7_1_the_option_is_in_the_record_only_when_it_is_not_the_default():
    plain = json.loads(new_game(seed=3).to_json())
    assert "match_winner" not in plain["rules"]  # records made before the option read the same
    match = _random_match(SPLIT_SEED, PRESETS["most_points"])
    record = json.loads(match.to_json())
    assert record["rules"]["match_winner"] == "points"
    again = load_record(match.to_json())
    assert again.rules.match_winner is MatchWinner.POINTS and again.winner == 1
    assert again.snapshot() == match.snapshot()


def test_xr_7_1_the_command_line_sets_the_option():
    xeri = get_game("xeri")
    assert with_options(xeri, Rules(), ["match_winner=points"]) == PRESETS["most_points"]
    with pytest.raises(ValueError, match=r"XR-7\.1"):
        with_options(xeri, Rules(), ["match_winner=most"])
