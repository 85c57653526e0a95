"""What an app notebook reads from its page's address (Voila passes the query string to the
kernel): ``?seed=7&bot_delay=0`` gives ``{"seed": "7", "bot_delay": "0"}``.

`page_options` refuses an option the app does not know, and `option_int`, `option_float`,
`option_flag` and `option_choice` refuse a malformed value, each with a ValueError that names
what is accepted. `show_app` builds the app from the options and, when they are wrong, shows
that reason in the page (with a link to the app's defaults) instead of a Python traceback::

    show_app(lambda options: XeriTable(seed=option_int(options, "seed", 1)), accepted=("seed",))

The environment variable ``CARDKIT_BOT_DELAY`` sets the default bot pause for every app served
(the browser tests set it to a small value). `cardkit.widgets.serve` offers all of these too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from cardkit.widgets import limits

__all__ = ["BOT_DELAY_ENV", "default_bot_delay", "option_choice", "option_flag", "option_float",
           "option_int", "page_options", "show_app"]

BOT_DELAY_ENV = "CARDKIT_BOT_DELAY"
_request_seen = False


def _wait_for_request() -> None:
    # A preheated kernel (cardkit serve --pool) runs the app notebook before any page asks for
    # it; Voila hands it the page's request (and so QUERY_STRING) when a page takes it.
    global _request_seen
    if not _request_seen and os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request

        wait_for_request()
        _request_seen = True


def page_options(
    query: str | None = None, accepted: Iterable[str] | None = None
) -> dict[str, str]:
    """The options in the page's query string (``?seed=7&bot_delay=0``), for app notebooks.

    ``accepted`` names the options the app understands; any other gives a ValueError (a typo
    such as ``?sed=7`` would otherwise be ignored without a word).

    >>> page_options("seed=7&bot_delay=0")
    {'seed': '7', 'bot_delay': '0'}
    >>> page_options("")
    {}
    >>> page_options("sed=7", accepted=("seed",))
    Traceback (most recent call last):
    ...
    ValueError: this page has no option 'sed'; it understands: seed
    """
    if query is None:
        _wait_for_request()
        query = os.environ.get("QUERY_STRING", "")
    if len(query) > limits.MAX_QUERY_CHARS:
        raise ValueError(
            f"this page's address has {len(query)} characters of options; at most "
            f"{limits.MAX_QUERY_CHARS}"
        )
    options = dict(parse_qsl(query.lstrip("?")))
    if accepted is not None:
        known = list(accepted)
        unknown = [name for name in options if name not in known]
        if unknown:
            names = ", ".join(repr(name) for name in unknown)
            plural = "s" if len(unknown) > 1 else ""
            raise ValueError(
                f"this page has no option{plural} {names}; it understands: {', '.join(known)}"
            )
    return options


def option_int(
    options: dict[str, str], name: str, default: int, *, low: int | None = None,
    high: int | None = None,
) -> int:
    """A whole number from ``options`` or the default; a malformed or out-of-range value gives
    a clear ValueError.

    >>> option_int({"seed": "7"}, "seed", 1)
    7
    >>> option_int({"seed": "abc"}, "seed", 1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number such as 7, not 'abc'
    """
    text = options.get(name)
    if text is None or text.strip() == "":
        return default
    if len(text) > 30:
        raise ValueError(f"{name} must be a whole number such as 7, not {text[:30]!r}…")
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number such as 7, not {text!r}") from None
    if high is None and abs(value) > limits.MAX_OPTION_INT:
        raise ValueError(f"{name} must be a whole number of at most {limits.MAX_OPTION_INT:,}")
    if (low is not None and value < low) or (high is not None and value > high):
        lowest = "" if low is None else f" from {low}"
        highest = "" if high is None else f" to {high}"
        raise ValueError(f"{name} must be a whole number{lowest}{highest}, not {value}")
    return value


def option_float(
    options: dict[str, str], name: str, default: float, *, high: float | None = None
) -> float:
    """A number (0 or more, at most ``high``) from ``options`` or the default; a malformed or
    out-of-range value gives a clear ValueError.

    >>> option_float({"bot_delay": "0.1"}, "bot_delay", 0.6)
    0.1
    >>> option_float({"bot_delay": "1e308"}, "bot_delay", 0.6, high=5)
    Traceback (most recent call last):
    ...
    ValueError: bot_delay must be a number from 0 to 5, not '1e308'
    """
    text = options.get(name)
    if text is None or text.strip() == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number such as 0.5, not {text!r}") from None
    if not 0 <= value < float("inf"):
        raise ValueError(f"{name} must be a number of 0 or more such as 0.5, not {text!r}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be a number from 0 to {high:g}, not {text!r}")
    return value


_YES = ("1", "true", "yes", "on")
_NO = ("", "0", "false", "no", "off")


def option_flag(options: dict[str, str], name: str) -> bool:
    """A yes/no option: ``1``, ``true``, ``yes``, ``on`` or ``0``, ``false``, ``no``, ``off``.

    >>> option_flag({"hot_seat": "1"}, "hot_seat"), option_flag({}, "hot_seat")
    (True, False)
    """
    text = options.get(name, "").strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise ValueError(f"{name} is 1 (yes) or 0 (no), not {options[name]!r}")


def option_choice(options: dict[str, str], name: str, default: str, choices: Iterable[str]) -> str:
    """One of ``choices`` from ``options``, or the default.

    >>> option_choice({"game": "xeri"}, "game", "xeri", ("xeri", "zioncheck"))
    'xeri'
    """
    allowed = list(choices)
    text = options.get(name)
    if text is None or text == "":
        return default
    if text not in allowed:
        raise ValueError(f"{name} is one of {', '.join(allowed)}, not {text!r}")
    return text


def show_app(build: Callable[[dict[str, str]], Any], accepted: Iterable[str]) -> Any:
    """The app that ``build(options)`` makes from the page's options, or, when an option is
    wrong (a ValueError), a message in the page saying which and why, with a link to the app
    with its default options. What a teacher who mistyped an address sees, instead of a
    traceback.
    """
    known = list(accepted)
    if sys.platform == "emscripten":  # the static site: the page's address comes from the page
        from cardkit.widgets.lite_page import when_addressed

        return when_addressed(lambda: _show_app_now(build, known))
    return _show_app_now(build, known)


def _show_app_now(build: Callable[[dict[str, str]], Any], known: list[str]) -> Any:
    import html

    import ipywidgets as widgets

    try:
        return build(page_options(accepted=known))
    except ValueError as error:
        understood = (f"Options it understands: {', '.join(known)} (for example "
                      f"<code>?{known[0]}=…</code> after the address)." if known
                      else "It takes no options.")
        message = widgets.HTML(
            '<div role="alert" class="cardkit-msg cardkit-msg-error cardkit-option-error" '
            'style="background:#fdecec;border-left:4px solid #c0392b;padding:8px 12px;'
            'margin:4px 0;border-radius:4px;font-size:15px">'
            f"<b>This app cannot start from this address:</b> {html.escape(str(error))}."
            f"<br>{understood} "
            '<a href="?" style="color:#1d4ed8;text-decoration:underline">Open the app with '
            "its default options</a>.</div>"
        )
        message.add_class("cardkit-app")
        message.add_class("cardkit-app-error")
        return message


def default_bot_delay(fallback: float = 0.6, options: dict[str, str] | None = None) -> float:
    """The bot pause: the page's ``?bot_delay=`` (or ``options``), else ``$CARDKIT_BOT_DELAY``,
    else ``fallback``. A page may ask for at most `limits.MAX_BOT_DELAY` seconds (a longer pause
    keeps a kernel busy for nothing, and ``1e308`` overflows)."""
    env = {"bot_delay": os.environ.get(BOT_DELAY_ENV, "")}
    page = page_options() if options is None else options
    return option_float(page, "bot_delay", option_float(env, "bot_delay", fallback),
                        high=limits.MAX_BOT_DELAY)
