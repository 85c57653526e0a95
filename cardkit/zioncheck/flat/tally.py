"""`cardkit.zioncheck.tally` over card codes: the greedy bot's cheap counts of a hand, flat.

Each function gives exactly the answer of its original (ties and all), for the flat rollout
that must play the very hand the rules core plays (``tests/flat/test_tally_table.py``):

- `summary` is `tally.summary` (into arrays the caller owns);
- `usefulness_counted` is `tally.usefulness_counted` (the contract as ``sets, runs``);
- `least_useful` is `tally.least_useful` (``taken`` -1 for None; contract and values from the
  rules row);
- `might_go_down` is `tally.might_go_down` (its recursive window search as an explicit stack).

A suit's place is `codes.suit_of` (0–3), and a joker's is 4, as `tally.SUIT_SLOT` has it.
"""

from __future__ import annotations

import numpy as np

from cardkit.zioncheck.flat.codes import (
    P_MIN_NATURAL,
    P_RUNS,
    P_SETS,
    P_VALUES,
    rank_of,
    suit_of,
)
from cardkit.zioncheck.flat.jit import kernel
from cardkit.zioncheck.tally import _WINDOW_PLACES, NEAR, RUN_BIT

__all__ = ["least_useful", "might_go_down", "summary", "usefulness_counted"]

_RUN_BIT = np.array(RUN_BIT, np.int64)
"""`tally.RUN_BIT`: per rank, the run positions it holds as bits (0 for jokers)."""
_NEAR = np.array(NEAR, np.int64)
"""`tally.NEAR`: per rank, the run positions within three ranks, its own left out."""
_PLACES = np.array(_WINDOW_PLACES, np.int64)
"""`tally._WINDOW_PLACES`: [suit, window (low position - 1), 0–3] the places
``14 * suit + rank`` of each window of four run positions."""
_LOWS = 0b1111_1111_1110
_JOKERS = 14 * 4
"""`might_go_down`'s place of the jokers in its counts by ``14 * suit place + rank``."""


@kernel
def _slot(code: int) -> int:
    """`tally.SUIT_SLOT` of card ``code``: its suit's place 0–3, or 4 for a joker."""
    suit = suit_of(code)
    return 4 if suit < 0 else suit


@kernel
def _bit_count(x: int) -> int:
    """The bits set in ``x`` (0 to 2**16 - 1: run positions), without a loop."""
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


@kernel
def summary(hand: np.ndarray, n: int, counts: np.ndarray, masks: np.ndarray) -> None:
    """`tally.summary` of ``hand[:n]``: fills ``counts`` (int64[14], cards per rank, index 0
    the jokers) and ``masks`` (int64[5], per suit place the run positions held as bits)."""
    counts[:] = 0
    masks[:] = 0
    for i in range(n):
        code = hand[i]
        r = rank_of(code)
        counts[r] += 1
        masks[_slot(code)] |= _RUN_BIT[r]


@kernel
def _score(code: int, counts: np.ndarray, masks: np.ndarray, sets: int, runs: int,
           own: int) -> int:
    """`tally._score`: how much card ``code`` helps beside the counted cards (``own`` 1 when
    it is itself among them)."""
    rank = rank_of(code)
    if rank == 0:
        return 100
    score = 0
    if sets:
        same = counts[rank] - own
        score += 6 if same >= 2 else 3 * same
    if runs:
        score += 2 * _bit_count(masks[_slot(code)] & _NEAR[rank])
    return score


@kernel
def usefulness_counted(card: int, counts: np.ndarray, masks: np.ndarray, sets: int,
                       runs: int) -> int:
    """`tally.usefulness_counted` of card ``card`` beside the cards `summary` counted, for a
    contract of ``sets`` sets and ``runs`` runs."""
    return _score(card, counts, masks, sets, runs, 0)


@kernel
def least_useful(hand: np.ndarray, n: int, params: np.ndarray, taken: int) -> int:
    """`tally.least_useful`: the code of the card of ``hand[:n]`` to discard, never ``taken``
    (-1 for none); the contract and the values from the rules row ``params``."""
    scratch = np.empty(19, np.int64)  # one array (summary fills both)
    counts = scratch[:14]
    masks = scratch[14:]
    summary(hand, n, counts, masks)
    sets, runs = params[P_SETS], params[P_RUNS]
    worst = hand[0]
    found = False
    best_score = best_value = best_code = 0
    for i in range(n):
        code = hand[i]
        if code == taken:
            continue
        score = _score(code, counts, masks, sets, runs, 1)
        value = -params[P_VALUES + rank_of(code)]
        if (not found or score < best_score
                or (score == best_score and (value < best_value
                                             or (value == best_value and code < best_code)))):
            found = True
            best_score, best_value, best_code = score, value, code
            worst = code
    return int(worst)


@kernel
def window_starts(mask: int, least: int) -> int:
    """`tally.window_starts`: the windows of four run positions holding at least ``least`` of
    ``mask``'s positions, as a mask of their lowest positions."""
    x1, x2, x3 = mask >> 1, mask >> 2, mask >> 3
    if least >= 4:
        hits = mask & x1 & x2 & x3
    elif least == 3:
        hits = (mask & x1 & (x2 | x3)) | (x2 & x3 & (mask | x1))
    elif least == 2:
        hits = (mask & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)
    else:
        hits = mask | x1 | x2 | x3
    return hits & _LOWS


@kernel
def _set_need_of(full: int, pairs: int, singles: int, sets: int) -> int:
    """`tally.set_need` from what the ranks give: ``full`` sets needing no joker, ``pairs``
    ranks left with two cards, ``singles`` with one."""
    if full + pairs + singles < sets:
        return 99
    short = sets - full
    if short <= 0:
        return 0
    from_pairs = min(short, pairs)
    return from_pairs + 2 * (short - from_pairs)


@kernel
def _set_need(rank_counts: np.ndarray, sets: int) -> int:
    """`tally.set_need`: the fewest jokers ``sets`` sets need from these counts by rank (index
    0 not read; 99: impossible)."""
    full = pairs = singles = 0
    for r in range(1, 14):
        count = rank_counts[r]
        if count:
            full += count // 3
            rest = count % 3
            if rest == 2:
                pairs += 1
            elif rest:
                singles += 1
    return _set_need_of(full, pairs, singles, sets)


@kernel
def _placed_set_need(held: np.ndarray, sets: int) -> int:
    """`tally._placed_set_need`: `_set_need` of the naturals counted by ``14 * suit + rank``
    (summed by rank here, without an array: this runs for every choice of windows)."""
    full = pairs = singles = 0
    for r in range(1, 14):
        count = held[r] + held[r + 14] + held[r + 28] + held[r + 42]
        if count:
            full += count // 3
            rest = count % 3
            if rest == 2:
                pairs += 1
            elif rest:
                singles += 1
    return _set_need_of(full, pairs, singles, sets)


@kernel
def _runs_fit(windows: np.ndarray, count: int, held: np.ndarray, runs: int, sets: int,
              budget: int, least_from: np.ndarray, stack: np.ndarray) -> bool:
    """`tally._runs_fit` from the first window: can ``runs`` windows of ``windows[:count]``
    (the places ``_PLACES[suit, low - 1]`` of each, as ``16 * suit + low - 1``; indexes never
    decreasing, each using held cards once, jokers for the gaps) and then ``sets`` sets from
    what is left be made with ``budget`` jokers? The answer only says whether such a choice
    exists, so the recursion is a plain stack here: ``stack`` (at least ``3 * runs + 1``) holds
    each depth's window index, the jokers spent below it and, as bits, which of its places took
    a held card. ``held`` is changed (the caller's own copy).

    ``least_from[w]``: the fewest jokers any one of ``windows[w:count]`` needs with every held
    card there. A window never needs fewer once others have taken cards, so a depth whose
    remaining windows would need more jokers than are left even at that rate cannot succeed:
    it is cut (the same answer, sooner)."""
    if runs == 0:
        return bool(sets == 0 or _placed_set_need(held, sets) <= budget)
    index = stack[:runs]
    spent = stack[runs:2 * runs + 1]  # jokers used by the windows below each depth
    used = stack[2 * runs + 1:3 * runs + 1]
    index[0] = 0
    spent[0] = 0
    depth = 0
    while True:
        if index[depth] < count and \
                spent[depth] + (runs - depth) * least_from[index[depth]] > budget:
            index[depth] = count
        if index[depth] >= count:
            depth -= 1
            if depth < 0:
                return False
            window = windows[index[depth]]
            for j in range(4):  # take the window of this depth back, try the next
                if used[depth] >> j & 1:
                    held[_PLACES[window >> 4, window & 15, j]] += 1
            index[depth] += 1
            continue
        w = index[depth]
        window = windows[w]
        suit, low = window >> 4, window & 15
        need = 0
        bits = 0
        for j in range(4):
            place = _PLACES[suit, low, j]
            if held[place]:
                held[place] -= 1
                bits |= 1 << j
            else:
                need += 1
        used[depth] = bits
        total = spent[depth] + need
        if total <= budget:
            if depth + 1 == runs:
                if sets == 0 or _placed_set_need(held, sets) <= budget - total:
                    return True
            else:
                spent[depth + 1] = total
                depth += 1
                index[depth] = w
                continue
        for j in range(4):
            if bits >> j & 1:
                held[_PLACES[suit, low, j]] += 1
        index[depth] += 1


@kernel
def might_go_down(hand: np.ndarray, n: int, params: np.ndarray, keep: int) -> bool:
    """`tally.might_go_down` of ``hand[:n]`` (contract and ``min_natural_per_meld`` from the
    rules row): False only when going down is surely impossible."""
    sets, runs = params[P_SETS], params[P_RUNS]
    if n - keep < 3 * sets + 4 * runs:
        return False
    if params[P_MIN_NATURAL] != 1:
        return True
    if not runs:
        rank_counts = np.zeros(14, np.int64)
        for i in range(n):
            rank_counts[rank_of(hand[i])] += 1
        return bool(_set_need(rank_counts, sets) <= rank_counts[0])
    # one array for all (this runs some 50 times a rollout): the counts by 14 * suit + rank,
    # the windows, the search's stack
    scratch = np.empty(_JOKERS + 1 + 2 * 44 + 3 * runs + 1, np.int64)
    held = scratch[:_JOKERS + 1]
    windows = scratch[_JOKERS + 1:_JOKERS + 45]
    least_from = scratch[_JOKERS + 45:_JOKERS + 89]
    stack = scratch[_JOKERS + 89:]
    for i in range(_JOKERS + 1):
        held[i] = 0
    m0 = m1 = m2 = m3 = 0
    for i in range(n):
        code = hand[i]
        index = code % 54
        if index >= 52:
            held[_JOKERS] += 1
            continue
        s = index // 13
        r = index % 13 + 1
        held[14 * s + r] += 1
        if s == 0:
            m0 |= _RUN_BIT[r]
        elif s == 1:
            m1 |= _RUN_BIT[r]
        elif s == 2:
            m2 |= _RUN_BIT[r]
        else:
            m3 |= _RUN_BIT[r]
    jokers = held[_JOKERS]
    least = 4 - jokers
    if least <= 0:
        return True
    masks = (m0, m1, m2, m3)
    count = 0
    for suit in range(4):
        mask = masks[suit]
        if _bit_count(mask) < least:
            continue
        starts = window_starts(mask, least)
        for low in range(1, 12):  # lowest position first, as the original takes them
            if starts >> low & 1:
                windows[count] = 16 * suit + low - 1
                count += 1
    if count > 24:
        return True
    fewest = 4
    for w in range(count - 1, -1, -1):
        window = windows[w]
        need = 0
        for j in range(4):
            if not held[_PLACES[window >> 4, window & 15, j]]:
                need += 1
        fewest = min(fewest, need)
        least_from[w] = fewest
    return _runs_fit(windows, count, held, runs, sets, jokers, least_from, stack)
