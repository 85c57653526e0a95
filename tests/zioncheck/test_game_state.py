"""The game's state (issue 18): read-only public fields, a clone built from every slot, the
checks' typed result, and events as typed frozen dataclasses."""

from __future__ import annotations

import dataclasses

import pytest

from cardkit.games import get_game
from cardkit.zioncheck import DrawStock, EventKind, HandEnd, ZionEvent, new_game
from cardkit.zioncheck.core import GameCore
from cardkit.zioncheck.verify import Checked


def played(seed: int = 3, actions: int = 120):
    spec = get_game("zioncheck")
    game = spec.new(seed=seed, players=4)
    bots = spec.make_bots("greedy,random", seed=seed, players=4)
    for _ in range(actions):
        game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
    return game


@pytest.mark.parametrize("name", ["dealer", "hand_number", "phase", "players", "rules", "seed"])
def test_public_fields_are_read_only(name):
    game = new_game(players=3, seed=1)
    before = game.snapshot()
    with pytest.raises(AttributeError):
        setattr(game, name, getattr(game, name))
    assert game.snapshot() == before


def test_clone_copies_every_slot_independently():
    game = played()
    copy = game.clone()
    for name in GameCore.__slots__:
        mine, theirs = getattr(game, name), getattr(copy, name)
        if name == "_rng":
            assert mine is not theirs and mine.getstate() == theirs.getstate()
        elif isinstance(mine, list):
            assert mine == theirs and mine is not theirs, name
            for a, b in zip(mine, theirs, strict=True):
                assert not isinstance(a, list) or a is not b, name
        else:
            assert mine == theirs, name
    # playing on the copy leaves the original as it was
    before = game.snapshot()
    spec = get_game("zioncheck")
    bots = spec.make_bots("random", seed=9, players=4)
    for _ in range(60):
        copy.apply(bots[copy.current_player].choose(copy.observe(copy.current_player)))
    assert game.snapshot() == before
    assert copy.to_json() != game.to_json()


def test_every_slot_of_the_state_is_in_one_list_that_clone_copies():
    """clone copies GameCore's slots: no other class of the game may hold a slot of its own."""
    from cardkit.zioncheck import record
    from cardkit.zioncheck.game import ZionGame

    assert record.SLOTS is GameCore.__slots__
    for cls in ZionGame.__mro__:
        if cls not in (GameCore, object):
            assert cls.__dict__.get("__slots__") == (), cls
    assert not hasattr(new_game(players=2, seed=1), "__dict__")


def test_checks_return_a_typed_result():
    game = new_game(players=3, seed=1)
    checked = game._verify(DrawStock(), None, explain=True)
    assert isinstance(checked, Checked) and checked.verdict.ok and checked.action == DrawStock()
    with pytest.raises(dataclasses.FrozenInstanceError):
        checked.detail = 1  # type: ignore[misc]  # frozen Checked: the refused write is the test


def test_events_are_typed_frozen_slotted_dataclasses():
    game = played(actions=400)
    kinds = set()
    for event in game.events:
        assert isinstance(event, ZionEvent) and dataclasses.is_dataclass(event)
        assert type(event).__dataclass_params__.frozen and not hasattr(event, "__dict__")
        assert isinstance(event.kind, EventKind) and event.text.endswith(".")
        kinds.add(event.kind)
    ends = [e for e in game.events if e.kind is EventKind.HAND_END]
    assert ends and all(isinstance(e.reason, HandEnd) for e in ends)
    assert all(isinstance(r.reason, HandEnd) for r in game.results)
    assert {EventKind.DEAL, EventKind.DRAW, EventKind.DISCARD} <= kinds


def test_events_and_checks_made_quickly_equal_those_made_by_keyword():
    # the hot path's constructors (engine.quick_init) give the values the dataclass would
    game = played(actions=400)
    for event in game.events:
        again = type(event)(**{f.name: getattr(event, f.name)
                               for f in dataclasses.fields(event)})
        assert again == event and again.text == event.text
    assert type(game.events[0]).__init__.__qualname__.endswith("Event.__init__")


def test_a_view_holds_every_field_of_the_observation_in_order():
    # observe builds the named tuple from its fields in order (tuple.__new__, no __new__ call)
    from cardkit.zioncheck.view import Observation

    game = played(actions=200)
    for seat in range(game.players):
        view = game.observe(seat)
        assert type(view) is Observation and len(view) == len(Observation._fields)
        assert view.seat == seat and len(view.hand) == game.hand_sizes[seat]
        assert view.hand_sizes == game.hand_sizes and view.table == game.table
        assert view.known_cards == game.known_cards and view.stock_pool == game.stock_pool
        assert view.discard_pile == game.discard_pile
        assert (view.bonus_turn, view.draw_two) == game.first_player_due
