"""A random fuzz over every preset and random rule options, from 2 players to the largest table
(ZC-1.2): every game the core creates loads back from its own record, replays to the same
narration, and keeps its invariants (every card of the pack in exactly one place, phases and
seats consistent, totals the sum of the hands' points).

The suite runs a small seeded sample. The long run is opt-in, outside the suite::

    CARDKIT_FUZZ_GAMES=3000 CARDKIT_FUZZ_SEED=7 .venv/bin/python -m pytest -q \\
        tests/zioncheck/test_record_fuzz.py
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

from cardkit.games import get_game, load_record
from cardkit.zioncheck import MAX_DECKS, MAX_PLAYERS, PRESETS, Phase, Rules, ZionGame

GAMES = int(os.environ.get("CARDKIT_FUZZ_GAMES", "10"))
SEED = int(os.environ.get("CARDKIT_FUZZ_SEED", "0"))
CHECK_EVERY = 5


def random_rules(rng: random.Random) -> Rules:
    """A preset with a random handful of its options changed."""
    rules = rng.choice(list(PRESETS.values()))
    changes: dict[str, Any] = {}
    if rng.random() < 0.4:
        changes["num_decks"] = rng.choice([None, rng.randint(1, MAX_DECKS)])
    if rng.random() < 0.3:
        changes["deal_sizes"] = tuple(rng.randint(3, 14) for _ in range(6))
    if rng.random() < 0.3:
        pairs = []
        while len(pairs) < 6:
            sets, runs = rng.randint(0, 3), rng.randint(0, 2)
            if sets + runs:
                pairs.append((sets, runs))
        changes["contracts"] = tuple(pairs)
    if rng.random() < 0.3:
        changes["first_player_rule"] = rng.choice(["double_turn", "draw_two", "upcard"])
    if rng.random() < 0.3:
        changes["claim_penalty_cards"] = rng.randint(0, 2)
        changes["max_claims_per_hand"] = rng.choice([None, 0, 1, 3])
    if rng.random() < 0.2:
        changes["same_suit_touching_runs"] = rng.choice(["need_nine", "forbid", "allow"])
    if rng.random() < 0.2:
        changes["min_natural_per_meld"] = rng.randint(0, 2)
    if rng.random() < 0.2:
        changes["allow_go_out_without_discard"] = rng.random() < 0.5
        changes["forbid_discard_of_taken_card"] = rng.random() < 0.5
    if rng.random() < 0.2:
        changes["stuck_penalty"] = rng.randint(0, 50)
        changes["card_values"] = {"ace": rng.randint(0, 20), "joker": rng.randint(0, 25),
                                  "high": rng.randint(0, 10), "low": rng.randint(0, 5)}
    changes["max_turns_per_hand"] = rng.randint(1, 80)  # keeps random players' hands short
    return rules.replace(**changes)


def check_invariants(game: ZionGame, pack: Counter) -> None:
    places = game.locations()
    every = [card for cards in places.values() for card in cards]
    assert Counter(every) == pack, "every card of the pack is in exactly one place"
    assert len(set(every)) == len(every)
    if game.is_over:
        assert game.current_player is None and game.phase is Phase.OVER
        assert game.winners and len(game.results) == 6
    else:
        assert game.current_player in range(game.players)
        assert game.legal_actions(), "a game not over always has a legal action"
        assert all(game.check(a) for a in game.legal_actions()[:3])
    totals = [sum(r.points[s] for r in game.results) for s in range(game.players)]
    assert list(game.total_points) == totals


def check_loads_back(game: ZionGame) -> None:
    again = load_record(game.to_json())
    assert again.to_json() == game.to_json()
    assert [e.text for e in again.events] == [e.text for e in game.events]
    assert again.hand_sizes == game.hand_sizes and again.phase is game.phase


def fuzz_one(rng: random.Random) -> ZionGame | None:
    players = rng.randint(2, MAX_PLAYERS)
    rules = random_rules(rng)
    try:
        game = ZionGame(players, rng.randrange(2**32), rules)
    except ValueError as error:  # a pack too small for the deal is refused when made
        assert "holds only" in str(error), error
        return None
    spec = get_game("zioncheck")
    lineup = rng.choice(["random", "greedy", "greedy,random"])
    bots = spec.make_bots(lineup, seed=game.seed, players=players)
    pack = Counter(game._pack)
    steps = 0
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
        steps += 1
        if steps % CHECK_EVERY == 0:
            check_invariants(game, pack)
        if steps == 37:
            check_loads_back(game)  # a record of a game in progress
    check_invariants(game, pack)
    check_loads_back(game)
    return game


def test_zc_1_2_fuzzed_games_load_back_and_keep_their_invariants():
    rng = random.Random(f"zion-fuzz-{SEED}")
    played = [game for game in (fuzz_one(rng) for _ in range(GAMES)) if game is not None]
    assert len(played) >= GAMES // 2
    if GAMES >= 10:
        assert max(g.players for g in played) >= 9  # the sample reaches the big tables


def test_every_preset_of_every_game_loads_back_at_its_fewest_and_most_players():
    for name in ("xeri", "zioncheck"):
        spec = get_game(name)
        low, high = spec.players
        for index, preset in enumerate(spec.PRESETS.values()):
            players = (low, high or low)[index % 2]
            game = spec.new(rules=preset, seed=index, players=players)
            bots = spec.make_bots("greedy", seed=index, players=players)
            for _ in range(200):
                if game.is_over:
                    break
                game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
            again = load_record(game.to_json())
            assert again.to_json() == game.to_json()
