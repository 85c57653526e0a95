"""Zion Check property tests: random and greedy play over seeds and 2–8 players keeps the game's
invariants (cards, scores, refusals, records, determinism)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.cards import make_pack
from cardkit.engine import IllegalAction
from cardkit.zioncheck import PRESETS, CardValues, Rules
from cardkit.zioncheck.actions import (
    Claim,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
    parse_action,
)
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.game import Phase, ZionGame, new_game
from cardkit.zioncheck.melds import hand_points

RULE_CHOICES = [
    Rules(max_turns_per_hand=14),
    PRESETS["may_i"].replace(max_turns_per_hand=14),
    PRESETS["upcard"].replace(max_turns_per_hand=14, allow_go_out_without_discard=True),
    Rules(first_player_rule="draw_two", max_turns_per_hand=14, forbid_discard_of_taken_card=False,
          stuck_penalty=10, same_suit_touching_runs="allow"),
    PRESETS["three_runs_finale"].replace(max_turns_per_hand=14, max_claims_per_hand=1),
]



def state_without_records(game: ZionGame) -> dict:
    state = game.snapshot()
    del state["events"], state["history"]
    return state


def all_cards(game: ZionGame) -> list:
    cards = [c for s in range(game.players) for c in game.hand(s)]
    cards += game.discard_pile
    cards += [c for tm in game.table for c in tm.cards]
    cards += game._stock
    return cards


def illegal_probes(game: ZionGame, rng: random.Random) -> list:
    """Actions that cannot be legal now."""
    phase = game.phase
    held = {c.face for c in game.hand(game.current_player)}
    stranger = next((c for c in game._stock if c.face not in held), None)  # a face not held
    probes = [LayOff(game.hand(game.current_player)[0], 99)]
    if stranger is not None:
        probes.append(Discard(stranger))
    if phase is Phase.DRAW:
        probes += [Claim(), Pass(), Discard(game.hand(game.current_player)[0])]
    elif phase is Phase.CLAIM:
        probes += [DrawStock(), TakeDiscard(), Discard(game.hand(game.current_player)[0])]
    else:
        probes += [DrawStock(), TakeDiscard(), Claim(), Pass()]
        if stranger is not None and not stranger.is_joker:
            probes.append(GoDown([[stranger, stranger]]))
    return probes


def play(game: ZionGame, bots: list, rng: random.Random, max_actions: int) -> None:
    pack = Counter(make_pack(game.rules.decks_for(game.players), jokers=True))
    for step in range(max_actions):
        if game.is_over:
            break
        assert Counter(all_cards(game)) == pack  # every card in exactly one place
        seat = game.current_player
        legal = game.legal_actions()
        assert legal, "a game that is not over always has a legal action"
        if step % 7 == 0:
            for action in legal:
                assert game.check(action), (action, game.check(action))
            before = game.snapshot()
            for probe in illegal_probes(game, rng):
                verdict = game.check(probe)
                assert not verdict and verdict.reason and verdict.rule, probe
                try:
                    game.apply(probe)
                except IllegalAction as error:
                    assert error.verdict == verdict
                else:
                    raise AssertionError(f"{probe} was accepted")
            assert game.snapshot() == before
        action = bots[seat].choose(game)
        events = game.apply(action)
        assert all(e.text and e.kind for e in events)
        assert parse_action(action.to_text()).to_text() == action.to_text()
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


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), mix=st.integers(0, 255),
       rules_index=st.integers(0, len(RULE_CHOICES) - 1))
def test_play_keeps_cards_scores_and_refusals(seed, players, mix, rules_index):
    rules = RULE_CHOICES[rules_index]
    game = new_game(players=players, seed=seed, rules=rules)
    bots = [GreedyBot(s) if mix >> s & 1 else RandomBot(s, seed=seed + s) for s in range(players)]
    play(game, bots, random.Random(seed), max_actions=220)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), mix=st.integers(0, 255),
       rules_index=st.integers(0, len(RULE_CHOICES) - 1), stop=st.integers(0, 200))
def test_json_round_trip_and_determinism(seed, players, mix, rules_index, stop):
    rules = RULE_CHOICES[rules_index]

    def run(disturb: bool = False) -> ZionGame:
        bots = [GreedyBot(s) if mix >> s & 1 else RandomBot(s, seed=seed + s)
                for s in range(players)]
        game = new_game(players=players, seed=seed, rules=rules)
        for step in range(stop):
            if game.is_over:
                break
            if disturb:  # the game and the bots must not use the global generator
                random.seed(step * 7919 + seed)
                random.random()
            game.apply(bots[game.current_player].choose(game))
        return game

    game = run()
    record = game.to_json()
    data = json.loads(record)
    assert data["game"] == "zioncheck" and data["version"] == 1 and data["players"] == players
    assert Rules.from_dict(data["rules"]) == rules
    again = ZionGame.from_json(record)
    assert again.to_json() == record
    assert state_without_records(again) == state_without_records(game)
    assert [e.text for e in again.events] == [e.text for e in game.events]
    # same seed, same bots: the same game, whatever the global random state does meanwhile
    assert run(disturb=True).to_json() == record


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.integers(0, 150))
def test_clone_is_independent(seed, stop):
    game = new_game(players=4, seed=seed, rules=Rules(max_turns_per_hand=20))
    bots = [GreedyBot(s) for s in range(4)]
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game))
    before = game.snapshot()
    copy = game.clone()
    assert copy.snapshot() == before
    for _ in range(30):
        if copy.is_over:
            break
        copy.apply(bots[copy.current_player].choose(copy))
    assert game.snapshot() == before
    # the clone goes on exactly as the original would
    replay = game.clone()
    for action in copy.history[len(game.history):]:
        replay.apply(action)
    assert replay.to_json() == copy.to_json()


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
    play(game, bots, random.Random(seed), max_actions=10**5)
    assert game.is_over and len(game.results) == 6
