"""The analyst for Zion Check: what `cardkit.pimc` rates (penalty points, ZC-14) and
`AnalystBot`.

An action is rated by the seat's expected penalty points at the end of the hand (ZC-14.1,
lower is better) when the hand is played out by the rollout bots from worlds dealt by
`cardkit.zioncheck.worlds.sample_world`, and by its chance to go out first (ZC-13.1). Actions
that are the same move are merged: discards of two copies of a card (ZC-1.1), or of two
jokers::

    >>> from cardkit import play_out
    >>> from cardkit.zioncheck import GreedyBot, new_game
    >>> bots = [AnalystBot(0, max_samples=2, seconds=None), GreedyBot(1), GreedyBot(2)]
    >>> play_out(new_game(players=3, seed=2), bots, max_actions=6).hand_number
    1
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from random import Random
from typing import Any

from cardkit.pimc import AnalystBase, Profile
from cardkit.zioncheck.actions import Discard, ExchangeJoker, GoDown, LayOff
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.events import ZionEvent, seat_name
from cardkit.zioncheck.flat.ready import flat_rollouts
from cardkit.zioncheck.game import ZionGame
from cardkit.zioncheck.rollout_core import play_hand
from cardkit.zioncheck.state import Phase
from cardkit.zioncheck.view import Observation
from cardkit.zioncheck.worlds import sample_world

__all__ = ["PROFILE", "ROLLOUT_BOTS", "THRESHOLDS", "TOLERANCE", "AnalystBot", "HandWorld",
           "move_key", "rollout", "rollout_rules_core", "sample_hand_world"]

ROLLOUT_BOTS: dict[str, type] = {"greedy": GreedyBot, "random": RandomBot}
"""The bots a rollout may be played by."""
THRESHOLDS = (3.0, 8.0, 15.0)
"""The expected loss in penalty points of an inaccuracy, a mistake and a blunder (a low card
is 5, a ten or a face card 10, an ace or a joker 15, ZC-2.3)."""


TOLERANCE = 1.0
"""Penalty points within which two actions count as equal (a card costs 5 to 15, ZC-2.3)."""


def move_key(action: Any) -> Hashable:
    """The same key for actions that are the same move: a card is its face (rank and suit;
    every joker alike), whichever deck's copy it is (ZC-1.1); every go-down is one move (the
    solver's arrangement is the one offered and rated, ZC-9.2)."""
    kind = type(action)
    if kind is Discard:
        card = action.card
        return ("discard", card.rank, card.suit)
    if kind is LayOff:
        card = action.card
        return ("lay off", card.rank, card.suit, action.meld_index, action.end)
    if kind is ExchangeJoker:
        card = action.card
        return ("exchange", card.rank, card.suit, action.meld_index)
    if kind is GoDown:  # one go-down is offered (the solver's); any other is rated as it
        return ("go down",)
    key: Hashable = action
    return key


class HandWorld(ZionGame):
    """A sampled world that ends with its hand: the hand is played and scored as in any game
    (ZC-13, ZC-14.1), and then the game is over instead of dealing the next hand, which a
    rollout never reads (shuffling and dealing it would cost a rollout about 4%)."""

    __slots__ = ()

    def _start_hand(self, out: list[ZionEvent] | None) -> None:
        self._phase = Phase.OVER


def sample_hand_world(view: Observation, rng: Random) -> HandWorld:
    """`cardkit.zioncheck.worlds.sample_world` as a `HandWorld` (the same cards in the same
    places for the same ``rng``)."""
    world = sample_world(view, rng, cls=HandWorld)
    assert isinstance(world, HandWorld)
    return world


def rollout(world: Any, seat: int, action: Any, kind: str, seed: int) -> tuple[float, bool]:
    """Play ``action`` in ``world``, then the hand to its end with bots of ``kind``;
    ``seat``'s penalty points for the hand (ZC-14.1) and whether it went out first
    (ZC-13.1).

    Greedy bots play the rest of the hand by `cardkit.zioncheck.rollout_core.play_hand` (the
    same moves and result as `rollout_rules_core`, without views, events or checks of the
    bots' own moves); any other kind is played through the rules core."""
    cls = ROLLOUT_BOTS[kind]
    if cls is not GreedyBot:
        return rollout_rules_core(world, seat, action, kind, seed)
    bots = [GreedyBot(s, seed=seed + s) for s in range(world._players)]
    results = world._results
    done = len(results)
    world.apply(action)  # the action rated is checked as any other
    result = results[done] if len(results) > done else play_hand(world, bots)
    return float(result.points[seat]), result.winner == seat


def rollout_all(world: Any, seat: int, actions: Sequence[Any], kind: str,
                seed: int) -> list[tuple[float, bool]]:
    """`rollout` of every action of ``actions`` in ``world`` (unchanged), by the compiled flat
    rollout (`cardkit.zioncheck.flat.world.rollout_all`) when it is ready; an empty list
    otherwise, and the analyst calls `rollout` for each. Both play the very same hands
    (``tests/flat``), so the analysis is the same either way."""
    flat = flat_rollouts() if kind == "greedy" else None
    if flat is None:
        return []
    results: list[tuple[float, bool]] = flat.rollout_all(world, seat, list(actions), seed)
    return results


def rollout_rules_core(world: Any, seat: int, action: Any, kind: str,
                       seed: int) -> tuple[float, bool]:
    """`rollout` played wholly through the rules core: every move checked by `ZionGame.apply`
    and decided by a bot of ``kind`` from its seat's `Observation` (the reference the fast
    greedy path is tested against, and the path of every other rollout bot)."""
    cls = ROLLOUT_BOTS[kind]
    # every rollout bot decides from its seat's view (``takes_view``): each is handed it
    # here directly, as `cardkit.pimc.decide` would, without asking again at every move
    choose = [cls(s, seed=seed + s).choose for s in range(world._players)]
    results = world._results
    done = len(results)
    apply, observe = world.apply, world.observe
    apply(action)
    while len(results) == done:
        mover = world._current
        apply(choose[mover](observe(mover)))
    result = results[done]
    return float(result.points[seat]), result.winner == seat


def _measure(view: Observation) -> str:
    return f"penalty points for {seat_name(view.seat)} at the end of hand {view.hand_number}"


def _words(action: Any) -> str:
    text = str(action)
    return text[:1].upper() + text[1:]


PROFILE = Profile(
    game="zioncheck", sample_world=sample_hand_world, rollout=rollout, key=move_key, words=_words,
    better=-1, measure=_measure, chance_words="chance to go out first",
    rules=("ZC-14.1", "ZC-13.1", "ZC-2.3"), thresholds=THRESHOLDS,
    rollout_kinds=tuple(ROLLOUT_BOTS), seat_name=seat_name, tolerance=TOLERANCE,
    set_aside=True, rollout_all=rollout_all)
"""Zion Check's analyst profile (`cardkit.pimc.Profile`)."""


class AnalystBot(AnalystBase):
    """Plays the action the analyst rates best from its seat's view: flat Monte Carlo over
    worlds consistent with what the seat has seen, rolled out by greedy bots.

    ``AnalystBot(seat, *, seed=0, seconds=0.2)``; give ``max_samples`` (and ``seconds=None``)
    for a bot that plays the same moves on every machine."""

    profile = PROFILE
    prefer = GreedyBot  # the greedy move when the analysis cannot tell it worse than the best
