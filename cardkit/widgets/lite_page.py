"""The page's address for an app that runs in the browser (the static site, `cardkit lite`).

Voila hands the kernel its page's query string (``QUERY_STRING``); in the static site Python
runs in a web worker that does not know the page it serves. `when_addressed` shows a small
widget whose frontend reads the page's address (``location``) and sends it to Python; when it
arrives, the address is put where Voila would put it (``QUERY_STRING``, and
``CARDKIT_PAGE_URL`` for the share links), and the app is built into the widget's place. The
cell that shows the app ends at once, so the kernel is free to take that message (a cell that
waited for it would wait for ever: the kernel takes one message at a time).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from cardkit.widgets import limits

__all__ = ["PAGE_URL_ENV", "PageAddress", "in_browser", "when_addressed"]

PAGE_URL_ENV = "CARDKIT_PAGE_URL"


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide)."""
    import sys

    return sys.platform == "emscripten"


class PageAddress(anywidget.AnyWidget):
    """Sends the page's query string and its address without it, once, and shows nothing."""

    _esm = """
    export default {
      initialize({ model }) {
        model.set("query", window.location.search.slice(0, LIMIT));
        model.set("page", (window.location.origin + window.location.pathname).slice(0, 2000));
        model.save_changes();
      },
      render({ el }) { el.style.display = "none"; },
    };
    """.replace("LIMIT", str(limits.MAX_QUERY_CHARS + 2))
    query = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)


def when_addressed(build: Callable[[], Any]) -> widgets.Box:
    """A box that shows "Starting…" and then ``build()``'s widget, built once the page's
    address has arrived (in ``QUERY_STRING`` as in Voila)."""
    starting = widgets.HTML('<div class="cardkit-starting" role="status" '
                            'style="font-size:15px;color:#374151">Starting the app…</div>')
    address = PageAddress()
    box = widgets.VBox([starting, address])
    box.add_class("cardkit-page")

    def arrived(_change: dict) -> None:
        if not address.page:
            return
        address.unobserve(arrived, names="page")
        query = address.query[: limits.MAX_QUERY_CHARS + 2]
        os.environ["QUERY_STRING"] = query.lstrip("?")
        os.environ[PAGE_URL_ENV] = address.page[:2000]  # the frontend cuts it too: a bound here
        try:
            app = build()
        except Exception as error:  # shown in the page, not lost in the worker's console
            app = widgets.HTML(f'<div role="alert" class="cardkit-msg cardkit-msg-error">'
                               f"The app failed to start: {type(error).__name__}: "
                               f"{html.escape(str(error))}</div>")
        box.children = [app]
        address.close()

    address.observe(arrived, names="page")
    return box
