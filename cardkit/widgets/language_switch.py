"""The language switch of every app page: "English | 日本語", each name in its own language.

The page's language is marked (``aria-current``) and is not a link; the other is a link to the
same page with the same options and ``lang`` set to it. `cardkit.widgets.page_options.show_app`
puts it on every app page it shows (`AppPage`), so no app has a copy of its own. The page of a
refused address has it too, linking every option the page sent (so the other language shows
the same refusal). The gallery, which runs no Python, carries the same HTML in its cells, at
its top (``switch_html({}, lang)``, tests/widgets/test_language_switch.py).

Where it shows: at the top right of the page, beside the app's title, where every app's
introduction leaves room (`PLACEMENT_STYLE`). Not in the flow above the app: there it would push
the tables' hand and Play button out of a 1280×720 projector window
(tests/browser/test_xeri_app.py); and under the app, where it is in the page's order, it sat
below the window's edge on both game tables. So it stays after the app in the page (a screen
reader and the Tab key reach it there), and is drawn out of the flow, at the top right of the
page (an app cell's boxes are made unpositioned for that: their overflow would clip it). In a
window narrower than 641 px, where a title could run under it, and outside Voila and Voici
(JupyterLab), it stays under the app.

The link is relative (``?seed=7&lang=ja``): the browser resolves it against the page's own
address, which is the Voila page's under ``cardkit serve`` and the static site's page under
``cardkit lite`` (its pages have no ``<base>``), so neither needs to be known here. It is made
from the options the page sent, as `show_app` read them: only the app's known options, each
value as it came, none that a server adds (`SERVER_OPTIONS`); percent-encoded, HTML-escaped, and
no longer than an address `page_options` accepts (else it keeps only ``lang``).

Under ``cardkit serve``, cardkit's Voila template gives a game in play back to the page loaded in
the other language, as it does after "Start again" (`cardkit.widgets.resume`).

    >>> switch_address({"seed": "7", "lang": "en", "bot": "random"}, "ja")
    '?seed=7&lang=ja&bot=random'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from cardkit.i18n import LANGUAGES, Domain
from cardkit.widgets import limits
from cardkit.widgets.page_options import LANGUAGE_OPTION

_ = Domain("apps").gettext

__all__ = ["LANGUAGE_NAMES", "PLACEMENT_STYLE", "SERVER_OPTIONS", "AppPage", "language_switch",
           "switch_address", "switch_html"]

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ja": "日本語"}
"""Each language cardkit speaks, named in itself (as a reader of it looks for it)."""

SERVER_OPTIONS = frozenset({"class_student"})
"""Options a server adds to the page's own (``cardkit serve --class`` tells the probability lab
who the student is, `cardkit.widgets.class_voila.STUDENT_OPTION`): never put in a link."""


def switch_address(options: Mapping[str, str], lang: str,
                   known: Iterable[str] | None = None) -> str:
    """The query string (``?…``) of this page in ``lang``: the page's ``options`` in their
    order (only those in ``known`` when given, never `SERVER_OPTIONS`) with ``lang`` set, once.
    Percent-encoded; not HTML-escaped. When that is longer than an address `page_options`
    accepts, only ``?lang=…``.

    >>> switch_address({"n": "200", "class_student": "u1"}, "en")
    '?n=200&lang=en'
    >>> switch_address({"seed": '"><script>'}, "ja")
    '?seed=%22%3E%3Cscript%3E&lang=ja'
    """
    allowed = None if known is None else set(known)
    query = {str(name): str(value) for name, value in options.items()
             if name not in SERVER_OPTIONS and (allowed is None or name in allowed)}
    query[LANGUAGE_OPTION] = lang  # in its place when the page had one, else last
    text = urlencode(query)
    if len(text) > limits.MAX_QUERY_CHARS:
        text = urlencode({LANGUAGE_OPTION: lang})
    return "?" + text


def switch_html(options: Mapping[str, str], lang: str, known: Iterable[str] | None = None) -> str:
    """The switch's HTML on a page in ``lang``: every language by its own name, the page's
    marked and the others links (`switch_address`)."""
    parts = []
    for code in LANGUAGES:
        name = html.escape(LANGUAGE_NAMES.get(code, code))
        if code == lang:
            parts.append(f'<span lang="{code}" aria-current="true" '
                         f'style="font-weight:bold;color:#111827">{name}</span>')
        else:
            href = html.escape(switch_address(options, code, known), quote=True)
            parts.append(f'<a href="{href}" lang="{code}" hreflang="{code}" '
                         f'style="color:#1d4ed8;text-decoration:underline">{name}</a>')
    separator = '<span aria-hidden="true" style="color:#6b7280"> | </span>'
    # TRANSLATORS: the accessible name of the links that switch the page's language
    label = html.escape(_("Language"), quote=True)
    return (f'<nav class="cardkit-lang-switch-links" aria-label="{label}" '
            f'style="font-size:14px;line-height:1.6">{separator.join(parts)}</nav>')


# Where the switch shows (see the module's docstring). Only elements of these few classes are
# tested with :has(), so a page's restyling stays cheap. The chain from the app cell down to the
# AppPage: Voila's output area, and in the static site also the box that waits for the page's
# address (`cardkit.widgets.lite_page.when_addressed`).
PLACEMENT_STYLE = (
    "<style>"
    "@media (min-width: 641px) {"
    "body[data-voila] .jp-OutputArea:has(.cardkit-app-page),"
    "body[data-voila] .jp-OutputArea-child:has(.cardkit-app-page),"
    "body[data-voila] .jp-OutputArea-output:has(.cardkit-app-page),"
    "body[data-voila] .cardkit-page:has(> .cardkit-app-page),"
    "body[data-voila] .cardkit-app-page.cardkit-app-page { position: static; }"
    "body[data-voila] .cardkit-app-page > .cardkit-lang-switch {"
    " position: absolute; top: 8px; right: 16px; margin: 0; z-index: 1; }"
    "}"
    ".cardkit-app-page > .cardkit-lang-switch { align-self: flex-end; margin: 6px 4px 0; }"
    "</style>"
)


def language_switch(options: Mapping[str, str], lang: str,
                    known: Iterable[str] | None = None) -> widgets.HTML:
    """The switch as a widget (`switch_html`): shown at the top right of the page, or under the
    app in a narrow window (`PLACEMENT_STYLE`)."""
    switch = widgets.HTML(PLACEMENT_STYLE + switch_html(options, lang, known))
    switch.add_class("cardkit-lang-switch")
    return switch


class AppPage(widgets.VBox):
    """What `show_app` shows: the ``app`` and the page's language switch (``switch``) after it
    (shown at the top right of the page: `PLACEMENT_STYLE`)."""

    def __init__(self, app: widgets.Widget, switch: widgets.Widget, **kwargs: Any) -> None:
        super().__init__([app, switch], **kwargs)
        self.app = app
        self.switch = switch
        self.add_class("cardkit-app-page")
