"""The game's bridge to the meld, contract and solver modules (internal).

The game and the bots ask everything about melds through these few functions, so that the
meld logic lives in exactly one place (`melds`, `contract`, `solver`). Two things are added
here: turning a player's own arrangement (a `Meld` or a card list with optional joker
placements) into a checked `Meld`, and cheap pre-filters (`may_fit`, `may_free`) that skip
the full, explained checks for pairs of card and meld that plainly cannot work, because
the bots and ``legal_actions`` ask about every card against every meld on every turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardkit.cards import Card
from cardkit.engine import IllegalAction, Verdict
from cardkit.zioncheck.contract import check_go_down as _check_go_down
from cardkit.zioncheck.melds import (
    Meld,
    MeldKind,
    can_exchange_joker,
    can_lay_off,
    check_laid_meld,
    check_meld,
    hand_points,
)
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.solver import find_go_down as _find_go_down

__all__ = [
    "can_lay_off",
    "check_go_down",
    "exchange",
    "find_go_down",
    "hand_points",
    "is_set",
    "joker_exchanges",
    "lay_off",
    "lay_off_options",
    "make_meld",
    "may_fit",
    "may_free",
    "meld_readings",
    "solver_found",
    "table_has_free_joker",
    "with_cards",
]

_SET = MeldKind.SET
_LAID = Verdict(True, "the card extends the meld", "ZC-11.2")
_RUN = MeldKind.RUN


def is_set(meld: Meld) -> bool:
    return meld.kind is _SET


def meld_readings(spec: Any, rules: Rules) -> tuple[list[Meld], Verdict]:
    """The ways a player's meld can be read: a `Meld` as laid, or a card list as a run (spare
    jokers high or low) and/or a set; jokers given as ``(joker, face)`` pairs must be placed
    as asked (ZC-5.3). Returns the readings (none when illegal) and a verdict saying why."""
    if isinstance(spec, Meld):
        verdict = check_laid_meld(spec, rules)
        return ([spec] if verdict.ok else []), verdict
    items = list(spec)
    cards = [item if isinstance(item, Card) else item[0] for item in items]
    requested = {item[0]: item[1] for item in items if not isinstance(item, Card)}
    found: list[Meld] = []
    verdict = None
    for kind, end in (("run", "high"), ("run", "low"), ("set", "high")):
        v = check_meld(cards, rules, kind=kind, joker_end=end)
        if v.ok and _placed_as_asked(v.meld, requested) and v.meld not in found:  # type: ignore
            found.append(v.meld)  # type: ignore[arg-type]
            if verdict is None:
                verdict = v
    if requested and not found:
        text = "run " + " ".join(
            c.to_text() + (f"={requested[c].ascii}" if c in requested else "") for c in cards)
        try:
            meld = Meld.from_text(text)
        except ValueError:
            meld = None
        if meld is not None and check_laid_meld(meld, rules).ok:
            found.append(meld)
            verdict = check_laid_meld(meld, rules)
    if found:
        return found, verdict  # type: ignore[return-value]
    plain = check_meld(cards, rules)
    if not plain.ok:
        return [], plain
    asked = ", ".join(f"{j} as {f}" for j, f in requested.items())
    return [], Verdict(False, f"{' '.join(map(str, cards))}: the jokers cannot be placed as "
                       f"asked ({asked}); a joker stands for one definite card of the meld "
                       "(ZC-5.3)", "ZC-5.3")


def make_meld(spec: Any, rules: Rules) -> tuple[Meld | None, Verdict]:
    """The first reading of `meld_readings` (a run before a set), or None and why not."""
    found, verdict = meld_readings(spec, rules)
    return (found[0] if found else None), verdict


def _placed_as_asked(meld: Meld, requested: dict[Card, Card]) -> bool:
    for joker, face in meld.jokers:
        want = requested.get(joker)
        if want is None:
            continue
        if meld.kind is _SET:
            if want.rank != face.rank:
                return False
        elif want.face != face.face:
            return False
    return True


def with_cards(meld: Meld, cards: Sequence[Card]) -> Meld:
    """The same meld made of other physical copies of the same faces."""
    return replace(meld, cards=tuple(cards))


def check_go_down(melds: Sequence[Meld], hand_number: int, rules: Rules) -> Verdict:
    """Is this a legal go-down (ZC-4, ZC-9.2, ZC-10)? See `contract.check_go_down`."""
    return _check_go_down(list(melds), hand_number, rules)


def solver_found(melds: Sequence[Any], hand_number: int, rules: Rules) -> bool:
    """Did the solver recently find exactly these melds for this hand and rules?"""
    try:
        return (tuple(melds), hand_number, rules) in _SOLVED
    except TypeError:  # an unhashable card list
        return False


def find_go_down(cards: Sequence[Card], hand_number: int, rules: Rules, keep_at_least: int = 0,
                 *, avoid_set_jokers: bool = False) -> tuple[Meld, ...] | None:
    """The solver's best go-down (see `solver.find_go_down`)."""
    found = _find_go_down(list(cards), hand_number, rules, keep_at_least=keep_at_least,
                          avoid_set_jokers=avoid_set_jokers)
    if found is None:
        return None
    found = tuple(found)
    if len(_SOLVED) >= 256:
        _SOLVED.clear()
    _SOLVED[found, hand_number, rules] = True
    return found


_SOLVED: dict[tuple[tuple[Meld, ...], int, Rules], bool] = {}
"""Recent go-downs found by the solver, which are legal by construction: checking a go-down
that equals one of them (by value) can skip re-deriving every meld's legality."""


def may_fit(card: Card, meld: Meld) -> bool:
    """A quick necessary condition for laying ``card`` off on ``meld`` (ZC-11.2)."""
    rank = card.rank
    if meld.kind is _SET:
        return rank == 0 or rank == meld.rank
    if len(meld.cards) >= 14:
        return False
    if rank == 0:
        return True
    if card.suit != meld.suit:
        return False
    low, high = meld.low, meld.high
    return rank == low - 1 or rank == high + 1 or (rank == 1 and high == 13)  # type: ignore


def may_free(card: Card, meld: Meld) -> bool:
    """A quick necessary condition for ``card`` freeing a joker of ``meld`` (ZC-12)."""
    if meld.kind is _SET or card.rank == 0:
        return False
    face = card.face
    return any(c.rank == 0 and f.face == face
               for c, f in zip(meld.cards, meld.stands_for, strict=True))


def lay_off(card: Card, meld: Meld, end: str | None, rules: Rules) -> tuple[Meld | None, Verdict]:
    """``meld`` with ``card`` laid off (and the verdict), or None and the refusal."""
    try:
        return meld.with_card(card, end), _LAID
    except IllegalAction as refusal:
        return None, refusal.verdict


def lay_off_options(card: Card, melds: Sequence[Meld],
                    rules: Rules) -> list[tuple[int, str | None]]:
    """(meld index, end) for every place ``card`` may be laid off (ZC-11.2)."""
    out = []
    for index, meld in enumerate(melds):
        if not may_fit(card, meld):
            continue
        if meld.kind is _SET:
            if can_lay_off(card, meld, rules).ok:
                out.append((index, None))
            continue
        for end in ("low", "high"):
            if can_lay_off(card, meld, rules, end=end).ok:
                out.append((index, end))
    return out


def exchange(card: Card, meld: Meld, rules: Rules) -> tuple[tuple[Meld, Card] | None, Verdict]:
    """(new meld, freed joker) when natural ``card`` may free a joker of ``meld`` (ZC-12)."""
    verdict = can_exchange_joker(card, meld)
    if not verdict.ok:
        return None, verdict
    return meld.with_joker_exchanged(card), verdict


def joker_exchanges(card: Card, melds: Sequence[Meld]) -> list[int]:
    """Indexes of the melds whose joker ``card`` can free (ZC-12.1)."""
    return [i for i, meld in enumerate(melds)
            if may_free(card, meld) and can_exchange_joker(card, meld).ok]


def table_has_free_joker(table: Sequence[Any]) -> bool:
    """Does any run on the table hold a joker (which someone could free, ZC-12.1)?"""
    for tm in table:
        meld = tm.meld
        if meld.kind is _RUN and any(c.rank == 0 for c in meld.cards):
            return True
    return False
