"""Monte Carlo runs of either game: seeded, chunked, parallel, with progress and a clean stop.

    >>> from cardkit.sim import simulate
    >>> frame = simulate("xeri", 8, players="greedy,random", seed=1, progress=False,
    ...                  engine="reference")
    >>> len(frame), int((frame["cards_0"] + frame["cards_1"]).min())
    (8, 52)
    >>> frame.equals(simulate("xeri", 8, players="greedy,random", seed=1, progress=False,
    ...                       chunk_size=4, engine="reference", workers=2))
    True
    >>> simulate("xeri", 8, seed=1, progress=False).attrs["engine"]  # random play: arrays
    'vector'

**Rows.** One row per Xeri round or Zion Check hand. Games are played in *units*: a Xeri
match of ``rules.rounds`` rounds (the deal passes round the table; no tie-break round is played,
so every round is dealt and scored alike; a match to a ``target`` is played to its end, XR-7.2)
or a Zion Check game of six hands. ``n`` rows are the first ``n`` rows of units 0, 1, 2, …;
`columns` lists and explains a game's columns. Each game says how its units become rows (its
`cardkit.games.SimSpec`): nothing here names a game.

**Whole units.** ``unit="match"`` (Xeri) or ``unit="game"`` (Zion Check) gives one row per
whole match or game instead, played to its end: a tied Xeri match plays its extra round
(XR-7.1), a match to a target goes on past raised targets of 251, 351 (XR-7.2). The row has the
winner, the rounds (hands) played and the final totals; unit ``i`` is the same match as the
rows of unit ``i`` of a frame of rounds::

    >>> matches = simulate("xeri", 3, unit="match", seed=1, progress=False,
    ...                    rules="target_151")
    >>> bool((matches[["points_0", "points_1"]].max(axis=1) >= 151).all())
    True
    >>> matches.attrs["unit"], list(matches.columns[:4])
    ('match', ['seed', 'match', 'game_seed', 'first_dealer'])

**Reproducible.** Unit ``i`` of the reference engine is played with the game seed drawn from
``numpy.random.SeedSequence(seed).spawn(...)[i]`` (built directly as
``SeedSequence(seed, spawn_key=(i,))``), and its bots are seeded by `cardkit.games.bot_seed`;
the vector engine draws each block of `cardkit.xeri.vector.BLOCK` matches from the child of that
block. So the same call gives the same frame whatever ``workers``, ``executor`` or
``chunk_size`` (chunks are whole units, and whole blocks for the vector engine).

**Parallel.** ``workers=k`` runs chunks in k processes; ``executor=`` takes any
`concurrent.futures.Executor`, such as a Dask cluster's ``Client(...).get_executor()``. Chunks
stream back in order: ``on_chunk(chunk_frame, rows_done, n)`` is called for each, and the
tqdm bar (``tqdm.auto``) advances.

**Stopping.** ``stop`` is a `threading.Event` (or any callable returning True to stop); a set
stop or a KeyboardInterrupt ends the run between chunks and returns the rows finished so far
(``frame.attrs["stopped"]`` is True); `resume` finishes such a frame.

**Engines.** ``engine="reference"`` plays the rules core move by move with the bots;
``"vector"`` is `cardkit.xeri.vector` (many Xeri rounds at once as arrays, random and greedy
play); ``"auto"`` picks the vector engine when the game, players and rules allow it. The
vector engine runs its compiled numba kernel when numba is installed (``pip install
'cardkit[fast]'``) and its numpy kernel otherwise; both play the same rounds, so the frame is
the same (``frame.attrs["kernel"]`` says which ran; ``engine="numba"`` or ``"numpy"`` picks
one). Speed figures: the docs' simulation page and ``benchmarks/bench_sim.py``.
"""

from __future__ import annotations

import concurrent.futures as cf
import copy
import functools
import math
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from cardkit.engine import IllegalAction, PeekError, deciders, is_bot_factory
from cardkit.games import GameSpec, WholeUnits, bot_seed, get_game
from cardkit.i18n import game_words

__all__ = ["columns", "resume", "simulate"]



def columns(game: str, unit: str | None = None) -> dict[str, str]:
    """The columns of ``game``'s frame and what each means (``{s}`` stands for every seat);
    ``unit`` as in `simulate` (the columns of a frame of whole matches or games). The meanings
    are in the language of the moment (`cardkit.i18n`), the names never.

    >>> columns("xeri")["first_xeri_play"]
    "the play of the round's first Xeri, counting every seat's plays (1-48), 0 when there was none"
    >>> columns("xeri", unit="match")["extra_rounds"][:47]
    'rounds played after the agreed rules.rounds bec'
    """
    spec = get_game(game)
    whole = _whole(spec, unit)
    return {name: game_words(spec.name, text)
            for name, text in (spec.sim.columns if whole is None else whole.columns).items()}


def _whole(spec: GameSpec, unit: str | None) -> WholeUnits | None:
    """The game's `WholeUnits` when ``unit`` asks for one row per whole unit, else None."""
    sim = spec.sim
    if unit is None or unit == sim.row:
        return None
    if unit == sim.unit and sim.whole is not None:
        return sim.whole
    whole = f" or {sim.unit!r} (one row per whole {sim.unit})" if sim.whole else ""
    raise ValueError(f"unit is {sim.row!r} (one row per {sim.row}){whole} for {spec.title}, "
                     f"not {unit!r}")


def __getattr__(name: str) -> Any:
    """The columns' old names (``XERI_COLUMNS``): deprecated, use `columns`."""
    game = name.removesuffix("_COLUMNS")
    if game != name and game:
        warnings.warn(f"cardkit.sim.{name} is deprecated; use cardkit.sim.columns(game)",
                      DeprecationWarning, stacklevel=2)
        return columns(game.lower())
    raise AttributeError(f"module 'cardkit.sim' has no attribute {name!r}")


# ----------------------------------------------------------------- players


@dataclass(frozen=True)
class _Seat:
    """How to make one seat's bot for a game: a kind name, a factory, or an object to copy."""

    kind: str | None = None
    factory: Any = None
    bot: Any = None

    def make(self, spec: GameSpec, seat: int, game_seed: int) -> Any:
        seed = bot_seed(game_seed, seat)
        if self.kind is not None:
            return spec.bot(self.kind, seat, seed=seed)
        if self.factory is not None:
            return self.factory(seat, seed=seed)
        bot = copy.deepcopy(self.bot)
        if getattr(bot, "seat", seat) != seat:
            bot.seat = seat  # one bot object given for every seat: each copy plays its own
        return bot


def _seats(spec: GameSpec, players: Any) -> list[_Seat]:
    if isinstance(players, str):
        entries: list[Any] = [p.strip().lower() for p in players.split(",") if p.strip()]
        if not entries:
            raise ValueError("players names at least one bot kind: " + ", ".join(spec.bots))
    elif isinstance(players, Sequence):
        entries = list(players)
        if not entries:
            raise ValueError("players names at least one bot (one per seat or one for all)")
    else:
        entries = [players]
    low, high = spec.players
    if len(entries) == 1:
        count = spec.default_players
    elif low == high:
        if high % len(entries):
            raise ValueError(f"{spec.title} has {high} seats: give 1, 2 or {high} players, "
                             f"not {len(entries)}")
        count = high
    else:
        count = len(entries)
        if count < low or (high is not None and count > high):
            most = "or more" if high is None else f"to {high}"
            raise ValueError(f"{spec.title} is played by {low} {most} players, not {count}")
    seats = []
    for seat in range(count):
        entry = entries[seat % len(entries)]
        seats.append(_seat(spec, seat, entry))
    return seats


def _seat(spec: GameSpec, seat: int, entry: Any) -> _Seat:
    if isinstance(entry, str):
        kind = entry.strip().lower()
        if kind not in spec.bots:
            raise ValueError(f"{_who(spec, seat)}: unknown bot kind "
                             f"{entry!r} for {spec.title}; the kinds are "
                             + ", ".join(spec.bots))
        return _Seat(kind=kind)
    if hasattr(entry, "choose") and not isinstance(entry, type):
        return _Seat(bot=entry)
    if is_bot_factory(entry):  # a class, or a function taking seed=
        return _Seat(factory=entry)
    if callable(entry):
        return _Seat(bot=entry)  # a function of the view: the bot itself
    raise ValueError(f"{_who(spec, seat)}: a player is a bot kind "
                     f"({', '.join(spec.bots)}), a bot with choose(view), a function of the "
                     f"view, or a factory called as factory(seat, seed=...), not {entry!r}")


def _who(spec: GameSpec, seat: int) -> str:
    """"seat 2 (South)", or "seat 2" where the game names its seats by number."""
    name = spec.seat_name(seat)
    return f"seat {seat}" if name.lower() == f"seat {seat}" else f"seat {seat} ({name})"


# ----------------------------------------------------------------- playing one unit


def _unit_seed(seed: int, unit: int) -> int:
    """The game seed of unit ``unit``: the first word of the unit's spawned SeedSequence."""
    return int(np.random.SeedSequence(seed, spawn_key=(unit,)).generate_state(1)[0])


def _play(spec: GameSpec, game: Any, bots: list[Any], unit: int, game_seed: int,
          after: Callable[[Any, list[Any]], bool]) -> None:
    """Let the bots play ``game`` until ``after(game, events)`` says the unit is complete.
    Each is handed its seat's view (`cardkit.engine.decider`), as in `cardkit.play_out`."""
    players = deciders(bots)
    while not game.is_over:
        seat = game.current_player
        try:
            action = players[seat](game)
        except PeekError as error:  # the sentence stays whole: the bot peeked
            raise PeekError(f"{_who(spec, seat)}: {error} (unit {unit}, game seed "
                            f"{game_seed})") from error
        except Exception as error:
            raise ValueError(f"{_who(spec, seat)}: its bot "
                             f"{bots[seat]!r} raised {type(error).__name__}: {error} "
                             f"(unit {unit}, game seed {game_seed})") from error
        try:
            events = game.apply(action)
        except IllegalAction as error:
            raise ValueError(f"{_who(spec, seat)}: its bot "
                             f"{bots[seat]!r} chose an illegal action {action!r}: "
                             f"{error.reason} ({error.rule}) (unit {unit}, game seed "
                             f"{game_seed})") from None
        except Exception as error:  # a wrong type of action the game refuses otherwise
            raise ValueError(f"{_who(spec, seat)}: its bot "
                             f"{bots[seat]!r} chose {action!r}, which the game refused: "
                             f"{error}") from None
        if after(game, events):
            return


def _unit(spec: GameSpec, rules: Any, seats: list[_Seat], seed: int, unit: int,
          whole: bool = False) -> list[dict[str, Any]]:
    """Play unit ``unit`` (a match, a game) and give its rows, or with ``whole`` its one row
    (the unit is then played to its end: a match's extra rounds too)."""
    game_seed = _unit_seed(seed, unit)
    game = spec.new(rules=rules, seed=game_seed, players=len(seats))
    bots = [s.make(spec, i, game_seed) for i, s in enumerate(seats)]
    first = {"seed": seed, spec.sim.unit: unit, "game_seed": game_seed}
    if whole:
        assert spec.sim.whole is not None
        _play(spec, game, bots, unit, game_seed, lambda _game, _events: False)
        return [{**first, **spec.sim.whole.row(game)}]
    tracker = spec.sim.track(game)
    _play(spec, game, bots, unit, game_seed, lambda _game, events: tracker.after(events))
    return [{**first, **row} for row in tracker.rows()]


def _reference_chunk(game: str, rules: Any, seats: list[_Seat], seed: int, start: int,
                     stop: int, whole: bool = False) -> pd.DataFrame:
    spec = get_game(game)
    rows: list[dict[str, Any]] = []
    for unit in range(start, stop):
        rows += _unit(spec, rules, seats, seed, unit, whole)
    return _frame(spec, rows, len(seats), whole)


def _frame(spec: GameSpec, rows: list[dict[str, Any]], players: int, whole: bool = False
           ) -> pd.DataFrame:
    table: Any = spec.sim.whole if whole else spec.sim
    names = table.frame_columns(players)
    frame = pd.DataFrame(rows, columns=names)
    other = set(table.non_integer_columns(players))
    for name in names:
        if name not in other:
            frame[name] = frame[name].astype("int64")
    return frame


def _vector_chunk(game: str, rules: Any, seats: list[_Seat], seed: int, start: int,
                  stop: int, kernel: str = "auto") -> pd.DataFrame:
    spec = get_game(game)
    vector = _vector(spec)
    kinds = [s.kind for s in seats]
    arrays = vector.simulate_matches(rules, kinds, seed, start, stop, kernel=kernel)
    # One 2-D block, handed to pandas without a copy per column.
    names = spec.sim.frame_columns(len(seats))
    table = np.stack([arrays[name] for name in names]).astype(np.int64, copy=False)
    return pd.DataFrame(table.T, columns=names, copy=False)


def _vector(spec: GameSpec) -> Any:
    """The game's array engine module (ImportError when it has none or it cannot load)."""
    if spec.sim.vector is None:
        raise ImportError(f"{spec.title} has no array engine")
    return spec.sim.vector()


# ----------------------------------------------------------------- the runner


def _choose_engine(spec: GameSpec, engine: str, seats: list[_Seat], rules: Any,
                   whole: bool = False) -> tuple[str, str | None]:
    """The engine and, for the vector engine, its kernel ("numba" or "numpy")."""
    if engine not in ("auto", "vector", "reference", "numba", "numpy"):
        raise ValueError(f"engine is 'auto', 'vector' or 'reference' (or 'numba' / 'numpy': "
                         f"the vector engine with that kernel), not {engine!r}")
    if engine == "reference":
        return engine, None
    why = None
    if spec.sim.vector is None:
        why = f"{spec.title} has no array engine (only a game with one has)"
    elif whole:
        why = (f"it plays {spec.sim.row}s, not whole {plural(spec.sim.unit)} (a "
               f"{spec.sim.unit} may need extra {plural(spec.sim.row)})")
    elif any(s.kind not in ("random", "greedy") for s in seats):  # not objects, not analysts
        why = "it plays only the bot kinds 'random' and 'greedy', not bot objects"
    else:
        try:
            vector = _vector(spec)
        except ImportError:
            why = "it is not installed"
        else:
            why = vector.unsupported(rules)
    if why is None:
        return "vector", vector.kernel_name(engine if engine in ("numba", "numpy") else "auto")
    if engine != "auto":
        raise ValueError(f"the vector engine cannot run this: {why}; use engine='reference'")
    return "reference", None


def simulate(game: str, n: int, *, players: Any = "random", rules: Any = None, seed: int = 0,
             workers: int = 1, executor: cf.Executor | None = None, progress: bool = True,
             chunk_size: int | None = None,
             on_chunk: Callable[[pd.DataFrame, int, int], Any] | None = None,
             stop: threading.Event | Callable[[], bool] | None = None,
             engine: str = "auto", unit: str | None = None) -> pd.DataFrame:
    """Play ``n`` Xeri rounds or Zion Check hands with bots and return one row for each; with
    ``unit="match"`` (Xeri) or ``unit="game"`` (Zion Check), ``n`` whole matches or games.

    ``game`` is "xeri" or "zioncheck"; ``players`` names bot kinds ("random", "greedy", or
    "greedy,random" repeated round the table) or gives bots (objects with ``choose(view)``),
    functions of the view (``def my_bot(view) -> action``), bot classes or factories
    ``factory(seat, seed=...)`` (a function with a ``seed`` parameter), one per seat or one
    for all (a bot object is copied for every game; a list's length is the number of Zion
    Check players). Every bot is handed its seat's view only (`cardkit.engine.decider`): one
    that asks it for another hand raises `cardkit.engine.PeekError`. ``rules`` is the game's
    ``Rules``, a preset name or None. See the module docstring for seeds, parallel runs,
    progress, stopping and engines; `columns` describes the columns, and ``frame.attrs``
    records the call.

    ``unit`` is what one row is: the game's row (``"round"``, ``"hand"``; the default) or its
    unit (``"match"``, ``"game"``), which plays each match or game to its end (extra rounds,
    raised targets) and gives one row with its winner, rounds played and final totals
    (`columns` with ``unit=``). Unit ``i`` is the same match or game in both frames.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number of at least 0, not {seed!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    if chunk_size is not None and (isinstance(chunk_size, bool)
                                   or not isinstance(chunk_size, int) or chunk_size < 1):
        raise ValueError(f"chunk_size must be None or a whole number of at least 1, "
                         f"not {chunk_size!r}")
    spec = get_game(game)
    whole = _whole(spec, unit) is not None
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        noun = plural(spec.sim.unit if whole else spec.sim.row)
        raise ValueError(f"n is the number of {noun} to play: a whole number of at least 0, "
                         f"not {n!r}")
    rules = spec.rules_from(rules)
    seats = _seats(spec, players)
    chosen, kernel = _choose_engine(spec, engine, seats, rules, whole)
    return _run(spec, n, seats, rules, seed, workers, executor, progress, chunk_size, on_chunk,
                stop, chosen, first_unit=0, players=players, kernel=kernel, whole=whole)


def resume(frame: pd.DataFrame, *, workers: int = 1, executor: cf.Executor | None = None,
           progress: bool = True, on_chunk: Callable[..., Any] | None = None,
           stop: Any = None) -> pd.DataFrame:
    """Finish a stopped run: the frame of the whole run, as if it had never stopped.

    >>> import threading
    >>> halt = threading.Event(); halt.set()
    >>> part = simulate("xeri", 8, seed=2, progress=False, stop=halt, engine="reference")
    >>> len(part), part.attrs["stopped"]
    (0, True)
    >>> resume(part, progress=False).equals(simulate("xeri", 8, seed=2, progress=False,
    ...                                            engine="reference"))
    True
    """
    call = frame.attrs.get("call")
    if not call:
        raise ValueError("this frame does not come from cardkit.sim.simulate (no attrs['call'])")
    spec = get_game(call["game"])
    unit_column = spec.sim.unit
    first_unit = int(frame[unit_column].max()) + 1 if len(frame) else 0
    seats = call["seats"]
    rest = _run(spec, call["n"] - len(frame), seats, call["rules"], call["seed"], workers,
                executor, progress, call["chunk_size"], on_chunk, stop, call["engine"],
                first_unit=first_unit, players=call["players"], kernel=call.get("kernel"),
                whole=call.get("whole", False))
    whole = pd.concat([frame, rest], ignore_index=True) if len(frame) else rest
    whole.attrs = dict(rest.attrs)
    whole.attrs["call"] = dict(call)
    return whole


def _default_chunk(spec: GameSpec, engine: str, seats: list[_Seat]) -> int:
    if engine == "vector":
        return 8192
    return spec.sim.chunk_rows([s.kind for s in seats])


def _run(spec: GameSpec, n: int, seats: list[_Seat], rules: Any, seed: int, workers: int,
         executor: cf.Executor | None, progress: bool, chunk_size: int | None,
         on_chunk: Any, stop: Any, engine: str, *, first_unit: int, players: Any,
         kernel: str | None = None, whole: bool = False) -> pd.DataFrame:
    rows_per_unit = 1 if whole else spec.sim.rows_per_unit(rules)
    block = 1
    if engine == "vector":
        block = _vector(spec).BLOCK
        if first_unit % block:
            raise ValueError("a vector run resumes only at a whole block of matches")
    size = chunk_size or _default_chunk(spec, engine, seats)
    if whole and chunk_size is None:  # about as much play per chunk as a chunk of rows
        size = max(1, size // max(1, spec.sim.rows_per_unit(rules)))
    if chunk_size is None:  # a run of a few rows plays a few units, not a whole chunk
        size = min(size, max(1, n))
    if chunk_size is None and executor is None and workers > 1:
        # at least 4 chunks a worker, so that no worker waits long for the last one
        size = min(size, max(1, math.ceil(n / (4 * workers))))
    units = max(1, math.ceil(size / rows_per_unit))
    units = math.ceil(units / block) * block
    work: Any = functools.partial(_reference_chunk, whole=True) if whole else _reference_chunk
    if engine == "vector":
        work = functools.partial(_vector_chunk, kernel=kernel or "auto")
    should_stop = _stopper(stop)
    bar = _bar(progress, n, spec, engine, whole)
    call = {"game": spec.name, "n": n, "players": players, "seats": seats, "rules": rules,
            "seed": seed, "chunk_size": chunk_size, "engine": engine, "kernel": kernel,
            "whole": whole}
    parts: list[pd.DataFrame] = []
    done = 0
    stopped = False
    own_pool = None
    if executor is None and workers > 1:
        own_pool = executor = cf.ProcessPoolExecutor(workers)
    try:
        chunks = _chunks(first_unit, units)
        if executor is None:
            for start, end in chunks:
                if done >= n:
                    break
                if should_stop():
                    stopped = True
                    break
                part = work(spec.name, rules, seats, seed, start, end)
                done = _take(part, parts, done, n, bar, on_chunk)
        else:
            window = max(2, 2 * workers) if own_pool else 8
            pending: list[cf.Future] = []
            planned = 0  # rows the submitted chunks will give, at most
            while True:
                while len(pending) < window and done + planned < n:
                    start, end = next(chunks)
                    pending.append(executor.submit(work, spec.name, rules, seats, seed,
                                                   start, end))
                    planned += (end - start) * rows_per_unit
                if not pending:
                    break
                if should_stop():
                    stopped = True
                    break
                future = pending.pop(0)
                part = future.result()
                planned -= (len(part) if len(part) else 0)
                planned = max(planned, 0)
                done = _take(part, parts, done, n, bar, on_chunk)
                if done >= n:
                    break
            for future in pending:
                future.cancel()
    except KeyboardInterrupt:
        stopped = True
    finally:
        if own_pool is not None:
            # Every result is in: the workers exit (tearing down numpy, pandas, …) on their
            # own time instead of the caller's, which costs a 2-worker run ~0.1-0.3 s.
            own_pool.shutdown(wait=False, cancel_futures=True)
        if bar is not None:
            bar.close()
    frame = pd.concat(parts, ignore_index=True) if parts else _empty(spec, engine, seats, whole)
    frame = frame.iloc[:n].reset_index(drop=True) if len(frame) > n else frame
    frame.attrs = {"call": call, "stopped": stopped, "engine": engine, "kernel": kernel,
                   "requested": n, "unit": spec.sim.unit if whole else spec.sim.row}
    return frame


def _chunks(first: int, units: int) -> Iterator[tuple[int, int]]:
    start = first
    while True:
        yield start, start + units
        start += units


def _take(part: pd.DataFrame, parts: list[pd.DataFrame], done: int, n: int, bar: Any,
          on_chunk: Any) -> int:
    part = part.iloc[: max(0, n - done)]
    if not len(part):
        return done
    parts.append(part)
    done += len(part)
    if bar is not None:
        bar.update(len(part))
    if on_chunk is not None:
        on_chunk(part, done, n)
    return done


def _empty(spec: GameSpec, engine: str, seats: list[_Seat], whole: bool) -> pd.DataFrame:
    if engine != "vector":
        return _frame(spec, [], len(seats), whole)
    return pd.DataFrame({name: pd.Series(dtype="int64")
                         for name in spec.sim.frame_columns(len(seats))})


def _stopper(stop: Any) -> Callable[[], bool]:
    if stop is None:
        return lambda: False
    if hasattr(stop, "is_set"):
        return stop.is_set
    if callable(stop):
        return lambda: bool(stop())
    raise ValueError(f"stop is a threading.Event or a callable returning True to stop, "
                     f"not {stop!r}")


def plural(noun: str) -> str:
    """A row's or unit's noun in the plural: "rounds", "hands", "matches", "games"."""
    return noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")


def _bar(progress: bool, n: int, spec: GameSpec, engine: str, whole: bool = False) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    unit = plural(spec.sim.unit if whole else spec.sim.row)
    return tqdm(total=n, unit=f" {unit}", desc=f"{spec.title} ({engine})", leave=False)
