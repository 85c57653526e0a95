"""The few whole pages the server writes itself (not an app): "the class is full", "this page
is the teacher's", "no ?template= here", in the language of the request that asked: its
``?lang=``, else its ``Accept-Language`` header (`page_options.page_language`), else English.
The server serves many pages at once, so each is written inside `cardkit.i18n.language`."""

from __future__ import annotations

import html
from typing import Any

from cardkit.i18n import Domain, language
from cardkit.widgets.page_options import LANGUAGE_OPTION, page_language

_ = Domain("apps").gettext

__all__ = ["class_full_page", "override_refused", "request_language", "teacher_only_page"]

_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">{head}
<title>{title}</title></head>
<body style="font-family:sans-serif;max-width:36em;margin:4em auto;line-height:1.5">
<h1>{heading}</h1>
<p>{text}</p>
</body></html>"""


def request_language(handler: Any) -> str:
    """The language a tornado request asks for (English when it names none cardkit speaks:
    a page that says "the class is full" does not refuse a ``?lang=``)."""
    asked = handler.get_argument(LANGUAGE_OPTION, None)
    header = handler.request.headers.get("Accept-Language", "")
    try:
        return page_language({LANGUAGE_OPTION: asked} if asked else {}, header)
    except ValueError:
        return page_language({}, header)


def class_full_page(students: int, lang: str) -> str:
    """The 503 page of a full class (it reloads itself every minute)."""
    with language(lang):
        return _PAGE.format(
            lang=lang, head='\n<meta http-equiv="refresh" content="60">',
            title=_("The class is full"), heading=_("The class is full"),
            text=_("Every place on this server is taken ({students} students). Try again in a "
                   "minute: this page reloads by itself, and a place frees as soon as someone "
                   "closes an app.").format(students=html.escape(str(students))))


def teacher_only_page(lang: str) -> str:
    """The 403 page of the class board for a student."""
    with language(lang):
        return _PAGE.format(
            lang=lang, head="", title=_("The teacher's page"),
            heading=_("This page is the teacher's"),
            text=_("The class board opens only from the teacher's address (the second one "
                   "<code>cardkit serve --class</code> prints). Students join an experiment from "
                   "the probability lab with the code the board shows."))


def override_refused(name: str, lang: str) -> str:
    """The plain-text 400 answer to an address with ``?template=`` or ``?theme=``."""
    with language(lang):
        return _("This server does not take ?{name}= in the address: the apps have one look. "
                 "Remove it and load the page again.").format(name=name)
