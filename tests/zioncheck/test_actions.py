"""Zion Check actions: readable printing, text forms and their parser."""

from __future__ import annotations

import pytest

from cardkit.cards import Card, parse_card, parse_cards
from cardkit.zioncheck.actions import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
    parse_action,
)
from cardkit.zioncheck.melds import check_meld

C = parse_card

ALL = [
    DrawStock(), TakeDiscard(), Claim(), Pass(), Discard(C("7H@1")), Discard(C("JK@3")),
    LayOff(C("9C"), 2), LayOff(C("JK"), 0, "low"), ExchangeJoker(C("7C@1"), 4),
    GoDown((tuple(parse_cards("7C 7D 7H")), (C("4S"), C("5S"), (C("JK@1"), C("6S")), C("7S")))),
]


@pytest.mark.parametrize("action", ALL, ids=lambda a: a.to_text())
def test_text_form_round_trips(action):
    assert parse_action(action.to_text()) == action
    assert str(action)  # prints in words
    assert hash(action) == hash(parse_action(action.to_text()))


def test_actions_print_readably():
    assert str(DrawStock()) == "draw from the stock"
    assert str(Discard(C("10D"))) == "discard 10♦"
    # meld_index counts from 0; the words count the table's melds from 1 (#1 is index 0)
    assert str(LayOff(C("JK"), 1, "low")) == "lay off JK on meld #2 (low end)"
    assert str(ExchangeJoker(C("7C"), 0)) == "exchange 7♣ for the joker in meld #1"
    go = GoDown([parse_cards("8C 8D 8H"), [C("4S"), C("5S"), (C("JK"), C("6S")), C("7S")]])
    assert str(go) == "go down with 8♣ 8♦ 8♥ + 4♠ 5♠ JK(6♠) 7♠"
    assert go.to_text() == "down 8C 8D 8H | 4S 5S JK=6S 7S"


def test_go_down_with_meld_values_writes_joker_places():
    meld = check_meld(parse_cards("5C 6C JK 8C")).meld
    go = GoDown([meld, parse_cards("9D 9H 9S")])
    assert go.to_text() == "down 5C 6C JK=7C 8C | 9D 9H 9S"
    back = parse_action(go.to_text())
    assert back.melds[0][2] == (Card.joker(), C("7C"))


def test_actions_are_frozen():
    action = Discard(C("7H"))
    with pytest.raises(AttributeError):
        action.card = C("8H")  # type: ignore[misc]  # frozen action: the refused write is the test


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("fly", "unknown action"),
    ("draw now", "takes nothing"),
    ("discard", "one card"),
    ("discard 11X", "not a card"),
    ("layoff 9C", "meld index"),
    ("layoff 9C x", "not a meld index"),
    ("layoff 9C 1 middle", "low or high"),
    ("exchange 7C", "a card and a meld index"),
    ("down", "empty"),
    ("down 7C=8C 7D 7H", "only a joker"),
])
def test_parse_action_refuses_bad_text_with_reason(text, words):
    with pytest.raises(ValueError, match=words) as info:
        parse_action(text)
    assert "expected" in str(info.value)


def test_bad_constructor_values_are_refused():
    with pytest.raises(ValueError, match="end must be"):
        LayOff(C("9C"), 0, "top")
    with pytest.raises(ValueError, match="sequence of melds"):
        GoDown("7C 7D 7H")
    with pytest.raises(ValueError, match="a meld holds cards"):
        GoDown([[C("7C"), 7]])
    with pytest.raises(ValueError, match="not a card"):
        GoDown(["7C 7D 11X"])
    with pytest.raises(ValueError, match="Discard needs a Card or card text"):
        # the type: ignore below: a wrong type on purpose: its clear refusal is tested
        Discard(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Discard: '11X' is not a card"):
        Discard("11X")  # type: ignore[arg-type]  # card text where a Card is typed: refused as 11X
    with pytest.raises(ValueError, match="meld_index 0, 1, 2"):
        LayOff(C("9C"), -1)
    with pytest.raises(ValueError, match="meld_index 0, 1, 2"):
        # the type: ignore below: a wrong type on purpose: its clear refusal is tested
        ExchangeJoker(C("9C"), "a")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="meld_index 0, 1, 2"):
        LayOff(C("9C"), True)


def test_actions_accept_card_texts_as_a_learner_types_them():
    # the type: ignore below: card text, which the actions accept at run time
    assert Discard("7H@1") == Discard(C("7H@1"))  # type: ignore[arg-type]
    # the type: ignore below: card text, which the actions accept at run time
    assert LayOff("JK", 0, "low") == LayOff(C("JK"), 0, "low")  # type: ignore[arg-type]
    # the type: ignore below: card text, which the actions accept at run time
    assert ExchangeJoker("7C", 2) == ExchangeJoker(C("7C"), 2)  # type: ignore[arg-type]
    assert GoDown(["7C 7D 7H", ["8C", "8D", "8H"]]) == parse_action("down 7C 7D 7H | 8C 8D 8H")
    assert GoDown(["4S 5S JK=6S 7S"]) == parse_action("down 4S 5S JK=6S 7S")
    with pytest.raises(TypeError):
        # the type: ignore below: a wrong type on purpose: its clear refusal is tested
        parse_action(3)  # type: ignore[arg-type]
