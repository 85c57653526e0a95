"""ZC-5.4: a joker goes into a set only when there is no other way. Whatever suggests or offers
a go-down prefers one without a joker in a set; a player's own avoidable one stays legal and
its verdict and event say so kindly."""

from __future__ import annotations

from cardkit.cards import parse_cards
from cardkit.zioncheck import DrawStock, EventKind, GoDown, RandomBot, ZionGame, find_go_down
from cardkit.zioncheck.solver import has_joker_in_set

# Two sets (hand 1): K♣ K♦ JK + 8♣ 8♦ 8♥ leaves 15 points (the 5s and the card drawn); the
# polite 8s + 5s leaves the kings and the joker, 35 points.
POLITE_EXISTS = "KC KD JK 8C 8D 8H 5C 5D 5H 2S"
ONLY_WITH_JOKER = "KC KD JK 8C 8D 8H 2S 3D 4H 6S"


def after_drawing(hand: str) -> ZionGame:
    game = ZionGame.from_deal([hand, "2H 6C 10C AD 4D 9S QS 3S 7D 9C"], "9H 4C 7S")
    game.apply(DrawStock())
    return game


def test_zc_5_4_the_solver_prefers_no_joker_in_a_set_and_keeps_the_points_switch():
    hand = parse_cards(POLITE_EXISTS)
    polite = find_go_down(hand, 1)
    assert polite is not None and not has_joker_in_set(polite)
    assert sorted(m.rank for m in polite) == [5, 8]
    by_points = find_go_down(hand, 1, avoid_set_jokers=False)
    assert by_points is not None and has_joker_in_set(by_points)  # the pure points order
    only = find_go_down(parse_cards(ONLY_WITH_JOKER), 1)
    assert only is not None and has_joker_in_set(only)  # no other way: allowed


def test_zc_5_4_best_go_down_and_legal_actions_offer_the_polite_go_down():
    game = after_drawing(POLITE_EXISTS)
    best = game.best_go_down()
    assert best is not None and not has_joker_in_set(best)
    offered = [a for a in game.legal_actions() if isinstance(a, GoDown)]
    assert offered == [GoDown(best)]
    # a random bot that goes down goes down the offered way
    downs = {a for a in (RandomBot(0, seed=s).choose(game) for s in range(60))
             if isinstance(a, GoDown)}
    assert downs == {GoDown(best)}


def test_zc_5_4_an_avoidable_joker_in_a_set_is_legal_and_said_kindly():
    game = after_drawing(POLITE_EXISTS)
    rude = GoDown(["KC KD JK", "8C 8D 8H"])
    verdict = game.check(rude)
    assert verdict.ok and verdict.rule == "ZC-5.4"
    assert verdict.reason.startswith("legal (ZC-9.2), but the seed calls a joker in a set rude "
                                     "when another go-down exists: ")
    assert "5♣" in verdict.reason and "8♣" in verdict.reason
    event = next(e for e in game.apply(rude) if e.kind is EventKind.GO_DOWN)
    assert "Legal, but the seed calls a joker in a set rude when another go-down exists" in \
        event.text and event.text.endswith("(ZC-5.4).")
    assert "5♣ 5♦ 5♥" in event.text


def test_zc_5_4_an_unavoidable_joker_in_a_set_says_there_was_no_other_way():
    game = after_drawing(ONLY_WITH_JOKER)
    verdict = game.check(GoDown(["KC KD JK", "8C 8D 8H"]))
    assert verdict.ok and verdict.rule == "ZC-9.2" and "rude" not in verdict.reason
    assert "no go-down without one was possible (ZC-5.4)" in verdict.reason
    event = next(e for e in game.apply(GoDown(["KC KD JK", "8C 8D 8H"]))
                 if e.kind is EventKind.GO_DOWN)
    assert "no go-down without one was possible (ZC-5.4)" in event.text


def test_zc_5_4_the_meld_checker_suggests_the_polite_go_down():
    from cardkit.widgets.meld_checker import MeldChecker

    checker = MeldChecker()
    checker.cards_text.value = POLITE_EXISTS
    checker.on_best()
    text = checker.best_text
    assert text.startswith("Best go-down for the typed cards")
    assert "a set of eights" in text and "a set of fives" in text and "kings" not in text
    assert "Left in hand: K♣ K♦ JK 2♠" in text


def test_zc_5_3_a_go_down_prints_a_set_joker_like_a_meld():
    game = after_drawing(ONLY_WITH_JOKER)
    melds = game.best_go_down()
    assert melds is not None
    text = str(GoDown(melds))
    assert "JK(K)" in text and "JK(K♣)" not in text
    assert text == "go down with " + " + ".join(str(m) for m in melds)
