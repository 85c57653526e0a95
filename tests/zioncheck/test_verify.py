"""The per-action checks (`ZionGame.verify_*`, after PokerKit) and `explain_go_down`.

Each ``verify_*`` raises `IllegalAction` with the rule ID and changes nothing; ``check`` gives
the same verdict for the same action.
"""

from __future__ import annotations

import importlib

import pytest

from cardkit.cards import parse_card
from cardkit.engine import IllegalAction
from cardkit.zioncheck import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    GoDownExplanation,
    LayOff,
    Pass,
    TakeDiscard,
    ZionGame,
    explain_go_down,
)

C = parse_card


def refuses(game: ZionGame, verify, rule: str, *args) -> str:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as info:
        verify(*args)
    assert info.value.rule == rule, info.value
    assert game.snapshot() == before
    return info.value.reason


def down_position() -> ZionGame:
    """Seat 0 has gone down (a set of eights and a run of clubs are on the table) and drew."""
    game = ZionGame.from_deal(["9C 2D 5H KS JK 7C 3C", "2H 6C 10C AD 4D 8S QS"], "3S 4S",
                              table=[("8C 8D 8H", 0), ("JK=3C 4C 5C 6C", 1)])
    game.apply(DrawStock())
    return game


def test_zc_6_verify_draw_and_take_discard():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH")
    assert game.verify_draw().ok
    reason = refuses(game, game.verify_take_discard, "ZC-7.1")
    assert "discard pile is empty" in reason
    assert game.check(TakeDiscard()).rule == "ZC-7.1"
    refuses(game, game.verify_discard, "ZC-6", "7C")  # must draw first
    refuses(game, game.verify_claim, "ZC-8.2")
    refuses(game, game.verify_pass, "ZC-8.2")
    with pytest.raises(IllegalAction) as info:
        game.verify_draw(seat=1)
    assert info.value.rule == "ZC-6" and "turn" in info.value.reason


def test_zc_6_1_verify_discard_of_the_taken_card():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH", discard="9S")
    game.apply(TakeDiscard())
    refuses(game, game.verify_discard, "ZC-6.1", "9S")
    assert game.verify_discard("8S").ok
    assert game.check(Discard("9S")) == game.check(Discard(C("9S")))


def test_zc_9_verify_go_down_accepts_and_refuses_with_the_rule():
    game = ZionGame.from_deal(["8C 8D 8H KC KD KH 2S", "2C 3C 4C 5C 6C 7C 9D"], "9S")
    game.apply(DrawStock())
    assert game.verify_go_down(["8C 8D 8H", "KC KD KH"]).rule == "ZC-9.2"
    refuses(game, game.verify_go_down, "ZC-9.2", ["8C 8D 8H"])
    refuses(game, game.verify_go_down, "ZC-5.1", ["8C 8D", "KC KD KH"])
    verdict = game.check(GoDown(["8C 8D 8H"]))
    with pytest.raises(IllegalAction) as info:
        game.verify_go_down(["8C 8D 8H"])
    assert info.value.verdict == verdict


def test_zc_11_verify_lay_off_and_zc_12_verify_exchange():
    game = down_position()
    assert game.verify_lay_off("7C", 1).rule == "ZC-11.2"
    assert "high end" in game.verify_lay_off("7C", 1).reason
    assert game.verify_lay_off("JK", 0).ok
    refuses(game, game.verify_lay_off, "ZC-11.2", "2D", 1)
    refuses(game, game.verify_lay_off, "ZC-11.2", "KS", 0)
    assert game.verify_exchange("3C", 1).rule == "ZC-12.1"
    refuses(game, game.verify_exchange, "ZC-12.1", "5H", 1)
    assert "holds no joker" in refuses(game, game.verify_exchange, "ZC-12.1", "9C", 0)
    assert game.check(LayOff("2D", 1)).rule == "ZC-11.2"
    assert not game.check(ExchangeJoker("5H", 1)).ok


def test_zc_8_verify_claim_and_pass_in_the_window():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C", "9H 9D 9S 2H"], "9C KH QH",
                              discard="8H")
    game.apply(DrawStock())  # seat 0 declines the upcard: seats 1 and 2 are asked
    assert game.phase.value == "claim"
    assert game.verify_claim().ok and game.verify_pass().ok
    refuses(game, game.verify_draw, "ZC-8.2")
    refuses(game, game.verify_discard, "ZC-6", "2C")
    assert game.check(Claim()).ok and game.check(Pass()).ok


def test_check_refuses_what_is_not_an_action():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH")
    verdict = game.check("discard 7C")
    assert not verdict.ok and verdict.rule == "ZC-6" and "not a Zion Check action" in \
        verdict.reason


def test_no_meld_cache_module_in_the_core():
    """The go-down check never trusts a remembered solver answer: `_meldops` is gone."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cardkit.zioncheck._meldops")


def test_zc_9_2_explain_go_down_gives_each_meld_and_the_contract():
    e = explain_go_down(["8C 8D 8H", "KC KD"], 1)
    assert isinstance(e, GoDownExplanation)
    assert [v.ok for v in e.melds] == [True, False]
    assert e.melds[0].kind == "set" and e.melds[1].rule == "ZC-5.1"
    assert not e.ok and not e.every_meld_ok and e.verdict.rule == "ZC-9.2"
    assert e.verdict.reason == "Group 2 is not a meld yet. A go-down lays only melds (ZC-9.2)"
    two = explain_go_down(["KC KD", "8C 8D 8H", "2C"], 1).verdict.reason
    assert two.startswith("Groups 1 and 3 are not melds yet. ")
    good = explain_go_down(["8C 8D 8H", "KC KD KH"], 1)
    assert good.ok and bool(good) and good.every_meld_ok and good.contract == (2, 0)
    wrong = explain_go_down(["8C 8D 8H", "2C 3C 4C 5C"], 1)
    assert wrong.every_meld_ok and not wrong.ok and wrong.verdict.rule == "ZC-9.2"
    with pytest.raises(ValueError):
        explain_go_down("8C 8D 8H", 1)


def test_explain_go_down_is_a_frozen_value():
    e = explain_go_down(["8C 8D 8H", "KC KD KH"], 1)
    with pytest.raises(AttributeError):
        e.verdict = None  # type: ignore[misc]  # frozen explanation: the refused write is the test
    assert isinstance(e.melds, tuple)
