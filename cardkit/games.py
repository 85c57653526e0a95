"""The game registry: pick a game by name and get everything that serves "any game".

Simulation, the command line, the apps and the tutorials never import a game directly to
create, load or draw it; they ask the registry::

    >>> from cardkit.games import get_game, game_names
    >>> game_names()
    ('xeri', 'zioncheck')
    >>> spec = get_game("xeri")
    >>> game = spec.new(seed=3)
    >>> game.game_name, spec.title, sorted(spec.bots)
    ('xeri', '4-Player Xeri', ['greedy', 'random'])
    >>> bots = spec.make_bots("greedy,random", seed=3)
    >>> [type(b).__name__ for b in bots]
    ['GreedyBot', 'RandomBot', 'GreedyBot', 'RandomBot']
    >>> get_game("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; the games are 'xeri', 'zioncheck'

Adding a third game (see docs/ADDING_A_GAME.md): write its package beside ``cardkit/xeri``
with a state class that follows `cardkit.engine.Game`, its ``Rules`` and ``PRESETS``, bots that
follow `cardkit.engine.Bot`, a ``draw.py`` with ``table_html``, then add one `GameSpec` to
``_REGISTRY`` below. The conformance suite (``tests/conformance``) runs over every registered
game without further changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardkit import bounds
from cardkit.engine import Bot, Game

__all__ = ["GameSpec", "bot_seed", "game_names", "get_game", "load_record", "record_data"]


def bot_seed(game_seed: int, seat: int) -> int:
    """The one rule for a bot's seed in a seeded game: the same seat and seed, the same bot.

    >>> bot_seed(3, 2)
    3002
    """
    return game_seed * 1000 + seat


@dataclass(frozen=True)
class GameSpec:
    """Everything generic code needs to know about one game.

    ``new(rules=None, seed=0, players=None)`` starts a game (``players=None`` is the game's
    default); ``load(text)`` replays a JSON record; ``bots`` maps a kind ("random", "greedy")
    to a bot class taking ``(seat, seed=...)``; ``table_html(game, view=None)`` draws the table
    from one seat's view (``None`` shows every hand).
    """

    name: str
    title: str
    game_class: type
    rules_class: type
    presets: Mapping[str, Any]
    bots: Mapping[str, type]
    players: tuple[int, int | None]  # the fewest and the most players (None: no limit)
    default_players: int
    _new: Callable[..., Game] = field(repr=False)
    _table_html: Callable[..., str] = field(repr=False)
    _narrate: Callable[[Any], list[str]] = field(repr=False)
    _result_kinds: frozenset[Any] = field(repr=False)
    _summary: Callable[[Any, Sequence[Bot]], str] = field(repr=False)

    @property
    def Rules(self) -> type:  # the game packages spell it so
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
            raise ValueError(f"{self.title} is played by {allowed} players, not {players!r}")
        return self._new(rules=rules, seed=seed, players=count)

    def preset(self, name: str) -> Any:
        """The rules of a named preset, with an error that lists the presets."""
        try:
            return self.presets[name]
        except (KeyError, TypeError):
            raise ValueError(f"unknown {self.title} rules preset {name!r}; choose one of "
                             + ", ".join(self.presets)) from None

    def load(self, text: str) -> Game:
        """The game a JSON record describes, replayed (a `ValueError` says what is wrong)."""
        return self.game_class.from_json(text)

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

    def summary(self, game: Game, bots: Sequence[Bot] = ()) -> str:
        """One line on a finished game: who won and by how much (and who played)."""
        return self._summary(game, bots)

    def bot(self, kind: str, seat: int, seed: int | None = None) -> Bot:
        """One bot of ``kind`` ("random" or "greedy") for ``seat``."""
        try:
            cls = self.bots[kind]
        except (KeyError, TypeError):
            raise ValueError(f"unknown bot kind {kind!r} for {self.title}; the kinds are "
                             + ", ".join(self.bots)) from None
        return cls(seat, seed=seed)

    def make_bots(self, kinds: str | Sequence[str], seed: int = 0,
                  players: int | None = None) -> list[Bot]:
        """One bot per seat from ``"greedy"`` or ``"greedy,random"`` (repeated to fill the
        seats), each seeded by `bot_seed`."""
        names = kinds.split(",") if isinstance(kinds, str) else list(kinds)
        names = [k.strip().lower() for k in names if k.strip()]
        if not names:
            raise ValueError("name at least one bot kind: " + ", ".join(self.bots))
        count = self.default_players if players is None else players
        return [self.bot(names[s % len(names)], s, seed=bot_seed(seed, s)) for s in range(count)]


def _bot_names(bots: Sequence[Bot], name: Callable[[int], str]) -> str:
    return ", ".join(f"{name(bot.seat)} {type(bot).__name__}" for bot in bots)


def _xeri() -> GameSpec:
    from cardkit import xeri
    from cardkit.xeri import draw
    from cardkit.xeri.events import EventKind

    def new(rules: Any = None, seed: int = 0, players: int = 4) -> Game:
        return xeri.XeriMatch(seed, rules)

    def narrate(event: Any) -> list[str]:
        lines = [event.text]
        if event.kind is EventKind.ROUND_SCORED:
            for team, sheet in dict(event.sheets).items():
                lines.append(f"  {xeri.TEAM_NAMES[team]}:")
                lines += [f"    {line}" for line in str(sheet).splitlines()]
        return lines

    def summary(match: Any, bots: Sequence[Bot]) -> str:
        totals, won = match.totals, match.rounds_won
        rounds = "1 round" if match.round_number == 1 else f"{match.round_number} rounds"
        players = f" ({_bot_names(bots, xeri.seat_name)})" if bots else ""
        return (f"{xeri.TEAM_NAMES[match.winner]} win the match after {rounds}: "
                f"rounds won {won[0]}–{won[1]}, points {totals[0]}–{totals[1]}{players}")

    return GameSpec(name="xeri", title="4-Player Xeri", game_class=xeri.XeriMatch,
                    rules_class=xeri.Rules, presets=xeri.PRESETS,
                    bots={"random": xeri.RandomBot, "greedy": xeri.GreedyBot},
                    players=(4, 4), default_players=4, _new=new, _table_html=draw.table_html,
                    _narrate=narrate, _summary=summary,
                    _result_kinds=frozenset({EventKind.ROUND_WON, EventKind.MATCH_WON}))


def _zioncheck() -> GameSpec:
    from cardkit import zioncheck
    from cardkit.zioncheck import draw
    from cardkit.zioncheck.events import EventKind, seat_name

    def new(rules: Any = None, seed: int = 0, players: int = 4) -> Game:
        return zioncheck.ZionGame(players, seed, rules)

    def summary(game: Any, bots: Sequence[Bot]) -> str:
        winners = ", ".join(seat_name(s) for s in game.winners)
        players = f" ({_bot_names(bots, seat_name)})" if bots else ""
        return f"Winner{'s' if len(game.winners) > 1 else ''}: {winners}{players}"

    return GameSpec(name="zioncheck", title="Zion Check", game_class=zioncheck.ZionGame,
                    rules_class=zioncheck.Rules, presets=zioncheck.PRESETS,
                    bots={"random": zioncheck.RandomBot, "greedy": zioncheck.GreedyBot},
                    players=(2, 8), default_players=4, _new=new, _table_html=draw.table_html,
                    _narrate=lambda event: [event.text], _summary=summary,
                    _result_kinds=frozenset({EventKind.HAND_END, EventKind.GAME_END}))


_FACTORIES: dict[str, Callable[[], GameSpec]] = {"xeri": _xeri, "zioncheck": _zioncheck}
_ALIASES = {"zion": "zioncheck", "zion-check": "zioncheck", "zion_check": "zioncheck"}
_SPECS: dict[str, GameSpec] = {}


def game_names() -> tuple[str, ...]:
    """The registered games' names."""
    return tuple(_FACTORIES)


def get_game(name: str) -> GameSpec:
    """The `GameSpec` of ``name`` ("xeri" or "zioncheck"; "zion" is accepted too)."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    if key not in _FACTORIES:
        known = ", ".join(repr(n) for n in _FACTORIES)
        raise ValueError(f"unknown game {name!r}; the games are {known}")
    if key not in _SPECS:
        _SPECS[key] = _FACTORIES[key]()
    return _SPECS[key]


def record_data(text: str) -> dict[str, Any]:
    """The JSON object of a cardkit record, with a clear error for anything else (a record
    past `cardkit.bounds` is refused before it is parsed)."""
    bounds.check_record_text(text)
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise ValueError(f"not a cardkit record: invalid JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ValueError('not a cardkit record: expected a JSON object with a "game" field')
    return data


def load_record(text: str) -> Game:
    """Replay a JSON record of any registered game (its ``"game"`` field picks the game)."""
    return get_game(record_data(text)["game"]).load(text)
