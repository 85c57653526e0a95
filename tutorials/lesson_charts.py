"""Charts for the tutorials: ``show(fig)`` displays a plotly figure that works everywhere.

JupyterLab draws the figure from its data (plotly's own renderer); the documentation site
draws the same figure from a ``<div>`` with plotly.js that the site serves itself. Nothing is
loaded from the internet, and the notebook stores the figure's data, never plotly.js (about
3.5 MB) itself.
"""

from __future__ import annotations

import json
from typing import Any

from IPython.display import display

__all__ = ["show"]


def show(fig: Any) -> None:
    """Display a plotly figure as plotly's data bundle plus an HTML div without plotly.js."""
    bundle = {
        "application/vnd.plotly.v1+json": json.loads(fig.to_json()),
        "text/html": fig.to_html(full_html=False, include_plotlyjs=False,
                                 config={"displaylogo": False}),
        "text/plain": f"<a plotly chart: {fig.layout.title.text or 'untitled'}>",
    }
    display(bundle, raw=True)
