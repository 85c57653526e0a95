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

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardkit.cards import Card, card_list, card_name
from cardkit.engine import numbered_seat
from cardkit.i18n import Domain

if TYPE_CHECKING:
    from cardkit.zioncheck.rules import Contract

__all__ = ["N_", "card_words", "cards_words", "contract_words", "gettext", "join", "join_and",
           "ngettext", "pgettext", "seat_name"]

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
