"""Zion Check property tests: random and greedy play over seeds, 2–8 players and many rule
options keeps Zion Check's own invariants (every hand's points, the totals), and, through the
conformance suite's `play_through`, every invariant all games share (cards in one place,
refusals that change nothing, read-only events, a record that replays).

Clones, replayed records going on alike, observations and determinism under a disturbed global
random state are checked for Zion Check, under every preset, by the conformance suite
(`tests/conformance/test_conformance.py`)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.games import get_game
from cardkit.zioncheck import PRESETS, CardValues, Rules, new_game
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.game import ZionGame
from cardkit.zioncheck.melds import hand_points
from tests.conformance.suite import play_through

SPEC = get_game("zioncheck")
RULE_CHOICES = [
    Rules(max_turns_per_hand=14),
    PRESETS["may_i"].replace(max_turns_per_hand=14),
    PRESETS["upcard"].replace(max_turns_per_hand=14, allow_go_out_without_discard=True),
    Rules(first_player_rule="draw_two", max_turns_per_hand=14, forbid_discard_of_taken_card=False,
          stuck_penalty=10, same_suit_touching_runs="allow"),
    PRESETS["three_runs_finale"].replace(max_turns_per_hand=14, max_claims_per_hand=1),
]


def check_scores(game: ZionGame) -> None:
    """Each hand's points are the cards left in hand (plus the stuck penalty), zero for the
    winner (ZC-13, ZC-14.1); the totals add them up."""
    totals = {s: 0 for s in range(game.players)}
    for result in game.results:
        assert set(result.points) == set(range(game.players))
        for seat, points in result.points.items():
            totals[seat] += points
            if seat == result.winner:
                assert points == 0
            else:
                penalty = game.rules.stuck_penalty if seat in result.stuck else 0
                assert points == hand_points(result.hands[seat], game.rules) + penalty
        assert (result.winner is None) == (result.reason != "went out")
    assert game.totals == totals


def play(game: ZionGame, bots: list, seed: int, max_actions: int | None = None) -> None:
    """Play with the shared invariants (refusals every 7th state), then check the scores."""
    play_through(SPEC, game, bots, random.Random(seed), refusals_every=7, copies_every=None,
                 max_actions=max_actions)
    check_scores(game)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), mix=st.integers(0, 255),
       rules_index=st.integers(0, len(RULE_CHOICES) - 1))
def test_play_keeps_cards_scores_and_refusals(seed, players, mix, rules_index):
    rules = RULE_CHOICES[rules_index]
    game = new_game(players=players, seed=seed, rules=rules)
    bots = [GreedyBot(s) if mix >> s & 1 else RandomBot(s, seed=seed + s) for s in range(players)]
    play(game, bots, seed, max_actions=220)


contract_pairs = st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(
    lambda c: 0 < c[0] + c[1] <= 3)
any_rules = st.builds(
    Rules,
    contracts=st.lists(contract_pairs, min_size=6, max_size=6).map(tuple),
    deal_sizes=st.lists(st.integers(6, 14), min_size=6, max_size=6).map(tuple),
    num_decks=st.sampled_from([None, 3]),
    card_values=st.builds(CardValues, *(st.integers(0, 20) for _ in range(4))),
    first_player_rule=st.sampled_from(["double_turn", "draw_two", "upcard"]),
    claim_penalty_cards=st.integers(0, 2),
    max_claims_per_hand=st.sampled_from([None, 0, 1, 3]),
    same_suit_touching_runs=st.sampled_from(["need_nine", "forbid", "allow"]),
    min_natural_per_meld=st.integers(0, 2),
    allow_go_out_without_discard=st.booleans(),
    forbid_discard_of_taken_card=st.booleans(),
    stuck_penalty=st.sampled_from([0, 15]),
    max_turns_per_hand=st.integers(5, 40),
)


@settings(max_examples=30, deadline=None)
@given(rules=any_rules, seed=st.integers(0, 10**6), players=st.integers(2, 6),
       mix=st.integers(0, 63))
def test_bots_play_legal_moves_under_any_rule_options(rules, seed, players, mix):
    """Every combination of options: the bots only choose legal moves (apply would raise), the
    game ends after six hands, and the cards and scores add up."""
    game = new_game(players=players, seed=seed, rules=rules)
    bots = [GreedyBot(s) if mix >> s & 1 else RandomBot(s, seed=seed + s) for s in range(players)]
    play(game, bots, seed)
    assert game.is_over and len(game.results) == 6
