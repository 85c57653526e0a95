"""An independent reference for one Xeri round, written from RULES.md Part 2 alone.

It does not import `cardkit.xeri` (neither its scoring nor its match): it replays a round from
the starting pile and the plays, using only each card's rank and suit, and scores it by the
table of XR-6. The tests compare it with the engine over many seeded random rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

JACK = 11
HONOURS = {1, 10, 11, 12, 13}  # ace, ten, jack, queen, king: 1 each (XR-6)


@dataclass(frozen=True)
class TeamScore:
    cards: int  # cards captured
    card_points: int  # majority + honours + 2♣ + 10♦ bonus
    xeri_points: int
    xeris: int  # how many Xeris (jack Xeris included)

    @property
    def total(self) -> int:
        return self.card_points + self.xeri_points


@dataclass(frozen=True)
class RoundFacts:
    """What the reference saw happen: per team its score, and the seat that captured last."""

    scores: tuple[TeamScore, TeamScore]
    last_capturer: int | None


def reference_round(face_up, plays, dealer: int, *, jack_on_single_is_xeri: bool = False,
                    ten_of_diamonds_counts_as_ten: bool = True, xeri_points: int = 10,
                    jack_xeri_points: int = 20,
                    dealer_last_card_no_xeri: bool = False) -> RoundFacts:
    """Replay a round: ``face_up`` is the starting pile bottom to top (after any redeal),
    ``plays`` the 48 ``(seat, card)`` of the round in order, ``dealer`` the dealing seat."""
    pile = [(c.rank, c.suit) for c in face_up]
    taken: list[list[tuple[int, str]]] = [[], []]
    xeri_score = [0, 0]
    xeri_count = [0, 0]
    last = None
    for number, (seat, card) in enumerate(plays):
        team = seat % 2  # teams {0, 2} and {1, 3} (XR-1.1)
        played = (card.rank, card.suit)
        if pile and (pile[-1][0] == played[0] or played[0] == JACK):  # XR-3.2
            single = len(pile) == 1
            top = pile[-1]
            taken[team] += [*pile, played]
            pile = []
            last = seat
            if not single:
                continue
            very_last = number == len(plays) - 1  # the dealer's, the last card of the round
            if dealer_last_card_no_xeri and very_last:  # XR-8.3
                assert seat == dealer
                continue
            if top[0] == played[0]:  # XR-4.1, XR-4.2
                xeri_score[team] += jack_xeri_points if top[0] == JACK else xeri_points
                xeri_count[team] += 1
            elif jack_on_single_is_xeri:  # XR-4.3 option: a jack on a single other card
                xeri_score[team] += xeri_points
                xeri_count[team] += 1
        else:
            pile.append(played)  # XR-3.3
    if pile:  # XR-5.1 (nobody captured: the dealer's team, docs/DECISIONS.md)
        taker = dealer if last is None else last
        taken[taker % 2] += pile
    sizes = (len(taken[0]), len(taken[1]))
    assert sum(sizes) == 52
    scores = []
    for team in (0, 1):
        points = 3 if sizes[team] > sizes[1 - team] else 0  # 26-26: nobody
        for rank, suit in taken[team]:
            if rank in HONOURS:
                points += 1
            if (rank, suit) == (2, "C"):
                points += 1
            if (rank, suit) == (10, "D") and ten_of_diamonds_counts_as_ten:
                points += 1
        scores.append(TeamScore(sizes[team], points, xeri_score[team], xeri_count[team]))
    return RoundFacts((scores[0], scores[1]), last)
