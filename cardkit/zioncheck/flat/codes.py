"""The flat layout shared by `cardkit.zioncheck.flat`: card codes, meld rows, the rules row.

>>> from cardkit.cards import parse_card
>>> queen, joker = parse_card("QH").code, parse_card("JK").code
>>> rank_of(queen), suit_of(queen), rank_of(joker), suit_of(joker)
(12, 2, 0, -1)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardkit.cards import SUITS, card_from_code
from cardkit.zioncheck.flat.jit import kernel
from cardkit.zioncheck.melds import Meld, MeldKind, _make_run, _make_set
from cardkit.zioncheck.rules import FirstPlayerRule, Rules, TouchingRuns

__all__ = [
    "KIND_RUN", "KIND_SET", "MELD_CARDS", "MELD_KIND", "MELD_LEN", "MELD_LOW", "MELD_OWNER",
    "MELD_WHAT", "P_FIRST_RULE", "P_FORBID_TAKEN", "P_HAND", "P_KEEP", "P_MAX_CLAIMS",
    "P_MAX_TURNS", "P_MIN_NATURAL", "P_PENALTY_CARDS", "P_PLAYERS", "P_RUNS", "P_SETS",
    "P_SIZE", "P_STUCK", "P_TOUCHING", "P_VALUES", "meld_from_row", "meld_row", "meld_width",
    "rank_of", "rules_row", "suit_of",
]

# -- cards ----------------------------------------------------------------------------------


@kernel
def rank_of(code: int) -> int:
    """The rank of card ``code`` (1–13), 0 for a joker."""
    index = code % 54
    return 0 if index >= 52 else index % 13 + 1


@kernel
def suit_of(code: int) -> int:
    """The suit of card ``code`` as 0–3 (♣ ♦ ♥ ♠, `cardkit.cards.SUITS`), -1 for a joker."""
    index = code % 54
    return -1 if index >= 52 else index // 13


# -- melds ----------------------------------------------------------------------------------

KIND_SET, KIND_RUN = 0, 1
MELD_KIND = 0
"""`KIND_SET` or `KIND_RUN`."""
MELD_WHAT = 1
"""A set's rank (1–13), a run's suit (0–3)."""
MELD_LOW = 2
"""A run's first position (1–14, 14 the high ace; its cards stand for ``low``, ``low + 1``,
…); 0 for a set (its jokers stand for its rank)."""
MELD_LEN = 3
"""How many cards the meld holds."""
MELD_OWNER = 4
"""The seat that laid it (a `TableMeld`'s owner); -1 for a meld not on the table."""
MELD_CARDS = 5
"""The card codes start here, in `Meld.cards` order (runs low to high; sets naturals by suit
and deck, then jokers)."""


def meld_width(decks: int) -> int:
    """Columns of a meld row for a pack of ``decks`` decks: the longest meld is a run of 14 or a
    set of every natural card of a rank and every joker."""
    return MELD_CARDS + max(14, 6 * decks)


def meld_row(meld: Meld, owner: int = -1, width: int | None = None) -> np.ndarray:
    """``meld`` as a row (zeros after its cards)."""
    n = len(meld.cards)
    row = np.zeros(width or MELD_CARDS + n, np.int64)
    if meld.kind is MeldKind.RUN:
        row[MELD_KIND], row[MELD_LOW] = KIND_RUN, meld.run_span[1]
        row[MELD_WHAT] = SUITS.index(meld.suit or "")
    else:
        row[MELD_KIND], row[MELD_WHAT] = KIND_SET, meld.set_rank
    row[MELD_LEN], row[MELD_OWNER] = n, owner
    row[MELD_CARDS:MELD_CARDS + n] = [c.code for c in meld.cards]
    return row


def meld_from_row(row: Sequence[int] | np.ndarray) -> Meld:
    """The `Meld` a row holds (the inverse of `meld_row`)."""
    n = int(row[MELD_LEN])
    cards = [card_from_code(int(code)) for code in row[MELD_CARDS:MELD_CARDS + n]]
    if row[MELD_KIND] == KIND_RUN:
        return _make_run(SUITS[int(row[MELD_WHAT])], int(row[MELD_LOW]), cards)
    meld = _make_set(int(row[MELD_WHAT]), cards)
    if [c.code for c in meld.cards] != [c.code for c in cards]:
        raise ValueError("a set row holds its cards in Meld order: naturals by suit and deck, "
                         "then jokers")
    return meld


# -- the rules of one hand ------------------------------------------------------------------

P_PLAYERS = 0
P_HAND = 1
"""The hand number, 1–6."""
P_SETS = 2
P_RUNS = 3
"""The hand's contract (ZC-4)."""
P_MIN_NATURAL = 4
P_TOUCHING = 5
"""ZC-10: 0 need_nine, 1 forbid, 2 allow (`TOUCHING`)."""
P_KEEP = 6
"""Cards a go-down or lay-off must leave for the final discard: 1, or 0 under
``allow_go_out_without_discard`` (ZC-13.1)."""
P_FORBID_TAKEN = 7
"""1 when the card taken from the discard pile may not be discarded that turn (ZC-6.1)."""
P_PENALTY_CARDS = 8
P_MAX_CLAIMS = 9
"""ZC-8.3; -1 for no limit."""
P_STUCK = 10
P_MAX_TURNS = 11
P_FIRST_RULE = 12
"""ZC-7.1: 0 double_turn, 1 draw_two, 2 upcard (`FIRST_RULES`)."""
P_VALUES = 13
"""14 entries: the penalty points by rank, jokers at 0 (ZC-2.3)."""
P_SIZE = P_VALUES + 14

TOUCHING = (TouchingRuns.NEED_NINE, TouchingRuns.FORBID, TouchingRuns.ALLOW)
FIRST_RULES = (FirstPlayerRule.DOUBLE_TURN, FirstPlayerRule.DRAW_TWO, FirstPlayerRule.UPCARD)


def rules_row(rules: Rules, hand_number: int, players: int) -> np.ndarray:
    """The rules of hand ``hand_number`` at a table of ``players`` as a `P_*` row."""
    row = np.zeros(P_SIZE, np.int64)
    contract = rules.contracts[hand_number - 1]
    row[P_PLAYERS], row[P_HAND] = players, hand_number
    row[P_SETS], row[P_RUNS] = contract.sets, contract.runs
    row[P_MIN_NATURAL] = rules.min_natural_per_meld
    row[P_TOUCHING] = TOUCHING.index(rules.same_suit_touching_runs)
    row[P_KEEP] = 0 if rules.allow_go_out_without_discard else 1
    row[P_FORBID_TAKEN] = int(rules.forbid_discard_of_taken_card)
    row[P_PENALTY_CARDS] = rules.claim_penalty_cards
    limit = rules.max_claims_per_hand
    row[P_MAX_CLAIMS] = -1 if limit is None else limit
    row[P_STUCK] = rules.stuck_penalty
    row[P_MAX_TURNS] = rules.max_turns_per_hand
    row[P_FIRST_RULE] = FIRST_RULES.index(rules.first_player_rule)
    row[P_VALUES:P_VALUES + 14] = rules.card_values.by_rank()
    return row
