"""`ReviewPanel`: the replay viewer's **Analyse this game** for a chosen seat.

Each of the seat's decisions in the record is rated from that seat's view at that moment
(`cardkit.analysis.review_steps`): its expected loss against the best move, marked an
inaccuracy, a mistake or a blunder by the game's thresholds in points (`review_thresholds`,
stated on the panel). The panel lists the marked decisions, charts the seat's expected result
move by move (plotly, offline, as `cardkit.widgets.charts`), and "Jump to the biggest
mistake" moves the stepper to that step. A progress bar (`ProgressBar`: a screen reader
reads it) fills while it works; Stop ends it
at once (between two sampled worlds) and keeps the decisions done.

The review runs off the kernel's main thread (a thread; in the static site, where there are
no threads, on the page's event loop, as the probability lab runs, giving way to the page's
clicks at least every `limits.REVIEW_YIELD_SECONDS`, even within a decision), so the stepper
and Stop stay usable meanwhile. It is bounded: `limits.MAX_REVIEW_MOVE_SAMPLES` per
decision (with the fixed seed 0, what decides a decision's rating, so a review is the same on
any machine), `limits.MAX_REVIEW_MOVE_SECONDS` per decision only as a safety cap (a decision
it stops is said in the message), `limits.MAX_REVIEW_SECONDS` in all, one review at a time
per panel; loading another record stops the one running (`review_for`).
"""

from __future__ import annotations

import asyncio
import html
import threading
from collections.abc import Generator, Iterator
from typing import Any

import ipywidgets as widgets

from cardkit.i18n import Domain
from cardkit.widgets import limits
from cardkit.widgets.common import MessageArea, speaking
from cardkit.widgets.progress import ProgressBar

_t = Domain("apps")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["ReviewPanel", "review_for"]

_MARK_COLOURS = {"good": "#2563eb", "inaccuracy": "#ca8a04", "mistake": "#ea580c",
                 "blunder": "#b91c1c"}


def review_for(stepper: Any, old: ReviewPanel | None = None) -> ReviewPanel | None:
    """A panel for ``stepper``, once ``old`` (the panel of the record shown before) is stopped;
    None for a game whose registry entry has no analyst (there is nothing to rate it with)."""
    from cardkit.games import get_game

    if old is not None:
        old.stop()
    if get_game(stepper.start.game_name).analyst is None:
        return None
    return ReviewPanel(stepper)


class ReviewPanel(widgets.VBox):
    """Analyse the game of ``stepper`` (a `TurnStepper`) for one seat; see the module.

    ``background=False`` runs a review in the caller's thread (scripts and tests)."""

    def __init__(self, stepper: Any, *, background: bool = True) -> None:
        from cardkit.analysis import review_thresholds

        self.stepper = stepper
        self.background = background
        self.review: Any = None
        self._halt = threading.Event()
        self._thread: threading.Thread | None = None
        self._task: asyncio.Future[None] | None = None
        self.figure: Any = None
        try:  # the kernel's loop: the chart is drawn there, not in the review's thread
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        start = stepper.start
        self.thresholds = review_thresholds(start.game_name)
        shown = stepper.seat
        self.seat = widgets.Dropdown(
            options=[(start.seat_name(s), s) for s in range(start.num_players)],
            value=0 if shown is None else shown, description=_("Seat"),
            layout=widgets.Layout(width="220px"))
        self.analyse_button = widgets.Button(
            description=_("Analyse this game"), button_style="primary",
            tooltip=_("rate each of this seat's decisions against the best move"),
            layout=widgets.Layout(width="auto"))
        self.stop_button = widgets.Button(description=_("Stop"), icon="stop", disabled=True,
                                          tooltip=_("stop now, keep the decisions rated so "
                                                    "far"))
        self.jump_button = widgets.Button(description=_("Jump to the biggest mistake"),
                                          disabled=True, layout=widgets.Layout(width="auto"))
        # a role="progressbar" a screen reader reads (ipywidgets' IntProgress has no role)
        self.progress = ProgressBar(_("Progress of the analysis"))
        self.progress.add_class("ck-review-progress")
        self.message = MessageArea()
        self.rules = widgets.HTML(self._rules_html()).add_class("ck-review-rules")
        self.table = widgets.HTML().add_class("ck-review-table")
        self.chart = widgets.VBox()
        self.analyse_button.on_click(speaking(lambda _b: self.analyse()))
        self.stop_button.on_click(speaking(lambda _b: self.stop()))
        self.jump_button.on_click(speaking(lambda _b: self.jump()))
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            widgets.HTML("<b>" + _("Analyse this game") + "</b>"),
            widgets.HBox([self.seat, self.analyse_button, self.stop_button, self.progress],
                         layout=row),
            self.rules, self.message, widgets.HBox([self.jump_button], layout=row),
            self.table, self.chart], layout=widgets.Layout(margin="8px 0"))
        self.add_class("ck-review-panel")

    def _rules_html(self) -> str:
        a, b, c = self.thresholds
        points = self._points()
        return "<p style='margin:2px 0'>" + _(
            "A decision is an <b>inaccuracy</b> when it loses {a} or more {points} on average "
            "against the best move, a <b>mistake</b> from {b}, a <b>blunder</b> from {c}, and "
            "only when its interval is above zero (sampling noise is no mistake). Each decision "
            "is rated from the seat's view at that moment, over at most {samples} possible "
            "deals drawn with a fixed seed, so the same game gets the same marks each time; a "
            "decision still thinking after {move_seconds} s stops there, and the review says "
            "so (its mark may then differ). The whole game takes at most {seconds} s."
        ).format(
            a=f"{a:g}", b=f"{b:g}", c=f"{c:g}", points=points, samples=self._samples(),
            move_seconds=f"{limits.MAX_REVIEW_MOVE_SECONDS:g}",
            seconds=f"{limits.MAX_REVIEW_SECONDS:g}") + "</p>"

    @staticmethod
    def _samples() -> int:
        return limits.analysis_samples(limits.MAX_REVIEW_MOVE_SAMPLES)

    # ----------------------------------------------------------------- running

    @property
    def running(self) -> bool:
        if self._task is not None and not self._task.done():
            return True
        return self._thread is not None and self._thread.is_alive()

    def analyse(self) -> None:
        """Start the review of the chosen seat (one at a time)."""
        if self.running:
            self.message.show(_("The analysis is running: wait for it, or press Stop."), "info")
            return
        steps = self.steps()
        if not self.background:
            _drain(steps)
            return
        self._thread = threading.Thread(target=speaking(_drain), args=(steps,), daemon=True,
                                        name="cardkit-review")
        try:
            self._thread.start()
        except RuntimeError:  # no threads (Python in the browser): on the page's event loop
            self._thread = None
            self._task = asyncio.ensure_future(_step_through(steps))

    def steps(self) -> Generator[None, None, None]:
        """The review of the chosen seat as steps, one per decision and more within a long one,
        at least every `limits.REVIEW_YIELD_SECONDS` (what `analyse` runs, on a thread or on
        the page's event loop; see `cardkit.analysis.review_steps`)."""
        from cardkit.analysis import review_steps

        self._halt.clear()
        seat = int(self.seat.value)
        self.review = None
        self.analyse_button.disabled = self.seat.disabled = True
        self.stop_button.disabled, self.jump_button.disabled = False, True
        self.progress.show(0, 1, _("starting"))
        self.table.value = ""
        self.message.show(_("Analysing {seat}'s decisions…").format(
            seat=self.stepper.start.seat_name(seat)), "info")
        reviews = review_steps(self.stepper.record, seat,
                               seconds_per_move=limits.MAX_REVIEW_MOVE_SECONDS,
                               max_samples_per_move=self._samples(),
                               seconds=limits.MAX_REVIEW_SECONDS, seed=0, stop=self._halt,
                               yield_every=limits.REVIEW_YIELD_SECONDS)
        return self._work(reviews)

    def _work(self, reviews: Iterator[Any]) -> Generator[None, None, None]:
        failed: Exception | None = None
        try:
            for review in reviews:
                if self.review is not None and review.moves == self.review.moves:
                    self.review = review  # within a decision: nothing new to draw
                else:
                    self._show(review)
                yield
        except Exception as error:  # shown in the app, never lost in the kernel's log
            failed = error
        finally:
            self.analyse_button.disabled = self.seat.disabled = False
            self.stop_button.disabled = True
        # said once the buttons are as they stay: who reads "done" finds Stop already off
        if failed is None:
            self._finish()
        else:
            self.message.show_error(failed)

    def stop(self) -> None:
        """End the review at once (after the sampled world in progress); the decisions done
        are kept, the one in progress is dropped."""
        self._halt.set()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a background review to end (scripts and tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    # ----------------------------------------------------------------- what it shows

    def _show(self, review: Any) -> None:
        self.review = review
        done, total = len(review.moves), review.decisions
        self.progress.show(done, total, _("{done} of {total}").format(done=done, total=total))
        self.table.value = _table_html(review, self.stepper)
        self.jump_button.disabled = self.worst() is None
        if self._loop is None or threading.current_thread() is threading.main_thread():
            self._chart(review)
        else:  # a plotly figure made or changed off the kernel's thread stayed blank on the page
            self._loop.call_soon_threadsafe(self._chart, review)

    def _finish(self) -> None:
        review = self.review
        if review is None:
            return
        inaccuracies, mistakes, blunders = (review.count(mark) for mark in _marks())
        counts = ", ".join(
            text.format(count=n) for text, n in (
                (ngettext("{count} inaccuracy", "{count} inaccuracies", inaccuracies),
                 inaccuracies),
                (ngettext("{count} mistake", "{count} mistakes", mistakes), mistakes),
                (ngettext("{count} blunder", "{count} blunders", blunders), blunders)))
        words = (_("{seat}: {rated} of {total} decisions rated, done; {counts}.")
                 if review.complete else
                 _("{seat}: {rated} of {total} decisions rated, stopped before the end (what was "
                   "done is kept); {counts}."))
        said = words.format(seat=review.seat_name, rated=len(review.moves),
                            total=review.decisions, counts=counts)
        # the time cap stopped a decision: a teacher is told its mark may differ next time
        self.message.show(" ".join(filter(None, (said, review.timed_out_text))), "ok")

    def worst(self) -> Any:
        """The biggest mistake so far: the marked decision with the largest expected loss, or
        where none is marked, the largest loss of all (`Review.biggest_mistake`)."""
        if self.review is None:
            return None
        marked = [m for m in self.review.moves if m.mark.value != "good"]
        return max(marked, key=lambda m: m.loss) if marked else self.review.biggest_mistake

    def jump(self) -> int | None:
        """Move the stepper to the step of the biggest mistake (its move); the step, or None."""
        worst = self.worst()
        if worst is None or worst.best is None:
            self.message.show(_("No decision lost anything yet: nothing to jump to."), "info")
            return None
        from cardkit.analysis import profile_of

        words = profile_of(self.stepper.start).words
        self.stepper.go(worst.index + 1)
        self.message.show(_("Step {step}: {played}, {loss} {points} worse on average than "
                            "{best} ({mark}).").format(
            step=worst.index + 1, played=words(worst.action), loss=f"{worst.loss:.1f}",
            points=self._points(), best=words(worst.best.action),
            mark=self._why_marked(worst)), "info")
        return worst.index + 1

    def _points(self) -> str:
        from cardkit.analysis import profile_of

        # A game whose analyst counts lower as better rates penalty points (Zion Check).
        return (_("penalty points") if profile_of(self.stepper.start).better < 0
                else _("round points"))

    def _why_marked(self, move: Any) -> str:
        """The mark of ``move``, or, for a decision left unmarked (no decision was marked: the
        largest loss is shown), why it is none: under the threshold, or sampling noise."""
        from cardkit.analysis import mark_word

        if move.mark.value != "good":
            return mark_word(move.mark)
        if move.loss < self.thresholds[0]:
            return _("not marked: the largest loss so far, under the {threshold} {points} of an "
                     "inaccuracy").format(threshold=f"{self.thresholds[0]:g}",
                                          points=self._points())
        return _("not marked: the largest loss so far, but its interval reaches zero (noise)")

    def _chart(self, review: Any) -> None:
        from cardkit.analysis import mark_word

        rated = [m for m in review.moves if m.played is not None]
        if not rated:
            return
        if self.figure is None:
            self.figure = _figure(review)
            self.chart.children = (self.figure,)
        xs = [m.index + 1 for m in rated]
        with self.figure.batch_update():
            best, played = self.figure.data
            best.x, best.y = xs, [m.best.mean for m in rated]
            played.x, played.y = xs, [m.played.mean for m in rated]
            played.marker.color = [_MARK_COLOURS[m.mark.value] for m in rated]
            played.text = [_("{mark}: {loss} points lost").format(
                mark=mark_word(m.mark), loss=f"{m.loss:.1f}") for m in rated]


def _marks() -> tuple[Any, ...]:
    from cardkit.analysis import Mark

    return (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)


def _figure(review: Any) -> Any:
    import plotly.graph_objects as go

    from cardkit.widgets.lite_page import use_site_chart_code

    use_site_chart_code()  # in the static site: the figure widget's code from the site
    return go.FigureWidget(
        data=[go.Scatter(x=[], y=[], mode="lines", name=_("the best move"),
                         line={"color": "#16a34a", "dash": "dash"}),
              go.Scatter(x=[], y=[], mode="lines+markers", name=_("the move played"),
                         line={"color": "#64748b"}, marker={"size": 9})],
        layout=go.Layout(
            template="plotly_white", height=320, width=620,
            margin={"l": 50, "r": 20, "t": 50, "b": 50},
            legend={"orientation": "h", "y": -0.2},
            title=_("{seat}: expected {measure}, move by move").format(
                seat=review.seat_name, measure=review.measure),
            xaxis_title=_("step"), yaxis_title=_("expected {measure}").format(
                measure=review.measure)))


def _table_html(review: Any, stepper: Any) -> str:
    """The marked decisions: step, the move played, its loss, its mark and the best move."""
    from cardkit.analysis import Mark, mark_word, profile_of

    words = profile_of(stepper.start).words
    rows = [m for m in review.moves if m.mark is not Mark.GOOD and m.best is not None]
    if not rows:
        n = len(review.moves)
        return "<p>" + ngettext(
            "{count} decision rated: none lost enough to be marked yet.",
            "{count} decisions rated: none lost enough to be marked yet.", n).format(
            count=n) + "</p>"
    cells = "".join(
        f"<tr><td>{m.index + 1}</td><td>{html.escape(words(m.action))}</td>"
        f"<td style='text-align:right'>{m.loss:.1f}</td>"
        f"<td style='color:{_MARK_COLOURS[m.mark.value]};font-weight:600'>{mark_word(m.mark)}"
        "</td>"
        f"<td>{html.escape(words(m.best.action))}</td></tr>" for m in rows)
    return ("<style>.ck-review-marked th,.ck-review-marked td{padding:2px 12px 2px 0;"
            "text-align:left}</style>"  # the headers ran together ("step played expected")
            "<table class='ck-review-marked' style='border-collapse:collapse;margin:4px 0'>"
            "<thead><tr>" + "".join(f"<th>{html.escape(head)}</th>" for head in (
                _("step"), _("played"), _("expected loss"), _("mark"), _("best")))
            + f"</tr></thead><tbody>{cells}</tbody></table>")


def _drain(steps: Iterator[None]) -> None:
    for _ in steps:
        pass


async def _step_through(steps: Iterator[None]) -> None:
    for _ in steps:
        await asyncio.sleep(0)
