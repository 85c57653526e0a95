"""The probability lab: pick a question, press Run, watch the estimate close in on the answer.

    from cardkit.widgets import ProbabilityLab
    ProbabilityLab(question="xeri_redeal", n=20000)

The widget asks the core for everything: exact answers from `cardkit.probability`, simulated
outcomes from `cardkit.sim.simulate` (Xeri rounds) or `cardkit.probability.dealt_hand_checks`
(dealt Zion Check hands). It runs in chunks on a background thread, so the kernel stays
responsive: the chart, the progress bar and the table update after every chunk, and Stop ends
the run between chunks.

Where numpy or pandas is missing (Python in the browser: the static site, `cardkit lite`) the
lab samples in pure Python instead (`cardkit.lab_sampling`): the same charts, table and CSV,
for the questions whose samples are quick to judge (a first pile, a dealt hand); it says in
words which questions it leaves out, and it has no Send to the class (no class server there).
Without threads (the browser) a run goes on as a task of the page's event loop, a chunk at a
time, so Stop still ends it between chunks.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardkit import probability as P
from cardkit.i18n import Domain
from cardkit.lite_loader import start_loading
from cardkit.widgets.common import MessageArea, speaking
from cardkit.widgets.lab_charts import lab_charts
from cardkit.widgets.lab_questions import (
    QUESTIONS,
    exact_answer,
    has_simulator,
    left_out_note,
    offered_questions,
    shown,
)
from cardkit.widgets.lab_results import (
    column_word,
    csv_text,
    download_link,
    html_table,
    step_through,
)
from cardkit.widgets.lab_runs import pure_run, simulator_run, team_points
from cardkit.widgets.lite_page import in_browser, preload_chart_code
from cardkit.widgets.progress import ProgressBar

_ = Domain("apps").gettext

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

    from cardkit.widgets.class_send import LabRun

__all__ = ["QUESTIONS", "ProbabilityLab", "compare_chart", "exact_answer", "has_simulator"]


def compare_chart(table: pd.DataFrame) -> go.Figure:
    """The chart of `cardkit.probability.compare`'s table: each estimate with its interval,
    and the exact value as a diamond."""
    import plotly.graph_objects as go

    fig = go.Figure()
    fig.add_trace(go.Scatter(
        x=table["estimate"], y=table["question"], mode="markers", name="simulated",
        error_x={"type": "data", "symmetric": False,
                 "array": table["high"] - table["estimate"],
                 "arrayminus": table["estimate"] - table["low"]}))
    fig.add_trace(go.Scatter(x=table["exact"], y=table["question"], mode="markers",
                             name="exact", marker={"symbol": "diamond", "size": 11}))
    fig.update_layout(xaxis_title="probability", height=120 + 40 * len(table),
                      margin={"l": 10, "r": 10, "t": 30, "b": 40})
    return fig


def _warm_up_plotly() -> None:
    """Import plotly's figure widget ahead of the first Run (it takes seconds)."""
    import plotly.graph_objs._figurewidget  # noqa: F401


class ProbabilityLab(widgets.VBox):
    """Choose a question and options, Run, and watch the running estimate converge.

    ``question`` is a key of `QUESTIONS`; ``n`` the samples (Xeri rounds or dealt hands),
    ``chunk`` how many per update, ``seed`` the master seed. ``background=False`` runs in the
    calling thread (for scripts and tests); ``run()`` and ``stop()`` are what the buttons do.
    ``class_code`` joins a class experiment (`cardkit.widgets.class_send`), as ``student``.
    ``pure`` samples in pure Python (`cardkit.lab_sampling`) without numpy and pandas; by
    default it does when they are missing (`has_simulator`), and then the lab offers only the
    questions that way answers quickly, and no class row (the browser has no class server).
    """

    def __init__(self, question: str = "xeri_redeal", *, n: int = 20_000, seed: int = 0,
                 chunk: int | None = None, background: bool = True, class_code: str = "",
                 student: str | None = None, board: Any = None,
                 pure: bool | None = None) -> None:
        if question not in QUESTIONS:
            raise ValueError(f"unknown question {question!r}; the questions are "
                             + ", ".join(QUESTIONS))
        self.pure = not has_simulator() if pure is None else bool(pure)
        offered = offered_questions(self.pure)
        if question not in offered:
            raise ValueError(f"the question {question} plays whole Xeri rounds, which needs "
                             "the simulator (numpy and pandas): here the lab asks "
                             + ", ".join(offered))
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of at least 1, not {n!r}")
        self.background = background
        self.chunk = chunk
        self.frame: Any = None if self.pure else _empty_frame()  # the rows (numpy path)
        self.rows: list[dict[str, Any]] = []  # the rows (pure path)
        self.finished: LabRun | None = None  # the last run done in full: what a class gets
        self._thread: threading.Thread | None = None
        self._task: asyncio.Future[None] | None = None
        self._halt = threading.Event()
        self.question = widgets.Dropdown(
            options=[(shown(QUESTIONS[key].label), key) for key in offered], value=question,
            description=_("Question"), style={"description_width": "initial"},
            layout=widgets.Layout(width="460px"))
        self.option = widgets.Dropdown(description="", style={"description_width": "initial"},
                                       layout=widgets.Layout(width="360px"))
        self.samples = widgets.BoundedIntText(value=n, min=1, max=10_000_000,
                                              description=_("Samples"),
                                              tooltip=_("how many deals to simulate"),
                                              layout=widgets.Layout(width="180px"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                           description=_("Seed"),
                                           tooltip=_("the same seed gives the same results"),
                                           layout=widgets.Layout(width="160px"))
        self.run_button = widgets.Button(description=_("Run"), button_style="primary",
                                         icon="play")
        self.stop_button = widgets.Button(description=_("Stop"), icon="stop", disabled=True)
        # a role="progressbar" a screen reader reads (ipywidgets' IntProgress has no role)
        self.progress = ProgressBar(_("Progress of the simulation"))
        self.progress.show(0, n, _done(0))
        self.message = MessageArea()
        self.answer = widgets.HTML()
        self.answer.add_class("ck-lab-answer")
        # The charts are made on the first Run: a plotly figure widget built while Voila
        # runs the notebook fails to initialise in the page, one built by a callback works.
        self.chart: go.FigureWidget | None = None
        self.histogram: go.FigureWidget | None = None
        self.charts = widgets.VBox([])
        # plotly is imported at the first Run, not as the lab opens: meanwhile a thread
        # imports it, or in the static site (no threads) the page loads its wheels in the
        # background (`cardkit.lite_loader`) and its charts' code (`preload_chart_code`)
        try:
            threading.Thread(target=_warm_up_plotly, daemon=True).start()
        except RuntimeError:
            start_loading()
        preload_chart_code()
        self.table = widgets.HTML()
        self.table.add_class("ck-lab-table")
        self.download = widgets.HTML()
        self.download.add_class("ck-lab-download")
        self.question.observe(speaking(self._on_question), "value")
        self.run_button.on_click(speaking(lambda _b: self.run()))
        self.stop_button.on_click(speaking(lambda _b: self.stop()))
        self._on_question()
        self.note = widgets.HTML(left_out_note([key for key in QUESTIONS if key not in offered])
                                 if len(offered) < len(QUESTIONS) else "")
        self.note.add_class("ck-lab-note")
        self.send = self._class_row(class_code, student, board)
        super().__init__([
            widgets.HBox([self.question, self.option]),
            widgets.HBox([self.samples, self.seed, self.run_button, self.stop_button]),
            self.progress, self.message, *([self.send] if self.send else []), self.note,
            self.answer, self.charts, self.table, self.download,
        ])
        self.add_class("cardkit-app")
        self.add_class("cardkit-probability-lab")

    def _class_row(self, code: str, student: str | None, board: Any) -> widgets.Widget | None:
        """The class row (`cardkit.widgets.class_send`), which sends to the class board's
        server: none for Python in the browser, which has no such server."""
        if not (self.pure or in_browser()):
            from cardkit.widgets.class_send import SendToClass

            return SendToClass(self, code=code, student=student, board=board)
        if code:
            self.message.show(_("This lab runs in your browser, where there is no class "
                                "server: it cannot join a class experiment. Open the lab from "
                                "the class's own address to send your result."), "refused")
        return None

    # ------------------------------------------------------------------ controls

    def _on_question(self, _change: Any = None) -> None:
        q = QUESTIONS[self.question.value]
        self.option.description = shown(q.option_label)
        self.option.options = [(shown(words), value) for words, value in q.options]
        self.option.value = q.options[0][1]

    @property
    def running(self) -> bool:
        if self._task is not None and not self._task.done():
            return True
        return self._thread is not None and self._thread.is_alive()

    def run(self) -> None:
        """Start a run (on a background thread unless ``background=False``; where there are
        no threads, as a task of the event loop)."""
        if self.running:
            self.message.show(_("A run is going on: stop it first."), "refused")
            return
        self._halt.clear()
        try:
            self._start()
        except Exception as error:  # a question the core refuses: say so in the app
            self.message.show_error(error)
            self.run_button.disabled = False
            self.stop_button.disabled = True
            return
        steps = self._work()
        if not self.background:
            _drain(steps)
            return
        self._thread = threading.Thread(target=speaking(_drain), args=(steps,), daemon=True)
        try:
            self._thread.start()
        except RuntimeError:  # no threads (Python in the browser): chunks between messages
            self._thread = None
            self._task = asyncio.ensure_future(step_through(steps))  # the task keeps the language

    def stop(self) -> None:
        """Ask the run to stop after the chunk in progress."""
        self._halt.set()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a background run to finish (for scripts and tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the run

    def _make_charts(self) -> None:
        """The running-estimate chart and the histograms (traces kept; runs change numbers).
        The pure path plays no rounds, so it has no points to draw histograms of."""
        self.chart, self.histogram = lab_charts(self.n, histograms=not self.pure)
        self.charts.children = (self.chart, *([self.histogram] if self.histogram else []))

    def _start(self) -> None:
        key, option = self.question.value, self.option.value
        self.n = int(self.samples.value)
        self.truth = exact_answer(key, option)
        self.successes = 0
        self.done = 0
        self.finished = None
        self.frame = None if self.pure else _empty_frame()
        self.rows = []
        self._xs: list[int] = []
        self._est: list[float] = []
        self._low: list[float] = []
        self._high: list[float] = []
        self.progress.show(0, self.n, _done(0))
        self.run_button.disabled = True
        self.stop_button.disabled = False
        self.table.value = ""
        self.download.value = ""
        if self.truth is None:
            self.answer.value = "<p>" + _("No exact answer is known for this question: the "
                                          "simulation is the answer, with its interval.") + "</p>"
        else:
            self.answer.value = "<p>" + _("Exact answer: {fraction} ≈ {decimal} (counted "
                                          "exactly, not simulated)").format(
                fraction=f"<b>{self.truth}</b>", decimal=f"<b>{float(self.truth):.5f}</b>") + "</p>"
        if self.chart is None:
            self._make_charts()
        assert self.chart is not None
        with self.chart.batch_update():
            for trace in self.chart.data[:3]:
                trace.x, trace.y = [], []
            exact = self.chart.data[3]
            exact.visible = self.truth is not None
            exact.x = [0, self.n]
            exact.y = [float(self.truth or 0)] * 2
        if self.histogram is not None:
            with self.histogram.batch_update():
                for trace in self.histogram.data:
                    trace.x = []
        self.message.show(_("Running {count} samples…").format(count=f"{self.n:,}"), "info")

    def _work(self) -> Iterator[None]:
        """The run: one step per chunk on the pure path (the numpy path's simulator calls
        back per chunk itself), then the closing message and the download."""
        key, option, seed = self.question.value, self.option.value, int(self.seed.value)
        try:
            if self.pure:
                yield from pure_run(key, option, seed, self.n, self.chunk, self._halt,
                                    self._update)
            else:
                simulator_run(key, option, seed, self.n, self.chunk, self._halt, self._update)
            stopped = self._halt.is_set() and self.done < self.n
            if not stopped and self.send is not None:
                from cardkit.widgets.class_send import LabRun

                self.finished = LabRun(key, option, self.n, seed, self.successes)
            words = (_("Stopped: {count} samples, estimate {estimate}.") if stopped
                     else _("Done: {count} samples, estimate {estimate}."))
            self.message.show(words.format(count=f"{self.done:,}", estimate=(
                f"{self.successes / max(self.done, 1):.4f}")), "ok")
        except Exception as error:  # shown in the app, never lost in the kernel log
            self.message.show_error(error)
        finally:
            self._offer_download()
            self.run_button.disabled = False
            self.stop_button.disabled = True

    def _update(self, hits: int, count: int, part: Any) -> None:
        """Count a chunk in: ``part`` its rows (a DataFrame, or dicts on the pure path)."""
        self.successes += hits
        self.done += count
        if self.pure:
            self.rows.extend(part)
        else:
            import pandas as pd

            self.frame = pd.concat([self.frame, part], ignore_index=True)
        low, high = P.wilson_interval(self.successes, self.done)
        self._xs.append(self.done)
        self._est.append(self.successes / self.done)
        self._low.append(low)
        self._high.append(high)
        self.progress.show(self.done, self.n, _done(self.done))
        assert self.chart is not None  # made by _start
        with self.chart.batch_update():
            self.chart.data[0].x, self.chart.data[0].y = self._xs, self._low
            self.chart.data[1].x, self.chart.data[1].y = self._xs, self._high
            self.chart.data[2].x, self.chart.data[2].y = self._xs, self._est
        if not self.pure and "points_0" in part.columns:
            self._histograms()
        self._table()

    def _histograms(self) -> None:
        dealer, other = team_points(self.frame)
        assert self.histogram is not None
        with self.histogram.batch_update():
            self.histogram.data[0].x = dealer
            self.histogram.data[1].x = other

    def result_rows(self) -> list[dict[str, Any]]:
        """The results table's one row as a dict (`cardkit.probability.compare_rows`'s
        columns, then ``option``): the estimate, its interval, the exact value (if known)."""
        label = QUESTIONS[self.question.value].label
        est = P.estimate(self.successes, max(self.done, 1), label)
        (row,) = P.compare_rows({"answer": self.truth}, {"answer": est})
        return [{**row, "question": label, "option": str(self.option.value)}]

    def results(self) -> pd.DataFrame:
        """The lab's results table: the estimate, its interval, the exact value (if known)."""
        import pandas as pd

        return pd.DataFrame(self.result_rows(), columns=[*P.COMPARE_COLUMNS, "option"])

    def _table(self) -> None:
        if not self.done:
            return
        if self.pure:  # (the question's words in the app's language; the CSV keeps English)
            self.table.value = html_table([{**row, "question": shown(row["question"])}
                                           for row in self.result_rows()])
            return
        table = self.results()
        table["question"] = table["question"].map(shown)
        table = table.rename(columns=column_word)
        self.table.value = table.to_html(index=False, float_format=lambda x: f"{x:.5f}")

    def _offer_download(self) -> None:
        """A link that saves the simulated rows as CSV (made once, at the end of a run)."""
        if self.pure:
            self.download.value = download_link(len(self.rows), lambda: csv_text(self.rows))
        else:
            self.download.value = download_link(len(self.frame),
                                                lambda: self.frame.to_csv(index=False))


def _done(count: int) -> str:
    return _("{count} done").format(count=f"{count:,}")


def _drain(steps: Iterator[None]) -> None:
    for _ in steps:
        pass


def _empty_frame() -> Any:
    import pandas as pd

    return pd.DataFrame()
