"""Possible worlds of a Zion Check game from one seat's view: the analyst's resampling.

`sample_world` deals the cards a seat has not seen (the unknown part of the other hands and
the stock) again at random, keeping everything the seat has seen: its own hand, the melds on
the table, the whole discard pile, every hand's size, the cards everyone saw go into a hand and
still there (taken from the discard pile, claimed, a joker freed from a run: those stay in that
hand), the claim window's order, who has gone down, the scores. After a reshuffle (ZC-6.2) the
stock is drawn from the cards it was made of. The world is a real `ZionGame` at the same
moment of the same hand; its ``observe(seat)`` equals the view::

    >>> from random import Random
    >>> from cardkit.pimc import decide
    >>> from cardkit.zioncheck.bots import GreedyBot
    >>> from cardkit.zioncheck.game import new_game
    >>> game = new_game(players=3, seed=2)
    >>> bots = [GreedyBot(s) for s in range(3)]
    >>> for _ in range(12):
    ...     _ = game.apply(decide(bots[game.current_player], game))
    >>> seat = game.current_player
    >>> world = sample_world(game.observe(seat), Random(1))
    >>> world.observe(seat) == game.observe(seat)
    True
    >>> world.hidden_from(seat) == game.hidden_from(seat)
    True

Within those constraints every unseen card is equally likely to be in any unseen place. (What
the claim window tells without a word, that a seat not asked had no card to free a joker
with, is not used.) A world is a position to play on, not a record: it has no history, and its
later hands are shuffled from a seed drawn from the generator.
"""

from __future__ import annotations

import random
from functools import lru_cache

from cardkit.cards import Card, make_pack
from cardkit.zioncheck.game import ZionGame
from cardkit.zioncheck.state import Phase
from cardkit.zioncheck.view import Observation

__all__ = ["sample_world", "unseen_cards"]


@lru_cache(maxsize=8)
def _pack(decks: int) -> tuple[Card, ...]:
    """The unshuffled pack of ``decks`` decks with jokers, built once: the analyst samples
    thousands of worlds a decision, and making 108 new cards for each took most of a world's
    time."""
    return tuple(make_pack(decks, jokers=True))


_LAST_UNSEEN: tuple[Observation | None, tuple[Card, ...]] = (None, ())
"""The last view asked about and its unseen cards: an analysis samples thousands of worlds
from one view, and finding them again cost a sixth of a world's time. (One pair, replaced
whole: analyses in two threads at once only miss it.)"""


def unseen_cards(view: Observation) -> list[Card]:
    """The cards whose place ``view``'s seat does not know, in pack order."""
    global _LAST_UNSEEN
    last_view, last_unseen = _LAST_UNSEEN
    if last_view is view:
        return list(last_unseen)
    unseen = _unseen(view)
    _LAST_UNSEEN = (view, tuple(unseen))
    return unseen


def _unseen(view: Observation) -> list[Card]:
    seen = set(view.hand)
    seen.update(view.discard_pile)
    for tm in view.table:
        seen.update(tm.meld.cards)
    for seat, known in enumerate(view.known_cards):
        if seat != view.seat:
            seen.update(known)
    return [card for card in _pack(view.rules.decks_for(view.players)) if card not in seen]


def sample_world(view: Observation, rng: random.Random, *,
                 cls: type[ZionGame] = ZionGame) -> ZionGame:
    """A complete `ZionGame` that agrees with everything ``view``'s seat has seen, its hidden
    cards dealt at random by ``rng`` (the same view and generator state, the same world).
    ``cls`` may be a subclass of `ZionGame` with no slots of its own (the analyst's rollouts
    use one that stops at the end of the hand)."""
    if view.phase is Phase.OVER:
        raise ValueError("the game is over: there is no position left to sample (ZC-14.2)")
    players, seat = view.players, view.seat
    unseen = unseen_cards(view)
    known = view.known_cards or tuple(() for _ in range(players))
    wanted = [0 if s == seat else view.hand_sizes[s] - len(known[s]) for s in range(players)]
    # A scripted deal (`ZionGame.from_deal`) may leave cards of the pack out of play: then
    # the hidden places are filled from more unseen cards than they hold.
    if sum(wanted) + view.stock_size > len(unseen) or min(wanted) < 0:
        raise ValueError(f"the view is not one of a Zion Check hand: {len(unseen)} unseen cards "
                         f"for {sum(wanted)} hidden in hands and a stock of {view.stock_size}")
    rng.shuffle(unseen)
    if view.stock_pool:  # after a reshuffle the stock holds only cards it was made of (ZC-6.2)
        pool = set(view.stock_pool)
        candidates = [card for card in unseen if card in pool]
        stock = candidates[:view.stock_size]
        chosen = set(stock)
        rest = [card for card in unseen if card not in chosen]
    else:
        stock, rest = unseen[:view.stock_size], unseen[view.stock_size:]
    rest = rest[:sum(wanted)]
    hands: list[list[Card]] = []
    for other in range(players):
        if other == seat:
            hands.append(list(view.hand))
            continue
        hands.append([*known[other], *rest[:wanted[other]]])
        del rest[:wanted[other]]
    world = object.__new__(cls)
    rules = view.rules
    world._rules = rules
    world._players = players
    world._seed = rng.getrandbits(32)
    world._rng = random.Random(world._seed)
    world._pack = list(_pack(rules.decks_for(players)))
    world._deal = None
    world._history = []
    world._events = []
    world._results = []
    world._totals = list(view.totals)
    world._hand_number = view.hand_number
    world._dealer = view.dealer
    world._hands = hands
    world._stock = stock
    world._discard = list(view.discard_pile)
    world._discard_by = [None] * len(view.discard_pile)
    if world._discard_by:
        world._discard_by[-1] = view.top_discarder
    world._table = list(view.table)
    world._down = list(view.gone_down)
    world._claims = list(view.claims_made)
    world._known = [list(k) for k in known]
    world._pool = view.stock_pool
    world._taken = view.turn_taken
    world._turns = view.turns_this_hand
    world._phase = view.phase
    world._turn = view.turn_player  # type: ignore[assignment]  # not None: not over
    world._current = view.current_player  # type: ignore[assignment]  # likewise
    world._asking = list(view.claim_asking)
    world._window_card = view.window_card
    world._bonus_turn = view.bonus_turn
    world._draw_two = view.draw_two
    return world
