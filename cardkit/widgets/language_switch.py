"""The language switch under every app: "English | 日本語", each name in its own language.

The page's language is marked (``aria-current``) and is not a link; the other is a link to the
same page with the same options and ``lang`` set to it. `cardkit.widgets.page_options.show_app`
puts it under every app it shows (`AppPage`), so no app has a copy of its own. Under, at the
right, not above: above, it would push the tables' hand and Play button out of a 1280×720
projector window (tests/browser/test_xeri_app.py); under, it costs the app nothing. The page of
a refused address has it under its message, linking every option the page sent (so the other
language shows the same refusal). The gallery, which runs no Python, carries the same HTML in
its cells, at its top (``switch_html({}, lang)``, tests/widgets/test_language_switch.py).

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

__all__ = ["LANGUAGE_NAMES", "SERVER_OPTIONS", "AppPage", "language_switch", "switch_address",
           "switch_html"]

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


def language_switch(options: Mapping[str, str], lang: str,
                    known: Iterable[str] | None = None) -> widgets.HTML:
    """The switch as a widget (`switch_html`), placed at the right under the app."""
    switch = widgets.HTML(switch_html(options, lang, known),
                          layout=widgets.Layout(align_self="flex-end", margin="6px 4px 0"))
    switch.add_class("cardkit-lang-switch")
    return switch


class AppPage(widgets.VBox):
    """What `show_app` shows: the ``app`` and the page's language switch (``switch``) under it."""

    def __init__(self, app: widgets.Widget, switch: widgets.Widget, **kwargs: Any) -> None:
        super().__init__([app, switch], **kwargs)
        self.app = app
        self.switch = switch
        self.add_class("cardkit-app-page")
