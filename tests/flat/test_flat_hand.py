"""The flat hand loop (`cardkit.zioncheck.flat.hand.play_hand`) plays the hand that
`cardkit.zioncheck.rollout_core.play_hand` plays with fresh greedy bots: the same actions, the
same cards everywhere at the end, the same points per seat (ZC-14.1, the stuck penalty
ZC-13.2), winner and ending; on sampled worlds and true games of 2 to 8 players and 1 to 3
decks (ZC-1.2) and the options a hand's play depends on (claims with penalty cards and limits,
ZC-8.1, ZC-8.3; the three first-player rules, ZC-7.1; going out without a discard, ZC-13.1;
discarding the taken card, ZC-6.1; the length guard, ZC-6.3). A reshuffle (ZC-6.2) is left
to the Python path (`BAIL`), which `cardkit.zioncheck.flat.world.rollout` then takes.

Where numba is installed the loop runs compiled, as the analyst runs it (the analyst uses the
flat rollout only then: `cardkit.zioncheck.flat.ready`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from cardkit.pimc import decide
from cardkit.zioncheck import GreedyBot, new_game
from cardkit.zioncheck.actions import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
)
from cardkit.zioncheck.analyst import HandWorld, move_key, sample_hand_world
from cardkit.zioncheck.analyst import rollout as rollout_python
from cardkit.zioncheck.flat.codes import meld_row
from cardkit.zioncheck.flat.hand import (
    ENDS,
    K_CLAIM,
    K_DISCARD,
    K_DRAW,
    K_EXCHANGE,
    K_GO_DOWN,
    K_LAY_OFF,
    K_PASS,
    K_TAKE,
    S_DISCARD,
    S_MELDS,
    S_STOCK,
    S_TRACE,
    S_TURNS,
    S_WINNER,
)
from cardkit.zioncheck.flat.world import flat_world, play_flat, rollout
from cardkit.zioncheck.game import ZionGame
from cardkit.zioncheck.rollout_core import play_hand
from cardkit.zioncheck.rules import Rules
from tests.zion_tables import OPTIONS as CORE_OPTIONS

OPTIONS: dict[str, tuple[int, Rules]] = {
    **CORE_OPTIONS,
    "3 players, 3 decks, upcard, no claim": (
        3, Rules(num_decks=3, first_player_rule="upcard", max_claims_per_hand=0)),
}

_KINDS = {DrawStock: K_DRAW, TakeDiscard: K_TAKE, Pass: K_PASS, Claim: K_CLAIM}


def _row(action: Any) -> tuple[int, int, int]:
    """A played action as the flat trace writes it."""
    kind = type(action)
    if kind in _KINDS:
        return _KINDS[kind], -1, -1
    if kind is Discard:
        return K_DISCARD, action.card.code, -1
    if kind is LayOff:
        return K_LAY_OFF, action.card.code, action.meld_index
    if kind is ExchangeJoker:
        return K_EXCHANGE, action.card.code, action.meld_index
    assert kind is GoDown
    return K_GO_DOWN, -1, len(action.melds)


def _compare(world: Any, action: Any, seed: int, tally: Counter[str]) -> None:
    """``action`` in ``world``, then the hand both ways: the same hand, or a bail."""
    players = world._players
    done = len(world._results)
    slow = world.clone()
    slow.__class__ = HandWorld  # the hand's end stays on the table (no next deal)
    slow.apply(action)
    if len(slow._results) > done:
        tally["ended by the action"] += 1
        return
    fast = world.clone()
    fast.apply(action)
    before = fast.snapshot()
    flat = flat_world(fast)
    trace = np.zeros((4000, 3), np.int64)
    status = play_flat(flat, trace)
    assert fast.snapshot() == before  # the flat copy leaves the game alone
    played: list[Any] = []
    result = play_hand(slow, [GreedyBot(s, seed=seed + s) for s in range(players)], played)
    if status < 0:
        tally[f"bail {status}"] += 1
        assert slow._pool or status != -1, "a bail for a reshuffle that did not happen"
        return
    tally["played"] += 1
    tally.update(f"end {ENDS[status]}" for _ in [0])
    tally.update(type(a).__name__ for a in played)
    state = flat.state
    assert [tuple(r) for r in trace[:state[S_TRACE]].tolist()] == [_row(a) for a in played]
    assert ENDS[status] == result.reason.name
    assert state[S_WINNER] == (-1 if result.winner is None else result.winner)
    assert {s: int(p) for s, p in enumerate(flat.points)} == dict(result.points)
    for seat in range(players):
        assert flat.hands[seat, :flat.hn[seat]].tolist() == [c.code for c in slow._hands[seat]]
    assert flat.stock[:state[S_STOCK]].tolist() == [c.code for c in slow._stock]
    nd = state[S_DISCARD]
    assert flat.discard[:nd].tolist() == [c.code for c in slow._discard]
    assert flat.discard_by[:nd].tolist() == [-1 if s is None else s for s in slow._discard_by]
    width = flat.table.shape[1]
    assert [r.tolist() for r in flat.table[:state[S_MELDS]]] == [
        meld_row(tm.meld, tm.owner, width).tolist() for tm in slow._table]
    assert flat.down.tolist() == [int(d) for d in slow._down]
    assert flat.claims.tolist() == slow._claims
    assert state[S_TURNS] == slow._turns


def _play_positions(name: str, seeds: range, hands: int, chance: float,
                    tally: Counter[str]) -> None:
    """Step greedy games of option ``name`` through ``hands`` hands; at some positions compare
    every distinct action of a sampled world and of the true game."""
    players, rules = OPTIONS[name]
    for seed in seeds:
        game = new_game(players=players, seed=seed, rules=rules)
        bots = [GreedyBot(s) for s in range(players)]
        rng = random.Random(f"zion flat hand {name} {seed}")
        while game.hand_number <= hands and not game.is_over:
            if rng.random() < chance:
                view = game.observe(game.current_player)
                for world in (sample_hand_world(view, rng), game.clone()):
                    rollout_seed = rng.getrandbits(32)
                    for action in {move_key(a): a for a in world.legal_actions()}.values():
                        _compare(world, action, rollout_seed, tally)
                        tally["worlds"] += 1
            game.apply(decide(bots[game.current_player], game))


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_flat_loop_plays_the_hand_the_python_rollout_plays(name: str) -> None:
    tally: Counter[str] = Counter()
    _play_positions(name, range(1), 2, 0.05, tally)
    assert tally["played"] >= 20, tally
    # the hands played reached the moves that matter (else the equality says little)
    assert {"DrawStock", "Discard", "GoDown", "LayOff"} <= set(tally), tally


def test_the_moves_and_endings_reached_and_the_bails() -> None:
    """The equality above covers claims, joker exchanges, the length guard and reshuffles
    (left to Python), and the loop bails rarely at a table of four."""
    tally: Counter[str] = Counter()
    for name in ("2 players, 1 deck, claims cost two cards",
                 "4 players, length guard of 30 turns, no natural needed"):
        _play_positions(name, range(3, 4), 2, 0.03, tally)
    four: Counter[str] = Counter()
    _play_positions("standard, 4 players", range(4, 6), 6, 0.03, four)
    tally += four
    assert {"TakeDiscard", "Pass", "Claim", "ExchangeJoker", "GoDown", "LayOff"} <= set(tally), (
        tally)
    assert {"end WENT_OUT", "end LENGTH_GUARD"} <= set(tally), tally
    assert tally["bail -1"] > 0, tally  # the stock ran out somewhere, and the loop bailed
    assert tally["bail -2"] == 0, tally  # the checks never refuse a greedy move
    assert four["bail -1"] * 20 <= four["played"], four  # under 5% at a table of four


@pytest.mark.parametrize("name", ["standard, 4 players",
                                  "2 players, 1 deck, claims cost two cards",
                                  "5 players, go out without a discard, discard the taken card"])
def test_rollout_gives_what_the_analyst_rollout_gives(name: str) -> None:
    players, rules = OPTIONS[name]
    game = new_game(players=players, seed=11, rules=rules)
    bots = [GreedyBot(s) for s in range(players)]
    rng = random.Random(f"zion flat rollout {name}")
    checked = 0
    while game.hand_number <= 2 and not game.is_over:
        seat = game.current_player
        if rng.random() < 0.05:
            for world in (sample_hand_world(game.observe(seat), rng), game.clone()):
                for action in {move_key(a): a for a in world.legal_actions()}.values():
                    seed = rng.getrandbits(32)
                    assert (rollout(world.clone(), seat, action, seed)
                            == rollout_python(world.clone(), seat, action, "greedy", seed))
                    checked += 1
        game.apply(decide(bots[seat], game))
    assert checked >= 10, checked


# Scripted positions (`ZionGame.from_deal`, three seats) for the rare paths: going out by going
# down with every card (ZC-13.1), a go-down the solver makes again to keep a card other than
# the taken one (ZC-6.1), no card left to draw (ZC-6.2) for a turn, the draw_two first turn
# (ZC-7.1) and a claim's penalty cards (ZC-8.3).
_OTHERS = ["2C 4D 6H 8S JC AD", "3C 5D KH QS 2D AS"]
SCRIPTED: dict[str, tuple[dict[str, Any], Rules, str]] = {
    "go out going down, taking": (
        {"hands": ["7C 7D 7H 9S 9H", *_OTHERS], "stock": "KC 4S 8D 3H", "discard": "9D"},
        Rules(allow_go_out_without_discard=True), "end WENT_OUT"),
    "go out going down, drawing": (
        {"hands": ["7C 7D 7H 9S 9H", *_OTHERS], "stock": "9D KC 4S 8D 3H"},
        Rules(allow_go_out_without_discard=True), "end WENT_OUT"),
    **{f"a go-down that leaves the taken {card}": (
        {"hands": ["7C 7D 7H 9S 9H 9C", *_OTHERS], "stock": "KC 4S 8D 3H", "discard": card},
        Rules(), "end WENT_OUT") for card in ("9D", "9C", "9S", "9H")},
    "no card to draw": (
        {"hands": ["7C 7D 2H 9S 5H", *_OTHERS], "stock": "", "discard": "TD"}, Rules(),
        "end STOCK_EXHAUSTED"),
    "draw two from a stock of one": (
        {"hands": ["7C 7D 2H 9S 5H", *_OTHERS], "stock": "4C"},
        Rules(first_player_rule="draw_two"), "end STOCK_EXHAUSTED"),
    "penalty cards from a short stock": (
        {"hands": ["7C 7D 2H 9S 5H", _OTHERS[0], "9C 9D KH QS 2D"], "stock": "9H",
         "discard": "AD"}, Rules(claim_penalty_cards=2, max_turns_per_hand=12), "Claim"),
}


@pytest.mark.parametrize("name", sorted(SCRIPTED))
def test_scripted_positions_of_the_rare_paths(name: str) -> None:
    deal, rules, reached = SCRIPTED[name]
    game = ZionGame.from_deal(rules=rules, **deal)
    bots = [GreedyBot(s) for s in range(game.players)]
    tally: Counter[str] = Counter()
    while not game.results:  # every distinct action at every position of the hand
        for action in {move_key(a): a for a in game.legal_actions()}.values():
            _compare(game, action, 1, tally)
        game.apply(decide(bots[game.current_player], game))
    assert tally[reached] > 0, tally
