"""Checking an action: may the player to act do it now? (ZC-6, ZC-8, ZC-9, ZC-11, ZC-12)

`Checks` holds `ZionGame`'s ``check`` and its per-action checks, after PokerKit's
``verify_*`` methods. Each refuses with `IllegalAction` (a reason and a rule ID) and otherwise
answers a `Checked`: the verdict that says why the action is legal, the action as resolved to
the cards the player holds, and what playing it needs. None of them changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, cast

from cardkit.cards import Card
from cardkit.engine import IllegalAction, Verdict, quick_init
from cardkit.zioncheck.actions import (
    Action,
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
    _as_card,
    meld_cards,
)
from cardkit.zioncheck.contract import check_go_down, contract_ok
from cardkit.zioncheck.core import GameCore
from cardkit.zioncheck.legal import (
    claim_verdict,
)
from cardkit.zioncheck.melds import (
    Meld,
    can_exchange_joker,
    can_lay_off,
    laid_meld_ok,
    meld_readings,
    with_cards,
)
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.solver import has_joker_in_set
from cardkit.zioncheck.state import Phase
from cardkit.zioncheck.words import (
    N_,
    Later,
    Said,
    card_later,
    cards_words,
    gettext,
    seat_later,
    seat_name,
)
from cardkit.zioncheck.words import card_words as _card

__all__ = ["Checked", "Checks"]

_ = gettext
# Every reason below is a function that writes the sentence when it is read (`Verdict`), in
# the language of that moment; the values it names are taken first, as they are now.

_OK = Verdict(True, Said(N_("legal (apply checks without building the explanation; check() "
                              "gives it)")), "ZC-6")
_OVER = Phase.OVER  # module constants: an enum member lookup costs more on hot paths
_LAID = Verdict(True, Said(N_("the card extends the meld")), "ZC-11.2")

Detail = tuple[Meld, ...] | Meld | tuple[Meld, Card] | None
"""What playing a checked action needs: the go-down's melds, the lay-off's meld after, the
exchange's (meld after, joker freed), or nothing."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A legal action, checked: the ``verdict`` (why it is legal), the ``action`` as resolved
    to the cards the player holds (a face names whichever copy makes it legal, ZC-6.1) and the
    ``detail`` its move needs (see `Detail`)."""

    verdict: Verdict
    action: Action
    detail: Detail = None


# The checked forms of the actions without cards: `apply` needs no new value for them (the
# actions are frozen values, so the history holds equal ones).
quick_init(Checked)  # one for every action that names cards
_DRAW_OK = Checked(_OK, DrawStock())
_TAKE_OK = Checked(_OK, TakeDiscard())
_PASS_OK = Checked(_OK, Pass())
_CLAIM_OK = Checked(claim_verdict(0, 0, Rules()), Claim())


class Checks(GameCore):
    """The checks of `ZionGame` (a mixin: the state is `GameCore`'s)."""

    __slots__ = ()

    def _claim_verdict(self, seat: int) -> Verdict:
        return claim_verdict(seat, self._claims[seat], self._rules)

    def _held(self, seat: int, card: Any, rule: str) -> Card:
        """The card of ``seat``'s hand meant by ``card``: itself, or a copy of the same face
        from another deck (so "7C" names whichever 7♣ the player holds). Refuses, citing
        ``rule`` (the rule of the action tried), a card the seat does not hold."""
        hand = self._hands[seat]
        if isinstance(card, Card):
            code = card.code  # `card in hand` by code, without calling Card.__eq__ per card
            for held in hand:
                if held.code == code:
                    return card
            for held in hand:
                if held.rank == card.rank and held.suit == card.suit:
                    return held
        raise IllegalAction(_not_held(seat, card, rule))

    def verify_draw(self, *, seat: int | None = None) -> Verdict:
        """May the current player draw from the stock now (ZC-6)?"""
        return self._verify(DrawStock(), seat, explain=True).verdict

    def verify_take_discard(self, *, seat: int | None = None) -> Verdict:
        """May the current player take the top discard as this turn's draw (ZC-6, ZC-8.2)?"""
        return self._verify(TakeDiscard(), seat, explain=True).verdict

    def verify_claim(self, *, seat: int | None = None) -> Verdict:
        """May the asked player claim the discard in the claim window (ZC-8)?"""
        return self._verify(Claim(), seat, explain=True).verdict

    def verify_pass(self, *, seat: int | None = None) -> Verdict:
        """May the asked player pass in the claim window (ZC-8.2)?"""
        return self._verify(Pass(), seat, explain=True).verdict

    def verify_discard(self, card: Card | str, *, seat: int | None = None) -> Verdict:
        """May the turn player discard ``card`` (ZC-6, ZC-6.1)?"""
        return self._verify(Discard(_as_card(card, "Discard")), seat, explain=True).verdict

    def verify_go_down(self, melds: Sequence[Any], *, seat: int | None = None) -> Verdict:
        """May the turn player go down with ``melds`` (ZC-9, ZC-4, ZC-10)? ``melds`` as in
        `GoDown`: `Meld` values, card lists or texts.

        >>> from cardkit.zioncheck.game import ZionGame
        >>> g = ZionGame.from_deal(["8C 8D 8H KC KD KH 2S", "2C 3C 4C 5C 6C 7C 9D"], "9S")
        >>> _ = g.apply(DrawStock())
        >>> g.verify_go_down(["8C 8D 8H", "KC KD KH"]).rule
        'ZC-9.2'
        """
        # GoDown reads any sequence of melds (and refuses what is none)
        return self._verify(GoDown(cast("tuple[Any, ...]", melds)), seat, explain=True).verdict

    def verify_lay_off(self, card: Card | str, meld_index: int, end: str | None = None, *,
                       seat: int | None = None) -> Verdict:
        """May the turn player lay ``card`` off on table meld ``meld_index`` (ZC-11)?"""
        action = LayOff(_as_card(card, "LayOff"), meld_index, end)
        return self._verify(action, seat, explain=True).verdict

    def verify_exchange(self, card: Card | str, meld_index: int, *,
                        seat: int | None = None) -> Verdict:
        """May the current player free a joker of meld ``meld_index`` with ``card`` (ZC-12)?"""
        action = ExchangeJoker(_as_card(card, "ExchangeJoker"), meld_index)
        return self._verify(action, seat, explain=True).verdict

    def _verify(self, action: Any, seat: int | None, explain: bool) -> Checked:
        """(verdict, the action as resolved to held cards, what `apply` needs) or raise.

        ``explain`` asks for the most specific reason where a quicker check would do."""
        if seat is not None:  # None: whoever is to act (every bot's and rollout's call)
            wrong = self._wrong_seat(seat, action)
            if wrong is not None:
                raise IllegalAction(wrong)
        if self._phase is _OVER:
            raise IllegalAction(Verdict(False, Said(N_("the game is over")), "ZC-14.2"))
        verify = _VERIFY.get(type(action))
        if verify is None:
            raise IllegalAction(_not_an_action(action))
        return verify(self, action, explain)

    def _wrong_seat(self, seat: int | None, action: Any = None) -> Verdict | None:
        if seat is None or self._phase is _OVER or seat == self._current:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._players:
            return Verdict(False, Said(N_("there is no seat {seat}: seats are 0 to {last}"),
                                       seat=repr(seat), last=self._players - 1), "ZC-1.3")
        mover, asked = seat_later(self._current), seat_later(seat)
        if isinstance(action, ExchangeJoker):
            if self._phase is not Phase.CLAIM:
                return Verdict(False, Said(N_(
                    "{seat} may exchange a joker on their own turn after drawing, or out of turn "
                    "when asked in the claim window, which opens when the next player draws from "
                    "the stock; it is {mover}'s turn"), seat=asked, mover=mover), "ZC-12.3")
            return Verdict(False, Said(N_(
                "{seat} may exchange a joker on their own turn after drawing, or out of turn when "
                "asked in the claim window, which opens when the next player draws from the "
                "stock; {mover} is being asked now"), seat=asked, mover=mover), "ZC-12.3")
        if self._phase is Phase.CLAIM:
            return Verdict(False, Said(N_(
                "{mover} is being asked about {card} now, not {seat}: the others are asked one "
                "at a time, clockwise"), mover=mover, card=card_later(self._window_card),
                seat=asked), "ZC-8.2")
        return Verdict(False, Said(N_("it is {mover}'s turn, not {seat}'s"), mover=mover,
                                   seat=asked), "ZC-6")

    def _in_phase(self, kind: type) -> None:
        """Refuse an action of ``kind`` that the current phase does not allow."""
        phase = self._phase
        if phase is Phase.DRAW:
            if kind is DrawStock or kind is TakeDiscard:
                return
            who = seat_later(self._current)  # words only for a refusal
            if kind is Claim or kind is Pass:
                raise IllegalAction(Verdict(False, Said(N_(
                    "it is {seat}'s own turn: draw from the stock or take the discard"),
                    seat=who), "ZC-8.2"))
            raise IllegalAction(Verdict(False, Said(N_(
                "{seat} must draw first, from the stock or the discard pile"), seat=who),
                _PLAY_RULES[kind]))
        if phase is Phase.CLAIM:
            if kind is Pass or kind is Claim or kind is ExchangeJoker:
                return
            raise IllegalAction(Verdict(False, Said(N_(
                "it is not {seat}'s turn: {seat} may only claim {card}, exchange a joker, or "
                "pass"), seat=seat_later(self._current), card=card_later(self._window_card)),
                _PLAY_RULES.get(kind, "ZC-8.2")))
        if kind is DrawStock or kind is TakeDiscard:
            raise IllegalAction(Verdict(False, Said(N_("{seat} has already drawn this turn"),
                                                    seat=seat_later(self._current)), "ZC-6"))
        if kind is Claim or kind is Pass:
            raise IllegalAction(Verdict(False, Said(N_(
                "claiming is only out of turn, in the claim window after a discard")), "ZC-8.2"))

    def _verify_draw(self, action: DrawStock, explain: bool) -> Checked:
        self._in_phase(DrawStock)
        if not explain:
            return _DRAW_OK
        who = seat_later(self._current)
        if not self._discard:
            return Checked(Verdict(True, Said(N_("{seat} may draw the top card of the stock"),
                                              seat=who), "ZC-6"), action, None)
        return Checked(Verdict(True, Said(N_(
            "{seat} may draw the top card of the stock, declining {card}, which the others may "
            "then claim (ZC-8.2)"), seat=who, card=card_later(self._discard[-1])), "ZC-6"),
            action, None)

    def _verify_take(self, action: TakeDiscard, explain: bool) -> Checked:
        self._in_phase(TakeDiscard)
        seat = self._current
        if not self._discard:
            raise IllegalAction(Verdict(False, Said(N_(
                "the discard pile is empty: nobody has discarded yet, so the first player draws "
                "from the stock")), "ZC-7.1"))
        if self._discard_by[-1] == seat:
            raise IllegalAction(Verdict(False, Said(N_(
                "{seat} discarded {card} and may not take it back"), seat=seat_later(seat),
                card=card_later(self._discard[-1])), "ZC-6"))
        if not explain:
            return _TAKE_OK
        return Checked(Verdict(True, Said(N_(
            "{seat} may take {card} from the discard pile as this turn's draw"),
            seat=seat_later(seat), card=card_later(self._discard[-1])), "ZC-6"), action, None)

    def _verify_claim(self, action: Claim, explain: bool) -> Checked:
        self._in_phase(Claim)
        verdict = self._claim_verdict(self._current)
        if not verdict.ok:
            raise IllegalAction(verdict)
        if not explain:
            return _CLAIM_OK
        return Checked(Verdict(True, Said(N_(
            "{seat} may claim {card} out of turn: the first seat asked that claims it takes it"),
            seat=seat_later(self._current), card=card_later(self._window_card)), "ZC-8.1"),
            action, None)

    def _verify_pass(self, action: Pass, explain: bool) -> Checked:
        self._in_phase(Pass)
        if not explain:
            return _PASS_OK
        return Checked(Verdict(True, Said(N_(
            "{seat} may pass: {card} stays on offer to the next seat asked"),
            seat=seat_later(self._current), card=card_later(self._window_card)), "ZC-8.2"),
            action, None)

    def _verify_discard(self, action: Discard, explain: bool) -> Checked:
        self._in_phase(Discard)
        seat = self._current
        card = self._held(seat, action.card, "ZC-6")
        if card == self._taken and self._rules.forbid_discard_of_taken_card:
            raise IllegalAction(Verdict(False, Said(N_(
                "{card} was taken from the discard pile this turn and may not be discarded"),
                card=card_later(card)), "ZC-6.1"))
        resolved = action if card is action.card else Discard(card)
        if not explain:
            return Checked(_OK, resolved, None)
        if len(self._hands[seat]) == 1:
            return Checked(Verdict(True, Said(N_(
                "{seat} may discard {card}, the last card, and go out (ZC-13.1)"),
                seat=seat_later(seat), card=card_later(card)), "ZC-6"), resolved, None)
        return Checked(Verdict(True, Said(N_("{seat} may discard {card}, which ends the turn"),
                                          seat=seat_later(seat), card=card_later(card)),
                               "ZC-6"), resolved, None)

    def _verify_go_down(self, action: GoDown, explain: bool) -> Checked:
        self._in_phase(GoDown)
        seat = self._current
        if self._down[seat]:
            raise IllegalAction(Verdict(False, Said(N_(
                "{seat} has already gone down this hand (ZC-9.3). Lay cards off instead "
                "(ZC-11)"), seat=seat_later(seat)), "ZC-9.3"))
        hand = self._hands[seat]
        if not explain:
            fast = self._go_down_fast(seat, action.melds)
            if fast is not None:
                return Checked(_OK, GoDown(fast), fast)
        pool = list(hand)
        readings = []
        for number, spec in enumerate(action.melds, 1):
            # the cards must all be in hand; a face without deck may name any held copy
            cards = meld_cards(spec)
            held_cards = []
            for card in cards:
                held = card if card in pool else next(
                    (c for c in pool if c.rank == card.rank and c.suit == card.suit), None)
                if held is None:
                    if card in hand:
                        raise IllegalAction(Verdict(False, _used_twice(card), "ZC-1.1"))
                    raise IllegalAction(Verdict(False, _meld_not_held(
                        number, seat, card, spec, self._rules), "ZC-9.2"))
                pool.remove(held)
                held_cards.append(held)
            if held_cards != list(cards):
                spec = _respec(spec, held_cards)
            found, verdict = meld_readings(spec, self._rules)
            if not found:
                raise IllegalAction(Verdict(False, _numbered(number, verdict), verdict.rule))
            readings.append(found)
        failure: Verdict | None = None
        for choice in product(*readings):
            verdict = check_go_down(list(choice), self._hand_number, self._rules)
            if verdict.ok:
                break
            if failure is None or (failure.rule == "ZC-9.2" and verdict.rule != "ZC-9.2"):
                failure = verdict  # the most specific reason: a wrong count says least
        else:
            if failure is None:
                failure = check_go_down([], self._hand_number, self._rules)
            raise IllegalAction(failure)
        melds = tuple(choice)
        if not self._leaves_discard(seat, [c for m in melds for c in m.cards]):
            swapped = self._with_taken_copy(seat, melds)  # ZC-6.1: the other copy may go
            if swapped is None:
                raise IllegalAction(_no_discard_left(seat, not pool))
            melds = swapped
        if explain and has_joker_in_set(melds):
            verdict = self._joker_in_set_verdict(seat, verdict)
        return Checked(verdict, GoDown(melds), melds)

    def _with_taken_copy(self, seat: int, melds: tuple[Meld, ...]) -> tuple[Meld, ...] | None:
        """``melds`` with the card taken this turn in place of a copy of the same face, so
        that the go-down keeps a card the player may discard (ZC-6.1: a card names whichever
        copy makes the action legal); None when no copy allows it."""
        taken = self._taken
        if taken is None:
            return None
        for number, meld in enumerate(melds):
            for position, card in enumerate(meld.cards):
                if card != taken and card.face == taken.face:
                    cards = list(meld.cards)
                    cards[position] = taken
                    swapped = (*melds[:number], with_cards(meld, cards), *melds[number + 1:])
                    used = [c for m in swapped for c in m.cards]
                    return swapped if self._leaves_discard(seat, used) else None
        return None

    def _joker_in_set_verdict(self, seat: int, verdict: Verdict) -> Verdict:
        """A legal go-down with a joker in a set: say kindly when another way existed (ZC-5.4)."""
        other = self._go_down_without_set_joker(seat)
        if other is None:
            return Verdict(True, Said(N_(
                "{reason}. A joker in a set is allowed, and here no go-down without one was "
                "possible (ZC-5.4)"), reason=Later(_reason, verdict)), verdict.rule)
        shown = " + ".join(f"[{m}]" for m in other)
        return Verdict(True, Said(N_(
            "legal ({rule}), but the seed calls a joker in a set rude when another go-down "
            "exists: {melds}"), rule=verdict.rule, melds=shown), "ZC-5.4")

    def _go_down_fast(self, seat: int, specs: Sequence[Any]) -> tuple[Meld, ...] | None:
        """The go-down as given when it is plainly legal (`Meld` values of cards held, each a
        legal meld, together the contract, a card left to discard), checked without building
        a word of explanation; None means "check it in full" (for the reason, or the readings
        of card lists)."""
        rules = self._rules
        if not all(isinstance(m, Meld) and laid_meld_ok(m, rules) for m in specs):
            return None
        used = [c for m in specs for c in m.cards]
        held = {c.code for c in self._hands[seat]}  # cards compare by code
        if len(set(used)) != len(used) or not all(c.code in held for c in used):
            return None
        melds = tuple(specs)
        contract = rules.contract(self._hand_number)
        if not contract_ok(melds, contract, rules) or not self._leaves_discard(seat, used):
            return None
        return melds

    def _verify_lay_off(self, action: LayOff, explain: bool) -> Checked:
        self._in_phase(LayOff)
        seat = self._current
        if not self._down[seat]:
            raise IllegalAction(Verdict(False, Said(N_(
                "{seat} has not gone down yet; only a player who has gone down may lay off"),
                seat=seat_later(seat)), "ZC-11.1"))
        index = action.meld_index
        if not 0 <= index < len(self._table):
            raise IllegalAction(_no_meld(index, len(self._table), "ZC-11.1"))
        card = self._held(seat, action.card, "ZC-11.1")
        taken = self._taken
        if (taken is not None and card != taken and taken.face == card.face
                and not self._leaves_discard(seat, (card,))):
            card = taken  # the other copy of this card may go: lay off the one taken (ZC-6.1)
        target = self._table[index].meld
        meld = target.with_card(card, action.end)  # raises IllegalAction when it does not fit
        if not self._leaves_discard(seat, (card,)):
            raise IllegalAction(_no_discard_left(seat, len(self._hands[seat]) == 1))
        verdict = can_lay_off(card, target, self._rules, end=action.end) if explain else _LAID
        return Checked(verdict, LayOff(card, index, action.end), meld)

    def _verify_exchange(self, action: ExchangeJoker, explain: bool) -> Checked:
        self._in_phase(ExchangeJoker)
        seat = self._current
        index = action.meld_index
        if not 0 <= index < len(self._table):
            raise IllegalAction(_no_meld(index, len(self._table), "ZC-12.1"))
        card = self._held(seat, action.card, "ZC-12.1")
        target = self._table[index].meld
        result = target.with_joker_exchanged(card)  # raises IllegalAction when it cannot
        verdict = can_exchange_joker(card, target) if explain else _OK
        return Checked(verdict, ExchangeJoker(card, index), result)


_PLAY_RULES = {GoDown: "ZC-9.1", LayOff: "ZC-11.1", ExchangeJoker: "ZC-12.3", Discard: "ZC-6"}
"""The rule that names when each own-turn action may be taken."""


def _respec(spec: Any, cards: Sequence[Card]) -> Any:
    """``spec`` made of other physical copies (``cards``, in the same order)."""
    if isinstance(spec, Meld):
        return with_cards(spec, cards)
    return tuple(card if isinstance(item, Card) else (card, item[1])
                 for item, card in zip(spec, cards, strict=True))


def _reason(verdict: Verdict) -> str:
    return verdict.reason


def _not_an_action(action: Any) -> Verdict:
    return Verdict(False, lambda: _(
        "{action} is not a Zion Check action (DrawStock, TakeDiscard, Claim, Pass, GoDown, "
        "LayOff, ExchangeJoker or Discard)").format(action=repr(action)), "ZC-6")


def _not_held_words(seat: int, card: Any) -> str:
    shown = _card(card) if isinstance(card, Card) else str(card)
    return _("{seat} does not hold {card}").format(seat=seat_name(seat), card=shown)


def _not_held(seat: int, card: Any, rule: str) -> Verdict:
    return Verdict(False, lambda: _not_held_words(seat, card), rule)


def _used_twice(card: Card) -> Callable[[], str]:
    return lambda: _("{card} is used twice: one physical card goes in one meld only").format(
        card=_card(card))


def _numbered(number: int, verdict: Verdict) -> Callable[[], str]:
    """The reason of meld ``number`` of a go-down, when read."""
    return lambda: _("meld {number}: {reason}").format(number=number, reason=verdict.reason)


def _meld_not_held(number: int, seat: int, card: Any, spec: Any,
                   rules: Rules) -> Callable[[], str]:
    """Meld ``number`` of a go-down names a card the seat does not hold, and whether the meld
    would be legal anyway, when read."""
    return lambda: _("meld {number}: {missing} (ZC-9.2). {as_a_meld}").format(
        number=number, missing=_not_held_words(seat, card), as_a_meld=_as_a_meld(spec, rules))


def _as_a_meld(spec: Any, rules: Rules) -> str:
    """Whether a meld of a go-down would be legal, said after a card of it is not held."""
    cards = cards_words(meld_cards(spec))
    found, verdict = meld_readings(spec, rules)
    if found:
        return _("As a meld, {cards} would be {meld}").format(cards=cards,
                                                             meld=found[0].description)
    return _("{cards} would not be a meld either: {reason}").format(cards=cards,
                                                                   reason=verdict.reason)


def _no_meld(index: int, count: int, rule: str) -> Verdict:
    # People count the table's melds from 1 (#1, #2, …); the API's meld_index counts from 0.
    if count == 0:
        return Verdict(False, lambda: _("there is no meld on the table yet"), rule)
    if count == 1:
        return Verdict(False, lambda: _(
            "there is no meld #{number} (meld_index {index}) on the table: the only meld is #1 "
            "(meld_index 0)").format(number=index + 1, index=index), rule)
    return Verdict(False, lambda: _(
        "there is no meld #{number} (meld_index {index}) on the table: the melds are #1 to "
        "#{count} (meld_index 0 to {last})").format(number=index + 1, index=index, count=count,
                                                     last=count - 1), rule)


def _no_discard_left(seat: int, empties: bool) -> Verdict:
    if empties:
        return Verdict(False, lambda: _(
            "{seat} would have no card left to discard: going out needs a final discard (option "
            "allow_go_out_without_discard)").format(seat=seat_name(seat)), "ZC-13.1")
    return Verdict(False, lambda: _(
        "{seat} would keep only the card taken from the discard pile this turn, which may not be "
        "discarded").format(seat=seat_name(seat)), "ZC-6.1")


_VERIFY: dict[type, Callable[[Any, Any, bool], Checked]] = {
    DrawStock: Checks._verify_draw, TakeDiscard: Checks._verify_take,
    Claim: Checks._verify_claim, Pass: Checks._verify_pass,
    Discard: Checks._verify_discard, GoDown: Checks._verify_go_down,
    LayOff: Checks._verify_lay_off, ExchangeJoker: Checks._verify_exchange,
}
"""The check of each kind of action (``Checks._verify`` dispatches on the type)."""
