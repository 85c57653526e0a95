"""The conformance suite: every registered game keeps the engine protocol's promises.

In the spirit of OpenSpiel's random-simulation tests, bots of every kind play whole games of
every registered game (`cardkit.games.game_names`), under each of its presets in turn and with
its fewest, usual and most players, and each visited state is checked:

- the protocol's shape: ``phase`` is an enum, ``events`` and ``history`` are tuples,
  ``current_player`` is a seat exactly while the game is not over, and there is always a legal
  action to take until it is;
- every card of the pack is in exactly one place (``locations``), and the pack never changes;
- every legal action passes ``check``; illegal tries (actions legal elsewhere, legal actions by
  the wrong seat, things that are no action at all) are refused with one rule ID by ``check``
  and by ``apply`` (``IllegalAction``), and change nothing;
- a clone is independent of its original, ``to_json``/``from_json`` round-trips the state, and
  a clone and a replayed record go on exactly alike;
- ``observe(seat)`` is a frozen value that holds no hidden card and no live game;
- every event is a read-only value, down to the data it carries, with a kind, a rule ID and a
  text that never cites two IDs back to back;
- the record names its game and format version and holds rules that ``Rules.from_dict`` reads;
- the same seed gives the same game, whatever is done to the global random generators.

A new game added to the registry is checked here with no change to this file; per-game tests
with their own rule options reuse `play_through`. Cheap checks run at every state; the costlier
ones at every ``DEEP_EVERY``-th state of a game.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from cardkit import Card, IllegalAction
from cardkit.engine import RECORD_VERSION, Game
from cardkit.games import GameSpec, game_names, get_game
from cardkit.render import card_label

NOT_ACTIONS = (None, "not an action", 42, 4.5, object())  # refused like any illegal action
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


def check_refused(game: Game, action: Any, seat: int | None = None, *,
                  record: str | None = None) -> None:
    """``action`` (by ``seat``) must be refused, with a rule ID, and change nothing (the record
    is compared unless the caller compares it once after several refusals)."""
    verdict = game.check(action, seat)
    assert not verdict and verdict.reason
    assert verdict.rule and RULE_ID.match(verdict.rule), verdict
    assert not DOUBLED_ID.search(str(verdict)), str(verdict)
    before = game.snapshot()
    own_record = game.to_json() if record is None else None
    with pytest.raises(IllegalAction) as refused:
        game.apply(action, seat)
    assert refused.value.rule == verdict.rule
    assert game.snapshot() == before
    if own_record is not None:
        assert game.to_json() == own_record


def check_refusals(game: Game, pool: list[Any], rng: random.Random) -> None:
    """Every legal action passes ``check``; illegal tries are refused and change nothing."""
    legal = game.legal_actions()
    seat = game.current_player
    for action in legal:
        assert game.check(action, seat), f"{action} is offered but refused"
    # Illegal tries: actions that were legal at other states, a legal one by another seat, and
    # things that are no action of the game at all.
    record = game.to_json()  # compared once after all the refusals: none may change it
    tried = 0
    for action in rng.sample(pool, min(len(pool), 12)):
        if action not in legal and not game.check(action):
            check_refused(game, action, record=record)
            tried += 1
            if tried == 3:
                break
    others = [s for s in range(game.num_players) if s != seat]
    check_refused(game, rng.choice(legal), rng.choice(others), record=record)
    check_refused(game, rng.choice(NOT_ACTIONS), record=record)
    assert game.to_json() == record, "a refused action changed the record"


def check_copies(spec: GameSpec, game: Game, rng: random.Random) -> None:
    """Clones and records: independent of the original, equal to it, and they go on alike."""
    legal = game.legal_actions()
    before = state(game)
    twin, copy = game.clone(), spec.load(game.to_json())
    assert state(type(game).from_json(game.to_json())) == before
    assert state(copy) == before
    action = rng.choice(legal)
    told = [event.text for event in twin.apply(action)]
    assert state(game) == before, "playing on a clone changed the original"
    assert [event.text for event in copy.apply(action)] == told
    assert state(copy) == state(twin), "a replayed record goes on unlike the game it records"
    # What each seat sees: a frozen value without hidden cards or the live game.
    for viewer in range(game.num_players):
        view = game.observe(viewer)
        with pytest.raises((AttributeError, TypeError)):
            view.seat = viewer + 1  # a frozen value
        seen: list[Card] = []
        cards_in(view, type(game), seen)
        leaked = set(seen) & game.hidden_from(viewer)
        assert not leaked, f"seat {viewer} sees hidden cards {sorted(map(str, leaked))}"


def check_record(spec: GameSpec, game: Game) -> None:
    """The record names its game and format, holds the rules, and replays to the same state."""
    record = game.to_json()
    data = json.loads(record)
    assert data["game"] == game.game_name and data["version"] == RECORD_VERSION
    assert spec.Rules.from_dict(data["rules"]) == game.rules
    again = spec.load(record)
    assert again.to_json() == record and state(again) == state(game)


def play_through(spec: GameSpec, game: Game, bots: Sequence[Any], rng: random.Random, *,
                 refusals_every: int | None = DEEP_EVERY,
                 copies_every: int | None = DEEP_EVERY, max_actions: int | None = None) -> Game:
    """Let ``bots`` play ``game`` to its end (or for ``max_actions``), checking the invariants
    at every state (the refusals and the copies at every ``*_every``-th state; None: never).
    Per-game tests with their own rule options use it too: one set of invariants for all."""
    pack = pack_of(game)
    pool: list[Any] = []
    steps = 0
    while True:
        check_shape(game, pack)
        if game.is_over or steps == max_actions:
            break
        if refusals_every and steps % refusals_every == 0:
            check_refusals(game, pool, rng)
        if copies_every and steps % copies_every == 0:
            check_copies(spec, game, rng)
        seat = game.current_player
        action = bots[seat].choose(game)
        assert game.check(action, seat), f"a bot chose a refused action {action}"
        if len(pool) < 400:
            pool.append(action)
        events = game.apply(action, seat)
        assert events and game.history[-1] == action
        assert game.events[-len(events):] == tuple(events)
        steps += 1
    for event in game.events:
        assert isinstance(event.kind, enum.Enum) and event.rule and event.text
        assert not DOUBLED_ID.search(event.text), event.text
    if copies_every:
        for event in game.events:
            check_read_only(event)
    if game.is_over:
        assert game.results, "a finished game has results"
        assert set(game.winners) <= set(range(game.num_players)) and game.winners
    check_record(spec, game)
    return game


def setup(spec: GameSpec, index: int) -> tuple[Any, int]:
    """The rules and player count of a line-up's ``index``-th game: the presets in turn, and
    the default number of players with the fewest now and then, the most once (the largest
    table costs most) and a table half way between otherwise."""
    presets = list(spec.PRESETS.values())
    low, high = spec.players
    most = high or spec.default_players
    counts = (spec.default_players, low, spec.default_players,
              most if index == 3 else (low + most) // 2)
    return presets[index % len(presets)], counts[index % len(counts)]


def play_checked(spec: GameSpec, seed: int, lineup: str, *, deep: bool,
                 rules: Any = None, players: int | None = None) -> Game:
    game = spec.new(rules=rules, seed=seed, players=players)
    bots = spec.make_bots(lineup, seed=seed, players=game.num_players)
    # a big table's state costs more to copy and replay: its deep checks are spread out so
    # that a game of any size costs about the same
    spread = -(-game.num_players // spec.default_players)
    every = DEEP_EVERY * spread if deep else None
    return play_through(spec, game, bots, random.Random(seed), refusals_every=every,
                        copies_every=every)


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
        # random Zion Check players run each hand to the length guard: keep those on defaults
        rules, players = (None, None) if (name, lineup) == ("zioncheck", "random") else \
            setup(spec, index)
        play_checked(spec, seed, lineup, deep=deep, rules=rules, players=players)


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
