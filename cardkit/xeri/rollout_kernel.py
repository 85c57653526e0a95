"""The analyst's greedy rollouts of a Xeri round, compiled (numba): every card of a decision
played out on one sampled world in one call.

`cardkit.xeri.rollout.play_round` plays a round to its end through the rules core with the lean
greedy policy; this kernel plays the same round from the same position with the same policy in
machine code: the same values for every card, computed in the same order of operations
(`cardkit.xeri.rollout.greedy_values`), the same random tie-breaks (the draws of each seat's
``Random(seed + seat)``, made in Python and handed in), the same second deal (XR-2.5), captures
and Xeris (XR-3, XR-4, XR-8.3), last pile (XR-5.1) and score (XR-6). So it gives the same
margin for every card as the pure-Python rollout (``tests/analysis`` checks it on many worlds
and every preset). `cardkit.xeri.analyst` uses it when numba imports (the ``sim`` and ``fast``
extras install it); the static site, without numba, plays the pure-Python rollouts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["NOISE", "play_out"]

NOISE = 40
"""Tie-break draws handed in per seat: a seat decides at most 5 + 5 times a round (hands of
6 to 2 cards in each deal), drawing one per card held, 40 in all."""

_JACK = 11


@njit(cache=True, nogil=True)
def play_out(hands: np.ndarray, sizes: np.ndarray, pile_points: int, pile_size: int,
             pile_top: int, stock: np.ndarray, stock_size: int, left: int, current: int,
             dealer: int, captured: np.ndarray, card_points: np.ndarray, bonus: np.ndarray,
             last_capturer: int, public: np.ndarray, bottom: int, bottom_seen: bool,
             actions: np.ndarray, noise: np.ndarray, rank: np.ndarray, points: np.ndarray,
             chance: np.ndarray, xp: int, jxp: int, jack_single: bool, no_last: bool,
             card_weight: float, jack_keep: float,
             out: np.ndarray) -> None:  # pragma: no cover - compiled
    """For each card code of ``actions`` (held by ``current``), play it, then the round to its
    end with every seat greedy; ``out[i]`` is the margin of ``current``'s team (its round points
    minus the other's, XR-6). The position: ``hands[seat, :sizes[seat]]`` in hand order, the
    pile (its card points, size and top rank), ``stock[:stock_size]`` (the top card last),
    ``left`` plays to the end of the deal, each team's captured cards so far (count, card
    points, Xeri bonus), the last capturer (-1: none), the public count of each rank seen this
    round, the card shown at the cut (-1: none) and whether it was seen. ``noise[seat]`` are
    that seat's tie-break draws, in order. The inputs are not changed."""
    h = np.empty((4, 6), np.int64)
    sz = np.empty(4, np.int64)
    st = np.empty(52, np.int64)
    pub = np.empty(14, np.int64)
    unseen = np.empty(14, np.int64)
    cap = np.empty(2, np.int64)
    cpts = np.empty(2, np.int64)
    bon = np.empty(2, np.int64)
    drawn = np.empty(4, np.int64)
    jack_bonus = xp if jack_single else 0
    me = current & 1
    for a in range(actions.shape[0]):
        for s in range(4):
            sz[s] = sizes[s]
            drawn[s] = 0
            for i in range(sizes[s]):
                h[s, i] = hands[s, i]
        for i in range(stock_size):
            st[i] = stock[i]
        for r in range(14):
            pub[r] = public[r]
        for t in range(2):
            cap[t] = captured[t]
            cpts[t] = card_points[t]
            bon[t] = bonus[t]
        nst = stock_size
        ppts = pile_points
        psize = pile_size
        top = pile_top
        lft = left
        cur = current
        last_cap = last_capturer
        seen_bottom = bottom_seen
        first = True
        while True:
            seat = cur
            n = sz[seat]
            slot = 0
            if first:
                first = False
                for i in range(n):
                    if h[seat, i] == actions[a]:
                        slot = i
            elif n > 1:
                # `greedy_values`, written out in the same order of operations
                for r in range(14):
                    unseen[r] = 4 - pub[r]
                in_hand = False
                for i in range(n):
                    unseen[rank[h[seat, i]]] -= 1
                    in_hand = in_hand or h[seat, i] == bottom
                unseen[0] = 0
                following = (seat + 1) & 3
                held = -1
                if bottom >= 0 and not (in_hand or seen_bottom):
                    unseen[rank[bottom]] -= 1
                    if following == dealer and nst == 0:
                        held = rank[bottom]
                unknown = 0
                for r in range(14):
                    unknown += unseen[r]
                size = sz[following] - (1 if held != -1 else 0)
                pile_value = ppts + card_weight * psize
                total = 0
                for s in range(4):
                    total += sz[s]
                last = nst == 0 and total == 1
                last_cards = nst == 0 and n <= 2
                p_jack_base = 1.0 if held == _JACK else chance[unknown, size,
                                                                 max(unseen[_JACK], 0)]
                best = -np.inf
                for i in range(n):
                    card = h[seat, i]
                    r = rank[card]
                    own = points[card] + card_weight
                    if psize > 0 and (r == top or r == _JACK):  # noqa: SIM109 (numba)
                        won = 0
                        xeri = False
                        if psize == 1 and (top == r or jack_single) and not (last and no_last):
                            xeri = True
                            won = jxp if top == _JACK else xp
                        value = won + pile_value + own
                        if r == _JACK and not xeri and not last_cards:
                            value -= jack_keep
                    else:
                        p_same = 1.0 if r == held else chance[unknown, size, max(unseen[r], 0)]
                        p_jack = p_jack_base * 0.7
                        lft_value = pile_value + own
                        if psize == 0:
                            bonus_now = jxp if r == _JACK else xp
                            risk = p_same * (lft_value + bonus_now)
                            if r != _JACK:
                                risk += (1 - p_same) * p_jack * (lft_value + jack_bonus)
                        else:
                            risk = (1 - (1 - p_same) * (1 - p_jack)) * lft_value
                        value = -risk - 0.01 * unseen[r]
                        if r == _JACK and not last_cards:
                            value -= jack_keep
                    scored = value + noise[seat, drawn[seat]] * 1e-9
                    drawn[seat] += 1
                    if scored > best:
                        best = scored
                        slot = i
            card = h[seat, slot]
            for i in range(slot, n - 1):  # the hand stays in the order dealt
                h[seat, i] = h[seat, i + 1]
            sz[seat] = n - 1
            r = rank[card]
            pub[r] += 1
            if card == bottom:
                seen_bottom = True
            lft -= 1
            if psize > 0 and (r == top or r == _JACK):  # noqa: SIM109 (numba)
                team = seat & 1
                if psize == 1 and (top == r or jack_single) and not (
                        no_last and lft == 0 and nst == 0):
                    bon[team] += jxp if top == _JACK else xp
                cap[team] += psize + 1
                cpts[team] += ppts + points[card]
                last_cap = seat
                psize = 0
                ppts = 0
                top = 0
            else:
                psize += 1
                ppts += points[card]
                top = r
            if lft > 0:
                cur = (seat + 1) & 3
                continue
            if nst > 0:  # XR-2.5: six more cards each, from the dealer's left
                for b in range(4):
                    s = (dealer + 1 + b) & 3
                    for i in range(6):
                        h[s, i] = st[nst - 1 - i]
                    sz[s] = 6
                    nst -= 6
                lft = 24
                cur = (dealer + 1) & 3
                continue
            break
        taker = (last_cap if last_cap >= 0 else dealer) & 1  # XR-5.1
        cap[taker] += psize
        cpts[taker] += ppts
        mine = cpts[me] + bon[me] + (3 if cap[me] > cap[1 - me] else 0)
        theirs = cpts[1 - me] + bon[1 - me] + (3 if cap[1 - me] > cap[me] else 0)
        out[a] = mine - theirs
