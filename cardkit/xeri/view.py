"""What one seat may see of a Xeri match (XR-9.1): the input of every bot.

    >>> from cardkit.xeri import new_game
    >>> view = new_game(seed=3).observe(0)
    >>> len(view.hand), view.stock_size, len(view.pile), view.capture_counts
    (6, 24, 4, None)
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from cardkit.cards import Card
from cardkit.xeri.rules import Rules

__all__ = ["XeriView"]


@dataclass(frozen=True, slots=True)
class XeriView:
    """One seat's view: its own hand and everything public (XR-9.1), a fixed value.

    `XeriMatch.observe` builds it from the match's public accessors; it holds no reference to
    the match, so it never changes as the match goes on.

    ``pile`` is bottom to top: every pile card was face up when it got there. ``face_up`` is the
    round's starting pile, ``played`` every ``(seat, card)`` played this round in order.
    ``capture_counts`` is ``None`` unless the option ``show_capture_counts`` makes the sizes of
    the captured piles public. ``bottom_card`` is the card shown at the cut under
    ``cut_shows_bottom`` (XR-8.1), else ``None``. ``shown_back`` are the cards of the round's
    redealt piles that went back into the stock (XR-2.4), while they are there (until the
    second deal, XR-2.5): seen by all, so known to be in the stock and in no hand.
    """

    seat: int
    rules: Rules
    round_number: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, int, int, int]
    face_up: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    xeri_cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    capture_counts: tuple[int, int] | None
    bottom_card: Card | None
    last_capturer: int | None
    totals: tuple[int, int]
    rounds_won: tuple[int, int]
    shown_back: tuple[Card, ...] = ()

    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def my_turn(self) -> bool:
        return self.current_player == self.seat

    def legal_actions(self) -> list[Card]:
        """The cards this seat may play now: its whole hand on its turn (XR-3.1), else none."""
        return list(self.hand) if self.current_player == self.seat else []

    @property
    def legal(self) -> tuple[Card, ...]:
        """Deprecated: use `legal_actions()` (the same name in both games)."""
        warnings.warn("XeriView.legal is deprecated; use XeriView.legal_actions()",
                      DeprecationWarning, stacklevel=2)
        return tuple(self.legal_actions())

    @property
    def dealer_last_card(self) -> bool:
        """Is the next card played the dealer's last card of the round (XR-8.3)?"""
        return self.stock_size == 0 and sum(self.hand_sizes) == 1

    def seen(self) -> set[Card]:
        """Cards whose place this seat knows: its hand, the round's face-up pile, all plays."""
        known = set(self.hand)
        known.update(self.face_up)
        known.update(card for _, card in self.played)
        return known
