"""The class board: the teacher starts an experiment, every student's interval appears on it.

    from cardkit.widgets.class_board import ClassBoard
    ClassBoard()                         # the board `cardkit serve` keeps (cardkit.classroom)

**Start** opens an experiment of a probability lab question (with its option) and a number of
samples per student, and shows its join code (with a QR code of the students' address under
``cardkit serve --class``). The intervals the students send appear, sorted, within a few
seconds: a timer in the page (`Ticker`) asks for a refresh every `REFRESH_S` seconds, and stops
when the page closes. The exact value stays hidden until **Reveal**, so the class can predict
first; then the board says "k of m intervals contain the exact value". The pooled estimate and
its interval, and a histogram of the estimates, are always shown. **Export** gives the rows as
CSV, **Close** ends the experiment (`ClassBoard.end`), and an older experiment can be picked
and shown again. The charts are drawn only when the rows change (`benchmarks/bench_board.py`).
Nicknames are the students' text: they are escaped wherever they are shown.
"""

from __future__ import annotations

import base64
import html
from typing import Any

import anywidget
import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go
import traitlets

from cardkit.classroom import CLASS_URL_ENV, Board, BoardRefused, board_location, summarize
from cardkit.i18n import Domain
from cardkit.widgets.common import MessageArea, guarded, speaking
from cardkit.widgets.lab_questions import shown as shown_words
from cardkit.widgets.probability_lab import QUESTIONS, exact_answer

_t = Domain("apps")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["CLASS_URL_ENV", "REFRESH_S", "ClassBoard", "Ticker", "interval_chart", "student_link"]

REFRESH_S = 2.0


class Ticker(anywidget.AnyWidget):
    """A timer in the page: ``ticks`` goes up every ``every_ms`` while the page is open."""

    _esm = """
    export default {
      render({ model }) {
        const id = setInterval(() => {
          model.set("ticks", model.get("ticks") + 1);
          model.save_changes();
        }, Math.max(500, model.get("every_ms")));
        return () => clearInterval(id);  // the view (the page) is gone: no more ticks
      },
    };
    """
    ticks = traitlets.Int(0).tag(sync=True)
    every_ms = traitlets.Int(int(REFRESH_S * 1000)).tag(sync=True)


def student_link(base: str, code: str) -> str:
    """The students' lab address for one experiment: ``base`` with ``class=CODE`` added."""
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}class={code}"


def _qr_svg(url: str) -> str:
    try:
        import segno
    except ImportError:
        return ""
    data = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
    alt = html.escape(_("QR code of the students' address"), quote=True)
    return f'<img class="ck-board-qr" alt="{alt}" src="{data}">'


# No plotly template (the default one is copied into each figure: seconds on a loaded machine),
# a few plain settings instead.
_PLAIN: dict[str, Any] = {
    "template": "none", "plot_bgcolor": "#f7f9fc", "font": {"family": "sans-serif"},
    "xaxis": {"gridcolor": "#dde3ea", "zeroline": False},
}


def _exact_line(exact: float) -> tuple[dict[str, Any], dict[str, Any]]:
    line = {"type": "line", "xref": "x", "yref": "paper", "x0": exact, "x1": exact, "y0": 0,
            "y1": 1, "line": {"color": "#c0392b", "dash": "dash", "width": 2}}
    note = {"x": exact, "y": 1, "xref": "x", "yref": "paper", "yanchor": "bottom",
            "text": _("exact {value}").format(value=f"{exact:.4f}"), "showarrow": False,
            "font": {"color": "#c0392b"}}
    return line, note


def _interval_parts(results: pd.DataFrame, exact: float | None,
                    revealed: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """The intervals' trace and the chart's layout, as plotly properties."""
    rows = results.sort_values("estimate", kind="stable").reset_index(drop=True)
    names = [html.escape(nick or _("student {number}").format(number=i + 1))
             for i, nick in enumerate(rows["nickname"])]
    shown = revealed and exact is not None
    inside = ((rows["low"] <= exact) & (exact <= rows["high"])).to_numpy() if shown else None
    colours = ["#3573c9"] * len(rows) if inside is None else [
        "#2e7d32" if hit else "#c0392b" for hit in inside]
    # plain lists: the page's FigureWidget takes no int64 buffers, and 500 numbers are cheap
    estimate = rows["estimate"]
    trace = {"x": estimate.tolist(), "y": list(range(len(rows))), "text": names,
             "marker": {"color": colours, "size": 8},
             "error_x": {"type": "data", "symmetric": False, "color": "#777",
                         "array": (rows["high"] - estimate).tolist(),
                         "arrayminus": (estimate - rows["low"]).tolist()}}
    line, note = _exact_line(float(exact)) if shown and exact is not None else (None, None)
    layout = {"title": {"text": _("{count} intervals, sorted").format(count=len(rows))},
              "height": min(900, 160 + 14 * len(rows)),
              "yaxis": {"tickvals": list(range(len(rows))), "ticktext": names,
                        "showticklabels": len(rows) <= 40, "automargin": True},
              "shapes": [line] if line else [], "annotations": [note] if note else []}
    return trace, layout


def interval_chart(results: pd.DataFrame, exact: float | None, revealed: bool) -> go.Figure:
    """Each student's interval, sorted by estimate, and the exact value once revealed."""
    trace, layout = _interval_parts(results, exact, revealed)
    fig = go.Figure(go.Scatter(mode="markers", name=_("students"), hoverinfo="text+x", **trace))
    fig.update_layout(xaxis_title=_("estimate with its 95% interval"), showlegend=False,
                      margin={"l": 10, "r": 10, "t": 40, "b": 40}, **_PLAIN, **layout)
    return fig


class ClassBoard(widgets.VBox):
    """The teacher's board over a `cardkit.classroom.Board` (by default the one `cardkit serve`
    names in ``$CARDKIT_BOARD_DB``). ``class_url`` is the students' lab address (a QR code of it
    is shown with the join code); ``refresh()`` is what the page's timer calls."""

    def __init__(self, board: Board | None = None, *, class_url: str = "",
                 question: str = "xeri_redeal", n: int = 2000) -> None:
        self.board = board or Board(board_location())
        self.class_url = class_url
        self.code: str | None = None
        self._seen: tuple[Any, ...] = ()
        self.frame = pd.DataFrame()
        self.question = widgets.Dropdown(
            options=[(shown_words(q.label), q.key) for q in QUESTIONS.values()],
            value=question, description=_("Question"), style={"description_width": "initial"},
            layout=widgets.Layout(width="460px"))
        self.option = widgets.Dropdown(style={"description_width": "initial"},
                                       layout=widgets.Layout(width="320px"))
        self.samples = widgets.BoundedIntText(value=n, min=10, max=200_000,
                                              description=_("Samples per student"),
                                              tooltip=_("how many deals each student "
                                                        "simulates"),
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="230px"))
        self.start_button = widgets.Button(description=_("Start"), button_style="primary")
        self.reveal_button = widgets.Button(description=_("Reveal"), disabled=True)
        self.close_button = widgets.Button(description=_("Close"), disabled=True)
        self.export_button = widgets.Button(description=_("Export"), disabled=True)
        self.shown = widgets.Dropdown(description=_("Show experiment"),
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="420px"))
        self.join = widgets.HTML()
        self.join.add_class("ck-board-join")
        self.summary = widgets.HTML()
        self.summary.add_class("ck-board-summary")
        self.download = widgets.HTML()
        self.download.add_class("ck-board-download")
        self.message = MessageArea()
        self.charts = widgets.VBox([])
        self.ticker: Ticker | None = None  # made with the first experiment shown (see show)
        self._timer = widgets.Box([])
        shown = guarded(self.message)  # a refusal or an error is said on the board
        self._on_tick = shown(lambda _change: self.refresh())
        self.question.observe(speaking(self._on_question), "value")
        self.start_button.on_click(shown(lambda _b: self.start()))
        self.reveal_button.on_click(shown(lambda _b: self.reveal()))
        self.close_button.on_click(shown(lambda _b: self.end()))
        self.export_button.on_click(shown(lambda _b: self.export()))
        self._on_question()
        self._list_experiments()
        self.shown.observe(shown(self._on_shown), "value")
        super().__init__([
            widgets.HBox([self.question, self.option]),
            widgets.HBox([self.samples, self.start_button]), self.shown, self.message,
            self.join, widgets.HBox([self.reveal_button, self.close_button,
                                     self.export_button]),
            self.summary, self.charts, self.download, self._timer])
        self.add_class("cardkit-app")
        self.add_class("cardkit-class-board")

    def _on_question(self, _change: Any = None) -> None:
        q = QUESTIONS[self.question.value]
        self.option.description = shown_words(q.option_label)
        self.option.options = [(shown_words(words), value) for words, value in q.options]
        self.option.value = q.options[0][1]

    def _list_experiments(self) -> None:
        listed = self.board.experiments()
        labels = [((_("{code}: {question} ({count} results, closed)") if row.closed
                    else _("{code}: {question} ({count} results)")).format(
            code=row.code, question=_label(row.question), count=row.rows), row.code)
                  for row in listed.itertuples()]
        self.shown.options = [("—", None), *labels]
        self.shown.value = self.code if self.code in listed["code"].tolist() else None

    def _on_shown(self, change: dict[str, Any]) -> None:
        if change["new"] and change["new"] != self.code:
            self.show(change["new"])

    # ------------------------------------------------------------------ the teacher's buttons

    def start(self) -> str:
        """Open an experiment of the chosen question and show it; its code."""
        code = self.board.open(self.question.value, n=int(self.samples.value),
                               rules={"option": self.option.value})
        self.show(code)
        self._list_experiments()
        return code

    def show(self, code: str) -> None:
        """Show an experiment (a new one, or an older one reopened)."""
        try:
            self.experiment = self.board.experiment(code)
        except BoardRefused as refusal:
            self.message.show(_("Cannot show it: {reason}.").format(reason=refusal), "refused")
            return
        self.code = self.experiment["code"]
        self.exact = _exact(self.experiment)
        if self.ticker is None:
            # an anywidget made while Voila runs the notebook never starts in the page (as
            # plotly's figure widgets): the timer is made by the first Start or Show
            self.ticker = Ticker()
            self.ticker.observe(self._on_tick, "ticks")
            self._timer.children = (self.ticker,)
        self._seen = ()
        self.download.value = ""
        self.message.clear()
        self.refresh()

    def reveal(self) -> None:
        """Show the exact value to the class (remembered with the experiment)."""
        if self.code:
            self.board.reveal(self.code)
            self.refresh()

    def end(self) -> None:
        """Close the shown experiment (Close; not `close`, which ipywidgets calls to remove
        the widget, and on garbage collection)."""
        if self.code:
            self.board.close(self.code)
            self.refresh()
            self._list_experiments()

    def export(self) -> str:
        """The shown experiment's rows as CSV (also offered as a download link)."""
        if not self.code:
            return ""
        text = self.board.results(self.code).to_csv(index=False)
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (f'<a download="class_{self.code}.csv" class="ck-board-csv" '
                               f'href="data:text/csv;base64,{data}">'
                               + _("Download the {count} rows of {code} as CSV").format(
                                   count=len(self.frame), code=self.code) + "</a>")
        return text

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        """Read the shown experiment again and redraw what changed (the timer calls this)."""
        if not self.code:
            return
        self.experiment = self.board.experiment(self.code)
        frame = self.board.results(self.code)
        state = (len(frame), self.experiment["closed"], self.experiment["revealed"])
        if state == self._seen:
            return
        self._seen = state
        self.frame = frame
        self._draw()

    def _draw(self) -> None:
        experiment, frame = self.experiment, self.frame
        closed, revealed = experiment["closed"] is not None, experiment["revealed"]
        label = _label(experiment["question"])
        code = experiment["code"]
        link = student_link(self.class_url, code) if self.class_url else ""
        option = shown_words(str(experiment["rules"].get("option", "")).replace("_", " "))
        about = (_("{question} ({option}), {count} samples each; closed: it takes no more "
                   "results.") if closed else
                 _("{question} ({option}), {count} samples each; open.")).format(
            question=html.escape(label), option=html.escape(option), count=f"{experiment['n']:,}")
        self.join.value = (
            '<div><span style="font-size:15px">' + _("Join code") + "</span> "
            f'<b class="ck-board-code" style="font-size:32px;letter-spacing:4px">{code}'
            f"</b> — {about}</div>"
            + ("<div>" + _("Students open {address} or the probability lab with this code.")
               .format(address=f"<code>{html.escape(link)}</code>") + f"</div>{_qr_svg(link)}"
               if link else
               "<div>" + _("Students open the probability lab and type this code.") + "</div>"))
        self.reveal_button.disabled = revealed or self.exact is None
        self.close_button.disabled = closed
        self.export_button.disabled = False
        summary = summarize(frame, self.exact if revealed else None)
        self.summary.value = _summary_html(summary, self.exact, revealed)
        self._draw_charts(frame, revealed)

    def _draw_charts(self, frame: pd.DataFrame, revealed: bool) -> None:
        """Draw the two charts anew (a figure widget updated in place before its page had
        drawn it stayed blank in Voila); plotly's default template, copied into every figure,
        was most of the cost, so the board uses none (`benchmarks/bench_board.py`)."""
        if not len(frame):
            return  # the charts come with the first result (an empty figure widget stays blank)
        chart = go.FigureWidget(interval_chart(frame, self.exact, revealed))
        _trace, layout = _interval_parts(frame, self.exact, revealed)
        histogram = go.FigureWidget(go.Figure(
            go.Histogram(x=frame["estimate"].tolist(), nbinsx=20, name=_("estimates"),
                         marker={"color": "#3573c9"}),
            layout={**_PLAIN, "title": {"text": _("The students' estimates")}, "height": 260,
                    "showlegend": False, "xaxis_title": _("estimate"),
                    "shapes": layout["shapes"], "margin": {"l": 40, "r": 10, "t": 40, "b": 40}}))
        old = self.charts.children
        self.charts.children = (chart, histogram)
        for widget in old:
            widget.close()


def _label(question: str) -> str:
    return shown_words(QUESTIONS[question].label) if question in QUESTIONS else question


def _exact(experiment: dict[str, Any]) -> float | None:
    if experiment["question"] not in QUESTIONS:
        return None
    value = exact_answer(experiment["question"], experiment["rules"].get("option"))
    return None if value is None else float(value)


def _summary_html(summary: Any, exact: float | None, revealed: bool) -> str:
    parts = ["<p>" + ngettext("{count} result sent.", "{count} results sent.", summary.rows)
             .format(count=f"<b>{summary.rows}</b>") + "</p>"]
    if revealed and exact is not None:
        parts.append('<p class="ck-board-contain">' + _("{sentence} (exact value {value}).")
                     .format(sentence=f"<b>{summary.sentence()}</b>", value=f"{exact:.5f}")
                     + "</p>")
    elif exact is None:
        parts.append("<p>" + _("No exact value is known for this question: the pooled estimate "
                               "is the class's answer.") + "</p>")
    else:
        parts.append("<p>" + _("The exact value is hidden: what does the class predict? Press "
                               "<b>Reveal</b> to show it.") + "</p>")
    if summary.pooled is not None:
        parts.append('<p class="ck-board-pooled">' + ngettext(
            "Pooled estimate {estimate}, 95% interval [{low}, {high}] ({samples} samples from "
            "{runs} independent run: each seed counted once)",
            "Pooled estimate {estimate}, 95% interval [{low}, {high}] ({samples} samples from "
            "{runs} independent runs: each seed counted once)", summary.units).format(
            estimate=f"<b>{summary.pooled:.5f}</b>", low=f"{summary.pooled_low:.5f}",
            high=f"{summary.pooled_high:.5f}", samples=f"{summary.samples:,}",
            runs=summary.units) + "</p>")
    return "".join(parts)
