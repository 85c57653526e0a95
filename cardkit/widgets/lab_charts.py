"""The probability lab's charts: the running estimate with its interval, and the histograms of
the dealer's team's points (Xeri questions), their words in the language of the moment."""

from __future__ import annotations

from typing import Any

from cardkit.i18n import Domain
from cardkit.widgets.lite_page import use_site_chart_code

_ = Domain("apps").gettext

__all__ = ["lab_charts"]

_MARGIN = {"l": 50, "r": 10, "t": 40, "b": 40}


def lab_charts(n: int, *, histograms: bool) -> tuple[Any, Any | None]:
    """The running-estimate chart for a run of ``n`` samples and, with ``histograms``, the
    points histograms (None without): traces kept, a run changes their numbers."""
    # imported here, at the first Run: the lab opens without plotly (the static site's saved
    # kernel holds the lab's modules imported, not plotly, whose files load later)
    import plotly.graph_objects as go

    use_site_chart_code()  # in the static site: plotly's widget code from the site
    band = "rgba(53,115,201,0.25)"
    chart = go.FigureWidget(
        data=[go.Scatter(x=[0], y=[0.0], mode="lines", line={"width": 0},
                         showlegend=False, hoverinfo="skip", name="low"),
              go.Scatter(x=[0], y=[1.0], mode="lines", line={"width": 0}, fill="tonexty",
                         fillcolor=band, name=_("95% interval")),
              go.Scatter(x=[0], y=[0.5], mode="lines", name=_("estimate"),
                         line={"color": "#3573c9"}),
              go.Scatter(x=[0, n], y=[0.5, 0.5], mode="lines", name=_("exact"),
                         visible=False, line={"color": "#c0392b", "dash": "dash"})],
        layout=go.Layout(height=340, margin=_MARGIN,
                         xaxis_title=_("samples"), yaxis_title=_("estimate"),
                         yaxis_range=[0, 1],
                         title=_("Running estimate with its 95% interval")))
    if not histograms:
        return chart, None
    histogram = go.FigureWidget(
        data=[go.Histogram(x=[], name=_("dealer's team"), opacity=0.6),
              go.Histogram(x=[], name=_("other team"), opacity=0.6)],
        layout=go.Layout(height=300, barmode="overlay", margin=_MARGIN,
                         title=_("Points per round by the dealer's team (Xeri questions)")))
    return chart, histogram
