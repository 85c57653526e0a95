"""The analyst's fast greedy rollout of a Xeri round: one source, run as plain Python or compiled.

`play_out` plays every card of a decision on one sampled world, each followed by the rest of the
round with every seat greedy, over flat buffers of card codes and counts. The same function is
the fast path twice:

- in plain Python, over lists and ints (`cardkit.xeri.rollout.play_cards` without numba: the
  static site, Pyodide), about four times the speed of playing the round through the rules core;
- compiled by numba (`cardkit.xeri.rollout_kernel` is ``njit(play_out)``), when it is installed.

It plays the policy of `cardkit.xeri.rollout.greedy_values` (the greedy bot's values, in the
same order of operations, so the same floats), with the same random tie-breaks (each seat's
draws of ``Random(seed + seat)``, made beforehand and handed in), the same second deal (XR-2.5),
captures and Xeris (XR-3, XR-4, XR-8.3), last pile (XR-5.1) and score (XR-6) as the rules core.
``tests/analysis/test_rollout_core.py`` checks, on many worlds of every preset, that it gives
the margin of the rules-core rollout (`cardkit.xeri.analyst.rollout`) for every card, run as
Python and compiled.

Every buffer is indexed one number at a time (``hands[seat * HAND + i]``), so a list and a
numpy array serve alike; the inputs are copied (``.copy()``), never changed.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["HAND", "NOISE", "RANKS", "play_out"]

HAND = 6
"""Cards in a hand when dealt (XR-2.3): ``hands`` holds ``HAND`` slots a seat."""
NOISE = 40
"""Tie-break draws handed in per seat: a seat decides at most 5 + 5 times a round (hands of
6 to 2 cards in each deal), drawing one per card held, 40 in all."""
RANKS = 14
"""Rank slots a seat in ``held`` (index 0 unused; 1 ace … 13 king)."""
_JACK = 11

Buffer = Any
"""A flat sequence of numbers indexed one at a time: a list (plain Python) or a numpy array
(compiled)."""


def play_out(hands: Buffer, sizes: Buffer, held: Buffer, pile_points: int, pile_size: int,
             pile_top: int, stock: Buffer, stock_size: int, left: int, current: int,
             dealer: int, captured: Buffer, card_points: Buffer, bonus: Buffer,
             last_capturer: int, public: Buffer, bottom: int, bottom_seen: bool,
             actions: Buffer, noise: Buffer, rank: Buffer, points: Buffer, chance: Buffer,
             xp: int, jxp: int, jack_single: bool, no_last: bool, card_weight: float,
             jack_keep: float, out: Buffer) -> None:
    """For each card code of ``actions`` (held by ``current``), play it, then the round to its
    end with every seat greedy; ``out[i]`` is the margin of ``current``'s team (its round points
    minus the other's, XR-6).

    The position: ``hands[seat * HAND:][:sizes[seat]]`` each hand's codes in hand order;
    ``held[seat * RANKS + r]`` how many cards of rank r that hand holds; the pile (its card
    points, size and top rank, 0 when empty); ``stock[:stock_size]`` (the top card last);
    ``left`` plays to the end of the deal; each team's captured cards so far (count, card
    points, Xeri bonus); the last capturer (-1: none); ``public[r]`` the cards of rank r
    everyone has seen this round (face-up pile and plays); the card shown at the cut (-1:
    none) and whether it has been seen. ``noise[seat * NOISE:]`` are that seat's tie-break
    draws, in order. ``rank``, ``points`` by card code; ``chance[(unknown * 7 + hand) * 5 + k]``
    the chance that a hand of ``hand`` of ``unknown`` unseen cards holds one of ``k`` given
    cards (`cardkit.xeri.rollout._chance`)."""
    jack_bonus = xp if jack_single else 0
    me = current & 1
    brank = rank[bottom] if bottom >= 0 else -1
    npub0 = 0
    for r in range(RANKS):
        npub0 += public[r]
    for a in range(len(actions)):
        h = hands.copy()
        sz = sizes.copy()
        hc = held.copy()
        st = stock.copy()
        pub = public.copy()
        cap = captured.copy()
        cpts = card_points.copy()
        bon = bonus.copy()
        drawn = sizes.copy()  # where each seat's next tie-break draw is in ``noise``
        for s in range(4):
            drawn[s] = s * NOISE
        npub = npub0
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
            base = seat * HAND
            slot = 0
            if first:
                first = False
                for i in range(n):
                    if h[base + i] == actions[a]:
                        slot = i
            elif n > 1:
                # `greedy_values`, in the same order of operations. A rank's unseen count is
                # 4 less the public and held cards of it (less the card shown at the cut, which
                # the dealer holds), and all of them together are 52 less those.
                hbase = seat * RANKS
                following = (seat + 1) & 3
                hold = -1  # the rank the next player surely holds (XR-8.1), or -1
                badj = 0
                if bottom >= 0 and not seen_bottom:
                    mine = False
                    for i in range(n):
                        mine = mine or h[base + i] == bottom
                    if not mine:
                        badj = 1
                        if following == dealer and nst == 0:
                            hold = brank
                unknown = 52 - npub - n - badj
                size = sz[following] - (1 if hold != -1 else 0)
                cbase = (unknown * 7 + size) * 5
                pile_value = ppts + card_weight * psize
                last_cards = nst == 0 and n <= 2
                # n > 1: never the round's last card, so XR-8.3 does not bar a Xeri here
                jacks = 4 - pub[_JACK] - hc[hbase + _JACK] - (badj if brank == _JACK else 0)
                p_jack_base = 1.0 if hold == _JACK else chance[cbase + (jacks if jacks > 0 else 0)]
                p_jack = p_jack_base * 0.7
                best = -math.inf
                d = drawn[seat]
                for i in range(n):
                    card = h[base + i]
                    r = rank[card]
                    own = points[card] + card_weight
                    if psize > 0 and (r == top or r == _JACK):  # noqa: SIM109 (numba)
                        won = 0
                        xeri = False
                        if psize == 1 and (top == r or jack_single):
                            xeri = True
                            won = jxp if top == _JACK else xp
                        value = won + pile_value + own
                        if r == _JACK and not xeri and not last_cards:
                            value -= jack_keep
                    else:
                        u = 4 - pub[r] - hc[hbase + r] - (badj if r == brank else 0)
                        p_same = 1.0 if r == hold else chance[cbase + (u if u > 0 else 0)]
                        lft_value = pile_value + own
                        if psize == 0:
                            bonus_now = jxp if r == _JACK else xp
                            risk = p_same * (lft_value + bonus_now)
                            if r != _JACK:
                                risk += (1 - p_same) * p_jack * (lft_value + jack_bonus)
                        else:
                            risk = (1 - (1 - p_same) * (1 - p_jack)) * lft_value
                        value = -risk - 0.01 * u
                        if r == _JACK and not last_cards:
                            value -= jack_keep
                    scored = value + noise[d + i] * 1e-9
                    if scored > best:
                        best = scored
                        slot = i
                drawn[seat] = d + n
            card = h[base + slot]
            for i in range(base + slot, base + n - 1):  # the hand stays in the order dealt
                h[i] = h[i + 1]
            sz[seat] = n - 1
            r = rank[card]
            hc[seat * RANKS + r] -= 1
            pub[r] += 1
            npub += 1
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
                    for i in range(HAND):
                        c = st[nst - 1 - i]
                        h[s * HAND + i] = c
                        hc[s * RANKS + rank[c]] += 1
                    sz[s] = HAND
                    nst -= HAND
                lft = 4 * HAND
                cur = (dealer + 1) & 3
                continue
            break
        taker = (last_cap if last_cap >= 0 else dealer) & 1  # XR-5.1
        cap[taker] += psize
        cpts[taker] += ppts
        ours = cpts[me] + bon[me] + (3 if cap[me] > cap[1 - me] else 0)
        theirs = cpts[1 - me] + bon[1 - me] + (3 if cap[1 - me] > cap[me] else 0)
        out[a] = ours - theirs
