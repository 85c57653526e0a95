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

__all__ = ["show", "show_cards", "show_widget"]


def show(fig: Any) -> None:
    """Display a plotly figure as plotly's data bundle plus an HTML div without plotly.js."""
    bundle = {
        "application/vnd.plotly.v1+json": json.loads(fig.to_json()),
        "text/html": fig.to_html(full_html=False, include_plotlyjs=False,
                                 config={"displaylogo": False}),
        "text/plain": f"<a plotly chart: {fig.layout.title.text or 'untitled'}>",
    }
    display(bundle, raw=True)


def show_cards(cards: Any, caption: str = "") -> None:
    """Draw cards with the kit's own pictures (offline SVG), with their names as the text form."""
    from cardkit.render import hand_svg

    cards = list(cards)
    names = " ".join(str(card) for card in cards)
    words = f"{caption}: {names}" if caption else names
    html = (f'<figure style="margin:0.5em 0">{hand_svg(cards, width=56)}'
            f'<figcaption>{words}</figcaption></figure>')
    display({"text/html": html, "text/plain": words}, raw=True)


def show_widget(widget: Any, words: str) -> None:
    """Display a widget in Jupyter; anywhere else (a terminal, the docs site) show ``words``
    instead of the widget's Python text form."""
    bundle = widget._repr_mimebundle_() or {}
    bundle = dict(bundle[0] if isinstance(bundle, tuple) else bundle)
    bundle["text/plain"] = words
    display(bundle, raw=True)
