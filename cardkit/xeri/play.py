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

from cardkit.cards import RANK_NAMES, Card
from cardkit.engine import Verdict
from cardkit.xeri.rules import PileRedeal, Rules, rules_or_default

__all__ = ["PlayKind", "PlayOutcome", "check_initial_pile", "pile_needs_redeal", "redeal_cause",
           "resolve_play"]

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
    """Several cards of a rank: "7s", "aces", "kings"."""
    return f"{rank}s" if 2 <= rank <= 10 else RANK_NAMES[rank] + "s"


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


def _resolve(pile: Sequence[Card], card: Card, rules: Rules,
             dealer_last_card: bool) -> PlayOutcome:
    """`resolve_play` without the input checks, for callers whose cards are sound (the match,
    the bots)."""
    if not pile:
        what = "a jack" if card.rank == JACK else str(card)
        return PlayOutcome(False, False, False, 0, 0,
                           f"the pile is empty: {what} starts a new pile and captures nothing",
                           "XR-3.3", PlayKind.NEW_PILE)
    top = pile[-1]
    same_rank = top.rank == card.rank
    if not same_rank and card.rank != JACK:
        return PlayOutcome(False, False, False, 0, 0,
                           f"{card} does not match the top card {top} and is not a jack: "
                           "it stays on top of the pile", "XR-3.3", PlayKind.STAYS)
    taken = len(pile) + 1
    if len(pile) > 1:
        if same_rank:
            reason = f"{card} matches the top card {top}: it captures the whole pile of "
            return PlayOutcome(True, False, False, 0, taken, f"{reason}{len(pile)} cards",
                               "XR-3.2", PlayKind.CAPTURE)
        return PlayOutcome(True, False, False, 0, taken,
                           f"{card} is a jack: it captures the whole pile of {len(pile)} cards",
                           "XR-3.2", PlayKind.CAPTURE)
    # A single card on the pile: the Xeri rules (XR-4) decide.
    jack_xeri = same_rank and card.rank == JACK
    is_xeri = same_rank or rules.jack_on_single_is_xeri
    verb = f"matches the single {top}" if same_rank else f"is a jack on the single {top}"
    if is_xeri and dealer_last_card and rules.dealer_last_card_no_xeri:
        return PlayOutcome(True, False, False, 0, taken,
                           f"{card} {verb}: captures it, but the last card played in the "
                           "round (the dealer's) never makes a Xeri", "XR-8.3", PlayKind.CAPTURE)
    if not is_xeri:
        return PlayOutcome(True, False, False, 0, taken,
                           f"{card} {verb}: captures it, but a jack taking a card that is not a "
                           "jack is no Xeri", "XR-4.3", PlayKind.CAPTURE)
    if jack_xeri:
        points = rules.jack_xeri_points
        return PlayOutcome(True, True, True, points, taken,
                           f"{card} {verb}: captures it, a jack Xeri worth {points}", "XR-4.2",
                           PlayKind.JACK_XERI)
    points = rules.xeri_points
    rule = "XR-4.1" if same_rank else "XR-4.3"
    return PlayOutcome(True, True, False, points, taken,
                       f"{card} {verb}: captures it, a Xeri worth {points}", rule, PlayKind.XERI)


def pile_needs_redeal(ranks: Sequence[int], mode: PileRedeal) -> bool:
    """Fast test on ranks (bottom to top) used by the match: must the pile be dealt again?"""
    if mode is PileRedeal.NEVER:
        return False
    if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK:
        # Any pair but the two top cards forces a redeal; a top jack alone does not (XR-8.2).
        a, b, c, d = ranks
        return a in (b, c, d) or b in (c, d)
    if ranks[-1] == JACK:
        return True
    if mode is PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK:
        return ranks[-1] == ranks[-2]
    return len(set(ranks)) != len(ranks)


def redeal_cause(cards: Sequence[Card], mode: PileRedeal) -> str | None:
    """Why a new pile of 4 (bottom to top) is dealt again under ``mode``, as a clause about the
    pile ("its top card J♦ is a jack"), or ``None`` when it stands (XR-2.4, XR-8.2)."""
    if mode is PileRedeal.NEVER:
        return None
    top = cards[-1]
    if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK:
        for i in range(4):
            for j in range(i + 1, 4):
                if (i, j) != (2, 3) and cards[i].rank == cards[j].rank:
                    return (f"it holds two {_rank_word(cards[i].rank)} ({cards[i]}, {cards[j]})"
                            " that are not the two top cards")
        return None
    if top.rank == JACK:
        return f"its top card {top} is a jack"
    if mode is PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK:
        below = cards[-2]
        if below.rank == top.rank:
            return f"its two top cards {below} and {top} are a pair"
        return None
    for i, first in enumerate(cards):
        for second in cards[i + 1:]:
            if first.rank == second.rank:
                return f"it holds two {_rank_word(first.rank)} ({first}, {second})"
    return None


_STANDS = {
    PileRedeal.ANY_PAIR_OR_TOP_JACK: ("no two pile cards share a rank and the top card is no "
                                      "jack: the pile stands", "XR-2.4"),
    PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK: (
        "no two pile cards share a rank, unless they are the two top ones, and a top jack may "
        "stay: the pile stands (option 'allow_top_pair_and_top_jack')", "XR-8.2"),
    PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK: ("the two top cards are no pair and the top card is no "
                                          "jack: the pile stands (option "
                                          "'top_two_pair_or_top_jack')", "XR-2.4"),
    PileRedeal.NEVER: ("the pile stands as dealt: with initial_pile_redeal='never' it may hold a "
                       "pair or a top jack", "XR-8.2"),
}


def check_initial_pile(cards: Sequence[Card], rules: Rules | None = None) -> Verdict:
    """Does a freshly dealt pile of 4 cards (bottom to top) stand (XR-2.4, XR-8.2)?

    The verdict is truthy when the pile stands; otherwise the reason says why it is dealt again.
    """
    rules = rules_or_default(rules)
    cards = [_require_card(c, "each pile card") for c in cards]
    if len(cards) != 4:
        raise ValueError(f"a new pile has 4 cards (XR-2.3), not {len(cards)}")
    if len(set(cards)) != 4:
        raise ValueError("the 4 pile cards must be 4 different cards")
    mode = rules.initial_pile_redeal
    cause = redeal_cause(cards, mode)
    if cause is None:
        return Verdict(True, *_STANDS[mode])
    rule = "XR-8.2" if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK else "XR-2.4"
    about = "the pile's" + cause[3:] if cause.startswith("its ") else "the pile" + cause[2:]
    return Verdict(False, f"{about}: it goes back into the stock and 4 new cards are dealt", rule)
