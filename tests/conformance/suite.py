"""The conformance suite's checks: the promises every registered game keeps.

In the spirit of OpenSpiel's random-simulation tests, bots of every kind play whole games, and
each visited state is checked:

- the protocol's shape: ``phase`` is an enum, ``events`` and ``history`` are tuples,
  ``current_player`` is a seat exactly while the game is not over, and there is always a legal
  action to take until it is;
- every card of the pack is in exactly one place (``locations``), and the pack never changes;
- every legal action passes ``check``; illegal tries (actions legal elsewhere, legal actions by
  the wrong seat, things that are no action at all) are refused with one rule ID of the game
  by ``check`` and by ``apply`` (``IllegalAction``), and change nothing;
- a clone is independent of its original, ``to_json``/``from_json`` round-trips the state, and
  a clone and a replayed record go on exactly alike; a record with an illegal action is refused
  with an error that numbers the action from 1;
- ``observe(seat)`` is a frozen value that holds no hidden card and no live game;
- every event is a read-only value, down to the data it carries, with a kind, a rule ID of the
  game and a text that never cites two IDs back to back;
- the record names its game and format version and holds rules that ``Rules.from_dict`` reads;
- the same seed gives the same game, whatever is done to the global random generators;
- bots decide from their seat's view only: every bot kind of the game takes the view (no
  DeprecationWarning), a plain function of the view plays a whole game, and a bot that asks
  its view for what the seat may not see (another hand, the stock, the game) fails with the
  sentence that says so, citing the game's rule of who sees what.

`tests/conformance/test_conformance.py` runs `check_game_*` over every registered game; a game
registered by its own test (the Go Fish proof in ``tests/gofish``) calls them for itself, and
per-game tests with their own rule options reuse `play_through`. The shape is checked at every
state; the costlier checks at `deep_states`, and a whole replay at a few of those.

How many games: each bot line-up plays whole games until they have taken `ACTIONS_PER_LINEUP`
actions (at least `MIN_GAMES`, at most `MAX_GAMES`), each game under the next preset and
player count (the fewest, the usual and the most players), so that a game of long games plays
few and a game of short ones many, and every game is checked in depth.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from cardkit import Card, IllegalAction
from cardkit.engine import RECORD_VERSION, Game, PeekError, deciders, play_out, takes_game
from cardkit.games import GameSpec, get_game, load_record
from cardkit.render import card_label

NOT_ACTIONS = (None, "not an action", 42, 4.5, object())  # refused like any illegal action
RULE_ID = re.compile(r"^[A-Z]{2,3}-\d+(\.\d+)*$")
# One rule ID per sentence: a text never cites two IDs back to back, "(ZC-5.4) (ZC-9.2)".
DOUBLED_ID = re.compile(r"\([A-Z]{2,3}-[\d.]+\)[\s.,;:]*\([A-Z]{2,3}-")
DEEP_EVERY = 7
STRETCH = 24  # deep checks before their spacing grows (see deep_states)
RECENT_TEXTS = 12  # event texts compared at a clone check (a replay compares them all)
LINEUPS = ("random", "greedy", "greedy,random")
ACTIONS_PER_LINEUP = 2000
MIN_GAMES, MAX_GAMES = 1, 24


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
                # the type: ignore below: any read-only mapping of a game: the write must fail
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


def pack_of(game: Game) -> frozenset[Card]:
    """Every card of the game, each of which is in exactly one place."""
    every = [card for cards in game.locations().values() for card in cards]
    pack = frozenset(every)
    if len(pack) != len(every):
        duplicated = [str(card) for card, n in Counter(every).items() if n > 1]
        raise AssertionError(f"cards in two places at once: {duplicated}")
    return pack


def state(game: Game, *, texts: int | None = RECENT_TEXTS) -> tuple[Any, ...]:
    """What two equal positions share, read through the protocol only: the record, every
    card's place, who acts, the phase, the legal actions, how many events, and the texts of
    the last ``texts`` events (None: of all)."""
    events = game.events
    told = events if texts is None else events[-texts:]
    return (game.to_json(), game.locations(), game.current_player, game.phase, len(events),
            [event.text for event in told], [str(a) for a in game.legal_actions()])


def check_shape(game: Game, pack: frozenset[Card]) -> None:
    assert isinstance(game.phase, enum.Enum)
    assert isinstance(game.events, tuple) and isinstance(game.history, tuple)
    assert pack_of(game) == pack, "the pack changed: a card appeared or vanished"
    if game.is_over:
        assert game.current_player is None and game.legal_actions() == []
    else:
        assert game.current_player in range(game.num_players)
        assert game.legal_actions(), "no legal action although the game is not over"


def check_refused(game: Game, action: Any, seat: int | None = None, *,
                  record: str | None = None, prefix: str = "") -> None:
    """``action`` (by ``seat``) must be refused, with a rule ID, and change nothing (the record
    is compared unless the caller compares it once after several refusals)."""
    verdict = game.check(action, seat)
    assert not verdict and verdict.reason
    assert verdict.rule and RULE_ID.match(verdict.rule), verdict
    assert verdict.rule.startswith(f"{prefix}-"), f"{verdict.rule} is not a {prefix} rule"
    assert not DOUBLED_ID.search(str(verdict)), str(verdict)
    before = game.snapshot()
    own_record = game.to_json() if record is None else None
    with pytest.raises(IllegalAction) as refused:
        game.apply(action, seat)
    assert refused.value.rule == verdict.rule
    assert game.snapshot() == before
    if own_record is not None:
        assert game.to_json() == own_record


def check_refusals(spec: GameSpec, game: Game, pool: list[Any], rng: random.Random) -> None:
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
            check_refused(game, action, record=record, prefix=spec.rule_prefix)
            tried += 1
            if tried == 3:
                break
    others = [s for s in range(game.num_players) if s != seat]
    check_refused(game, rng.choice(legal), rng.choice(others), record=record,
                  prefix=spec.rule_prefix)
    check_refused(game, rng.choice(NOT_ACTIONS), record=record, prefix=spec.rule_prefix)
    assert game.to_json() == record, "a refused action changed the record"


def check_copies(spec: GameSpec, game: Game, rng: random.Random, *, replay: bool) -> None:
    """Clones (and, with ``replay``, replayed records): independent of the original, equal to
    it, and they go on alike. A replay costs the whole game so far, so it is done at a few
    states of a game; a clone at many."""
    legal = game.legal_actions()
    before = state(game, texts=None if replay else RECENT_TEXTS)
    twin = game.clone()
    action = rng.choice(legal)
    told = [event.text for event in twin.apply(action)]
    assert state(game, texts=None if replay else RECENT_TEXTS) == before, \
        "playing on a clone changed the original"
    if replay:
        record = game.to_json()
        assert state(type(game).from_json(record), texts=None) == before
        copy = load_record(record)
        assert state(copy, texts=None) == before
        assert [event.text for event in copy.apply(action)] == told
        assert state(copy) == state(twin), "a replayed record goes on unlike the game it records"
    else:
        again = game.clone()
        assert [event.text for event in again.apply(action)] == told
        assert state(again) == state(twin), "two clones go on unlike each other"
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
    """The record names its game and format, holds the rules, and replays to the same state;
    a record with an illegal action is refused with an error that numbers it (1 = first)."""
    record = game.to_json()
    data = json.loads(record)
    assert data["game"] == game.game_name and data["version"] == RECORD_VERSION
    assert spec.Rules.from_dict(data["rules"]) == game.rules
    again = load_record(record)
    assert again.to_json() == record and state(again, texts=None) == state(game, texts=None)
    if len(data["actions"]) >= 2:
        broken = json.dumps({**data, "actions": data["actions"][:1] * 2})
        replayed = type(game).from_json(json.dumps({**data, "actions": data["actions"][:1]}))
        if not replayed.check(replayed.history[0]):  # the first action cannot come twice
            with pytest.raises(ValueError, match=r"\baction 2\b"):
                load_record(broken)


def deep_states(every: int | None) -> Callable[[int], bool]:
    """Which states get the costlier checks: every ``every``-th, spread thinner as a game goes
    on (each stretch of ``STRETCH`` such checks doubles the spacing), so that a long game
    costs about as many checks as a short one; None: none."""
    if not every:
        return lambda step: False

    def deep(step: int) -> bool:
        spacing = every * (1 + step // (every * STRETCH))
        return step % spacing == 0
    return deep


def play_through(spec: GameSpec, game: Game, bots: Sequence[Any], rng: random.Random, *,
                 refusals_every: int | None = DEEP_EVERY,
                 copies_every: int | None = DEEP_EVERY, max_actions: int | None = None) -> Game:
    """Let ``bots`` play ``game`` to its end (or for ``max_actions``), checking the invariants
    at every state: its shape always, the refusals and the clones at `deep_states` of every
    ``*_every``-th state (None: never), and a replayed record at the 8th, 16th, 32nd, … of
    those. Per-game tests with their own rule options use it too: one set of invariants."""
    pack = pack_of(game)
    players = deciders(bots)  # each bot is handed its seat's view only, as everywhere
    pool: list[Any] = []
    steps = 0
    refusals, copies = deep_states(refusals_every), deep_states(copies_every)
    while True:
        check_shape(game, pack)
        if game.is_over or steps == max_actions:
            break
        if refusals(steps):
            check_refusals(spec, game, pool, rng)
        if copies(steps):
            check_copies(spec, game, rng, replay=steps >= 8 and steps & (steps - 1) == 0)
        seat = game.current_player
        action = players[seat](game)
        assert game.check(action, seat), f"a bot chose a refused action {action}"
        if len(pool) < 400:
            pool.append(action)
        events = game.apply(action, seat)
        assert events and game.history[-1] == action
        assert game.events[-len(events):] == tuple(events)
        steps += 1
    for event in game.events:
        assert isinstance(event.kind, enum.Enum) and event.rule and event.text
        assert RULE_ID.match(event.rule) and event.rule.startswith(f"{spec.rule_prefix}-"), \
            event.rule
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


def play_checked(spec: GameSpec, seed: int, lineup: str, *, rules: Any = None,
                 players: int | None = None) -> Game:
    """One whole game of ``lineup`` bots, seeded, checked at every state."""
    game = spec.new(rules=rules, seed=seed, players=players)
    bots = spec.make_bots(lineup, seed=seed, players=game.num_players)
    # a big table's state costs more to copy and replay: its deep checks are spread out so
    # that a game of any size costs about the same
    every = DEEP_EVERY * -(-game.num_players // spec.default_players)
    return play_through(spec, game, bots, random.Random(seed), refusals_every=every,
                        copies_every=every)


def lineup_games(spec: GameSpec, lineup: str) -> Iterator[tuple[int, Any, int | None]]:
    """The seed, rules and players of each game of a line-up (fixed: CI sees the same games).
    All-random line-ups keep the defaults: random players are slow to end any game, and the
    more so at a full table."""
    start = 1000 * LINEUPS.index(lineup) if lineup in LINEUPS else 5000
    for index in range(MAX_GAMES):
        rules, players = (None, None) if lineup == "random" else setup(spec, index)
        yield start + index, rules, players


def check_game_bots_keep_every_invariant(name: str, lineup: str) -> int:
    """Whole games of ``lineup`` bots keep every invariant; returns the games played."""
    spec = get_game(name)
    actions = played = 0
    for seed, rules, players in lineup_games(spec, lineup):
        if played >= MIN_GAMES and actions >= ACTIONS_PER_LINEUP:
            break
        actions += len(play_checked(spec, seed, lineup, rules=rules, players=players).history)
        played += 1
    return played


def check_game_same_seed_same_game(name: str) -> None:
    """The same seed gives the same game, whatever is done to the global random state."""
    np = pytest.importorskip("numpy")
    spec = get_game(name)
    records = []
    for disturbance in (1, 2):
        random.seed(disturbance)
        np.random.seed(disturbance)
        game = spec.new(seed=11)
        players = deciders(spec.make_bots("greedy,random", seed=11, players=game.num_players))
        while not game.is_over:
            random.random(), np.random.random()  # anything else running in the process
            random.seed(random.random())
            game.apply(players[game.current_player](game))
        records.append((game.to_json(), [event.text for event in game.events]))
    assert records[0] == records[1]


def check_game_registry_describes_it(name: str) -> None:
    """The registry's spec matches the game it makes, and refuses what it should."""
    spec = get_game(name)
    game = spec.new(seed=5)
    assert game.game_name == name == spec.name
    assert isinstance(game, spec.game_class) and isinstance(game, Game)
    assert set(spec.bots) >= {"random", "greedy"}
    assert RULE_ID.match(f"{spec.rule_prefix}-1"), "the spec names its rule IDs' prefix"
    low, high = spec.players
    assert low <= game.num_players == spec.default_players <= (high or low + 100)
    for preset in spec.PRESETS.values():
        assert isinstance(preset, spec.Rules)
        assert spec.Rules.from_dict(preset.to_dict()) == preset
        assert spec.new(rules=preset, seed=5).rules == preset
    assert all(game.seat_name(s) == spec.seat_name(s) for s in range(game.num_players))
    # The table drawn for seat 0 names none of the cards hidden from seat 0.
    html = spec.table_html(game, 0)
    hidden = game.hidden_from(0)
    shown = {card_label(c) for cards in game.locations().values() for c in cards
             if c not in hidden}
    secret = {card_label(c) for c in hidden} - shown
    assert "<svg" in html and secret
    assert not [label for label in secret if f'"{label}"' in html]
    assert "<" in spec.scores_html(game) and spec.action_words("Somebody", "x")
    with pytest.raises(ValueError, match="players"):
        spec.new(players=(high or low) + 1 if high else low - 1)
    with pytest.raises(ValueError, match="preset"):
        spec.new(rules="no such preset")
    with pytest.raises(ValueError, match="bot kind"):
        spec.make_bots("clever")


def check_game_bots_decide_from_the_view(name: str) -> None:
    """Every bot kind takes its seat's view; a function of the view plays a whole game (and
    is handed exactly the seat's view); a bot that peeks fails with the sentence and the
    game's rule of who sees what (declared by its bots module)."""
    import warnings

    spec = get_game(name)
    for kind, cls in spec.bots.items():
        assert not takes_game(cls(0, seed=1)), f"the {kind} bot still takes the game"
    seen: list[Any] = []

    def first_legal(view: Any) -> Any:
        seen.append(view)
        return view.legal_actions()[0]

    game = spec.new(seed=7)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # no old-style call anywhere
        play_out(game, [first_legal] * game.num_players, max_actions=60)
        play_out(spec.new(seed=7), spec.make_bots("greedy,random", seed=7), max_actions=60)
    assert seen and all(not isinstance(view, Game) for view in seen)
    again = spec.new(seed=7)
    for view, action in zip(seen, game.history, strict=False):
        assert view == again.observe(again.current_player)
        again.apply(action)

    def peeks(view: Any) -> Any:
        return view.hands  # no view has every hand

    with pytest.raises(PeekError, match=r"sees only its own seat \([A-Z]{2,3}-[\d.]+\)"
                       r".*offers .*legal_actions\(\)") as error:
        play_out(spec.new(seed=7), [peeks] * spec.default_players)
    assert f"({spec.rule_prefix}-" in str(error.value) and "'hands'" in str(error.value)
