"""The words Zion Check's sentences share, in the language of the moment (`cardkit.i18n`).

Every sentence of Zion Check's core (events, verdicts, refusals, explanations) is marked for
the ``zioncheck`` catalog with the functions below and built only when it is read. The pieces
that many sentences hold are here: a seat's name, a card's name, a list, a contract::

    >>> from cardkit.i18n import language
    >>> from cardkit.cards import Card
    >>> from cardkit.zioncheck.rules import Contract
    >>> seat_name(2), contract_words(Contract(1, 1))
    ('Seat 2', '1 set + 1 run')
    >>> with language("ja"):
    ...     seat_name(2), contract_words(Contract(1, 1)), card_words(Card(7, "C"))
    ('2番の席', 'セット1つ + ラン1つ', 'クラブの7')

Records and frames stay language-free: ``str(contract)`` and ``HandEnd`` values are data and
stay English; these functions are for the words a learner reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from cardkit.cards import Card, card_list, card_name
from cardkit.engine import numbered_seat
from cardkit.i18n import Domain

if TYPE_CHECKING:
    from cardkit.zioncheck.rules import Contract

__all__ = ["N_", "Later", "Said", "card_later", "card_words", "cards_words", "contract_words",
           "gettext", "join", "join_and", "ngettext", "pgettext", "seat_later", "seat_name"]

_t = Domain("zioncheck")
gettext, ngettext, pgettext = _t.gettext, _t.ngettext, _t.pgettext
_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is looked up when read)."""
    return message


def seat_name(seat: int | None) -> str:
    """How Zion Check names a seat: ``Seat 0``, ``Seat 1``, … (``0番の席`` in Japanese), the
    shared `cardkit.engine.numbered_seat`; ``nobody`` for no seat."""
    if seat is None:
        return pgettext("seat", "nobody")
    return numbered_seat(seat)


def card_words(card: object) -> str:
    """A card as a sentence names it: ``7♥`` in English (its printed face), ``ハートの7`` in
    Japanese (the shared `cardkit.cards.card_name`); anything else as it prints."""
    return card_name(card) if isinstance(card, Card) else str(card)


def cards_words(cards: Iterable[Card]) -> str:
    """Several cards in a sentence: ``7♥ 8♥`` (``ハートの7、ハートの8``), the shared
    `cardkit.cards.card_list`."""
    return card_list(cards)


def join(items: Iterable[str]) -> str:
    """A list in a sentence: ``Seat 1, Seat 2`` (``1番の席、2番の席``)."""
    # TRANSLATORS: what separates the items of a list ("Seat 1, Seat 2").
    return pgettext("list", ", ").join(items)


def join_and(items: Iterable[str]) -> str:
    """Names joined by "and": ``Seat 1 and Seat 2`` (``1番の席と2番の席``)."""
    # TRANSLATORS: what joins names: "Seat 1 and Seat 2 share the win".
    return pgettext("list", " and ").join(items)


def contract_words(contract: Contract) -> str:
    """A hand's contract as a learner reads it: ``2 sets``, ``1 set + 1 run`` (ZC-4)."""
    parts = []
    if contract.sets:
        parts.append(ngettext("{count} set", "{count} sets", contract.sets)
                     .format(count=contract.sets))
    if contract.runs:
        parts.append(ngettext("{count} run", "{count} runs", contract.runs)
                     .format(count=contract.runs))
    if len(parts) == 2:
        # TRANSLATORS: a contract of sets and runs: "1 set + 2 runs".
        return pgettext("contract", "{sets} + {runs}").format(sets=parts[0], runs=parts[1])
    return parts[0] if parts else ""


class Later:
    """``fn(*args)``, called when read: a word of the language of that moment. A `Later` is
    both a verdict's reason (a function of no arguments) and a value to format into a
    sentence (``format`` calls it), so a check makes one without building a closure::

        >>> from cardkit.i18n import language
        >>> seat = Later(seat_name, 1)
        >>> f"{seat}", seat()
        ('Seat 1', 'Seat 1')
    """

    __slots__ = ("args", "fn")

    def __init__(self, fn: Callable[..., object], *args: object) -> None:
        self.fn, self.args = fn, args

    def __call__(self) -> str:
        return str(self.fn(*self.args))

    def __format__(self, spec: str) -> str:
        return format(self(), spec)

    def __str__(self) -> str:
        return self()


class Said:
    """The sentence ``message`` (marked with `N_`) with its named ``values``, written when
    read in the language of that moment: a verdict's reason made without a closure, so the
    check that makes it keeps its speed. Values that are words (seats, cards) are `Later`.

        >>> from cardkit.i18n import language
        >>> said = Said(N_("{seat} has already drawn this turn"), seat=Later(seat_name, 0))
        >>> with language("ja"):
        ...     said()
        '0番の席はこの番で、もうカードを引きました'
    """

    __slots__ = ("message", "values")

    def __init__(self, message: str, **values: object) -> None:
        self.message, self.values = message, values

    def __call__(self) -> str:
        return gettext(self.message).format(**self.values)

    def __format__(self, spec: str) -> str:
        return format(self(), spec)

    def __str__(self) -> str:
        return self()


def seat_later(seat: int | None) -> Later:
    """A seat's name, written when read."""
    return Later(seat_name, seat)


def card_later(card: object) -> Later:
    """A card's name, written when read."""
    return Later(card_words, card)
