"""The analyst's rollouts of a Xeri round: the greedy policy, lean.

`GreedyBot` decides from a fresh `XeriView` at every play (a frozen value, with every play of
the round copied in), which is right for a bot but costs most of a rollout's time. A rollout
plays one round to its end, so `greedy_values` keeps what the greedy valuation reads up to date
as cards move (the public count of each rank seen, each hand's ranks) and asks the match's own
fast paths (`play_kind`) for the rest. It computes exactly `GreedyBot.value` for every card
(``tests/analysis`` checks it value for value), so a greedy rollout plays the same policy, with
ties broken at random as the bot breaks them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache
from random import Random
from typing import Any

from cardkit.pimc import decide
from cardkit.xeri.bots import CARD_WEIGHT, JACK_KEEP, GreedyBot, RandomBot
from cardkit.xeri.match import XeriMatch
from cardkit.xeri.play import PlayKind, play_kind
from cardkit.xeri.rollout_core import HAND, NOISE, RANKS, play_out
from cardkit.xeri.scoring import _card_points

__all__ = ["compiled", "greedy_values", "play_cards", "play_round"]

_NEW_PILE, _STAYS = PlayKind.NEW_PILE, PlayKind.STAYS
_JACK_XERI, _XERI = PlayKind.JACK_XERI, PlayKind.XERI
_CHANCES: dict[tuple[int, int, int], float] = {}


def _chance(unknown: int, hand_size: int, k: int) -> float:
    """`cardkit.xeri.bots._holding_chance`, remembered: a hand of ``hand_size`` unknown cards
    holds one of ``k`` given cards."""
    key = (unknown, hand_size, k)
    found = _CHANCES.get(key)
    if found is None:
        if k <= 0 or hand_size <= 0 or unknown <= 0:
            found = 0.0
        else:
            none = 1.0
            for i in range(hand_size):
                if unknown - i <= 0:
                    break
                none *= max(unknown - k - i, 0) / (unknown - i)
            found = 1.0 - none
        if len(_CHANCES) < 100_000:
            _CHANCES[key] = found
    return found


def _public_counts(match: XeriMatch) -> list[int]:
    """How many cards of each rank everyone has seen this round (face-up pile and plays)."""
    counts = [0] * 14
    for card in match._face_up:
        counts[card.rank] += 1
    for card in match._history[match._round_start:]:
        counts[card.rank] += 1
    return counts


def greedy_values(match: XeriMatch, public: list[int]) -> list[float]:
    """`GreedyBot.value` of every card of the current player's hand, in hand order, from
    the match's state and the public rank counts ``public`` (XR-9.1: nothing hidden is read
    but the player's own hand)."""
    seat = match._current
    assert seat is not None
    rules = match._rules
    hands = match._hands
    hand = list(hands[seat].values())
    pile = match._pile
    stock = len(match._stock)
    sizes = [len(h) for h in hands]
    last = stock == 0 and sum(sizes) == 1
    ten = rules.ten_of_diamonds_counts_as_ten
    unseen = [4 - public[r] for r in range(14)]
    for card in hand:
        unseen[card.rank] -= 1
    unseen[0] = 0
    following = (seat + 1) & 3
    held = None
    bottom = match._bottom
    if bottom is not None and not (bottom in hands[seat].values()
                                   or _was_seen(match, bottom)):
        unseen[bottom.rank] -= 1  # the dealer's card, not the next player's (XR-8.1)
        if following == match._dealer and stock == 0:
            held = bottom.rank
    unknown = sum(unseen)
    size = sizes[following] - (held is not None)
    pile_value = sum(_card_points(c, ten) for c in pile) + CARD_WEIGHT * len(pile)
    last_cards = stock == 0 and len(hand) <= 2
    p_jack_base = 1.0 if held == 11 else _chance(unknown, size, unseen[11])
    values = []
    for card in hand:
        rank = card.rank
        kind, _rule = play_kind(pile, rank, rules, last)
        own = _card_points(card, ten) + CARD_WEIGHT
        if kind is not _NEW_PILE and kind is not _STAYS:
            points = (rules.jack_xeri_points if kind is _JACK_XERI else
                      rules.xeri_points if kind is _XERI else 0)
            value = points + pile_value + own
            if rank == 11 and kind is not _XERI and kind is not _JACK_XERI and not last_cards:
                value -= JACK_KEEP
            values.append(value)
            continue
        p_same = 1.0 if rank == held else _chance(unknown, size, unseen[rank])
        p_jack = p_jack_base * 0.7
        left = pile_value + own
        if not pile:
            bonus = rules.jack_xeri_points if rank == 11 else rules.xeri_points
            risk = p_same * (left + bonus)
            if rank != 11:
                jack_bonus = rules.xeri_points if rules.jack_on_single_is_xeri else 0
                risk += (1 - p_same) * p_jack * (left + jack_bonus)
        else:
            risk = (1 - (1 - p_same) * (1 - p_jack)) * left
        value = -risk - 0.01 * unseen[rank]
        if rank == 11 and not last_cards:
            value -= JACK_KEEP
        values.append(value)
    return values


def _was_seen(match: XeriMatch, card: Any) -> bool:
    return card in match._face_up or card in match._history[match._round_start:]


def play_round(match: XeriMatch, kind: str, seed: int) -> None:
    """Play ``match``'s current round to its end with every seat played by bots of ``kind``
    ("greedy": `greedy_values`, ties at random; "random": `RandomBot`)."""
    number = match._round
    apply = match.apply
    if kind != "greedy":
        cls = RandomBot if kind == "random" else GreedyBot
        bots = [cls(s, seed=seed + s) for s in range(4)]
        while match._current is not None and match._round == number:
            apply(decide(bots[match._current], match))
        return
    rngs = [Random(seed + s).random for s in range(4)]
    public = _public_counts(match)
    while match._current is not None and match._round == number:
        seat = match._current
        hand = list(match._hands[seat].values())
        if len(hand) == 1:
            card = hand[0]
        else:
            values = greedy_values(match, public)
            noise = rngs[seat]
            scored = [v + noise() * 1e-9 for v in values]
            card = hand[scored.index(max(scored))]
        apply(card)
        public[card.rank] += 1


_IMPORT_LOCK = threading.Lock()
_KERNEL: list[Any] = []


def compiled() -> Any:
    """The compiled rollout kernel, `cardkit.xeri.rollout_kernel`, or None when numba is not
    installed (the static site, Pyodide): then `play_cards` plays the pure-Python rollouts.
    Imported once, under a lock: bots think in threads, and two threads importing numpy at
    once can see it half made."""
    if not _KERNEL:
        with _IMPORT_LOCK:
            if not _KERNEL:
                try:
                    from cardkit.xeri import rollout_kernel
                except ImportError:
                    _KERNEL.append(None)
                else:
                    _KERNEL.append(rollout_kernel)
    return _KERNEL[0]


@cache
def _tables(ten: bool) -> tuple[list[int], list[int], list[float]]:
    """Rank and card points by card code, and `_chance` as a flat list
    ``[(unknown * 7 + hand) * 5 + k]`` (`cardkit.xeri.rollout_core.play_out`'s tables)."""
    from cardkit.xeri.match import PACK

    rank = [0] * 52
    points = [0] * 52
    for card in PACK:
        rank[card.code] = card.rank
        points[card.code] = _card_points(card, ten)
    chance = [_chance(unknown, hand, k) for unknown in range(53) for hand in range(7)
              for k in range(5)]
    return rank, points, chance


@cache
def _arrays(ten: bool) -> tuple[Any, Any, Any]:
    """`_tables` as numpy arrays, for the compiled kernel."""
    import numpy as np

    rank, points, chance = _tables(ten)
    return np.array(rank, np.int64), np.array(points, np.int64), np.array(chance)


def _position(world: XeriMatch, cards: Sequence[Any], seed: int,
              points: list[int]) -> tuple[Any, ...]:
    """`cardkit.xeri.rollout_core.play_out`'s arguments before its tables: ``world``'s
    position, the codes of ``cards`` and each seat's tie-break draws, as lists and ints."""
    hands = [0] * (4 * HAND)
    sizes = [0] * 4
    held = [0] * (4 * RANKS)
    for s, hand in enumerate(world._hands):
        base = s * HAND
        for i, card in enumerate(hand.values()):
            hands[base + i] = card.code
            held[s * RANKS + card.rank] += 1
        sizes[s] = len(hand)
    pile = world._pile
    rules = world._rules
    xp, jxp = rules.xeri_points, rules.jack_xeri_points
    captured = [len(world._captured[0]), len(world._captured[1])]
    card_points = [sum(points[c.code] for c in world._captured[t]) for t in (0, 1)]
    bonus = [sum(jxp if c.rank == 11 else xp for c in world._xeris[t]) for t in (0, 1)]
    bottom = world._bottom
    noise: list[float] = []
    for s in range(4):
        draw = Random(seed + s).random
        noise += [draw() for _ in range(NOISE)]
    return (hands, sizes, held, sum(points[c.code] for c in pile), len(pile),
            pile[-1].rank if pile else 0, [card.code for card in world._stock],
            len(world._stock), world._left, world._current, world._dealer, captured, card_points,
            bonus, -1 if world._last_capturer is None else world._last_capturer,
            _public_counts(world), -1 if bottom is None else bottom.code,
            bottom is not None and _was_seen(world, bottom), [card.code for card in cards],
            noise)


def play_cards(world: XeriMatch, seat: int, cards: Sequence[Any], kind: str,
               seed: int) -> list[tuple[float, bool]]:
    """For each of ``cards`` (the seat to act's), its rollout (`cardkit.xeri.analyst.rollout`)
    on a copy of ``world``: the margin of ``seat``'s team by the end of the round and whether
    it won the round. Greedy rollouts are played by the fast path,
    `cardkit.xeri.rollout_core.play_out`: compiled when numba is installed, else as plain
    Python, with the same results as the rules core; another ``kind`` (or a seat not to act)
    is played out card by card through the rules core."""
    if kind != "greedy" or world._current != seat:
        from cardkit.xeri.analyst import rollout

        return [rollout(world.clone(), seat, card, kind, seed) for card in cards]
    rules = world._rules
    ten = rules.ten_of_diamonds_counts_as_ten
    rank, points, chance = _tables(ten)
    position = _position(world, cards, seed, points)
    settings = (rules.xeri_points, rules.jack_xeri_points, rules.jack_on_single_is_xeri,
                rules.dealer_last_card_no_xeri, CARD_WEIGHT, JACK_KEEP)
    kernel = compiled()
    if kernel is None:
        out = [0] * len(cards)
        play_out(*(*position, rank, points, chance, *settings, out))
        return [(float(m), m > 0) for m in out]
    import numpy as np

    arrays = [np.array(x, np.int64) if isinstance(x, list) else x for x in position[:-1]]
    out_array = np.zeros(len(cards))
    kernel.play_out(*arrays, np.array(position[-1]), *_arrays(ten), *settings, out_array)
    return [(float(m), bool(m > 0)) for m in out_array.tolist()]
