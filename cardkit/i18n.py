"""The language of every sentence cardkit writes: English (the source language) or Japanese.

Sentences are looked up in gettext catalogs (``cardkit/locale/<lang>/LC_MESSAGES/<domain>.mo``,
compiled from the ``.po`` files beside them with Babel: ``make catalogs``). Each part of cardkit
has its own domain, so that a game's words travel with the game:

============  ==========================================================================
``cardkit``   what every game shares: cards, the engine, the command line, the analyst
``xeri``      4-Player Xeri's events, verdicts and explanations
``zioncheck`` Zion Check's events, verdicts, explanations and the solver's words
``apps``      the apps' labels, buttons, messages, tooltips and aria-labels
============  ==========================================================================

A module takes the functions of its domain and marks each whole sentence, with named
placeholders that the translation may move (``{card}``, ``{seat}``, ``{points}``, ``{rule}``)::

    from cardkit.i18n import Domain
    _t = Domain("xeri")
    _, ngettext, pgettext = _t.gettext, _t.ngettext, _t.pgettext
    ...
    _("{seat} plays {card}").format(seat=..., card=...)

Rule IDs are always placeholders, never part of a translated word. Text is built only when it
is read (an event's ``text``), so a simulation never pays for a lookup.

The language is English until changed: `set_language` for the whole process (a notebook, an
app's kernel, the command line), `language` for one block (and one thread or task)::

    >>> from cardkit.i18n import language, get_language
    >>> get_language()
    'en'
    >>> with language("ja"):
    ...     get_language()
    'ja'
    >>> get_language()
    'en'
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = [
    "DOMAINS",
    "GAME_DOMAINS",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "Domain",
    "game_words",
    "get_language",
    "language",
    "normalize_language",
    "set_language",
]

LANGUAGES: tuple[str, ...] = ("en", "ja")
"""The languages cardkit speaks: English, the source language, and Japanese."""

PACKAGE = Path(__file__).parent
LOCALE_DIR = PACKAGE / "locale"


def _game_packages() -> tuple[str, ...]:
    # A game's package is the one that describes it to the registry (its spec.py); its words
    # travel with it, in a catalog named after the package.
    return tuple(sorted(p.parent.name for p in PACKAGE.glob("*/spec.py")))


GAME_DOMAINS: tuple[str, ...] = _game_packages()
"""The catalogs of cardkit's game packages, each named after its package (and its game)."""
DOMAINS: tuple[str, ...] = ("cardkit", *GAME_DOMAINS, "apps")
"""The catalogs, one per part of cardkit (the module docstring says which holds what): the
shared words, each game package's own, and the apps'."""

_process_language = "en"
# A block's language (`language`) overrides the process's; None: no block has set one.
_block_language: ContextVar[str | None] = ContextVar("cardkit_language", default=None)


def normalize_language(name: str) -> str:
    """The language code of ``name``: ``"ja"``, ``"ja_JP.UTF-8"``, ``"ja-JP"`` give ``"ja"``.

    >>> normalize_language("ja_JP.UTF-8"), normalize_language("EN-us")
    ('ja', 'en')
    >>> normalize_language("fr")
    Traceback (most recent call last):
    ...
    ValueError: cardkit speaks en (English) and ja (Japanese), not 'fr'
    """
    if not isinstance(name, str):
        raise ValueError(f"a language is a code such as 'en' or 'ja', not {name!r}")
    code = name.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"cardkit speaks en (English) and ja (Japanese), not {name!r}")
    return code


def set_language(name: str) -> None:
    """Make ``name`` ("en" or "ja") the language of every sentence from now on, in this process.

    A block inside `language` keeps the block's language.
    """
    global _process_language
    _process_language = normalize_language(name)


def get_language() -> str:
    """The language sentences are written in now: a block's (`language`), else the process's."""
    return _block_language.get() or _process_language


@contextmanager
def language(name: str) -> Iterator[str]:
    """Write every sentence inside the block in ``name``; the language before comes back after.

    The block's language belongs to its thread or task (a `contextvars.ContextVar`), so two
    pages served by one process can each speak their own.
    """
    token = _block_language.set(normalize_language(name))
    try:
        yield _block_language.get() or _process_language
    finally:
        _block_language.reset(token)


def N_(message: str) -> str:
    """Mark ``message`` for its catalog without translating it now: it is looked up (with the
    domain's ``gettext``) where it is shown, in the language of that moment.

    >>> N_("Zion Check")
    'Zion Check'
    """
    return message


@cache
def _catalog(domain: str, lang: str) -> _gettext.NullTranslations:
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(domain, LOCALE_DIR, languages=[lang])


class Domain:
    """The gettext functions of one catalog, answering in the language of the moment.

    >>> _t = Domain("cardkit")
    >>> _t.gettext("{count} card")   # English is the source: the message itself
    '{count} card'
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        if name not in DOMAINS:
            raise ValueError(f"no catalog named {name!r}: cardkit's are {', '.join(DOMAINS)}")
        self.name = name

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"

    def translations(self, lang: str | None = None) -> _gettext.NullTranslations:
        """The catalog in ``lang`` (default: the language of the moment)."""
        return _catalog(self.name, normalize_language(lang) if lang else get_language())

    def gettext(self, message: str) -> str:
        """``message`` in the language of the moment."""
        lang = get_language()
        return message if lang == "en" else _catalog(self.name, lang).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n``, in the language of the moment."""
        lang = get_language()
        if lang == "en":
            return singular if n == 1 else plural
        return _catalog(self.name, lang).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` ("card", "seat", "team", …), in the language of the
        moment: the same English word may need two Japanese ones."""
        lang = get_language()
        return message if lang == "en" else _catalog(self.name, lang).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """`ngettext` within ``context``."""
        lang = get_language()
        if lang == "en":
            return singular if n == 1 else plural
        return _catalog(self.name, lang).npgettext(context, singular, plural, n)


def game_words(game: str, words: str) -> str:
    """``words`` that the game ``game``'s package marked with `N_` (its simulation columns, its
    analyst's words), in the language of the moment, from the game's own catalog; a game
    registered from outside cardkit has no catalog here, and its words are as they are.

    >>> with language("ja"):
    ...     game_words("xeri", "the round in its match, from 1")
    '試合の中のラウンドの番号（1から）'
    """
    return Domain(game).gettext(words) if game in GAME_DOMAINS else words
