"""Every verdict says why (README, DESIGN): a sentence and a rule ID, for legal actions too;
table melds are numbered the same way, from 1, in every sentence (ZC-11.1); the docstrings cite
the rule they mean (ZC-6)."""

from __future__ import annotations

import random
import re

from cardkit.games import get_game
from cardkit.zioncheck import (
    Discard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    Pass,
    TakeDiscard,
    ZionGame,
)

RULE_ID = re.compile(r"^ZC-\d+(\.\d+)*$")


def test_zc_6_every_legal_action_explains_itself_with_a_rule():
    """Bots play games of every preset; at each state every legal action's verdict is a
    sentence (not the bare word 'legal') with a rule ID."""
    spec = get_game("zioncheck")
    seen: set[str] = set()
    for seed, preset in enumerate(spec.PRESETS.values()):
        game = spec.new(rules=preset, seed=seed, players=3)
        bots = spec.make_bots("greedy,random", seed=seed, players=3)
        rng = random.Random(seed)
        for _ in range(250):
            if game.is_over:
                break
            actions = game.legal_actions()
            for action in rng.sample(actions, min(4, len(actions))):
                verdict = game.check(action)
                assert verdict.ok and RULE_ID.match(verdict.rule or ""), (action, verdict)
                assert len(verdict.reason.split()) >= 4 and verdict.reason != "legal", verdict
                seen.add(type(action).__name__)
            game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
    assert {"DrawStock", "TakeDiscard", "Discard", "Claim", "Pass"} <= seen


def test_zc_6_legal_draw_take_discard_claim_pass_name_their_rules():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C", "9D 9H 10S KD"], "9S QH KH 4D",
                              discard="5D")
    assert game.check(DrawStock()).rule == "ZC-6"
    take = game.check(TakeDiscard())
    assert take.rule == "ZC-6" and "may take 5♦ from the discard pile" in take.reason
    game.apply(DrawStock())  # declines 5♦: the claim window opens (ZC-8.2)
    claim = game.check(game.legal_actions()[0])
    assert claim.rule == "ZC-8.1" and "may claim 5♦" in claim.reason
    passing = game.check(Pass())
    assert passing.rule == "ZC-8.2" and "may pass" in passing.reason
    game.apply(Pass())
    game.apply(Pass())
    discard = game.check(Discard("8S"))
    assert discard.rule == "ZC-6" and "may discard 8♠" in discard.reason


def joker_run_on_the_table() -> ZionGame:
    game = ZionGame.from_deal(["6S 2C 9H 10S", "2D 5H 8C KS", "3D QD QC 9C"],
                              "QH KH 4D 5C 6C", table=[("4S 5S JK=6S 7S", 1), ("8D 8H 8C", 1)])
    return game


def test_zc_11_1_melds_are_numbered_from_one_in_every_sentence():
    game = joker_run_on_the_table()
    game.apply(DrawStock())
    events = game.apply(ExchangeJoker("6S", 0))
    assert "puts 6♠ in meld #1 in place of the joker" in events[-1].text
    assert str(ExchangeJoker("6S", 0)) == "exchange 6♠ for the joker in meld #1"
    assert str(LayOff("8S", 1)) == "lay off 8♠ on meld #2"
    refused = game.check(ExchangeJoker("9H", 5))
    assert "there is no meld #6 (meld_index 5) on the table: the melds are #1 to #2 " \
           "(meld_index 0 to 1)" in refused.reason


def test_zc_6_discard_docstring_cites_the_turn_and_the_taken_card_rules():
    doc = Discard.__doc__ or ""
    assert "ZC-6.3" not in doc  # the length guard has nothing to do with a discard
    assert "ZC-6;" in doc and "ZC-6.1" in doc and "ZC-13.1" in doc
    assert "0-based" in (LayOff.__doc__ or "") and "0-based" in (ExchangeJoker.__doc__ or "")
