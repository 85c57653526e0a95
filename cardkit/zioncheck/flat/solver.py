"""The go-down solver over card codes: `cardkit.zioncheck.solver` as flat integer code.

`find_go_down` and `can_go_down` answer exactly what the Python solver answers (the very same
melds, physical cards and order), so that a flat rollout plays the very same hand. The search
is the Python one step for step: the same run cores in the same order, the same bounds and the
same step budget (`SEARCH_BUDGET`, counted as `_runs_chosen` counts), the same padding tables
(recomputed instead of memoised: they depend only on their key), the same fill and the same
way of building melds from the hand's cards. The recursions are explicit stacks (levels of
arrays), so that numba compiles them.

A hand is ``hand[:n]`` (card codes); a run's natural positions are a bit mask over positions
1–14 (14 the high ace), which keeps them sorted as the Python tuples are.

Compiling: a literal argument (``0``, ``True``) makes numba compile the callee once more for
it, and numba's own sorts compile for seconds; so calls pass ``np.int64(0)`` or
``np.bool_(True)`` and the sorts are our own (79 s of CPU became 20 s; fewer call levels
changed little). About 20 s of CPU the first time, then numba's cache. Compiled it is some
20–30 times cheaper than the Python solver (``benchmarks/bench_flat_solver.py``); as plain
Python about 2.5 times dearer.

Allocating: a rollout asks some five searches, and a search made some 25 small arrays, the
padding tables nine more for every choice of runs of one suit; each is now one array cut into
views (``scratch``), zeroed where the original was read before written. That made go-downs
some 15% cheaper (``benchmarks/bench_flat_rollout.py``); the search itself is unchanged.
"""

from __future__ import annotations

import numpy as np

from cardkit.zioncheck.flat.codes import (
    KIND_RUN,
    KIND_SET,
    MELD_CARDS,
    MELD_KIND,
    MELD_LEN,
    MELD_LOW,
    MELD_OWNER,
    MELD_WHAT,
    P_MIN_NATURAL,
    P_RUNS,
    P_SETS,
    P_TOUCHING,
    P_VALUES,
)
from cardkit.zioncheck.flat.jit import kernel
from cardkit.zioncheck.solver import SEARCH_BUDGET

__all__ = ["can_go_down", "find_go_down"]

_NO_BUDGET = 1 << 62
"""An unbounded search (`can_go_down`; ``max_steps=None``)."""

# the constants of one search (`_Search.__init__`): a cfg row
C_JV = 0
C_MIN_NAT = 1
C_MODE = 2
C_SETS = 3
C_RUNS = 4
C_CAP = 5
C_SET_JOKERS = 6
C_FIRST_ONLY = 7
C_BUDGET = 8
C_JOKERS = 9
C_JOKER_BOUND = 10
C_NATURAL_POINTS = 11
C_SET_BOUND = 12
C_SET_NEED = 13
C_SIZE = 14

# what a search changes: a st row (steps, the best score, the plan's counts)
S_STEPS = 0
S_CUT = 1
S_HAS = 2
S_BEST0 = 3
"""Points melded, jokers counted at their value."""
S_BEST1 = 4
"""Minus the jokers used."""
S_NG = 5
S_NB = 6
S_EXTRA = 7
S_SIZE = 8

_TOUCH_FORBID = 1
_TOUCH_ALLOW = 2


@kernel
def _face(s: int, p: int) -> int:
    """`solver._face_index`: index 0–51 of the face at run position ``p`` of suit ``s``."""
    return s * 13 + (0 if p == 14 else p - 1)


@kernel
def _rank_at(p: int) -> int:
    return 1 if p == 14 else p


@kernel
def _popcount(mask: int) -> int:
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count


@kernel
def _argsort(keys: np.ndarray, n: int) -> np.ndarray:
    """The order that sorts ``keys[:n]``, stable: insertion sort on short runs, merged
    bottom-up (numba's own sorts cost seconds of compiling)."""
    order = np.empty(n, np.int64)
    for x in range(n):
        order[x] = x
    run = 8
    for start in range(0, n, run):
        for x in range(start + 1, min(start + run, n)):
            item = order[x]
            y = x
            while y > start and keys[order[y - 1]] > keys[item]:
                order[y] = order[y - 1]
                y -= 1
            order[y] = item
    if n <= run:
        return order
    other = np.empty(n, np.int64)
    while run < n:
        for low in range(0, n, 2 * run):
            mid = min(low + run, n)
            high = min(low + 2 * run, n)
            i, j = low, mid
            for x in range(low, high):
                if i < mid and (j >= high or keys[order[i]] <= keys[order[j]]):
                    other[x] = order[i]
                    i += 1
                else:
                    other[x] = order[j]
                    j += 1
        order, other = other, order
        run *= 2
    return order


@kernel
def _copy(dst: np.ndarray, src: np.ndarray) -> None:
    """``dst[:] = src`` for 1-d rows of one length (an element loop compiles faster)."""
    for x in range(src.shape[0]):
        dst[x] = src[x]


@kernel
def _zc10_allows(low1: int, high1: int, low2: int, high2: int, mode: int) -> bool:
    """`contract.zc10_allows` with the mode as `codes.TOUCHING` numbers it."""
    if low2 < low1:
        low1, high1, low2, high2 = low2, high2, low1, high1
    if high1 + 1 != low2:
        return True
    if mode == _TOUCH_ALLOW:
        return True
    if mode == _TOUCH_FORBID:
        return False
    return high2 - low1 + 1 >= 9


@kernel
def _set_shape(set_jokers: bool | np.bool_, min_nat: int, m: int, own: int) -> tuple[int, int]:
    """`_Search._set_shape`: (naturals borrowed from runs, filler jokers)."""
    if set_jokers:
        borrowed = max(0, m * min_nat - own)
        return borrowed, max(0, 3 * m - own - borrowed)
    return max(0, m * min_nat - own, 3 * m - own), 0


@kernel
def _set_need(set_jokers: bool | np.bool_, min_nat: int, m: int, own: int) -> int:
    borrowed, fill = _set_shape(set_jokers, min_nat, m, own)
    return fill + borrowed


@kernel
def _list_cores(counts: np.ndarray, values: np.ndarray, jokers: int, min_nat: int,
                cores: np.ndarray, least: np.ndarray, raw: np.ndarray,
                keys: np.ndarray) -> int:
    """`_Search._list_cores` into ``cores`` (rows points, suit, a, b, need; best first) and
    ``least`` (the fewest jokers any core from there on needs); returns how many. ``raw``
    (as ``cores``) and ``keys`` (at least ``cores`` rows + 14) are the caller's scratch."""
    present = keys[cores.shape[0]:]
    n = 0
    for s in range(4):
        count = 0
        for p in range(1, 15):
            if counts[_face(s, p)]:
                present[count] = p
                count += 1
        for i in range(count):
            a = present[i]
            naturals = 0
            points = 0
            for j in range(i, count):
                b = present[j]
                naturals += 1
                points += values[_rank_at(b)]
                if a == 1 and b == 14 and counts[_face(s, 1)] < 2:
                    break
                length = b - a + 1
                gaps = length - naturals
                if gaps > jokers:
                    break
                short = max(0, 4 - length)
                if gaps + short > jokers or naturals < min_nat:
                    continue
                raw[n, 0] = points
                raw[n, 1] = s
                raw[n, 2] = a
                raw[n, 3] = b
                raw[n, 4] = gaps + short
                keys[n] = -points * 1024 + s * 256 + a * 16 + b  # (-points, s, a, b), unique
                n += 1
    order = _argsort(keys, n)
    for k in range(n):
        for c in range(5):
            cores[k, c] = raw[order[k], c]
    if min_nat == 0 and jokers >= 4:
        cores[n, 0] = 0
        cores[n, 1] = -1
        cores[n, 2] = 0
        cores[n, 3] = 0
        cores[n, 4] = 4
        n += 1
    low = 15
    for k in range(n - 1, -1, -1):
        low = min(low, cores[k, 4])
        least[k] = low
    return n


# -- padding --------------------------------------------------------------------------------

@kernel
def _group_padding(ch: np.ndarray, members: np.ndarray, k: int, jokers: int, mode: int,
                   opt_t: np.ndarray, opt_pads: np.ndarray) -> int:
    """`_Search._group_padding` for the runs ``members[:k]`` of one suit: the options in the
    order the Python dict holds them (``opt_t``; ``opt_pads[x, run]`` the (low, high) pads of
    the member runs). Returns how many."""
    spare = max(jokers, 0) + 1
    scratch = np.empty(6 * k + spare, np.int64)  # one array, seven views
    lo_t = scratch[:k]
    hi_t = scratch[k:2 * k]
    combo = scratch[2 * k:3 * k]
    hmax = scratch[3 * k:4 * k]
    hmin = scratch[4 * k:5 * k]
    high = scratch[5 * k:6 * k]
    seen = scratch[6 * k:]
    for x in range(spare):
        seen[x] = 0
    for j in range(k):
        length = ch[members[j], 2] - ch[members[j], 1] + 1
        lo_t[j] = max(0, 4 - length)
        hi_t[j] = min(14 - length, jokers)
        if lo_t[j] > hi_t[j]:
            return 0  # one empty range: product() yields nothing
        combo[j] = lo_t[j]
    n = 0
    while True:
        total = 0
        for j in range(k):
            total += combo[j]
        if total <= jokers and not seen[total]:
            empty = False
            for j in range(k):
                a = ch[members[j], 1]
                b = ch[members[j], 2]
                hmax[j] = min(combo[j], 14 - b)
                hmin[j] = max(0, combo[j] - (a - 1))
                if hmin[j] > hmax[j]:
                    empty = True
                high[j] = hmax[j]
            while not empty:
                ok = True
                for x in range(k):
                    ax = ch[members[x], 1] - (combo[x] - high[x])
                    bx = ch[members[x], 2] + high[x]
                    for y in range(x + 1, k):
                        ay = ch[members[y], 1] - (combo[y] - high[y])
                        by = ch[members[y], 2] + high[y]
                        if not _zc10_allows(ax, bx, ay, by, mode):
                            ok = False
                            break
                    if not ok:
                        break
                if ok:
                    seen[total] = 1
                    opt_t[n] = total
                    for j in range(k):
                        opt_pads[n, members[j], 0] = combo[j] - high[j]
                        opt_pads[n, members[j], 1] = high[j]
                    n += 1
                    break
                # the next placement: the last run's high end steps down fastest
                j = k - 1
                while j >= 0:
                    high[j] -= 1
                    if high[j] >= hmin[j]:
                        break
                    high[j] = hmax[j]
                    j -= 1
                if j < 0:
                    break
        j = k - 1
        while j >= 0:
            combo[j] += 1
            if combo[j] <= hi_t[j]:
                break
            combo[j] = lo_t[j]
            j -= 1
        if j < 0:
            return n


@kernel
def _padding(ch: np.ndarray, nruns: int, jokers: int, mode: int, pad_ok: np.ndarray,
             pad_tab: np.ndarray) -> bool:
    """`_Search._padding` of the runs ``ch[:nruns]`` with ``jokers`` to spare: ``pad_ok[t]``
    for each feasible total, ``pad_tab[t, run]`` its (low, high) pads. False: none."""
    pad_ok[:] = 0
    distinct = True
    for i in range(nruns):
        for j in range(i + 1, nruns):
            if ch[i, 0] >= 0 and ch[i, 0] == ch[j, 0]:
                distinct = False
    if distinct:  # _IndependentPads
        least = 0
        most = 0
        for i in range(nruns):
            length = 0 if ch[i, 0] < 0 else ch[i, 2] - ch[i, 1] + 1
            least += max(0, 4 - length)
            most += 14 - length
        most = min(jokers, most)
        for total in range(least, most + 1):
            pad_ok[total] = 1
            extra = total - least
            for i in range(nruns):
                length = 0
                room_high = 14
                if ch[i, 0] >= 0:
                    length = ch[i, 2] - ch[i, 1] + 1
                    room_high = 14 - ch[i, 2]
                need = max(0, 4 - length)
                more = min(extra, 14 - length - need)
                extra -= more
                pad = need + more
                high = min(pad, room_high)
                pad_tab[total, i, 0] = pad - high
                pad_tab[total, i, 1] = high
        return least <= most
    if jokers < 0:
        return False
    size = jokers + 1
    block = size * nruns * 2
    scratch = np.zeros(4 * size + 3 * block + 2 * nruns, np.int64)  # one array, nine views
    res_t = scratch[:size]
    new_t = scratch[size:2 * size]
    opt_t = scratch[2 * size:3 * size]
    taken = scratch[3 * size:4 * size]
    at = 4 * size
    res_pads = scratch[at:at + block].reshape((size, nruns, 2))
    new_pads = scratch[at + block:at + 2 * block].reshape((size, nruns, 2))
    opt_pads = scratch[at + 2 * block:at + 3 * block].reshape((size, nruns, 2))
    members = scratch[at + 3 * block:at + 3 * block + nruns]
    done = scratch[at + 3 * block + nruns:at + 3 * block + 2 * nruns]
    res_n = 1
    for i in range(nruns):  # the groups in the order the dict meets them
        if done[i]:
            continue
        k = 0
        s = ch[i, 0]
        if s < 0:
            members[0] = i
            k = 1
        else:
            for j in range(i, nruns):
                if ch[j, 0] == s:
                    members[k] = j
                    k += 1
                    done[j] = 1
        if k == 1:
            length = 0 if s < 0 else ch[i, 2] - ch[i, 1] + 1
            lo = max(0, 4 - length)
            hi = min(14 - length, jokers)
            opt_n = max(0, hi - lo + 1)
            for total in range(lo, hi + 1):
                high = total if s < 0 else min(total, 14 - ch[i, 2])
                opt_t[total - lo] = total
                opt_pads[total - lo, i, 0] = total - high
                opt_pads[total - lo, i, 1] = high
        else:
            opt_n = _group_padding(ch, members, k, jokers, mode, opt_t, opt_pads)
        taken[:] = 0
        new_n = 0
        for x in range(res_n):
            for y in range(opt_n):
                t = res_t[x] + opt_t[y]
                if t <= jokers and not taken[t]:
                    taken[t] = 1
                    new_t[new_n] = t
                    for j in range(nruns):
                        new_pads[new_n, j, 0] = res_pads[x, j, 0]
                        new_pads[new_n, j, 1] = res_pads[x, j, 1]
                    for j in range(k):
                        new_pads[new_n, members[j], 0] = opt_pads[y, members[j], 0]
                        new_pads[new_n, members[j], 1] = opt_pads[y, members[j], 1]
                    new_n += 1
        res_t, new_t = new_t, res_t
        res_pads, new_pads = new_pads, res_pads
        res_n = new_n
    for x in range(res_n):
        pad_ok[res_t[x]] = 1
        for j in range(nruns):
            pad_tab[res_t[x], j, 0] = res_pads[x, j, 0]
            pad_tab[res_t[x], j, 1] = res_pads[x, j, 1]
    return res_n > 0


# -- sets -----------------------------------------------------------------------------------

@kernel
def _borrow(ch: np.ndarray, nruns: int, groups: np.ndarray, ng: int, min_nat: int,
            borrows: np.ndarray) -> int:
    """`solver._borrow`: fills ``borrows`` rows (rank, run index, position) in the Python
    order; returns how many, or -1 when the runs cannot spare them."""
    units = 0
    for g in range(ng):
        units += groups[g, 3]
    rank = np.empty(units, np.int64)
    u = 0
    for g in range(ng):
        for _ in range(groups[g, 3]):
            rank[u] = groups[g, 0]
            u += 1
    spare = np.empty(nruns, np.int64)
    for i in range(nruns):
        spare[i] = _popcount(ch[i, 3]) - min_nat
    used = np.zeros(nruns, np.int64)
    cursor = np.zeros(units + 1, np.int64)
    k = 0
    while True:
        if k == units:
            return units
        r = rank[k]
        placed = False
        while cursor[k] < 2 * nruns:
            c = cursor[k]
            cursor[k] += 1
            i = c // 2
            if c % 2 == 0:
                p = r
            elif r == 1:
                p = 14
            else:
                continue
            bit = 1 << p
            if ch[i, 3] & bit and spare[i] > 0 and not used[i] & bit:
                spare[i] -= 1
                used[i] |= bit
                borrows[k, 0] = r
                borrows[k, 1] = i
                borrows[k, 2] = p
                placed = True
                break
        if placed:
            k += 1
            cursor[k] = 0
            continue
        if k == 0:
            return -1
        k -= 1
        i = borrows[k, 1]
        used[i] &= ~(1 << borrows[k, 2])
        spare[i] += 1


@kernel
def _beaten(st: np.ndarray, jv: int, bound: int, gaps: int) -> bool:
    """The pruning test of the Python search: this branch cannot beat the best found."""
    if st[S_HAS] == 0:
        return False
    return bound < st[S_BEST0] or (bound == st[S_BEST0] and (jv > 0 or gaps >= -st[S_BEST1]))


@kernel
def _runs_chosen(cfg: np.ndarray, values: np.ndarray, counts: np.ndarray, st: np.ndarray,
                 ch: np.ndarray, points: int, naturals: int, gaps: int,
                 pad_ok: np.ndarray, pad_tab: np.ndarray,
                 p_runs: np.ndarray, p_pads: np.ndarray, p_groups: np.ndarray,
                 p_borrows: np.ndarray, p_kept: np.ndarray, p_setj: np.ndarray,
                 work: np.ndarray, groups: np.ndarray, borrows: np.ndarray,
                 cand: np.ndarray, fill: np.ndarray) -> bool:
    """`_Search._runs_chosen` and its `_pick_set` / `_sets_chosen` (an explicit stack).
    ``work`` (8 rows of at least sets + 1), ``groups``, ``borrows``, ``cand`` (13 rows) and
    ``fill`` (7 rows of at least sets + 2 * cards) are scratch arrays `_solve` makes once."""
    jv = cfg[C_JV]
    sets = cfg[C_SETS]
    nruns = cfg[C_RUNS]
    min_nat = cfg[C_MIN_NAT]
    allow = cfg[C_SET_JOKERS] != 0
    st[S_STEPS] += 1
    if st[S_HAS] and st[S_STEPS] > cfg[C_BUDGET]:
        st[S_CUT] = 1
        return True
    if sets:
        bound = points + min(cfg[C_SET_BOUND], cfg[C_NATURAL_POINTS] - points) \
            + cfg[C_JOKER_BOUND]
        if _beaten(st, jv, bound, gaps):
            return False
    if not _padding(ch, nruns, cfg[C_JOKERS] - gaps, cfg[C_MODE], pad_ok, pad_tab):
        return False
    kept = work[6]
    set_jokers = work[7]
    in_runs = 0
    for i in range(nruns):
        for p in range(1, 15):
            if ch[i, 3] & (1 << p):
                in_runs |= 1 << _rank_at(p)
    # cand: (-points, rank, own naturals), best first
    nc = 0
    zero_rank_added = False
    for r in range(1, 14):
        own = counts[r - 1] + counts[12 + r] + counts[25 + r] + counts[38 + r]
        if own:
            add, pts = True, -own * values[r]
        elif in_runs & (1 << r):
            add, pts = True, 0
        elif min_nat == 0 and not zero_rank_added and allow:
            add, pts = True, 0
            zero_rank_added = True
        else:
            add, pts = False, 0
        if add:  # insertion sort by (-points, rank): ranks come in order
            x = nc
            while x > 0 and cand[x - 1, 0] > pts:
                cand[x, 0] = cand[x - 1, 0]
                cand[x, 1] = cand[x - 1, 1]
                cand[x, 2] = cand[x - 1, 2]
                x -= 1
            cand[x, 0] = pts
            cand[x, 1] = r
            cand[x, 2] = own
            nc += 1
    first = 0
    while not pad_ok[first]:
        first += 1
    room = cfg[C_JOKERS] - gaps - first
    # the levels of _pick_set: picked index, points, naturals, need, mult, cursor
    picked = work[0]
    lv_pts = work[1]
    lv_nat = work[2]
    lv_need = work[3]
    lv_mult = work[4]
    cursor = work[5]
    lv_need[0] = 0
    lv_mult[0] = 0
    cursor[0] = 0
    lv_pts[0] = points
    lv_nat[0] = naturals
    k = 0
    while True:
        if k == sets:  # _sets_chosen
            ng = np.int64(0)
            for x in range(sets):
                if x and picked[x] == picked[x - 1]:
                    groups[ng - 1, 1] += 1
                else:
                    groups[ng, 0] = cand[picked[x], 1]
                    groups[ng, 1] = 1
                    groups[ng, 2] = cand[picked[x], 2]
                    ng += 1
            need_borrow = False
            for g in range(ng):
                groups[g, 3] = _set_shape(allow, min_nat, groups[g, 1], groups[g, 2])[0]
                if groups[g, 3]:
                    need_borrow = True
            nb = 0
            go = True
            if need_borrow:
                nb = _borrow(ch, nruns, groups, ng, min_nat, borrows)
                go = nb >= 0
            stop = False
            c_points = lv_pts[k]
            c_naturals = lv_nat[k]
            while go:  # once: _Search._consider, inline (a break is its return)
                jokers_left = cfg[C_JOKERS] - gaps
                borrowed = 0
                for g in range(ng):
                    borrowed += groups[g, 3]
                need = borrowed
                for g in range(ng):
                    need += max(0, 3 * groups[g, 1] - groups[g, 2] - groups[g, 3])
                if need - borrowed != 0 and not allow:
                    break
                avail = jokers_left - need
                tmin = -1
                tmax = -1
                for t in range(0, min(avail, pad_ok.shape[0] - 1) + 1):
                    if pad_ok[t]:
                        if tmin < 0:
                            tmin = t
                        tmax = t
                if tmin < 0:
                    break
                spares_to_sets = ng > 0 and allow
                if jv > 0:
                    pad = tmax
                    extra = avail - pad if spares_to_sets else 0
                else:
                    pad = tmin
                    extra = 0
                used = gaps + need + pad + extra
                if c_naturals + used <= cfg[C_CAP]:
                    for g in range(ng):
                        kept[g] = groups[g, 2]
                        set_jokers[g] = max(0, 3 * groups[g, 1] - groups[g, 2] - groups[g, 3])
                    s0 = c_points + jv * used
                    s1 = -used
                else:
                    # _Search._capped_fill, inline
                    cap = cfg[C_CAP]
                    set_naturals = 0
                    run_points = c_points
                    need_b = 0
                    for g in range(ng):
                        set_naturals += groups[g, 2]
                        run_points -= groups[g, 2] * values[groups[g, 0]]
                        need_b += groups[g, 3]
                    run_naturals = c_naturals - set_naturals
                    found = False
                    best0 = 0
                    best1 = 0
                    best_pad = 0
                    best_extra = 0
                    k_now = fill[0]
                    j_now = fill[1]
                    slots = fill[2]
                    swap_keys = fill[3]
                    top = min(avail, pad_ok.shape[0] - 1)
                    for tpad in range(0, top + 1):
                        if not pad_ok[tpad]:
                            continue
                        jokers = jokers_left - need_b - tpad
                        count = run_naturals + gaps + tpad + need_b
                        pts = run_points
                        used = gaps + tpad + need_b
                        nswap = 0
                        for g in range(ng):
                            r = groups[g, 0]
                            m = groups[g, 1]
                            own = groups[g, 2]
                            b = groups[g, 3]
                            must = max(0, m * min_nat - b)
                            deficit = max(0, 3 * m - b - must)
                            forced = max(0, deficit - (own - must))
                            k_now[g] = must + deficit - forced
                            j_now[g] = forced
                            jokers -= forced
                            if jv > values[r] and allow:
                                slots[g] = deficit - forced
                                swap_keys[nswap] = values[r] * (ng + 1) + g  # by (value, group)
                                nswap += 1
                        order = _argsort(swap_keys, nswap)
                        for x in range(nswap):
                            g = swap_keys[order[x]] % (ng + 1)
                            swap = min(slots[g], max(0, jokers))
                            k_now[g] -= swap
                            j_now[g] += swap
                            jokers -= swap
                        optional = 0
                        for g in range(ng):
                            count += k_now[g] + j_now[g]
                            pts += k_now[g] * values[groups[g, 0]]
                            used += j_now[g]
                            optional += groups[g, 2] - k_now[g]
                        if jokers < 0 or count > cap:
                            continue
                        wild = jokers if spares_to_sets else 0
                        opt_val = fill[4]  # optional + wild entries
                        opt_key = fill[5]
                        opt_g = fill[6]
                        x = 0
                        for g in range(ng):
                            for _ in range(groups[g, 2] - k_now[g]):
                                opt_val[x] = values[groups[g, 0]]
                                opt_key[x] = -2 * opt_val[x]
                                opt_g[x] = g
                                x += 1
                        for _ in range(wild):
                            opt_val[x] = jv
                            opt_key[x] = -2 * jv + 1
                            opt_g[x] = -1
                            x += 1
                        order = _argsort(opt_key, x)  # stable: by (-value, is_joker)
                        extra = 0
                        for y in range(min(cap - count, x)):
                            z = order[y]
                            if opt_val[z] <= 0:
                                break
                            if opt_g[z] < 0:
                                extra += 1
                                used += 1
                            else:
                                k_now[opt_g[z]] += 1
                                pts += opt_val[z]
                        s0 = pts + jv * used
                        s1 = -used
                        if not found or s0 > best0 or (s0 == best0 and s1 > best1):
                            found = True
                            best0 = s0
                            best1 = s1
                            best_pad = tpad
                            best_extra = extra
                            for g in range(ng):
                                kept[g] = k_now[g]
                                set_jokers[g] = j_now[g]
                    if not found:
                        break
                    s0, s1, pad, extra = best0, best1, best_pad, best_extra
                if st[S_HAS] == 0 or s0 > st[S_BEST0] or (s0 == st[S_BEST0] and s1 > st[S_BEST1]):
                    st[S_HAS] = 1
                    st[S_BEST0] = s0
                    st[S_BEST1] = s1
                    nruns = cfg[C_RUNS]
                    for i in range(nruns):
                        for c in range(4):
                            p_runs[i, c] = ch[i, c]
                        p_pads[i, 0] = pad_tab[pad, i, 0]
                        p_pads[i, 1] = pad_tab[pad, i, 1]
                    for g in range(ng):
                        for c in range(4):
                            p_groups[g, c] = groups[g, c]
                        p_kept[g] = kept[g]
                        p_setj[g] = set_jokers[g]
                    for x in range(nb):
                        for c in range(3):
                            p_borrows[x, c] = borrows[x, c]
                    st[S_NG] = ng
                    st[S_NB] = nb
                    st[S_EXTRA] = extra
                    stop = cfg[C_FIRST_ONLY] != 0
                break
            if stop:
                return True
            if k == 0:
                return False  # no sets to pick (a contract of runs only)
            k -= 1
            continue
        left = sets - k
        descended = False
        while cursor[k] < nc:
            index = cursor[k]
            cursor[k] += 1
            repeat = 1 if k > 0 and picked[k - 1] == index else 0
            if st[S_HAS]:
                top = 0
                for x in range(index + repeat, min(index + repeat + left, nc)):
                    top -= cand[x, 0]
                if _beaten(st, jv, lv_pts[k] + top + cfg[C_JOKER_BOUND], gaps):
                    cursor[k] = nc
                    break
            own = cand[index, 2]
            mult = lv_mult[k]
            m = mult + 1 if repeat else 1
            new_need = lv_need[k] + _set_need(allow, min_nat, m, own)
            if repeat:
                new_need -= _set_need(allow, min_nat, mult, own)
            if new_need > room:
                continue
            picked[k] = index
            lv_pts[k + 1] = lv_pts[k] - (0 if repeat else cand[index, 0])
            lv_nat[k + 1] = lv_nat[k] + (0 if repeat else own)
            lv_need[k + 1] = new_need
            lv_mult[k + 1] = m
            cursor[k + 1] = index
            descended = True
            break
        if descended:
            k += 1
            continue
        if k == 0:
            return False
        k -= 1


# -- runs: the search -----------------------------------------------------------------------

@kernel
def _undo_run(ch: np.ndarray, counts: np.ndarray, saved: np.ndarray, own_mask: np.ndarray,
              k: int) -> None:
    """Take back the run chosen at level ``k``: the naturals it took, the rebalancing."""
    s = ch[k, 0]
    if s < 0:
        return
    for j in range(k):
        ch[j, 3] = saved[k, j]
    for p in range(1, 15):
        if own_mask[k] & (1 << p):
            counts[_face(s, p)] += 1


@kernel
def _plan_arrays(params: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                              np.ndarray, np.ndarray, np.ndarray]:
    """The arrays `_solve` fills for ``params``: st, runs, pads, groups, borrows, kept and set
    jokers of the plan."""
    sets = params[P_SETS]
    nruns = params[P_RUNS]
    return (np.zeros(S_SIZE, np.int64), np.zeros((max(nruns, 1), 4), np.int64),
            np.zeros((max(nruns, 1), 2), np.int64), np.zeros((max(sets, 1), 4), np.int64),
            np.zeros((sets * (3 + params[P_MIN_NATURAL]) + 3, 3), np.int64),
            np.zeros(max(sets, 1), np.int64), np.zeros(max(sets, 1), np.int64))


@kernel
def _solve(hand: np.ndarray, n: int, params: np.ndarray, keep: int,
           set_jokers: bool | np.bool_, first_only: bool | np.bool_, budget: int,
           st: np.ndarray, p_runs: np.ndarray, p_pads: np.ndarray, p_groups: np.ndarray,
           p_borrows: np.ndarray, p_kept: np.ndarray, p_setj: np.ndarray) -> None:
    """`_Search(...).solve()` (its `_pick_run` and `_rebalance` an explicit stack of levels):
    ``st[S_HAS]`` tells whether a plan was found, the ``p_*`` arrays hold it."""
    for x in range(S_SIZE):
        st[x] = 0
    values = params[P_VALUES:P_VALUES + 14]
    sets = params[P_SETS]
    nruns = params[P_RUNS]
    min_nat = params[P_MIN_NATURAL]
    jokers = 0
    for x in range(n):
        if hand[x] % 54 >= 52:
            jokers += 1
    # every array of the search is a view of one (this runs some five times a rollout): the
    # ones read before they are written first, zeroed
    rows = max(nruns, 1)
    set_rows = max(sets, 1)
    nb = sets * (3 + min_nat) + 3
    size = (52 + 14 + C_SIZE + 8 * (sets + 1) + 4 * set_rows + 3 * nb + 13 * 3 + 4 * rows
            + (jokers + 1) * (1 + 2 * rows) + 4 * (nruns + 1) + rows * rows + rows)
    scratch = np.empty(size + (4 * 105 + 1) * 12 + 14 + 7 * (sets + 2 * n + 1), np.int64)
    for x in range(size):
        scratch[x] = 0
    at = 0
    counts = scratch[at:at + 52]
    at += 52
    per_rank = scratch[at:at + 14]
    at += 14
    cfg = scratch[at:at + C_SIZE]
    at += C_SIZE
    work = scratch[at:at + 8 * (sets + 1)].reshape((8, sets + 1))
    at += 8 * (sets + 1)
    groups = scratch[at:at + 4 * set_rows].reshape((set_rows, 4))
    at += 4 * set_rows
    borrows = scratch[at:at + 3 * nb].reshape((nb, 3))
    at += 3 * nb
    cand = scratch[at:at + 13 * 3].reshape((13, 3))
    at += 13 * 3
    ch = scratch[at:at + 4 * rows].reshape((rows, 4))  # suit, a, b, mask of natural positions
    at += 4 * rows
    pad_ok = scratch[at:at + jokers + 1]
    at += jokers + 1
    pad_tab = scratch[at:at + (jokers + 1) * rows * 2].reshape((jokers + 1, rows, 2))
    at += (jokers + 1) * rows * 2
    lv_pts = scratch[at:at + nruns + 1]
    at += nruns + 1
    lv_nat = scratch[at:at + nruns + 1]
    at += nruns + 1
    lv_gaps = scratch[at:at + nruns + 1]
    at += nruns + 1
    cursor = scratch[at:at + nruns + 1]
    at += nruns + 1
    saved = scratch[at:at + rows * rows].reshape((rows, rows))
    at += rows * rows
    own_mask = scratch[at:at + rows]
    at += rows
    cores = scratch[at:at + (4 * 105 + 1) * 5].reshape((4 * 105 + 1, 5))
    at += (4 * 105 + 1) * 5
    least = scratch[at:at + 4 * 105 + 1]
    at += 4 * 105 + 1
    raw = scratch[at:at + (4 * 105 + 1) * 5].reshape((4 * 105 + 1, 5))
    at += (4 * 105 + 1) * 5
    keys = scratch[at:at + 4 * 105 + 1 + 14]
    at += 4 * 105 + 1 + 14
    fill = scratch[at:at + 7 * (sets + 2 * n + 1)].reshape((7, sets + 2 * n + 1))
    natural_points = 0
    total = 0
    for x in range(n):
        index = hand[x] % 54
        if index < 52:
            counts[index] += 1
            r = index % 13 + 1
            per_rank[r] += 1
            natural_points += values[r]
            total += 1
    cfg[C_JV] = values[0]
    cfg[C_MIN_NAT] = min_nat
    cfg[C_MODE] = params[P_TOUCHING]
    cfg[C_SETS] = sets
    cfg[C_RUNS] = nruns
    cfg[C_CAP] = n - keep
    cfg[C_SET_JOKERS] = 1 if set_jokers else 0
    cfg[C_FIRST_ONLY] = 1 if first_only else 0
    cfg[C_BUDGET] = budget
    cfg[C_JOKERS] = jokers
    cfg[C_JOKER_BOUND] = max(0, values[0]) * jokers
    cfg[C_NATURAL_POINTS] = natural_points
    # the points of the ``sets`` ranks worth most (a sum: the order of equal ones is moot)
    set_bound = 0
    picked = 0
    for _ in range(min(sets, 13)):
        best = -1
        for r in range(1, 14):
            if not picked >> r & 1 and (best < 0 or per_rank[r] * values[r]
                                        > per_rank[best] * values[best]):
                best = r
        picked |= 1 << best
        set_bound += per_rank[best] * values[best]
    cfg[C_SET_BOUND] = set_bound
    one = np.int64(1)
    fewest = _set_need(set_jokers, min_nat, one, per_rank[1])
    for r in range(2, 14):
        fewest = min(fewest, _set_need(set_jokers, min_nat, one, per_rank[r]))
    cfg[C_SET_NEED] = sets * fewest
    smallest = 3 * sets + 4 * nruns
    if jokers + total < smallest or n - keep < smallest:
        return
    ncores = _list_cores(counts, values, jokers, min_nat, cores, least, raw, keys) \
        if nruns else 0
    jv = cfg[C_JV]
    if nruns == 0:
        none = np.int64(0)
        _runs_chosen(cfg, values, counts, st, ch, none, none, none, pad_ok, pad_tab, p_runs,
                     p_pads, p_groups, p_borrows, p_kept, p_setj, work, groups, borrows, cand,
                     fill)
        return
    k = np.int64(0)  # not a literal: numba would compile the calls taking it twice
    while True:
        left = nruns - k
        jokers_left = jokers - lv_gaps[k]
        descended = False
        while cursor[k] < ncores:
            index = cursor[k]
            cursor[k] += 1
            value = cores[index, 0]
            s = cores[index, 1]
            a = cores[index, 2]
            b = cores[index, 3]
            if cores[index, 4] + (left - 1) * least[index] + cfg[C_SET_NEED] > jokers_left:
                continue
            bound = lv_pts[k] + min(left * value + cfg[C_SET_BOUND],
                                    cfg[C_NATURAL_POINTS] - lv_pts[k]) + cfg[C_JOKER_BOUND]
            if _beaten(st, jv, bound, lv_gaps[k]):
                cursor[k] = ncores
                break
            if s < 0:
                if jokers_left >= 4:
                    ch[k, 0] = -1
                    ch[k, 1] = 0
                    ch[k, 2] = 0
                    ch[k, 3] = 0
                    lv_pts[k + 1] = lv_pts[k]
                    lv_nat[k + 1] = lv_nat[k]
                    lv_gaps[k + 1] = lv_gaps[k]
                    cursor[k + 1] = index
                    descended = True
                    break
                continue
            if (not counts[_face(s, a)] or not counts[_face(s, b)]) and min_nat < 2:
                continue
            mask = 0
            own = 0
            last = -1
            run_points = 0
            for p in range(a, b + 1):
                f = _face(s, p)
                if counts[f]:
                    counts[f] -= 1
                    mask |= 1 << p
                    own += 1
                    last = p
                    run_points += values[_rank_at(p)]
            length = b - a + 1
            run_gaps = length - own
            for j in range(k):
                saved[k, j] = ch[j, 3]
            have = mask
            count = own
            if own < min_nat:  # _rebalance
                for p in range(a, b + 1):
                    if count >= min_nat:
                        break
                    if have & (1 << p):
                        continue
                    rank = _rank_at(p)
                    for j in range(k):
                        t2 = ch[j, 3]
                        if ch[j, 0] != s or _popcount(t2) <= min_nat:
                            continue
                        q = -1
                        if rank == 1:
                            if t2 & 2:
                                q = 1
                            elif t2 & (1 << 14):
                                q = 14
                        elif t2 & (1 << rank):
                            q = rank
                        if q >= 0:
                            ch[j, 3] = t2 & ~(1 << q)
                            have |= 1 << p
                            count += 1
                            break
            if (min_nat >= 2 or last == b) and run_gaps + max(0, 4 - length) <= jokers_left \
                    and count >= min_nat:
                ch[k, 0] = s
                ch[k, 1] = a
                ch[k, 2] = b
                ch[k, 3] = have
                own_mask[k] = mask
                lv_pts[k + 1] = lv_pts[k] + run_points
                lv_nat[k + 1] = lv_nat[k] + own
                lv_gaps[k + 1] = lv_gaps[k] + run_gaps
                cursor[k + 1] = index
                descended = True
                break
            ch[k, 0] = s
            own_mask[k] = mask
            _undo_run(ch, counts, saved, own_mask, k)
        if descended:
            if k + 1 == nruns:
                if _runs_chosen(cfg, values, counts, st, ch, lv_pts[k + 1], lv_nat[k + 1],
                                lv_gaps[k + 1], pad_ok, pad_tab, p_runs, p_pads, p_groups,
                                p_borrows, p_kept, p_setj, work, groups, borrows, cand,
                                fill):
                    return
                _undo_run(ch, counts, saved, own_mask, k)
                continue
            k += 1
            continue
        if k == 0:
            return
        k -= 1
        _undo_run(ch, counts, saved, own_mask, k)


# -- building the melds ---------------------------------------------------------------------

@kernel
def _joker_run_place(length: int, built: np.ndarray, nbuilt: int,
                     mode: int) -> tuple[int, int]:
    """`solver._joker_run_place` over the runs built so far (rows suit, low, high)."""
    for suit in range(4):
        for low in range(1, 16 - length):
            ok = True
            for x in range(nbuilt):
                if built[x, 0] == suit and not _zc10_allows(low, low + length - 1, built[x, 1],
                                                            built[x, 2], mode):
                    ok = False
                    break
            if ok:
                return suit, low
    return -1, 0  # never: a run of jokers can always overlap another run


@kernel
def _set_key(code: int) -> int:
    """`melds._make_set`'s order of a set's cards as one number: naturals by suit and deck,
    then jokers by number (their codes rise with it)."""
    index = code % 54
    if index >= 52:
        return 1 << 40 | code
    return (index // 13) * 1024 + code // 54


@kernel
def _set_row(row: np.ndarray, rank: int, pile: np.ndarray, size: int) -> None:
    """A set row as `melds._make_set` orders it: naturals by suit and deck, then jokers
    (a stable insertion sort in the row: a set holds few cards)."""
    row[:] = 0
    row[MELD_KIND] = KIND_SET
    row[MELD_WHAT] = rank
    row[MELD_LEN] = size
    row[MELD_OWNER] = -1
    for x in range(size):
        code = pile[x]
        key = _set_key(code)
        y = x
        while y > 0 and _set_key(row[MELD_CARDS + y - 1]) > key:
            row[MELD_CARDS + y] = row[MELD_CARDS + y - 1]
            y -= 1
        row[MELD_CARDS + y] = code


@kernel
def _build(hand: np.ndarray, n: int, mode: int, p_runs: np.ndarray, p_pads: np.ndarray,
           nruns: int, p_groups: np.ndarray, p_borrows: np.ndarray, p_kept: np.ndarray,
           p_setj: np.ndarray, st: np.ndarray, out: np.ndarray) -> int:
    """`solver._build`: the plan's melds made of the hand's cards, into ``out``; how many."""
    width = out.shape[1]
    ng = st[S_NG]
    nb = st[S_NB]
    extra = st[S_EXTRA]
    # the pools: naturals of each face by deck (pop(0) takes the lowest), jokers by number
    keys = np.empty(n, np.int64)
    for x in range(n):
        code = hand[x]
        index = code % 54
        # naturals by face then deck; jokers last, by number (their codes rise with it)
        keys[x] = index * 4096 + code // 54 if index < 52 else 52 * 4096 + code
    order = _argsort(keys, n)
    # one array for the rest (views of it), zeroed where it is read before it is written
    rows = max(nruns, 1)
    groups_most = 1
    for g in range(ng):
        groups_most = max(groups_most, p_groups[g, 1])
    scratch = np.empty(n + 2 * 53 + 14 * (n + 1) + 14 + rows * width + rows * 3 + 2 * width
                       + 2 * (n + 1) + groups_most * (width + 1) + rows, np.int64)
    at = 0
    pool = scratch[at:at + n]
    at += n
    head = scratch[at:at + 53]  # the next card of each face (52: the jokers)
    at += 53
    end = scratch[at:at + 53]
    at += 53
    lent_n = scratch[at:at + 14]
    at += 14
    runs = scratch[at:at + rows * width].reshape((rows, width))
    at += rows * width
    for x in range(at):
        scratch[x] = 0
    lent = scratch[at:at + 14 * (n + 1)].reshape((14, n + 1))
    at += 14 * (n + 1)
    spans = scratch[at:at + rows * 3].reshape((rows, 3))  # suit, low, high of the runs built
    at += rows * 3
    pile = scratch[at:at + width]
    at += width
    row_copy = scratch[at:at + width]
    at += width
    naturals = scratch[at:at + n + 1]
    at += n + 1
    wild = scratch[at:at + n + 1]
    at += n + 1
    sizes = scratch[at:at + groups_most]
    at += groups_most
    piles = scratch[at:at + groups_most * width].reshape((groups_most, width))
    at += groups_most * width
    idx = scratch[at:at + rows]
    for x in range(n):
        pool[x] = hand[order[x]]
    for x in range(n - 1, -1, -1):
        head[min(pool[x] % 54, 52)] = x
    for x in range(n):
        end[min(pool[x] % 54, 52)] = x + 1
    nbuilt = np.int64(0)
    for i in range(nruns):
        s = p_runs[i, 0]
        if s < 0:
            continue
        a = p_runs[i, 1]
        b = p_runs[i, 2]
        mask = p_runs[i, 3]
        low = p_pads[i, 0]
        length = 0
        row = runs[nbuilt]
        for _ in range(low):
            row[MELD_CARDS + length] = pool[head[52]]
            head[52] += 1
            length += 1
        for p in range(a, b + 1):
            if mask & (1 << p):
                f = _face(s, p)
                card = pool[head[f]]
                head[f] += 1
                for x in range(nb):
                    if p_borrows[x, 1] == i and p_borrows[x, 2] == p:
                        r = p_borrows[x, 0]
                        lent[r, lent_n[r]] = card
                        lent_n[r] += 1
                        card = pool[head[52]]
                        head[52] += 1
                        break
                row[MELD_CARDS + length] = card
            else:
                row[MELD_CARDS + length] = pool[head[52]]
                head[52] += 1
            length += 1
        for _ in range(p_pads[i, 1]):
            row[MELD_CARDS + length] = pool[head[52]]
            head[52] += 1
            length += 1
        row[MELD_KIND] = KIND_RUN
        row[MELD_WHAT] = s
        row[MELD_LOW] = a - low
        row[MELD_LEN] = length
        row[MELD_OWNER] = -1
        spans[nbuilt, 0] = s
        spans[nbuilt, 1] = a - low
        spans[nbuilt, 2] = a - low + length - 1
        nbuilt += 1
    for i in range(nruns):
        if p_runs[i, 0] >= 0:
            continue
        length = p_pads[i, 0] + p_pads[i, 1]
        suit, low = _joker_run_place(length, spans, nbuilt, mode)
        row = runs[nbuilt]
        for x in range(length):
            row[MELD_CARDS + x] = pool[head[52]]
            head[52] += 1
        row[MELD_KIND] = KIND_RUN
        row[MELD_WHAT] = suit
        row[MELD_LOW] = low
        row[MELD_LEN] = length
        row[MELD_OWNER] = -1
        spans[nbuilt, 0] = suit
        spans[nbuilt, 1] = low
        spans[nbuilt, 2] = low + length - 1
        nbuilt += 1
    nsets = 0
    for g in range(ng):
        nsets += p_groups[g, 1]
    k = 0
    for g in range(ng):
        r = p_groups[g, 0]
        m = p_groups[g, 1]
        nn = 0
        for x in range(lent_n[r]):
            naturals[nn] = lent[r, x]
            nn += 1
        for suit in range(4):
            f = suit * 13 + r - 1
            while nn - lent_n[r] < p_kept[g] and head[f] < end[f]:
                naturals[nn] = pool[head[f]]
                head[f] += 1
                nn += 1
        nw = p_setj[g] + (extra if g == 0 else 0)
        for x in range(nw):
            wild[x] = pool[head[52]]
            head[52] += 1
        for y in range(m):
            sizes[y] = 0
        for x in range(nn):
            y = x % m
            piles[y, sizes[y]] = naturals[x]
            sizes[y] += 1
        for x in range(nw):
            y = 0
            for z in range(m):
                if sizes[z] < 3:
                    y = z
                    break
            piles[y, sizes[y]] = wild[x]
            sizes[y] += 1
        for y in range(m):
            for x in range(sizes[y]):
                pile[x] = piles[y, x]
            _set_row(out[k], r, pile, sizes[y])
            k += 1
    # the sets by rank (the groups come by points), stably
    for x in range(1, k):
        y = x
        while y > 0 and out[y - 1, MELD_WHAT] > out[y, MELD_WHAT]:
            _copy(row_copy, out[y])
            _copy(out[y], out[y - 1])
            _copy(out[y - 1], row_copy)
            y -= 1
    # runs by (suit, low, high), stably
    for x in range(nbuilt):
        idx[x] = x
    for x in range(1, nbuilt):
        y = x
        while y > 0:
            u = idx[y - 1]
            v = idx[y]
            ku = (spans[u, 0] * 16 + spans[u, 1]) * 16 + spans[u, 2]
            kv = (spans[v, 0] * 16 + spans[v, 1]) * 16 + spans[v, 2]
            if ku <= kv:
                break
            idx[y - 1] = v
            idx[y] = u
            y -= 1
    for x in range(nbuilt):
        _copy(out[k], runs[idx[x]])
        k += 1
    return k


@kernel
def _in_melds(code: int, out: np.ndarray, k: int) -> bool:
    for x in range(k):
        for y in range(out[x, MELD_LEN]):
            if out[x, MELD_CARDS + y] == code:
                return True
    return False


@kernel
def find_go_down(hand: np.ndarray, n: int, params: np.ndarray, keep: int,
                 avoid_set_jokers: bool, taken: int, out: np.ndarray) -> int:
    """`solver.find_go_down(cards, hand, rules, keep_at_least=keep, avoid_set_jokers=...,
    taken=...)` for ``hand[:n]`` (``taken`` a code, -1 for None): its melds into rows
    0..k-1 of ``out`` (owner -1); returns k, or -1 when there is no go-down."""
    budget = np.int64(SEARCH_BUDGET)
    polite = not avoid_set_jokers
    rude_too = np.bool_(True)
    first_only = np.bool_(False)
    st, p_runs, p_pads, p_groups, p_borrows, p_kept, p_setj = _plan_arrays(params)
    values = params[P_VALUES:P_VALUES + 14]
    rest = np.empty(max(n, 1), np.int64)
    tmp = np.zeros((0, out.shape[1]), np.int64)  # the retries' melds: made when needed
    seen = np.zeros(53, np.int64)
    best_k = -1
    b_rude = 0
    b_points = 0
    b_jokers = 0
    # attempt -1 is `_best` on the hand; then, when its go-down would leave only the taken
    # card (ZC-6.1), `_best` without each other face in turn, the best kept
    for attempt in range(-1, n):
        m = n
        kept_at = keep
        if attempt >= 0:
            kept = hand[attempt]
            face = min(kept % 54, 52)
            if kept == taken or seen[face]:
                continue
            seen[face] = 1
            m = n - 1
            kept_at = max(0, keep - 1)
            if tmp.shape[0] == 0:
                tmp = np.zeros((out.shape[0], out.shape[1]), np.int64)
            y = 0
            for x in range(n):
                if hand[x] != kept:
                    rest[y] = hand[x]
                    y += 1
        else:
            for x in range(n):
                rest[x] = hand[x]
        # solver._best: no joker in a set if possible (ZC-5.4), else the best of all
        _solve(rest, m, params, kept_at, polite, first_only, budget, st, p_runs, p_pads,
               p_groups, p_borrows, p_kept, p_setj)
        if avoid_set_jokers and not st[S_HAS]:
            _solve(rest, m, params, kept_at, rude_too, first_only, budget, st, p_runs, p_pads,
                   p_groups, p_borrows, p_kept, p_setj)
        k = -1
        if st[S_HAS] and attempt < 0:
            k = _build(rest, m, params[P_TOUCHING], p_runs, p_pads, params[P_RUNS], p_groups,
                       p_borrows, p_kept, p_setj, st, out)
        elif st[S_HAS]:
            k = _build(rest, m, params[P_TOUCHING], p_runs, p_pads, params[P_RUNS], p_groups,
                       p_borrows, p_kept, p_setj, st, tmp)
        if attempt < 0:
            if k < 0 or taken < 0:
                return k
            left = 0
            only = -1
            for x in range(n):
                if not _in_melds(hand[x], out, k):
                    left += 1
                    only = hand[x]
            if left != 1 or only != taken:
                return k
            continue
        if k < 0:
            continue
        kept = hand[attempt]
        points = values[(kept % 54) % 13 + 1 if kept % 54 < 52 else 0]
        for x in range(m):
            if not _in_melds(rest[x], tmp, k):
                code = rest[x] % 54
                points += values[code % 13 + 1 if code < 52 else 0]
        jokers = 0
        rude = 0
        for x in range(k):
            for y in range(tmp[x, MELD_LEN]):
                if tmp[x, MELD_CARDS + y] % 54 >= 52:
                    jokers += 1
                    if tmp[x, MELD_KIND] == KIND_SET:
                        rude = 1
        if not avoid_set_jokers:
            rude = 0
        better = rude < b_rude or (rude == b_rude and (
            points < b_points or (points == b_points and jokers < b_jokers)))
        if best_k < 0 or better:
            best_k = k
            b_rude = rude
            b_points = points
            b_jokers = jokers
            for x in range(k):
                _copy(out[x], tmp[x])
    return best_k


@kernel
def can_go_down(hand: np.ndarray, n: int, params: np.ndarray, keep: int) -> bool:
    """`solver.can_go_down(cards, hand, rules, keep_at_least=keep)` for ``hand[:n]``."""
    st, p_runs, p_pads, p_groups, p_borrows, p_kept, p_setj = _plan_arrays(params)
    _solve(hand, n, params, keep, np.bool_(True), np.bool_(True), np.int64(_NO_BUDGET), st,
           p_runs, p_pads, p_groups, p_borrows, p_kept, p_setj)
    return bool(st[S_HAS] != 0)
