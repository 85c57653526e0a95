"""Going down: is a list of melds a legal go-down for a hand's contract? (ZC-4, ZC-9, ZC-10)

>>> from cardkit.cards import parse_cards
>>> check_go_down(["8C 8C 8H", "KD KS JK"], 1).ok
True
>>> v = check_go_down(["AC 2C 3C 4C", "5C 6C 7C 8C"], 3)
>>> v.ok, v.rule
(False, 'ZC-10')

Decision (ZC-10): two runs of one suit that overlap are two melds whether the shared rank is a
duplicate natural card or a joker (A-2-3-4♣ + JK(4♣)-5-6-7♣): the card appears twice, so they
cannot be read as one run. Only runs that touch end to end need the option's test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from cardkit.cards import Card, parse_cards
from cardkit.engine import Verdict
from cardkit.zioncheck.melds import (
    Meld,
    MeldKind,
    MeldVerdict,
    _coerce_cards,
    check_laid_meld,
    check_meld,
)
from cardkit.zioncheck.rules import Contract, Rules, TouchingRuns
from cardkit.zioncheck.words import N_, Later, Said, card_later, gettext, join, ngettext

_ = gettext

__all__ = ["GoDownExplanation", "check_go_down", "contract_for", "contract_ok",
           "explain_go_down", "no_go_down", "runs_are_two_melds", "zc10_allows"]

_DEFAULT_RULES = Rules()


def contract_for(hand_number: int | Contract, rules: Rules | None = None) -> Contract:
    """The contract of hand 1–6 under ``rules`` (a `Contract` passes through unchanged)."""
    if isinstance(hand_number, tuple):
        try:
            contract = Contract(*(int(n) for n in hand_number))
        except (TypeError, ValueError):
            contract = None
        if contract is None or contract.sets < 0 or contract.runs < 0 or \
                contract.sets + contract.runs == 0:
            raise ValueError(f"a contract is a (sets, runs) pair of non-negative ints with at "
                             f"least one meld, not {hand_number!r} (ZC-4)")
        return contract
    return (rules or _DEFAULT_RULES).contract(hand_number)


def zc10_allows(low1: int, high1: int, low2: int, high2: int, mode: TouchingRuns) -> bool:
    """May runs at positions [low1, high1] and [low2, high2] of one suit be two melds (ZC-10)?

    With a gap or an overlap (through a duplicate card or a joker) yes; touching end to end
    only under "allow", or under "need_nine" when they hold 9 or more cards together.
    """
    if low2 < low1:
        low1, high1, low2, high2 = low2, high2, low1, high1
    if high1 + 1 != low2:
        return True
    if mode is TouchingRuns.ALLOW:
        return True
    if mode is TouchingRuns.FORBID:
        return False
    return high2 - low1 + 1 >= 9


def runs_are_two_melds(a: Meld, b: Meld, rules: Rules | None = None) -> Verdict:
    """Are two runs clearly two melds (ZC-10)? Runs of different suits always are."""
    mode = (rules or _DEFAULT_RULES).same_suit_touching_runs
    if a.suit != b.suit:
        return Verdict(True, Said(N_("{a} and {b} are in different suits"), a=a, b=b),
                       "ZC-10")
    lo, hi = sorted((a, b), key=lambda m: (m.low, m.high))
    assert lo.low is not None and lo.high is not None and hi.low is not None
    if lo.high + 1 < hi.low:
        return Verdict(True, Said(N_(
            "{a} and {b} are two runs: there is a gap between them (ZC-10)"), a=lo, b=hi),
            "ZC-10")
    if lo.high >= hi.low:
        return Verdict(True, Said(N_(
            "{a} and {b} are two runs: they overlap, so a card appears twice (ZC-10)"),
                    a=lo, b=hi), "ZC-10")
    together = len(lo.cards) + len(hi.cards)
    # hi.high is set as lo's ends are (asserted above): a run knows both ends
    if zc10_allows(lo.low, lo.high, hi.low, hi.high, mode):  # type: ignore[arg-type]
        return Verdict(True, Said(N_(
            "{a} and {b} touch and hold {count} cards together: two runs (ZC-10)"),
                    a=lo, b=hi, count=together), "ZC-10")
    if mode is TouchingRuns.FORBID:
        return Verdict(False, Said(N_(
            "{a} and {b} touch: two runs in one suit may not touch under these rules "
            "(same_suit_touching_runs='forbid', ZC-10)"), a=lo, b=hi), "ZC-10")
    return Verdict(False, Said(N_(
        "{a} and {b} touch and hold only {count} cards together: touching runs in one suit are "
        "two melds only with 9 or more cards (ZC-10)"), a=lo, b=hi, count=together),
        "ZC-10")


def contract_ok(melds: Sequence[Meld], contract: Contract, rules: Rules) -> bool:
    """`check_go_down` without the words, for legal melds already checked one by one: do they
    make exactly the contract (ZC-9.2), with runs of one suit clearly two melds (ZC-10)?"""
    runs = [m for m in melds if m.kind is MeldKind.RUN]
    if len(runs) != contract.runs or len(melds) - len(runs) != contract.sets:
        return False
    mode = rules.same_suit_touching_runs
    for i, a in enumerate(runs):
        for b in runs[i + 1:]:
            if a.suit == b.suit and not zc10_allows(*a.run_span[1:], *b.run_span[1:], mode):
                return False
    return True


def _sets(n: int) -> str:
    return ngettext("{count} set", "{count} sets", n).format(count=n)


def _runs(n: int) -> str:
    return ngettext("{count} run", "{count} runs", n).format(count=n)


def _contract_text(contract: Contract) -> str:
    """``2 sets``, ``1 set and 1 run``: a contract inside a sentence (ZC-4)."""
    if contract.sets and contract.runs:
        # TRANSLATORS: a contract inside a sentence: "hand 2 needs exactly 1 set and 1 run"
        return _("{sets} and {runs}").format(sets=_sets(contract.sets),
                                             runs=_runs(contract.runs))
    return _sets(contract.sets) if contract.sets else _runs(contract.runs)


def _need(hand_number: int | Contract, contract: Contract) -> str:
    """What the contract of ``hand_number`` asks: "hand 3 needs exactly 2 runs (ZC-4)"."""
    if isinstance(hand_number, int):
        return _("hand {hand} needs exactly {contract} (ZC-4)").format(
            hand=hand_number, contract=_contract_text(contract))
    return _("this contract needs exactly {contract} (ZC-4)").format(
        contract=_contract_text(contract))


def _readings(item: Any, rules: Rules) -> list[MeldVerdict]:
    """The ways one given meld can be read: a `Meld` as laid, a card list as a set and/or a run
    (with spare run jokers at either end)."""
    if isinstance(item, Meld):
        return [check_laid_meld(item, rules)]
    cards = _coerce_cards(item, "each meld")
    found: list[MeldVerdict] = []
    first_failure = None
    for kind, end in (("run", "high"), ("run", "low"), ("set", "high")):
        verdict = check_meld(cards, rules, kind=kind, joker_end=end)
        if verdict.ok:
            if all(v.meld != verdict.meld for v in found):
                found.append(verdict)
        elif first_failure is None:
            first_failure = verdict
    return found or [check_meld(cards, rules)]


def check_go_down(melds: Iterable[Meld | Sequence[Card] | str], hand_number: int | Contract,
                  rules: Rules | None = None) -> Verdict:
    """Is this list of melds a legal go-down for hand 1–6 (ZC-4, ZC-9.2, ZC-10)?

    ``melds`` are `Meld` values (checked as laid) or card lists / card texts (read as a set or
    a run, whichever meets the contract). ``hand_number`` may also be a `Contract`.
    """
    rules = rules or _DEFAULT_RULES
    contract = contract_for(hand_number, rules)
    if isinstance(melds, (str, Meld)):
        raise ValueError("melds must be a list of melds (Meld values, card lists or texts)")
    items = _texts_as_copies(list(melds))
    if len(items) != contract.sets + contract.runs:
        given = len(items)
        return Verdict(False, Later(_melds_given, hand_number, contract, given), "ZC-9.2")
    readings = []
    for number, item in enumerate(items, 1):
        options = _readings(item, rules)
        if not options[0].ok:
            return Verdict(False, _numbered(number, options[0]), options[0].rule)
        readings.append(options)
    seen: set[Card] = set()
    for options in readings:
        for card in options[0].meld.cards:  # type: ignore[union-attr]  # ok: it has a meld
            if card in seen:
                return Verdict(False, _in_two_melds(card), "ZC-1.1")
            seen.add(card)
    first_failure: Verdict | None = None
    for choice in product(*readings):
        chosen = [v.meld for v in choice]
        # every reading kept is ok, so each has its meld (no None in chosen)
        verdict = _check_chosen(chosen, contract, hand_number, rules)  # type: ignore[arg-type]
        if verdict.ok:
            return verdict
        if first_failure is None or (first_failure.rule == "ZC-9.2" and verdict.rule != "ZC-9.2"):
            first_failure = verdict
    assert first_failure is not None
    return first_failure


def _texts_as_copies(items: list[Any]) -> list[Any]:
    """Card texts across the melds of one go-down, read together: a card written again without
    ``@N`` is another deck's copy, as `parse_cards` reads it within one text (ZC-1.1), so the
    rule book's ``["AC 2C 3C 4C", "4C 5C 6C 7C"]`` is two runs. Only the same card given
    twice with the same deck (``4C@1`` twice, or one `Card` value twice) is used twice."""
    texts = [item for item in items if isinstance(item, str)]
    if len(texts) < 2:
        return items
    words = [text.replace(",", " ").split() for text in texts]
    cards = iter(parse_cards([w for ws in words for w in ws]))
    parsed = iter([[next(cards) for _ in ws] for ws in words])
    return [next(parsed) if isinstance(item, str) else item for item in items]


def _melds_given(hand_number: int | Contract, contract: Contract, given: int) -> str:
    return ngettext(
        "{need}: {count} meld given; a go-down lays exactly the contract, no fewer and no extra "
        "melds (ZC-9.2)",
        "{need}: {count} melds given; a go-down lays exactly the contract, no fewer and no extra "
        "melds (ZC-9.2)", given).format(need=_need(hand_number, contract), count=given)


def _numbered(number: int, verdict: Verdict) -> Callable[[], str]:
    """The reason of meld ``number`` of a go-down, when read."""
    return Said(N_("meld {number}: {reason}"), number=number, reason=verdict.reason)


def _in_two_melds(card: Card) -> Callable[[], str]:
    return Said(N_("{card} is in two melds. One card can go in only one meld (ZC-1.1)"),
            card=card_later(card))


def _check_chosen(melds: list[Meld], contract: Contract, hand_number: int | Contract,
                  rules: Rules) -> Verdict:
    sets = sum(1 for m in melds if m.kind is MeldKind.SET)
    runs = [m for m in melds if m.kind is MeldKind.RUN]
    if sets != contract.sets or len(runs) != contract.runs:
        count = len(runs)
        return Verdict(False, Said(N_(
            "{need}: these are {sets} and {runs}; a go-down lays exactly the contract (ZC-9.2)"),
                    need=Later(_need, hand_number, contract), sets=Later(_sets, sets),
                    runs=Later(_runs, count)),
            "ZC-9.2")
    for i, a in enumerate(runs):
        for b in runs[i + 1:]:
            verdict = runs_are_two_melds(a, b, rules)
            if not verdict.ok:
                return verdict
    return Verdict(True, Later(_contract_met, melds, contract, hand_number), "ZC-9.2")


def _contract_met(melds: list[Meld], contract: Contract, hand_number: int | Contract) -> str:
    listed = "; ".join(str(m) for m in melds)
    if isinstance(hand_number, int):
        return _("{melds}: {contract}, the contract (hand {hand}, ZC-4, ZC-9.2)").format(
            melds=listed, contract=_contract_text(contract), hand=hand_number)
    return _("{melds}: {contract}, the contract (this contract, ZC-4, ZC-9.2)").format(
        melds=listed, contract=_contract_text(contract))


@dataclass(frozen=True)
class GoDownExplanation:
    """The answer of `explain_go_down`: one verdict per meld, and the contract's verdict.

    ``melds`` holds a `MeldVerdict` per group, in order (its ``meld`` is the meld found);
    ``verdict`` says whether the groups together are the hand's ``contract`` (when some group
    is not a meld it says so, ZC-9.2). Truthy when the go-down is legal."""

    hand_number: int | Contract
    contract: Contract
    melds: tuple[MeldVerdict, ...]
    verdict: Verdict

    @property
    def ok(self) -> bool:
        return self.verdict.ok

    @property
    def every_meld_ok(self) -> bool:
        """Is every group a legal meld on its own (ZC-5)?"""
        return all(v.ok for v in self.melds)

    def __bool__(self) -> bool:
        return self.verdict.ok


def explain_go_down(melds: Iterable[Meld | Sequence[Card] | str], hand_number: int | Contract,
                    rules: Rules | None = None) -> GoDownExplanation:
    """Check a planned go-down group by group (`check_meld`, ZC-5), then as a whole against
    the contract of hand 1–6 (`check_go_down`, ZC-4, ZC-9.2, ZC-10).

    This is what a learner building melds wants to see: which group is not a meld yet, and
    what the contract still misses.

    >>> e = explain_go_down(["8C 8D 8H", "KC KD"], 1)
    >>> [v.ok for v in e.melds], e.ok, e.verdict.rule
    ([True, False], False, 'ZC-9.2')
    >>> explain_go_down(["8C 8D 8H", "KC KD KH"], 1).ok
    True
    """
    rules = rules or _DEFAULT_RULES
    contract = contract_for(hand_number, rules)
    if isinstance(melds, (str, Meld)):
        raise ValueError("melds must be a list of melds (Meld values, card lists or texts)")
    items = _texts_as_copies(list(melds))
    verdicts = tuple(check_laid_meld(item, rules) if isinstance(item, Meld)
                     else check_meld(item, rules) for item in items)
    if all(v.ok for v in verdicts):
        verdict = check_go_down(items, hand_number, rules)
    else:
        bad = [str(n) for n, v in enumerate(verdicts, 1) if not v.ok]
        verdict = Verdict(False, Later(_not_melds_yet, bad), "ZC-9.2")
    return GoDownExplanation(hand_number, contract, verdicts, verdict)


def _not_melds_yet(bad: list[str]) -> str:
    if len(bad) == 1:
        return _("Group {group} is not a meld yet. A go-down lays only melds (ZC-9.2)").format(
            group=bad[0])
    return _("Groups {groups} and {last} are not melds yet. A go-down lays only melds "
             "(ZC-9.2)").format(groups=join(bad[:-1]), last=bad[-1])


def no_go_down(hand_number: int | Contract, rules: Rules | None = None, *,
               who: str | None = None) -> Verdict:
    """The verdict for cards in which the solver (`find_go_down`) finds no go-down: what the
    contract asks, in the core's words, for an app to show as it is.

    >>> str(no_go_down(3, who="Your hand"))
    'Your hand cannot make the contract of hand 3 yet. That contract is 2 runs (ZC-9.2)'
    """
    contract = contract_for(hand_number, rules or _DEFAULT_RULES)
    if isinstance(hand_number, int):
        return Verdict(False, Said(N_(
            "{who} cannot make the contract of hand {hand} yet. That contract is {contract} "
            "(ZC-9.2)"), who=who or Said(N_("This hand")), hand=hand_number,
                     contract=Later(_contract_text, contract)),
            "ZC-9.2")
    return Verdict(False, Said(N_(
        "{who} cannot make the contract of this hand yet. That contract is {contract} (ZC-9.2)"),
        who=who or Said(N_("This hand")), contract=Later(_contract_text, contract)), "ZC-9.2")
