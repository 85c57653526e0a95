"""The page's address for an app that runs in the browser (the static site, `cardkit lite`).

Voila hands the kernel its page's query string (``QUERY_STRING``); in the static site Python
runs in a web worker that does not know the page it serves. `when_addressed` shows a small
widget whose frontend reads the page's address (``location``) and sends it to Python; when it
arrives, the address is put where Voila would put it (``QUERY_STRING``, and
``CARDKIT_PAGE_URL`` for the share links), and the app is built into the widget's place. The
cell that shows the app ends at once, so the kernel is free to take that message (a cell that
waited for it would wait for ever: the kernel takes one message at a time).

The charts' frontend: a plotly figure widget carries plotly's whole widget code (5 MB) in its
state, and anywidget's page side gives a new widget 2 s to load that code and initialise
(``AbortSignal.timeout(2000)`` in anywidget's runtime, "Failed to initialize model."). On a
loaded machine compiling 5 MB takes longer, and the chart never draws. In the static site the
build puts that code beside the pages (`CHART_CODE`); `use_site_chart_code` makes every figure
widget name it by its address instead (anywidget imports an ``http(s)`` address as a module,
which the browser compiles once and caches), and `preload_chart_code` has the page import it
ahead of the first chart (at the first move, or when the lab opens), so that a chart's 2 s are
spent on a module already loaded.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

import anywidget
import ipywidgets as widgets
import traitlets

from cardkit.i18n import Domain
from cardkit.widgets import limits

_ = Domain("apps").gettext

__all__ = ["CHART_CODE", "PAGE_URL_ENV", "ChartCode", "PageAddress", "chart_code_path",
           "chart_code_url", "gallery_words", "in_browser", "preload_chart_code",
           "use_site_chart_code", "when_addressed"]

PAGE_URL_ENV = "CARDKIT_PAGE_URL"
CHART_CODE = "static/cardkit/plotly-widgetbundle-{version}.js"
"""Where the static site keeps plotly's widget code, from the site's root (the version in the
name: a rebuilt site with another plotly is never served the old code from a cache)."""
# The pages are voici/render/<app>.html: the site's root is two folders up.
_ROOT_FROM_PAGE = "../../"


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide)."""
    import sys

    return sys.platform == "emscripten"


class PageAddress(anywidget.AnyWidget):
    """Sends the page's query string, its address without it and the browser's languages
    (``navigator.languages``, as an ``Accept-Language`` header lists them), once, and shows
    nothing. It also gives the page its language (``<html lang>``, as cardkit's Voila template
    does) and shows the notebook's introduction in it (cells tagged ``en`` or ``ja``)."""

    _esm = """
    export default {
      initialize({ model }) {
        const wanted = (navigator.languages && navigator.languages.length
                        ? navigator.languages : [navigator.language || ""]).slice(0, 10);
        model.set("languages", wanted.map(String).join(",").slice(0, 300));
        const asked = (new URLSearchParams(location.search).get("lang") || "").toLowerCase();
        const first = wanted.map((l) => String(l).slice(0, 2).toLowerCase())
                            .find((l) => l === "en" || l === "ja");
        const lang = /^(en|ja)([-_].*)?$/.test(asked) ? asked.slice(0, 2)
                     : (asked ? "en" : (first || "en"));
        document.documentElement.lang = lang;
        if (!document.getElementById("cardkit-lang-style")) {
          const style = document.createElement("style");
          style.id = "cardkit-lang-style";
          style.textContent = 'html:not([lang="ja"]) .celltag_ja, ' +
                              'html[lang="ja"] .celltag_en { display: none; }';
          document.head.appendChild(style);
        }
        model.set("query", window.location.search.slice(0, LIMIT));
        model.set("page", (window.location.origin + window.location.pathname).slice(0, 2000));
        model.save_changes();
      },
      render({ el }) { el.style.display = "none"; },
    };
    """.replace("LIMIT", str(limits.MAX_QUERY_CHARS + 2))
    query = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)
    languages = traitlets.Unicode("").tag(sync=True)


def when_addressed(build: Callable[[], Any]) -> widgets.Box:
    """A box that shows "Starting…" and then ``build()``'s widget, built once the page's
    address has arrived (in ``QUERY_STRING`` as in Voila)."""
    # Both languages: the page's language is known only in the browser so far, and the
    # address's style (PageAddress) shows the one that matches <html lang>.
    starting = widgets.HTML('<div class="cardkit-starting" role="status" '
                            'style="font-size:15px;color:#374151">'
                            '<span class="celltag_en">Starting the app…</span>'
                            '<span class="celltag_ja" lang="ja">アプリを起動しています…</span>'
                            "</div>")
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
        os.environ["HTTP_ACCEPT_LANGUAGE"] = address.languages[:300]  # the page's default
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


def chart_code_path() -> str:
    """`CHART_CODE` for the plotly installed here (in the browser: in the site, loaded or not)."""
    from cardkit.lite_loader import version

    return CHART_CODE.format(version=version("plotly"))


def chart_code_url() -> str | None:
    """The address of the site's plotly widget code, from the page's (None before it came)."""
    page = os.environ.get(PAGE_URL_ENV, "")
    if not page.startswith(("http://", "https://")):
        return None
    return urljoin(page, _ROOT_FROM_PAGE + chart_code_path())


def use_site_chart_code() -> bool:
    """In the browser, once the page's address is known: make plotly's figure widgets name
    the site's copy of their code by its address (see the module's docstring). Whether they
    do. Call it before making a figure widget; outside the browser it does nothing."""
    url = chart_code_url() if in_browser() else None
    if url is None:
        return False
    import plotly.basewidget

    plotly.basewidget.BaseFigureWidget._esm = url  # read by each new widget (anywidget)
    return True


class ChartCode(anywidget.AnyWidget):
    """Has the page import plotly's widget code from ``url`` (a module, compiled once and then
    cached), and shows nothing. Its own start does not wait for the import."""

    _esm = """
    export default {
      initialize({ model }) {
        const url = model.get("url");
        if (url) {
          import(url).catch((error) => console.warn("cardkit: the charts' code", url, error));
        }
      },
      render({ el }) { el.style.display = "none"; },
    };
    """
    url = traitlets.Unicode("").tag(sync=True)


_preloaded: list[ChartCode] = []


def preload_chart_code() -> bool:
    """In the browser: start the page importing the charts' code now, once per page (see the
    module's docstring). Whether it did (now or before)."""
    if _preloaded:
        return True
    url = chart_code_url() if in_browser() else None
    if url is None:
        return False
    _preloaded.append(ChartCode(url=url))  # kept: a closed widget's page side goes away
    return True


def gallery_words(lang: str) -> dict[str, str]:
    """What the static site's gallery (`cardkit.lite`) says in its cells of language ``lang``
    (the gallery's cells tagged ``ja``; its English cells keep `cardkit.lite`'s words): the note
    on the static site, the line of an app left out, and the probability lab's line."""
    from cardkit.i18n import language

    with language(lang):
        return {
            "note": _("*This is the static site (`cardkit lite`): each app runs its Python in "
                      "your browser, so the first app you open takes a few seconds to start, and "
                      "nothing you do is sent anywhere.*"),
            "left_out": _("*Not in this static site: run it with `make demo` or "
                          "`cardkit serve`.*"),
            "probability_lab.ipynb": _(
                "In this static site the lab draws its samples in plain Python in your browser: "
                "the first-pile and dealt-hand questions, not the two about whole Xeri rounds "
                "(they need the simulator), and no “Send to the class” button (there is no class "
                "server here)"),
        }
