"""The probability lab: pick a question, press Run, watch the estimate close in on the answer.

    from cardkit.widgets import ProbabilityLab
    ProbabilityLab(question="xeri_redeal", n=20000)

The widget asks the core for everything: exact answers from `cardkit.probability`, simulated
outcomes from `cardkit.sim.simulate` (Xeri rounds) or `cardkit.probability.dealt_hand_checks`
(dealt Zion Check hands). It runs in chunks on a background thread, so the kernel stays
responsive: the chart, the progress bar and the table update after every chunk, and Stop ends
the run between chunks.
"""

from __future__ import annotations

import base64
import html
import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np
import pandas as pd
import plotly.graph_objects as go

from cardkit import probability as P
from cardkit.sim import simulate
from cardkit.widgets.class_send import LabRun, SendToClass
from cardkit.widgets.common import MessageArea

__all__ = ["QUESTIONS", "ProbabilityLab", "compare_chart"]


@dataclass(frozen=True)
class Question:
    """One lesson question: its label, which game, and what its option means."""

    key: str
    label: str
    game: str
    option_label: str
    options: tuple[tuple[str, Any], ...]


_PILE = tuple((o.replace("_", " "), o) for o in P.PILE_OPTIONS)
_HANDS = tuple((f"Hand {h}", h) for h in range(1, 7))
_PLAYERS = (("random players", "random"), ("greedy players", "greedy"),
            ("greedy North–South vs random", "greedy,random"))
QUESTIONS: dict[str, Question] = {q.key: q for q in (
    Question("xeri_redeal", "Xeri: the first pile must be dealt again", "xeri",
             "Pile rule (XR-2.4)", _PILE),
    Question("xeri_dealer_wins", "Xeri: the dealer's team wins the round", "xeri",
             "Players", _PLAYERS),
    Question("xeri_xeri", "Xeri: the round has at least one Xeri", "xeri", "Players",
             _PLAYERS),
    Question("zion_set", "Zion Check: a dealt hand already holds a set", "zioncheck",
             "Hand (cards dealt)", _HANDS),
    Question("zion_run", "Zion Check: a dealt hand already holds a run", "zioncheck",
             "Hand (cards dealt)", _HANDS),
    Question("zion_contract", "Zion Check: a dealt hand already meets its contract",
             "zioncheck", "Hand (contract)", _HANDS),
)}
"""The questions the lab can run, by key."""

_ZION_SIZES = (10, 10, 10, 10, 11, 14)


def exact_answer(key: str, option: Any) -> Fraction | None:
    """The exact answer of a question from `cardkit.probability`, or None where none is known."""
    if key == "xeri_redeal":
        return P.first_pile_redeal(option)
    if key == "zion_set":
        return P.set_probability(_ZION_SIZES[option - 1], decks=2)
    if key == "zion_run":
        return P.run_probability(_ZION_SIZES[option - 1], decks=2)
    return None


def compare_chart(table: pd.DataFrame) -> go.Figure:
    """The chart of `cardkit.probability.compare`'s table: each estimate with its interval,
    and the exact value as a diamond."""
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
    """

    def __init__(self, question: str = "xeri_redeal", *, n: int = 20_000, seed: int = 0,
                 chunk: int | None = None, background: bool = True, class_code: str = "",
                 student: str | None = None, board: Any = None) -> None:
        if question not in QUESTIONS:
            raise ValueError(f"unknown question {question!r}; the questions are "
                             + ", ".join(QUESTIONS))
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of at least 1, not {n!r}")
        self.background = background
        self.chunk = chunk
        self.frame = pd.DataFrame()
        self.finished: LabRun | None = None  # the last run done in full: what a class gets
        self._thread: threading.Thread | None = None
        self._halt = threading.Event()
        self.question = widgets.Dropdown(
            options=[(q.label, q.key) for q in QUESTIONS.values()], value=question,
            description="Question", style={"description_width": "initial"},
            layout=widgets.Layout(width="460px"))
        self.option = widgets.Dropdown(description="", style={"description_width": "initial"},
                                       layout=widgets.Layout(width="360px"))
        self.samples = widgets.BoundedIntText(value=n, min=1, max=10_000_000,
                                              description="Samples",
                                              layout=widgets.Layout(width="180px"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                           description="Seed",
                                           layout=widgets.Layout(width="160px"))
        self.run_button = widgets.Button(description="Run", button_style="primary",
                                         icon="play")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=n, description="0 done")
        self.message = MessageArea()
        self.answer = widgets.HTML()
        self.answer.add_class("ck-lab-answer")
        # The charts are made on the first Run: a plotly figure widget built while Voila
        # runs the notebook fails to initialise in the page, one built by a callback works.
        self.chart: go.FigureWidget | None = None
        self.histogram: go.FigureWidget | None = None
        self.charts = widgets.VBox([])
        threading.Thread(target=_warm_up_plotly, daemon=True).start()
        self.table = widgets.HTML()
        self.table.add_class("ck-lab-table")
        self.download = widgets.HTML()
        self.download.add_class("ck-lab-download")
        self.question.observe(self._on_question, "value")
        self.run_button.on_click(lambda _b: self.run())
        self.stop_button.on_click(lambda _b: self.stop())
        self._on_question()
        self.send = SendToClass(self, code=class_code, student=student, board=board)
        super().__init__([
            widgets.HBox([self.question, self.option]),
            widgets.HBox([self.samples, self.seed, self.run_button, self.stop_button]),
            self.progress, self.message, self.send, self.answer, self.charts,
            self.table, self.download,
        ])
        self.add_class("cardkit-app")
        self.add_class("cardkit-probability-lab")

    # ------------------------------------------------------------------ controls

    def _on_question(self, _change: Any = None) -> None:
        q = QUESTIONS[self.question.value]
        self.option.description = q.option_label
        self.option.options = q.options
        self.option.value = q.options[0][1]

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def run(self) -> None:
        """Start a run (on a background thread unless ``background=False``)."""
        if self.running:
            self.message.show("A run is going on: stop it first.", "refused")
            return
        self._halt.clear()
        try:
            self._start()
        except Exception as error:  # a question the core refuses: say so in the app
            self.message.show_error(error)
            self.run_button.disabled = False
            self.stop_button.disabled = True
            return
        if self.background:
            self._thread = threading.Thread(target=self._work, daemon=True)
            self._thread.start()
        else:
            self._work()

    def stop(self) -> None:
        """Ask the run to stop after the chunk in progress."""
        self._halt.set()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a background run to finish (for scripts and tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the run

    def _make_charts(self) -> None:
        """The running-estimate chart and the histograms (traces kept; runs change numbers)."""
        n = self.n
        band = "rgba(53,115,201,0.25)"
        self.chart = go.FigureWidget(
            data=[go.Scatter(x=[0], y=[0.0], mode="lines", line={"width": 0},
                             showlegend=False, hoverinfo="skip", name="low"),
                  go.Scatter(x=[0], y=[1.0], mode="lines", line={"width": 0}, fill="tonexty",
                             fillcolor=band, name="95% interval"),
                  go.Scatter(x=[0], y=[0.5], mode="lines", name="estimate",
                             line={"color": "#3573c9"}),
                  go.Scatter(x=[0, n], y=[0.5, 0.5], mode="lines", name="exact",
                             visible=False, line={"color": "#c0392b", "dash": "dash"})],
            layout=go.Layout(height=340, margin={"l": 50, "r": 10, "t": 40, "b": 40},
                             xaxis_title="samples", yaxis_title="estimate",
                             yaxis_range=[0, 1],
                             title="Running estimate with its 95% interval"))
        self.histogram = go.FigureWidget(
            data=[go.Histogram(x=[], name="dealer's team", opacity=0.6),
                  go.Histogram(x=[], name="other team", opacity=0.6)],
            layout=go.Layout(height=300, barmode="overlay",
                             margin={"l": 50, "r": 10, "t": 40, "b": 40},
                             title="Points per round by the dealer's team (Xeri questions)"))
        self.charts.children = (self.chart, self.histogram)

    def _start(self) -> None:
        key, option = self.question.value, self.option.value
        self.n = int(self.samples.value)
        self.truth = exact_answer(key, option)
        self.successes = 0
        self.done = 0
        self.finished = None
        self.frame = pd.DataFrame()
        self._xs: list[int] = []
        self._est: list[float] = []
        self._low: list[float] = []
        self._high: list[float] = []
        self.progress.max = self.n
        self.progress.value = 0
        self.progress.description = "0 done"
        self.run_button.disabled = True
        self.stop_button.disabled = False
        self.table.value = ""
        self.download.value = ""
        if self.truth is None:
            self.answer.value = ("<p>No exact answer is known for this question: the "
                                 "simulation is the answer, with its interval.</p>")
        else:
            self.answer.value = (f"<p>Exact answer: <b>{self.truth}</b> ≈ "
                                 f"<b>{float(self.truth):.5f}</b> "
                                 "(counted exactly, not simulated)</p>")
        if self.chart is None:
            self._make_charts()
        assert self.chart is not None and self.histogram is not None
        with self.chart.batch_update():
            for trace in self.chart.data[:3]:
                trace.x, trace.y = [], []
            exact = self.chart.data[3]
            exact.visible = self.truth is not None
            exact.x = [0, self.n]
            exact.y = [float(self.truth or 0)] * 2
        with self.histogram.batch_update():
            for trace in self.histogram.data:
                trace.x = []
        self.message.show(f"Running {self.n:,} samples…", "info")

    def _work(self) -> None:
        key, option, seed = self.question.value, self.option.value, int(self.seed.value)
        try:
            if QUESTIONS[key].game == "xeri":
                self._run_xeri(key, option, seed)
            else:
                self._run_zion(key, option, seed)
            stopped = self._halt.is_set() and self.done < self.n
            if not stopped:
                self.finished = LabRun(key, option, self.n, seed, self.successes)
            word = "Stopped" if stopped else "Done"
            self.message.show(f"{word}: {self.done:,} samples, estimate "
                              f"{self.successes / max(self.done, 1):.4f}.", "ok")
        except Exception as error:  # shown in the app, never lost in the kernel log
            self.message.show_error(error)
        finally:
            self._offer_download()
            self.run_button.disabled = False
            self.stop_button.disabled = True

    def _run_xeri(self, key: str, option: Any, seed: int) -> None:
        rules = None
        players = "random"
        if key == "xeri_redeal":
            from cardkit.xeri import Rules

            rules = Rules(initial_pile_redeal=option)
        else:
            players = option

        def on_chunk(part: pd.DataFrame, done: int, total: int) -> None:
            if key == "xeri_redeal":
                hits = part["redeals"] > 0
            elif key == "xeri_dealer_wins":
                hits = part["winner"] == part["dealer_team"]
            else:
                hits = (part["xeris_0"] + part["xeris_1"] + part["jack_xeris_0"]
                        + part["jack_xeris_1"]) > 0
            self._update(int(hits.sum()), len(part), part)

        simulate("xeri", self.n, players=players, rules=rules, seed=seed, progress=False,
                 chunk_size=self.chunk or 1024, on_chunk=on_chunk, stop=self._halt)

    def _run_zion(self, key: str, hand: int, seed: int) -> None:
        meld = key.removeprefix("zion_")
        step = self.chunk or 250
        children = np.random.SeedSequence(seed)
        index = 0
        while self.done < self.n and not self._halt.is_set():
            count = min(step, self.n - self.done)
            chunk_seed = int(np.random.SeedSequence(children.entropy, spawn_key=(index,))
                             .generate_state(1)[0])
            hits = P.dealt_hand_checks(meld, count, hand_number=hand, seed=chunk_seed)
            part = pd.DataFrame({"chunk": index, "hand": hand, "meld": meld,
                                 "holds": hits})
            self._update(int(hits.sum()), count, part)
            index += 1

    def _update(self, hits: int, count: int, part: pd.DataFrame) -> None:
        self.successes += hits
        self.done += count
        self.frame = pd.concat([self.frame, part], ignore_index=True)
        low, high = P.wilson_interval(self.successes, self.done)
        self._xs.append(self.done)
        self._est.append(self.successes / self.done)
        self._low.append(low)
        self._high.append(high)
        self.progress.value = self.done
        self.progress.description = f"{self.done:,} done"
        assert self.chart is not None  # made by _start
        with self.chart.batch_update():
            self.chart.data[0].x, self.chart.data[0].y = self._xs, self._low
            self.chart.data[1].x, self.chart.data[1].y = self._xs, self._high
            self.chart.data[2].x, self.chart.data[2].y = self._xs, self._est
        if "points_0" in part.columns:
            self._histograms()
        self._table()

    def _histograms(self) -> None:
        frame = self.frame
        dealer = np.where(frame["dealer_team"] == 0, frame["points_0"], frame["points_1"])
        other = np.where(frame["dealer_team"] == 0, frame["points_1"], frame["points_0"])
        assert self.histogram is not None
        with self.histogram.batch_update():
            self.histogram.data[0].x = dealer
            self.histogram.data[1].x = other

    def results(self) -> pd.DataFrame:
        """The lab's results table: the estimate, its interval, the exact value (if known)."""
        exact = {"answer": self.truth}
        est = P.estimate(self.successes, max(self.done, 1), QUESTIONS[self.question.value].label)
        table = P.compare(exact, {"answer": est})
        table["question"] = QUESTIONS[self.question.value].label
        table["option"] = str(self.option.value)
        return table

    def _table(self) -> None:
        if not self.done:
            return
        table = self.results()
        self.table.value = table.to_html(index=False, float_format=lambda x: f"{x:.5f}")

    def _offer_download(self) -> None:
        """A link that saves the simulated rows as CSV (made once, at the end of a run)."""
        if not len(self.frame):
            return
        data = base64.b64encode(self.frame.to_csv(index=False).encode()).decode()
        self.download.value = (
            f'<a download="probability_lab.csv" href="data:text/csv;base64,{data}" '
            f'class="ck-lab-csv">Download the {len(self.frame):,} simulated rows as CSV</a>'
            if len(self.frame) <= 200_000 else
            f"<p>{html.escape('Too many rows to download here: use cardkit simulate.')}</p>")
