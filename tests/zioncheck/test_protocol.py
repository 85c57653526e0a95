"""Issue 8, Zion side: the protocol names shared with Xeri (TEAM.md), and the old names kept for
one release as deprecated aliases (one test per alias)."""

from __future__ import annotations

import ast
import copy
import dataclasses
import gc
import json
import pickle
from pathlib import Path

import pytest

import cardkit.zioncheck as zc
from cardkit import play_out
from cardkit.games import load_record
from cardkit.zioncheck import (
    DrawStock,
    GreedyBot,
    HandResult,
    Observation,
    Phase,
    ZionGame,
    new_game,
    seat_name,
)


def finished() -> ZionGame:
    return play_out(new_game(players=3, seed=4), [GreedyBot(s) for s in range(3)])


def test_protocol_names_on_a_game():
    game = new_game(players=3, seed=1)
    assert game.game_name == "zioncheck" and game.num_players == 3
    assert game.phase is Phase.DRAW and game.current_player is not None and not game.is_over
    assert game.seat_name(2) == seat_name(2) == "Seat 2"
    with pytest.raises(ValueError):
        game.seat_name(3)
    assert game.results == () and game.winners == ()
    assert game.totals == {0: 0, 1: 0, 2: 0}


def test_events_and_history_are_read_only_tuples():
    game = new_game(players=3, seed=1)
    game.apply(DrawStock())
    assert isinstance(game.events, tuple) and isinstance(game.history, tuple)
    assert game.history == (DrawStock(),)
    with pytest.raises(AttributeError):
        # the type: ignore below: a tuple has no append: the refusal is the point
        game.events.append(None)  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        game.history = ()  # type: ignore[misc]  # read-only property: the refused write is the test
    before = game.to_json()
    events = list(game.events)
    events.clear()
    assert game.to_json() == before and game.events


def test_events_are_read_only_values_that_still_pickle_copy_and_serialise():
    game = finished()
    texts = [e.text for e in game.events]
    discard = next(e for e in game.events if e.kind is zc.EventKind.DISCARD)
    hand_end = next(e for e in game.events if e.kind is zc.EventKind.HAND_END)
    with pytest.raises(dataclasses.FrozenInstanceError):
        discard.card = None  # type: ignore[misc]  # frozen event: the refused write is the test
    with pytest.raises(TypeError, match="read-only"):
        # the type: ignore below: a read-only mapping: the refused write is the test
        hand_end.points[0] = 999  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        discard.rule = "ZC-1"  # type: ignore[misc]  # frozen event: the refused write is the test
    with pytest.raises(dataclasses.FrozenInstanceError):
        del discard.seat
    with pytest.raises((AttributeError, TypeError)):
        discard.extra = 1  # type: ignore[attr-defined]  # slotted: no new fields either
    # typed fields, the hand's end an enum; still serialisable, and pickle and copy rebuild
    # equal events
    assert isinstance(hand_end.reason, zc.HandEnd) and hand_end.reason.rule == hand_end.rule
    assert json.loads(json.dumps(dict(hand_end.points))) == {
        str(s): p for s, p in hand_end.points.items()}
    again = pickle.loads(pickle.dumps(list(game.events)))
    assert [e.text for e in again] == texts and again == list(game.events)
    assert copy.deepcopy(hand_end) == hand_end
    assert game.clone().events[-1].text == texts[-1] and [e.text for e in game.events] == texts


def test_results_are_frozen_and_totals_a_fresh_copy():
    game = finished()
    results = game.results
    assert len(results) == 6 and all(isinstance(r, HandResult) for r in results)
    with pytest.raises(dataclasses.FrozenInstanceError):
        results[0].winner = 2  # type: ignore[misc]  # frozen result: the refused write is the test
    with pytest.raises(TypeError):
        # the type: ignore below: a read-only mapping: the refused write is the test
        results[0].points[0] = 999  # type: ignore[index]
    with pytest.raises(TypeError):
        results[0].hands[0] = ()  # type: ignore[index]  # a tuple: the refused write is the test
    totals = game.totals
    totals[0] = -1
    assert game.totals[0] != -1
    assert game.winners and set(game.winners) <= {0, 1, 2}
    low = min(game.totals.values())
    assert all(game.totals[s] == low for s in game.winners)


def test_observe_is_a_fixed_value_holding_no_game():
    game = new_game(players=3, seed=2)
    seat = game.current_player
    obs = game.observe(seat)
    assert isinstance(obs, Observation) and obs.my_turn
    assert obs.legal_actions() == game.legal_actions()
    assert not any(isinstance(value, ZionGame) or callable(value) for value in obs)
    assert not any(isinstance(ref, ZionGame) for ref in gc.get_referents(obs))
    hand, phase = obs.hand, obs.phase
    game.apply(DrawStock())
    assert obs.hand == hand and obs.phase is phase  # the game went on, the view did not
    assert game.observe(seat).phase is Phase.PLAY


def test_observation_legal_actions_match_the_game_through_a_game():
    game = new_game(players=4, seed=6)
    bots = [GreedyBot(s) for s in range(4)]
    for _ in range(400):
        if game.is_over:
            break
        seat = game.current_player
        assert game.observe(seat).legal_actions() == game.legal_actions()
        other = (seat + 1) % 4
        assert game.observe(other).legal_actions() == [] or other == seat
        game.apply(bots[seat].choose(game.observe(seat)))


def observed_through_accessors(game: ZionGame, seat: int) -> Observation:
    """The oracle: the observation read field by field through the public accessors."""
    over = game.is_over
    return Observation(
        seat, game.num_players, game.rules, game.hand_number, game.contract, game.dealer,
        game.phase, game.current_player, game.turn_player, game.hand(seat), game.hand_sizes,
        game.table, game.discard_top, game.top_discarder, game.discard_size, game.stock_size,
        game.gone_down, game.claim_counts,
        game.taken_card if not over and game.turn_player == seat else None,
        game.window_card, game.turns_this_hand, game.total_points, game.discard_pile,
        game.known_cards, game.taken_card if not over else None, game.claim_asking,
        *game.first_player_due, game.stock_pool)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_observe_agrees_with_the_public_accessors_for_every_seat(players):
    """`observe` is built from the game's own fields in one step (a bot asks at every
    decision); it must say exactly what the public accessors say, in every phase."""
    game = new_game(players=players, seed=players)
    bots = [GreedyBot(s) for s in range(players)]
    phases = set()
    while not game.is_over:
        phases.add(game.phase)
        for seat in range(players):
            assert game.observe(seat) == observed_through_accessors(game, seat)
        game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
    assert {Phase.DRAW, Phase.PLAY, Phase.CLAIM} <= phases
    assert game.observe(0) == observed_through_accessors(game, 0)
    assert game.observe(0).current_player is None and game.observe(0).taken_card is None


def test_load_replays_a_record():
    game = finished()
    again = load_record(game.to_json())
    assert isinstance(again, ZionGame)
    assert again.to_json() == game.to_json() and again.results == game.results
    with pytest.raises(ValueError):
        load_record('{"game": "zioncheck"}')


def test_view_and_game_do_not_import_each_other():
    """view.py (the observation's type and its legal actions) neither imports game.py nor
    reads the game's private fields."""
    source = Path(zc.__file__).with_name("view.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "cardkit.zioncheck.game" not in modules
    private = {node.attr for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and node.value.id == "game" and node.attr.startswith("_")}
    assert private == set()


# ----------------------------------------------------------------------- deprecated aliases


def test_observation_is_a_deprecated_alias_of_observe():
    game = new_game(players=3, seed=2)
    with pytest.warns(DeprecationWarning, match="observe"):
        old = game.observation(0)
    assert old == game.observe(0)


def test_hand_results_is_a_deprecated_alias_of_results():
    game = finished()
    with pytest.warns(DeprecationWarning, match="results"):
        old = game.hand_results
    assert old == game.results


def test_is_my_move_is_a_deprecated_alias_of_my_turn():
    game = new_game(players=3, seed=2)
    obs = game.observe(game.current_player)
    with pytest.warns(DeprecationWarning, match="my_turn"):
        assert obs.is_my_move is obs.my_turn is True
