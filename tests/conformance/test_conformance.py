"""The conformance suite: every registered game keeps the engine protocol's promises.

In the spirit of OpenSpiel's random-simulation tests, bots of every kind play whole games of
every registered game (`cardkit.games.game_names`) and each visited state is checked:

- the protocol's shape: ``phase`` is an enum, ``events`` and ``history`` are tuples,
  ``current_player`` is a seat exactly while the game is not over, and there is always a legal
  action to take until it is;
- every card of the pack is in exactly one place (``locations``), and the pack never changes;
- every legal action passes ``check``; illegal tries (actions legal elsewhere, or legal actions
  by the wrong seat) are refused with a rule ID by ``check`` and by ``apply`` (``IllegalAction``),
  and change nothing;
- a clone is independent of its original, and ``to_json``/``from_json`` round-trips the state;
- ``observe(seat)`` is a frozen value that holds no hidden card and no live game;
- every event is a read-only value, down to the data it carries;
- the same seed gives the same game, whatever is done to the global random generators.

A new game added to the registry is checked here with no change to this file. Cheap checks
run at every state; the costlier ones at every ``DEEP_EVERY``-th state of a game.
"""

from __future__ import annotations

import dataclasses
import enum
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from cardkit import Card, IllegalAction
from cardkit.engine import Game
from cardkit.games import GameSpec, game_names, get_game
from cardkit.render import card_label

RULE_ID = re.compile(r"^(XR|ZC)-\d+(\.\d+)*$")
# One rule ID per sentence: a text never cites two IDs back to back, "(ZC-5.4) (ZC-9.2)".
DOUBLED_ID = re.compile(r"\((XR|ZC)-[\d.]+\)[\s.,;:]*\((XR|ZC)-")
DEEP_EVERY = 7
# How many whole games each bot line-up plays per game (fixed seeds: CI sees the same games).
GAMES_PER_LINEUP = {"xeri": 150, "zioncheck": 20}
# Random Zion Check players rarely go down, so each of their games runs to the length guard.
RANDOM_ZION_GAMES = 3
LINEUPS = ("random", "greedy", "greedy,random")


def cards_in(value: Any, game_type: type, found: list[Card], depth: int = 0) -> None:
    """Collect every `Card` reachable in a view value; fail on a live game inside it."""
    assert depth < 12, "a view nests deeper than any view should"
    assert not isinstance(value, game_type), "an observation holds the live game"
    if isinstance(value, Card):
        found.append(value)
    elif isinstance(value, str | int | float | bool | enum.Enum) or value is None:
        return
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            cards_in(getattr(value, field.name), game_type, found, depth + 1)
    elif hasattr(type(value), "__slots__"):
        for name in type(value).__slots__:
            cards_in(getattr(value, name, None), game_type, found, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            cards_in(key, game_type, found, depth + 1)
            cards_in(item, game_type, found, depth + 1)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            cards_in(item, game_type, found, depth + 1)


def check_read_only(value: Any, depth: int = 0) -> None:
    """An event, and everything in it, is a read-only value: nothing in it can be changed."""
    assert depth < 12, "an event nests deeper than any event should"
    if value is None or isinstance(value, str | int | float | bool | enum.Enum | Card):
        return
    if isinstance(value, tuple | frozenset):  # NamedTuple events included
        for item in value:
            check_read_only(item, depth + 1)
    elif isinstance(value, Mapping):
        assert not isinstance(value, list | set)
        if hasattr(value, "__setitem__"):  # a dict must refuse changes
            with pytest.raises(TypeError):
                value[next(iter(value), "key")] = None  # type: ignore[index]
        for key, item in value.items():
            check_read_only(key, depth + 1)
            check_read_only(item, depth + 1)
    elif dataclasses.is_dataclass(value):
        assert type(value).__dataclass_params__.frozen, f"{type(value).__name__} is not frozen"
        for field in dataclasses.fields(value):
            check_read_only(getattr(value, field.name), depth + 1)
    elif hasattr(type(value), "__slots__"):
        names = [n for n in type(value).__slots__ if hasattr(value, n)]
        assert names, f"{type(value).__name__} holds nothing to check"
        with pytest.raises((AttributeError, TypeError)):
            setattr(value, names[0], getattr(value, names[0]))
        for name in names:
            check_read_only(getattr(value, name), depth + 1)
    else:
        raise AssertionError(f"{type(value).__name__} in an event is not a read-only value")


def pack_of(game: Game) -> Counter[Card]:
    every = [card for cards in game.locations().values() for card in cards]
    counts = Counter(every)
    duplicated = [str(card) for card, n in counts.items() if n > 1]
    assert not duplicated, f"cards in two places at once: {duplicated}"
    return counts


def state(game: Game) -> tuple[Any, ...]:
    """What two equal positions share, read through the protocol only."""
    return (game.to_json(), game.locations(), game.current_player, game.phase,
            [event.text for event in game.events], [str(a) for a in game.legal_actions()])


def check_shape(game: Game, pack: Counter[Card]) -> None:
    assert isinstance(game.phase, enum.Enum)
    assert isinstance(game.events, tuple) and isinstance(game.history, tuple)
    assert pack_of(game) == pack, "the pack changed: a card appeared or vanished"
    if game.is_over:
        assert game.current_player is None and game.legal_actions() == []
    else:
        assert game.current_player in range(game.num_players)
        assert game.legal_actions(), "no legal action although the game is not over"


def check_refused(game: Game, action: Any, seat: int | None = None) -> None:
    """``action`` (by ``seat``) must be refused, with a rule ID, and change nothing."""
    verdict = game.check(action, seat)
    assert not verdict and verdict.reason
    assert verdict.rule and RULE_ID.match(verdict.rule), verdict
    assert not DOUBLED_ID.search(str(verdict)), str(verdict)
    before, record = game.snapshot(), game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action, seat)
    assert refused.value.rule == verdict.rule
    assert game.snapshot() == before and game.to_json() == record


def check_deep(spec: GameSpec, game: Game, pool: list[Any], rng: random.Random) -> None:
    legal = game.legal_actions()
    seat = game.current_player
    for action in legal:
        assert game.check(action, seat), f"{action} is offered but refused"
    # Illegal tries: actions that were legal at other states, and a legal one by another seat.
    tried = 0
    for action in rng.sample(pool, min(len(pool), 40)):
        if action not in legal and not game.check(action):
            check_refused(game, action)
            tried += 1
            if tried == 3:
                break
    others = [s for s in range(game.num_players) if s != seat]
    check_refused(game, rng.choice(legal), rng.choice(others))
    # A clone is independent, and replaying the record gives the same state.
    twin = game.clone()
    before = state(game)
    twin.apply(rng.choice(legal))
    assert state(game) == before
    assert state(type(game).from_json(game.to_json())) == before
    assert state(spec.load(game.to_json())) == before
    # What each seat sees: a frozen value without hidden cards or the live game.
    for viewer in range(game.num_players):
        view = game.observe(viewer)
        with pytest.raises((AttributeError, TypeError)):
            view.seat = viewer + 1  # a frozen value
        seen: list[Card] = []
        cards_in(view, type(game), seen)
        leaked = set(seen) & game.hidden_from(viewer)
        assert not leaked, f"seat {viewer} sees hidden cards {sorted(map(str, leaked))}"


def play_checked(spec: GameSpec, seed: int, lineup: str, *, deep: bool) -> Game:
    game = spec.new(seed=seed)
    bots = spec.make_bots(lineup, seed=seed, players=game.num_players)
    rng = random.Random(seed)
    pack = pack_of(game)
    pool: list[Any] = []
    steps = 0
    while True:
        check_shape(game, pack)
        if game.is_over:
            break
        if deep and steps % DEEP_EVERY == 0:
            check_deep(spec, game, pool, rng)
        seat = game.current_player
        action = bots[seat].choose(game)
        assert game.check(action, seat), f"{lineup} bot chose a refused action {action}"
        if len(pool) < 400:
            pool.append(action)
        events = game.apply(action, seat)
        assert events and game.history[-1] == action
        assert game.events[-len(events):] == tuple(events)
        steps += 1
    if deep:
        for event in game.events:
            check_read_only(event)
            assert event.text and not DOUBLED_ID.search(event.text), event.text
    assert game.results, "a finished game has results"
    assert set(game.winners) <= set(range(game.num_players)) and game.winners
    assert state(spec.load(game.to_json())) == state(game)
    return game


def seeds(name: str, lineup: str) -> Iterator[int]:
    start = 1000 * LINEUPS.index(lineup)
    count = RANDOM_ZION_GAMES if (name, lineup) == ("zioncheck", "random") else \
        GAMES_PER_LINEUP[name]
    return iter(range(start, start + count))


@pytest.mark.parametrize("lineup", LINEUPS)
@pytest.mark.parametrize("name", game_names())
def test_bots_play_whole_games_that_keep_every_invariant(name: str, lineup: str) -> None:
    spec = get_game(name)
    for index, seed in enumerate(seeds(name, lineup)):
        deep = index % (3 if name == "zioncheck" else 15) == 0
        play_checked(spec, seed, lineup, deep=deep)


@pytest.mark.parametrize("name", game_names())
def test_same_seed_same_game_whatever_the_global_random_state(name: str) -> None:
    np = pytest.importorskip("numpy")
    spec = get_game(name)
    records = []
    for disturbance in (1, 2):
        random.seed(disturbance)
        np.random.seed(disturbance)
        game = spec.new(seed=11)
        bots = spec.make_bots("greedy,random", seed=11, players=game.num_players)
        while not game.is_over:
            random.random(), np.random.random()  # anything else running in the process
            random.seed(random.random())
            game.apply(bots[game.current_player].choose(game))
        records.append((game.to_json(), [event.text for event in game.events]))
    assert records[0] == records[1]


@pytest.mark.parametrize("name", game_names())
def test_the_registry_describes_the_game(name: str) -> None:
    spec = get_game(name)
    game = spec.new(seed=5)
    assert game.game_name == name == spec.name
    assert isinstance(game, spec.game_class) and isinstance(game, Game)
    assert set(spec.bots) >= {"random", "greedy"}
    low, high = spec.players
    assert low <= game.num_players == spec.default_players <= (high or low + 100)
    for preset in spec.PRESETS.values():
        assert isinstance(preset, spec.Rules)
        assert spec.Rules.from_dict(preset.to_dict()) == preset
        assert spec.new(rules=preset, seed=5).rules == preset
    assert all(game.seat_name(s) for s in range(game.num_players))
    # The table drawn for seat 0 names none of the cards hidden from seat 0.
    html = spec.table_html(game, 0)
    hidden = game.hidden_from(0)
    shown = {card_label(c) for cards in game.locations().values() for c in cards
             if c not in hidden}
    secret = {card_label(c) for c in hidden} - shown
    assert "<svg" in html and secret
    assert not [label for label in secret if f'"{label}"' in html]
    with pytest.raises(ValueError, match="players"):
        spec.new(players=(high or low) + 1 if high else low - 1)
    with pytest.raises(ValueError, match="preset"):
        spec.new(rules="no such preset")
    with pytest.raises(ValueError, match="bot kind"):
        spec.make_bots("clever")
