"""The go-down solver: the legal go-down that leaves the fewest penalty points (ZC-4, ZC-9, ZC-10).

>>> from cardkit.cards import parse_cards
>>> hand = parse_cards("8C 8C 8H KD KS JK 2D 5S 9H QC")
>>> [str(m) for m in find_go_down(hand, 1)]
['8♣ 8♣ 8♥', 'K♦ K♠ JK(K)']
>>> find_go_down(parse_cards("2C 5D 9H"), 1) is None
True

How it searches (cards are counted by face; decks only matter when the melds are built):

* A run is a **core** (from a natural card to a natural card of one suit, its inner gaps filled
  by jokers) plus **padding** jokers at its ends. Cores are listed once, best first; the runs of
  the contract are picked as a multiset of cores in that order (never the same combination
  twice), with an upper bound that prunes every branch that cannot beat the best go-down found.
* For each choice of runs, the sets are picked among the ranks still in hand (best first,
  bounded again), a set taking every natural card of its rank (that only lowers the points left).
  A set whose rank the runs used up may borrow a natural card from a run, a joker taking its
  place (needed when every meld must hold a natural card, ZC-5.3).
* Jokers are never searched card by card: they fill gaps, pad run ends and sets by count. Spare
  jokers go on run ends first (jokers in sets are frowned upon, ZC-5.4), then into a set.
* Two runs of one suit must stay two melds (ZC-10): the padding of such runs is chosen among the
  placements that keep them apart or overlapping, or touching when the rules allow it.

The best go-down puts no joker in a set whenever a go-down without one exists (ZC-5.4: the
seed calls a joker in a set rude unless there is no other way); among those, it leaves the
fewest points; among equals, the one using fewer jokers; then the first in the search order,
which depends only on the cards (not on their order in the hand). ``avoid_set_jokers=False``
orders by points alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import product
from typing import Any, NamedTuple

from cardkit.cards import SUITS, Card
from cardkit.zioncheck.contract import contract_for, zc10_allows
from cardkit.zioncheck.melds import Meld, MeldKind, _coerce_cards, _make_run, _make_set
from cardkit.zioncheck.rules import Contract, Rules, TouchingRuns

__all__ = ["can_go_down", "find_go_down", "has_joker_in_set", "leftover"]

_DEFAULT_RULES = Rules()
SEARCH_BUDGET = 600
"""How many choices of runs `find_go_down` tries, once it has found a go-down, before it
settles for the best found so far (see its docstring)."""
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def _face_index(suit_index: int, position: int) -> int:
    """Index 0–51 of the face at run position 1–14 of a suit (14 is the ace)."""
    return suit_index * 13 + (0 if position == 14 else position - 1)


_POS_FACE = tuple(tuple(_face_index(s, p) if p else -1 for p in range(15)) for s in range(4))


class _Run(NamedTuple):
    """A run chosen by the search: its suit index (-1 for a run of jokers only), the run
    positions ``low``..``high`` of its core (1–14, 14 the high ace) and the positions its
    natural cards fill (``taken``; the others are jokers)."""

    suit: int
    low: int
    high: int
    taken: tuple[int, ...]


class _Plan(NamedTuple):
    """The best go-down found, before it is built from the hand's cards (`_build`)."""

    runs: tuple[_Run, ...]
    pads: tuple[tuple[int, int], ...]
    """(jokers at the low end, jokers at the high end) per run."""
    groups: tuple[tuple[int, int, int, int], ...]
    """(rank, sets of that rank, own natural cards, natural cards borrowed from runs)."""
    borrows: tuple[tuple[int, int, int], ...]
    """(rank, run index, position): natural cards a set takes from a run, a joker replacing."""
    kept: tuple[int, ...]
    """Natural cards each group of sets holds."""
    set_jokers: tuple[int, ...]
    """Jokers each group of sets holds."""
    extra: int
    """Spare jokers that go into the first set."""


class _Search:
    """One solver run over a hand: its counts, the contract and the best plan so far."""

    def __init__(self, cards: list[Card], contract: Contract, rules: Rules, keep_at_least: int,
                 set_jokers: bool, first_only: bool, budget: float = float("inf")) -> None:
        values = rules.card_values.by_rank()
        self.values = values
        self.joker_value = values[0]
        self.min_natural = rules.min_natural_per_meld
        self.mode = rules.same_suit_touching_runs
        self.sets = contract.sets
        self.runs = contract.runs
        self.cap = len(cards) - keep_at_least
        self.set_jokers = set_jokers
        self.first_only = first_only
        self.steps = 0  # choices of runs tried
        self.budget = budget
        self.cut = False  # did the budget end the search early?
        counts = [0] * 52
        per_rank = [0] * 14  # natural cards by rank
        natural_points = 0
        suit_index = _SUIT_INDEX
        for c in cards:
            r = c.rank
            if r:
                counts[suit_index[c.suit or 'C'] * 13 + r - 1] += 1  # naturals have suits
                per_rank[r] += 1
                natural_points += values[r]
        self.counts = counts
        self.jokers = len(cards) - sum(per_rank)
        self.joker_bound = max(0, self.joker_value) * self.jokers
        self.natural_points = natural_points
        rank_points = sorted((per_rank[r] * values[r] for r in range(1, 14)), reverse=True)
        self.set_bound = sum(rank_points[:self.sets])
        self.best: tuple[int, int] | None = None  # (points melded, -jokers used)
        self.plan: _Plan | None = None
        self.pad_memo: dict[tuple[Any, ...], Pads] = {}
        self.group_memo: dict[tuple[Any, ...], dict[int, tuple[Any, ...]]] = {}
        # the fewest jokers the sets need (each at least the least any rank needs)
        self.set_need = self.sets * min(self._set_need(1, own) for own in set(per_rank[1:]))
        self.cores = self._list_cores() if self.runs else []

    def _list_cores(self) -> list[tuple[int, int, int, int, int]]:
        """Every run core (points, suit index, a, b, jokers it needs at least): natural cards
        at positions a and b, the gaps between fillable by the jokers; best first."""
        counts, values, jokers = self.counts, self.values, self.jokers
        min_natural = self.min_natural
        cores = []
        for s in range(4):
            face = _POS_FACE[s]
            present = [p for p in range(1, 15) if counts[face[p]]]
            for i, a in enumerate(present):
                naturals = 0
                points = 0
                for b in present[i:]:
                    naturals += 1
                    points += values[1 if b == 14 else b]
                    if a == 1 and b == 14 and counts[face[1]] < 2:
                        break  # one ace cannot sit at both ends
                    length = b - a + 1
                    gaps = length - naturals
                    if gaps > jokers:
                        break
                    if gaps + max(0, 4 - length) > jokers or naturals < min_natural:
                        continue
                    cores.append((points, s, a, b, gaps + max(0, 4 - length)))
        cores.sort(key=lambda c: (-c[0], c[1], c[2], c[3]))
        if min_natural == 0 and jokers >= 4:
            cores.append((0, -1, 0, 0, 4))  # a run of jokers only
        # the fewest jokers any core from here on needs: prunes hands short of jokers
        least = 15
        self.least_need = [0] * len(cores)
        for i in range(len(cores) - 1, -1, -1):
            least = min(least, cores[i][4])
            self.least_need[i] = least
        return cores

    def solve(self) -> None:
        smallest = 3 * self.sets + 4 * self.runs
        if self.jokers + sum(self.counts) < smallest or self.cap < smallest:
            return
        self._pick_run(0, self.runs, [], 0, 0, 0)

    # -- runs -------------------------------------------------------------------------------
    def _pick_run(self, start: int, left: int, chosen: list[_Run], points: int, naturals: int,
                  gaps: int) -> bool:
        """Choose ``left`` more run cores from index ``start`` on; True stops the search."""
        if left == 0:
            return self._runs_chosen(chosen, points, naturals, gaps)
        counts, cores, values, min_natural = self.counts, self.cores, self.values, self.min_natural
        jokers_left = self.jokers - gaps
        least_need = self.least_need
        for index in range(start, len(cores)):
            value, s, a, b, need = cores[index]
            if need + (left - 1) * least_need[index] + self.set_need > jokers_left:
                continue
            best = self.best
            if best is not None:
                bound = points + min(left * value + self.set_bound,
                                     self.natural_points - points) + self.joker_bound
                if bound < best[0] or (bound == best[0]
                                       and (self.joker_value > 0 or gaps >= -best[1])):
                    return False
            if s < 0:
                if jokers_left >= 4:
                    chosen.append(_Run(-1, 0, 0, ()))
                    if self._pick_run(index, left - 1, chosen, points, naturals, gaps):
                        return True
                    chosen.pop()
                continue
            face = _POS_FACE[s]
            if (not counts[face[a]] or not counts[face[b]]) and min_natural < 2:
                continue
            taken = []
            run_points = 0
            for p in range(a, b + 1):
                f = face[p]
                if counts[f]:
                    counts[f] -= 1
                    taken.append(p)
                    run_points += values[1 if p == 14 else p]
            length = b - a + 1
            run_gaps = length - len(taken)  # the jokers this choice adds, moves or not
            own = len(taken)
            stop = False
            moved = self._rebalance(chosen, s, a, b, taken) if own < min_natural else None
            if (min_natural >= 2 or taken[-1] == b) \
                    and run_gaps + max(0, 4 - length) <= jokers_left \
                    and len(taken) >= min_natural:
                chosen.append(_Run(s, a, b, tuple(sorted(taken))))
                stop = self._pick_run(index, left - 1, chosen, points + run_points,
                                      naturals + own, gaps + run_gaps)
                chosen.pop()
            if moved:
                for j, entry in reversed(moved):
                    chosen[j] = entry
                taken = taken[:own]
            for p in taken:
                counts[face[p]] += 1
            if stop:
                return True
        return False

    def _rebalance(self, chosen: list[_Run], s: int, a: int, b: int,
                   taken: list[int]) -> list[tuple[int, _Run]]:
        """With ``min_natural_per_meld`` ≥ 2, an overlapping run of the same suit chosen earlier
        may hand natural cards to this one (a joker takes their place there, and one fewer
        joker is needed here). Moves them into ``taken``; returns what to restore."""
        moved = []
        have = set(taken)
        for p in range(a, b + 1):
            if len(taken) >= self.min_natural:
                break
            if p in have:
                continue
            rank = 1 if p == 14 else p
            for j, (s2, a2, b2, t2) in enumerate(chosen):
                if s2 != s or len(t2) <= self.min_natural:
                    continue
                q = next((q for q in t2 if (1 if q == 14 else q) == rank), None)
                if q is not None:
                    moved.append((j, chosen[j]))
                    chosen[j] = _Run(s2, a2, b2, tuple(x for x in t2 if x != q))
                    taken.append(p)
                    have.add(p)
                    break
        return moved

    def _padding(self, runs: tuple[_Run, ...], jokers: int) -> Pads:
        """Feasible padding totals (≤ jokers) of these runs: {total: ((pad_low, pad_high) per
        run)}, keeping each run 4–14 cards within A…A and runs of one suit apart (ZC-10)."""
        suits = [run[0] for run in runs if run[0] >= 0]
        if len(set(suits)) == len(suits):
            return _IndependentPads(runs, jokers)
        key = (tuple(run[:3] for run in runs), jokers)
        memo = self.pad_memo.get(key)
        if memo is not None:
            return memo
        groups: dict[int, list[int]] = {}
        for i, (s, _a, _b, _t) in enumerate(runs):
            groups.setdefault(s if s >= 0 else -1 - i, []).append(i)
        result: dict[int, list[Any]] = {0: [None] * len(runs)}
        for members in groups.values():
            options: dict[int, list[Any]] = {}
            if len(members) == 1:
                i = members[0]
                s, a, b, _t = runs[i]
                length = 0 if s < 0 else b - a + 1
                for total in range(max(0, 4 - length), min(14 - length, jokers) + 1):
                    high = total if s < 0 else min(total, 14 - b)
                    options[total] = [(i, (total - high, high))]
            else:
                spans = tuple((runs[i][1], runs[i][2]) for i in members)
                found = self._group_padding(spans, jokers)
                options = {t: list(zip(members, pads, strict=True)) for t, pads in found.items()}
            merged: dict[int, list[Any]] = {}
            for total, plan in result.items():
                for extra, pads in options.items():
                    t = total + extra
                    if t <= jokers and t not in merged:
                        new = list(plan)
                        for i, pad in pads:
                            new[i] = pad
                        merged[t] = new
            result = merged
        final = {t: tuple(p) for t, p in sorted(result.items())}
        self.pad_memo[key] = final
        return final

    def _group_padding(self, spans: tuple[Any, ...], jokers: int) -> dict[int, tuple[Any, ...]]:
        """Padding totals for several runs of one suit (cores ``spans``) that keep every two
        of them two melds (ZC-10): {total: ((pad_low, pad_high) per run)}, the first
        placement found for each total (padding high first, as `check_meld` places jokers)."""
        key = (spans, jokers)
        memo = self.group_memo.get(key)
        if memo is not None:
            return memo
        mode = self.mode
        totals = [range(max(0, 4 - (b - a + 1)), min(14 - (b - a + 1), jokers) + 1)
                  for a, b in spans]
        options: dict[int, tuple[Any, ...]] = {}
        for combo in product(*totals):
            total = sum(combo)
            if total > jokers or total in options:
                continue
            places = [[(t - high, high) for high in range(min(t, 14 - b), -1, -1)
                       if t - high <= a - 1] for (a, b), t in zip(spans, combo, strict=True)]
            for pads in product(*places):
                ends = [(a - lo, b + hi) for (a, b), (lo, hi) in zip(spans, pads, strict=True)]
                if all(zc10_allows(*ends[x], *ends[y], mode)
                       for x in range(len(ends)) for y in range(x + 1, len(ends))):
                    options[total] = pads
                    break
        self.group_memo[key] = options
        return options

    # -- sets -------------------------------------------------------------------------------
    def _runs_chosen(self, chosen: list[_Run], points: int, naturals: int, gaps: int) -> bool:
        best = self.best
        self.steps += 1
        if best is not None and self.steps > self.budget:
            self.cut = True
            return True  # bounded: keep the best go-down found so far (see `find_go_down`)
        if best is not None and self.sets:
            bound = points + min(self.set_bound, self.natural_points - points) + self.joker_bound
            if bound < best[0] or (bound == best[0] and (self.joker_value > 0 or gaps >= -best[1])):
                return False
        runs = tuple(chosen)
        pads = self._padding(runs, self.jokers - gaps)
        if not pads:
            return False
        if self.sets == 0:
            return self._consider(runs, pads, points, naturals, gaps, (), ())
        counts, values, min_natural = self.counts, self.values, self.min_natural
        in_runs = None
        candidates = []  # (-points, rank, own naturals), best first
        zero_rank_added = False
        for r in range(1, 14):
            own = counts[r - 1] + counts[12 + r] + counts[25 + r] + counts[38 + r]
            if own:
                candidates.append((-own * values[r], r, own))
            else:
                if in_runs is None:
                    in_runs = {1 if p == 14 else p for run in runs for p in run[3]}
                if r in in_runs:
                    candidates.append((0, r, 0))
                elif min_natural == 0 and not zero_rank_added and self.set_jokers:
                    candidates.append((0, r, 0))
                    zero_rank_added = True
        candidates.sort()
        return self._pick_set(candidates, 0, self.sets, [], runs, pads, points, naturals, gaps)

    def _pick_set(self, candidates: list[Any], start: int, left: int, picked: list[Any],
                  runs: tuple[_Run, ...],
                  pads: Pads, points: int, naturals: int, gaps: int, need: int = 0,
                  mult: int = 0) -> bool:
        """Choose ``left`` more set ranks (a multiset of candidates, best first). ``need`` is
        the jokers the sets picked so far need at least; ``mult`` how often the last rank
        was picked."""
        if left == 0:
            return self._sets_chosen(candidates, picked, runs, pads, points, naturals, gaps)
        room = self.jokers - gaps - next(iter(pads))
        for index in range(start, len(candidates)):
            repeat = bool(picked) and picked[-1] == index
            best = self.best
            if best is not None:
                top = -sum(c[0] for c in candidates[index + repeat:index + repeat + left])
                bound = points + top + self.joker_bound
                if bound < best[0] or (bound == best[0]
                                       and (self.joker_value > 0 or gaps >= -best[1])):
                    return False
            _, _, own = candidates[index]
            m = mult + 1 if repeat else 1
            more = self._set_need(m, own)
            new_need = need + more - (self._set_need(mult, own) if repeat else 0)
            if new_need > room:
                continue
            picked.append(index)
            stop = self._pick_set(candidates, index, left - 1, picked, runs, pads,
                                  points - (0 if repeat else candidates[index][0]),
                                  naturals + (0 if repeat else own), gaps, new_need, m)
            picked.pop()
            if stop:
                return True
        return False

    def _set_need(self, m: int, own: int) -> int:
        """Jokers that ``m`` sets of a rank with ``own`` natural cards need at least (one per
        natural borrowed from a run, plus fillers up to 3 cards); -1 if they would need
        filler jokers but jokers may not go into sets."""
        borrowed, fill = self._set_shape(m, own)
        return fill + borrowed

    def _set_shape(self, m: int, own: int) -> tuple[int, int]:
        """(naturals borrowed from runs, filler jokers) of ``m`` sets of a rank with ``own``
        natural cards. Without jokers in sets (ZC-5.4) every missing card is borrowed: the
        joker then takes the natural card's place in a run instead."""
        if self.set_jokers:
            borrowed = max(0, m * self.min_natural - own)
            return borrowed, max(0, 3 * m - own - borrowed)
        return max(0, m * self.min_natural - own, 3 * m - own), 0

    def _sets_chosen(self, candidates: list[Any], picked: list[Any], runs: tuple[_Run, ...],
                     pads: Pads,
                     points: int, naturals: int, gaps: int) -> bool:
        min_natural = self.min_natural
        groups = []  # (rank, sets of that rank, own naturals, borrowed naturals)
        borrow_needs = []
        for index in sorted(set(picked)):
            _, r, own = candidates[index]
            m = picked.count(index)
            borrowed = self._set_shape(m, own)[0]
            if borrowed:
                borrow_needs.append((r, borrowed))
            groups.append((r, m, own, borrowed))
        borrows: tuple[Any, ...] = ()
        if borrow_needs:
            found = _borrow(borrow_needs, runs, min_natural)
            if found is None:
                return False
            borrows = found
        return self._consider(runs, pads, points, naturals, gaps, tuple(groups), borrows)

    # -- the fill: how many jokers go where, under the keep_at_least cap ---------------------
    def _consider(self, runs: tuple[_Run, ...], pads: Pads, points: int, naturals: int,
                  gaps: int, groups: tuple[Any, ...], borrows: tuple[Any, ...]) -> bool:
        joker_value = self.joker_value
        jokers_left = self.jokers - gaps
        borrowed = sum(g[3] for g in groups)
        need = borrowed  # jokers that take the place of borrowed naturals in runs
        for _r, m, own, b in groups:
            need += max(0, 3 * m - own - b)
        if need - borrowed and not self.set_jokers:
            return False
        avail = jokers_left - need
        totals = [t for t in pads if t <= avail]
        if not totals:
            return False
        spares_to_sets = bool(groups) and self.set_jokers
        if joker_value > 0:
            pad = totals[-1]
            extra = avail - pad if spares_to_sets else 0
        else:
            pad, extra = totals[0], 0
        used = gaps + need + pad + extra
        if naturals + used <= self.cap:
            kept = tuple(g[2] for g in groups)
            set_jokers = tuple(max(0, 3 * m - own - b) for r, m, own, b in groups)
            score = (points + joker_value * used, -used)
        else:
            found = self._capped_fill(totals, jokers_left, points, naturals, gaps, groups,
                                      spares_to_sets)
            if found is None:
                return False
            score, pad, kept, set_jokers, extra = found
            used = -score[1]
        if self.best is None or score > self.best:
            self.best = score
            self.plan = _Plan(runs, pads[pad], groups, borrows, kept, set_jokers, extra)
            return self.first_only
        return False

    def _capped_fill(self, totals: list[int], jokers_left: int, points: int, naturals: int,
                     gaps: int, groups: tuple[Any, ...],
                     spares_to_sets: bool) -> tuple[Any, ...] | None:
        """The best fill when at most ``cap`` cards may be melded (``keep_at_least``)."""
        values, joker_value = self.values, self.joker_value
        set_naturals = sum(g[2] for g in groups)
        run_naturals = naturals - set_naturals
        run_points = points - sum(own * values[r] for r, _m, own, _b in groups)
        best = None
        for pad in totals:
            need_b = sum(g[3] for g in groups)
            jokers = jokers_left - need_b - pad  # jokers the sets may take
            count = run_naturals + gaps + pad + need_b
            pts = run_points
            used = gaps + pad + need_b
            kept = []
            set_jokers = []
            optional = []
            swappable = []
            for gi, (r, m, own, b) in enumerate(groups):
                must = max(0, m * self.min_natural - b)
                deficit = max(0, 3 * m - b - must)
                forced = max(0, deficit - (own - must))
                kept.append(must + deficit - forced)
                set_jokers.append(forced)
                jokers -= forced
                if joker_value > values[r] and self.set_jokers:
                    swappable.append((values[r], gi, deficit - forced))
            # the other minimum slots of a set hold naturals, unless a joker is worth more
            for _value, gi, slots in sorted(swappable):
                swap = min(slots, max(0, jokers))
                kept[gi] -= swap
                set_jokers[gi] += swap
                jokers -= swap
            for gi, (r, _m, own, _b) in enumerate(groups):
                count += kept[gi] + set_jokers[gi]
                pts += kept[gi] * values[r]
                used += set_jokers[gi]
                optional.extend([(values[r], 0, gi)] * (own - kept[gi]))
            if jokers < 0 or count > self.cap:
                continue
            if spares_to_sets:
                optional.extend([(joker_value, 1, -1)] * jokers)
            optional.sort(key=lambda x: (-x[0], x[1]))
            extra = 0
            for value, is_joker, gi in optional[:self.cap - count]:
                if value <= 0:
                    break
                if is_joker:
                    extra += 1
                    used += 1
                else:
                    kept[gi] += 1
                    pts += value
            score = (pts + joker_value * used, -used)
            if best is None or score > best[0]:
                best = (score, pad, tuple(kept), tuple(set_jokers), extra)
        if best is None:
            return None
        return best


class _IndependentPads:
    """The padding of runs in different suits (nothing between them to check): every total
    from the least (each run at 4 cards) to the most (each at 14) that the jokers allow;
    ``pads[total]`` spreads it, run by run, high end first."""

    __slots__ = ("least", "most", "runs")

    def __init__(self, runs: tuple[_Run, ...], jokers: int) -> None:
        self.runs = runs
        lengths = [0 if s < 0 else b - a + 1 for s, a, b, _t in runs]
        self.least = sum(max(0, 4 - n) for n in lengths)
        self.most = min(jokers, sum(14 - n for n in lengths))

    def __bool__(self) -> bool:
        return self.least <= self.most

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.least, self.most + 1))

    def __getitem__(self, total: int) -> tuple[Any, ...]:
        extra = total - self.least
        out = []
        for s, a, b, _t in self.runs:
            length, room_high = (0, 14) if s < 0 else (b - a + 1, 14 - b)
            need = max(0, 4 - length)
            more = min(extra, 14 - length - need)
            extra -= more
            pad = need + more
            high = min(pad, room_high)
            out.append((pad - high, high))
        return tuple(out)


Pads = dict[int, tuple[Any, ...]] | _IndependentPads
"""Feasible padding totals of some runs: {total: ((jokers low, jokers high) per run)}."""


def _borrow(needs: list[tuple[int, int]], runs: tuple[_Run, ...],
            min_natural: int) -> tuple[Any, ...] | None:
    """Natural cards that sets of ranks the runs used up take from those runs, a joker taking
    each one's place: ((rank, run index, position), ...) or None if the runs cannot spare them
    (every run keeps ``min_natural`` natural cards)."""
    spare = [len(taken) - min_natural for _s, _a, _b, taken in runs]
    places: dict[Any, Any] = {}
    for i, (_s, _a, _b, taken) in enumerate(runs):
        for p in taken:
            places.setdefault(1 if p == 14 else p, []).append((i, p))
    units = [r for r, n in needs for _ in range(n)]
    used: set[tuple[int, int]] = set()
    chosen: list[tuple[int, int, int]] = []

    def place(k: int) -> bool:
        if k == len(units):
            return True
        r = units[k]
        for i, p in places.get(r, ()):
            if spare[i] > 0 and (i, p) not in used:
                spare[i] -= 1
                used.add((i, p))
                chosen.append((r, i, p))
                if place(k + 1):
                    return True
                chosen.pop()
                used.discard((i, p))
                spare[i] += 1
        return False

    return tuple(chosen) if place(0) else None


def _joker_run_place(length: int, built: list[Meld], mode: TouchingRuns) -> tuple[str, int]:
    """(suit, low) for a run of ``length`` jokers only: a suit no other run uses, from the ace
    up; when every suit has a run, a place that keeps it two melds with each run of its suit
    (ZC-10: overlapping always does, so one is always found)."""
    for suit in SUITS:
        same = [m for m in built if m.suit == suit]
        for low in range(1, 16 - length):
            if all(zc10_allows(low, low + length - 1, m.run_span[1], m.run_span[2], mode)
                   for m in same):
                return suit, low
    raise AssertionError("a run of jokers can always overlap another run")  # pragma: no cover


def _build(cards: list[Card], plan: _Plan, mode: TouchingRuns) -> tuple[Meld, ...]:
    """Turn the winning plan into `Meld` values made of the hand's physical cards."""
    runs, pads, groups, borrows, kept, set_jokers, extra = plan
    pool: dict[tuple[int, str], list[Card]] = {}
    jokers: list[Card] = []
    for c in sorted(cards, key=lambda c: (c.rank, _SUIT_INDEX.get(c.suit or '', 0), c.deck)):
        if c.rank:
            pool.setdefault(c.face, []).append(c)  # type: ignore[arg-type]  # not a joker
        else:
            jokers.append(c)
    jokers.reverse()
    borrowed_at = {(i, p): r for r, i, p in borrows}
    lent: dict[int, list[Card]] = {}
    melds_runs = []
    for i, (s, a, b, taken) in enumerate(runs):
        pad_low, pad_high = pads[i]
        if s < 0:  # jokers only: placed once the other runs are built
            continue
        suit = SUITS[s]
        seq: list[Card] = [jokers.pop() for _ in range(pad_low)]
        positions = set(taken)
        for p in range(a, b + 1):
            if p in positions:
                card = pool[(1 if p == 14 else p, suit)].pop(0)
                if (i, p) in borrowed_at:
                    lent.setdefault(borrowed_at[(i, p)], []).append(card)
                    card = jokers.pop()
                seq.append(card)
            else:
                seq.append(jokers.pop())
        seq.extend(jokers.pop() for _ in range(pad_high))
        melds_runs.append(_make_run(suit, a - pad_low, seq))
    for i, (s, _a, _b, _taken) in enumerate(runs):
        if s < 0:
            length = sum(pads[i])
            suit, low = _joker_run_place(length, melds_runs, mode)
            melds_runs.append(_make_run(suit, low, [jokers.pop() for _ in range(length)]))
    melds_sets: list[Meld] = []
    for gi, (r, m, _own, _b) in enumerate(groups):
        naturals = list(lent.get(r, []))
        for suit in SUITS:
            while len(naturals) - len(lent.get(r, [])) < kept[gi] and pool.get((r, suit)):
                naturals.append(pool[(r, suit)].pop(0))
        wild = [jokers.pop() for _ in range(set_jokers[gi] + (extra if gi == 0 else 0))]
        piles: list[list[Card]] = [[] for _ in range(m)]
        for k, card in enumerate(naturals):
            piles[k % m].append(card)
        for joker in wild:
            short = min(range(m), key=lambda x: (len(piles[x]) >= 3, x))
            piles[short].append(joker)
        melds_sets.extend(_make_set(r, pile) for pile in piles)
    melds_runs.sort(key=lambda m: (_SUIT_INDEX[m.run_span[0]], m.run_span[1], m.run_span[2]))
    melds_sets.sort(key=lambda m: m.set_rank)
    return (*melds_sets, *melds_runs)


def _prepare(cards: Iterable[Card] | str, hand_number: int | Contract, rules: Rules | None,
             keep_at_least: int) -> tuple[list[Card], Contract, Rules]:
    rules = rules or _DEFAULT_RULES
    hand = _coerce_cards(cards, "the hand")
    if len(set(hand)) != len(hand):
        twice = next(c for c in hand if hand.count(c) > 1)
        raise ValueError(f"{twice.to_text()} is in the hand twice: each physical card is "
                         "distinct (ZC-1.1); give copies their deck, e.g. 7C@1")
    contract = contract_for(hand_number, rules)
    if not isinstance(keep_at_least, int) or keep_at_least < 0:
        raise ValueError(f"keep_at_least must be a non-negative int, not {keep_at_least!r}")
    return hand, contract, rules


def find_go_down(cards: Iterable[Card] | str, hand_number: int | Contract,
                 rules: Rules | None = None, *, keep_at_least: int = 0,
                 avoid_set_jokers: bool = True, taken: Card | None = None,
                 max_steps: int | None = SEARCH_BUDGET,
                 only_polite: bool = False) -> tuple[Meld, ...] | None:
    """The legal go-down from ``cards`` for hand 1–6 (or a `Contract`) with no joker in a set
    if there is one (ZC-5.4), leaving the fewest penalty points in hand; among equals, the one
    with fewer jokers. None when there is none.

    ``keep_at_least`` cards stay in hand (a game where going out needs a final discard asks
    for 1, ZC-13.1). With ``avoid_set_jokers`` (the default) no joker goes into a set unless
    there is no go-down otherwise (ZC-5.4); spare jokers then go on run ends or stay in hand.
    ``avoid_set_jokers=False`` is the pure points order: the fewest points left, a joker in a
    set or not. ``only_polite`` answers only a go-down with no joker in a set (None if there is
    none).
    ``taken`` is a card taken from the discard pile this turn, which may not be discarded
    (ZC-6.1): the go-down never leaves it as the only card in hand; it may use it.
    Sets come first, then runs (by suit and rank).

    The search is bounded: once it has found a go-down, it tries at most ``max_steps``
    choices of runs before settling for the best go-down found so far. That never happens
    for the standard contracts on the hands a game deals (they need well under 100 steps,
    and at most about 450 on 60-card hands), but a custom contract such as 3 sets + 3 runs
    on 40 cards with 8–12 jokers may need 50,000 steps (seconds): bounded, it answers in
    tens of milliseconds with a legal go-down that may leave a few points more than the
    best (15 at most in our samples). ``max_steps=None`` searches exhaustively.

    >>> from cardkit.cards import parse_cards
    >>> hand = parse_cards("8C 8D 8H KC KD KH 8S")
    >>> [str(m) for m in find_go_down(hand, 1, keep_at_least=1, taken=hand[-1])]
    ['8♦ 8♥ 8♠', 'K♣ K♦ K♥']
    """
    hand, contract, rules = _prepare(cards, hand_number, rules, keep_at_least)
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                  or max_steps < 1):
        raise ValueError(f"max_steps must be a positive int or None, not {max_steps!r}")
    budget = float("inf") if max_steps is None else max_steps
    found = _best(hand, contract, rules, keep_at_least, avoid_set_jokers, budget, only_polite)
    if found is None or taken is None or leftover(hand, found) != [taken]:
        return found
    # ZC-6.1: another card must stay to be discarded. Every legal answer keeps some card x
    # other than the taken one: solve without each such x in turn (one per face), keep the best.
    values = rules.card_values.by_rank()
    best: tuple[tuple[bool, int, int, int], tuple[Meld, ...]] | None = None
    faces: set[tuple[int, str | None]] = set()
    for order, kept in enumerate(hand):
        if kept == taken or kept.face in faces:
            continue
        faces.add(kept.face)
        rest = [c for c in hand if c != kept]
        melds = _best(rest, contract, rules, max(0, keep_at_least - 1), avoid_set_jokers,
                      budget, only_polite)
        if melds is None:
            continue
        left = leftover(rest, melds)
        key = (avoid_set_jokers and has_joker_in_set(melds),
               sum(values[c.rank] for c in left) + values[kept.rank],
               sum(1 for m in melds for c in m.cards if not c.rank), order)
        if best is None or key < best[0]:
            best = (key, melds)
    return None if best is None else best[1]


def _best(hand: list[Card], contract: Contract, rules: Rules, keep_at_least: int,
          avoid_set_jokers: bool, budget: float,
          only_polite: bool = False) -> tuple[Meld, ...] | None:
    def plan(set_jokers: bool) -> _Plan | None:
        search = _Search(hand, contract, rules, keep_at_least, set_jokers, False, budget)
        search.solve()
        return search.plan

    if only_polite:
        found = plan(False)
    elif not avoid_set_jokers:
        found = plan(True)
    else:  # the best go-down with no joker in a set, else the best of all (ZC-5.4)
        found = plan(False) or plan(True)
    return None if found is None else _build(hand, found, rules.same_suit_touching_runs)


def can_go_down(cards: Iterable[Card] | str, hand_number: int | Contract,
                rules: Rules | None = None, *, keep_at_least: int = 0) -> bool:
    """Is there any legal go-down in ``cards``? (Stops at the first one found.)"""
    hand, contract, rules = _prepare(cards, hand_number, rules, keep_at_least)
    search = _Search(hand, contract, rules, keep_at_least, True, True)
    search.solve()
    return search.plan is not None


def has_joker_in_set(melds: Iterable[Meld]) -> bool:
    """Does a set of ``melds`` hold a joker (ZC-5.4)?"""
    return any(m.kind is MeldKind.SET and any(not c.rank for c in m.cards) for m in melds)


def leftover(cards: Sequence[Card], melds: Sequence[Meld]) -> list[Card]:
    """The cards of ``cards`` that are not in ``melds`` (what stays in hand)."""
    used = {c for m in melds for c in m.cards}
    return [c for c in cards if c not in used]
