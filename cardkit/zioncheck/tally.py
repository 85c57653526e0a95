"""Cheap counts of a Zion Check hand for the bots: how much a card helps towards the contract
(`usefulness`), which card helps least (`least_useful`), and whether going down might be
possible at all (`might_go_down`, asked before the solver).

These run at every decision of every greedy bot, and for every move of every rollout of an
analysis, so a hand is read by each card's rank and suit alone, into lists indexed by rank and
by suit, with no comparison of `Card` values (a comparison calls Python code)::

    >>> from cardkit.cards import parse_cards
    >>> from cardkit.zioncheck.rules import Contract, Rules
    >>> hand = parse_cards("7C 7D 7H 9S 9H JK")
    >>> might_go_down(hand, Contract(sets=2, runs=0), Rules())
    True
    >>> str(least_useful(hand, Contract(sets=2, runs=0), Rules().card_values.by_rank(), None))
    '9♥'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.cards import Card
from cardkit.zioncheck.rules import Contract, Rules

__all__ = ["least_useful", "might_go_down", "summary", "usefulness", "usefulness_counted"]

SUIT_SLOT: dict[str | None, int] = {"C": 0, "D": 1, "H": 2, "S": 3, None: 4}
"""A suit's place in ♣ ♦ ♥ ♠ (0–3); jokers (no suit) count under a fifth place, 4, that the
run counts never read, so no branch is needed for them."""
RUN_BIT = (0, *((1 << 1 | 1 << 14) if r == 1 else 1 << r for r in range(1, 14)))
"""Per rank, the run positions it holds as bits (1–14: an ace is low and high); 0 for jokers."""
_JOKERS = 14 * SUIT_SLOT[None]
"""Where `might_go_down`'s counts by ``14 * suit place + rank`` keep the jokers."""


def _near(rank: int) -> int:
    """The run positions (1–14, ace at both ends) within three ranks of ``rank``, its own
    left out."""
    own = (1, 14) if rank == 1 else (rank,)
    return sum(1 << p for p in range(1, 15)
               if any(0 < abs(p - o) <= 3 for o in own) and p not in own)


NEAR = (0, *(_near(r) for r in range(1, 14)))
"""Per rank, the run positions within three ranks (see `_near`); 0 for jokers."""

_WINDOWS = tuple(tuple(1 if p == 14 else p for p in range(low, low + 4)) for low in range(1, 12))
"""The ranks of every four consecutive run positions, A-2-3-4 to J-Q-K-A (ZC-2.1)."""
_WINDOW_PLACES = tuple(tuple(tuple(14 * suit + r for r in ranks) for ranks in _WINDOWS)
                       for suit in range(4))
"""Per suit, the places (``14 * suit place + rank``) of each window of `_WINDOWS`."""

_LOWS = 0b1111_1111_1110
"""The positions where a window of four can start: 1 (A-2-3-4) to 11 (J-Q-K-A)."""


def summary(cards: Sequence[Card]) -> tuple[list[int], list[int]]:
    """Cards per rank (index 0: jokers) and, per suit, a bit mask of run positions held (a
    fifth mask, always 0, takes the jokers)."""
    counts = [0] * 14
    masks = [0] * 5
    slot, bit = SUIT_SLOT, RUN_BIT  # locals: read for every card
    for c in cards:
        r = c.rank
        counts[r] += 1
        masks[slot[c.suit]] |= bit[r]
    return counts, masks


def _score(card: Card, counts: list[int], masks: list[int], contract: Contract, own: int) -> int:
    """How much ``card`` helps beside the cards counted in ``counts`` and ``masks`` (`summary`;
    ``own``: 1 when ``card`` itself is among them, else 0)."""
    rank = card.rank
    if rank == 0:
        return 100
    score = 0
    if contract.sets:
        same = counts[rank] - own
        score += 6 if same >= 2 else 3 * same
    if contract.runs:
        score += 2 * (masks[SUIT_SLOT[card.suit]] & NEAR[rank]).bit_count()
    return score


def usefulness(card: Card, others: Sequence[Card], contract: Contract) -> int:
    """How much ``card`` helps towards the contract beside ``others`` (higher keeps it).

    Jokers always help. For sets: cards of the same rank (a pair 3, a trip or more 6). For runs:
    other ranks of the same suit within three ranks (2 each, aces counting low and high)."""
    return usefulness_counted(card, summary(others), contract)


def usefulness_counted(card: Card, counted: tuple[list[int], list[int]],
                       contract: Contract) -> int:
    """`usefulness` beside cards already counted by `summary` (which the caller may keep for
    several cards asked about in turn: it is not changed)."""
    return _score(card, counted[0], counted[1], contract, 0)


def least_useful(hand: Sequence[Card], contract: Contract, values: tuple[int, ...],
                 taken: Card | None) -> Card:
    """The card of ``hand`` to discard: the least useful (`usefulness` among the others),
    then the costliest to be caught with (``values`` by rank), then the lowest code; never
    ``taken`` (ZC-6.1)."""
    counts, masks = summary(hand)
    skip = -1 if taken is None else taken.code  # codes compare as cards do, without a call
    best_key: tuple[int, int, int] | None = None
    worst = hand[0]
    for card in hand:
        code = card.code
        if code == skip:
            continue
        key = (_score(card, counts, masks, contract, 1), -values[card.rank], code)
        if best_key is None or key < best_key:
            best_key, worst = key, card
    return worst


def window_starts(mask: int, least: int) -> int:
    """The windows of four run positions holding at least ``least`` (1–4) of ``mask``'s
    positions, as a mask of their lowest positions: bit k stands for positions k to k+3.
    All eleven windows at once, by bit arithmetic (this runs for every discard a bot sees)."""
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


def set_need(rank_counts: Sequence[int], sets: int) -> int:
    """The fewest jokers that ``sets`` sets need from these cards per rank (index 0, the
    jokers, is not read; 99: impossible). Each rank gives ``count // 3`` sets that need no
    joker, and its remainder a set that needs one (two cards) or two (one card)."""
    full = pairs = singles = 0
    for count in rank_counts[1:]:
        if count:
            full += count // 3
            rest = count % 3
            if rest == 2:
                pairs += 1
            elif rest:
                singles += 1
    if full + pairs + singles < sets:
        return 99
    short = sets - full
    if short <= 0:
        return 0
    from_pairs = min(short, pairs)
    return from_pairs + 2 * (short - from_pairs)


def _placed_set_need(held: list[int], sets: int) -> int:
    """`set_need` of the natural cards counted by ``14 * suit place + rank`` in ``held``."""
    return set_need([0, *(held[r] + held[r + 14] + held[r + 28] + held[r + 42]
                          for r in range(1, 14))], sets)


def might_go_down(cards: Sequence[Card], contract: Contract, rules: Rules, keep: int = 0) -> bool:
    """A cheap necessary condition for going down with ``cards`` (before calling the solver).

    Tries every choice of four consecutive run positions for the contract's runs (using each
    card once), then the cheapest sets from what is left, and compares the jokers this needs
    with the jokers held. Runs longer than four, ZC-10 and the natural-card minimum are left to
    the solver, so it may say yes when the answer is no, never the other way round."""
    sets, runs = contract.sets, contract.runs
    if len(cards) - keep < 3 * sets + 4 * runs:
        return False
    if rules.min_natural_per_meld != 1:
        return True  # other minimums: let the solver decide
    if not runs:
        rank_counts = [0] * 14
        for c in cards:
            rank_counts[c.rank] += 1
        return set_need(rank_counts, sets) <= rank_counts[0]
    held = [0] * (_JOKERS + 1)  # by 14 * suit place + rank; the jokers last
    masks = [0] * 5
    slot, bit = SUIT_SLOT, RUN_BIT  # locals: read for every card
    for c in cards:
        r = c.rank
        s = slot[c.suit]
        held[14 * s + r] += 1
        masks[s] |= bit[r]
    jokers = held[_JOKERS]
    least = 4 - jokers
    if least <= 0:
        return True  # every window qualifies: the search below would cost more than the solver
    windows: list[tuple[int, ...]] = []
    for suit in range(4):
        mask = masks[suit]
        if mask.bit_count() < least:
            continue
        starts = window_starts(mask, least)
        places = _WINDOW_PLACES[suit]
        while starts:
            windows.append(places[(starts & -starts).bit_length() - 2])
            starts &= starts - 1
    if len(windows) > 24:
        return True  # many jokers: the search below would cost more than the solver
    return _runs_fit(windows, held, runs, sets, jokers, 0)


def _runs_fit(windows: list[tuple[int, ...]], held: list[int], runs: int, sets: int,
              budget: int, start: int) -> bool:
    """Can ``runs`` windows from ``windows[start:]`` (each using held cards once, jokers for
    the gaps) and then ``sets`` sets from what is left be made with ``budget`` jokers?
    ``held`` is put back as it was."""
    if runs == 0:
        return sets == 0 or _placed_set_need(held, sets) <= budget
    for i in range(start, len(windows)):
        need = 0
        used = []
        for place in windows[i]:
            if held[place]:
                held[place] -= 1
                used.append(place)
            else:
                need += 1
        ok = need <= budget and _runs_fit(windows, held, runs - 1, sets, budget - need, i)
        for place in used:
            held[place] += 1
        if ok:
            return True
    return False
