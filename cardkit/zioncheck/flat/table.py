"""The melds on the table over card codes: what the greedy bot asks of them and the rules
core's lay-off and joker exchange, flat.

A table is an int64 array of meld rows (`codes.MELD_*`), ``m`` of them used; the rows may be
wider than their melds (`codes.meld_width`), so that `lay_off` lengthens a row in place. Each
function gives exactly the answer of its original, ties and orders included
(``tests/flat/test_tally_table.py``):

- `may_fit` is `melds.may_fit`; `lay_off_choice` `bots._lay_off`; `joker_to_free`
  `bots._joker_to_free`; `costliest_discard` `bots._costliest_discard`; `has_free_joker`
  `moves._table_has_free_joker`; `hand_points` `melds.hand_points`;
- `lay_off` plays ``LayOff(card, k, None)`` on row k as `ZionGame` does (`Meld.with_card`:
  the end a card goes to, a set's cards re-sorted as `melds._make_set` sorts them);
- `exchange` plays ``ExchangeJoker(card, k)`` on row k (`Meld.with_joker_exchanged`: the
  first joker standing for the card's face is freed).

Cards passed are the ones the game resolves the action to: `ZionGame._verify_lay_off` may lay
off the copy taken from the discard pile instead of an equal one from another deck (ZC-6.1),
and the caller makes that choice before `lay_off`.
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
    MELD_WHAT,
    P_KEEP,
    P_VALUES,
    rank_of,
    suit_of,
)
from cardkit.zioncheck.flat.jit import kernel

__all__ = [
    "costliest_discard", "exchange", "hand_points", "has_free_joker", "joker_to_free",
    "lay_off", "lay_off_choice", "may_fit",
]


@kernel
def may_fit(card: int, table: np.ndarray, k: int) -> bool:
    """`melds.may_fit`: a quick necessary condition for laying ``card`` off on row ``k``."""
    rank = rank_of(card)
    if table[k, MELD_KIND] == KIND_SET:
        return bool(rank == 0 or rank == table[k, MELD_WHAT])
    length = table[k, MELD_LEN]
    if length >= 14:
        return False
    if rank == 0:
        return True
    if suit_of(card) != table[k, MELD_WHAT]:
        return False
    low = table[k, MELD_LOW]
    high = low + length - 1
    return bool(rank == low - 1 or rank == high + 1 or (rank == 1 and high == 13))


@kernel
def lay_off_choice(table: np.ndarray, m: int, params: np.ndarray, hand: np.ndarray, n: int,
                   taken: int) -> tuple[int, int]:
    """`bots._lay_off`: (card, row) of the lay-off the greedy bot plays with ``hand[:n]``,
    or (-1, -1) for none. ``taken`` (-1: None) is the card `_lay_off` is handed: the one taken
    from the discard pile this turn when it may not be discarded (ZC-6.1), else -1."""
    keep = params[P_KEEP]
    if n <= keep or m == 0:
        return -1, -1
    only_taken = False
    if n == 2 and taken >= 0 and (hand[0] == taken or hand[1] == taken):
        only_taken = True  # laying off the other card would leave only the taken card
    goes_out = n == keep + 1
    # what may fit at all, as bits by rank: a set's rank, a run's ends by suit (the rows are
    # looked at once, not once per card: most cards fit nowhere)
    set_ranks = 0
    ends0 = ends1 = ends2 = ends3 = 0
    for j in range(m):
        if table[j, MELD_KIND] == KIND_SET:
            set_ranks |= 1 << table[j, MELD_WHAT]
            continue
        length = table[j, MELD_LEN]
        if length >= 14:
            continue
        low = table[j, MELD_LOW]
        high = low + length - 1
        ends = 1 << (low - 1) | 1 << (high + 1)  # 0 or 14 and more stand for no rank
        if high == 13:
            ends |= 2  # the ace after the king
        suit = table[j, MELD_WHAT]
        if suit == 0:
            ends0 |= ends
        elif suit == 1:
            ends1 |= ends
        elif suit == 2:
            ends2 |= ends
        else:
            ends3 |= ends
    run_ends = (ends0, ends1, ends2, ends3)
    # the first card by (-value, code) that fits a meld (as sorting them and trying each)
    best_card = best_index = -1
    best_value = 0
    for i in range(n):
        card = hand[i]
        if only_taken and card != taken:
            continue
        rank = rank_of(card)
        value = params[P_VALUES + rank]
        if best_card >= 0 and (value < best_value or (value == best_value and card > best_card)):
            continue
        if rank != 0 and not (set_ranks | run_ends[suit_of(card)]) >> rank & 1:
            continue  # may_fit is False for every row
        index = -1
        if rank != 0:
            for j in range(m):
                if may_fit(card, table, j):
                    index = j
                    break
        else:
            # a joker goes on a run end; on a set only when it lets this player go out
            for j in range(m):
                if table[j, MELD_KIND] != KIND_SET and may_fit(card, table, j):
                    index = j
                    break
            if index < 0 and goes_out:
                for j in range(m):
                    if table[j, MELD_KIND] == KIND_SET:  # a joker fits every set
                        index = j
                        break
        if index >= 0:
            best_card, best_index, best_value = card, index, value
    return int(best_card), int(best_index)


@kernel
def _face_rank(position: int) -> int:
    """The rank a run position (1–14) stands for: the high ace is an ace."""
    return 1 if position == 14 else position


@kernel
def _set_key(code: int) -> int:
    """`melds._make_set`'s sort key of a card as one number: naturals by suit and deck, then
    jokers by number (which is their code's order)."""
    if rank_of(code) == 0:
        return 1_000_000 + code
    return suit_of(code) * 1000 + code // 54


@kernel
def lay_off(table: np.ndarray, k: int, card: int) -> None:
    """Row ``k`` becomes its meld with ``card`` laid off (`Meld.with_card(card, None)`, which
    `ZionGame` plays for ``LayOff(card, k, None)``): on a run at the high end when it fits
    there, else at the low end; on a set, its cards sorted again. ``card`` must fit (the
    game's check refuses it otherwise; here the row would be wrong)."""
    length = table[k, MELD_LEN]
    if table[k, MELD_KIND] == KIND_SET:
        # insertion sort of the cards and the new one, as _make_set sorts them (stable)
        table[k, MELD_CARDS + length] = card
        length += 1
        table[k, MELD_LEN] = length
        for i in range(1, length):
            code = table[k, MELD_CARDS + i]
            key = _set_key(code)
            j = i - 1
            while j >= 0 and _set_key(table[k, MELD_CARDS + j]) > key:
                table[k, MELD_CARDS + j + 1] = table[k, MELD_CARDS + j]
                j -= 1
            table[k, MELD_CARDS + j + 1] = code
        return
    low = table[k, MELD_LOW]
    high = low + length - 1
    rank = rank_of(card)
    # the high end when the card fits there (a joker does while the run is below the ace)
    if high < 14 and (rank == 0 or _face_rank(high + 1) == rank):
        table[k, MELD_CARDS + length] = card
    else:
        for i in range(length, 0, -1):
            table[k, MELD_CARDS + i] = table[k, MELD_CARDS + i - 1]
        table[k, MELD_CARDS] = card
        table[k, MELD_LOW] = low - 1
    table[k, MELD_LEN] = length + 1


@kernel
def joker_to_free(table: np.ndarray, m: int, hand: np.ndarray, n: int) -> tuple[int, int]:
    """`bots._joker_to_free`: (card, row) of the exchange that frees a joker from a run, or
    (-1, -1). As the original's dict: a face stood for in several runs names the last of
    them; the first card of ``hand[:n]`` (in hand order) that a joker stands for is played."""
    wanted = 0  # the faces jokers stand for, as bits 14 * suit + rank (no array: this runs
    # some 50 times a rollout, and mostly finds no joker)
    for j in range(m):
        if table[j, MELD_KIND] != KIND_RUN:
            continue
        suit, low = table[j, MELD_WHAT], table[j, MELD_LOW]
        for i in range(table[j, MELD_LEN]):
            if rank_of(table[j, MELD_CARDS + i]) == 0:
                wanted |= 1 << (14 * suit + _face_rank(low + i))
    if wanted == 0:
        return -1, -1
    for i in range(n):
        card = hand[i]
        rank = rank_of(card)
        if rank == 0:
            continue
        suit = suit_of(card)
        if not wanted >> (14 * suit + rank) & 1:
            continue
        for j in range(m - 1, -1, -1):  # the last run whose joker stands for the card
            if table[j, MELD_KIND] != KIND_RUN or table[j, MELD_WHAT] != suit:
                continue
            low = table[j, MELD_LOW]
            for x in range(table[j, MELD_LEN]):
                if rank_of(table[j, MELD_CARDS + x]) == 0 and _face_rank(low + x) == rank:
                    return int(card), j
    return -1, -1


@kernel
def exchange(table: np.ndarray, k: int, card: int) -> int:
    """Row ``k`` becomes its meld after natural ``card`` takes the place of the joker standing
    for it (`Meld.with_joker_exchanged`: the first such joker, as `melds._exchange_index`
    finds it); returns the freed joker's code, or -1 (row unchanged) when there is none."""
    rank = rank_of(card)
    if rank == 0 or table[k, MELD_KIND] != KIND_RUN or suit_of(card) != table[k, MELD_WHAT]:
        return -1
    low = table[k, MELD_LOW]
    for i in range(table[k, MELD_LEN]):
        joker = table[k, MELD_CARDS + i]
        if rank_of(joker) == 0 and _face_rank(low + i) == rank:
            table[k, MELD_CARDS + i] = card
            return int(joker)
    return -1


@kernel
def costliest_discard(hand: np.ndarray, n: int, taken: int, params: np.ndarray) -> int:
    """`bots._costliest_discard`: the costliest card of ``hand[:n]`` but ``taken`` (-1: None)
    by (value, code), a joker only when no natural card may go; -1 when no card may go (the
    original raises then)."""
    best = -1
    best_value = 0
    natural = False
    for i in range(n):
        card = hand[i]
        if card == taken:
            continue
        rank = rank_of(card)
        if natural and rank == 0:
            continue
        value = params[P_VALUES + rank]
        if (best < 0 or (rank != 0 and not natural) or value > best_value
                or (value == best_value and card > best)):
            best, best_value = card, value
            natural = rank != 0
    return int(best)


@kernel
def has_free_joker(table: np.ndarray, m: int) -> bool:
    """`moves._table_has_free_joker`: does any run of the table hold a joker (ZC-12.1)?"""
    for j in range(m):
        if table[j, MELD_KIND] == KIND_RUN:
            for i in range(table[j, MELD_LEN]):
                if rank_of(table[j, MELD_CARDS + i]) == 0:
                    return True
    return False


@kernel
def hand_points(hand: np.ndarray, n: int, params: np.ndarray) -> int:
    """`melds.hand_points`: the penalty points of ``hand[:n]`` (ZC-2.3)."""
    total = 0
    for i in range(n):
        total += params[P_VALUES + rank_of(hand[i])]
    return total
