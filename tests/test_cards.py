"""The card model: values, text forms, parsing errors, packs and seeded shuffles."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit import Card, make_pack, parse_card, parse_cards, shuffled
from cardkit.cards import ACCEPTED_FORMS, DECK_FORM, card_from_code, deck_of

ALL_CARDS = make_pack(4, jokers=True)


def test_card_is_a_frozen_value_with_deck_in_equality():
    a, b = Card(8, "C"), Card(8, "C", deck=1)
    assert a != b and a == Card(8, "C") and hash(a) == hash(Card(8, "C"))
    assert len({a, b, Card(8, "C")}) == 2
    with pytest.raises(AttributeError):
        a.rank = 9  # type: ignore[misc]  # frozen card: the refused write is the test


@pytest.mark.parametrize(
    ("card", "text", "ascii_text", "name"),
    [
        (Card(7, "C"), "7♣", "7C", "seven of clubs"),
        (Card(10, "D"), "10♦", "10D", "ten of diamonds"),
        (Card(1, "S"), "A♠", "AS", "ace of spades"),
        (Card(12, "H"), "Q♥", "QH", "queen of hearts"),
        (Card.joker(), "JK", "JK", "joker"),
    ],
)
def test_card_prints_in_unicode_ascii_and_words(card, text, ascii_text, name):
    assert (str(card), card.ascii, card.name) == (text, ascii_text, name)
    assert parse_card(text) == card == parse_card(ascii_text)


def test_jokers_have_no_suit_and_are_numbered_by_deck():
    jokers = [c for c in make_pack(2, jokers=True) if c.is_joker]
    assert len(jokers) == 4 == len(set(jokers))
    assert all(c.suit is None and c.rank == 0 for c in jokers)


@pytest.mark.parametrize(
    "text",
    ["7c", "7C", "7♣", "10d", "Td", "TD", "qs", "KH", "ah", "JK", "joker", "Joker", " 9s "],
)
def test_parse_card_accepts_every_documented_form(text):
    assert isinstance(parse_card(text), Card)


@pytest.mark.parametrize("text", ["11X", "1C", "ZZ", "", "7", "C7", "10", "JKX", "7C@x", "Z@1",
                                  "♣"])
def test_parse_card_refuses_bad_text_quoting_it_and_listing_the_forms(text):
    with pytest.raises(ValueError) as error:
        parse_card(text)
    assert str(error.value).startswith(f"{text!r} is not a card. {ACCEPTED_FORMS}")
    # the deck suffix is explained only to someone who wrote one (issue 9.7)
    assert (DECK_FORM in str(error.value)) == ("@" in text)


def test_the_card_format_error_speaks_plainly_one_fact_per_sentence():
    with pytest.raises(ValueError) as error:
        parse_card("11X")
    message = str(error.value)
    assert message == ("'11X' is not a card. Write a card as its rank then its suit, like 10♥, "
                       "10H or QS. The ranks are A, 2 to 10, J, Q and K (T also means 10). The "
                       "suits are C, D, H and S, or ♣ ♦ ♥ ♠. A joker is JK.")
    assert "@" not in message and "deck" not in message
    with pytest.raises(ValueError, match="like 7C@1"):
        parse_card("7C@one")


def test_parse_card_refuses_non_strings_clearly():
    with pytest.raises(TypeError, match="needs a string"):
        # the type: ignore below: a wrong type on purpose: its clear refusal is tested
        parse_card(7)  # type: ignore[arg-type]


def test_parse_cards_splits_on_spaces_and_commas_and_names_the_bad_token():
    assert [str(c) for c in parse_cards("A♠, 10h,td  JK")] == ["A♠", "10♥", "10♦", "JK"]
    with pytest.raises(ValueError, match="'11X' is not a card"):
        parse_cards("7C 11X 8C")


def test_parse_cards_gives_repeated_cards_successive_decks():
    cards = parse_cards("8C 8C 8H JK JK 8C@5")
    assert [c.deck for c in cards] == [0, 1, 0, 0, 1, 5]
    assert parse_cards("8C 8C", distinct_decks=False) == [Card(8, "C"), Card(8, "C")]


def test_packs_have_52_or_54_cards_per_deck_all_distinct():
    assert len(deck_of()) == 52 and len(deck_of(jokers=True)) == 54
    assert len(ALL_CARDS) == 216 == len(set(ALL_CARDS))
    with pytest.raises(ValueError, match="at least one deck"):
        make_pack(0)
    with pytest.raises(ValueError, match=r"at least one deck \(a whole number\), not '2'"):
        # the type: ignore below: a wrong type on purpose: its clear refusal is tested
        make_pack("2")  # type: ignore[arg-type]


def test_codes_are_dense_and_invertible():
    assert sorted(c.code for c in ALL_CARDS) == list(range(216))
    assert all(card_from_code(c.code) == c for c in ALL_CARDS)
    assert sorted(c.code for c in deck_of()) == list(range(52))


def test_bad_card_values_are_refused():
    for args in [(14, "C"), (0, "C"), (5, "X"), (5, None), (5, "C", -1)]:
        with pytest.raises(ValueError):
            Card(*args)


def test_cards_sort_by_suit_then_rank_with_jokers_last():
    cards = parse_cards("JK KS 2C AC 10D 3H")
    assert " ".join(map(str, sorted(cards))) == "A♣ 2♣ 10♦ 3♥ K♠ JK"


def test_shuffle_uses_only_the_given_generator():
    pack = make_pack(2, jokers=True)
    first = shuffled(pack, random.Random(7))
    random.seed(12345)
    random.random()
    assert shuffled(pack, random.Random(7)) == first
    assert sorted(first) == sorted(pack) and first != pack
    with pytest.raises(ValueError, match=r"random\.Random generator"):
        # the type: ignore below: the random module, not a Random: its refusal is tested
        shuffled(pack, random)  # type: ignore[arg-type]


@given(st.sampled_from(ALL_CARDS))
def test_to_text_round_trips_every_card_of_a_four_deck_pack(card):
    assert parse_card(card.to_text()) == card
    assert parse_cards(card.to_text()) == [card]
