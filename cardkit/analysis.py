"""The analyst: the expected value of every legal move from a seat's view, with its interval.

`analyze` rates every distinct legal action of one seat by flat perfect-information Monte Carlo
(`cardkit.pimc`): it samples the cards the seat cannot see from the seat's view alone (the
game's ``sample_world``, `cardkit.games.GameSpec`), plays every action on the same worlds with
the same rollout seeds, rolls each out to the end of the round (Xeri) or hand (Zion Check) and
compares the actions on paired differences::

    >>> from cardkit.xeri import new_game
    >>> result = analyze(new_game(seed=3), max_samples=12, seconds=None)
    >>> len(result.moves), result.samples, result.legal
    (6, 12, 6)
    >>> result.best.loss, all(m.loss >= 0 for m in result.moves)
    (0.0, True)

`play_worlds` keeps what `analyze` sums up: every move's result in every sampled world, one row
per world, so that a lesson can average them itself, watch an interval narrow as worlds are
added, and compare moves on the same worlds (paired) or each on worlds of its own.

`review` rates each decision of one seat in a finished game by its expected loss against the
best move, marked as an inaccuracy, a mistake or a blunder by the game's thresholds in points
(`REVIEW_THRESHOLDS`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from random import Random
from typing import Any

from cardkit.games import get_game, load_record
from cardkit.i18n import Domain
from cardkit.pimc import (
    MAX_SAMPLES,
    MAX_SECONDS,
    TOLERANCE,
    Analysis,
    MoveValue,
    Profile,
    StopReason,
    _groups,
    rate,
    rate_steps,
)

__all__ = ["MAX_REVIEW_SECONDS", "MAX_SAMPLES", "MAX_SECONDS", "MAX_WORLDS", "TOLERANCE",
           "Analysis", "Mark", "MoveValue", "Review", "ReviewedMove", "StopReason", "Worlds",
           "analyze", "mark_word", "play_worlds", "profile_of", "review", "review_steps",
           "review_thresholds"]

_t = Domain("cardkit")
_, ngettext, pgettext = _t.gettext, _t.ngettext, _t.pgettext

MAX_REVIEW_SECONDS = 600.0
"""The longest a whole review runs, whatever it is asked (each decision is bounded too)."""
MAX_WORLDS = 5_000
"""The most worlds `play_worlds` plays (it keeps every result: a bound on memory and time)."""


def profile_of(game: Any) -> Profile:
    """The analyst profile of ``game``'s kind, from the registry."""
    spec = get_game(game.game_name)
    if spec.analyst is None:
        raise ValueError(f"there is no analyst for {spec.title}: its GameSpec has no "
                         "analyst profile")
    profile: Profile = spec.analyst
    return profile


def analyze(game: Any, seat: int | None = None, *, seconds: float | None = 1.0,
            max_samples: int | None = None, seed: int = 0,
            rollout: str = "greedy") -> Analysis:
    """Rate every legal action of ``seat`` (default: the player to act) in ``game``.

    Built from ``game.observe(seat)`` only, so it cannot peek: two games that look the same
    from the seat give the same `Analysis` for the same ``seed`` and ``max_samples``.
    ``seconds`` (at most `MAX_SECONDS`; None: no time limit) and ``max_samples`` (at most
    `MAX_SAMPLES`) bound the work; sampling stops sooner once the best action is settled
    (`StopReason`). ``rollout`` names the bots that play the worlds out ("greedy", "random").
    """
    profile = profile_of(game)
    if seat is None:
        seat = game.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to rate")
    view = game.observe(seat)
    return rate(view, profile, seconds=seconds, max_samples=max_samples, seed=seed,
                rollout=rollout)


@dataclass(frozen=True)
class Worlds:
    """Every distinct legal action of one seat played out in the same sampled worlds.

    ``results[w][a]`` is the result of ``actions[a]`` in world ``w``, in the game's measure
    (``measure``: Xeri, the seat's team's round margin; Zion Check, the seat's penalty
    points). The worlds and rollout seeds are `analyze`'s for the same ``seed``, so the
    averages of the first n rows are the means of ``analyze(..., max_samples=n)`` when it
    samples all n."""

    game: str
    seat: int
    actions: tuple[Any, ...]
    results: tuple[tuple[float, ...], ...]
    seed: int
    rollout: str
    measure: str
    words: Callable[[Any], str] = field(repr=False, compare=False, default=str)
    merged: tuple[tuple[Any, ...], ...] = ()

    def __len__(self) -> int:
        """The number of worlds played."""
        return len(self.results)

    def column(self, action: Any) -> list[float]:
        """The results of ``action`` (or of the move it is the same as), world by world."""
        for index, first in enumerate(self.actions):
            others = self.merged[index] if self.merged else ()
            if action == first or action in others:
                return [row[index] for row in self.results]
        raise ValueError(f"{action!r} is not one of the rated actions: "
                         + ", ".join(str(a) for a in self.actions))

    def to_frame(self) -> Any:
        """One row per world, one column per action named in words (pandas, imported when
        asked)."""
        import pandas as pd

        return pd.DataFrame(list(self.results), columns=[self.words(a) for a in self.actions])


def play_worlds(game: Any, seat: int | None = None, *, samples: int, seed: int = 0,
                rollout: str = "greedy") -> Worlds:
    """Play every distinct legal action of ``seat`` (default: the player to act) in each of
    ``samples`` worlds dealt from the seat's view, and keep every result (`Worlds`).

    It is what `analyze` does without its stopping rule and with nothing summed up: the same
    worlds and rollout seeds for the same ``seed``, built from ``game.observe(seat)`` only (it
    cannot peek). ``samples`` is 1 to `MAX_WORLDS`."""
    if isinstance(samples, bool) or not isinstance(samples, int) \
            or not 1 <= samples <= MAX_WORLDS:
        raise ValueError(f"samples must be a whole number from 1 to {MAX_WORLDS:,}, not "
                         f"{samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    profile = profile_of(game)
    if rollout not in profile.rollout_kinds:
        raise ValueError(f"unknown rollout bot {rollout!r}; the kinds are "
                         + ", ".join(profile.rollout_kinds))
    if seat is None:
        seat = game.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to rate")
    view = game.observe(seat)
    legal = list(view.legal_actions())
    if not legal:
        raise ValueError(f"{profile.seat_name(seat)} has no decision to rate now: it is not "
                         "their move")
    groups = _groups(legal, profile.key)
    rows = []
    for number in range(samples):
        rng = Random(f"cardkit analysis {seed} {number}")  # the seeding of `pimc.rate`
        world = profile.sample_world(view, rng)
        rollout_seed = rng.getrandbits(32)
        rows.append(tuple(profile.rollout(world.clone(), seat, group[0], rollout,
                                          rollout_seed)[0] for group in groups))
    return Worlds(game=profile.game, seat=seat, actions=tuple(g[0] for g in groups),
                  results=tuple(rows), seed=seed, rollout=rollout,
                  measure=profile.measure(view), words=profile.words,
                  merged=tuple(tuple(g[1:]) for g in groups))


class Mark(str, Enum):
    """How costly a reviewed decision was, by the game's thresholds (`review_thresholds`)."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def mark_word(mark: Mark) -> str:
    """The mark as a learner reads it, in the language of the moment ("mistake", "ミス")."""
    if mark is Mark.INACCURACY:
        return pgettext("mark", "inaccuracy")
    if mark is Mark.MISTAKE:
        return pgettext("mark", "mistake")
    if mark is Mark.BLUNDER:
        return pgettext("mark", "blunder")
    return pgettext("mark", "good")


def review_thresholds(game_name: str) -> tuple[float, float, float]:
    """The expected losses, in points, from which a decision is an inaccuracy, a mistake and a
    blunder (Xeri: 2, 5, 10 round points; Zion Check: 3, 8, 15 penalty points)."""
    thresholds: tuple[float, float, float] = profile_of(_Named(game_name)).thresholds
    return thresholds


class _Named:
    def __init__(self, name: str) -> None:
        self.game_name = get_game(name).name


def _mark(loss: float, low: float, thresholds: tuple[float, float, float]) -> Mark:
    """A decision is marked only when its loss is both past a threshold and surely a loss
    (its paired interval above zero): sampling noise is no mistake."""
    if low <= 0:
        return Mark.GOOD
    inaccuracy, mistake, blunder = thresholds
    if loss >= blunder:
        return Mark.BLUNDER
    if loss >= mistake:
        return Mark.MISTAKE
    if loss >= inaccuracy:
        return Mark.INACCURACY
    return Mark.GOOD


@dataclass(frozen=True)
class ReviewedMove:
    """One decision of the reviewed seat: the ``index`` of the action in the game's history,
    the ``action`` played, its rating ``played`` and the analysis of the position (None for a
    forced move: one distinct action), and its `Mark`. ``timed_out`` is True when the
    analysis stopped at its time bound before its sample budget was spent or the moves were
    settled: only then can the same review on a busier or quieter machine rate it otherwise."""

    index: int
    action: Any
    loss: float
    mark: Mark
    played: MoveValue | None
    analysis: Analysis | None
    timed_out: bool = False

    @property
    def best(self) -> MoveValue | None:
        return None if self.analysis is None else self.analysis.best


@dataclass(frozen=True)
class Review:
    """The reviewed decisions of ``seat`` (`ReviewedMove`), in order; ``complete`` is False when
    the review was stopped or ran out of time before the end (what was done is kept)."""

    game: str
    seat: int
    seat_name: str
    moves: tuple[ReviewedMove, ...]
    complete: bool
    thresholds: tuple[float, float, float]
    measure: str
    seconds: float
    decisions: int = 0
    """How many decisions the seat made in the game (``len(moves)`` once complete)."""

    @property
    def biggest_mistake(self) -> ReviewedMove | None:
        """The decision with the largest expected loss (None if none lost anything)."""
        lossy = [m for m in self.moves if m.loss > 0]
        return max(lossy, key=lambda m: m.loss) if lossy else None

    def count(self, mark: Mark) -> int:
        return sum(m.mark is mark for m in self.moves)

    @property
    def timed_out(self) -> tuple[ReviewedMove, ...]:
        """The decisions whose analysis a time bound stopped (`ReviewedMove.timed_out`): the
        only ones another run of the same review may rate otherwise."""
        return tuple(m for m in self.moves if m.timed_out)

    @property
    def timed_out_text(self) -> str:
        """What the time bound did, in a sentence ("" when it stopped no decision)."""
        count = len(self.timed_out)
        if not count:
            return ""
        return ngettext(
            "{count} decision was stopped by the time bound before its sample budget: its "
            "mark may differ in another review (with the sample budget alone, the same game "
            "gets the same marks).",
            "{count} decisions were stopped by the time bound before their sample budget: "
            "their marks may differ in another review (with the sample budget alone, the "
            "same game gets the same marks).", count).format(count=count)

    @property
    def text(self) -> str:
        """The review in words: one line per marked decision and a summary."""
        profile = profile_of(_Named(self.game))
        a, b, c = self.thresholds
        counts = {"seat": self.seat_name, "decisions": len(self.moves),
                  "inaccuracies": self.count(Mark.INACCURACY), "a": a,
                  "mistakes": self.count(Mark.MISTAKE), "b": b,
                  "blunders": self.count(Mark.BLUNDER), "c": c, "measure": self.measure}
        if self.complete:
            head = _("Review of {seat}: {decisions} decisions; {inaccuracies} inaccuracies (≥ "
                     "{a:g} points), {mistakes} mistakes (≥ {b:g}), {blunders} blunders (≥ "
                     "{c:g}); losses are expected {measure}.").format(**counts)
        else:
            head = _("Review of {seat}: {decisions} decisions (stopped before the end); "
                     "{inaccuracies} inaccuracies (≥ {a:g} points), {mistakes} mistakes (≥ "
                     "{b:g}), {blunders} blunders (≥ {c:g}); losses are expected {measure}."
                     ).format(**counts)
        lines = [head]
        for move in self.moves:
            if move.mark is Mark.GOOD or move.best is None:
                continue
            said = {"number": move.index + 1, "move": profile.words(move.action),
                    "mark": mark_word(move.mark), "loss": f"{move.loss:.1f}",
                    "best": _lower(profile.words(move.best.action))}
            lines.append("  " + _("move {number}: {move} is a {mark}, {loss} points worse than "
                                  "{best}").format(**said))
        worst = self.biggest_mistake
        if worst is not None and worst.best is not None:
            lines.append(_("The biggest loss: move {number}, {move} ({loss} points; best: "
                           "{best}).").format(number=worst.index + 1,
                                              move=_lower(profile.words(worst.action)),
                                              loss=f"{worst.loss:.1f}",
                                              best=_lower(profile.words(worst.best.action))))
        if self.timed_out:
            lines.append(self.timed_out_text)
        return "\n".join(lines)

    def to_frame(self) -> Any:
        """One row per decision (pandas, imported when asked)."""
        import pandas as pd

        profile = profile_of(_Named(self.game))
        return pd.DataFrame([{
            "index": m.index, "action": profile.words(m.action), "loss": m.loss,
            "mark": m.mark.value,
            "best": None if m.best is None else profile.words(m.best.action),
            "expected": None if m.played is None else m.played.mean,
            "samples": 0 if m.analysis is None else m.analysis.samples,
            "timed_out": m.timed_out} for m in self.moves])

    def __str__(self) -> str:
        return self.text


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _start_of(record_or_game: Any) -> tuple[Any, Sequence[Any]]:
    """The game at its start and the actions played, from a record text or a game."""
    game = load_record(record_or_game) if isinstance(record_or_game, str) else record_or_game
    import json

    data = json.loads(game.to_json())
    data["actions"] = []
    return load_record(json.dumps(data)), tuple(game.history)


def review(record_or_game: Any, seat: int, *, seconds_per_move: float | None = 0.5,
           max_samples_per_move: int | None = None, seconds: float | None = 120.0,
           seed: int = 0, rollout: str = "greedy",
           progress: Callable[[int, int], Any] | None = None,
           stop: threading.Event | Callable[[], bool] | None = None) -> Review:
    """Rate each of ``seat``'s decisions in a game (a record's JSON text, or a game) with its
    expected loss against the best move, marked by `review_thresholds`.

    Each decision is analysed from the seat's view at that moment (``seconds_per_move``,
    ``max_samples_per_move``); the whole review stops after ``seconds`` (at most
    `MAX_REVIEW_SECONDS`). With a sample budget and the seed, the same game gets the same
    review on any machine, provided ``seconds_per_move`` is a safety cap the decisions do not
    reach: a decision it stops is said (`ReviewedMove.timed_out`, `Review.timed_out`).
    ``progress(done, total)`` is called after each of the seat's decisions; ``stop`` (an
    `threading.Event`, or a function that returns True) ends the review early, keeping what is
    done (``Review.complete`` is then False). `review_steps` is the same review a decision at
    a time."""
    result: Review | None = None
    done = 0
    for result in review_steps(record_or_game, seat, seconds_per_move=seconds_per_move,
                               max_samples_per_move=max_samples_per_move, seconds=seconds,
                               seed=seed, rollout=rollout, stop=stop):
        if progress is not None and len(result.moves) > done:
            done = len(result.moves)
            progress(done, result.decisions)
    assert result is not None  # review_steps yields at least once
    return result


def review_steps(record_or_game: Any, seat: int, *, seconds_per_move: float | None = 0.5,
                 max_samples_per_move: int | None = None, seconds: float | None = 120.0,
                 seed: int = 0, rollout: str = "greedy",
                 stop: threading.Event | Callable[[], bool] | None = None,
                 yield_every: float | None = None) -> Iterator[Review]:
    """`review`, a decision at a time: yields the `Review` so far after each of ``seat``'s
    decisions (``complete`` once the last is done; ``decisions`` says how many there are),
    and a last one with ``complete`` False when ``stop`` or ``seconds`` ended it early. An app
    steps through it between its page's messages (the static site has no threads); the last
    `Review` yielded is the result, whatever was done.

    ``stop`` and ``seconds`` are asked after every world of a decision's analysis
    (`cardkit.pimc.rate_steps`), so neither waits for a long decision: the decision they
    interrupt is dropped, those done are kept. With ``yield_every`` (seconds), the review so
    far is also yielded, unchanged, during a decision that takes longer than that, so that a
    page without threads answers its clicks (Stop) meanwhile."""
    start, actions = _start_of(record_or_game)
    profile = profile_of(start)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < start.num_players:
        raise ValueError(f"seat must be 0 to {start.num_players - 1}, not {seat!r}")
    limit = MAX_REVIEW_SECONDS if seconds is None else min(seconds, MAX_REVIEW_SECONDS)
    stopped: Callable[[], bool]
    if stop is None:
        stopped = lambda: False  # noqa: E731
    elif isinstance(stop, threading.Event):
        stopped = stop.is_set
    else:
        stopped = stop
    total = 0
    replay = start.clone()
    for action in actions:  # how many decisions the seat made, for the progress bar
        total += replay.current_player == seat
        replay.apply(action)
    measure = profile.measure(start.observe(seat)).split(" by ")[0].split(" at ")[0]
    began = time.perf_counter()
    reviewed: list[ReviewedMove] = []

    def so_far(complete: bool) -> Review:
        return Review(game=profile.game, seat=seat, seat_name=profile.seat_name(seat),
                      moves=tuple(reviewed), complete=complete, thresholds=profile.thresholds,
                      measure=measure, seconds=time.perf_counter() - began, decisions=total)

    if not total:
        yield so_far(True)
        return
    game = start
    for index, action in enumerate(actions):
        if game.current_player == seat:
            if stopped() or time.perf_counter() - began > limit:
                yield so_far(False)
                return
            shown = time.perf_counter()
            for step in _review_one(game, seat, index, action, profile, seconds_per_move,
                                    max_samples_per_move, seed + index, rollout):
                if step is not None:
                    reviewed.append(step)
                    break
                now = time.perf_counter()
                if stopped() or now - began > limit:  # between two worlds of a decision
                    yield so_far(False)
                    return
                if yield_every is not None and now - shown >= yield_every:
                    shown = now
                    yield so_far(False)
            yield so_far(len(reviewed) == total)
            if len(reviewed) == total:
                return
        game.apply(action)


def _review_one(game: Any, seat: int, index: int, action: Any, profile: Profile,
                seconds: float | None, max_samples: int | None, seed: int,
                rollout: str) -> Iterator[ReviewedMove | None]:
    """The review of one decision, a world at a time: None after each world, the
    `ReviewedMove` last."""
    view = game.observe(seat)
    legal = view.legal_actions()
    if len({profile.key(a) for a in legal}) <= 1:
        yield ReviewedMove(index, action, 0.0, Mark.GOOD, None, None)
        return
    analysis = None
    for analysis in rate_steps(view, profile, seconds=seconds, max_samples=max_samples,
                               seed=seed, rollout=rollout):
        if analysis is None:
            yield None
    assert analysis is not None  # rate_steps ends with its Analysis
    played: MoveValue | None
    try:
        played = analysis.value_of(action)
    except ValueError:  # a go-down other than the solver's: rated as its key's move, if any
        key = profile.key(action)
        played = next((m for m in analysis.moves if profile.key(m.action) == key), None)
    if played is None:
        yield ReviewedMove(index, action, 0.0, Mark.GOOD, None, analysis)
        return
    mark = _mark(played.loss, played.loss_low, profile.thresholds)
    # Stopped by the clock with samples left to play: a time budget decided it, not the seed
    # and the sample budget, so it is said (a review at another load may differ there).
    timed_out = analysis.stopped is StopReason.TIME and (
        max_samples is None or analysis.samples < min(max_samples, MAX_SAMPLES))
    yield ReviewedMove(index, action, played.loss, mark, played, analysis, timed_out)
