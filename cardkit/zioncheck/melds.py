"""Zion Check melds: sets and runs, their checks, lay-offs and joker exchanges (ZC-2, ZC-5, ZC-11,
ZC-12), and the penalty points of a hand (ZC-2.3).

A `Meld` is a frozen value: its physical cards in order and, position by position, the natural
card each one stands for (a joker stands for one definite card, ZC-5.3)::

    >>> from cardkit.cards import parse_cards
    >>> v = check_meld(parse_cards("9C 5C JK 6C 8C"))
    >>> bool(v), v.kind, str(v.meld)
    (True, 'run', '5♣ 6♣ JK(7♣) 8♣ 9♣')
    >>> check_meld(parse_cards("KC AC 2C 3C")).reason
    'K♣ A♣ 2♣ 3♣ is not a run: an ace is high or low, never in the middle (ZC-2.1)'
    >>> new, joker = v.meld.with_joker_exchanged(parse_cards("7C@1")[0])
    >>> str(new), str(joker)
    ('5♣ 6♣ 7♣ 8♣ 9♣', 'JK')

Conventions (decisions):

* Run positions are ranks 1–14, where 14 is the ace above the king (ZC-2.1). ``stands_for`` holds
  plain faces (deck 0); the high ace stands for ``Card(1, suit)``.
* A joker in a set stands for the set's rank; its ``stands_for`` card carries the suit ♣ only
  as a placeholder (a joker in a set can never be exchanged, ZC-12.2, so its suit never matters).
  It prints as ``JK(8)``.
* When cards could form either a set or a run (one natural card and three or more jokers, or
  with ``min_natural_per_meld=0`` only jokers), `check_meld` prefers the **run**: a joker in a run
  can later be freed (ZC-12.1), and jokers in sets are frowned upon (ZC-5.4). Pass
  ``kind="set"`` to ask for the set.
* A joker at a run's end goes at ``joker_end`` ("high" by default) while the run fits there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import pairwise
from typing import Any, NamedTuple

from cardkit.cards import SUITS, Card, parse_card, parse_cards
from cardkit.engine import IllegalAction, Verdict
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.words import (
    N_,
    Later,
    Said,
    card_later,
    card_words,
    gettext,
    join,
    ngettext,
    pgettext,
)

_ = gettext

__all__ = [
    "LayOffOption",
    "Meld",
    "MeldKind",
    "MeldVerdict",
    "can_exchange_joker",
    "can_lay_off",
    "check_laid_meld",
    "check_meld",
    "hand_points",
    "joker_exchanges",
    "lay_off_options",
]

_DEFAULT_RULES = Rules()
_SUIT_WORD = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_PLURAL = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
           8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings"}


def _suit_word(suit: str) -> str:
    """A suit as a run's description names it, in the language of the moment."""
    if suit == "C":
        return pgettext("suit", "clubs")
    if suit == "D":
        return pgettext("suit", "diamonds")
    if suit == "H":
        return pgettext("suit", "hearts")
    return pgettext("suit", "spades")


def _ranks_word(rank: int) -> str:
    """The cards of one rank, as a set's description names them ("eights")."""
    return (pgettext("ranks", "aces"), pgettext("ranks", "twos"), pgettext("ranks", "threes"),
            pgettext("ranks", "fours"), pgettext("ranks", "fives"), pgettext("ranks", "sixes"),
            pgettext("ranks", "sevens"), pgettext("ranks", "eights"), pgettext("ranks", "nines"),
            pgettext("ranks", "tens"), pgettext("ranks", "jacks"), pgettext("ranks", "queens"),
            pgettext("ranks", "kings"))[rank - 1]
_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
_ENDS = ("low", "high")


class MeldKind(str, Enum):
    """The two kinds of meld (ZC-5)."""

    SET = "set"
    RUN = "run"


def _rank_text(rank: int) -> str:
    return _RANK_TEXT.get(rank, str(rank))


_FACES = {(rank, suit): Card(rank, suit) for rank in range(1, 14) for suit in SUITS}
"""The 52 plain faces (deck 0), built once: melds name what each position stands for."""


def _face(rank: int, suit: str) -> Card:
    """The plain face at run position ``rank`` (1–14)."""
    return _FACES[1 if rank == 14 else rank, suit]


_RUN_FACES = {suit: tuple(_face(p, suit) for p in range(1, 15)) for suit in SUITS}
"""Per suit, the plain faces of run positions 1–14 (at 0–13), so that a run's faces are one
slice."""
_SUIT_ORDER: dict[str | None, int] = {**{suit: i for i, suit in enumerate(SUITS)}, None: 0}
"""A suit's place in ♣ ♦ ♥ ♠ (jokers 0), for sorting a set's cards."""


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True)
class Meld:
    """A set or a run as laid on the table.

    ``cards`` are the physical cards (runs in sequence order, low to high; sets naturals first,
    then jokers), ``stands_for`` the natural face each position represents. Runs have ``suit``,
    ``low`` and ``high`` (1–14, 14 = ace high); sets have ``rank``. Build melds with
    `check_meld` or `Meld.from_text`; methods return new values (melds never change).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    suit: str | None = None
    rank: int | None = None
    low: int | None = None
    high: int | None = None

    def __post_init__(self) -> None:
        if len(self.cards) != len(self.stands_for):
            raise ValueError("a meld needs one stands_for card per card")
        if self.kind is MeldKind.RUN and (self.low is None or self.high is None
                                          or self.high - self.low + 1 != len(self.cards)):
            raise ValueError("a run needs low and high matching its length")

    # -- views ------------------------------------------------------------------------------
    @property
    def jokers(self) -> tuple[tuple[Card, Card], ...]:
        """Each joker with the card it stands for."""
        return tuple((c, s) for c, s in zip(self.cards, self.stands_for, strict=True)
                     if c.rank == 0)

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.rank != 0)

    @property
    def is_run(self) -> bool:
        return self.kind is MeldKind.RUN

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    @property
    def run_span(self) -> tuple[str, int, int]:
        """A run's suit and the positions (1–14, 14 the high ace) of its low and high ends;
        ``ValueError`` for a set (the typed view of ``suit``, ``low`` and ``high``)."""
        suit, low, high = self.suit, self.low, self.high
        if suit is None or low is None or high is None:
            raise ValueError(f"{self} is not a run")
        return suit, low, high

    @property
    def set_rank(self) -> int:
        """A set's rank; ``ValueError`` for a run (the typed view of ``rank``)."""
        if self.rank is None:
            raise ValueError(f"{self} is not a set")
        return self.rank

    def __repr__(self) -> str:
        return f"Meld.from_text({self.to_text()!r})"

    def _repr_html_(self) -> str:
        """In a notebook a meld shows itself as its cards, each joker labelled."""
        from cardkit.zioncheck.draw import meld_html

        return meld_html(self)

    def __str__(self) -> str:
        parts = []
        for card, face in zip(self.cards, self.stands_for, strict=True):
            if card.rank:
                parts.append(str(card))
            elif self.kind is MeldKind.RUN:
                parts.append(f"JK({face})")
            else:
                parts.append(f"JK({_rank_text(face.rank)})")
        return " ".join(parts)

    @property
    def description(self) -> str:
        """``"a run of clubs, 5 to 9"`` or ``"a set of eights"`` (in the language of the
        moment: ``"クラブの5から9までのラン"``)."""
        if self.kind is MeldKind.RUN:
            suit, low, high = self.run_span
            return _("a run of {suit}, {low} to {high}").format(
                suit=_suit_word(suit), low=_rank_text(low), high=_rank_text(high))
        return _("a set of {ranks}").format(ranks=_ranks_word(self.set_rank))

    # -- records ----------------------------------------------------------------------------
    def to_text(self) -> str:
        """Lossless text for records: ``"run 5C 6C JK@1=7C 8C 9C"``, ``"set 8C 8C@1 JK=8"``.

        >>> m = check_meld(parse_cards("8C 8C 8H JK")).meld
        >>> m.to_text(), Meld.from_text(m.to_text()) == m
        ('set 8C 8C@1 8H JK=8', True)
        """
        parts = [self.kind.value]
        for card, face in zip(self.cards, self.stands_for, strict=True):
            if card.rank:
                parts.append(card.to_text())
            elif self.kind is MeldKind.RUN:
                parts.append(f"{card.to_text()}={face.ascii}")
            else:
                parts.append(f"{card.to_text()}={_rank_text(face.rank)}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Meld:
        """Inverse of `to_text`; raises ``ValueError`` for text that is not a legal meld."""
        if not isinstance(text, str) or not text.split():
            raise ValueError(f"not a meld text: {text!r}; expected e.g. 'run 5C 6C JK=7C 8C'")
        head, *tokens = text.split()
        try:
            kind = MeldKind(head.lower())
        except ValueError:
            raise ValueError(f"meld text must start with 'set' or 'run', not {head!r}") from None
        cards: list[Card] = []
        faces: list[Card | None] = []
        for token in tokens:
            body, sep, target = token.partition("=")
            card = parse_card(body)
            cards.append(card)
            if not card.rank:
                if not sep:
                    raise ValueError(f"joker {token!r} must say what it stands for: JK=7C")
                if kind is MeldKind.SET:
                    faces.append(Card(_parse_rank(target), "C"))
                else:
                    faces.append(parse_card(target))
            else:
                faces.append(None)
        if kind is MeldKind.SET:
            verdict = check_meld(cards, _RULES_NO_MIN, kind="set")
            if not verdict.ok:
                raise ValueError(f"{text!r}: {verdict}")
            found = _meld_of(verdict)
            if any(f is not None and f.rank != found.rank for f in faces):
                raise ValueError(f"{text!r}: a joker in a set stands for the set's rank")
            return found
        meld = _run_from_positions(cards, faces)
        if meld is None:
            raise ValueError(f"{text!r} is not a run in the order given, with those jokers")
        return meld

    # -- changes ----------------------------------------------------------------------------
    def with_card(self, card: Card, end: str | None = None) -> Meld:
        """This meld with ``card`` laid off on it (ZC-11.2); ``end`` ("low" | "high") picks the
        end of a run for a joker (default "high" while the run fits there).

        Raises `IllegalAction` (a ``ValueError``) with the reason when the card does not fit.
        """
        where = _lay_off_end(card, self, end)
        if where is False:
            raise IllegalAction(_lay_off(card, self, end)[0])  # words only for a refusal
        if self.kind is MeldKind.SET:
            return _make_set(self.set_rank, (*self.cards, card))
        suit, low, _high = self.run_span
        if where == "low":
            return _make_run(suit, low - 1, (card, *self.cards))
        return _make_run(suit, low, (*self.cards, card))

    def with_joker_exchanged(self, card: Card) -> tuple[Meld, Card]:
        """Put natural ``card`` in place of the joker that stands for it; returns the new meld
        and the freed joker (ZC-12.1). Raises `IllegalAction` when that is not allowed."""
        index = _exchange_index(card, self)
        if index < 0:
            raise IllegalAction(_exchange(card, self)[0])  # words only for a refusal
        cards = list(self.cards)
        joker = cards[index]
        cards[index] = card
        return Meld(MeldKind.RUN, tuple(cards), self.stands_for, self.suit, None, self.low,
                    self.high), joker


_RULES_NO_MIN = Rules(min_natural_per_meld=0)


def _parse_rank(text: str) -> int:
    """A rank from ``"8"``, ``"A"``, ``"10"`` (or a whole card such as ``"8C"``)."""
    try:
        return parse_card(text + "C").rank
    except ValueError:
        return parse_card(text).rank


def _make_run(suit: str, low: int, cards: Sequence[Card]) -> Meld:
    """A run of ``suit`` starting at position ``low`` (cards already in sequence order)."""
    high = low + len(cards) - 1
    if low < 1 or high > 14:
        raise ValueError(f"a run lies within positions 1 to 14, not {low} to {high}")
    return Meld(MeldKind.RUN, tuple(cards), _RUN_FACES[suit][low - 1:high], suit, None, low, high)


def _make_set(rank: int, cards: Iterable[Card]) -> Meld:
    """A set of ``rank``: naturals sorted, then jokers by number."""
    order = _SUIT_ORDER
    ordered = sorted(cards, key=lambda c: (c.rank == 0, order[c.suit], c.deck))
    face = _FACES[rank, "C"]
    faces = tuple(_FACES[rank, c.suit] if c.rank and c.suit else face for c in ordered)
    return Meld(MeldKind.SET, tuple(ordered), faces, None, rank, None, None)


def check_laid_meld(meld: Meld, rules: Rules | None = None) -> MeldVerdict:
    """Is this `Meld` value, with its own joker placements, a legal meld (ZC-5)?

    Unlike `check_meld` (which finds a placement), this checks the placement the meld states.
    """
    if not isinstance(meld, Meld):
        raise ValueError(f"expected a Meld, not {meld!r}")
    rules = rules or _DEFAULT_RULES
    if meld.kind is MeldKind.SET:
        verdict = check_meld(meld.cards, rules, kind="set")
        if verdict.ok and (_meld_of(verdict).rank != meld.rank
                           or any(f.rank != meld.rank for f in meld.stands_for)):
            return _fail(Said(N_("{meld}: every card of a set stands for its rank (ZC-5.1)"),
                    meld=meld), "ZC-5.1")
        return verdict
    text = _cards_text(meld.cards)
    twice = _duplicate(meld.cards)
    if twice is not None:
        return _fail(_twice(twice), "ZC-1.1")
    if not 4 <= len(meld.cards) <= 14:
        return _fail(Said(N_("{cards}: a run holds 4 to 14 cards (ZC-5.2)"), cards=text),
                     "ZC-5.2")
    naturals = len(meld.naturals)
    need = rules.min_natural_per_meld
    if naturals < need:
        return _fail(Said(N_("{cards} is not a meld: every meld needs at least {count} "
                               "natural card(s) (ZC-5.3)"), cards=text, count=need),
                     "ZC-5.3")
    rebuilt = _run_from_positions(meld.cards, meld.stands_for)
    if rebuilt != meld:
        return _fail(Said(N_("{meld} is not a run: its cards are not one suit in sequence as "
                               "laid (ZC-5.2)"), meld=meld), "ZC-5.2")
    return MeldVerdict(True, _is_meld(meld, "ZC-5.2"), "ZC-5.2", MeldKind.RUN.value, meld.jokers,
                       meld)


def laid_meld_ok(meld: Meld, rules: Rules) -> bool:
    """`check_laid_meld` without the words, for the game's hot path: True when this `Meld`,
    with its own joker placements, is a legal meld (False may also mean "ask the full check":
    a set of jokers only)."""
    cards = meld.cards
    if len(set(cards)) != len(cards):
        return False
    naturals = sum(1 for c in cards if c.rank)
    if naturals < rules.min_natural_per_meld:
        return False
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        return (len(cards) >= 3 and naturals > 0 and all(c.rank in (0, rank) for c in cards)
                and all(f.rank == rank for f in meld.stands_for))
    suit, low, high = meld.run_span
    if not 4 <= len(cards) <= 14 or low < 1 or high > 14:
        return False
    for position, card, face in zip(range(low, high + 1), cards, meld.stands_for,
                                    strict=True):
        rank = 1 if position == 14 else position
        if face.rank != rank or face.suit != suit or (card.rank and (
                card.rank != rank or card.suit != suit)):
            return False
    return True


def _run_from_positions(cards: Sequence[Card], faces: Sequence[Card | None]) -> Meld | None:
    """A run from cards in order, jokers' faces given; None if they are not a run."""
    if len(cards) < 4 or len(cards) > 14:
        return None
    first_nat = next((i for i, c in enumerate(cards) if c.rank), None)
    anchor = cards[first_nat] if first_nat is not None else faces[0]
    if anchor is None:
        return None
    suit = anchor.suit
    # position of the anchor, then the run's low end
    pos = anchor.rank
    index = first_nat if first_nat is not None else 0
    if pos == 1 and index > 0:
        pos = 14
    low = pos - index
    if low < 1 or low + len(cards) - 1 > 14:
        return None
    if suit is None:
        return None  # a face with no suit (a joker's) cannot anchor a run
    meld = _make_run(suit, low, cards)
    for card, face, want in zip(cards, faces, meld.stands_for, strict=True):
        if card.rank and card.face != want.face:
            return None
        if not card.rank and face is not None and face.face != want.face:
            return None
    return meld


# ------------------------------------------------------------------------------------------
# verdicts


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MeldVerdict(Verdict):
    """The answer of `check_meld`: a `Verdict` plus the meld found.

    ``kind`` is "set", "run" or None; ``jokers`` pairs each joker with the card it stands for;
    ``meld`` is the `Meld` (None when ``ok`` is false). Truthy when ``ok``. Its reason is
    written when read, in the language of that moment (`Verdict`); two meld verdicts are equal
    when they say the same of the same meld.
    """

    kind: str | None = None
    jokers: tuple[tuple[Card, Card], ...] = ()
    meld: Meld | None = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not MeldVerdict:
            return NotImplemented
        assert isinstance(other, MeldVerdict)
        return (self.ok == other.ok and self.rule == other.rule and self.kind == other.kind
                and self.jokers == other.jokers and self.meld == other.meld
                and self.reason == other.reason)

    def __hash__(self) -> int:
        return hash((self.ok, self.reason, self.rule, self.kind, self.jokers, self.meld))

    def __repr__(self) -> str:
        return (f"MeldVerdict(ok={self.ok!r}, reason={self.reason!r}, rule={self.rule!r}, "
                f"kind={self.kind!r}, jokers={self.jokers!r}, meld={self.meld!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        # the reason written out in every language, as a pickled Verdict keeps it
        _cls, (ok, said, rule) = Verdict.__reduce__(self)
        return (MeldVerdict, (ok, said, rule, self.kind, self.jokers, self.meld))


def _meld_of(verdict: MeldVerdict) -> Meld:
    """The meld of a verdict that accepted one (``ok`` verdicts always carry it)."""
    if verdict.meld is None:
        raise ValueError(f"no meld: {verdict}")
    return verdict.meld


def _fail(reason: Callable[[], str], rule: str) -> MeldVerdict:
    return MeldVerdict(False, reason, rule)


def _twice(card: Card) -> Callable[[], str]:
    return Said(N_("{card} appears twice. One card can go in a meld only once (ZC-1.1)"),
            card=card_later(card))


def _is_meld(meld: Meld, rule: str) -> Callable[[], str]:
    """"8♣ 8♦ 8♥ is a set of eights (ZC-5.1)", when read."""
    return Said(N_("{meld} is {description} ({rule})"),
            meld=meld, description=Later(_description, meld), rule=rule)


def _coerce_cards(cards: Iterable[Card] | str, what: str = "cards") -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        raise ValueError(f"{what} must be several cards (a list), not one card {cards}")
    try:
        result = list(cards)
    except TypeError:
        raise ValueError(f"{what} must be a list of Card values or a text such as "
                         f"'7C 8C 9C JK', not {cards!r}") from None
    for c in result:
        if not isinstance(c, Card):
            raise ValueError(f"{what} must be Card values (see cardkit.parse_cards), not {c!r}")
    return result


def _duplicate(cards: Sequence[Card]) -> Card | None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            return c
        seen.add(c)
    return None


def check_meld(cards: Iterable[Card] | str, rules: Rules | None = None, *,
               kind: str | MeldKind | None = None, joker_end: str = "high") -> MeldVerdict:
    """Is this a legal set or run (ZC-5)? Cards may come in any order.

    ``kind`` ("set" | "run") asks for one kind only; ``joker_end`` ("high" | "low") is where
    spare jokers of a run go while the run fits there (ZC-5.3).

    >>> v = check_meld("8C 8C 8H")
    >>> bool(v), v.kind, v.reason
    (True, 'set', '8♣ 8♣ 8♥ is a set of eights (ZC-5.1)')
    """
    rules = rules or _DEFAULT_RULES
    cards = _coerce_cards(cards)
    if joker_end not in _ENDS:
        raise ValueError(f"joker_end must be 'low' or 'high', not {joker_end!r}")
    if kind is not None:
        try:
            kind = MeldKind(kind)
        except ValueError:
            raise ValueError(f"kind must be 'set', 'run' or None, not {kind!r}") from None
    text = _cards_text(cards)
    twice = _duplicate(cards)
    if twice is not None:
        return _fail(_twice(twice), "ZC-1.1")
    n = len(cards)
    if n < 3:
        if not text:
            return _fail(Said(N_("no cards is too few cards: a set needs at least 3 (ZC-5.1), "
                                   "a run at least 4 (ZC-5.2)")), "ZC-5.1")
        return _fail(Said(N_("{cards} is too few cards: a set needs at least 3 (ZC-5.1), a run "
                               "at least 4 (ZC-5.2)"), cards=text), "ZC-5.1")
    naturals = [c for c in cards if c.rank]
    jokers = sorted((c for c in cards if not c.rank), key=lambda c: c.deck)
    if len(naturals) < rules.min_natural_per_meld:
        need = rules.min_natural_per_meld
        return _fail(Later(_too_few_naturals, text, need), "ZC-5.3")
    same_rank = len({c.rank for c in naturals}) <= 1
    same_suit = len({c.suit for c in naturals}) <= 1
    want_set = kind in (None, MeldKind.SET)
    want_run = kind in (None, MeldKind.RUN)
    if want_run and same_suit:
        run = _analyse_run(naturals, jokers, joker_end, text)
        if run.ok or not (want_set and same_rank):
            return run
    if want_set and same_rank:
        return _set_verdict(naturals, jokers, text)
    if kind is MeldKind.SET:
        return _fail(Said(N_("{cards} is not a set: a set is cards of one rank (ZC-5.1)"),
                cards=text), "ZC-5.1")
    if kind is MeldKind.RUN:
        return _fail(Said(N_("{cards} is not a run: a run is cards of one suit (ZC-5.2)"),
                cards=text), "ZC-5.2")
    return _fail(Said(N_("{cards} is neither a set (cards of one rank, ZC-5.1) nor a run (cards "
                           "of one suit in sequence, ZC-5.2)"), cards=text), "ZC-5.2")


def _too_few_naturals(text: str, need: int) -> str:
    return ngettext(
        "{cards} is not a meld: every meld needs at least {count} natural card (ZC-5.3)",
        "{cards} is not a meld: every meld needs at least {count} natural cards (ZC-5.3)",
        need).format(cards=text, count=need)


def _description(meld: Meld) -> str:
    return meld.description


def _set_verdict(naturals: list[Card], jokers: list[Card], text: str) -> MeldVerdict:
    rank = naturals[0].rank if naturals else 1
    meld = _make_set(rank, (*naturals, *jokers))
    reason = _is_meld(meld, "ZC-5.1")
    if jokers:
        reason = _set_with_joker(meld)
    return MeldVerdict(True, reason, "ZC-5.1", MeldKind.SET.value, meld.jokers, meld)


def _set_with_joker(meld: Meld) -> Callable[[], str]:
    return Said(N_("{meld} is {description} (ZC-5.1). A joker may stand in a set, though some "
                     "players think that is bad manners (ZC-5.4). A joker in a set can never be "
                     "taken back (ZC-12.2)"), meld=meld, description=Later(_description, meld))


def _run_placement(values: list[int], n: int, joker_end: str) -> tuple[int, int] | None:
    """Where a run holding natural positions ``values`` (sorted) and ``n`` cards goes: (low,
    high), or None if it cannot."""
    if n > 14:
        return None
    if not values:
        low = 1 if joker_end == "high" else 14 - n + 1
        return low, low + n - 1
    lo, hi = values[0], values[-1]
    span = hi - lo + 1
    if span > n:
        return None
    extra = n - span
    if joker_end == "high":
        up = min(extra, 14 - hi)
        return lo - (extra - up), hi + up
    down = min(extra, lo - 1)
    return lo - down, hi + (extra - down)


def _analyse_run(naturals: list[Card], jokers: list[Card], joker_end: str,
                 text: str) -> MeldVerdict:
    n = len(naturals) + len(jokers)
    if n < 4:
        return _fail(Said(N_("{cards} is too few cards for a run: a run needs at least 4 "
                               "(ZC-5.2)"), cards=text), "ZC-5.2")
    if n > 14:
        return _fail(Said(N_("{cards} is too long: a run holds at most 14 cards, A-2-…-K-A "
                               "(ZC-5.2)"), cards=text), "ZC-5.2")
    suit = (naturals[0].suit if naturals else None) or "C"  # natural cards have a suit
    aces = [c for c in naturals if c.rank == 1]
    others = sorted((c for c in naturals if c.rank != 1), key=lambda c: c.rank)
    for a, b in pairwise(others):
        if a.rank == b.rank:
            return _fail(_rank_twice(text, a), "ZC-5.2")
    ranks = [c.rank for c in others]
    if len(aces) > 2:
        return _fail(Said(N_("{cards} is not a run: a run holds at most two aces, one at each "
                               "end (ZC-2.1)"), cards=text), "ZC-5.2")
    options: list[tuple[list[int], tuple[int, int]]] = []
    if len(aces) == 2:
        if n != 14:
            return _fail(Said(N_("{cards} is not a run: two aces fit in one run only as "
                                   "A-2-…-K-A, 14 cards (ZC-2.1, ZC-5.2)"), cards=text),
                         "ZC-5.2")
        place = _run_placement([1, *ranks, 14], n, joker_end)
        if place:
            options.append(([1, *ranks, 14], place))
    elif aces:
        for values in (([1, *ranks]), ([*ranks, 14])):
            place = _run_placement(values, n, joker_end)
            if place:
                options.append((values, place))
        if len(options) == 2 and joker_end == "low":
            options.reverse()
    else:
        place = _run_placement(ranks, n, joker_end)
        if place:
            options.append((ranks, place))
    if not options:
        if aces and _fits_round_the_corner([1, *ranks], len(jokers)):
            return _fail(Said(N_("{cards} is not a run: an ace is high or low, never in the "
                                   "middle (ZC-2.1)"), cards=text), "ZC-2.1")
        values = ranks
        if aces:
            values = [1, *ranks] if ranks[-1] <= 15 - ranks[0] else [*ranks, 14]
        gaps = values[-1] - values[0] + 1 - len(values)
        return _fail(_gaps(text, gaps, _face(values[0], suit), _face(values[-1], suit),
                           len(jokers)), "ZC-5.2")
    values, (low, high) = options[0]
    by_position: dict[int, Card] = {}
    ace_cards = list(aces)
    for v in values:
        if v in (1, 14):
            by_position[v] = ace_cards.pop(0)
    for c in others:
        by_position[c.rank] = c
    spare = iter(jokers)
    ordered = tuple(by_position[p] if p in by_position else next(spare)
                    for p in range(low, high + 1))
    meld = _make_run(suit, low, ordered)
    reason = _is_meld(meld, "ZC-5.2")
    if meld.jokers:
        reason = _run_with_jokers(meld, len(jokers))
    return MeldVerdict(True, reason, "ZC-5.2", MeldKind.RUN.value, meld.jokers, meld)


def _run_with_jokers(meld: Meld, jokers: int) -> Callable[[], str]:
    """What a run is and what each of its jokers stands for, when read."""
    def words() -> str:
        stands = join(card_words(f) for _joker, f in meld.jokers)
        return ngettext("{meld} is {description} (ZC-5.2); the joker stands for {cards} (ZC-5.3)",
                        "{meld} is {description} (ZC-5.2); the jokers stand for {cards} "
                        "(ZC-5.3)", jokers).format(meld=meld, description=meld.description,
                                                   cards=stands)
    return words


def _rank_twice(text: str, card: Card) -> Callable[[], str]:
    return Said(N_("{cards} is not a run: it holds {card} twice, and a run holds each rank once "
                     "(ZC-5.2)"), cards=text, card=card_later(card))


def _gaps(text: str, gaps: int, low: Card, high: Card, jokers: int) -> Callable[[], str]:
    """Why cards of one suit with too few jokers are not a run, when read."""
    def words() -> str:
        if jokers == 1:
            fill = ngettext("{cards} is not a run: {count} card is missing between {low} and "
                            "{high}, and 1 joker cannot fill it (ZC-5.2)",
                            "{cards} is not a run: {count} cards are missing between {low} and "
                            "{high}, and 1 joker cannot fill them (ZC-5.2)", gaps)
        else:
            fill = ngettext("{cards} is not a run: {count} card is missing between {low} and "
                            "{high}, and {jokers} jokers cannot fill it (ZC-5.2)",
                            "{cards} is not a run: {count} cards are missing between {low} and "
                            "{high}, and {jokers} jokers cannot fill them (ZC-5.2)", gaps)
        return fill.format(cards=text, count=gaps, low=card_words(low), high=card_words(high),
                           jokers=jokers)
    return words


def _fits_round_the_corner(ranks: list[int], jokers: int) -> bool:
    """Would these ranks (1–13) make a run if the ace could sit between K and 2?"""
    distinct = sorted(set(ranks))
    if len(distinct) < 2:
        return False
    gaps = [b - a - 1 for a, b in pairwise(distinct)]
    gaps.append(distinct[0] + 13 - distinct[-1] - 1)
    covered = 13 - max(gaps)
    return covered - len(distinct) <= jokers


# ------------------------------------------------------------------------------------------
# points


def hand_points(cards: Iterable[Card] | str, rules: Rules | None = None) -> int:
    """Penalty points of cards left in hand (ZC-2.3).

    >>> hand_points("AC KD 5H JK")
    45
    """
    table = (rules or _DEFAULT_RULES).card_values.by_rank()
    return sum(table[c.rank] for c in _coerce_cards(cards))


# ------------------------------------------------------------------------------------------
# laying off (ZC-11) and joker exchange (ZC-12)


class LayOffOption(NamedTuple):
    """Where a card may be laid off: the meld's index, the run end (None for a set), why."""

    meld_index: int
    end: str | None
    reason: str


def _lay_off_end(card: Card, meld: Meld, end: str | None) -> str | bool | None:
    """Where ``card`` goes on ``meld`` ("low" or "high" end of a run, None on a set), or False
    when it does not fit: `_lay_off` without the words, for the hot path (ZC-11.2)."""
    if not isinstance(card, Card) or not isinstance(meld, Meld) or end not in (None, *_ENDS):
        _lay_off(card, meld, end)  # raises the ValueError that says what is wrong
    code = card.code  # `card in meld.cards` by code, without calling Card.__eq__ per card
    for c in meld.cards:
        if c.code == code:
            return False
    if meld.kind is MeldKind.SET:
        return None if not card.rank or card.rank == meld.rank else False
    suit, low, high = meld.run_span
    if len(meld.cards) >= 14:
        return False
    rank = card.rank
    if rank:
        if card.suit != suit:
            return False
        at_low = low > 1 and (1 if low - 1 == 14 else low - 1) == rank
        at_high = high < 14 and (1 if high + 1 == 14 else high + 1) == rank
    else:
        at_low, at_high = low > 1, high < 14
    if end is None:
        return "high" if at_high else "low" if at_low else False
    return end if (at_high if end == "high" else at_low) else False


def lay_off_places(card: Card, melds: Sequence[Meld]) -> list[tuple[int, str | None]]:
    """(meld index, end) of every place ``card`` may be laid off (`lay_off_options` without
    the reasons, for the game's and the bots' hot path)."""
    places: list[tuple[int, str | None]] = []
    for index, meld in enumerate(melds):
        if not may_fit(card, meld):
            continue
        if meld.kind is MeldKind.SET:
            if _lay_off_end(card, meld, None) is not False:
                places.append((index, None))
            continue
        for end in _ENDS:
            if _lay_off_end(card, meld, end) is not False:
                places.append((index, end))
    return places


def _exchange_index(card: Card, meld: Meld) -> int:
    """The position of the joker that natural ``card`` frees in ``meld``, or -1 (ZC-12.1):
    `_exchange` without the words."""
    if not isinstance(card, Card) or not isinstance(meld, Meld):
        _exchange(card, meld)  # raises the ValueError that says what is wrong
    if not card.rank or meld.kind is MeldKind.SET:
        return -1
    face = card.face
    for index, (c, stands) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
        if not c.rank and stands.face == face:
            return index
    return -1


def _lay_off(card: Card, meld: Meld, end: str | None) -> tuple[Verdict, str | None]:
    if not isinstance(card, Card):
        raise ValueError(f"card must be a Card, not {card!r}")
    if not isinstance(meld, Meld):
        raise ValueError(f"meld must be a Meld, not {meld!r}")
    if end is not None and end not in _ENDS:
        raise ValueError(f"end must be 'low', 'high' or None, not {end!r}")
    if card in meld.cards:
        return Verdict(False, Said(N_("{card} is already in {meld}"), card=card_later(card),
                                   meld=meld), "ZC-1.1"), None
    if meld.kind is MeldKind.SET:
        if card.rank and card.rank != meld.rank:
            return Verdict(False, Said(N_(
                "{card} cannot go on {meld}: a card laid on a set has its rank, {ranks} "
                "(ZC-11.2)"), card=card_later(card), meld=meld,
                                    ranks=Later(_ranks_word, meld.set_rank)), "ZC-11.2"), None
        if card.rank:
            return Verdict(True, Said(N_("{card} can go on {meld}, {description} (ZC-11.2)"),
                    card=card_later(card), meld=meld,
                                   description=Later(_description, meld)), "ZC-11.2"), None
        return Verdict(True, Said(N_(
            "a joker can go on {meld}, {description}, standing for the rank (ZC-11.2); jokers "
            "in sets are frowned upon, and this one could never be taken back (ZC-5.4, "
            "ZC-12.2)"), meld=meld, description=Later(_description, meld)), "ZC-11.2"), None
    suit, low, high = meld.run_span
    if len(meld.cards) >= 14:
        return Verdict(False, Said(N_(
            "{card} cannot go on {meld}: a run holds at most 14 cards (ZC-5.2)"),
            card=card_later(card), meld=meld), "ZC-5.2"), None
    if card.rank:
        ends = []
        if card.suit == suit:
            if low > 1 and _face(low - 1, suit).rank == card.rank:
                ends.append("low")
            if high < 14 and _face(high + 1, suit).rank == card.rank:
                ends.append("high")
        if not ends:
            fits = [_face(p, suit) for p in (low - 1, high + 1) if 1 <= p <= 14]
            return Verdict(False, _no_end(card, meld, fits), "ZC-11.2"), None
        if end is not None and end not in ends:
            return Verdict(False, _not_at_end(card, meld, end), "ZC-11.2"), None
        where = end or ("high" if "high" in ends else "low")
        return Verdict(True, _extends(card, meld, where), "ZC-11.2"), where
    ends = [e for e, ok in (("low", low > 1), ("high", high < 14)) if ok]
    if end is not None and end not in ends:
        return Verdict(False, _joker_not_at_end(meld, end), "ZC-2.1"), None
    where = end or ("high" if "high" in ends else "low")
    face = _face(high + 1 if where == "high" else low - 1, suit)
    return Verdict(True, _joker_extends(meld, where, face), "ZC-11.2"), where


def _no_end(card: Card, meld: Meld, fits: list[Card]) -> Callable[[], str]:
    """Why ``card`` fits neither end of run ``meld`` (only ``fits`` would), when read."""
    def words() -> str:
        # TRANSLATORS: the cards that could extend a run: "4♣ or 10♣"
        only = pgettext("cards", " or ").join(card_words(c) for c in fits)
        return _("{card} cannot go on {meld}: a run grows only at its ends, in suit and sequence "
                 "(only {cards}) (ZC-11.2)").format(card=card_words(card), meld=meld, cards=only)
    return words


def _not_at_end(card: Card, meld: Meld, end: str) -> Callable[[], str]:
    if end == "low":
        return Said(N_("{card} does not fit at the low end of {meld} (ZC-11.2)"),
                card=card_later(card), meld=meld)
    return Said(N_("{card} does not fit at the high end of {meld} (ZC-11.2)"),
            card=card_later(card), meld=meld)


def _extends(card: Card, meld: Meld, where: str) -> Callable[[], str]:
    if where == "low":
        return Said(N_("{card} extends {meld} at the low end (ZC-11.2)"),
                card=card_later(card), meld=meld)
    return Said(N_("{card} extends {meld} at the high end (ZC-11.2)"),
            card=card_later(card), meld=meld)


def _joker_not_at_end(meld: Meld, end: str) -> Callable[[], str]:
    if end == "high":
        return Said(N_("a joker cannot go at the high end of {meld}: the run already reaches "
                         "the ace (ZC-2.1)"), meld=meld)
    return Said(N_("a joker cannot go at the low end of {meld}: the run already reaches the "
                     "low ace (ZC-2.1)"), meld=meld)


def _joker_extends(meld: Meld, where: str, face: Card) -> Callable[[], str]:
    if where == "low":
        return Said(N_("a joker can extend {meld} at the low end, standing for {card} "
                         "(ZC-11.2, ZC-5.3)"), meld=meld, card=card_later(face))
    return Said(N_("a joker can extend {meld} at the high end, standing for {card} (ZC-11.2, "
                     "ZC-5.3)"), meld=meld, card=card_later(face))


def can_lay_off(card: Card, meld: Meld, rules: Rules | None = None, *,
                end: str | None = None) -> Verdict:
    """May ``card`` be laid off on ``meld`` (at ``end`` of a run, if given)? (ZC-11.2)

    Whether the player may lay off at all (gone down, own turn: ZC-11.1) is the game's check.
    """
    return _lay_off(card, meld, end)[0]


def lay_off_options(card: Card, melds: Sequence[Meld],
                    rules: Rules | None = None) -> list[LayOffOption]:
    """Every legal place for ``card`` on these melds: (meld index, end or None, reason).

    A joker may go at either end of a run, so it can give two options for one run.
    """
    options = []
    for index, meld in enumerate(melds):
        if isinstance(card, Card) and isinstance(meld, Meld) and not may_fit(card, meld):
            continue
        if meld.kind is MeldKind.SET:
            verdict, _where = _lay_off(card, meld, None)
            if verdict.ok:
                options.append(LayOffOption(index, None, verdict.reason))
            continue
        for end in _ENDS:
            verdict, where = _lay_off(card, meld, end)
            if verdict.ok:
                options.append(LayOffOption(index, where, verdict.reason))
    return options


def _exchange(card: Card, meld: Meld) -> tuple[Verdict, int]:
    if not isinstance(card, Card):
        raise ValueError(f"card must be a Card, not {card!r}")
    if not isinstance(meld, Meld):
        raise ValueError(f"meld must be a Meld, not {meld!r}")
    if not card.rank:
        return Verdict(False, Said(N_(
            "a joker cannot free a joker: put the natural card the joker stands for in its place "
            "(ZC-12.1)")), "ZC-12.1"), -1
    if meld.kind is MeldKind.SET:
        if meld.jokers:
            return Verdict(False, Said(N_(
                "the joker in {meld} can never be taken: it is in a set (ZC-12.2)"), meld=meld),
                "ZC-12.2"), -1
        return Verdict(False, _no_joker(meld), "ZC-12.1"), -1
    for index, (c, face) in enumerate(zip(meld.cards, meld.stands_for, strict=True)):
        if not c.rank and face.face == card.face:
            return Verdict(True, Said(N_(
                "{card} takes the place of the joker in {meld}; the joker goes to the player's "
                "hand (ZC-12.1)"), card=card_later(card), meld=meld), "ZC-12.1"), index
    if not meld.jokers:
        return Verdict(False, _no_joker(meld), "ZC-12.1"), -1
    return Verdict(False, _wrong_card(card, meld), "ZC-12.1"), -1


def _no_joker(meld: Meld) -> Callable[[], str]:
    return Said(N_("{meld} holds no joker (ZC-12.1)"), meld=meld)


def _wrong_card(card: Card, meld: Meld) -> Callable[[], str]:
    def words() -> str:
        stands = join(card_words(f) for _joker, f in meld.jokers)
        return _("{card} cannot free a joker of {meld}: its joker stands for {cards}, and only "
                 "that card may take its place (ZC-12.1)").format(card=card_words(card),
                                                                  meld=meld, cards=stands)
    return words


def can_exchange_joker(card: Card, meld: Meld) -> Verdict:
    """May natural ``card`` take the place of a joker in ``meld``? (ZC-12.1, ZC-12.2)"""
    return _exchange(card, meld)[0]


def joker_exchanges(card: Card, melds: Sequence[Meld]) -> list[int]:
    """Indexes of the melds whose joker ``card`` can free (ZC-12.1)."""
    if not isinstance(card, Card):
        raise ValueError(f"card must be a Card, not {card!r}")
    return [i for i, meld in enumerate(melds) if _exchange_index(card, meld) >= 0]


def may_fit(card: Card, meld: Meld) -> bool:
    """A quick necessary condition for laying ``card`` off on ``meld`` (ZC-11.2): the game and
    the bots ask it about every card against every meld on every turn, before the full check."""
    rank = card.rank
    if meld.kind is MeldKind.SET:
        return rank == 0 or rank == meld.rank
    if len(meld.cards) >= 14:
        return False
    if rank == 0:
        return True
    if card.suit != meld.suit:
        return False
    _suit, low, high = meld.run_span
    return rank == low - 1 or rank == high + 1 or (rank == 1 and high == 13)


def may_free(card: Card, meld: Meld) -> bool:
    """A quick necessary condition for ``card`` freeing a joker of ``meld`` (ZC-12)."""
    if meld.kind is MeldKind.SET or card.rank == 0:
        return False
    face = card.face
    return any(c.rank == 0 and f.face == face
               for c, f in zip(meld.cards, meld.stands_for, strict=True))


# ------------------------------------------------------------------------------------------
# a player's own arrangement of a meld (GoDown): cards with optional joker placements


def meld_readings(spec: Any, rules: Rules) -> tuple[list[Meld], Verdict]:
    """The ways a player's meld can be read: a `Meld` as laid, or a card list as a run (spare
    jokers high or low) and/or a set; jokers given as ``(joker, face)`` pairs must be placed
    as asked (ZC-5.3). Returns the readings (none when illegal) and a verdict saying why."""
    if isinstance(spec, Meld):
        laid = check_laid_meld(spec, rules)
        return ([spec] if laid.ok else []), laid
    items = list(spec)
    cards = [item if isinstance(item, Card) else item[0] for item in items]
    requested = {item[0]: item[1] for item in items if not isinstance(item, Card)}
    found: list[Meld] = []
    verdict: Verdict | None = None
    for kind, end in (("run", "high"), ("run", "low"), ("set", "high")):
        v = check_meld(cards, rules, kind=kind, joker_end=end)
        reading = v.meld if v.ok else None
        if reading is not None and _placed_as_asked(reading, requested) \
                and reading not in found:
            found.append(reading)
            if verdict is None:
                verdict = v
    if requested and not found:
        for meld in _runs_as_placed(cards, requested):
            laid = check_laid_meld(meld, rules)
            if laid.ok and meld not in found:
                found.append(meld)
                verdict = verdict or laid
    if found and verdict is not None:
        return found, verdict
    plain = check_meld(cards, rules)
    if not plain.ok:
        return [], plain
    return [], Verdict(False, _not_as_asked(cards, requested), "ZC-5.3")


def _not_as_asked(cards: list[Card], requested: dict[Card, Card]) -> Callable[[], str]:
    """Why jokers cannot stand where a player asked (ZC-5.3), when read."""
    def words() -> str:
        # TRANSLATORS: a joker and the card a player asked it to stand for: "JK as 7♣"
        asked = join(_("{joker} as {card}").format(joker=card_words(j), card=card_words(f))
                     for j, f in requested.items())
        return _("{cards}: the jokers cannot be placed as asked ({asked}); a joker stands for one "
                 "definite card of the meld (ZC-5.3)").format(cards=_cards_text(cards),
                                                              asked=asked)
    return words


def _runs_as_placed(cards: Sequence[Card], requested: dict[Card, Card]) -> list[Meld]:
    """The runs these cards make with each joker of ``requested`` standing where it is asked,
    whatever the order the cards are given in and however many jokers are placed (ZC-5.3):
    a placed joker counts as the natural card it stands for; the others fill gaps and ends."""
    stand_in: dict[Card, Card] = {}
    cards_in = []
    for card in cards:
        face = requested.get(card)
        if face is None:
            cards_in.append(card)
            continue
        if not face.rank:
            return []  # a joker can only stand for a natural card
        double = Card(face.rank, face.suit, 1000 + card.deck)  # a stand-in no pack holds
        stand_in[double] = card
        cards_in.append(double)
    found = []
    for end in _ENDS:
        verdict = check_meld(cards_in, _RULES_NO_MIN, kind="run", joker_end=end)
        meld = verdict.meld
        if meld is None:
            continue
        real = tuple(stand_in.get(c, c) for c in meld.cards)
        suit, low, _high = meld.run_span
        run = _make_run(suit, low, real)
        if _placed_as_asked(run, requested) and run not in found:
            found.append(run)
    return found


def make_meld(spec: Any, rules: Rules) -> tuple[Meld | None, Verdict]:
    """The first reading of `meld_readings` (a run before a set), or None and why not."""
    found, verdict = meld_readings(spec, rules)
    return (found[0] if found else None), verdict


def _placed_as_asked(meld: Meld, requested: dict[Card, Card]) -> bool:
    for joker, face in meld.jokers:
        want = requested.get(joker)
        if want is None:
            continue
        if meld.kind is MeldKind.SET:
            if want.rank != face.rank:
                return False
        elif want.face != face.face:
            return False
    return True


def with_cards(meld: Meld, cards: Sequence[Card]) -> Meld:
    """The same meld made of other physical copies of the same faces."""
    return replace(meld, cards=tuple(cards))

