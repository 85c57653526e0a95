"""Score charts with plotly: Xeri points per round and running totals, Zion Check points per hand.

Every chart function takes a game (or its plain score data) and returns a static plotly
``Figure``, or with ``widget=True`` a ``FigureWidget`` (an ipywidget: it can go into a ``VBox``).
Pass an existing figure as ``fig=`` to update it **in place** (same object, same traces, new
numbers): an app keeps one FigureWidget and redraws nothing else::

    >>> from cardkit.xeri import new_game
    >>> from cardkit import play_out
    >>> from cardkit.games import get_game
    >>> match = play_out(new_game(seed=7), get_game("xeri").make_bots("greedy", seed=7))
    >>> fig = xeri_running_chart(match)
    >>> [trace.name for trace in fig.data]
    ['North–South', 'East–West']
    >>> xeri_running_chart(match, fig=fig) is fig
    True

`XeriScoreCharts` and `ZionScoreCharts` hold ready-made FigureWidgets (and the itemised sheet)
in one ``widget`` with an ``update(game)`` method. Figures carry their data; no renderer is
chosen here, and nothing is ever loaded from a CDN (plotly.js ships with the package).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from cardkit.engine import team_name
from cardkit.i18n import Domain
from cardkit.widgets.common import N_
from cardkit.widgets.lite_page import use_site_chart_code
from cardkit.xeri.draw import TEAM_COLOURS as _TEAM_COLOURS
from cardkit.xeri.draw import score_sheet_html

_ = Domain("apps").gettext

use_site_chart_code()  # in the static site: the figure widgets' code comes from the site

__all__ = [
    "XERI_ITEMS",
    "XeriScoreCharts",
    "ZionScoreCharts",
    "xeri_item",
    "xeri_round_chart",
    "xeri_running_chart",
    "xeri_score_table",
    "zion_totals_chart",
]

XERI_ITEMS: tuple[str, ...] = (
    N_("majority of cards"), N_("honours (A K Q J 10)"), N_("2♣ and 10♦ extra"), N_("Xeris"),
    N_("jack Xeris"),
)
"""The stacks of the Xeri round chart, bottom to top (XR-6, XR-4.1, XR-4.2)."""
_ITEM_COLOURS = ("#64748b", "#0ea5e9", "#22c55e", "#f59e0b", "#b45309")
_PLAYER_COLOURS = ("#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2",
                   "#be185d", "#4d7c0f", "#a16207", "#475569", "#7c3aed", "#0f766e")
CHART_WIDTH = 590  # pixels: two charts side by side fit the apps' 1280-pixel window
_LAYOUT = {"template": "plotly_white", "margin": {"l": 50, "r": 20, "t": 50, "b": 50},
           "height": 360, "legend": {"orientation": "h", "y": -0.18}}


def xeri_item(line: Any) -> str:
    """Which stack of `XERI_ITEMS` a Xeri ``ScoreLine`` belongs to."""
    if line.rule in ("XR-4.2", "XR-8.4"):  # a jack Xeri: 20 in the book, 25 by XR-8.4
        return XERI_ITEMS[4]
    if line.rule == "XR-4.1":
        return XERI_ITEMS[3]
    label = line.label
    if label.startswith("more cards"):
        return XERI_ITEMS[0]
    if "2♣" in label or "one more" in label:
        return XERI_ITEMS[2]
    return XERI_ITEMS[1]


def _xeri_rounds(source: Any) -> list[Mapping[int, Any]]:
    """Finished rounds' ``{team: ScoreSheet}`` of a match, or the list itself."""
    rounds = getattr(source, "round_scores", source)
    if isinstance(rounds, Mapping):  # one round's sheets
        rounds = [rounds]
    try:
        rounds = list(rounds)
    except TypeError:
        raise ValueError(
            "expected a XeriMatch or a list of {team: ScoreSheet} (one per round), "
            f"not {type(source).__name__}"
        ) from None
    for number, sheets in enumerate(rounds, 1):
        if not isinstance(sheets, Mapping) or set(sheets) != {0, 1}:
            raise ValueError(f"round {number}: expected {{0: ScoreSheet, 1: ScoreSheet}}, "
                             f"not {sheets!r}")
    return rounds


def _maker(widget: bool) -> Any:
    """New figures: a FigureWidget (to put in an ipywidgets box) or a static Figure."""
    return go.FigureWidget if widget else go.Figure


def _fill(fig: go.Figure | None, traces: Sequence[go.BaseTraceType], layout: Mapping[str, Any],
          make: Any) -> go.Figure:
    """Put ``traces`` and ``layout`` into ``fig`` in place (or into a new figure from ``make``).

    The traces keep their number and order between updates, so an existing figure only gets
    new numbers: a FigureWidget on a page changes without being rebuilt.
    """
    if fig is None:
        # A figure widget gets its traces in the state it is created with: traces added by a
        # later message can be lost when the page's plotly view is still loading.
        return make(data=list(traces), layout=layout)
    context = fig.batch_update() if hasattr(fig, "batch_update") else _nothing()
    with context:
        if len(fig.data) == len(traces):
            for old, new in zip(fig.data, traces, strict=True):
                old.update(new.to_plotly_json(), overwrite=True)
        else:
            fig.data = ()
            fig.add_traces(list(traces))
        fig.layout.annotations = ()
        fig.layout.shapes = ()
        fig.update_layout(**layout)
    return fig


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: Any) -> None:
        return None


def _empty_note(text: str) -> dict[str, Any]:
    return {"text": text, "showarrow": False, "xref": "paper", "yref": "paper",
            "x": 0.5, "y": 0.5, "font": {"size": 14, "color": "#64748b"}}


def xeri_round_chart(
    source: Any, *, fig: go.Figure | None = None, widget: bool = False
) -> go.Figure:
    """Points per round per team, stacked by item (majority, honours, 2♣/10♦, Xeris).

    ``source`` is a ``XeriMatch`` (its finished rounds) or a list of ``{team: ScoreSheet}``.
    The x axis groups each round's two teams; hovering a stack lists its score lines.
    """
    rounds = _xeri_rounds(source)
    x_round = [_("Round {round}").format(round=n) for n in range(1, len(rounds) + 1)
               for _side in (0, 1)]
    x_team = [team_name(team) for _round in rounds for team in (0, 1)]
    traces = []
    for item, colour in zip(XERI_ITEMS, _ITEM_COLOURS, strict=True):
        values, hovers = [], []
        for sheets in rounds:
            for team in (0, 1):
                lines = [line for line in sheets[team].lines if xeri_item(line) == item]
                values.append(sum(line.points for line in lines))
                hovers.append("<br>".join(
                    escape(f"{line.points:+d} {line.label} ({line.rule})") for line in lines
                ) or _("none"))
        traces.append(go.Bar(
            name=_(item), x=[x_round, x_team], y=values, marker_color=colour,
            customdata=hovers, hovertemplate="%{customdata}<extra>" + escape(_(item)) + "</extra>",
        ))
    layout: dict[str, Any] = {
        **_LAYOUT, "barmode": "relative", "title": {"text": _("Xeri: points per round")},
        "yaxis": {"title": {"text": _("points")}},
    }
    if not rounds:
        layout["annotations"] = [_empty_note(_("no round finished yet"))]
    return _fill(fig, traces, layout, _maker(widget))


def xeri_running_chart(
    source: Any, *, target: int | None = None, fig: go.Figure | None = None,
    widget: bool = False,
) -> go.Figure:
    """Each team's running total after every round, from 0, with the target line if any.

    The target is ``target``, else the match's current target (``rules.target``, raised by
    100 at a tie, XR-7.2); a match played over a number of rounds has no target line.
    """
    rounds = _xeri_rounds(source)
    if target is None:
        target = getattr(source, "target", None)
    x = list(range(len(rounds) + 1))
    traces = []
    for team in (0, 1):
        running = [0]
        for sheets in rounds:
            running.append(running[-1] + sheets[team].total)
        traces.append(go.Scatter(
            name=team_name(team), x=x, y=running, mode="lines+markers",
            line={"color": _TEAM_COLOURS[team], "width": 3},
            hovertemplate=_("after round %{x}: %{y} points") + "<extra>" + team_name(team)
            + "</extra>",
        ))
    layout: dict[str, Any] = {
        **_LAYOUT, "title": {"text": _("Xeri: running totals")},
        "xaxis": {"title": {"text": _("after round")}, "dtick": 1, "rangemode": "tozero"},
        "yaxis": {"title": {"text": _("points")}, "rangemode": "tozero"},
    }
    if target is not None:
        layout["shapes"] = [{"type": "line", "xref": "paper", "x0": 0, "x1": 1, "y0": target,
                             "y1": target, "line": {"color": "#111827", "dash": "dash"}}]
        layout["annotations"] = [{"text": _("target {target} (XR-7.2)").format(target=target),
                                  "xref": "paper", "x": 1,
                                  "xanchor": "right", "y": target, "yanchor": "bottom",
                                  "showarrow": False}]
    elif not rounds:
        layout["annotations"] = [_empty_note(_("no round finished yet"))]
    return _fill(fig, traces, layout, _maker(widget))


def xeri_score_table(source: Any, *, round_number: int | None = None) -> str:
    """Itemised score sheets as HTML: one table per team, side by side (XR-6).

    ``source`` is one round's ``{team: ScoreSheet}`` (an item of ``match.round_scores``), or a
    ``XeriMatch`` / list of rounds, which gives every finished round, the latest first. Each
    line shows its points, what it is for and its rule ID; the foot gives the total, then
    the cards taken. One round is drawn by `cardkit.xeri.draw.score_sheet_html`.
    """
    if isinstance(source, Mapping):
        return score_sheet_html(source, round_number)
    rounds = _xeri_rounds(source)
    if not rounds:
        return ('<div class="ck-score-sheets" style="color:#6b7280;font-style:italic">'
                + _("no round finished yet") + "</div>")
    return "".join(score_sheet_html(sheets, number)
                   for number, sheets in reversed(list(enumerate(rounds, 1))))


def _zion_points(source: Any) -> tuple[list[dict[int, int]], int]:
    """Points per hand ``[{seat: points}]`` and the number of players."""
    results = getattr(source, "results", source)
    try:
        results = list(results)
    except TypeError:
        raise ValueError(
            "expected a ZionGame, a list of HandResult or a list of {seat: points}, "
            f"not {type(source).__name__}"
        ) from None
    hands = []
    for number, result in enumerate(results, 1):
        points = getattr(result, "points", result)
        if not isinstance(points, Mapping) or not all(
                isinstance(s, int) and isinstance(p, int) for s, p in points.items()):
            raise ValueError(f"hand {number}: expected {{seat: points}}, not {points!r}")
        hands.append(dict(points))
    players = getattr(source, "players", None)
    if players is None:
        players = 1 + max((seat for points in hands for seat in points), default=-1)
    return hands, players


def zion_totals_chart(
    source: Any, *, fig: go.Figure | None = None, widget: bool = False
) -> go.Figure:
    """Zion Check penalty points per hand per player (bars) and running totals (lines).

    ``source`` is a ``ZionGame`` (its finished hands), a list of ``HandResult`` or a list of
    ``{seat: points}``. Lower is better (ZC-14.2).
    """
    from cardkit.zioncheck.events import seat_name

    hands, players = _zion_points(source)
    labels = [_("Hand {hand}").format(hand=n) for n in range(1, len(hands) + 1)]
    traces = []
    for seat in range(players):
        colour = _PLAYER_COLOURS[seat % len(_PLAYER_COLOURS)]
        points = [hand.get(seat, 0) for hand in hands]
        traces.append(go.Bar(
            name=seat_name(seat), x=labels, y=points, marker_color=colour,
            legendgroup=str(seat), xaxis="x", yaxis="y",
            hovertemplate=_("%{x}: %{y} points") + "<extra>" + seat_name(seat) + "</extra>",
        ))
    for seat in range(players):
        colour = _PLAYER_COLOURS[seat % len(_PLAYER_COLOURS)]
        running, total = [], 0
        for hand in hands:
            total += hand.get(seat, 0)
            running.append(total)
        traces.append(go.Scatter(
            name=_("{seat} total").format(seat=seat_name(seat)), x=labels, y=running,
            mode="lines+markers",
            line={"color": colour, "width": 3}, legendgroup=str(seat), showlegend=False,
            xaxis="x2", yaxis="y2",
            hovertemplate=_("after %{x}: %{y} points") + "<extra>" + seat_name(seat) + "</extra>",
        ))
    layout: dict[str, Any] = {
        **_LAYOUT, "barmode": "group",
        "title": {"text": _("Zion Check: penalty points (lower wins)")},
        "xaxis": {"title": {"text": _("points in each hand")}},
        "xaxis2": {"title": {"text": _("running totals")}},
        "yaxis": {"title": {"text": _("points")}, "rangemode": "tozero"},
        "yaxis2": {"rangemode": "tozero"},
    }
    if not hands:
        layout["annotations"] = [_empty_note(_("no hand finished yet"))]

    def make(data: list[Any], layout: Mapping[str, Any]) -> go.Figure:
        grid = make_subplots(rows=1, cols=2, horizontal_spacing=0.12)
        grid.add_traces(data)
        grid.update_layout(**layout)
        return go.FigureWidget(grid) if widget else grid

    return _fill(fig, traces, layout, make)


class XeriScoreCharts:
    """Round chart, running totals and the last round's score sheet, kept up to date.

    >>> charts = XeriScoreCharts()
    >>> charts.update(match)  # after each round  # doctest: +SKIP

    ``widget`` is a ``VBox`` to display; the figures are FigureWidgets updated in place.
    """

    def __init__(self, match: Any = None, *, figure_widget: bool = True) -> None:
        rounds = _xeri_rounds(match) if match is not None else []
        figures = [xeri_round_chart(rounds),
                   xeri_running_chart(rounds, target=getattr(match, "target", None))]
        if figure_widget:
            # Side by side within a 1280-pixel window (plotly's default 700 each would push the
            # second chart off the page); on a narrower window the second wraps below. Made
            # whole before they become widgets: the page then gets them in one state.
            for fig in figures:
                fig.layout.width = CHART_WIDTH
            figures = [go.FigureWidget(fig) for fig in figures]
        self.round_fig, self.running_fig = figures
        self.sheet = widgets.HTML()
        self.widget = widgets.VBox(
            [self.sheet, widgets.HBox([self.round_fig, self.running_fig],
                                      layout=widgets.Layout(flex_flow="row wrap"))]
            if figure_widget else [self.sheet])
        self.widget.add_class("ck-score-charts")
        self._show_sheet(rounds)

    def update(self, match: Any) -> None:
        """Redraw from ``match`` (a XeriMatch): new numbers in the same figures."""
        rounds = _xeri_rounds(match)
        xeri_round_chart(rounds, fig=self.round_fig)
        xeri_running_chart(rounds, target=getattr(match, "target", None), fig=self.running_fig)
        self._show_sheet(rounds)

    def _show_sheet(self, rounds: list[Mapping[int, Any]]) -> None:
        self.sheet.value = (xeri_score_table(rounds[-1], round_number=len(rounds))
                            if rounds else "")


class ZionScoreCharts:
    """The Zion Check points chart as a FigureWidget kept up to date by ``update(game)``."""

    def __init__(self, game: Any = None, *, players: int | None = None,
                 figure_widget: bool = True) -> None:
        self.fig = zion_totals_chart(  # drawn from the game at once: see XeriScoreCharts
            game if game is not None else _Blank(players or 0), widget=figure_widget)
        self.widget = widgets.VBox([self.fig] if figure_widget else [])
        self.widget.add_class("ck-score-charts")

    def update(self, game: Any) -> None:
        """Redraw from ``game`` (a ZionGame, or its hand results)."""
        zion_totals_chart(game, fig=self.fig)


class _Blank:
    """A game with no finished hand yet, for an empty chart with the right players."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.results: Iterable[Any] = ()
