"""What every domain shares (cardkit.engine, cardkit.cards): lazy verdict reasons, ``text_in``
on verdicts, errors and events, and the card, seat and team names of the ``cardkit`` catalog."""

from __future__ import annotations

import pickle

import pytest

from cardkit.cards import Card, card_list, card_name, parse_cards
from cardkit.engine import (
    IllegalAction,
    Verdict,
    numbered_seat,
    seat_name,
    team_name,
    written_in,
)
from cardkit.i18n import get_language, language, set_language


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _turn() -> str:
    return f"{seat_name(1)} to play"  # a stand-in for a game's whole translated sentence


def test_a_reason_given_as_a_function_is_written_when_read_in_the_language_of_that_moment() -> None:
    verdict = Verdict(False, _turn, "XR-3.1")
    assert verdict.reason == "East to play"
    assert str(verdict) == "East to play (XR-3.1)"
    with language("ja"):
        assert verdict.reason == "東 to play"
        assert str(verdict) == "東 to play (XR-3.1)"
    assert verdict.text_in("ja") == "東 to play (XR-3.1)"
    assert verdict.text_in("en") == "East to play (XR-3.1)"
    assert get_language() == "en"


def test_a_plain_string_reason_works_as_before() -> None:
    verdict = Verdict(False, "7♣ is not in North's hand", "XR-3.1")
    assert verdict.reason == "7♣ is not in North's hand"
    assert str(verdict) == "7♣ is not in North's hand (XR-3.1)"
    assert repr(verdict) == ("Verdict(ok=False, reason=\"7♣ is not in North's hand\", "
                             "rule='XR-3.1')")
    assert verdict == Verdict(False, lambda: "7♣ is not in North's hand", "XR-3.1")
    assert verdict != Verdict(False, "7♣ is not in North's hand", "XR-3.2")
    assert len({verdict, Verdict(False, "7♣ is not in North's hand", "XR-3.1")}) == 1
    with pytest.raises(AttributeError):
        verdict.ok = True  # type: ignore[misc]


def test_a_pickled_verdict_keeps_its_words_in_every_language() -> None:
    verdict = pickle.loads(pickle.dumps(Verdict(False, lambda: _turn(), "XR-3.1")))
    assert str(verdict) == "East to play (XR-3.1)"
    assert verdict.text_in("ja") == "東 to play (XR-3.1)"


def test_an_illegal_action_says_its_verdict_in_the_language_of_the_moment() -> None:
    error = IllegalAction(Verdict(False, _turn, "XR-3.1"))
    assert str(error) == "East to play (XR-3.1)"
    with language("ja"):
        assert str(error) == "東 to play (XR-3.1)"
    assert error.text_in("ja") == "東 to play (XR-3.1)"
    assert (error.rule, error.reason) == ("XR-3.1", "East to play")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.rule) == ("East to play (XR-3.1)", "XR-3.1")


def test_card_names_are_the_symbols_in_english_and_words_in_japanese() -> None:
    cards = parse_cards("7C 10D KH AS JK")
    assert [card_name(c) for c in cards] == ["7♣", "10♦", "K♥", "A♠", "JK"]
    assert card_list(cards[:2]) == "7♣ 10♦"
    with language("ja"):
        assert [card_name(c) for c in cards] == ["クラブの7", "ダイヤの10", "ハートのK",
                                                 "スペードのA", "ジョーカー"]
        assert card_list(cards[:2]) == "クラブの7、ダイヤの10"
    assert written_in("ja", card_name, Card.joker(1)) == "ジョーカー"


def test_seat_and_team_names_in_both_languages() -> None:
    assert [seat_name(s) for s in range(4)] == ["North", "East", "South", "West"]
    assert [team_name(t) for t in (0, 1)] == ["North–South", "East–West"]
    assert numbered_seat(2) == "Seat 2"
    with language("ja"):
        assert [seat_name(s) for s in range(4)] == ["北", "東", "南", "西"]
        assert [team_name(t) for t in (0, 1)] == ["南北チーム", "東西チーム"]
        assert numbered_seat(2) == "2番の席"


def test_events_of_both_games_have_text_in() -> None:
    from cardkit.xeri.events import Xeri
    from cardkit.zioncheck import ZionGame

    event = Xeri(0, tuple(parse_cards("7C 7H")), 10, "XR-4.1")
    assert event.text_in("en") == event.text
    game = ZionGame(players=3, seed=1)
    zion = game.events[0]
    assert zion.text_in("en") == zion.text


def test_japanese_card_text_is_parsed_as_a_sentence_names_the_cards() -> None:
    from cardkit.cards import card_words, parse_card

    cards = parse_cards("クラブの7、ハートのK ジョーカー")
    assert [c.to_text() for c in cards] == ["7C", "KH", "JK"]
    assert parse_card("スペードのエース") == parse_card("AS")
    assert parse_card("ダイヤの１０") == parse_card("10D")  # full-width digits
    assert parse_card("クラブの7@1") == Card(7, "C", 1)
    assert card_words("クラブの7、ハートの7,8C") == ["クラブの7", "ハートの7", "8C"]
    with language("ja"):  # every card's Japanese name reads back as that card
        cards = [Card(r, s) for s in "CDHS" for r in range(1, 14)] + [Card.joker()]
        assert [parse_card(card_name(c)) for c in cards] == cards


def test_a_card_text_error_says_in_japanese_what_is_accepted() -> None:
    from cardkit.cards import ACCEPTED_FORMS, DECK_FORM, accepted_forms, parse_card

    with pytest.raises(ValueError) as english:
        parse_card("クラブの11")
    assert str(english.value) == f"'クラブの11' is not a card. {ACCEPTED_FORMS}"
    assert accepted_forms(deck=True) == f"{ACCEPTED_FORMS} {DECK_FORM}"
    with language("ja"), pytest.raises(ValueError) as japanese:
        parse_card("クラブの11")
    message = str(japanese.value)
    assert message.startswith("'クラブの11' は札として読めません。")
    assert "「クラブの7」" in message and "「ジョーカー」" in message and "JK" in message
    with language("ja"), pytest.raises(ValueError, match="@ とデッキの番号"):
        parse_card("7C@x")


def test_the_meld_checker_reads_japanese_card_text() -> None:
    from cardkit.zioncheck.melds import check_meld

    verdict = check_meld(parse_cards("クラブの5、クラブの6、ジョーカー、クラブの8"))
    assert verdict.ok
