"""Xeri players that see only their seat's view (`XeriView`, XR-9.1).

Each bot's ``choose(view)`` is handed the seat's view by its caller (`cardkit.play_out`,
`cardkit.sim.simulate`, the tables, the tournament), never the match. `RandomBot` plays any
card of its hand; `GreedyBot` captures when it pays, prefers Xeris,
keeps jacks for big piles, and counts the cards seen so as not to leave a single card that the
next player (always an opponent) can Xeri::

    >>> from cardkit import play_out
    >>> from cardkit.xeri import new_game
    >>> bots = [GreedyBot(0, seed=1), RandomBot(1, seed=2), GreedyBot(2, seed=3),
    ...         RandomBot(3, seed=4)]
    >>> play_out(new_game(seed=5), bots).is_over
    True
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from random import Random
from typing import Any

from cardkit.cards import Card
from cardkit.engine import declare_view, seat_name
from cardkit.i18n import Domain
from cardkit.xeri.play import _resolve
from cardkit.xeri.rules import team_of
from cardkit.xeri.scoring import _card_points
from cardkit.xeri.view import XeriView

_ = Domain("xeri").gettext

__all__ = ["GreedyBot", "RandomBot"]

declare_view(XeriView, "XR-9.1")

CARD_WEIGHT = 0.15
"""What one captured card is worth on the way to the 3 points for most cards (XR-6)."""
JACK_KEEP = 2.5
"""What holding on to a jack is worth: later it takes a pile, itself included (XR-3.2)."""


class _Bot:
    takes_view = True  # choose is handed the seat's view (cardkit.engine.takes_game)

    def __init__(self, seat: int, seed: int | None = None) -> None:
        team_of(seat)  # validates the seat
        self.seat = seat
        self.rng = Random(seed)

    def _view(self, view: XeriView | Any) -> XeriView:
        if not isinstance(view, XeriView):  # the old call, choose(match): one more release
            warnings.warn(f"cardkit.xeri bots take their seat's view: "
                          f"{type(self).__name__}.choose(match) is deprecated, call "
                          f"choose(match.observe(seat))",
                          DeprecationWarning, stacklevel=3)
            view = view.observe(self.seat)
        elif view.seat != self.seat:
            raise ValueError(_("{seat}'s bot was given {other}'s view: a bot decides from its "
                               "own seat's view only (XR-9.1)").format(
                seat=seat_name(self.seat), other=seat_name(view.seat)))
        if view.current_player is None:
            raise ValueError(_("{seat} cannot play now: the match is over (XR-3.1)").format(
                seat=seat_name(self.seat)))
        if view.current_player != self.seat:
            raise ValueError(_("{seat} cannot play now: it is {mover}'s turn (XR-3.1)").format(
                seat=seat_name(self.seat), mover=seat_name(view.current_player)))
        return view

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seat})"


class RandomBot(_Bot):
    """Plays a card of its hand chosen at random (its own seeded generator)."""

    def choose(self, view: XeriView) -> Card:
        """A card of ``view``'s hand, at random."""
        return self.rng.choice(self._view(view).hand)


class GreedyBot(_Bot):
    """Plays the card with the best expected value for its team, one play ahead.

    A capture is worth its card points, a share of the majority, and any Xeri; a jack spent on
    a small pile loses what keeping it is worth. A card left on the pile costs what the next
    player (an opponent) is expected to take with it, from how many cards of that rank and how
    many jacks are still unseen (cards in its hand, the round's face-up pile and every play are
    seen; a bottom card shown at the cut is known to be the dealer's). Ties go to the rank seen
    most.
    """

    def choose(self, view: XeriView) -> Card:
        """The card of ``view``'s hand worth most to this seat's team (see the class)."""
        view = self._view(view)
        odds = _Odds(view)
        return max(view.hand,
                   key=lambda card: self.value(view, card, odds) + self.rng.random() * 1e-9)

    def value(self, view: XeriView, card: Card, odds: _Odds | None = None) -> float:
        """Expected points for this seat's team of playing ``card`` now."""
        odds = odds or _Odds(view)
        rules = view.rules
        pile = view.pile
        # The view's cards are the match's own: no need to check them again.
        outcome = _resolve(pile, card, rules, view.dealer_last_card, words=False)
        ten = rules.ten_of_diamonds_counts_as_ten
        pile_value = sum(_card_points(c, ten) for c in pile) + CARD_WEIGHT * len(pile)
        own = _card_points(card, ten) + CARD_WEIGHT
        last_cards = view.stock_size == 0 and len(view.hand) <= 2
        if outcome.captures:
            value = outcome.points + pile_value + own
            if card.rank == 11 and not outcome.xeri and not last_cards:
                value -= JACK_KEEP
            return value
        unseen = odds.unseen
        p_same = odds.same_rank(card.rank)
        p_jack = odds.same_rank(11) * 0.7  # a held jack is not always spent on a small pile
        left = pile_value + own
        if not pile:  # a single card: the next player may Xeri it (XR-4.1, XR-4.2)
            bonus = rules.jack_xeri_points if card.rank == 11 else rules.xeri_points
            risk = p_same * (left + bonus)
            if card.rank != 11:
                jack_bonus = rules.xeri_points if rules.jack_on_single_is_xeri else 0
                risk += (1 - p_same) * p_jack * (left + jack_bonus)
        else:
            risk = (1 - (1 - p_same) * (1 - p_jack)) * left
        value = -risk - 0.01 * unseen.get(card.rank, 0)
        if card.rank == 11 and not last_cards:
            value -= JACK_KEEP
        return value


class _Odds:
    """What the next player (an opponent) may hold, from the cards this seat has seen."""

    def __init__(self, view: XeriView) -> None:
        self.unseen = _unseen_ranks(view)
        following = (view.seat + 1) & 3
        self.held = _bottom_card_rank(view, self.unseen, following)
        unknown = sum(self.unseen.values())
        self.chance = _holding_chance(unknown,
                                      view.hand_sizes[following] - (self.held is not None))

    def same_rank(self, rank: int) -> float:
        """The chance that the next player holds a card of ``rank``."""
        return 1.0 if rank == self.held else self.chance(self.unseen.get(rank, 0))


def _unseen_ranks(view: XeriView) -> dict[int, int]:
    counts = dict.fromkeys(range(1, 14), 4)
    for card in view.seen():
        counts[card.rank] -= 1
    return counts


def _bottom_card_rank(view: XeriView, unseen: dict[int, int], following: int) -> int | None:
    """Use the card shown at the cut (XR-8.1): it is the dealer's, so it is not among the cards
    the next player may hold, unless the next player is the dealer who holds it for sure.

    Takes it out of ``unseen``; returns its rank when the next player surely holds it.
    """
    bottom = view.bottom_card
    if bottom is None or bottom in view.seen():
        return None
    unseen[bottom.rank] -= 1
    if following == view.dealer and view.stock_size == 0:
        return bottom.rank
    return None


def _holding_chance(unknown: int, hand_size: int) -> Callable[[int], float]:
    """The chance that a hand of ``hand_size`` unknown cards holds one of ``k`` given cards."""

    def chance(k: int) -> float:
        if k <= 0 or hand_size <= 0 or unknown <= 0:
            return 0.0
        none = 1.0
        for i in range(hand_size):
            if unknown - i <= 0:
                break
            none *= max(unknown - k - i, 0) / (unknown - i)
        return 1.0 - none

    return chance
