"""The compiled kernel of the vector engine (numba): deals, plays and scores Xeri rounds.

Installed with the ``fast`` extra (``pip install 'cardkit[fast]'``); `cardkit.xeri.vector`
uses it when numba imports and falls back to its numpy code otherwise. The random draws are
numpy's either way and both kernels turn them into cards by the same steps (Fisher–Yates
shuffles, the greedy valuation in the same order of operations), so both play **the same
rounds**: the same seed gives the same frame with or without numba
(``tests/sim/test_vector.py`` checks it, frame for frame).

Each round is played card by card, as the rules core does, in a loop compiled to machine code:
no arrays per play, no function calls (numba counts references to each array passed), and a
greedy seat values only the cards it holds, its per-rank counts kept up to date as cards move.
``cache=True`` keeps the compiled code in ``__pycache__`` (or numba's user cache), so only
the first run compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["COLUMNS", "deal", "play"]

COLUMNS = ("winner", "first_xeri_play", "leftover_cards", "leftover_team",
           "points_0", "cards_0", "card_points_0", "xeri_points_0", "xeris_0", "jack_xeris_0",
           "captures_0",
           "points_1", "cards_1", "card_points_1", "xeri_points_1", "xeris_1", "jack_xeris_1",
           "captures_1")
"""The rows of ``out``, as `cardkit.xeri.vector` names them."""

_JACK = 11


@njit(cache=True, nogil=True, inline="always")
def _needs_redeal(deck: np.ndarray, row: int, rank: np.ndarray,
                  pile_rule: int) -> bool:  # pragma: no cover - compiled
    """Whether the pile (positions 0-3, 3 on top) is dealt again, by `vector._PILE_RULES`."""
    r0, r1, r2, r3 = rank[deck[row, 0]], rank[deck[row, 1]], rank[deck[row, 2]], rank[deck[row, 3]]
    if pile_rule == 3:
        return False
    if pile_rule == 2:
        top_two: bool = r3 == _JACK or r2 == r3
        return top_two
    lower = r0 in (r1, r2, r3) or r1 in (r2, r3)  # any pair but the top two cards
    if pile_rule == 1:
        return lower
    return r3 == _JACK or lower or r2 == r3


@njit(cache=True, nogil=True)
def deal(u: np.ndarray, again: np.ndarray, pile_rule: int, rank: np.ndarray, deck: np.ndarray,
         redeals: np.ndarray) -> None:  # pragma: no cover - compiled
    """Deal every row exactly as `cardkit.xeri.vector` does with numpy: a Fisher–Yates
    shuffle of 52 cards from ``u[row]``, then up to ``again.shape[1]`` redeals (XR-2.4), each
    a Fisher–Yates shuffle of the pile and stock (positions 0-3 and 28-51) from
    ``again[row, r]``, counted in ``redeals[row]``; vector redeals any rows that need more."""
    for row in range(deck.shape[0]):
        for c in range(52):
            deck[row, c] = c
        for n in range(51):
            i = 51 - n
            j = int(u[row, n] * (52.0 - n))
            card = deck[row, i]
            deck[row, i] = deck[row, j]
            deck[row, j] = card
        for r in range(again.shape[1]):
            if not _needs_redeal(deck, row, rank, pile_rule):
                break
            redeals[row] += 1
            for n in range(27):
                i = 27 - n
                j = int(again[row, r, n] * (28.0 - n))
                pi = i if i < 4 else i + 24
                pj = j if j < 4 else j + 24
                card = deck[row, pi]
                deck[row, pi] = deck[row, pj]
                deck[row, pj] = card


@njit(cache=True, nogil=True)
def play(deck: np.ndarray, dealer: np.ndarray, greedy_seat: np.ndarray, noise: np.ndarray,
         rank: np.ndarray, points: np.ndarray, chance: np.ndarray, xp: int, jxp: int,
         jack_single: bool, no_last: bool, card_weight: float, jack_keep: float,
         out: np.ndarray) -> None:  # pragma: no cover - compiled
    """Play and score every row of ``deck`` (laid out as `cardkit.xeri.vector` deals it) into
    ``out[COLUMNS.index(name), row]``. ``noise[row, t]`` breaks greedy ties. GreedyBot's
    weights come as arguments: a cached compilation must not keep stale constants."""
    rows = deck.shape[0]
    any_greedy = False
    for s in range(4):
        any_greedy = any_greedy or greedy_seat[s]
    hands = np.empty((4, 6), np.int8)
    seen = np.zeros(14, np.int64)
    held = np.zeros((4, 14), np.int64)  # held[q, r]: cards of rank r in the q-th hand
    values = np.empty(6)
    tally = np.zeros((5, 2), np.int64)
    jack_bonus = xp if jack_single else 0  # per team: cards, card points, captures, Xeris, jack X.
    for row in range(rows):
        d = dealer[row]
        psize = 4
        top = rank[deck[row, 3]]
        ppts = 0
        for c in range(4):
            ppts += points[deck[row, c]]
        for i in range(5):
            for side in range(2):
                tally[i, side] = 0
        first_xeri = 0
        last_team = -1
        if any_greedy:
            for i in range(14):
                seen[i] = 0
            for c in range(4):
                seen[rank[deck[row, c]]] += 1
        for t in range(48):
            deal = t // 24
            k = t % 24
            p = k % 4
            seat = (d + 1 + p) & 3
            if any_greedy and k == 0:
                base = 4 + 24 * deal
                held[:, :] = 0
                for q in range(4):
                    for s in range(6):
                        card = deck[row, base + 4 * s + q]
                        hands[q, s] = card
                        held[q, rank[card]] += 1
            if any_greedy and greedy_seat[seat]:
                in_hand = 6 - k // 4
                # GreedyBot's valuation, written out here: numba counts references to every
                # array passed to a function, which cost more than valuing the hand.
                slot = 0  # the last card: no choice
                if in_hand > 1:
                    unknown = 48 - t - in_hand
                    following = in_hand - (k % 4 == 3)
                    unseen_jacks = min(max(4 - seen[_JACK] - held[p, _JACK], 0), 4)
                    p_jack = chance[unknown, following, unseen_jacks] * 0.7
                    pile_value = ppts + card_weight * psize
                    last_cards = deal == 1 and in_hand <= 2
                    keep_jack = 0.0 if last_cards else jack_keep
                    best = -np.inf
                    ties = 0
                    for s in range(in_hand):
                        card = hands[p, s]
                        r = rank[card]
                        u_hand = 4 - seen[r] - held[p, r]
                        own = points[card] + card_weight
                        is_jack = r == _JACK
                        same = r == top
                        if psize > 0 and (same or is_jack):
                            xeri = psize == 1 and (same or jack_single)
                            if no_last and t == 47:
                                xeri = False
                            won = (jxp if (same and is_jack) else xp) if xeri else 0
                            value = won + pile_value + own - keep_jack * (is_jack and not xeri)
                        else:
                            p_same = chance[unknown, following, min(max(u_hand, 0), 4)]
                            left = pile_value + own
                            if psize == 0:
                                bonus = jxp if is_jack else xp
                                risk = p_same * (left + bonus) + (
                                    0.0 if is_jack
                                    else (1 - p_same) * p_jack * (left + jack_bonus))
                            else:
                                risk = (1 - (1 - p_same) * (1 - p_jack)) * left
                            value = -risk - 0.01 * u_hand - keep_jack * is_jack
                        values[s] = value
                        if value > best:
                            best, ties, slot = value, 1, s
                        elif value == best:
                            ties += 1
                    if ties > 1:
                        # Ties go to a uniformly random best card: the int(noise * m)-th of the
                        # m best.
                        pick = int(noise[row, t] * ties)
                        for s in range(in_hand):
                            if values[s] == best:
                                if pick == 0:
                                    slot = s
                                    break
                                pick -= 1
                card = hands[p, slot]
                for s in range(slot, in_hand - 1):  # the hand stays in the order dealt
                    hands[p, s] = hands[p, s + 1]
                held[p, rank[card]] -= 1
            elif any_greedy:
                card = hands[p, 0]  # the first card dealt of those left
                for s in range(5 - k // 4):
                    hands[p, s] = hands[p, s + 1]
                held[p, rank[card]] -= 1
            else:
                card = deck[row, 4 + t]
            r = rank[card]
            v = points[card]
            if any_greedy:
                seen[r] += 1
            team = seat & 1
            if psize > 0 and (r == top or r == _JACK):  # noqa: SIM109 (numba)
                tally[2, team] += 1
                if psize == 1 and (r == top or jack_single) and not (no_last and t == 47):
                    if r == top and r == _JACK:
                        tally[4, team] += 1
                    else:
                        tally[3, team] += 1
                    if first_xeri == 0:
                        first_xeri = t + 1
                tally[0, team] += psize + 1
                tally[1, team] += ppts + v
                last_team = team
                psize = 0
                ppts = 0
                top = 0
            else:
                psize += 1
                ppts += v
                top = r
        # XR-5.1: the last pile goes to the last capturer's team (the dealer's if nobody did)
        taker = last_team if last_team >= 0 else d & 1
        if psize > 0:
            tally[0, taker] += psize
            tally[1, taker] += ppts
        for side in range(2):
            if tally[0, side] > tally[0, 1 - side]:
                tally[1, side] += 3  # XR-6: more captured cards
        total0 = tally[1, 0] + xp * tally[3, 0] + jxp * tally[4, 0]
        total1 = tally[1, 1] + xp * tally[3, 1] + jxp * tally[4, 1]
        out[0, row] = -1 if total0 == total1 else (0 if total0 > total1 else 1)
        out[1, row] = first_xeri
        out[2, row] = psize
        out[3, row] = taker if psize > 0 else -1
        for side in range(2):
            o = 4 + 7 * side
            out[o, row] = total0 if side == 0 else total1
            out[o + 1, row] = tally[0, side]
            out[o + 2, row] = tally[1, side]
            out[o + 3, row] = xp * tally[3, side] + jxp * tally[4, side]
            out[o + 4, row] = tally[3, side]
            out[o + 5, row] = tally[4, side]
            out[o + 6, row] = tally[2, side]

