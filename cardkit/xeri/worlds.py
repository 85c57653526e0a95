"""Possible worlds of a Xeri match from one seat's view: the analyst's resampling of hidden cards.

`sample_world` deals the cards a seat has not seen (the other hands and the stock) again at
random, keeping everything the seat has seen: its hand, the round's face-up pile, every play of
the round and who made it, the hand sizes, the stock's size, the scores and the card shown at
the cut (XR-8.1: it is the dealer's last card, so it stays there). The world is a real
`XeriMatch` in the middle of the same round, built the way the rules core builds any round: a
stacked deck dealt by the core, then the round's plays replayed. Its ``observe(seat)`` equals
the view::

    >>> from random import Random
    >>> from cardkit.xeri import new_game
    >>> match = new_game(seed=3)
    >>> for _ in range(5):
    ...     _ = match.apply(match.legal_actions()[0])
    >>> seat = match.current_player
    >>> world = sample_world(match.observe(seat), Random(1))
    >>> world.observe(seat) == match.observe(seat)
    True
    >>> world.hidden_from(seat) == match.hidden_from(seat)
    True

Every unseen card is equally likely to be in any unseen place it may be in: the deal is a
uniform shuffle, and one thing a seat sees says more about where an unseen card lies: a card
shown in a redealt pile (XR-2.4, the view's ``shown_back``) went back into the stock, so until
the second deal (XR-2.5) a world keeps it in the stock, never in a hand. A world is a position
to play on, not a record: its ``to_json`` replays the stacked round as round 1.
"""

from __future__ import annotations

from random import Random

from cardkit.cards import Card
from cardkit.i18n import Domain
from cardkit.xeri.match import PACK, XeriMatch
from cardkit.xeri.view import XeriView

_ = Domain("xeri").gettext

__all__ = ["sample_world", "unseen_cards"]

_HAND = 6
_PLAYS_PER_DEAL = 24


def unseen_cards(view: XeriView) -> list[Card]:
    """The cards whose place ``view``'s seat does not know, in pack order: not in its hand,
    not in the round's face-up pile, not played this round, not the card shown at the cut."""
    seen = view.seen()
    if view.bottom_card is not None:
        seen.add(view.bottom_card)
    return [card for card in PACK if card not in seen]


def sample_world(view: XeriView, rng: Random) -> XeriMatch:
    """A complete `XeriMatch` that agrees with everything ``view``'s seat has seen, its hidden
    cards dealt at random by ``rng`` (the same view and generator state, the same world)."""
    if view.current_player is None:
        raise ValueError(_("the match is over: there is no position left to sample (XR-7.1)"))
    seat, dealer = view.seat, view.dealer
    order = [(dealer + 1 + k) & 3 for k in range(4)]  # the deal goes round from the left
    second = view.stock_size == 0  # the second deal has been made (XR-2.5)
    first_plays: list[list[Card]] = [[], [], [], []]
    second_plays: list[list[Card]] = [[], [], [], []]
    for number, (player, card) in enumerate(view.played):
        (first_plays if number < _PLAYS_PER_DEAL else second_plays)[player].append(card)
    bottom = view.bottom_card
    unseen = unseen_cards(view)
    # Before the second deal, cards shown in a redealt pile are in the stock (XR-2.4).
    in_stock = set() if second else set(view.shown_back).intersection(unseen)
    kept = [card for card in unseen if card in in_stock]
    unseen = [card for card in unseen if card not in in_stock]
    rng.shuffle(unseen)
    held: list[list[Card]] = [[], [], [], []]
    held[seat] = list(view.hand)
    bottom_hidden = bottom is not None and bottom not in view.seen()
    for other in range(4):
        if other == seat:
            continue
        want = view.hand_sizes[other]
        if bottom_hidden and second and other == dealer:
            want -= 1  # the dealer holds the card shown at the cut (XR-8.1)
        held[other] = unseen[:want]
        del unseen[:want]
        if bottom_hidden and second and other == dealer:
            held[other].append(bottom)  # type: ignore[arg-type]  # not None: bottom_hidden
    stock = unseen + kept  # what is left: the stock, in a random order
    if kept:
        rng.shuffle(stock)
    if len(stock) + (bottom_hidden and not second) != view.stock_size:
        raise ValueError(_("the view is not one of a Xeri round: {unseen} unseen cards are left "
                           "for a stock of {stock} (XR-2.3, XR-9.1)").format(
            unseen=len(stock), stock=view.stock_size))
    if bottom_hidden and not second:
        stock.append(bottom)  # type: ignore[arg-type]  # the last card of the deck
    deck: list[Card] = []
    for player in order:
        deck += first_plays[player] + ([] if second else held[player])
    deck += view.face_up  # the pile, bottom to top (XR-2.3)
    if second:
        for player in order:
            batch = second_plays[player] + held[player]
            if player == dealer and bottom is not None and bottom in batch:
                batch.remove(bottom)
                batch.append(bottom)  # the deck's bottom card is the dealer's last (XR-8.1)
            deck += batch
    else:
        deck += stock
    match = XeriMatch(rng.getrandbits(32), view.rules, deck=deck, dealer=dealer)
    for _player, card in view.played:
        match.apply(card)
    match._round = view.round_number
    match._shown_back = view.shown_back
    match._totals = list(view.totals)
    match._rounds_won = list(view.rounds_won)
    match._target = _target_now(view)
    return match


def _target_now(view: XeriView) -> int | None:
    """The points to reach now (XR-7.2): raised by 100 each time both teams reached it."""
    target = view.rules.target
    if target is None:
        return None
    while view.totals[0] >= target and view.totals[1] >= target:
        target += 100
    return target
