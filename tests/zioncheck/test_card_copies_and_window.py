"""ZC-6.1, which copy a card names: in a go-down, as in a lay-off, a face names whichever copy
makes the action legal. ZC-12.3, exchanging a joker out of turn: only when asked in the claim
window, which opens when the next player draws from the stock (the engine and the rule book
say the same)."""

from __future__ import annotations

from cardkit.cards import parse_card
from cardkit.zioncheck import (
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    Pass,
    Phase,
    Rules,
    TakeDiscard,
    ZionGame,
)


def two_sevens_one_taken() -> ZionGame:
    # the hand's 7♣ is deck 0; the discard pile's 7♣ is the next copy, 7♣@1
    game = ZionGame.from_deal(["7C 7D 7H KC KD KH", "2H 6C 10C AD 4D 9S"], "5D 6D",
                              discard="7C")
    game.apply(TakeDiscard())
    assert game.taken_card == parse_card("7C@1")
    return game


def test_zc_6_1_a_go_down_names_the_copy_that_makes_it_legal():
    game = two_sevens_one_taken()
    for named in ("7C", "7C@1"):
        down = GoDown([f"{named} 7D 7H", "KC KD KH"])
        verdict = game.check(down)
        assert verdict.ok, (named, verdict)
    events = game.apply(GoDown(["7C 7D 7H", "KC KD KH"]))
    assert events[-1].kind.value == "go_down"
    assert game.hand(0) == (parse_card("7C"),)  # the copy kept may be discarded
    assert game.check(Discard("7C")).ok


def test_zc_6_1_a_refusal_only_for_what_no_copy_allows():
    game = two_sevens_one_taken()
    # both sevens of clubs in the melds: nothing is left to discard, whichever copy
    verdict = game.check(GoDown(["7C 7C 7D 7H", "KC KD KH"]))
    assert not verdict.ok and verdict.rule == "ZC-13.1"


def joker_run_three_seats(rules: Rules | None = None) -> ZionGame:
    game = ZionGame.from_deal(["2C 3D 9H 10S", "2D 5H 8C KS", "6S 2H 4C 9C"],
                              "QD QH QC KD KH 4D", table=[("4S 5S JK=6S 7S", 1)],
                              rules=rules or Rules(first_player_rule="draw_two"))
    game.apply(DrawStock())  # seat 0 draws two (no discard yet), then discards
    game.apply(Discard("2C"))
    assert game.turn_player == 1 and game.phase is Phase.DRAW
    return game


def test_zc_12_3_no_exchange_out_of_turn_when_the_next_player_takes_the_discard():
    game = joker_run_three_seats()
    before = game.snapshot()
    verdict = game.check(ExchangeJoker("6S", 0), seat=2)
    assert not verdict.ok and verdict.rule == "ZC-12.3"
    assert "out of turn when asked in the claim window" in verdict.reason
    game.apply(TakeDiscard())  # no window opens: nobody else may exchange now
    assert game.phase is Phase.PLAY and game.current_player == 1
    verdict = game.check(ExchangeJoker("6S", 0), seat=2)
    assert not verdict.ok and verdict.rule == "ZC-12.3"
    assert before != game.snapshot()


def test_zc_12_3_an_exchange_out_of_turn_when_asked_in_the_claim_window():
    game = joker_run_three_seats()
    game.apply(DrawStock())  # seat 1 declines 2♣: seat 2 is asked (ZC-8.2)
    assert game.phase is Phase.CLAIM and game.current_player == 2
    verdict = game.check(ExchangeJoker("6S", 0), seat=2)
    assert verdict.ok, verdict
    events = game.apply(ExchangeJoker("6S", 0), seat=2)
    assert "in the claim window (ZC-12.3)" in events[-1].text
    assert game.current_player == 2  # still asked: claim or pass
    game.apply(Pass())
    assert game.phase is Phase.PLAY and game.current_player == 1
