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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardkit.cards import RANK_NAMES, Card, card_name, make_pack
from cardkit.i18n import Domain, get_language
from cardkit.xeri.rules import Rules, jack_xeri_rule, rules_or_default

_t = Domain("xeri")
_, pgettext = _t.gettext, _t.pgettext

__all__ = ["MAJORITY_POINTS", "RoundResult", "ScoreLine", "ScoreSheet", "TeamSheets",
           "card_points", "score_round"]

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
    written out only when first read (once per language), so that simulations do not pay for
    the words.
    """

    cards: int
    card_points: int
    xeri_points: int
    total: int
    source: tuple[Any, ...] = field(repr=False)
    """What the lines are made from: the team's cards and Xeri cards, the other team's count
    of cards, the scoring options and the Xeri cards a jack took (XR-4.3)."""

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        """The itemised lines, their labels in the language of the moment."""
        key = "_lines_" + get_language()
        found: tuple[ScoreLine, ...] | None = self.__dict__.get(key)
        if found is None:
            found = self.__dict__[key] = self._lines()
        return found

    def _lines(self) -> tuple[ScoreLine, ...]:
        cards, xeris, theirs, ten_counts, xeri_points, jack_points, by_jack = self.source
        lines = []
        if len(cards) > theirs:
            lines.append(ScoreLine(_("more cards: {mine} against {theirs}").format(
                mine=len(cards), theirs=theirs), MAJORITY_POINTS, "XR-6"))
        lines += _card_lines(cards, ten_counts)
        for card in xeris:
            name = card_name(card)
            if card.rank == 11:
                lines.append(ScoreLine(_("jack Xeri with {card}").format(card=name), jack_points,
                                       jack_xeri_rule(jack_points)))
            elif card in by_jack:
                lines.append(ScoreLine(_("Xeri with {card}, taken by a jack").format(card=name),
                                       xeri_points, "XR-4.3"))
            else:
                lines.append(ScoreLine(_("Xeri with {card}").format(card=name), xeri_points,
                                       "XR-4.1"))
        return tuple(lines)

    def __str__(self) -> str:
        # TRANSLATORS: the last line of a team's score sheet, after its points
        return "\n".join(f"{line.points:>3}  {line.label} ({line.rule})" for line in self.lines) \
            + f"\n{self.total:>3}  " + _("total")


class TeamSheets(Mapping[int, ScoreSheet]):
    """The score sheets of one round, ``{0: sheet, 1: sheet}``, read-only.

    It reads like the dict it replaces (``sheets[0]``, ``sheets.items()``, equal to a dict of
    the same sheets), but nobody holding it can change a match's record.
    """

    __slots__ = ("_sheets",)

    def __init__(self, sheet0: ScoreSheet, sheet1: ScoreSheet) -> None:
        self._sheets = (sheet0, sheet1)

    def __getitem__(self, team: int) -> ScoreSheet:
        if team.__class__ is not int or not 0 <= team <= 1:
            raise KeyError(team)
        return self._sheets[team]

    def __iter__(self) -> Iterator[int]:
        return iter((0, 1))

    def __len__(self) -> int:
        return 2

    def __hash__(self) -> int:
        return hash(self._sheets)

    def __repr__(self) -> str:
        return f"{{0: {self._sheets[0]!r}, 1: {self._sheets[1]!r}}}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (TeamSheets, self._sheets)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round of a match (`XeriMatch.results`): what a simulation counts per round.

    ``sheets`` are the teams' itemised score sheets (XR-6), ``winner`` the team that won the
    round or ``None`` at equal points (XR-6.1). ``captured`` counts the cards each team took,
    the leftover pile included; ``xeri_cards`` are each team's Xeri cards (XR-4.4);
    ``redeals`` how often the first pile was dealt again (XR-2.4); ``last_capturer`` the seat
    that captured last (``None`` if nobody did) and ``leftover`` the cards it took at the end
    (XR-5.1); ``totals`` the match's team totals after this round.
    """

    number: int
    dealer: int
    sheets: TeamSheets
    winner: int | None
    captured: tuple[int, int]
    xeri_cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    redeals: int
    last_capturer: int | None
    leftover: tuple[Card, ...]
    totals: tuple[int, int]

    @property
    def points(self) -> tuple[int, int]:
        """Each team's points this round."""
        return (self.sheets[0].total, self.sheets[1].total)

    @property
    def xeris(self) -> tuple[int, int]:
        """How many Xeris each team made this round (jack Xeris included)."""
        return (len(self.xeri_cards[0]), len(self.xeri_cards[1]))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the team that won the round (both partners), or ``()`` at a tie."""
        return () if self.winner is None else (self.winner, self.winner + 2)


def _check_card(card: Any, what: str) -> Card:
    if not isinstance(card, Card):
        raise ValueError(f"{what} must be a Card (for example parse_card('7C')), "
                         f"not {type(card).__name__} {card!r}")
    if card.is_joker or card.deck:
        raise ValueError(f"{what} {card!r} is not a Xeri card: Xeri is played with one standard "
                         "deck without jokers (XR-1.2)")
    return card


def card_points(card: Card, rules: Rules | None = None) -> int:
    """Points a captured card is worth (XR-6): honours 1, 2♣ 1, 10♦ 2 (or 1 by option).

    The 3 points for the majority of cards are not a card's: see `score_round`. A joker or a
    second deck's card is refused (one deck, no jokers, XR-1.2).

    >>> from cardkit import parse_cards
    >>> [card_points(c) for c in parse_cards("AS 10D 2C 2D JH")]
    [1, 2, 1, 0, 1]
    """
    rules = rules_or_default(rules)
    if card.__class__ is not Card or card.deck or not card.rank:
        _check_card(card, "the card")  # refuses it with the reason
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
    return (_RANK_ORDER.get(card.rank, 6), _SUIT_ORDER.get(card.suit or "", 4))


_POINTS_TEN = [_card_points(card, True) for card in make_pack()]
_POINTS_PLAIN = [_card_points(card, False) for card in make_pack()]


def _honour(card: Card) -> str:
    """A score line for an honour: "ace A♣", "ten 10♥" (in the language of the moment)."""
    if get_language() == "en":
        return f"{RANK_NAMES[card.rank]} {card}"
    name = card_name(card)
    if card.rank == 1:
        return pgettext("score", "ace {card}").format(card=name)
    if card.rank == 10:
        return pgettext("score", "ten {card}").format(card=name)
    if card.rank == 11:
        return pgettext("score", "jack {card}").format(card=name)
    if card.rank == 12:
        return pgettext("score", "queen {card}").format(card=name)
    return pgettext("score", "king {card}").format(card=name)


def _card_lines(cards: list[Card], ten_counts: bool) -> list[ScoreLine]:
    lines = []
    for card in sorted(cards, key=_line_order):
        if card.rank == 10 and card.suit == "D":
            lines.append(ScoreLine(_honour(card), 1, "XR-6"))
            if ten_counts:
                lines.append(ScoreLine(_("the {card}, one more").format(card=card_name(card)), 1,
                                       "XR-6"))
        elif card.rank in _HONOURS:
            lines.append(ScoreLine(_honour(card), 1, "XR-6"))
        elif card.rank == 2 and card.suit == "C":
            # TRANSLATORS: a score line: the two of clubs is worth a point
            lines.append(ScoreLine(_("the {card}").format(card=card_name(card)), 1, "XR-6"))
    return lines


def score_round(captured: Mapping[int, Iterable[Card]],
                xeris: Mapping[int, Iterable[Card]] | None = None,
                rules: Rules | None = None) -> TeamSheets:
    """Score both teams' captured cards and Xeris (XR-6); returns ``{team: ScoreSheet}``.

    A Xeri card that is a jack is a jack Xeri (XR-4.2); every other Xeri card scores
    ``rules.xeri_points`` (XR-4.1, and XR-4.3 when a jack on a single card counts).
    Impossible input is refused with a `ValueError` that says why: a card that is no card of
    the one deck, a card captured twice, a Xeri card listed twice or not captured by its team,
    or more Xeris than the team captured cards to make them with (each Xeri card was taken by
    a card of its rank, or by a jack under ``jack_on_single_is_xeri``, XR-4.1 to XR-4.3).
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
            _check_card(card, f"team {team} captured")
            if card in seen:
                raise ValueError(f"{card} is captured twice: every card is in one pile only")
            seen.add(card)
    team_xeris = {team: list(xeris.get(team, ())) for team in (0, 1)}
    for team, cards in team_xeris.items():
        _check_xeris(team, piles[team], cards, rules.jack_on_single_is_xeri)
    return _score(piles, team_xeris, rules)


def _check_xeris(team: int, pile: list[Card], xeris: list[Card], jack_takes_single: bool) -> None:
    """Could ``team`` have made these Xeris with the cards it captured (XR-4.1 to XR-4.4)?"""
    held = set(pile)
    listed: set[Card] = set()
    for card in xeris:
        _check_card(card, f"Xeri card of team {team}")
        if card in listed:
            raise ValueError(f"Xeri card {card} of team {team} is listed twice: a card is "
                             "captured once, so it makes at most one Xeri (XR-4.1)")
        listed.add(card)
        if card not in held:
            raise ValueError(f"Xeri card {card} of team {team} is not among its captured "
                             "cards (a Xeri card stays in the team's pile, XR-4.4)")
    # Each Xeri card was captured by another card of the team's pile that is no Xeri card: one
    # of its rank (XR-4.1, XR-4.2), or a jack under jack_on_single_is_xeri (XR-4.3).
    takers: dict[int, int] = {}
    for card in pile:
        if card not in listed:
            takers[card.rank] = takers.get(card.rank, 0) + 1
    wanted: dict[int, int] = {}
    for card in xeris:
        wanted[card.rank] = wanted.get(card.rank, 0) + 1
    spare_jacks = takers.get(11, 0) - wanted.get(11, 0)
    if spare_jacks < 0:
        raise ValueError(f"team {team} has {_count(wanted[11], 'jack Xeri')} but its captured "
                         f"pile holds only {_count(takers.get(11, 0), 'other jack')} to have "
                         "taken them: a jack Xeri is a single jack captured by another jack "
                         "(XR-4.2)")
    short = [rank for rank, count in sorted(wanted.items())
             if rank != 11 and count > takers.get(rank, 0)]
    if not short:
        return
    missing = sum(wanted[rank] - takers.get(rank, 0) for rank in short)
    if jack_takes_single and missing <= spare_jacks:
        return
    rank = short[0]
    one = RANK_NAMES[rank] if rank not in range(2, 11) else str(rank)
    extra = " and no spare jack" if jack_takes_single else ""
    how = " (or by a jack, with jack_on_single_is_xeri, XR-4.3)" if jack_takes_single else ""
    raise ValueError(f"team {team} has {_count(wanted[rank], 'Xeri')} on {one}s but its captured "
                     f"pile holds only {_count(takers.get(rank, 0), 'other ' + one)}{extra} to "
                     f"have taken them: each Xeri card is captured by a card of its rank{how} "
                     "(XR-4.1)")


def _count(number: int, words: str) -> str:
    return f"{number} {words}" if number == 1 else f"{number} {words}s"


def _score(piles: Sequence[list[Card]] | Mapping[int, list[Card]],
           xeris: Sequence[list[Card]] | Mapping[int, list[Card]],
           rules: Rules, by_jack: frozenset[Card] = frozenset()) -> TeamSheets:
    """`score_round` without the input checks (the match knows its piles are sound).

    ``by_jack`` names the Xeri cards that a jack took under ``jack_on_single_is_xeri``, so
    that their lines cite XR-4.3 (`score_round` cannot tell and cites XR-4.1).
    """
    ten_counts = rules.ten_of_diamonds_counts_as_ten
    table = _POINTS_TEN if ten_counts else _POINTS_PLAIN
    xeri_points, jack_points = rules.xeri_points, rules.jack_xeri_points
    sizes = (len(piles[0]), len(piles[1]))
    sheets = []
    for team in (0, 1):
        cards, theirs = tuple(piles[team]), sizes[1 - team]
        points = sum([table[card.code] for card in cards])
        if len(cards) > theirs:
            points += MAJORITY_POINTS
        bonus = sum([jack_points if card.rank == 11 else xeri_points for card in xeris[team]])
        sheets.append(ScoreSheet(len(cards), points, bonus, points + bonus,
                                 (cards, tuple(xeris[team]), theirs, ten_counts, xeri_points,
                                  jack_points, by_jack)))
    return TeamSheets(sheets[0], sheets[1])
