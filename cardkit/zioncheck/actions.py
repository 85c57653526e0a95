"""Zion Check actions: small frozen values that print readably and have a text form.

Every action a player can take is one of eight kinds. Each prints in words (``str``) and has a
compact, lossless text form (`to_text`) that game records store; `parse_action` reads it back::

    >>> from cardkit.cards import parse_card
    >>> a = LayOff(parse_card("9C"), 2, "high")
    >>> str(a), a.to_text()
    ('lay off 9♣ on meld #3 (high end)', 'layoff 9C 2 high')
    >>> parse_action("layoff 9C 2 high") == a
    True
    >>> parse_action("discard 7H@1")
    Discard(card=Card(7, 'H', deck=1))

Text forms: ``draw``, ``take``, ``claim``, ``pass``, ``discard CARD``, ``layoff CARD INDEX
[low|high]``, ``exchange CARD INDEX`` and ``down MELD | MELD ...`` (a meld is its cards; a joker
may say what it stands for, ``JK=7C``).

Table melds: ``meld_index`` (and the INDEX of the text forms) counts the table's melds from 0
in the order laid, as `ZionGame.table` lists them; every sentence a person reads numbers them
from 1 (``meld #1`` is ``meld_index`` 0), as the apps and the table picture do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardkit.cards import Card, parse_card
from cardkit.zioncheck.words import card_words, gettext, pgettext

_ = gettext

__all__ = [
    "Action",
    "Claim",
    "Discard",
    "DrawStock",
    "ExchangeJoker",
    "GoDown",
    "LayOff",
    "Pass",
    "TakeDiscard",
    "parse_action",
]

ACTION_FORMS = (
    "draw | take | claim | pass | discard CARD | layoff CARD MELD_INDEX [low|high] | "
    "exchange CARD MELD_INDEX | down CARDS | CARDS ... (melds separated by '|'; "
    "a joker may name the card it stands for: JK=7C)"
)
_ENDS = ("low", "high")


def _as_card(value: Any, action: str) -> Card:
    """A Card, or card text such as ``"7C"`` / ``"JK"`` read with `parse_card`."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return parse_card(value)
        except ValueError as error:
            raise ValueError(f"{action}: {error}") from None
    raise ValueError(f"{action} needs a Card or card text such as '7C' or 'JK', not {value!r}")


def _as_index(value: Any, action: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{action} needs a meld_index 0, 1, 2, ... (a position in the "
                         f"table's melds: 0 is the first, meld #1), not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (ZC-6). Drawing from the stock is final: the player has
    seen the stock card and may no longer take the discard. It also declines the top discard,
    which opens the claim window for the other players (ZC-8.2)."""

    kind: ClassVar[str] = "draw"

    def to_text(self) -> str:
        return "draw"

    def __str__(self) -> str:
        return pgettext("action", "draw from the stock")


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile as this turn's draw (ZC-6, ZC-8.2)."""

    kind: ClassVar[str] = "take"

    def to_text(self) -> str:
        return "take"

    def __str__(self) -> str:
        return pgettext("action", "take the top discard")


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the top discard out of turn ("May I", ZC-8)."""

    kind: ClassVar[str] = "claim"

    def to_text(self) -> str:
        return "claim"

    def __str__(self) -> str:
        return pgettext("action", "claim the discard")


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the discard in the claim window (ZC-8.2)."""

    kind: ClassVar[str] = "pass"

    def to_text(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return pgettext("action", "pass")


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card face up, ending the turn (ZC-6; not the card taken from the discard pile
    this turn, ZC-6.1; the last card goes out, ZC-13.1)."""

    card: Card
    kind: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _as_card(self.card, "Discard"))

    def to_text(self) -> str:
        return f"discard {self.card.to_text()}"

    def __str__(self) -> str:
        return pgettext("action", "discard {card}").format(card=card_words(self.card))


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay ``card`` off on the table meld at ``meld_index`` (0-based: 0 is the first meld
    laid, which sentences call ``meld #1``) (ZC-11).

    ``end`` ("low" or "high") says at which end of a run a joker goes; None lets the game choose
    (the only end that fits, or the high end for a joker that fits both)."""

    card: Card
    meld_index: int
    end: str | None = None
    kind: ClassVar[str] = "layoff"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _as_card(self.card, "LayOff"))
        object.__setattr__(self, "meld_index", _as_index(self.meld_index, "LayOff"))
        if self.end is not None and self.end not in _ENDS:
            raise ValueError(f"end must be 'low', 'high' or None, not {self.end!r}")

    def to_text(self) -> str:
        tail = f" {self.end}" if self.end else ""
        return f"layoff {self.card.to_text()} {self.meld_index}{tail}"

    def __str__(self) -> str:
        if self.end == "low":
            words = pgettext("action", "lay off {card} on meld #{number} (low end)")
        elif self.end == "high":
            words = pgettext("action", "lay off {card} on meld #{number} (high end)")
        else:
            words = pgettext("action", "lay off {card} on meld #{number}")
        return words.format(card=card_words(self.card), number=self.meld_index + 1)


@dataclass(frozen=True, slots=True)
class ExchangeJoker:
    """Put the natural ``card`` in place of the joker it matches in the run at ``meld_index``
    (0-based: sentences call meld_index 0 ``meld #1``) and take the joker into hand (ZC-12)."""

    card: Card
    meld_index: int
    kind: ClassVar[str] = "exchange"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _as_card(self.card, "ExchangeJoker"))
        object.__setattr__(self, "meld_index", _as_index(self.meld_index, "ExchangeJoker"))

    def to_text(self) -> str:
        return f"exchange {self.card.to_text()} {self.meld_index}"

    def __str__(self) -> str:
        return pgettext("action", "exchange {card} for the joker in meld #{number}").format(
            card=card_words(self.card), number=self.meld_index + 1)


MeldSpec = Any
"""A `Meld` or a sequence of cards (a joker in a card list may be a ``(joker, card)`` pair)."""


@dataclass(frozen=True, slots=True)
class GoDown:
    """Lay down the hand's contract (ZC-9): ``melds`` are `Meld` values, card lists or texts.

    A card list is checked with ``check_meld``; a joker in it may be given as a pair
    ``(joker, card it stands for)`` to choose its place (ZC-5.3). A text is a meld's cards as
    in `parse_action` (``"7C 7D 7H"``, ``"4S 5S JK=6S 7S"``; ``@1`` names a second deck's copy).

    >>> GoDown(["7C 7D 7H", "8C 8D 8H"]) == parse_action("down 7C 7D 7H | 8C 8D 8H")
    True
    """

    melds: tuple[MeldSpec, ...]
    kind: ClassVar[str] = "down"

    def __post_init__(self) -> None:
        melds = self.melds
        if isinstance(melds, (str, Card)) or not isinstance(melds, Iterable):
            raise ValueError("GoDown needs a sequence of melds (Meld values or card lists)")
        object.__setattr__(self, "melds", tuple(_freeze_meld(m) for m in melds))

    def to_text(self) -> str:
        return "down " + " | ".join(meld_text(m) for m in self.melds)

    def __str__(self) -> str:
        return pgettext("action", "go down with {melds}").format(
            melds=" + ".join(meld_text(m, pretty=True) for m in self.melds))


def _freeze_meld(meld: MeldSpec) -> MeldSpec:
    if hasattr(meld, "stands_for"):
        return meld
    if isinstance(meld, str):
        return _meld_from_text(meld, meld)
    if isinstance(meld, Card) or not isinstance(meld, Iterable):
        raise ValueError(f"a meld is a Meld, a list of cards or a text such as '7C 7D 7H', "
                         f"not {meld!r}")
    items: list[Card | tuple[Card, Card]] = []
    for item in meld:
        if isinstance(item, Card):
            items.append(item)
        elif (isinstance(item, Sequence) and len(item) == 2 and isinstance(item[0], Card)
              and isinstance(item[1], Card) and item[0].is_joker):
            items.append((item[0], item[1]))
        elif isinstance(item, str) and "=" not in item:
            items.append(_as_card(item, "GoDown"))
        else:
            raise ValueError(f"a meld holds cards or card texts (or (joker, card) pairs), "
                             f"not {item!r}")
    return tuple(items)


def meld_cards(meld: MeldSpec) -> tuple[Card, ...]:
    """The physical cards of a meld spec."""
    if hasattr(meld, "stands_for"):
        return tuple(meld.cards)
    return tuple(item if isinstance(item, Card) else item[0] for item in meld)


def meld_text(meld: MeldSpec, *, pretty: bool = False) -> str:
    """A meld as text: its cards, jokers with what they stand for (``JK=7C``)."""
    if hasattr(meld, "stands_for"):
        if pretty:
            return str(meld)  # a set's joker as JK(Q), a run's as JK(7♣)
        pairs = list(zip(meld.cards, meld.stands_for, strict=True))
    else:
        pairs = [(item, None) if isinstance(item, Card) else item for item in meld]
    words = []
    for card, stands in pairs:
        if pretty:
            words.append(f"{card}({stands})" if card.is_joker and stands is not None
                         else str(card))
        else:
            words.append(card.to_text() + (f"={stands.to_text()}" if card.is_joker
                                            and stands is not None else ""))
    return " ".join(words)


Action = DrawStock | TakeDiscard | Claim | Pass | Discard | LayOff | ExchangeJoker | GoDown
_SIMPLE: dict[str, Action] = {"draw": DrawStock(), "take": TakeDiscard(), "claim": Claim(),
                               "pass": Pass()}


def _bad(text: str, why: str) -> ValueError:
    return ValueError(f"{text!r} is not a Zion Check action: {why}; expected {ACTION_FORMS}")


def _index(text: str, word: str) -> int:
    if not word.isdigit():
        raise _bad(text, f"{word!r} is not a meld index (0, 1, 2, ...)")
    return int(word)


def _card(text: str, word: str) -> Card:
    try:
        return parse_card(word)
    except ValueError as error:
        raise _bad(text, str(error)) from None


def _meld_from_text(part: str, text: str) -> tuple[Any, ...]:
    """One meld of a ``down`` text: card words, a joker maybe as ``JK=7C``."""
    items: list[Any] = []
    for word in part.split():
        card_word, sep, stands_word = word.partition("=")
        card = _card(text, card_word)
        if sep:
            if not card.is_joker:
                raise _bad(text, f"only a joker can stand for a card ({word!r})")
            items.append((card, _card(text, stands_word)))
        else:
            items.append(card)
    if not items:
        raise _bad(text, "a meld in 'down' is empty")
    return tuple(items)


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``to_text``).

    >>> parse_action("down 7C 7D 7H | 4S 5S JK=6S 7S")
    GoDown(melds=((Card(7, 'C'), Card(7, 'D'), Card(7, 'H')), (Card(4, 'S'), Card(5, 'S'), (Card.joker(), Card(6, 'S')), Card(7, 'S'))))
    """  # noqa: E501
    if not isinstance(text, str):
        raise TypeError(f"parse_action needs a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise _bad(text, "it is empty")
    head, rest = words[0].lower(), words[1:]
    if head in _SIMPLE:
        if rest:
            raise _bad(text, f"{head!r} takes nothing after it")
        return _SIMPLE[head]
    if head == "discard":
        if len(rest) != 1:
            raise _bad(text, "discard takes one card")
        return Discard(_card(text, rest[0]))
    if head == "layoff":
        if len(rest) not in (2, 3) or (len(rest) == 3 and rest[2].lower() not in _ENDS):
            raise _bad(text, "layoff takes a card, a meld index and optionally low or high")
        end = rest[2].lower() if len(rest) == 3 else None
        return LayOff(_card(text, rest[0]), _index(text, rest[1]), end)
    if head == "exchange":
        if len(rest) != 2:
            raise _bad(text, "exchange takes a card and a meld index")
        return ExchangeJoker(_card(text, rest[0]), _index(text, rest[1]))
    if head == "down":
        body = text.split(None, 1)[1] if rest else ""
        return GoDown(tuple(_meld_from_text(part, text) for part in body.split("|")))
    raise _bad(text, f"unknown action {words[0]!r}")

