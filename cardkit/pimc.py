"""Flat perfect-information Monte Carlo over a seat's view: the analyst's engine, for any game.

Given what one seat sees (its view) and a game's `Profile` (how to deal the unseen cards again,
how to play a world out, how to score the end), `rate` values every distinct legal action:

1. sample a world consistent with the view (the game's ``sample_world``: never a hidden card);
2. play every action on a copy of that world and roll it out to the end of the round or hand
   with the rollout bots, the same world and the same rollout seed for every action (common
   random numbers: actions are compared on paired differences, which cancel the luck of the
   world);
3. stop when the best action is separated from every other action (their paired interval
   excludes zero), or every other lies within the game's tolerance of it (`TOLERANCE`: as good as
   equal), or the samples or seconds are spent; `Analysis.stopped` says which. The rule is asked
   only at the checkpoints (`CHECKPOINTS`: 8, 12, 16, 24, 32, … worlds), and there its intervals
   are widened for the comparisons and the checkpoints together (`stopping_quantile`, Bonferroni),
   so that looking again and again does not make a wrong "best" likely: over a whole analysis
   the chance of stopping on a move that is not the best (or not within the tolerance) is at
   most about 5% (the t intervals are approximations). The intervals an `Analysis` shows are
   the usual 95% ones.

The result is an `Analysis`: a `MoveValue` per distinct action, best first. `cardkit.analysis`
is the public entry (``analyze(game)``); the games' profiles live in
``cardkit/<game>/analyst.py`` with their `AnalystBot`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from random import Random
from statistics import NormalDist
from typing import Any

from cardkit.engine import takes_game

__all__ = ["CHECKPOINTS", "MAX_SAMPLES", "MAX_SECONDS", "MIN_SAMPLES", "TOLERANCE", "Analysis",
           "AnalystBase", "MoveValue", "Profile", "StopReason", "decide", "rate", "rate_steps",
           "stopping_quantile", "t_quantile"]

TOLERANCE = 0.5
"""Points: two actions whose paired 95% interval lies within ± this of zero are as good as
equal, and sampling stops for them (the benchmark's "every interval within ±0.5 points"; a
game's `Profile.tolerance` may be wider where its points are coarser)."""
MIN_SAMPLES = 8
"""Worlds sampled before the stopping rule is asked (an interval from fewer is not trusted)."""
MAX_SAMPLES = 20_000
"""The most worlds one analysis samples, whatever it is asked (a bound on memory and time)."""


def _checkpoints() -> tuple[int, ...]:
    points = [MIN_SAMPLES]
    while points[-1] < MAX_SAMPLES:
        points.append(points[-1] * 3 // 2 if len(points) % 2 else points[-1] * 4 // 3)
    return tuple(points)


CHECKPOINTS: tuple[int, ...] = _checkpoints()
"""The sample counts at which the stopping rule is asked: 8, 12, 16, 24, 32, 48, 64, … (each
1.5 or 4/3 times the last), up to `MAX_SAMPLES`."""
_CHECKS = frozenset(CHECKPOINTS)
MAX_SECONDS = 30.0
"""The longest one analysis runs, whatever it is asked (a huge table cannot make it run for
minutes). It overshoots by at most one rollout, except that the first world is always played
out for every action (an analysis needs one sample)."""


class StopReason(str, Enum):
    """Why an analysis stopped sampling."""

    SEPARATED = "separated"
    """The best action's paired 95% interval against every other action excludes zero."""
    CLOSE = "close"
    """Every other action is separated from the best or within `TOLERANCE` of it."""
    SAMPLES = "samples"
    """The sample budget (``max_samples``, at most `MAX_SAMPLES`) is spent."""
    TIME = "time"
    """The time budget (``seconds``, at most `MAX_SECONDS`) is spent."""


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One distinct legal action rated over ``samples`` worlds.

    ``mean`` is the expected result in the game's measure (Xeri: the seat's team's round margin,
    higher is better; Zion Check: the seat's penalty points, lower is better), ``low``–``high``
    its 95% interval; ``loss`` the expected cost against the best action (≥ 0, in points) with
    its paired 95% interval ``loss_low``–``loss_high``; ``chance`` the share of worlds won
    (Xeri: the round; Zion Check: going out first); ``merged`` the other legal actions that
    are the same move (another copy of the same card)."""

    action: Any
    mean: float
    low: float
    high: float
    samples: int
    loss: float
    chance: float = 0.0
    loss_low: float = 0.0
    loss_high: float = 0.0
    merged: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Profile:
    """What the engine asks of a game (each game's ``analyst.py`` makes one).

    ``sample_world(view, rng)`` deals a world; ``rollout(world, seat, action, kind, seed)``
    plays ``action`` in it, then the rest of the round or hand with bots of ``kind``, and
    returns the seat's result in the
    game's measure and whether it succeeded (won the round, went out first); ``key(action)``
    is the same for actions that are the same move; ``words(action)`` says the move ("Play
    4♠"); ``better`` is +1 when higher results are better, -1 when lower are; ``measure(view)``
    names the result ("points for North–South by the end of the round") and ``chance_words``
    the success; ``rules`` the rule IDs the text cites; ``thresholds`` the losses in points of
    an inaccuracy, a mistake and a blunder (`cardkit.analysis.review`); ``tolerance`` the
    points within which two actions count as equal (`TOLERANCE` for Xeri);
    ``rollout_all(world, seat, actions, kind, seed)``, when given, returns ``rollout``'s result
    for every action at once, each on its own copy of ``world`` (a compiled kernel plays them
    all in one call); it must give the same results as ``rollout``. With ``set_aside``, an
    action shown worse than the best at a checkpoint (its paired interval against the best,
    widened as the stopping rule's, below zero) is rolled out no more: the worlds go to the
    actions still in question (see `rate`)."""

    game: str
    sample_world: Callable[[Any, Random], Any]
    rollout: Callable[[Any, int, Any, str, int], tuple[float, bool]]
    key: Callable[[Any], Hashable]
    words: Callable[[Any], str]
    better: int
    measure: Callable[[Any], str]
    chance_words: str
    rules: tuple[str, ...]
    thresholds: tuple[float, float, float]
    rollout_kinds: tuple[str, ...]
    seat_name: Callable[[int], str] = field(default=str)
    tolerance: float = 0.5
    rollout_all: Callable[[Any, int, Sequence[Any], str, int],
                          Sequence[tuple[float, bool]]] | None = None
    set_aside: bool = False


@dataclass(frozen=True)
class Analysis:
    """The rated actions of one seat at one decision, best first (`MoveValue`).

    ``stopped`` says why sampling ended, ``samples`` how many worlds were played, ``seconds``
    how long it took, ``legal`` how many legal actions there were and ``merged`` how many of
    them were merged into another (the same move). ``measure`` names what ``mean`` is."""

    game: str
    seat: int
    seat_name: str
    moves: tuple[MoveValue, ...]
    stopped: StopReason
    samples: int
    seconds: float
    legal: int
    merged: int
    measure: str
    chance_words: str
    better: int
    rules: tuple[str, ...]
    rollout: str
    words: Callable[[Any], str] = field(repr=False, compare=False, default=str)
    tolerance: float = TOLERANCE

    @property
    def best(self) -> MoveValue:
        """The best action's rating."""
        return self.moves[0]

    def value_of(self, action: Any) -> MoveValue:
        """The rating of ``action`` (or of the move it was merged into)."""
        for move in self.moves:
            if move.action == action or action in move.merged:
                return move
        raise ValueError(f"{action!r} is not one of the rated actions")

    @property
    def text(self) -> str:
        """A few sentences a learner reads, citing the rule IDs used."""
        from cardkit.analysis_draw import analysis_text

        return analysis_text(self)

    def to_frame(self) -> Any:
        """The moves as a pandas DataFrame, one row per distinct action (pandas is imported
        here, when asked: the static site has none)."""
        import pandas as pd

        rows = [{"action": self.words(m.action), "mean": m.mean, "low": m.low, "high": m.high,
                 "samples": m.samples, "loss": m.loss, "loss_low": m.loss_low,
                 "loss_high": m.loss_high, "chance": m.chance, "merged": len(m.merged)}
                for m in self.moves]
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        from cardkit.analysis_draw import analysis_html

        return analysis_html(self)

    def __str__(self) -> str:
        return self.text


def decide(bot: Any, game: Any) -> Any:
    """``bot``'s action for the seat to act in ``game``, asked as `cardkit.engine.decider`
    asks: a view bot or a function of the view is handed that seat's view, only an old bot
    (`cardkit.engine.takes_game`, deprecated) the game. One call, without decider's closure,
    because rollouts ask for every move of every sampled world."""
    if takes_game(bot):
        return bot.choose(game)
    return getattr(bot, "choose", bot)(game.observe(game.current_player))


def t_quantile(df: int, z: float = 1.959963984540054) -> float:
    """The quantile of Student's t with ``df`` degrees of freedom at the normal quantile ``z``
    (default 1.96: the 97.5% one, for 95% intervals). Cornish–Fisher, good to 0.01 from df = 3
    at 1.96 and to about 1% from df = 7 out to z = 3.5; the normal's ``z`` for large df."""
    if df <= 0:
        return math.inf
    if df <= 2 and z == 1.959963984540054:
        return (12.706, 4.303)[df - 1]
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


@cache
def stopping_quantile(df: int, comparisons: int, looks: int = len(CHECKPOINTS)) -> float:
    """The t quantile the stopping rule uses after ``df + 1`` worlds with ``comparisons``
    pairs to judge and ``looks`` checkpoints within the sample budget: 95% shared out over
    every pair and every checkpoint (Bonferroni), so that the chance of any wrong "separated"
    or "close" over a whole analysis is at most about 5% (Bonferroni is exact; the t quantile
    and the normal shape of the paired means are approximations).

    >>> stopping_quantile(1000, 1) > 1.5 * t_quantile(1000)
    True
    """
    alpha = 0.05 / (max(comparisons, 1) * max(looks, 1))
    return t_quantile(df, NormalDist().inv_cdf(1 - alpha / 2))


def _groups(actions: Sequence[Any], key: Callable[[Any], Hashable]) -> list[list[Any]]:
    by_key: dict[Hashable, list[Any]] = {}
    for action in actions:
        by_key.setdefault(key(action), []).append(action)
    return list(by_key.values())


def _budget(seconds: float | None, max_samples: int | None) -> tuple[float, int]:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                                or not seconds > 0):
        raise ValueError(f"seconds must be a positive number (or None), not {seconds!r}")
    if max_samples is not None and (isinstance(max_samples, bool)
                                    or not isinstance(max_samples, int) or max_samples < 1):
        raise ValueError(f"max_samples must be a whole number from 1 (or None), not "
                         f"{max_samples!r}")
    if seconds is None and max_samples is None:
        raise ValueError("give seconds or max_samples: an analysis needs a budget")
    limit = MAX_SECONDS if seconds is None else min(float(seconds), MAX_SECONDS)
    return limit, MAX_SAMPLES if max_samples is None else min(max_samples, MAX_SAMPLES)


class _Sums:
    """Running sums of every action's results and of their pairwise products (the paired
    differences' variances come from them without keeping every sample).

    The actions still rolled out are ``active``; one set aside (`set_aside`) keeps the sums of
    the worlds it was played in, and its pairs with every other action are judged on those
    worlds, the first ``count[j]`` of them (a snapshot of the others' sums there)."""

    def __init__(self, k: int) -> None:
        self.n = 0
        self.s = [0.0] * k
        self.q = [[0.0] * k for _ in range(k)]
        self.wins = [0] * k
        self.active = list(range(k))
        self.count = [0] * k
        self._at: dict[int, tuple[list[float], list[float]]] = {}
        """For an action set aside: every action's sum and sum of squares at that moment."""

    def add(self, row: Sequence[float], won: Sequence[bool]) -> None:
        """One world's results of the active actions, in their order."""
        self.n += 1
        s, q, wins, count, active = self.s, self.q, self.wins, self.count, self.active
        for a, i in enumerate(active):
            x = row[a]
            s[i] += x
            qi = q[i]
            for b, j in enumerate(active):
                qi[j] += x * row[b]
            wins[i] += won[a]
            count[i] += 1

    def set_aside(self, j: int) -> None:
        """Roll action j out no more."""
        self._at[j] = (list(self.s), [self.q[i][i] for i in range(len(self.s))])
        self.active.remove(j)

    def mean(self, i: int) -> float:
        return self.s[i] / self.count[i]

    def var(self, i: int) -> float:
        """The sample variance of action i over the worlds it was played in."""
        n = self.count[i]
        if n < 2:
            return math.inf
        return max(self.q[i][i] - self.s[i] ** 2 / n, 0.0) / (n - 1)

    def pair(self, i: int, j: int) -> tuple[int, float, float]:
        """The worlds both were played in, and the mean and sample variance of the difference
        i − j over them."""
        ci, cj = self.count[i], self.count[j]
        if ci == cj:  # both played in every world so far (or set aside at the same moment)
            n, si, sj, qii, qjj = ci, self.s[i], self.s[j], self.q[i][i], self.q[j][j]
            gap = self.mean(i) - self.mean(j)
        else:  # the one set aside first, and the other's sums at that moment
            early, late = (i, j) if ci < cj else (j, i)
            n = self.count[early]
            sums, squares = self._at[early]
            se, qe, sl, ql = self.s[early], self.q[early][early], sums[late], squares[late]
            si, qii, sj, qjj = (se, qe, sl, ql) if early == i else (sl, ql, se, qe)
            gap = (si - sj) / n
        if n < 2:
            return n, gap, math.inf
        d = si - sj
        ss = qii + qjj - 2 * self.q[i][j] - d * d / n
        return n, gap, max(ss, 0.0) / (n - 1)


def _settled(sums: _Sums, best: int, tolerance: float, looks: int,
             set_aside: bool) -> StopReason | None:
    """The stopping rule at a checkpoint, over the active actions (one set aside earlier was
    shown worse than the best of its moment); with ``set_aside``, those shown worse than
    ``best`` now are set aside."""
    n = sums.n
    t = stopping_quantile(n - 1, len(sums.s) - 1, looks)
    separated = settled = True
    for other in list(sums.active):
        if other == best:
            continue
        _, gap, var = sums.pair(best, other)
        half = t * math.sqrt(var / n)
        if gap - half > 0:
            if set_aside:
                sums.set_aside(other)
            continue
        separated = False
        if abs(gap) + half > tolerance:
            settled = False
    if not settled:
        return None
    return StopReason.SEPARATED if separated else StopReason.CLOSE


def rate(view: Any, profile: Profile, *, seconds: float | None = 1.0,
         max_samples: int | None = None, seed: int = 0, rollout: str = "greedy",
         tolerance: float | None = None, min_samples: int = MIN_SAMPLES) -> Analysis:
    """Rate every distinct legal action of ``view``'s seat (see the module docstring).

    Only ``view`` is read, never the game: two games that look the same from the seat give the
    same `Analysis` for the same ``seed`` and ``max_samples`` (a time budget alone may stop at
    another sample count). `rate_steps` is the same, a world at a time."""
    for analysis in rate_steps(view, profile, seconds=seconds, max_samples=max_samples,
                               seed=seed, rollout=rollout, tolerance=tolerance,
                               min_samples=min_samples):
        if analysis is not None:
            return analysis
    raise AssertionError("rate_steps ends with its Analysis")  # pragma: no cover


def rate_steps(view: Any, profile: Profile, *, seconds: float | None = 1.0,
               max_samples: int | None = None, seed: int = 0, rollout: str = "greedy",
               tolerance: float | None = None,
               min_samples: int = MIN_SAMPLES) -> Iterator[Analysis | None]:
    """`rate`, a world at a time: yields None after each world played out for every action,
    and the `Analysis` last (the same as `rate`'s for the same arguments, when a sample budget
    or the stopping rule ends it). A caller that stops asking drops the analysis: so a
    review's Stop, or a page with no threads (the static site) that answers its clicks between
    worlds, is never held for a whole decision. The time budget counts from the first step,
    whatever the caller does between steps."""
    if rollout not in profile.rollout_kinds:
        raise ValueError(f"unknown rollout bot {rollout!r}; the kinds are "
                         + ", ".join(profile.rollout_kinds))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    limit, cap = _budget(seconds, max_samples)
    if tolerance is None:
        tolerance = profile.tolerance
    legal = list(view.legal_actions())
    seat = view.seat
    if not legal:
        raise ValueError(f"{profile.seat_name(seat)} has no decision to rate now: it is not "
                         "their move")
    return _steps(view, profile, legal, seat, limit, cap, seed, rollout, tolerance, min_samples)


def _steps(view: Any, profile: Profile, legal: list[Any], seat: int, limit: float, cap: int,
           seed: int, rollout: str, tolerance: float,
           min_samples: int) -> Iterator[Analysis | None]:
    """`rate_steps` once its arguments are checked (a generator checks nothing until it is
    first asked: a wrong argument is refused when `rate_steps` is called)."""
    groups = _groups(legal, profile.key)
    reps = [group[0] for group in groups]
    sums = _Sums(len(reps))
    looks = sum(1 for point in CHECKPOINTS if min_samples <= point <= cap)  # within the budget
    start = time.perf_counter()
    deadline = start + limit
    stopped: StopReason | None = None
    better = profile.better
    while stopped is None:
        if sums.n >= cap:
            stopped = StopReason.SAMPLES
            break
        rng = Random(f"cardkit analysis {seed} {sums.n}")
        world = profile.sample_world(view, rng)
        rollout_seed = rng.getrandbits(32)
        row: list[float] = []
        won: list[bool] = []
        actions = [reps[i] for i in sums.active]
        if profile.rollout_all is not None:
            for value, success in profile.rollout_all(world, seat, actions, rollout,
                                                      rollout_seed):
                row.append(better * value)
                won.append(success)
        for action in actions[len(row):]:
            value, success = profile.rollout(world.clone(), seat, action, rollout,
                                             rollout_seed)
            row.append(better * value)
            won.append(success)
            if time.perf_counter() > deadline and sums.n:
                break  # a half-played sample is dropped: every action keeps the same worlds
        if len(row) < len(actions):
            stopped = StopReason.TIME
            break
        sums.add(row, won)
        if sums.n >= min_samples and sums.n in _CHECKS:
            best = max(sums.active, key=sums.mean)
            stopped = _settled(sums, best, tolerance, looks, profile.set_aside)
        if stopped is None and time.perf_counter() > deadline:
            stopped = StopReason.TIME
        if stopped is None:
            yield None
    yield _analysis(view, profile, groups, sums, stopped, time.perf_counter() - start,
                    len(legal), rollout, tolerance)


def _analysis(view: Any, profile: Profile, groups: list[list[Any]], sums: _Sums,
              stopped: StopReason, seconds: float, legal: int, rollout: str,
              tolerance: float) -> Analysis:
    """The `Analysis`: the actions played in every world, best first, then those set aside
    earlier, least loss first; each rated over the worlds it was played in and compared with
    the best on the worlds both were played in."""
    n = sums.n
    k = len(groups)
    better = profile.better
    best = min(sums.active, key=lambda i: (-sums.mean(i), i))
    # every move played in every world, by its mean; then those set aside before the end
    order = sorted((i for i in range(k) if sums.count[i] == n), key=lambda i: (-sums.mean(i), i))
    aside = sorted((i for i in range(k) if sums.count[i] < n),
                   key=lambda i: (sums.pair(best, i)[1], i))
    moves = []
    for i in order + aside:
        played = sums.count[i]
        score = sums.mean(i)
        half = t_quantile(played - 1) * math.sqrt(sums.var(i) / played) if played > 1 \
            else math.inf
        mean = better * score + 0.0  # never −0.0
        low, high = sorted((mean - half, mean + half))
        if i == best:
            gap = gap_half = 0.0
        else:
            both, gap, var = sums.pair(best, i)
            gap_half = t_quantile(both - 1) * math.sqrt(var / both) if both > 1 else math.inf
        # a move set aside was shown worse than the best of its moment; on its fewer worlds
        # the final best may, rarely, have done worse: its loss is then no less than zero
        moves.append(MoveValue(groups[i][0], mean, low, high, played, max(gap, 0.0),
                               sums.wins[i] / played, gap - gap_half, gap + gap_half,
                               tuple(groups[i][1:])))
    return Analysis(game=profile.game, seat=view.seat, seat_name=profile.seat_name(view.seat),
                    moves=tuple(moves), stopped=stopped, samples=n, seconds=seconds,
                    legal=legal, merged=legal - k, measure=profile.measure(view),
                    chance_words=profile.chance_words, better=better, rules=profile.rules,
                    rollout=rollout, words=profile.words, tolerance=tolerance)


class AnalystBase:
    """A bot that plays the analyst's best action (`rate` from its seat's view), for any game
    whose package subclasses it with its `Profile` (``cardkit/<game>/analyst.py``).

    ``seconds`` bounds each decision (at most `MAX_SECONDS`); ``max_samples`` makes the bot
    deterministic for its seed (a time budget alone depends on the machine's speed). A
    decision with one distinct action is taken at once. ``choose`` takes the seat's view; a
    game is accepted too and its view taken (``game.observe(seat)``).

    ``win_tie_break`` (a share of worlds, or True for the game's default
    `default_win_tie_break`, or False: off): among the actions the analysis cannot tell worse
    than the best (their paired interval against it reaches zero), when the greedy move is one
    of them, the bot plays the one that succeeded (``MoveValue.chance``: in Xeri, won the round)
    in the most worlds instead of the greedy move if it did so in more than this share of the
    worlds more than the greedy move. The results are rated as before; only the choice between
    moves the results cannot separate changes."""

    profile: Profile
    takes_view = True  # choose is handed the seat's view (cardkit.engine's bot protocol)
    prefer: type | None = None
    """The game's greedy bot: when its move is as good as the best by the analysis (its paired
    interval against the best reaches zero), the analyst plays it (sampling noise between close
    moves is no reason to leave a sound heuristic), unless ``win_tie_break`` says otherwise."""
    default_win_tie_break: float | None = None
    """The game's ``win_tie_break`` when the bot is given ``True`` (None: off)."""

    def __init__(self, seat: int, *, seed: int | None = 0, seconds: float | None = 0.2,
                 max_samples: int | None = None, rollout: str = "greedy",
                 win_tie_break: float | bool = True) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ValueError(f"a seat is a whole number from 0, not {seat!r}")
        _budget(seconds, max_samples)
        if win_tie_break is True:
            self.win_tie_break = self.default_win_tie_break
        elif win_tie_break is False:
            self.win_tie_break = None
        elif isinstance(win_tie_break, int | float) and 0 <= win_tie_break <= 1:
            self.win_tie_break = float(win_tie_break)
        else:
            raise ValueError(f"win_tie_break is True (the game's default), False (off) or a "
                             f"share from 0 to 1, not {win_tie_break!r}")
        self.seat = seat
        self.seed = 0 if seed is None else seed
        self.seconds = seconds
        self.max_samples = max_samples
        self.rollout = rollout
        self.decisions = 0
        self.last: Analysis | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seat})"

    def choose(self, view: Any) -> Any:
        """The best action for this seat now, by the analyst."""
        if hasattr(view, "clone"):  # a game (the old bot protocol): take this seat's view
            view = view.observe(self.seat)
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{self.profile.seat_name(self.seat)} cannot act now: it is not "
                             "their move")
        self.decisions += 1
        if len(_groups(legal, self.profile.key)) == 1:
            return legal[0]
        seed = (self.seed * 1_000_003 + self.decisions) & 0x7FFFFFFF
        self.last = rate(view, self.profile, seconds=self.seconds,
                         max_samples=self.max_samples, seed=seed, rollout=self.rollout)
        if self.prefer is not None:
            heuristic = self.prefer(self.seat, seed=seed).choose(view)
            key = self.profile.key(heuristic)
            close = [move for move in self.last.moves if move.loss_low <= 0]
            kept = next((move for move in close if self.profile.key(move.action) == key), None)
            if kept is not None:
                if self.win_tie_break is not None:  # the most successes, best first on ties
                    better = self.profile.better  # Zion Check: fewer penalty points are better
                    top = max(close, key=lambda move: (move.chance, better * move.mean))
                    if top.chance > kept.chance + self.win_tie_break:
                        return top.action
                return heuristic
        return self.last.best.action
