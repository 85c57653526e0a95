"""The game registry: pick a game by name and get everything that serves "any game".

Simulation, the command line, the apps and the tutorials never import a game directly to
create, load or draw it; they ask the registry::

    >>> from cardkit.games import get_game, game_names
    >>> game_names()
    ('xeri', 'zioncheck')
    >>> spec = get_game("xeri")
    >>> game = spec.new(seed=3)
    >>> game.game_name, spec.title, sorted(spec.bots)
    ('xeri', '4-Player Xeri', ['analyst', 'greedy', 'random'])
    >>> bots = spec.make_bots("greedy,random", seed=3)
    >>> [type(b).__name__ for b in bots]
    ['GreedyBot', 'RandomBot', 'GreedyBot', 'RandomBot']
    >>> get_game("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; the games are 'xeri', 'zioncheck'

Adding a game (see docs/ADDING_A_GAME.md): write its package with a game class that follows
`cardkit.engine.Game`, its ``Rules`` and ``PRESETS``, bots that follow `cardkit.engine.Bot`
(``choose(view)``, handed the seat's view; the bots module declares the view's rule with
`cardkit.engine.declare_view`), a
drawing, and the answers the generic parts ask for (frame rows, scores, action words), and
describe it in one `GameSpec`: listed in ``_FACTORIES`` below for a game of cardkit, or added
with `register` from outside (the Go Fish proof in ``tests/gofish``). Generic code never names
a game: it reads the spec's fields. The conformance suite (``tests/conformance``) runs over
every registered game without further changes.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardkit import bounds
from cardkit.engine import Bot, BotLike, Game, play_out
from cardkit.i18n import Domain

_t = Domain("cardkit")
_, pgettext = _t.gettext, _t.pgettext

__all__ = ["GameSpec", "SimSpec", "UnitRows", "WholeUnits", "bot_seed", "game_names", "get_game",
           "load_record", "record_data", "register", "unregister"]


def bot_seed(game_seed: int, seat: int) -> int:
    """The one rule for a bot's seed in a seeded game: the same seat and seed, the same bot.

    >>> bot_seed(3, 2)
    3002
    """
    return game_seed * 1000 + seat


class UnitRows(Protocol):
    """What a game's ``SimSpec.track`` returns for one unit of play: it is told the events of
    every action and gives the unit's rows at the end."""

    def after(self, events: Sequence[Any]) -> bool:
        """Take the events of one action; True once the unit is complete (the game's end
        completes it anyway)."""
        ...

    def rows(self) -> list[dict[str, Any]]:
        """One dict per finished row (round, hand), its row-number column included."""
        ...


@dataclass(frozen=True)
class WholeUnits:
    """How a game's whole units (a match, a game) become one row each: what
    ``simulate(game, n, unit=<the unit's noun>)`` gives. ``row(game)`` is the row of a finished
    game (the simulator adds ``seed``, the unit column and ``game_seed``); ``columns`` maps
    each column to its meaning, ``{s}`` standing for every seat."""

    columns: Mapping[str, str]
    row: Callable[[Any], dict[str, Any]]
    non_integer: frozenset[str] = frozenset()

    def frame_columns(self, players: int) -> list[str]:
        """The frame's column names for ``players`` seats, in order."""
        return _per_seat(self.columns, players)

    def non_integer_columns(self, players: int) -> list[str]:
        """The names of the columns that are not whole numbers, for ``players`` seats."""
        return _per_seat(self.non_integer, players)


@dataclass(frozen=True)
class SimSpec:
    """How `cardkit.sim` turns games of one kind into the rows of a frame.

    Games are played in *units* (a Xeri match, a Zion Check game), each giving some *rows* (a
    round, a hand). ``columns`` maps each column to its meaning, ``{s}`` standing for every
    seat; the simulator fills ``seed``, the ``unit`` column and ``game_seed``, and
    ``track(game)`` the rest. Columns are whole numbers but those in ``non_integer``.
    ``whole`` (optional) gives one row per whole unit instead (`WholeUnits`).
    """

    unit: str  # the unit's noun, also its index column: "match", "game"
    row: str  # what one row is: "round", "hand" (the command line's --rounds, --hands)
    columns: Mapping[str, str]
    track: Callable[[Any], UnitRows]  # called with a new game of the spec's class
    rows_per_unit: Callable[[Any], int]  # at most (or about, for units of varying length)
    non_integer: frozenset[str] = frozenset()
    default_rows: int = 100  # what `cardkit simulate` plays when not told
    chunk_rows: Callable[[Sequence[str | None]], int] = lambda kinds: 100  # by bot kinds
    vector: Callable[[], Any] | None = None  # loads an array engine module (ImportError: none)
    whole: WholeUnits | None = None  # one row per whole unit: simulate(..., unit=<unit>)

    def frame_columns(self, players: int) -> list[str]:
        """The frame's column names for ``players`` seats, in order."""
        return _per_seat(self.columns, players)

    def non_integer_columns(self, players: int) -> list[str]:
        """The names of the columns that are not whole numbers, for ``players`` seats."""
        return _per_seat(self.non_integer, players)


def _per_seat(names: Iterable[str], players: int) -> list[str]:
    every: list[str] = []
    for name in names:
        every += [name.format(s=s) for s in range(players)] if "{s}" in name else [name]
    return every


@dataclass(frozen=True)
class GameSpec:
    """Everything generic code needs to know about one game.

    ``new(rules=None, seed=0, players=None)`` starts a game (``players=None`` is the game's
    default); ``load(text)`` replays a JSON record; ``bots`` maps a kind ("random", "greedy")
    to a bot class taking ``(seat, seed=...)`` whose ``choose(view)`` decides from the seat's
    view (`cardkit.engine.Bot`); ``table_html(game, view=None)`` draws the table
    from one seat's view (``None`` shows every hand). ``command`` is the game's word on the
    command line (``cardkit xeri``), ``seat_name`` names a seat before any game is made,
    ``scores_html`` draws the scores so far and ``action_words`` says what a seat did (the turn
    stepper), and ``sim`` tells `cardkit.sim` how to make rows of it.

    ``sample_world(view, rng)`` (None: the game has none) deals a complete game consistent
    with everything one seat's view holds, its hidden cards drawn by the `random.Random`
    ``rng``; ``analyst`` is the game's `cardkit.pimc.Profile`, which `cardkit.analysis`
    rates moves with (None: no analysis).
    """

    name: str
    title: str
    game_class: type[Any]  # follows `cardkit.engine.Game`
    rules_class: type[Any]
    presets: Mapping[str, Any]
    bots: Mapping[str, type]
    players: tuple[int, int | None]  # the fewest and the most players (None: no limit)
    default_players: int
    _new: Callable[..., Game] = field(repr=False)
    _table_html: Callable[..., str] = field(repr=False)
    _narrate: Callable[[Any], list[str]] = field(repr=False)
    _result_kinds: frozenset[Any] = field(repr=False)
    _summary: Callable[[Any, Sequence[BotLike]], str] = field(repr=False)
    _seat_name: Callable[[int], str] = field(repr=False)
    _scores_html: Callable[[Any], str] = field(repr=False)
    _action_words: Callable[[str, Any], str] = field(repr=False)
    sim: SimSpec = field(repr=False)
    command: str = ""  # the command-line word; "" for the game's name
    aliases: tuple[str, ...] = ()  # other names `get_game` accepts
    option_examples: str = ""  # for `cardkit <command> --set`'s help
    rule_prefix: str = ""  # the rule book's prefix of the game's rule IDs: "XR", "ZC"
    sample_world: Callable[[Any, Any], Game] | None = field(default=None, repr=False)
    analyst: Any = field(default=None, repr=False)  # a `cardkit.pimc.Profile`

    @property
    def Rules(self) -> type[Any]:  # the game packages spell it so
        return self.rules_class

    @property
    def PRESETS(self) -> Mapping[str, Any]:
        return self.presets

    def new(self, rules: Any = None, seed: int = 0, players: int | None = None) -> Game:
        """A new game, dealt and ready for ``current_player`` to act."""
        if isinstance(rules, str):
            rules = self.preset(rules)
        count = self.default_players if players is None else players
        low, high = self.players
        if (isinstance(count, bool) or not isinstance(count, int) or count < low
                or (high is not None and count > high)):
            allowed = (f"{low}" if low == high else f"{low} or more" if high is None
                       else f"{low} to {high}")
            raise ValueError(_("{game} is played by {allowed} players, not {players!r}").format(
                game=self.title, allowed=allowed, players=players))
        return self._new(rules=rules, seed=seed, players=count)

    def preset(self, name: str) -> Any:
        """The rules of a named preset, with an error that lists the presets."""
        try:
            return self.presets[name]
        except (KeyError, TypeError):
            raise ValueError(_("unknown {game} rules preset {name!r}; choose one of {presets}"
                               ).format(game=self.title, name=name,
                                        presets=", ".join(self.presets))) from None

    def rules_from(self, rules: Any) -> Any:
        """The game's `Rules` from what a caller may give: ``None`` (the defaults), a preset's
        name, a dict of options, or a `Rules` itself; anything else is refused in words."""
        if rules is None:
            return self.Rules()
        if isinstance(rules, str):
            return self.preset(rules)
        if isinstance(rules, dict):
            return self.Rules(**rules)
        if not isinstance(rules, self.Rules):
            raise ValueError(f"rules must be a {self.title} Rules, a preset name, a dict of "
                             f"options or None, not {type(rules).__name__}")
        return rules

    def load(self, text: str) -> Game:
        """Deprecated: use `cardkit.games.load_record`, the one way to load a record."""
        warnings.warn("GameSpec.load is deprecated; use cardkit.games.load_record",
                      DeprecationWarning, stacklevel=2)
        return self._load(text)

    def _load(self, text: str) -> Game:
        game: Game = self.game_class.from_json(text)
        return game

    def table_html(self, game: Game, view: int | None = None, **options: Any) -> str:
        """The table as HTML, from ``view``'s seat (``None``: every hand open)."""
        return self._table_html(game, view, **options)

    def narrate(self, event: Any) -> list[str]:
        """The lines that tell ``event`` in full: its text with its rule, and the itemised
        score sheets when it scores a round or hand."""
        return self._narrate(event)

    def is_result(self, event: Any) -> bool:
        """Does ``event`` give the result of a round, a hand or the game?"""
        return event.kind in self._result_kinds

    def summary(self, game: Game, bots: Sequence[BotLike] = ()) -> str:
        """One line on a finished game: who won and by how much (and who played)."""
        return self._summary(game, bots)

    def seat_name(self, seat: int) -> str:
        """How the game names ``seat`` ("North", "Seat 2")."""
        return self._seat_name(seat)

    def scores_html(self, game: Game) -> str:
        """The scores so far, as a small HTML box (the turn stepper shows it)."""
        return self._scores_html(game)

    def action_words(self, who: str, action: Any) -> str:
        """What ``who`` did, in words: "North plays 7♥", "Seat 1: draw from the stock"."""
        return self._action_words(who, action)

    def bot(self, kind: str, seat: int, seed: int | None = None) -> Bot:
        """One bot of ``kind`` ("random" or "greedy") for ``seat``, seeded with ``seed`` as it
        is (a bot of a seeded game takes ``bot_seed(game_seed, seat)``: `seated_bot`)."""
        try:
            cls = self.bots[kind]
        except (KeyError, TypeError):
            raise ValueError(_("unknown bot kind {kind!r} for {game}; the kinds are {kinds}"
                               ).format(kind=kind, game=self.title,
                                        kinds=", ".join(self.bots))) from None
        bot: Bot = cls(seat, seed=seed)
        return bot

    def seated_bot(self, kind: str, seat: int, game_seed: int) -> Bot:
        """The bot of ``kind`` for ``seat`` in the game of seed ``game_seed``: seeded by
        `bot_seed`, the one rule for every bot of a seeded game (apps, stepper, simulator)."""
        return self.bot(kind, seat, seed=bot_seed(game_seed, seat))

    def make_bots(self, kinds: str | Sequence[str], seed: int = 0,
                  players: int | None = None) -> list[Bot]:
        """One bot per seat from ``"greedy"`` or ``"greedy,random"`` (repeated to fill the
        seats), each seeded by `bot_seed`."""
        names = kinds.split(",") if isinstance(kinds, str) else list(kinds)
        names = [k.strip().lower() for k in names if k.strip()]
        if not names:
            raise ValueError(_("name at least one bot kind: {kinds}").format(
                kinds=", ".join(self.bots)))
        count = self.default_players if players is None else players
        return [self.seated_bot(names[s % len(names)], s, seed) for s in range(count)]

    def sample_game(self, seed: int = 1, players: int | None = None) -> Game:
        """A whole game played by greedy bots, for replaying (the replay app's sample)."""
        game = self.new(seed=seed, players=players)
        return play_out(game, self.make_bots("greedy", seed=seed, players=game.num_players))


def _bot_names(bots: Sequence[BotLike], name: Callable[[int], str]) -> str:
    """"North GreedyBot, East my_bot, ...": bots in seat order, functions by their name."""
    # TRANSLATORS: what stands between two items of a list ("North GreedyBot, East my_bot")
    return pgettext("list", ", ").join(
        f"{name(seat)} {getattr(bot, '__name__', None) or type(bot).__name__}"
        for seat, bot in enumerate(bots))


def _xeri() -> GameSpec:
    from cardkit import xeri
    from cardkit.xeri import analyst, draw, spec, worlds
    from cardkit.xeri.events import EventKind

    def new(rules: Any = None, seed: int = 0, players: int = 4) -> Game:
        return xeri.XeriMatch(seed, rules)

    def summary(match: Any, bots: Sequence[BotLike]) -> str:
        players = f" ({_bot_names(bots, xeri.seat_name)})" if bots else ""
        return spec.summary(match) + players

    return GameSpec(name="xeri", title="4-Player Xeri", game_class=xeri.XeriMatch,
                    rules_class=xeri.Rules, presets=xeri.PRESETS,
                    bots={"random": xeri.RandomBot, "greedy": xeri.GreedyBot,
                          "analyst": analyst.AnalystBot},
                    players=(4, 4), default_players=4, _new=new, _table_html=draw.table_html,
                    _narrate=spec.narrate, _summary=summary, _seat_name=xeri.seat_name,
                    _scores_html=spec.scores_html, _action_words=spec.action_words,
                    _result_kinds=frozenset({EventKind.ROUND_WON, EventKind.MATCH_WON}),
                    sim=SimSpec(unit="match", row="round", columns=spec.COLUMNS,
                                track=spec.RoundRows, rows_per_unit=spec.rows_per_match,
                                default_rows=1000, chunk_rows=spec.chunk_rows,
                                vector=spec.vector_engine,
                                whole=WholeUnits(spec.MATCH_COLUMNS, spec.match_row,
                                                 spec.MATCH_NON_INTEGER)),
                    option_examples="target=251, rounds=2, initial_pile_redeal=never or "
                                    "cut_shows_bottom=true",
                    rule_prefix="XR", sample_world=worlds.sample_world,
                    analyst=analyst.PROFILE)


def _zioncheck() -> GameSpec:
    from cardkit import zioncheck
    from cardkit.zioncheck import analyst, draw, spec, worlds
    from cardkit.zioncheck.events import EventKind, seat_name

    def new(rules: Any = None, seed: int = 0, players: int = 4) -> Game:
        return zioncheck.ZionGame(players, seed, rules)

    def summary(game: Any, bots: Sequence[BotLike]) -> str:
        players = f" ({_bot_names(bots, seat_name)})" if bots else ""
        return spec.summary(game) + players

    return GameSpec(name="zioncheck", title="Zion Check", game_class=zioncheck.ZionGame,
                    rules_class=zioncheck.Rules, presets=zioncheck.PRESETS,
                    bots={"random": zioncheck.RandomBot, "greedy": zioncheck.GreedyBot,
                          "analyst": analyst.AnalystBot},
                    players=bounds.PLAYERS, default_players=4, _new=new,
                    _table_html=draw.table_html,
                    _narrate=lambda event: [event.text], _summary=summary,
                    _seat_name=seat_name, _scores_html=spec.scores_html,
                    _action_words=spec.action_words,
                    _result_kinds=frozenset({EventKind.HAND_END, EventKind.GAME_END}),
                    sim=SimSpec(unit="game", row="hand", columns=spec.COLUMNS,
                                track=spec.HandRows, rows_per_unit=lambda rules: 6,
                                non_integer=spec.NON_INTEGER, default_rows=60,
                                chunk_rows=lambda kinds: 60,
                                whole=WholeUnits(spec.GAME_COLUMNS, spec.game_row,
                                                 spec.GAME_NON_INTEGER)),
                    command="zion", aliases=("zion", "zion-check", "zion_check"),
                    option_examples="first_player_rule=draw_two, max_claims_per_hand=3, "
                                    "num_decks=none, deal_sizes=[7,7,7,7,7,7] or "
                                    "card_values={\"ace\":20}",
                    rule_prefix="ZC", sample_world=worlds.sample_world,
                    analyst=analyst.PROFILE)


_FACTORIES: dict[str, Callable[[], GameSpec]] = {"xeri": _xeri, "zioncheck": _zioncheck}
_ALIASES = {"zion": "zioncheck", "zion-check": "zioncheck", "zion_check": "zioncheck"}
_SPECS: dict[str, GameSpec] = {}
_REGISTERED: set[str] = set()  # the games `register` added


def game_names() -> tuple[str, ...]:
    """The registered games' names."""
    return tuple(_FACTORIES)


def get_game(name: str) -> GameSpec:
    """The `GameSpec` of ``name`` ("xeri" or "zioncheck"; "zion" is accepted too)."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    if key not in _FACTORIES:
        known = ", ".join(repr(n) for n in _FACTORIES)
        raise ValueError(_("unknown game {name!r}; the games are {known}").format(name=name,
                                                                                 known=known))
    if key not in _SPECS:
        _SPECS[key] = _FACTORIES[key]()
    return _SPECS[key]


def register(spec: GameSpec) -> None:
    """Add a game to the registry: from now on every "any game" part of cardkit (simulation,
    the replay viewer and stepper, ``cardkit replay``, `load_record`) serves it.

    A game's name and aliases must be new (`unregister` takes a game away again)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register takes a GameSpec, not {type(spec).__name__}")
    taken = [n for n in (spec.name, *spec.aliases) if n in _FACTORIES or n in _ALIASES]
    if taken:
        raise ValueError(f"the game name {taken[0]!r} is taken")
    _FACTORIES[spec.name] = lambda: spec
    _REGISTERED.add(spec.name)
    _SPECS[spec.name] = spec
    _ALIASES.update({alias: spec.name for alias in spec.aliases})


def unregister(name: str) -> None:
    """Take a game added by `register` out of the registry again."""
    if name not in _REGISTERED:
        raise ValueError(f"{name!r} is not a game added by register")
    spec = get_game(name)
    del _FACTORIES[name]
    _REGISTERED.discard(name)
    _SPECS.pop(name, None)
    for alias in spec.aliases:
        _ALIASES.pop(alias, None)


def record_data(text: str) -> dict[str, Any]:
    """The JSON object of a cardkit record, with a clear error for anything else (a record
    past `cardkit.bounds` is refused before it is parsed)."""
    bounds.check_record_text(text)
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise ValueError(_("not a cardkit record: invalid JSON ({error})").format(
            error=error)) from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ValueError(_('not a cardkit record: expected a JSON object with a "game" field'))
    return data


def load_record(text: str) -> Game:
    """Replay a JSON record of any registered game (its ``"game"`` field picks the game).

    This is the one way to load a record; a `ValueError` says what is wrong with a bad one.
    """
    return get_game(record_data(text)["game"])._load(text)
