"""Playing cards: the `Card` value, its text forms, parsing, packs and seeded shuffling.

A card is a small frozen value. Cards print as ``7♣``, ``10♦``, ``JK`` and have an ASCII
form (``7C``, ``10D``, ``JK``)::

    >>> c = parse_card("7c")
    >>> c, str(c), c.ascii
    (Card(7, 'C'), '7♣', '7C')
    >>> [str(x) for x in parse_cards("A♠, 10h td JK")]
    ['A♠', '10♥', '10♦', 'JK']

Card text may be Japanese too, as a Japanese sentence names a card (`card_name`)::

    >>> [str(x) for x in parse_cards("クラブの7、ハートのK ジョーカー")]
    ['7♣', 'K♥', 'JK']

Packs made of several decks hold equal-looking cards that are distinct physical cards: they
differ in ``deck``. Jokers have no suit; a pack of ``D`` decks has ``2·D`` jokers, numbered by
their ``deck`` field (0, 1, 2, …), so that every joker is a distinct card too.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardkit.i18n import Domain, get_language
from cardkit.render import translated_card_name

_t = Domain("cardkit")
_, pgettext = _t.gettext, _t.pgettext

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "card_from_code",
    "card_list",
    "card_name",
    "card_words",
    "deck_of",
    "make_pack",
    "parse_card",
    "parse_cards",
    "shuffled",
]

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
"""Suit letters in the order used for sorting and codes: clubs, diamonds, hearts, spades."""

RANKS: tuple[int, ...] = tuple(range(1, 14))
"""Ranks 1–13; 1 is the ace, 11 jack, 12 queen, 13 king. Jokers have rank 0."""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_JOKER_WORDS = ("JK", "JOKER")
# What a card-format error tells a beginner, one fact per sentence. The deck suffix is explained
# only to someone who wrote an "@", that is who plays with several decks.
ACCEPTED_FORMS = (
    "Write a card as its rank then its suit, like 10♥, 10H or QS. "
    "The ranks are A, 2 to 10, J, Q and K (T also means 10). "
    "The suits are C, D, H and S, or ♣ ♦ ♥ ♠. "
    "A joker is JK."
)
DECK_FORM = "With several decks, @ and a deck number name one copy, like 7C@1."


def accepted_forms(deck: bool = False) -> str:
    """What a card-format error tells a beginner (`ACCEPTED_FORMS`, and with ``deck`` the
    `DECK_FORM` too), in the language of the moment: in Japanese it names the Japanese forms
    ("クラブの7", "ジョーカー") as well."""
    if deck:
        return _("Write a card as its rank then its suit, like 10♥, 10H or QS. The ranks are A, 2 "
                 "to 10, J, Q and K (T also means 10). The suits are C, D, H and S, or ♣ ♦ ♥ ♠. "
                 "A joker is JK. With several decks, @ and a deck number name one copy, like "
                 "7C@1.")
    return _("Write a card as its rank then its suit, like 10♥, 10H or QS. The ranks are A, 2 to "
             "10, J, Q and K (T also means 10). The suits are C, D, H and S, or ♣ ♦ ♥ ♠. A "
             "joker is JK.")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical playing card.

    ``rank`` is 1–13 (1 = ace) or 0 for a joker; ``suit`` is ``"C"``, ``"D"``, ``"H"``, ``"S"``
    or ``None`` for a joker; ``deck`` tells apart equal cards of a multi-deck pack and is part of
    equality. ``code`` is a small dense integer id (``deck * 54 + index``) handy for arrays.
    """

    rank: int
    suit: str | None
    deck: int = 0
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank, suit, deck = self.rank, self.suit, self.deck
        if type(deck) is not int or deck < 0:
            raise ValueError(f"deck must be a non-negative int, not {deck!r}")
        if rank == 0 and suit is None:
            code = (deck // 2) * 54 + 52 + deck % 2
        elif type(rank) is int and 1 <= rank <= 13 and suit in _SUIT_INDEX:
            code = deck * 54 + _SUIT_INDEX[suit] * 13 + rank - 1
        else:
            raise ValueError(
                f"not a card: rank={rank!r}, suit={suit!r}; use rank 1-13 with suit "
                "'C', 'D', 'H' or 'S', or rank 0 with suit None for a joker"
            )
        object.__setattr__(self, "code", code)

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        # ``code`` tells every physical card apart (rank, suit and deck), so one int compare
        # does; this sits on the hot path of every hand search and ``list.remove``
        if other.__class__ is Card:
            return self.code == other.code
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.code != other.code
        return NotImplemented

    @classmethod
    def joker(cls, number: int = 0) -> Card:
        """The joker numbered ``number`` in a pack (two per deck)."""
        return cls(0, None, number)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def face(self) -> tuple[int, str | None]:
        """Rank and suit without the deck: what the card looks like."""
        return (self.rank, self.suit)

    @property
    def rank_text(self) -> str:
        return "JK" if self.rank == 0 else RANK_TEXT.get(self.rank, str(self.rank))

    @property
    def ascii(self) -> str:
        """ASCII text such as ``7C``, ``10D``, ``AS`` or ``JK`` (parseable by `parse_card`)."""
        suit = self.suit  # None only for a joker
        return "JK" if suit is None else self.rank_text + suit

    @property
    def name(self) -> str:
        """Spoken name, e.g. ``"seven of clubs"`` or ``"joker"`` (used for aria-labels)."""
        if self.suit is None:  # a joker
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        return self.suit in ("D", "H")

    def __str__(self) -> str:
        if self.suit is None:  # a joker
            return "JK"
        return self.rank_text + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        if self.rank == 0:
            return f"Card.joker({self.deck})" if self.deck else "Card.joker()"
        tail = f", deck={self.deck}" if self.deck else ""
        return f"Card({self.rank}, {self.suit!r}{tail})"

    def __lt__(self, other: Card) -> bool:
        """Sort by suit (♣ ♦ ♥ ♠), then rank, jokers last; deck breaks ties."""
        if not isinstance(other, Card):
            return NotImplemented
        return _sort_key(self) < _sort_key(other)

    def to_text(self) -> str:
        """ASCII text that keeps the deck (``7C@1``): a lossless record form."""
        return self.ascii + (f"@{self.deck}" if self.deck else "")

    def _repr_html_(self) -> str:  # notebooks draw cards as pictures
        from cardkit.render import card_svg

        return card_svg(self)


def _sort_key(card: Card) -> tuple[int, int, int]:
    if card.suit is None:  # a joker
        return (4, 0, card.deck)
    return (_SUIT_INDEX[card.suit], card.rank, card.deck)


def card_name(card: Card) -> str:
    """How a sentence names ``card`` in the language of the moment: ``7♣`` and ``JK`` in
    English (``str(card)``), "クラブの7" and "ジョーカー" in Japanese.

        >>> from cardkit.i18n import language
        >>> with language("ja"):
        ...     card_name(Card(13, "H")), card_name(Card.joker())
        ('ハートのK', 'ジョーカー')
    """
    if get_language() == "en":
        return str(card)
    return translated_card_name(card)


def card_list(cards: Iterable[Card]) -> str:
    """Several cards named in a sentence: ``7♣ 7♥`` in English, "クラブの7、ハートの7" in
    Japanese."""
    if get_language() == "en":
        return " ".join(str(c) for c in cards)
    # TRANSLATORS: what stands between two card names in a list of cards ("7♣ 7♥")
    return pgettext("card list", ", ").join(card_name(c) for c in cards)


def card_from_code(code: int) -> Card:
    """The card whose `Card.code` is ``code``."""
    deck, index = divmod(code, 54)
    if index >= 52:
        return Card(0, None, deck * 2 + index - 52)
    suit, rank0 = divmod(index, 13)
    return Card(rank0 + 1, SUITS[suit], deck)


_RANK_WORDS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
_RANK_WORDS.update({str(n): n for n in range(2, 11)})
_SUIT_WORDS = {"C": "C", "D": "D", "H": "H", "S": "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S",
               "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
# Japanese card text, "クラブの7", "ハートのK", "ジョーカー" (as `card_name` writes it), also with
# the ranks' words ("スペードのエース").
_JA_SUITS = {"クラブ": "C", "ダイヤ": "D", "ダイヤモンド": "D", "ハート": "H", "スペード": "S"}
_JA_RANKS = {"エース": "A", "ジャック": "J", "クイーン": "Q", "キング": "K"}
_JA_JOKERS = ("ジョーカー", "ジョーカ")


def _from_japanese(word: str) -> str | None:
    """``word`` ("クラブの7", "ジョーカー") as the codes parse_card reads ("7C", "JK"), or
    ``None`` when it is not Japanese card text."""
    if word in _JA_JOKERS:
        return "JK"
    suit_word, sep, rank = word.partition("の")
    suit = _JA_SUITS.get(suit_word)
    if not sep or suit is None:
        return None
    return _JA_RANKS.get(rank, rank) + suit


def parse_card(text: str) -> Card:
    """Parse one card such as ``"7C"``, ``"10♦"``, ``"qs"``, ``"JK"`` or ``"7C@1"``.

    >>> parse_card("Td")
    Card(10, 'D')
    >>> parse_card("11X")
    Traceback (most recent call last):
    ...
    ValueError: '11X' is not a card. Write a card as its rank then its suit, like 10♥, 10H or QS. The ranks are A, 2 to 10, J, Q and K (T also means 10). The suits are C, D, H and S, or ♣ ♦ ♥ ♠. A joker is JK.

    Japanese card text is read too, and full-width letters and digits: "ハートのK", "ダイヤの１０",
    "ジョーカー". The error is in the language of the moment (`accepted_forms`).
    """  # noqa: E501
    if not isinstance(text, str):
        raise TypeError(f"parse_card needs a string, not {type(text).__name__}")
    token = unicodedata.normalize("NFKC", text.strip()) if not text.isascii() else text.strip()
    body, sep, deck_text = token.partition("@")
    deck = 0
    if sep:
        if not deck_text.isdigit():
            raise ValueError(_("{text!r} is not a card. {accepted}").format(
                text=text, accepted=accepted_forms(deck=True)))
        deck = int(deck_text)
    word = body.upper()
    if not word.isascii():
        word = _from_japanese(body) or word
    if word in _JOKER_WORDS:
        return Card(0, None, deck)
    rank = _RANK_WORDS.get(word[:-1]) if len(word) >= 2 else None
    suit = _SUIT_WORDS.get(word[-1:]) if word else None
    if rank is None or suit is None:
        raise ValueError(_("{text!r} is not a card. {accepted}").format(
            text=text, accepted=accepted_forms(deck=bool(sep))))
    return Card(rank, suit, deck)


def card_words(text: str) -> list[str]:
    """The card words of ``text``, split at spaces, commas and the Japanese "、": what
    `parse_cards` parses one by one.

        >>> card_words("7C, 8C クラブの7、ハートの7")
        ['7C', '8C', 'クラブの7', 'ハートの7']
    """
    return text.replace(",", " ").replace("、", " ").replace("，", " ").split()


def parse_cards(text: str | Iterable[str], *, distinct_decks: bool = True) -> list[Card]:
    """Parse cards separated by spaces or commas.

    With ``distinct_decks`` (the default) a repeated card without an explicit ``@N`` is taken
    from the next deck, and jokers are numbered in turn, so ``"8C 8C 8H JK JK"`` names five
    distinct physical cards of a multi-deck pack:

    >>> [c.to_text() for c in parse_cards("8C 8c 8H JK joker")]
    ['8C', '8C@1', '8H', 'JK', 'JK@1']
    """
    tokens = card_words(text) if isinstance(text, str) else list(text)
    cards = [parse_card(token) for token in tokens]
    if not distinct_decks:
        return cards
    seen: set[Card] = set()
    result = []
    for token, card in zip(tokens, cards, strict=True):
        if "@" not in token:
            while card in seen:
                card = Card(card.rank, card.suit, card.deck + 1)
        seen.add(card)
        result.append(card)
    return result


def deck_of(deck: int = 0, *, jokers: bool = False) -> list[Card]:
    """One standard deck in a fixed order (♣ A–K, ♦, ♥, ♠), plus its two jokers if asked."""
    cards = [Card(rank, suit, deck) for suit in SUITS for rank in RANKS]
    if jokers:
        cards += [Card(0, None, 2 * deck), Card(0, None, 2 * deck + 1)]
    return cards


def make_pack(decks: int = 1, *, jokers: bool = False) -> list[Card]:
    """``decks`` standard decks together (52 or 54 cards each), unshuffled.

    >>> len(make_pack()), len(make_pack(2, jokers=True))
    (52, 108)
    """
    if type(decks) is not int or decks < 1:
        raise ValueError(f"a pack needs at least one deck (a whole number), not {decks!r}")
    return [card for d in range(decks) for card in deck_of(d, jokers=jokers)]


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards`` using the given generator (never the global one)."""
    if not isinstance(rng, random.Random):
        raise ValueError(f"shuffled needs a random.Random generator such as random.Random(seed)"
                         f" (never the global random state), not {type(rng).__name__}")
    result = list(cards)
    rng.shuffle(result)
    return result
