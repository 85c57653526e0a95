"""What one card does to the pile (XR-3, XR-4) and whether a new pile stands (XR-2.4).

Piles are listed bottom to top, so the last card is the top card::

    >>> from cardkit import parse_card, parse_cards
    >>> out = resolve_play(parse_cards("7C"), parse_card("7H"))
    >>> out.captures, out.xeri, out.points, out.rule, out.kind
    (True, True, 10, 'XR-4.1', <PlayKind.XERI: 'xeri'>)
    >>> out.reason
    '7♥ matches the single 7♣: captures it, a Xeri worth 10'
    >>> resolve_play(parse_cards("3D 9S"), parse_card("JC")).reason
    'J♣ is a jack: it captures the whole pile of 2 cards'
    >>> check_initial_pile(parse_cards("7C 2D 7H KS"))
    Verdict(ok=False, reason='the pile holds two 7s (7♣, 7♥): it goes back into the stock and 4 new cards are dealt', rule='XR-2.4')
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from cardkit.cards import Card, card_name
from cardkit.engine import Verdict
from cardkit.i18n import Domain
from cardkit.xeri.rules import PileRedeal, Rules, jack_xeri_rule, rules_or_default

_t = Domain("xeri")
_, pgettext = _t.gettext, _t.pgettext

__all__ = ["TAKES", "PlayKind", "PlayOutcome", "check_initial_pile", "outcome_reason",
           "pile_needs_redeal", "play_kind", "redeal_cause", "redeal_positions", "resolve_play"]

JACK = 11


class PlayKind(str, Enum):
    """What a play does, as one value an app can branch on (the reason says it in words)."""

    NEW_PILE = "new pile"
    """The pile was empty: the card starts a new pile and captures nothing (XR-3.3)."""
    STAYS = "stays"
    """No match and no jack: the card stays on top of the pile (XR-3.3)."""
    CAPTURE = "capture"
    """The card captures the pile, and it is no Xeri (XR-3.2, XR-4.3, XR-8.3)."""
    XERI = "xeri"
    """The card captures a single card and scores a Xeri (XR-4.1, or XR-4.3 by option)."""
    JACK_XERI = "jack xeri"
    """A jack captures a single jack: a jack Xeri (XR-4.2)."""

    def __str__(self) -> str:
        return self.value


class PlayOutcome(NamedTuple):
    """What playing a card onto a pile does; ``kind`` says it as one `PlayKind`."""

    captures: bool
    xeri: bool
    jack_xeri: bool
    points: int
    """Xeri points the play scores (0 for a plain capture or no capture)."""
    cards_taken: int
    """Cards the play takes, the played card included (0 when it captures nothing)."""
    reason: str
    rule: str
    kind: PlayKind

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


def _rank_word(rank: int) -> str:
    """Several cards of a rank: "7s", "aces", "kings" (Japanese: "7", "エース")."""
    if 2 <= rank <= 10:
        return pgettext("ranks", "{rank}s").format(rank=rank)
    return (pgettext("ranks", "aces"), pgettext("ranks", "jacks"), pgettext("ranks", "queens"),
            pgettext("ranks", "kings"))[(1, 11, 12, 13).index(rank)]


def _require_card(card: object, what: str) -> Card:
    if not isinstance(card, Card):
        raise ValueError(f"{what} must be a Card (for example parse_card('7C')), "
                         f"not {type(card).__name__} {card!r}")
    if card.is_joker or card.deck:
        raise ValueError(f"Xeri is played with one standard deck without jokers (XR-1.2); "
                         f"{what} is {card!r}")
    return card


def resolve_play(pile: Sequence[Card], card: Card, rules: Rules | None = None, *,
                 dealer_last_card: bool = False) -> PlayOutcome:
    """What ``card`` does when played onto ``pile`` (bottom to top).

    ``dealer_last_card`` says the card is the last card played in the round (the dealer's),
    which matters under the option ``dealer_last_card_no_xeri`` (XR-8.3). A card already in
    the pile, or a pile holding a card twice, is refused with a `ValueError` (XR-1.2).
    """
    rules = rules_or_default(rules)
    card = _require_card(card, "the played card")
    pile = [_require_card(c, "each pile card") for c in pile]
    codes = {c.code for c in pile}  # one deck, no jokers: equal codes are equal cards
    if card.code in codes:
        raise ValueError(f"{card} is already in the pile: a card is played from the hand, and "
                         "the one deck holds each card once (XR-1.2)")
    if len(codes) != len(pile):
        twice = next(c for i, c in enumerate(pile) if c in pile[i + 1:])
        raise ValueError(f"{twice} is in the pile twice: the one deck holds each card once "
                         "(XR-1.2)")
    return _resolve(pile, card, rules, dealer_last_card)


TAKES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(rank in (top, JACK) for rank in range(14)) for top in range(14))
"""``TAKES[top][rank]``: does a card of ``rank`` capture a pile whose top card has rank ``top``
(XR-3.2: the same rank, or a jack)? The one copy of the capture test, as a table that the
match reads on every play before it asks `play_kind` about a capture."""

_NEW_PILE = (PlayKind.NEW_PILE, "XR-3.3")
_STAYS = (PlayKind.STAYS, "XR-3.3")
_CAPTURE_PILE = (PlayKind.CAPTURE, "XR-3.2")
_JACK_ON_SINGLE = (PlayKind.CAPTURE, "XR-4.3")
_LAST_CARD = (PlayKind.CAPTURE, "XR-8.3")
_XERI = (PlayKind.XERI, "XR-4.1")
_JACK_XERI_BY_OPTION = (PlayKind.XERI, "XR-4.3")


def play_kind(pile: Sequence[Card], rank: int, rules: Rules,
              dealer_last_card: bool) -> tuple[PlayKind, str]:
    """What a card of ``rank`` does on ``pile`` and the rule that says so: the one copy of the
    capture and Xeri decision (XR-3.2, XR-3.3, XR-4, XR-8.3), used by the match and by
    `resolve_play`. Fast: no checks and no words.

        >>> from cardkit import parse_cards
        >>> play_kind(parse_cards("7C"), 7, Rules(), False)
        (<PlayKind.XERI: 'xeri'>, 'XR-4.1')
        >>> play_kind(parse_cards("7C"), 11, Rules(), False)
        (<PlayKind.CAPTURE: 'capture'>, 'XR-4.3')
    """
    if not pile:
        return _NEW_PILE
    top = pile[-1].rank
    if not TAKES[top][rank]:
        return _STAYS
    if len(pile) != 1:
        return _CAPTURE_PILE
    if top != rank and not rules.jack_on_single_is_xeri:
        return _JACK_ON_SINGLE
    if dealer_last_card and rules.dealer_last_card_no_xeri:
        return _LAST_CARD
    if top == JACK:
        return PlayKind.JACK_XERI, jack_xeri_rule(rules.jack_xeri_points)
    return _XERI if top == rank else _JACK_XERI_BY_OPTION


def _resolve(pile: Sequence[Card], card: Card, rules: Rules,
             dealer_last_card: bool, *, words: bool = True) -> PlayOutcome:
    """`resolve_play` without the input checks, for callers whose cards are sound (the match,
    the bots): `play_kind` decides, `outcome_reason` says it in words (in the language of the
    moment); without ``words`` (a bot weighing its cards) the reason is left empty."""
    kind, rule = play_kind(pile, card.rank, rules, dealer_last_card)
    top = pile[-1] if pile else None
    reason = outcome_reason(card, top, len(pile), kind, rule, rules) if words else ""
    if kind is PlayKind.NEW_PILE or kind is PlayKind.STAYS:
        return PlayOutcome(False, False, False, 0, 0, reason, rule, kind)
    taken = len(pile) + 1
    if kind is PlayKind.CAPTURE:
        return PlayOutcome(True, False, False, 0, taken, reason, rule, kind)
    if kind is PlayKind.JACK_XERI:
        return PlayOutcome(True, True, True, rules.jack_xeri_points, taken, reason, rule, kind)
    return PlayOutcome(True, True, False, rules.xeri_points, taken, reason, rule, kind)


def outcome_reason(card: Card, top: Card | None, size: int, kind: PlayKind, rule: str,
                   rules: Rules) -> str:
    """What playing ``card`` onto a pile of ``size`` cards topped by ``top`` does, as
    `play_kind` decided it (``kind``, ``rule``), in words, in the language of the moment: the
    ``reason`` of a `PlayOutcome` and of the match's verdicts."""
    if kind is PlayKind.NEW_PILE or top is None:
        if card.rank == JACK:
            return _("the pile is empty: a jack starts a new pile and captures nothing")
        return _("the pile is empty: {card} starts a new pile and captures nothing").format(
            card=card_name(card))
    words = {"card": card_name(card), "top": card_name(top), "count": size}
    if kind is PlayKind.STAYS:
        return _("{card} does not match the top card {top} and is not a jack: it stays on top "
                 "of the pile").format(**words)
    if size > 1:
        if top.rank == card.rank:
            return _("{card} matches the top card {top}: it captures the whole pile of {count} "
                     "cards").format(**words)
        return _("{card} is a jack: it captures the whole pile of {count} cards").format(**words)
    same = top.rank == card.rank
    if rule == "XR-8.3":
        if same:
            return _("{card} matches the single {top}: captures it, but the last card played in "
                     "the round (the dealer's) never makes a Xeri").format(**words)
        return _("{card} is a jack on the single {top}: captures it, but the last card played "
                 "in the round (the dealer's) never makes a Xeri").format(**words)
    if kind is PlayKind.CAPTURE:
        return _("{card} is a jack on the single {top}: captures it, but a jack taking a card "
                 "that is not a jack is no Xeri").format(**words)
    if kind is PlayKind.JACK_XERI:
        return _("{card} matches the single {top}: captures it, a jack Xeri worth {points}"
                 ).format(points=rules.jack_xeri_points, **words)
    if same:
        return _("{card} matches the single {top}: captures it, a Xeri worth {points}").format(
            points=rules.xeri_points, **words)
    return _("{card} is a jack on the single {top}: captures it, a Xeri worth {points}").format(
        points=rules.xeri_points, **words)


def redeal_positions(ranks: Sequence[int], mode: PileRedeal) -> tuple[int, ...] | None:
    """Why a new pile (ranks bottom to top) is dealt again under ``mode``: the positions of the
    cards that force it, ``(3,)`` for a top jack or ``(i, j)`` for a pair, or ``None`` when it
    stands. The one copy of the rule (XR-2.4, XR-8.2); the numpy and numba engines keep their
    own, tested equal to it.

        >>> redeal_positions([3, 7, 5, 11], PileRedeal.ANY_PAIR_OR_TOP_JACK)
        (3,)
        >>> redeal_positions([5, 7, 3, 5], PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK)
        (0, 3)
        >>> redeal_positions([3, 7, 5, 5], PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK) is None
        True
    """
    if mode is PileRedeal.NEVER:
        return None
    if mode is not PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK and ranks[3] == JACK:
        return (3,)
    if mode is PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK:
        return (2, 3) if ranks[2] == ranks[3] else None
    for i in range(3):
        for j in range(i + 1, 4):
            if ranks[i] == ranks[j] and (i, j) != (2, 3):
                return i, j
    if mode is PileRedeal.ANY_PAIR_OR_TOP_JACK and ranks[2] == ranks[3]:
        return 2, 3
    return None


def pile_needs_redeal(ranks: Sequence[int], mode: PileRedeal) -> bool:
    """Must the pile (ranks bottom to top) be dealt again? (`redeal_positions` is not None.)"""
    return redeal_positions(ranks, mode) is not None


def redeal_cause(cards: Sequence[Card], mode: PileRedeal) -> str | None:
    """Why a new pile of 4 (bottom to top) is dealt again under ``mode``, as a clause about the
    pile ("its top card J♦ is a jack"), or ``None`` when it stands (XR-2.4, XR-8.2); in the
    language of the moment."""
    return _redeal_words(cards, mode, verdict=False)


def _redeal_words(cards: Sequence[Card], mode: PileRedeal, *, verdict: bool) -> str | None:
    """`redeal_cause`'s clause, or with ``verdict`` the whole reason of `check_initial_pile`."""
    where = redeal_positions([card.rank for card in cards], mode)
    if where is None:
        return None
    if len(where) == 1:
        card = card_name(cards[3])
        if verdict:
            return _("the pile's top card {card} is a jack: it goes back into the stock and 4 new "
                     "cards are dealt").format(card=card)
        return _("its top card {card} is a jack").format(card=card)
    first, second = cards[where[0]], cards[where[1]]
    words = {"first": card_name(first), "second": card_name(second),
             "ranks": _rank_word(first.rank)}
    if mode is PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK:
        if verdict:
            return _("the pile's two top cards {first} and {second} are a pair: it goes back into "
                     "the stock and 4 new cards are dealt").format(**words)
        return _("its two top cards {first} and {second} are a pair").format(**words)
    if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK:
        if verdict:
            return _("the pile holds two {ranks} ({first}, {second}) that are not the two top "
                     "cards: it goes back into the stock and 4 new cards are dealt"
                     ).format(**words)
        return _("it holds two {ranks} ({first}, {second}) that are not the two top cards"
                 ).format(**words)
    if verdict:
        return _("the pile holds two {ranks} ({first}, {second}): it goes back into the stock "
                 "and 4 new cards are dealt").format(**words)
    return _("it holds two {ranks} ({first}, {second})").format(**words)


def _stands(mode: PileRedeal) -> str:
    """Why a new pile stands under ``mode`` (XR-2.4, XR-8.2)."""
    if mode is PileRedeal.ANY_PAIR_OR_TOP_JACK:
        return _("no two pile cards share a rank and the top card is no jack: the pile stands")
    if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK:
        return _("no two pile cards share a rank, unless they are the two top ones, and a top "
                 "jack may stay: the pile stands (option 'allow_top_pair_and_top_jack')")
    if mode is PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK:
        return _("the two top cards are no pair and the top card is no jack: the pile stands "
                 "(option 'top_two_pair_or_top_jack')")
    return _("the pile stands as dealt: with initial_pile_redeal='never' it may hold a pair or "
             "a top jack")


_STANDS_RULE = {PileRedeal.ANY_PAIR_OR_TOP_JACK: "XR-2.4",
                PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK: "XR-8.2",
                PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK: "XR-2.4", PileRedeal.NEVER: "XR-8.2"}


def check_initial_pile(cards: Sequence[Card], rules: Rules | None = None) -> Verdict:
    """Does a freshly dealt pile of 4 cards (bottom to top) stand (XR-2.4, XR-8.2)?

    The verdict is truthy when the pile stands; otherwise the reason says why it is dealt again
    (written when read, in the language of that moment).
    """
    rules = rules_or_default(rules)
    cards = [_require_card(c, "each pile card") for c in cards]
    if len(cards) != 4:
        raise ValueError(f"a new pile has 4 cards (XR-2.3), not {len(cards)}")
    if len(set(cards)) != 4:
        raise ValueError("the 4 pile cards must be 4 different cards")
    mode = rules.initial_pile_redeal
    if redeal_positions([card.rank for card in cards], mode) is None:
        return Verdict(True, lambda: _stands(mode), _STANDS_RULE[mode])
    rule = "XR-8.2" if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK else "XR-2.4"
    pile = tuple(cards)
    return Verdict(False, lambda: _redeal_words(pile, mode, verdict=True) or "", rule)
