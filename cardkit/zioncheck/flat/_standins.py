"""Stand-ins for the flat solver, tally and table functions (the names and signatures of
``notes/zion-kernel.md``), written over the Python originals so that the hand loop
(`cardkit.zioncheck.flat.hand`) can be run and checked before the flat pieces exist.

They convert codes and meld rows to `Card` and `Meld` values and call the rules core, so they
run only as plain Python (``NUMBA_DISABLE_JIT=1``). `solver`, `tally` and `table` re-export
them until the real flat functions replace them; this module then goes.

The `Rules` they hand the originals are made back from the ``params`` row
(`rules_from_row`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardkit.cards import Card, card_from_code
from cardkit.zioncheck import bots as _bots
from cardkit.zioncheck import melds as _melds
from cardkit.zioncheck import moves as _moves
from cardkit.zioncheck import solver as _solver
from cardkit.zioncheck import tally as _tally
from cardkit.zioncheck.actions import ExchangeJoker, LayOff
from cardkit.zioncheck.flat.codes import (
    FIRST_RULES,
    MELD_OWNER,
    P_FIRST_RULE,
    P_FORBID_TAKEN,
    P_HAND,
    P_KEEP,
    P_MAX_CLAIMS,
    P_MAX_TURNS,
    P_MIN_NATURAL,
    P_PENALTY_CARDS,
    P_RUNS,
    P_SETS,
    P_STUCK,
    P_TOUCHING,
    P_VALUES,
    TOUCHING,
    meld_from_row,
    meld_row,
)
from cardkit.zioncheck.rules import CardValues, Contract, Rules
from cardkit.zioncheck.state import TableMeld

__all__ = [
    "can_go_down", "costliest_discard", "exchange", "find_go_down", "hand_points",
    "has_free_joker", "joker_to_free", "lay_off", "lay_off_choice", "least_useful", "may_fit",
    "might_go_down", "rules_from_row", "summary", "usefulness_counted",
]

_RULES: dict[bytes, Rules] = {}


def rules_from_row(params: Any) -> Rules:
    """`Rules` that `rules_row` makes ``params`` of (every hand given this hand's contract):
    what the solver, the tally and the bot read of the rules is the same."""
    key = np.asarray(params, np.int64).tobytes()
    rules = _RULES.get(key)
    if rules is None:
        v = [int(x) for x in params[P_VALUES:P_VALUES + 14]]
        limit = int(params[P_MAX_CLAIMS])
        rules = _RULES[key] = Rules(
            contracts=(_contract(params),) * 6,
            card_values=CardValues(ace=v[1], joker=v[0], high=v[10], low=v[2]),
            first_player_rule=FIRST_RULES[int(params[P_FIRST_RULE])],
            claim_penalty_cards=int(params[P_PENALTY_CARDS]),
            max_claims_per_hand=None if limit < 0 else limit,
            same_suit_touching_runs=TOUCHING[int(params[P_TOUCHING])],
            min_natural_per_meld=int(params[P_MIN_NATURAL]),
            allow_go_out_without_discard=int(params[P_KEEP]) == 0,
            forbid_discard_of_taken_card=bool(params[P_FORBID_TAKEN]),
            stuck_penalty=int(params[P_STUCK]), max_turns_per_hand=int(params[P_MAX_TURNS]))
    return rules


_rules = rules_from_row


def _cards(hand: Any, n: int) -> list[Card]:
    return [card_from_code(int(c)) for c in hand[:n]]


def _card(code: int) -> Card | None:
    return None if code < 0 else card_from_code(int(code))


def _contract(params: Any) -> Contract:
    return Contract(int(params[P_SETS]), int(params[P_RUNS]))


def _values(params: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in params[P_VALUES:P_VALUES + 14])


def _table(table: Any, m: int) -> list[TableMeld]:
    return [TableMeld(meld_from_row(table[k]), int(table[k, MELD_OWNER])) for k in range(m)]


# -- solver ---------------------------------------------------------------------------------

def find_go_down(hand: Any, n: int, params: Any, keep: int, avoid_set_jokers: bool,
                 taken: int, out: Any) -> int:
    """`cardkit.zioncheck.solver.find_go_down`, its melds written to ``out``'s rows."""
    melds = _solver.find_go_down(_cards(hand, n), int(params[P_HAND]), _rules(params),
                                 keep_at_least=int(keep),
                                 avoid_set_jokers=bool(avoid_set_jokers), taken=_card(taken))
    if melds is None:
        return -1
    width = out.shape[1]
    for k, meld in enumerate(melds):
        out[k, :] = meld_row(meld, -1, width)
    return len(melds)


def can_go_down(hand: Any, n: int, params: Any, keep: int) -> bool:
    """`cardkit.zioncheck.solver.can_go_down`."""
    return bool(_solver.can_go_down(_cards(hand, n), int(params[P_HAND]), _rules(params),
                                    keep_at_least=int(keep)))


# -- tally ----------------------------------------------------------------------------------

def summary(hand: Any, n: int, counts: Any, masks: Any) -> None:
    """`cardkit.zioncheck.tally.summary` into ``counts`` and ``masks``."""
    found = _tally.summary(_cards(hand, n))
    counts[:] = found[0]
    masks[:] = found[1]


def usefulness_counted(card: int, counts: Any, masks: Any, sets: int, runs: int) -> int:
    """`cardkit.zioncheck.tally.usefulness_counted`."""
    counted = ([int(c) for c in counts], [int(m) for m in masks])
    return _tally.usefulness_counted(card_from_code(int(card)), counted,
                                     Contract(int(sets), int(runs)))


def least_useful(hand: Any, n: int, params: Any, taken: int) -> int:
    """`cardkit.zioncheck.tally.least_useful`."""
    return _tally.least_useful(_cards(hand, n), _contract(params), _values(params),
                               _card(taken)).code


def might_go_down(hand: Any, n: int, params: Any, keep: int) -> bool:
    """`cardkit.zioncheck.tally.might_go_down`."""
    return _tally.might_go_down(_cards(hand, n), _contract(params), _rules(params), int(keep))


# -- table ----------------------------------------------------------------------------------

def may_fit(card: int, table: Any, k: int) -> bool:
    """`cardkit.zioncheck.melds.may_fit` of row ``k``."""
    return _melds.may_fit(card_from_code(int(card)), meld_from_row(table[k]))


def lay_off_choice(table: Any, m: int, params: Any, hand: Any, n: int,
                   taken: int) -> tuple[int, int]:
    """`cardkit.zioncheck.bots._lay_off`: (card, meld index), card -1 for none."""
    found = _bots._lay_off(_table(table, m), _rules(params), _cards(hand, n), _card(taken))
    if found is None:
        return -1, -1
    assert isinstance(found, LayOff)
    return found.card.code, found.meld_index


def lay_off(table: Any, k: int, card: int) -> None:
    """Row ``k`` becomes the meld after ``LayOff(card, k, None)``."""
    owner = int(table[k, MELD_OWNER])
    meld = meld_from_row(table[k]).with_card(card_from_code(int(card)), None)
    table[k, :] = meld_row(meld, owner, table.shape[1])


def joker_to_free(table: Any, m: int, hand: Any, n: int) -> tuple[int, int]:
    """`cardkit.zioncheck.bots._joker_to_free`: (card, meld index), card -1 for none."""
    found = _bots._joker_to_free(_table(table, m), _cards(hand, n))
    if found is None:
        return -1, -1
    assert isinstance(found, ExchangeJoker)
    return found.card.code, found.meld_index


def exchange(table: Any, k: int, card: int) -> int:
    """Row ``k`` becomes the meld after ``ExchangeJoker(card, k)``; the freed joker."""
    owner = int(table[k, MELD_OWNER])
    meld, joker = meld_from_row(table[k]).with_joker_exchanged(card_from_code(int(card)))
    table[k, :] = meld_row(meld, owner, table.shape[1])
    return joker.code


def costliest_discard(hand: Any, n: int, taken: int, params: Any) -> int:
    """`cardkit.zioncheck.bots._costliest_discard`."""
    return _bots._costliest_discard(_cards(hand, n), _card(taken), _values(params)).code


def has_free_joker(table: Any, m: int) -> bool:
    """`cardkit.zioncheck.moves._table_has_free_joker`."""
    return _moves._table_has_free_joker(_table(table, m))


def hand_points(hand: Any, n: int, params: Any) -> int:
    """`cardkit.zioncheck.melds.hand_points`."""
    return _melds.hand_points(_cards(hand, n), _rules(params))

