"""What an app notebook reads from its page's address (Voila passes the query string to the
kernel): ``?seed=7&bot_delay=0`` gives ``{"seed": "7", "bot_delay": "0"}``.

`page_options` refuses an option the app does not know, and `option_int`, `option_float`,
`option_flag` and `option_choice` refuse a malformed value, each with a ValueError that names
what is accepted. `show_app` builds the app from the options and, when they are wrong, shows
that reason in the page (with a link to the app's defaults) instead of a Python traceback::

    show_app(lambda options: XeriTable(seed=option_int(options, "seed", 1)), accepted=("seed",))

The environment variable ``CARDKIT_BOT_DELAY`` sets the default bot pause for every app served
(the browser tests set it to a small value). `cardkit.widgets.serve` offers all of these too.

Every app speaks English or Japanese: ``?lang=ja`` (or ``?lang=en``) chooses, and without it
the app speaks the browser's language when that is Japanese (`page_language`: the page's
``Accept-Language`` header, which ``cardkit serve`` has Voila hand the kernel as
``HTTP_ACCEPT_LANGUAGE``; the static site puts the browser's ``navigator.languages`` there).
`show_app` accepts ``lang`` for every app and builds the app, and runs its callbacks, in it,
and shows a switch to the other language at the top right of the page
(`cardkit.widgets.language_switch`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from cardkit.i18n import LANGUAGES, Domain, language, normalize_language, set_language
from cardkit.widgets import limits

_t = Domain("apps")
_ = _t.gettext

__all__ = ["BOT_DELAY_ENV", "BROWSER_LANGUAGE_ENV", "LANGUAGE_OPTION", "default_bot_delay",
           "option_choice", "option_flag", "option_float", "option_int", "page_language",
           "page_options", "show_app"]

BOT_DELAY_ENV = "CARDKIT_BOT_DELAY"
LANGUAGE_OPTION = "lang"
BROWSER_LANGUAGE_ENV = "HTTP_ACCEPT_LANGUAGE"
"""Where the kernel finds the browser's languages (the page's ``Accept-Language`` header)."""
_MAX_ACCEPT_LANGUAGE = 400
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
        raise ValueError(_("this page's address has {count} characters of options; at most "
                           "{most}").format(count=len(query), most=limits.MAX_QUERY_CHARS))
    options = dict(parse_qsl(query.lstrip("?")))
    if accepted is not None:
        known = list(accepted)
        unknown = [name for name in options if name not in known]
        if unknown:
            names = ", ".join(repr(name) for name in unknown)
            raise ValueError(_t.ngettext(
                "this page has no option {names}; it understands: {known}",
                "this page has no options {names}; it understands: {known}", len(unknown),
            ).format(names=names, known=", ".join(known)))
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
        raise ValueError(_("{name} must be a whole number such as 7, not {text}…").format(
            name=name, text=repr(text[:30])))
    try:
        value = int(text)
    except ValueError:
        raise ValueError(_("{name} must be a whole number such as 7, not {text}").format(
            name=name, text=repr(text))) from None
    if high is None and abs(value) > limits.MAX_OPTION_INT:
        raise ValueError(_("{name} must be a whole number of at most {most}").format(
            name=name, most=f"{limits.MAX_OPTION_INT:,}"))
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(_range_message(name, value, low, high))
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
        raise ValueError(_("{name} must be a number such as 0.5, not {text}").format(
            name=name, text=repr(text))) from None
    if not 0 <= value < float("inf"):
        raise ValueError(_("{name} must be a number of 0 or more such as 0.5, not {text}")
                         .format(name=name, text=repr(text)))
    if high is not None and value > high:
        raise ValueError(_("{name} must be a number from 0 to {high}, not {text}").format(
            name=name, high=f"{high:g}", text=repr(text)))
    return value


def _range_message(name: str, value: int, low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        text = _("{name} must be a whole number from {low} to {high}, not {value}")
    elif low is not None:
        text = _("{name} must be a whole number from {low}, not {value}")
    else:
        text = _("{name} must be a whole number to {high}, not {value}")
    return text.format(name=name, low=low, high=high, value=value)


def page_language(options: dict[str, str], accept_language: str | None = None) -> str:
    """The page's language: ``?lang=`` (``en`` or ``ja``), else the first language of the
    browser's (``accept_language``, default ``$HTTP_ACCEPT_LANGUAGE``) that cardkit speaks,
    else English. A ``lang`` cardkit does not speak is refused with a ValueError.

    >>> page_language({"lang": "ja"}), page_language({}, "fr-FR,ja;q=0.8,en;q=0.5")
    ('ja', 'ja')
    >>> page_language({}, "en-US,en;q=0.9"), page_language({}, "")
    ('en', 'en')
    >>> page_language({"lang": "fr"})
    Traceback (most recent call last):
    ...
    ValueError: lang is en (English) or ja (日本語), not 'fr'
    """
    text = options.get(LANGUAGE_OPTION)
    if text is not None and text.strip() != "":
        try:
            if len(text) > 20:
                raise ValueError(text)
            return normalize_language(text)
        except ValueError:
            raise ValueError(_("lang is en (English) or ja (日本語), not {text}").format(
                text=repr(text[:20]))) from None
    header = os.environ.get(BROWSER_LANGUAGE_ENV, "") if accept_language is None \
        else accept_language
    return _browser_language(header[:_MAX_ACCEPT_LANGUAGE])


def _browser_language(header: str) -> str:
    """The first language of an ``Accept-Language`` header that cardkit speaks (by quality,
    then order), else English."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        code = tag.strip().replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES and quality > 0:
            ranked.append((-quality, order, code))
    return min(ranked)[2] if ranked else "en"


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
    raise ValueError(_("{name} is 1 (yes) or 0 (no), not {text}").format(
        name=name, text=repr(options[name])))


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
        raise ValueError(_("{name} is one of {choices}, not {text}").format(
            name=name, choices=", ".join(allowed), text=repr(text)))
    return text


def show_app(build: Callable[[dict[str, str]], Any], accepted: Iterable[str]) -> Any:
    """The app that ``build(options)`` makes from the page's options, or, when an option is
    wrong (a ValueError), a message in the page saying which and why, with a link to the app
    with its default options. What a teacher who mistyped an address sees, instead of a
    traceback.

    Every app also takes ``?lang=`` (`page_language`): the app is built, and its callbacks
    run, in the page's language. The kernel serves this one page, so the language is the
    process's too (`set_language`), for whatever runs outside a callback.

    An app (a widget) is shown with the page's language switch, "English | 日本語" (after the
    app, drawn at the top right of the page), which reloads the page with the same options in
    the other language: the value is an
    `cardkit.widgets.language_switch.AppPage`, whose ``app`` is the app. A refused address
    gets the switch too (its ``app`` is the message): its link keeps every option the page
    sent (but those a server adds), so that a learner who cannot read the message reads the
    same message in the other language; the message's link to the app's defaults keeps the
    page's ``lang``.
    """
    known = [*accepted, *([] if LANGUAGE_OPTION in accepted else [LANGUAGE_OPTION])]
    if sys.platform == "emscripten":  # the static site: the page's address comes from the page
        from cardkit.widgets.lite_page import when_addressed

        return when_addressed(lambda: _show_app_now(build, known))
    return _show_app_now(build, known)


def _show_app_now(build: Callable[[dict[str, str]], Any], known: list[str]) -> Any:
    _wait_for_request()
    fallback = _fallback_language()
    with language(fallback):  # the words of a refused address
        try:
            options = page_options(accepted=known)
            lang = page_language(options)
        except ValueError as error:
            # the same refusal in the other language: every option the page sent
            return _with_language_switch(_refusal(error, known, fallback), _sent_options(),
                                         fallback, None)
    if _in_a_kernel():
        set_language(lang)
    sent = dict(options)  # as the page sent them, whatever build does with its copy
    with language(lang):
        try:
            app = build(options)
        except ValueError as error:  # the same refusal in the other language
            return _with_language_switch(_refusal(error, known, lang), sent, lang, None)
        return _with_language_switch(app, sent, lang, known)


def _sent_options() -> dict[str, str]:
    """The options of a page whose address was refused, as it sent them, for its language
    switch: none when the address is too long to read."""
    query = os.environ.get("QUERY_STRING", "")
    if len(query) > limits.MAX_QUERY_CHARS:
        return {}
    return dict(parse_qsl(query.lstrip("?")))


def _with_language_switch(app: Any, options: dict[str, str], lang: str,
                          known: list[str] | None) -> Any:
    """The app, or the message refusing the page's address, over the page's language switch
    (`cardkit.widgets.language_switch`: its link keeps the ``known`` options, all when None);
    anything that is not a widget as it is."""
    import ipywidgets as widgets

    if not isinstance(app, widgets.DOMWidget):
        return app
    from cardkit.widgets.language_switch import AppPage, language_switch

    return AppPage(app, language_switch(options, lang, known))


def _fallback_language() -> str:
    """The page's language when its options cannot be read: ``?lang=ja`` if it says so (a
    later option may be the wrong one), else the browser's."""
    query = os.environ.get("QUERY_STRING", "")[: limits.MAX_QUERY_CHARS]
    try:
        return page_language(dict(parse_qsl(query.lstrip("?"))))
    except ValueError:
        return page_language({})


def _in_a_kernel() -> bool:
    """Whether this runs in a page's own kernel (Voila's, or Pyodide's in the static site)."""
    shell = sys.modules.get("IPython")
    try:
        return shell is not None and getattr(shell.get_ipython(), "kernel", None) is not None
    except Exception:  # an IPython without a shell
        return False


def _refusal(error: ValueError, known: list[str], lang: str) -> Any:
    """The message refusing the page's address (in ``lang``, the page's), with a link to the
    app's defaults: ``?``, or ``?lang=…`` when the address asked for a language."""
    import html

    import ipywidgets as widgets

    understood = (_("Options it understands: {options} (for example {example} after the "
                    "address).").format(options=", ".join(known),
                                        example=f"<code>?{known[0]}=…</code>")
                  if known else _("It takes no options."))
    asked = LANGUAGE_OPTION in _sent_options()
    defaults = f"?{LANGUAGE_OPTION}={lang}" if asked else "?"
    message = widgets.HTML(
        '<div role="alert" class="cardkit-msg cardkit-msg-error cardkit-option-error" '
        'style="background:#fdecec;border-left:4px solid #c0392b;padding:8px 12px;'
        'margin:4px 0;border-radius:4px;font-size:15px">'
        + _("<b>This app cannot start from this address:</b> {reason}.").format(
            reason=html.escape(str(error)))
        + f"<br>{understood} "
        + _("{link}Open the app with its default options{end}.").format(
            link=f'<a href="{defaults}" style="color:#1d4ed8;text-decoration:underline">',
            end="</a>")
        + "</div>"
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
