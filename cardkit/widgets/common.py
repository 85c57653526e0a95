"""What every app shares: a message area, callbacks that never fail silently, the seed line.

A widget callback that raises would otherwise vanish into the kernel log, and the learner would
see nothing. `guarded` shows a refused move (an `IllegalAction`) as the rule's reason, and any
other error as an error line, in the app's `MessageArea`.
"""

from __future__ import annotations

import functools
import html
import logging
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import urlencode

import ipywidgets as widgets

from cardkit.engine import IllegalAction, Verdict
from cardkit.i18n import N_, Domain, get_language, language

_ = Domain("apps").gettext

__all__ = [
    "N_",
    "MessageArea",
    "guarded",
    "seed_html",
    "share_address",
    "speaking",
    "wait_for_charts",
    "warm_up_charts",
]

log = logging.getLogger("cardkit.widgets")
F = TypeVar("F", bound=Callable[..., Any])

_STYLES = {
    "info": "background:#eef6ff;border-left:4px solid #3573c9;",
    "ok": "background:#eefaf0;border-left:4px solid #2e8b57;",
    "refused": "background:#fff4e5;border-left:4px solid #d9822b;",
    "error": "background:#fdecec;border-left:4px solid #c0392b;",
}


class MessageArea(widgets.HTML):
    """One line of feedback under an app: info, a verdict, a refusal or an error.

    The plain text of the last message is kept in ``text`` and its kind in ``kind`` so that
    tests (and screen readers, through ``role="status"``) can read it.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = ""
        self.kind = ""
        self.lang = get_language()  # the app's language: its guarded callbacks speak it
        self.add_class("cardkit-message")

    def show(self, text: str, kind: str = "info") -> None:
        self.text, self.kind = text, kind
        role = "alert" if kind in ("refused", "error") else "status"
        self.value = (
            f'<div role="{role}" class="cardkit-msg cardkit-msg-{kind}" '
            f'style="{_STYLES.get(kind, "")}padding:6px 10px;margin:4px 0;border-radius:4px">'
            f"{html.escape(text)}</div>"
        )

    def show_verdict(self, verdict: Verdict) -> None:
        self.show(str(verdict), "ok" if verdict.ok else "refused")

    def show_error(self, error: BaseException) -> None:
        self.show(_("Something went wrong: {kind}: {error}").format(
            kind=type(error).__name__, error=error), "error")

    def clear(self) -> None:
        self.text, self.kind, self.value = "", "", ""


def guarded(area: MessageArea) -> Callable[[F], F]:
    """Decorate a widget callback so that refusals and errors appear in ``area``, and so that
    it speaks the app's language: the language ``area`` was made in (`cardkit.i18n.language`).

    >>> area = MessageArea()
    >>> @guarded(area)
    ... def on_click(_=None):
    ...     raise IllegalAction(Verdict(False, "not your turn", "XR-3.1"))
    >>> on_click(); area.kind, area.text
    ('refused', 'not your turn (XR-3.1)')
    """

    def decorate(fn: F) -> F:
        lang = getattr(area, "lang", None) or get_language()

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with language(lang):
                try:
                    return fn(*args, **kwargs)
                except IllegalAction as refusal:
                    area.show_verdict(refusal.verdict)
                except Exception as error:  # shown to the learner, and logged for the teacher
                    log.exception("callback %s failed", getattr(fn, "__name__", fn))
                    area.show_error(error)
                return None

        return wrapper  # type: ignore[return-value]  # wraps fn: same call, None on refusal

    return decorate


def speaking(fn: F) -> F:
    """``fn``, run in the language of the moment it was wrapped (an app wraps its callbacks,
    and its threads' work, as it is built or as a run starts: `cardkit.i18n.language`)."""
    lang = get_language()

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with language(lang):
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]  # wraps fn: the same call


def share_address(options: Mapping[str, str] | None = None, **changes: object) -> str:
    """The address of this page with ``options`` and ``changes`` in its query string.

    In a Voila page the kernel knows its page (Voila sets ``SERVER_NAME``, ``SERVER_PORT`` and
    ``SCRIPT_NAME``), so a teacher can copy the whole address; elsewhere (a notebook) only the
    query string is known::

        >>> share_address({"bot_delay": "0"}, seed=7) if "SERVER_NAME" not in os.environ else 0
        '?bot_delay=0&seed=7'
    """
    query = dict(options or {})
    query.update({key: str(value) for key, value in changes.items()})
    text = "?" + urlencode(query)
    if os.environ.get("CARDKIT_PAGE_URL"):  # the static site's page (cardkit.widgets.lite_page)
        return os.environ["CARDKIT_PAGE_URL"] + text
    host, path = os.environ.get("SERVER_NAME"), os.environ.get("SCRIPT_NAME")
    if not host or not path:
        return text
    port = os.environ.get("SERVER_PORT")
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}{':' + port if port else ''}{path}{text}"


def seed_html(seed: int, address: str) -> str:
    """The line that shows a deal's seed and the address that deals it again for everyone."""
    return (
        '<div class="cardkit-seed" style="font-size:13px;color:#374151;margin:2px 0">'
        + _("Seed {seed}. The same deal for everyone: {address}").format(
            seed=f"<b>{seed}</b>",
            address=f'<a class="cardkit-share" href="{html.escape(address)}" '
                    'style="color:#1d4ed8;text-decoration:underline">'
                    f"{html.escape(address)}</a>")
        + "</div>"
    )


_warming: threading.Thread | None = None


def warm_up_charts() -> None:
    """Import plotly's FigureWidget in the background (about 2 s), once per kernel.

    A table starts it at the learner's first move, long before the first round ends, so that
    the score charts then appear without that wait, and opening the app does not pay for it.
    """
    global _warming
    if _warming is None:
        _warming = threading.Thread(target=_import_charts, name="cardkit-charts", daemon=True)
        # No threads in the browser (the static site): the charts are imported at round end;
        # plotly's wheels (`cardkit.lite_loader`) and the charts' frontend code
        # (`cardkit.widgets.lite_page`) start loading now.
        try:
            _warming.start()
        except RuntimeError:
            from cardkit.lite_loader import start_loading
            from cardkit.widgets.lite_page import preload_chart_code

            start_loading()  # plotly's wheels, which the page did not load at start
            preload_chart_code()


def wait_for_charts() -> None:
    """Wait until a warm-up started by `warm_up_charts` has imported the charts: importing
    them meanwhile from the callback's thread too can find numpy half-imported."""
    if _warming is not None and _warming.is_alive():
        _warming.join()


def _import_charts() -> None:
    import plotly.graph_objs._figurewidget  # noqa: F401

    import cardkit.widgets.charts  # noqa: F401
