"""Go Fish's world sampler: a game consistent with one seat's view, its hidden cards dealt
again (the registry's ``sample_world``; the conformance suite checks it as every game's)."""

from __future__ import annotations

import random

from cardkit.cards import Card, make_pack
from gofish.game import GoFishGame, View
from gofish.rules import Rules


def sample_world(view: View, rng: random.Random) -> GoFishGame:
    """A `GoFishGame` that agrees with ``view``: the seat's hand, the books, every hand's size,
    the stock's size, and a card of each rank a player is known to hold in that hand."""
    if view.current_player is None:
        raise ValueError("the game is over: there is no position left to sample (GF-7.1)")
    players = len(view.hand_sizes)
    booked = {rank for books in view.books for rank in books}
    mine = set(view.hand)
    unseen = [c for c in make_pack() if c not in mine and c.rank not in booked]
    rng.shuffle(unseen)
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[view.seat] = list(view.hand)
    for seat in range(players):  # first one card of every rank known to be held there
        if seat == view.seat:
            continue
        for rank in sorted(view.known[seat]):
            card = next(c for c in unseen if c.rank == rank)
            unseen.remove(card)
            hands[seat].append(card)
    for seat in range(players):
        if seat != view.seat:
            want = view.hand_sizes[seat] - len(hands[seat])
            hands[seat] += unseen[:want]
            del unseen[:want]
    if len(unseen) != view.stock_size:
        raise ValueError("the view is not one of a Go Fish game: the unseen cards do not fill "
                         "the hands and the stock (GF-2)")
    world = object.__new__(GoFishGame)
    world._players = players
    world._seed = rng.getrandbits(32)
    world._rules = view.rules if view.rules is not None else Rules()
    world._hands = hands
    world._stock = unseen
    world._books = [list(b) for b in view.books]
    world._known = [set(k) for k in view.known]
    world._history = []
    world._results = []
    world._events = []
    world._current = view.current_player
    return world
