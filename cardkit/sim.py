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
so every round is dealt and scored alike) or a Zion Check game of six hands. ``n`` rows are the
first ``n`` rows of units 0, 1, 2, …; the columns are listed in `XERI_COLUMNS` and
`ZION_COLUMNS`.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from cardkit.engine import IllegalAction
from cardkit.games import GameSpec, bot_seed, get_game

__all__ = ["XERI_COLUMNS", "ZION_COLUMNS", "resume", "simulate"]

XERI_COLUMNS: dict[str, str] = {
    "seed": "the master seed of the run",
    "match": "the unit: a match of rules.rounds rounds, from 0",
    "round": "the round in its match, from 1",
    "game_seed": "the seed of the match (reference engine; -1 for the vector engine)",
    "dealer": "the dealer's seat 0-3 (XR-2.1)",
    "dealer_team": "the dealer's team: 0 (North–South) or 1 (East–West)",
    "redeals": "how often the first pile was dealt again (XR-2.4)",
    "points_0": "team 0's points for the round (XR-6)",
    "points_1": "team 1's points for the round",
    "cards_0": "cards team 0 captured (the last pile included, XR-5.1)",
    "cards_1": "cards team 1 captured",
    "card_points_0": "team 0's points from cards: majority, honours, 2♣, 10♦ (XR-6)",
    "card_points_1": "team 1's points from cards",
    "xeri_points_0": "team 0's points from Xeris (XR-4)",
    "xeri_points_1": "team 1's points from Xeris",
    "xeris_0": "team 0's Xeris other than jack Xeris (XR-4.1)",
    "xeris_1": "team 1's Xeris other than jack Xeris",
    "jack_xeris_0": "team 0's jack Xeris (XR-4.2)",
    "jack_xeris_1": "team 1's jack Xeris",
    "captures_0": "plays by team 0 that captured (Xeris included, XR-3.2)",
    "captures_1": "plays by team 1 that captured",
    "first_xeri_play": "the play (1-48) of the round's first Xeri, 0 when there was none",
    "leftover_cards": "cards left on the pile at the end of the round (XR-5.1)",
    "leftover_team": "the team that took them, -1 when none were left",
    "winner": "the team with more points (XR-6.1), -1 for equal points",
}
"""The columns of a Xeri frame, one row per round."""

ZION_COLUMNS: dict[str, str] = {
    "seed": "the master seed of the run",
    "game": "the unit: a game of six hands, from 0",
    "hand": "the hand, 1-6 (ZC-3.1)",
    "game_seed": "the seed of the game",
    "players": "players in the game",
    "dealer": "the dealer's seat (ZC-3.2)",
    "contract": "the hand's contract, such as '2 sets' (ZC-4)",
    "cards_dealt": "cards dealt to each player (ZC-3.1)",
    "winner": "the seat that went out, -1 when the hand ended otherwise (ZC-13.1)",
    "reason": "'went out', 'stock exhausted' or 'length guard' (ZC-13, ZC-6.2, ZC-6.3)",
    "turns": "turns played in the hand",
    "went_down": "how many players went down (ZC-9)",
    "points_{s}": "seat s's points for the hand (ZC-14.1; 0 for the winner)",
    "down_turn_{s}": "the turn of the hand on which seat s went down, 0 if never (ZC-9)",
    "claims_{s}": "discards seat s claimed out of turn (ZC-8)",
    "stuck_{s}": "seat s had not gone down when someone went out (ZC-13.2)",
}
"""The columns of a Zion Check frame, one row per hand (``{s}`` is each seat 0, 1, …)."""

_XERI_ROUND_EVENTS = ("PLAY", "CAPTURE", "XERI", "JACK_XERI")


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
            raise ValueError(f"seat {seat} ({_seat_name(spec, seat)}): unknown bot kind "
                             f"{entry!r} for {spec.title}; the kinds are "
                             + ", ".join(spec.bots))
        return _Seat(kind=kind)
    if hasattr(entry, "choose") and not isinstance(entry, type):
        return _Seat(bot=entry)
    if callable(entry):
        return _Seat(factory=entry)
    raise ValueError(f"seat {seat} ({_seat_name(spec, seat)}): a player is a bot kind "
                     f"({', '.join(spec.bots)}), a bot with choose(game), or a factory "
                     f"called as factory(seat, seed=...), not {entry!r}")


def _seat_name(spec: GameSpec, seat: int) -> str:
    if spec.name == "xeri":
        from cardkit.xeri import seat_name

        return seat_name(seat)
    return f"player {seat}"


# ----------------------------------------------------------------- playing one unit


def _unit_seed(seed: int, unit: int) -> int:
    """The game seed of unit ``unit``: the first word of the unit's spawned SeedSequence."""
    return int(np.random.SeedSequence(seed, spawn_key=(unit,)).generate_state(1)[0])


def _play(spec: GameSpec, game: Any, bots: list[Any], unit: int, game_seed: int,
          after: Callable[[Any, list[Any]], bool]) -> None:
    """Let the bots play ``game`` until ``after(game, events)`` says the unit is complete."""
    while not game.is_over:
        seat = game.current_player
        try:
            action = bots[seat].choose(game)
        except Exception as error:
            raise ValueError(f"seat {seat} ({_seat_name(spec, seat)}): its bot "
                             f"{bots[seat]!r} raised {type(error).__name__}: {error} "
                             f"(unit {unit}, game seed {game_seed})") from error
        try:
            events = game.apply(action)
        except IllegalAction as error:
            raise ValueError(f"seat {seat} ({_seat_name(spec, seat)}): its bot "
                             f"{bots[seat]!r} chose an illegal action {action!r}: "
                             f"{error.reason} ({error.rule}) (unit {unit}, game seed "
                             f"{game_seed})") from None
        except Exception as error:  # a wrong type of action the game refuses otherwise
            raise ValueError(f"seat {seat} ({_seat_name(spec, seat)}): its bot "
                             f"{bots[seat]!r} chose {action!r}, which the game refused: "
                             f"{error}") from None
        if after(game, events):
            return


def _xeri_unit(spec: GameSpec, rules: Any, seats: list[_Seat], seed: int, unit: int
               ) -> list[dict[str, Any]]:
    from cardkit.xeri import EventKind

    game_seed = _unit_seed(seed, unit)
    game = spec.new(rules=rules, seed=game_seed)
    bots = [s.make(spec, i, game_seed) for i, s in enumerate(seats)]
    want = game.rules.rounds
    scored = [0]

    def after(_game: Any, events: list[Any]) -> bool:
        scored[0] += sum(e.kind is EventKind.ROUND_SCORED for e in events)
        return scored[0] >= want

    _play(spec, game, bots, unit, game_seed, after)
    rows = []
    for number, round_events in enumerate(_split_rounds(game.events, EventKind), start=1):
        row = _xeri_round_row(round_events, EventKind)
        if row is None:
            break  # a round still being played when the unit was complete
        row.update(seed=seed, match=unit, round=number, game_seed=game_seed)
        rows.append(row)
    return rows[:want]


def _split_rounds(events: Sequence[Any], kinds: Any) -> Iterator[list[Any]]:
    current: list[Any] | None = None
    for event in events:
        if event.kind is kinds.NEW_ROUND:
            if current is not None:
                yield current
            current = []
        if current is not None:
            current.append(event)
    if current is not None:
        yield current


def _xeri_round_row(events: list[Any], kinds: Any) -> dict[str, Any] | None:
    dealer = events[0].seat
    row: dict[str, Any] = {"dealer": dealer, "dealer_team": dealer & 1, "redeals": 0,
                           "captures_0": 0, "captures_1": 0, "xeris_0": 0, "xeris_1": 0,
                           "jack_xeris_0": 0, "jack_xeris_1": 0, "first_xeri_play": 0,
                           "leftover_cards": 0, "leftover_team": -1}
    plays = 0
    scored = False
    for e in events:
        kind = e.kind
        if kind is kinds.REDEAL:
            row["redeals"] += 1
        elif kind in (kinds.PLAY, kinds.CAPTURE, kinds.XERI, kinds.JACK_XERI):
            plays += 1
            if kind is kinds.PLAY:
                continue
            team = e.seat & 1
            row[f"captures_{team}"] += 1
            if kind is not kinds.CAPTURE:
                row[f"{'xeris' if kind is kinds.XERI else 'jack_xeris'}_{team}"] += 1
                if not row["first_xeri_play"]:
                    row["first_xeri_play"] = plays
        elif kind is kinds.LEFTOVER:
            row["leftover_cards"] = len(e.cards)
            row["leftover_team"] = e.seat & 1
        elif kind is kinds.ROUND_SCORED:
            sheets = e.sheets
            for team in (0, 1):
                sheet = sheets[team]
                row[f"points_{team}"] = sheet.total
                row[f"cards_{team}"] = sheet.cards
                row[f"card_points_{team}"] = sheet.card_points
                row[f"xeri_points_{team}"] = sheet.xeri_points
            scored = True
    if not scored:
        return None
    p0, p1 = row["points_0"], row["points_1"]
    row["winner"] = -1 if p0 == p1 else (0 if p0 > p1 else 1)
    return row


def _zion_unit(spec: GameSpec, rules: Any, seats: list[_Seat], seed: int, unit: int
               ) -> list[dict[str, Any]]:
    game_seed = _unit_seed(seed, unit)
    players = len(seats)
    game = spec.new(rules=rules, seed=game_seed, players=players)
    bots = [s.make(spec, i, game_seed) for i, s in enumerate(seats)]
    per_hand: list[dict[str, Any]] = []
    state = {"hand": 0}

    def start_hand() -> None:
        per_hand.append({"dealer": game.dealer, "contract": str(game.contract),
                         "cards_dealt": len(game.hand(game.current_player)),
                         "down_turn": [0] * players, "claims": [0] * players})
        state["hand"] = game.hand_number

    start_hand()

    def after(_game: Any, events: list[Any]) -> bool:
        current = per_hand[-1]
        for e in events:
            kind = getattr(e.kind, "value", e.kind)
            if kind == "go_down":
                current["down_turn"][e.seat] = game.turns_this_hand + 1 \
                    if not current["down_turn"][e.seat] else current["down_turn"][e.seat]
            elif kind == "claim":
                current["claims"][e.seat] += 1
        if not game.is_over and game.hand_number != state["hand"]:
            start_hand()
        return False

    _play(spec, game, bots, unit, game_seed, after)
    rows = []
    for result, info in zip(game.results, per_hand, strict=False):
        row: dict[str, Any] = {
            "seed": seed, "game": unit, "hand": result.hand_number, "game_seed": game_seed,
            "players": players, "dealer": result.dealer, "contract": info["contract"],
            "cards_dealt": info["cards_dealt"],
            "winner": -1 if result.winner is None else result.winner,
            "reason": result.reason, "turns": result.turns,
            "went_down": sum(1 for t in info["down_turn"] if t),
        }
        for s in range(players):
            row[f"points_{s}"] = result.points[s]
        for s in range(players):
            row[f"down_turn_{s}"] = info["down_turn"][s]
        for s in range(players):
            row[f"claims_{s}"] = info["claims"][s]
        for s in range(players):
            row[f"stuck_{s}"] = s in result.stuck
        rows.append(row)
    return rows


def _reference_chunk(game: str, rules: Any, seats: list[_Seat], seed: int, start: int,
                     stop: int) -> pd.DataFrame:
    spec = get_game(game)
    play = _xeri_unit if spec.name == "xeri" else _zion_unit
    rows: list[dict[str, Any]] = []
    for unit in range(start, stop):
        rows += play(spec, rules, seats, seed, unit)
    return _frame(spec, rows, len(seats))


def _frame(spec: GameSpec, rows: list[dict[str, Any]], players: int) -> pd.DataFrame:
    if spec.name == "xeri":
        columns = list(XERI_COLUMNS)
    else:
        columns = []
        for name in ZION_COLUMNS:
            columns += [name.format(s=s) for s in range(players)] if "{s}" in name else [name]
    frame = pd.DataFrame(rows, columns=columns)
    for name in columns:
        if name not in ("contract", "reason") and not name.startswith("stuck_"):
            frame[name] = frame[name].astype("int64")
    return frame


def _vector_chunk(game: str, rules: Any, seats: list[_Seat], seed: int, start: int,
                  stop: int, kernel: str = "auto") -> pd.DataFrame:
    from cardkit.xeri import vector

    kinds = [s.kind for s in seats]
    columns = vector.simulate_matches(rules, kinds, seed, start, stop, kernel=kernel)
    # One 2-D block, handed to pandas without a copy per column.
    table = np.stack([columns[name] for name in XERI_COLUMNS]).astype(np.int64, copy=False)
    return pd.DataFrame(table.T, columns=list(XERI_COLUMNS), copy=False)


# ----------------------------------------------------------------- the runner


def _choose_engine(spec: GameSpec, engine: str, seats: list[_Seat], rules: Any
                   ) -> tuple[str, str | None]:
    """The engine and, for the vector engine, its kernel ("numba" or "numpy")."""
    if engine not in ("auto", "vector", "reference", "numba", "numpy"):
        raise ValueError(f"engine is 'auto', 'vector' or 'reference' (or 'numba' / 'numpy': "
                         f"the vector engine with that kernel), not {engine!r}")
    if engine == "reference":
        return engine, None
    why = None
    if spec.name != "xeri":
        why = f"it simulates Xeri only, not {spec.title}"
    elif any(s.kind is None for s in seats):
        why = "it plays only the bot kinds 'random' and 'greedy', not bot objects"
    else:
        try:
            from cardkit.xeri import vector
        except ImportError:
            why = "it is not installed"
        else:
            why = vector.unsupported(rules)
    if why is None:
        return "vector", vector.kernel_name(engine if engine in ("numba", "numpy") else "auto")
    if engine != "auto":
        raise ValueError(f"the vector engine cannot run this: {why}; use engine='reference'")
    return "reference", None


def _check_rules(spec: GameSpec, rules: Any) -> Any:
    if rules is None:
        return spec.Rules()
    if isinstance(rules, str):
        return spec.preset(rules)
    if isinstance(rules, dict):
        return spec.Rules(**rules)
    if not isinstance(rules, spec.Rules):
        raise ValueError(f"rules must be a {spec.title} Rules, a preset name or None, not "
                         f"{type(rules).__name__}")
    return rules


def simulate(game: str, n: int, *, players: Any = "random", rules: Any = None, seed: int = 0,
             workers: int = 1, executor: cf.Executor | None = None, progress: bool = True,
             chunk_size: int | None = None,
             on_chunk: Callable[[pd.DataFrame, int, int], Any] | None = None,
             stop: threading.Event | Callable[[], bool] | None = None,
             engine: str = "auto") -> pd.DataFrame:
    """Play ``n`` Xeri rounds or Zion Check hands with bots and return one row for each.

    ``game`` is "xeri" or "zioncheck"; ``players`` names bot kinds ("random", "greedy", or
    "greedy,random" repeated round the table) or gives bots, bot classes or factories
    ``factory(seat, seed=...)``, one per seat or one for all (a bot object is copied for every
    game; a list's length is the number of Zion Check players). ``rules`` is the game's
    ``Rules``, a preset name or None. See the module docstring for seeds, parallel runs,
    progress, stopping and engines; the columns are described in `XERI_COLUMNS` and
    `ZION_COLUMNS`, and ``frame.attrs`` records the call.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n is the number of rounds or hands to play: a whole number of at "
                         f"least 0, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number of at least 0, not {seed!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    if chunk_size is not None and (isinstance(chunk_size, bool)
                                   or not isinstance(chunk_size, int) or chunk_size < 1):
        raise ValueError(f"chunk_size must be None or a whole number of at least 1, "
                         f"not {chunk_size!r}")
    spec = get_game(game)
    rules = _check_rules(spec, rules)
    seats = _seats(spec, players)
    chosen, kernel = _choose_engine(spec, engine, seats, rules)
    return _run(spec, n, seats, rules, seed, workers, executor, progress, chunk_size, on_chunk,
                stop, chosen, first_unit=0, players=players, kernel=kernel)


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
    unit_column = "match" if spec.name == "xeri" else "game"
    first_unit = int(frame[unit_column].max()) + 1 if len(frame) else 0
    seats = call["seats"]
    rest = _run(spec, call["n"] - len(frame), seats, call["rules"], call["seed"], workers,
                executor, progress, call["chunk_size"], on_chunk, stop, call["engine"],
                first_unit=first_unit, players=call["players"], kernel=call.get("kernel"))
    whole = pd.concat([frame, rest], ignore_index=True) if len(frame) else rest
    whole.attrs = dict(rest.attrs)
    whole.attrs["call"] = dict(call)
    return whole


def _default_chunk(spec: GameSpec, engine: str, seats: list[_Seat]) -> int:
    if engine == "vector":
        return 8192
    if spec.name == "zioncheck":
        return 60
    return 200 if all(s.kind == "random" for s in seats) else 100


def _run(spec: GameSpec, n: int, seats: list[_Seat], rules: Any, seed: int, workers: int,
         executor: cf.Executor | None, progress: bool, chunk_size: int | None,
         on_chunk: Any, stop: Any, engine: str, *, first_unit: int, players: Any,
         kernel: str | None = None) -> pd.DataFrame:
    rows_per_unit = rules.rounds if spec.name == "xeri" else 6
    block = 1
    if engine == "vector":
        from cardkit.xeri.vector import BLOCK

        block = BLOCK
        if first_unit % block:
            raise ValueError("a vector run resumes only at a whole block of matches")
    size = chunk_size or _default_chunk(spec, engine, seats)
    if chunk_size is None and executor is None and workers > 1:
        # at least 4 chunks a worker, so that no worker waits long for the last one
        size = min(size, max(1, math.ceil(n / (4 * workers))))
    units = max(1, math.ceil(size / rows_per_unit))
    units = math.ceil(units / block) * block
    work: Any = _reference_chunk
    if engine == "vector":
        work = functools.partial(_vector_chunk, kernel=kernel or "auto")
    should_stop = _stopper(stop)
    bar = _bar(progress, n, spec, engine)
    call = {"game": spec.name, "n": n, "players": players, "seats": seats, "rules": rules,
            "seed": seed, "chunk_size": chunk_size, "engine": engine, "kernel": kernel}
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
    frame = pd.concat(parts, ignore_index=True) if parts else _empty(spec, work, rules, seats,
                                                                     seed)
    frame = frame.iloc[:n].reset_index(drop=True) if len(frame) > n else frame
    frame.attrs = {"call": call, "stopped": stopped, "engine": engine, "kernel": kernel,
                   "requested": n}
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


def _empty(spec: GameSpec, work: Any, rules: Any, seats: list[_Seat], seed: int
           ) -> pd.DataFrame:
    return _frame(spec, [], len(seats)) if work is _reference_chunk else \
        pd.DataFrame({name: pd.Series(dtype="int64") for name in XERI_COLUMNS})


def _stopper(stop: Any) -> Callable[[], bool]:
    if stop is None:
        return lambda: False
    if hasattr(stop, "is_set"):
        return stop.is_set
    if callable(stop):
        return lambda: bool(stop())
    raise ValueError(f"stop is a threading.Event or a callable returning True to stop, "
                     f"not {stop!r}")


def _bar(progress: bool, n: int, spec: GameSpec, engine: str) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    unit = "rounds" if spec.name == "xeri" else "hands"
    return tqdm(total=n, unit=f" {unit}", desc=f"{spec.title} ({engine})", leave=False)
