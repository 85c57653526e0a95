"""The Python side of the flat Zion Check rollout: a game in the middle of a hand as the flat
state `cardkit.zioncheck.flat.hand.play_hand` plays (`flat_world`), and `rollout`, the
analyst's greedy rollout (`cardkit.zioncheck.analyst.rollout` with ``kind="greedy"``) played
flat, falling back to `cardkit.zioncheck.rollout_core.play_hand` for the worlds the flat loop
leaves to Python (a reshuffle of the stock, ZC-6.2).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import numpy as np

from cardkit.zioncheck.actions import Claim, Discard, DrawStock, Pass, TakeDiscard
from cardkit.zioncheck.bots import GreedyBot
from cardkit.zioncheck.flat.codes import meld_row, meld_width, rules_row
from cardkit.zioncheck.flat.hand import (
    K_CLAIM,
    K_DISCARD,
    K_DRAW,
    K_PASS,
    K_TAKE,
    PH_CLAIM,
    PH_DRAW,
    PH_OVER,
    PH_PLAY,
    S_ASK_FROM,
    S_ASK_TO,
    S_BONUS,
    S_CURRENT,
    S_DISCARD,
    S_DRAW_TWO,
    S_MELDS,
    S_PHASE,
    S_SIZE,
    S_STOCK,
    S_TAKEN,
    S_TURN,
    S_TURNS,
    S_WINDOW,
    S_WINNER,
    play_each,
    play_hand,
)
from cardkit.zioncheck.rollout_core import play_hand as play_hand_python
from cardkit.zioncheck.state import Phase

if TYPE_CHECKING:
    from cardkit.zioncheck.game import ZionGame

__all__ = ["FlatWorld", "flat_world", "play_flat", "rollout", "rollout_all"]

_PHASES = {Phase.DRAW: PH_DRAW, Phase.CLAIM: PH_CLAIM, Phase.PLAY: PH_PLAY, Phase.OVER: PH_OVER}


@dataclass
class FlatWorld:
    """The flat state of a game in the middle of a hand (see `cardkit.zioncheck.flat.hand`)."""

    params: np.ndarray
    hands: np.ndarray
    hn: np.ndarray
    stock: np.ndarray
    discard: np.ndarray
    discard_by: np.ndarray
    table: np.ndarray
    down: np.ndarray
    claims: np.ndarray
    asking: np.ndarray
    state: np.ndarray
    points: np.ndarray

    def copy(self) -> FlatWorld:
        """An independent copy (every array copied)."""
        return FlatWorld(*(getattr(self, field.name).copy() for field in fields(self)))


def _codes(cards: Any, room: int) -> np.ndarray:
    row = np.zeros(room, np.int64)
    row[:len(cards)] = [c.code for c in cards]
    return row


_LAST_RULES: tuple[Any, int, int, np.ndarray | None] = (None, 0, 0, None)
"""The rules row of the last hand made flat, replaced whole (threads only miss it)."""


def _rules_row(rules: Any, hand_number: int, players: int) -> np.ndarray:
    """`rules_row`, the same array for the worlds of one hand (the kernels only read it)."""
    global _LAST_RULES
    last_rules, last_hand, last_players, row = _LAST_RULES
    if last_rules is rules and last_hand == hand_number and last_players == players \
            and row is not None:
        return row
    row = rules_row(rules, hand_number, players)
    _LAST_RULES = (rules, hand_number, players, row)
    return row


def flat_world(game: ZionGame) -> FlatWorld:
    """``game``'s current hand as a `FlatWorld` (the game is not changed)."""
    rules = game._rules
    players = game._players
    hand_number = game._hand_number
    params = _rules_row(rules, hand_number, players)
    pack = len(game._pack)
    hands = np.zeros((players, pack), np.int64)
    hn = np.zeros(players, np.int64)
    for seat, held in enumerate(game._hands):
        hands[seat, :len(held)] = [c.code for c in held]
        hn[seat] = len(held)
    contract = rules.contracts[hand_number - 1]
    width = meld_width(pack // 54)
    table = np.zeros((len(game._table) + players * (contract.sets + contract.runs), width),
                     np.int64)
    for k, tm in enumerate(game._table):
        table[k] = meld_row(tm.meld, tm.owner, width)
    discard_by = np.full(pack, -1, np.int64)
    discard_by[:len(game._discard_by)] = [-1 if s is None else s for s in game._discard_by]
    asking = np.zeros(players, np.int64)
    asking[:len(game._asking)] = game._asking
    state = np.zeros(S_SIZE, np.int64)
    state[S_PHASE] = _PHASES[game._phase]
    state[S_CURRENT], state[S_TURN] = game._current, game._turn
    state[S_TAKEN] = -1 if game._taken is None else game._taken.code
    state[S_WINDOW] = -1 if game._window_card is None else game._window_card.code
    state[S_BONUS], state[S_DRAW_TWO] = game._bonus_turn, game._draw_two
    state[S_TURNS] = game._turns
    state[S_STOCK], state[S_DISCARD] = len(game._stock), len(game._discard)
    state[S_MELDS] = len(game._table)
    state[S_ASK_FROM], state[S_ASK_TO] = 0, len(game._asking)
    state[S_WINNER] = -1
    return FlatWorld(params, hands, hn, _codes(game._stock, pack), _codes(game._discard, pack),
                     discard_by, table, np.array(game._down, np.int64),
                     np.array(game._claims, np.int64), asking, state,
                     np.zeros(players, np.int64))


def play_flat(world: FlatWorld, trace: np.ndarray | None = None) -> int:
    """Play ``world``'s hand to its end (`cardkit.zioncheck.flat.hand.play_hand`): how it
    ended, or a negative status for a world to play the Python way. ``trace``: rows (kind,
    card, meld index) for the actions played."""
    if trace is None:
        trace = np.zeros((0, 3), np.int64)
    keys, answers = _NO_MEMO
    return int(play_hand(world.params, world.hands, world.hn, world.stock, world.discard,
                         world.discard_by, world.table, world.down, world.claims, world.asking,
                         world.state, world.points, trace, keys, answers))


def rollout(world: ZionGame, seat: int, action: Any, seed: int) -> tuple[float, bool]:
    """`cardkit.zioncheck.analyst.rollout` with greedy bots: play ``action`` in ``world``
    (checked, through `ZionGame.apply`), then the rest of the hand flat; ``seat``'s penalty
    points for the hand (ZC-14.1) and whether it went out first (ZC-13.1). A world the flat
    loop leaves to Python is played on by `cardkit.zioncheck.rollout_core.play_hand` from
    ``world`` itself, which the flat copy did not change."""
    results = world._results
    done = len(results)
    world.apply(action)
    if len(results) > done:
        result = results[done]
        return float(result.points[seat]), result.winner == seat
    flat = flat_world(world)
    if play_flat(flat) >= 0:
        return float(flat.points[seat]), int(flat.state[S_WINNER]) == seat
    bots = [GreedyBot(s, seed=seed + s) for s in range(world._players)]
    result = play_hand_python(world, bots)
    return float(result.points[seat]), result.winner == seat


_NO_MEMO = (np.zeros((0, 4), np.int64), np.zeros((0, 1), np.int64))
"""A memo with no slot: `play_flat` plays one hand, with nothing to share."""

_FIRST = {DrawStock: K_DRAW, TakeDiscard: K_TAKE, Pass: K_PASS, Claim: K_CLAIM, Discard: K_DISCARD}
"""The actions `play_after` plays flat (a lay-off, an exchange and a go-down are played by
`ZionGame.apply` on a copy, then flattened: they are few in a decision)."""


_LAST_FIRST: tuple[Any, ...] = ((), None, None, None, None)
"""The last `_first_moves` asked: its actions, rules and situation, and its answer."""


def _first_moves(world: ZionGame, actions: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Each action as `play_after` plays it (kind, card code), or kind -1 for one it does not.

    Each action goes through the game's check, which resolves it as `ZionGame.apply` would (a
    card named by its face is the copy held). What the check reads of a draw, take, claim, pass
    or discard is the same in every world sampled from one view (the acting seat's own hand,
    the card it took, the phase, the public table), so the answer for the same actions in the
    same situation is kept (one entry, replaced whole) for the analysis' next world."""
    global _LAST_FIRST
    seat = world._current
    taken = world._taken
    situation = (seat, world._phase, -1 if taken is None else taken.code,
                 tuple(card.code for card in world._hands[seat]))
    last_actions, last_rules, last_situation, kinds, cards = _LAST_FIRST
    if (last_rules is world._rules and last_situation == situation
            and len(last_actions) == len(actions)
            and all(a is b for a, b in zip(last_actions, actions, strict=True))):
        return kinds, cards
    count = len(actions)
    kinds = np.full(count, -1, np.int64)
    cards = np.full(count, -1, np.int64)
    for i, action in enumerate(actions):
        resolved = world._verify(action, None, explain=False).action
        kind = _FIRST.get(type(resolved))
        if kind is not None:
            kinds[i] = kind
            if isinstance(resolved, Discard):
                cards[i] = resolved.card.code
    _LAST_FIRST = (tuple(actions), world._rules, situation, kinds, cards)
    return kinds, cards


def rollout_all(world: ZionGame, seat: int, actions: list[Any],
                seed: int) -> list[tuple[float, bool]]:
    """`rollout` of each of ``actions`` in ``world`` (which is not changed): the world is made
    flat once, and the kernel plays each action on its own copy of it (`play_each`); an action
    it does not play first, and a world it leaves to Python, are played by `rollout`."""
    count = len(actions)
    kinds, cards = _first_moves(world, actions)
    base = flat_world(world)
    status = np.zeros(count, np.int64)
    points = np.zeros(count, np.int64)
    won = np.zeros(count, np.int64)
    play_each(base.params, base.hands, base.hn, base.stock, base.discard, base.discard_by,
              base.table, base.down, base.claims, base.asking, base.state, seat, kinds, cards,
              status, points, won)
    results = []
    for i, action in enumerate(actions):
        if status[i] >= 0:
            results.append((float(points[i]), bool(won[i])))
        elif kinds[i] < 0:
            results.append(rollout(world.clone(), seat, action, seed))
        else:
            results.append(_python(world.clone(), seat, action, seed))
    return results


def _python(world: ZionGame, seat: int, action: Any, seed: int) -> tuple[float, bool]:
    """The rollout through `cardkit.zioncheck.rollout_core.play_hand`."""
    results = world._results
    done = len(results)
    world.apply(action)
    if len(results) == done:
        play_hand_python(world, [GreedyBot(s, seed=seed + s) for s in range(world._players)])
    result = results[done]
    return float(result.points[seat]), result.winner == seat
