"""Zion Check bots: a random legal player and a sensible greedy one.

Both decide from their seat's view only (`Observation`: their own hand and what is public,
ZC-3.3), which their caller hands to ``choose(view)``, never the game::

    >>> from cardkit import play_out
    >>> from cardkit.zioncheck.game import new_game
    >>> game = play_out(new_game(players=3, seed=5), [GreedyBot(s) for s in range(3)])
    >>> game.is_over, len(game.results)
    (True, 6)

`GreedyBot` takes a discard only when it helps the contract, goes down as soon as it can (the
solver's arrangement, avoiding jokers in sets, ZC-5.4, unless that is the only way), lays off
(a joker on a run end; on a set only when that lets it go out at once), frees jokers from
runs, claims out of turn when the card completes a group, and discards the card that costs it
least (never a joker while another card can go). It calls the full solver only when a cheap
count says going down might be possible (`cardkit.zioncheck.tally`), and remembers the answers
for every greedy bot (they depend on the cards, not on who asks).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from cardkit.cards import Card
from cardkit.engine import declare_view
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
)
from cardkit.zioncheck.melds import MeldKind, may_fit
from cardkit.zioncheck.rules import Contract, Rules
from cardkit.zioncheck.solver import can_go_down, find_go_down
from cardkit.zioncheck.state import Phase, TableMeld
from cardkit.zioncheck.tally import (
    least_useful,
    might_go_down,
    summary,
    usefulness_counted,
)
from cardkit.zioncheck.view import Observation

__all__ = ["GreedyBot", "RandomBot"]

# ZC-3.3: the cards are dealt to each player and the rest is the face-down stock: a player sees
# their own hand and what is laid face up, nothing else.
declare_view(Observation, "ZC-3.3")


def _own_view(bot: Any, view: Observation | Any) -> Observation:
    """``view`` itself, checked to be ``bot``'s seat's; the old call ``choose(game)`` warns
    and observes the game (for one more release)."""
    if not isinstance(view, Observation):
        warnings.warn(f"cardkit.zioncheck bots take their seat's view: "
                      f"{type(bot).__name__}.choose(game) is deprecated, call "
                      f"choose(game.observe(seat))", DeprecationWarning, stacklevel=3)
        observed: Observation = view.observe(bot.seat)
        return observed
    if view.seat != bot.seat:
        raise ValueError(f"seat {bot.seat}'s bot was given seat {view.seat}'s view: a bot "
                         f"decides from its own seat's view only (ZC-3.3)")
    return view

# The actions without cards are frozen values: one of each serves every decision.
_DRAW, _TAKE, _CLAIM, _PASS = DrawStock(), TakeDiscard(), Claim(), Pass()
_RUN = MeldKind.RUN
_SET = MeldKind.SET


class RandomBot:
    """Plays a uniformly random legal action (its own seeded generator)."""

    takes_view = True  # choose is handed the seat's view (cardkit.engine.takes_game)

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Action:
        """This seat's move, decided from its view alone."""
        obs = view if view.__class__ is Observation and view.seat == self.seat else (
            _own_view(self, view))  # the common case checked inline: a call less a decision
        actions = obs.legal_actions()
        if not actions:
            raise ValueError(f"it is not seat {self.seat}'s move")
        action: Action = self.rng.choice(actions)
        return action

    def __repr__(self) -> str:
        return f"RandomBot(seat={self.seat})"


class GreedyBot:
    """A quick, sensible player (see the module docstring).

    Its choices are deterministic (ties go to the lowest card code); ``seed`` is accepted so
    that every bot class is built the same way."""

    takes_view = True  # choose is handed the seat's view (cardkit.engine.takes_game)

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.seed = seed
        self._asked: set[tuple[int, frozenset[Card], int]] = set()
        """The go-downs this bot has asked the solver for (see `_go_down`); the answers are
        shared by every bot (`_ANSWERS`)."""
        self._counted: tuple[tuple[Card, ...], tuple[list[int], list[int]]] | None = None
        """The last hand asked about in `_wants` and its `summary` (a seat asked about
        several discards between its turns holds the same hand)."""

    def __repr__(self) -> str:
        return f"GreedyBot(seat={self.seat})"

    # ----------------------------------------------------------------- decisions

    def choose(self, view: Observation) -> Action:
        """This seat's move, decided from its view alone."""
        obs = view if view.__class__ is Observation and view.seat == self.seat else (
            _own_view(self, view))  # the common case checked inline: a call less a decision
        seat = self.seat
        if obs.current_player != seat:
            raise ValueError(f"it is not seat {seat}'s move")
        phase = obs.phase
        if phase is Phase.DRAW:
            return self.draw(obs.hand, obs.table, obs.gone_down[seat], obs.rules, obs.contract,
                             obs.hand_number, obs.discard_top, obs.top_discarder)
        if phase is Phase.CLAIM:
            return self.claim(obs.hand, obs.table, obs.gone_down[seat], obs.rules, obs.contract,
                              obs.hand_number, obs.window_card, obs.claims_made[seat])
        return self.play(obs.hand, obs.table, obs.gone_down[seat], obs.rules, obs.contract,
                         obs.hand_number, obs.taken_card)

    # The decisions of each phase, from the view's fields that they read (``hand``: this seat's
    # cards as a tuple; ``table``: the `TableMeld` values on the table; ``down``: whether this
    # seat has gone down). `choose` hands them its view's; the analyst's fast rollout
    # (`cardkit.zioncheck.rollout_core`) hands them the same values from the game it plays.

    def draw(self, hand: tuple[Card, ...], table: Sequence[TableMeld], down: bool, rules: Rules,
             contract: Contract, hand_number: int, top: Card | None,
             top_by: int | None) -> Action:
        """The DRAW phase: take the top discard ``top`` (discarded by ``top_by``) or draw."""
        if top is None or top_by == self.seat:
            return _DRAW
        if down:
            # a card that can be laid off at once; a joker only onto a run (ZC-5.4)
            if any(may_fit(top, tm.meld) and not (top.rank == 0 and tm.meld.kind is _SET)
                   for tm in table):
                return _TAKE
            return _DRAW
        if self._wants(hand, top, contract, rules, hand_number, strong=False):
            return _TAKE
        return _DRAW

    def claim(self, hand: tuple[Card, ...], table: Sequence[TableMeld], down: bool,
              rules: Rules, contract: Contract, hand_number: int, card: Card | None,
              claims: int) -> Action:
        """The CLAIM phase, asked about ``card`` having claimed ``claims`` times this hand."""
        if not down:
            exchange = _joker_to_free(table, hand)
            if exchange is not None:
                return exchange
            limit = rules.max_claims_per_hand
            if (limit is None or claims < limit) and self._wants(
                    hand, card, contract, rules, hand_number, strong=True):
                return _CLAIM
        return _PASS

    def play(self, held: tuple[Card, ...], table: Sequence[TableMeld], down: bool, rules: Rules,
             contract: Contract, hand_number: int, taken_card: Card | None) -> Action:
        """The PLAY phase (``taken_card``: the card taken from the discard pile this turn)."""
        hand = list(held)
        taken = taken_card if rules.forbid_discard_of_taken_card else None
        if not down:
            exchange = _joker_to_free(table, held)
            if exchange is not None:
                return exchange
            melds = self._go_down(hand, taken, hand_number, contract, rules)
            if melds is not None:
                return GoDown(melds)
            return Discard(least_useful(hand, contract, rules.card_values.by_rank(), taken))
        lay = _lay_off(table, rules, hand, taken)
        if lay is not None:
            return lay
        # a natural card that frees a joker can leave the hand even when it fits nowhere else:
        # the joker it brings in can be laid off on a run end next (ZC-12.1, ZC-11.2)
        if len(hand) > 1 and any(tm.meld.kind is not _SET and len(tm.meld.cards) < 14
                                 for tm in table):
            exchange = _joker_to_free(table, held)
            if exchange is not None:
                return exchange
        return Discard(_costliest_discard(hand, taken, rules.card_values.by_rank()))

    # ----------------------------------------------------------------- pieces

    def _go_down(self, hand: list[Card], taken: Card | None, hand_number: int,
                 contract: Contract, rules: Rules) -> tuple[Any, ...] | None:
        keep = 0 if rules.allow_go_out_without_discard else 1
        # the answer found when deciding to take this card (keeping one more) will do
        melds = None
        if taken is not None:
            cards = frozenset(hand)
            if (hand_number, cards, keep + 1) in self._asked:
                melds = _solver_answer(_find, hand, cards, hand_number, rules, keep + 1)
        if melds is None:
            melds = self._solve(hand, hand_number, contract, rules, keep)
        if melds is None:
            return None
        used = {c for m in melds for c in m.cards}
        left = [c for c in hand if c not in used]
        if taken is not None and left == [taken]:  # ZC-6.1: keep another card to discard
            melds = find_go_down(hand, hand_number, rules, keep_at_least=keep,
                                 avoid_set_jokers=True, taken=taken)
        return melds

    def _solve(self, cards: Sequence[Card], hand_number: int, contract: Contract, rules: Rules,
               keep: int) -> tuple[Any, ...] | None:
        """The solver's go-down (jokers kept out of sets if possible, ZC-5.4), remembered;
        the solver is only called when `might_go_down` says yes."""
        if not might_go_down(cards, contract, rules, keep):
            return None
        cardset = frozenset(cards)
        key = (hand_number, cardset, keep)
        if key not in self._asked:
            if len(self._asked) > 4096:
                self._asked.clear()
            self._asked.add(key)
        found: tuple[Any, ...] | None = _solver_answer(_find, cards, cardset, hand_number,
                                                       rules, keep)
        return found

    def _summary(self, hand: tuple[Card, ...]) -> tuple[list[int], list[int]]:
        """`summary` of ``hand``, remembered for the last hand asked about (tuples of the same
        cards compare without calling Card.__eq__)."""
        counted = self._counted
        if counted is None or counted[0] != hand:
            counted = self._counted = (hand, summary(hand))
        return counted[1]

    def _wants(self, hand: tuple[Card, ...], card: Card | None, contract: Contract,
               rules: Rules, hand_number: int, *, strong: bool) -> bool:
        """Would ``card`` help this (not yet gone down) hand towards its contract?"""
        if card is None:
            return False
        if card.rank == 0:
            return True
        if usefulness_counted(card, self._summary(hand), contract) >= (6 if strong else 4):
            return True
        keep = 0 if rules.allow_go_out_without_discard else 1
        # a card taken on one's turn may not be discarded that turn (ZC-6.1): the go-down must
        # leave another card, so ask the solver to keep one more. (The hand alone cannot go
        # down: it is what was left after this bot's last turn, when it would have.)
        extra = 1 if (not strong and rules.forbid_discard_of_taken_card) else 0
        bigger = [*hand, card]
        if strong:
            # a claim only asks whether a go-down would then exist: the solver may stop at the
            # first it finds (the best one is looked for on this seat's own turn)
            return might_go_down(bigger, contract, rules, keep) and bool(_solver_answer(
                _can, bigger, frozenset(bigger), hand_number, rules, keep))
        return self._solve(bigger, hand_number, contract, rules, keep + extra) is not None


_ANSWERS: dict[tuple[Any, ...], Any] = {}
"""The solver's answers, for every `GreedyBot` (the rollouts of an analysis ask about the same
hands again and again). An answer depends only on the cards as a set (the solver counts them
and builds its melds from them in sorted order), the hand, the rules and the cards to keep,
so which bot asked first does not change any choice. Emptied when it reaches `_MAX_ANSWERS`."""
_MAX_ANSWERS = 4096


def _find(cards: Sequence[Card], hand_number: int, rules: Rules,
          keep: int) -> tuple[Any, ...] | None:
    """The solver's go-down, jokers kept out of sets if possible (ZC-5.4)."""
    return find_go_down(cards, hand_number, rules, keep_at_least=keep, avoid_set_jokers=True)


def _can(cards: Sequence[Card], hand_number: int, rules: Rules, keep: int) -> bool:
    """Is there any go-down (the solver stops at the first it finds)?"""
    return can_go_down(cards, hand_number, rules, keep_at_least=keep)


def _solver_answer(ask: Callable[[Sequence[Card], int, Rules, int], Any], cards: Sequence[Card],
                   cardset: frozenset[Card], hand_number: int, rules: Rules, keep: int) -> Any:
    """``ask(cards, hand_number, rules, keep)`` (`_find` or `_can`), remembered in `_ANSWERS`
    (``cardset`` is ``frozenset(cards)``)."""
    key = (ask, cardset, hand_number, keep, rules)
    found = _ANSWERS.get(key, _ANSWERS)
    if found is _ANSWERS:
        if len(_ANSWERS) >= _MAX_ANSWERS:
            _ANSWERS.clear()
        found = _ANSWERS[key] = ask(cards, hand_number, rules, keep)
    return found


def _joker_to_free(table: Sequence[TableMeld], hand: Sequence[Card]) -> Action | None:
    """An exchange that frees a joker from a run on the table, if this hand can make one."""
    wanted: dict[tuple[int, str | None], int] = {}
    for index, tm in enumerate(table):
        meld = tm.meld
        if meld.kind is _RUN:
            for card, face in zip(meld.cards, meld.stands_for, strict=True):
                if card.rank == 0:
                    wanted[face.rank, face.suit] = index
    if not wanted:
        return None
    for card in hand:
        found = wanted.get((card.rank, card.suit))
        if found is not None and card.rank:
            return ExchangeJoker(card, found)
    return None


def _lay_off(table: Sequence[TableMeld], rules: Rules, hand: list[Card],
             taken: Card | None) -> Action | None:
    """The costliest card that fits a meld on the table, laid off (ZC-11).

    A joker goes on a run end. It goes on a set (ZC-5.4 frowns on that) only when it is all
    that stands between this player and going out: the last card but the one to discard (or
    the very last card under ``allow_go_out_without_discard``). Otherwise it stays in hand,
    where it may still extend a run later."""
    keep = 0 if rules.allow_go_out_without_discard else 1
    if len(hand) <= keep or not table:
        return None
    candidates = hand
    if len(hand) == 2 and taken is not None and taken in hand:
        candidates = [taken]  # laying off the other card would leave only the taken card (ZC-6.1)
    # Any: a run's ``low`` and ``high`` are ints (a set's are None, and sets are not asked)
    melds: list[Any] = [tm.meld for tm in table]
    # the faces some meld takes (a set's rank, a run's next card at either end): most cards
    # fit nowhere, and this spares sorting them and asking every meld about them
    set_ranks = {meld.rank for meld in melds if meld.kind is _SET}
    run_ends = set()
    for meld in melds:
        if meld.kind is _RUN and len(meld.cards) < 14:
            run_ends.add((meld.low - 1, meld.suit))
            run_ends.add((meld.high + 1, meld.suit))
            if meld.high == 13:
                run_ends.add((1, meld.suit))
    fitting = [c for c in candidates
               if not c.rank or c.rank in set_ranks or (c.rank, c.suit) in run_ends]
    if not fitting:
        return None
    values = rules.card_values.by_rank()
    goes_out = len(hand) == keep + 1
    for card in sorted(fitting, key=lambda c: (-values[c.rank], c.code)):
        fits = [i for i, meld in enumerate(melds) if may_fit(card, meld)]
        if card.rank == 0 and not goes_out:
            fits = [i for i in fits if melds[i].kind is not _SET]
        elif card.rank == 0:
            fits.sort(key=lambda i: melds[i].kind is _SET)  # a run end still comes first
        if fits:
            return LayOff(card, fits[0], None)
    return None


def _costliest_discard(hand: list[Card], taken: Card | None, values: tuple[int, ...]) -> Card:
    """After going down: the costliest card to discard, keeping jokers while anything else can
    go (a discarded joker is a gift to the next player, and a kept one may extend a run)."""
    allowed = [c for c in hand if c != taken]
    naturals = [c for c in allowed if c.rank] or allowed
    return max(naturals, key=lambda c: (values[c.rank], c.code))

