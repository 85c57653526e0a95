"""Scoring a round (XR-6): majority of cards, honours, 2♣, 10♦ and the Xeris.

``captured`` maps each team (0, 1) to the cards it took; ``xeris`` maps each team to its Xeri
cards (the single card each Xeri captured: a jack there means a jack Xeri)::

    >>> from cardkit import make_pack, parse_cards
    >>> pack = make_pack()
    >>> sheets = score_round({0: pack[:27], 1: pack[27:]}, {0: parse_cards("7C")})
    >>> sheets[0].cards, sheets[0].card_points, sheets[0].xeri_points, sheets[0].total
    (27, 16, 10, 26)
    >>> sheets[1].total
    9
    >>> sheets[0].lines[0]
    ScoreLine(label='more cards: 27 against 25', points=3, rule='XR-6')
    >>> sheets[0].card_points + sheets[1].card_points
    25
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from cardkit.cards import RANK_NAMES, Card, make_pack
from cardkit.xeri.rules import Rules, rules_or_default

__all__ = ["MAJORITY_POINTS", "ScoreLine", "ScoreSheet", "card_points", "score_round"]

MAJORITY_POINTS = 3
_HONOURS = frozenset((1, 10, 11, 12, 13))
_TWO_OF_CLUBS = Card(2, "C")
_TEN_OF_DIAMONDS = Card(10, "D")


class ScoreLine(NamedTuple):
    """One item of a score sheet: what, how many points, which rule."""

    label: str
    points: int
    rule: str


@dataclass(frozen=True)
class ScoreSheet:
    """One team's score for one round, with itemised lines.

    ``card_points`` counts the majority, honours, 2♣ and 10♦ (25 between both teams with the
    default rules); ``xeri_points`` the Xeris; ``total`` both. ``lines`` itemises them; it is
    written out only when first read, so that simulations do not pay for the words.
    """

    cards: int
    card_points: int
    xeri_points: int
    total: int
    source: tuple[Any, ...] = field(repr=False)
    """What the lines are made from: the team's cards and Xeri cards, the other team's count
    of cards, the scoring options and the Xeri cards a jack took (XR-4.3)."""

    @cached_property
    def lines(self) -> tuple[ScoreLine, ...]:
        cards, xeris, theirs, ten_counts, xeri_points, jack_points, by_jack = self.source
        lines = []
        if len(cards) > theirs:
            lines.append(ScoreLine(f"more cards: {len(cards)} against {theirs}", MAJORITY_POINTS,
                                   "XR-6"))
        lines += _card_lines(cards, ten_counts)
        for card in xeris:
            if card.rank == 11:
                lines.append(ScoreLine(f"jack Xeri with {card}", jack_points, "XR-4.2"))
            elif card in by_jack:
                lines.append(ScoreLine(f"Xeri with {card}, taken by a jack", xeri_points,
                                       "XR-4.3"))
            else:
                lines.append(ScoreLine(f"Xeri with {card}", xeri_points, "XR-4.1"))
        return tuple(lines)

    def __str__(self) -> str:
        return "\n".join(f"{line.points:>3}  {line.label} ({line.rule})" for line in self.lines) \
            + f"\n{self.total:>3}  total"


def card_points(card: Card, rules: Rules | None = None) -> int:
    """Points a captured card is worth (XR-6): honours 1, 2♣ 1, 10♦ 2 (or 1 by option).

    The 3 points for the majority of cards are not a card's: see `score_round`.

    >>> from cardkit import parse_cards
    >>> [card_points(c) for c in parse_cards("AS 10D 2C 2D JH")]
    [1, 2, 1, 0, 1]
    """
    rules = rules_or_default(rules)
    return _card_points(card, rules.ten_of_diamonds_counts_as_ten)


def _card_points(card: Card, ten_of_diamonds_counts_as_ten: bool) -> int:
    if card.rank == 10 and card.suit == "D":
        return 2 if ten_of_diamonds_counts_as_ten else 1
    if card.rank in _HONOURS:
        return 1
    return 1 if card.rank == 2 and card.suit == "C" else 0


_RANK_ORDER = {1: 0, 13: 1, 12: 2, 11: 3, 10: 4, 2: 5}
_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}


def _line_order(card: Card) -> tuple[int, int]:
    """Aces, kings, queens, jacks, tens, then the 2♣ (each by suit ♣ ♦ ♥ ♠)."""
    return (_RANK_ORDER.get(card.rank, 6), _SUIT_ORDER[card.suit])  # type: ignore[index]


_POINTS_TEN = [_card_points(card, True) for card in make_pack()]
_POINTS_PLAIN = [_card_points(card, False) for card in make_pack()]


def _card_lines(cards: list[Card], ten_counts: bool) -> list[ScoreLine]:
    lines = []
    for card in sorted(cards, key=_line_order):
        if card.rank == 10 and card.suit == "D":
            lines.append(ScoreLine("ten 10♦", 1, "XR-6"))
            if ten_counts:
                lines.append(ScoreLine("the 10♦, one more", 1, "XR-6"))
        elif card.rank in _HONOURS:
            lines.append(ScoreLine(f"{RANK_NAMES[card.rank]} {card}", 1, "XR-6"))
        elif card.rank == 2 and card.suit == "C":
            lines.append(ScoreLine("the 2♣", 1, "XR-6"))
    return lines


def score_round(captured: Mapping[int, Iterable[Card]],
                xeris: Mapping[int, Iterable[Card]] | None = None,
                rules: Rules | None = None) -> dict[int, ScoreSheet]:
    """Score both teams' captured cards and Xeris (XR-6); returns ``{team: ScoreSheet}``.

    A Xeri card that is a jack is a jack Xeri (XR-4.2); every other Xeri card scores
    ``rules.xeri_points`` (XR-4.1, and XR-4.3 when a jack on a single card counts).
    """
    rules = rules_or_default(rules)
    if not isinstance(captured, Mapping) or set(captured) - {0, 1}:
        raise ValueError("captured must map team 0 and/or team 1 to their captured cards")
    xeris = xeris or {}
    if not isinstance(xeris, Mapping) or set(xeris) - {0, 1}:
        raise ValueError("xeris must map team 0 and/or team 1 to their Xeri cards")
    piles = {team: list(captured.get(team, ())) for team in (0, 1)}
    seen: set[Card] = set()
    for team, cards in piles.items():
        for card in cards:
            if not isinstance(card, Card) or card.is_joker or card.deck:
                raise ValueError(f"team {team} captured {card!r}, which is not a Xeri card "
                                 "(one standard deck without jokers, XR-1.2)")
            if card in seen:
                raise ValueError(f"{card} is captured twice: every card is in one pile only")
            seen.add(card)
    team_xeris = {team: list(xeris.get(team, ())) for team in (0, 1)}
    for team, cards in team_xeris.items():
        pile = set(piles[team])
        for card in cards:
            if card not in pile:
                raise ValueError(f"Xeri card {card} of team {team} is not among its captured "
                                 "cards (a Xeri card stays in the team's pile, XR-4.4)")
    return _score(piles, team_xeris, rules)


def _score(piles: Sequence[list[Card]] | Mapping[int, list[Card]],
           xeris: Sequence[list[Card]] | Mapping[int, list[Card]],
           rules: Rules, by_jack: frozenset[Card] = frozenset()) -> dict[int, ScoreSheet]:
    """`score_round` without the input checks (the match knows its piles are sound).

    ``by_jack`` names the Xeri cards that a jack took under ``jack_on_single_is_xeri``, so
    that their lines cite XR-4.3 (`score_round` cannot tell and cites XR-4.1).
    """
    ten_counts = rules.ten_of_diamonds_counts_as_ten
    table = _POINTS_TEN if ten_counts else _POINTS_PLAIN
    xeri_points, jack_points = rules.xeri_points, rules.jack_xeri_points
    sizes = (len(piles[0]), len(piles[1]))
    sheets = {}
    for team in (0, 1):
        cards, theirs = tuple(piles[team]), sizes[1 - team]
        points = sum([table[card.code] for card in cards])
        if len(cards) > theirs:
            points += MAJORITY_POINTS
        bonus = sum([jack_points if card.rank == 11 else xeri_points for card in xeris[team]])
        sheets[team] = ScoreSheet(len(cards), points, bonus, points + bonus,
                                  (cards, tuple(xeris[team]), theirs, ten_counts, xeri_points,
                                   jack_points, by_jack))
    return sheets
