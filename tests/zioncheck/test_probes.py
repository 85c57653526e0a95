"""Probes of `ZionGame.legal_actions` and of refusals on positions sampled from bot games (issue 7,
"Both"): everything `check` accepts is offered, everything offered is accepted, and random
actions that `check` refuses change nothing, down to the record (`to_json`).

The go-down probe is an independent brute force: it builds melds from small subsets of the hand
with `check_meld` and asks `check` about every combination that fits the contract.
"""

from __future__ import annotations

import random
import re
from itertools import combinations, product

import pytest

from cardkit.cards import Card, make_pack
from cardkit.engine import IllegalAction
from cardkit.zioncheck import PRESETS, MeldKind, Rules, check_meld, new_game
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
from cardkit.zioncheck.bots import GreedyBot, RandomBot
from cardkit.zioncheck.game import Phase, ZionGame

DOUBLED_ID = re.compile(r"\((ZC|XR)-[\d.]+\)[\s.,;:]*\((ZC|XR)-")
RULES = [
    Rules(max_turns_per_hand=40),
    PRESETS["may_i"].replace(max_turns_per_hand=40),
    Rules(allow_go_out_without_discard=True, forbid_discard_of_taken_card=True,
          max_turns_per_hand=40, same_suit_touching_runs="allow"),
]


def sample_positions(seed: int, rules: Rules, players: int, every: int) -> list[ZionGame]:
    """Copies of a bot game (greedy and random seats) at every ``every``-th action."""
    rng = random.Random(seed)
    game = new_game(players=players, seed=seed, rules=rules)
    bots = [GreedyBot(s) if s % 2 == 0 else RandomBot(s, seed=seed * 1000 + s)
            for s in range(players)]
    out = []
    while not game.is_over:
        if rng.randrange(every) == 0:
            out.append(game.clone())
        game.apply(bots[game.current_player].choose(game))
    return out


POSITIONS = [(f"seed{seed}-rules{r}", position)
             for seed, r in product(range(3), range(len(RULES)))
             for position in sample_positions(seed, RULES[r], 3 + seed % 2, 12)]


def _faces(actions, kind) -> set:
    out = set()
    for a in actions:
        if isinstance(a, kind):
            out.add((a.card.face, a.meld_index, getattr(a, "end", None)))
    return out


@pytest.mark.parametrize("chunk", range(4))
def test_legal_actions_offer_every_accepted_lay_off_and_exchange(chunk):
    probed = 0
    for _name, game in POSITIONS[chunk::4]:
        if game.phase not in (Phase.PLAY, Phase.CLAIM) or not game.table:
            continue
        legal = game.legal_actions()
        for action in legal:  # everything offered is accepted
            assert game.check(action).ok, action
        offered_lay = _faces(legal, LayOff)
        offered_swap = _faces(legal, ExchangeJoker)
        hand = game.hand(game.current_player)
        for card, (index, placed) in product(hand, enumerate(game.table)):
            ends = (None,) if placed.kind is MeldKind.SET else ("low", "high")
            for end in ends:
                if game.check(LayOff(card, index, end)).ok:
                    probed += 1
                    assert (card.face, index, end) in offered_lay, (card, index, end)
            if card.rank and game.check(ExchangeJoker(card, index)).ok:
                probed += 1
                assert (card.face, index, None) in offered_swap, (card, index)
    assert probed > 0, "the sample holds accepted lay-offs or exchanges"


def _melds_of(hand: tuple[Card, ...], rules: Rules) -> dict[str, list[frozenset[Card]]]:
    """Every set of 3–4 cards and every run of 4 cards in the hand, by kind."""
    found: dict[str, list[frozenset[Card]]] = {"set": [], "run": []}
    for size in (3, 4):
        for cards in combinations(hand, size):
            for kind in ("set", "run"):
                if check_meld(list(cards), rules, kind=kind):
                    found[kind].append(frozenset(cards))
    return found


def _pick(melds: list[frozenset[Card]], count: int, used: frozenset[Card], start: int = 0):
    if count == 0:
        yield ()
        return
    for i in range(start, len(melds)):
        if not melds[i] & used:
            for rest in _pick(melds, count - 1, used | melds[i], i + 1):
                yield (melds[i], *rest)


def _some_go_down(game: ZionGame, tries: int = 3000) -> GoDown | None:
    """The first combination of small melds from the hand that `check` accepts, if any
    (an independent brute force over sets of 3–4 cards and runs of 4)."""
    contract = game.contract
    melds = _melds_of(game.hand(game.current_player), game.rules)
    for sets in _pick(melds["set"], contract.sets, frozenset()):
        used = frozenset().union(*sets)
        for runs in _pick(melds["run"], contract.runs, used):
            action = GoDown([sorted(m, key=lambda c: c.code) for m in (*sets, *runs)])
            if game.check(action).ok:
                return action
            tries -= 1
            if tries == 0:
                return None
    return None


def test_legal_actions_offer_a_go_down_whenever_check_accepts_one():
    accepted = 0
    for name, game in POSITIONS:
        if game.phase is not Phase.PLAY or game.has_gone_down(game.current_player):
            continue
        offered = [a for a in game.legal_actions() if isinstance(a, GoDown)]
        for action in offered:
            assert game.check(action).ok
        witness = _some_go_down(game)
        if witness is not None:
            accepted += 1
            assert offered, f"{name}: {witness} is legal but no go-down is offered"
    assert accepted > 0, "the sample holds positions that can go down"


def test_the_go_down_probe_sees_a_go_down():
    game = ZionGame.from_deal(["8C 8D 8H KC KD KH 2S", "2H 6C 10C AD 4D 9S QS"], "5D")
    game.apply(DrawStock())
    assert _some_go_down(game) is not None
    game = ZionGame.from_deal(["8C 8D 8H KC KD QH 2S", "2H 6C 10C AD 4D 9S QS"], "5D")
    game.apply(DrawStock())
    assert _some_go_down(game) is None


def random_action(rng: random.Random, game: ZionGame, pack: list[Card]):
    """Any action at all: a random kind with random cards (held or not) and indexes."""
    kind = rng.randrange(8)
    card = rng.choice(pack) if rng.random() < 0.5 else rng.choice(
        game.hand(game.current_player))
    index = rng.randrange(len(game.table) + 2)
    if kind == 0:
        return DrawStock()
    if kind == 1:
        return TakeDiscard()
    if kind == 2:
        return Claim()
    if kind == 3:
        return Pass()
    if kind == 4:
        return Discard(card)
    if kind == 5:
        return LayOff(card, index, rng.choice((None, "low", "high")))
    if kind == 6:
        return ExchangeJoker(card, index)
    cards = rng.sample(pack, rng.randrange(3, 9))
    cut = rng.randrange(1, len(cards))
    return GoDown([cards[:cut], cards[cut:]])


def test_random_refused_actions_change_nothing_not_even_the_record():
    rng = random.Random(7)
    refused = 0
    for _name, game in POSITIONS:
        if game.is_over:
            continue
        pack = make_pack(game.rules.decks_for(game.players), jokers=True)
        for _ in range(25):
            action = random_action(rng, game, pack)
            verdict = game.check(action)
            if verdict.ok:
                continue
            refused += 1
            assert verdict.rule and verdict.rule.startswith("ZC-"), verdict
            # one rule ID per sentence: never two IDs back to back (issue 9.7)
            assert not DOUBLED_ID.search(str(verdict)), str(verdict)
            record, before = game.to_json(), game.snapshot()
            with pytest.raises(IllegalAction) as info:
                game.apply(action)
            assert info.value.verdict == verdict
            assert game.to_json() == record and game.snapshot() == before
    assert refused > 500
