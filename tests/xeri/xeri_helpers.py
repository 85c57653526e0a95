"""Helpers for the Xeri tests: stacked decks that script a round play by play."""

from __future__ import annotations

from cardkit import Card, parse_cards
from cardkit.xeri import Rules, XeriMatch, new_game
from cardkit.xeri.match import PACK


def deck_for_plays(dealer: int, pile: str, plays: str) -> list[Card]:
    """A 52-card deck (top first) such that, when every player plays the cards of their hand in
    the order dealt, the round's plays are ``plays`` (then the rest of the pack in pack order).

    ``pile`` is the starting pile bottom to top. Play ``i`` (0-based) of a deal is made by the
    seat ``dealer + 1 + i`` (XR-3.1), so each hand is every fourth card of its deal.
    """
    pile_cards = parse_cards(pile)
    chosen = parse_cards(plays)
    used = set(pile_cards) | set(chosen)
    assert len(used) == len(pile_cards) + len(chosen), "a card is scripted twice"
    order = chosen + [card for card in PACK if card not in used]
    assert len(pile_cards) == 4 and len(order) == 48
    deck: list[Card] = []
    for deal in (0, 1):
        block = order[deal * 24:(deal + 1) * 24]
        for k in range(4):  # the player on the dealer's left first, the dealer last
            deck += block[k::4]
        if deal == 0:
            deck += pile_cards
    return deck


def scripted(dealer: int, pile: str, plays: str, rules: Rules | None = None,
             seed: int = 0) -> XeriMatch:
    """A match whose first round is stacked by `deck_for_plays`."""
    return new_game(seed=seed, rules=rules, deck=deck_for_plays(dealer, pile, plays),
                    dealer=dealer)


def play_in_order(match: XeriMatch, count: int) -> list:
    """Play ``count`` cards, each the first card (in the order dealt) of the player's hand."""
    events = []
    for _ in range(count):
        events += match.apply(match.legal_actions()[0])
    return events
