"""The analyst's fast greedy rollout of a Zion Check hand: the rules core's own moves and the
greedy bot's own decisions, without what only untrusted input and onlookers need.

`play_hand` plays a game to the end of its hand with every seat a `GreedyBot`, and gives the
same hand as playing it through `ZionGame.apply` with each bot handed its seat's view
(`cardkit.zioncheck.analyst.rollout_rules_core`): the same actions in the same order, the
same cards everywhere and the same `HandResult`. It is the same code, called more directly:

- each decision is `GreedyBot.draw` / ``claim`` / ``play``, the very methods ``choose``
  calls with its `Observation`'s fields, here handed the same values read from the game's
  slots (no view is built: about a tenth of a rollout);
- each move is the rules core's own (`cardkit.zioncheck.moves`), called with ``out=None``,
  which makes no event; draws, takes, passes, claims and discards are played without their
  checks (the greedy bot draws or takes only when the rules let it, asks only what it may be
  asked, and discards a card it holds that it may discard, ZC-6.1); a lay-off, a joker
  exchange and a go-down go through their checks (``explain=False``), which also work out
  the meld after (and the copy of a card meant, ZC-6.1) that the move needs;
- nothing is added to the game's history or events (a rollout's world is thrown away).

``tests/analysis/test_zion_rollout_core.py`` plays many seeded worlds of every preset and
option both ways and checks that the actions, the final state and the result are the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from cardkit.cards import Card
from cardkit.zioncheck.actions import Claim, Discard, DrawStock, ExchangeJoker, LayOff, Pass
from cardkit.zioncheck.bots import GreedyBot
from cardkit.zioncheck.melds import Meld
from cardkit.zioncheck.state import HandResult, Phase

if TYPE_CHECKING:
    from cardkit.zioncheck.game import ZionGame

__all__ = ["play_hand"]

_DRAW_PHASE, _CLAIM_PHASE = Phase.DRAW, Phase.CLAIM


def play_hand(game: ZionGame, bots: Sequence[GreedyBot],
              trace: list[Any] | None = None) -> HandResult:
    """Play ``game``'s current hand to its end, seat ``s`` deciding as ``bots[s]``; the hand's
    result (the game's new last `HandResult`). ``trace``, when given, receives every action
    played, as ``game.history`` would (the action as its check resolved it)."""
    results = game._results
    done = len(results)
    rules = game._rules
    hand_number = game._hand_number
    contract = rules.contracts[hand_number - 1]
    # these lists are changed in place while the hand lasts (`_start_hand` makes new ones)
    hands, table, down, claims = game._hands, game._table, game._down, game._claims
    discard, discard_by = game._discard, game._discard_by
    while len(results) == done:
        seat = game._current
        phase = game._phase
        bot = bots[seat]
        action: Any
        if phase is _DRAW_PHASE:
            action = bot.draw(tuple(hands[seat]), table, down[seat], rules, contract,
                              hand_number, discard[-1] if discard else None,
                              discard_by[-1] if discard_by else None)
            if action.__class__ is DrawStock:
                game._do_draw_stock(seat, None)
            else:
                game._do_take(seat, None)
        elif phase is _CLAIM_PHASE:
            action = bot.claim(tuple(hands[seat]), table, down[seat], rules, contract,
                               hand_number, game._window_card, claims[seat])
            kind = action.__class__
            if kind is Pass:
                game._do_pass(seat, None)
            elif kind is Claim:
                game._do_claim(seat, None)
            else:
                action = _exchange(game, seat, action)
        else:
            action = bot.play(tuple(hands[seat]), table, down[seat], rules, contract,
                              hand_number, game._taken)
            kind = action.__class__
            if kind is Discard:
                game._do_discard(seat, action.card, None)
            elif kind is LayOff:
                checked = game._verify_lay_off(action, False)
                action = cast(LayOff, checked.action)
                game._do_lay_off(seat, action, cast(Meld, checked.detail), None)
            elif kind is ExchangeJoker:
                action = _exchange(game, seat, action)
            else:
                checked = game._verify_go_down(action, False)
                action = checked.action
                game._do_go_down(seat, cast("tuple[Meld, ...]", checked.detail), None)
        if trace is not None:
            trace.append(action)
    return results[done]


def _exchange(game: ZionGame, seat: int, action: ExchangeJoker) -> ExchangeJoker:
    """Play a joker exchange through its check, which finds the meld after and the joker."""
    checked = game._verify_exchange(action, False)
    resolved = cast(ExchangeJoker, checked.action)
    game._do_exchange(seat, resolved, cast("tuple[Meld, Card]", checked.detail), None)
    return resolved
