"""The rules core bounds every record it loads (issue 12): `cardkit.games.load_record`, each
registry spec's ``load`` and each game's own ``load`` refuse a damaged or costly record with a
clear ValueError (naming the field, its value and the accepted range), and build nothing: a
live game is left as it was.

Damage is random (hypothesis): truncated texts, wrong types in every field, duplicated cards,
53-card decks, and huge values (players, decks, seed, rule values, texts).
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import bounds, xeri, zioncheck
from cardkit.cards import make_pack
from cardkit.games import get_game, load_record

FUZZ = settings(max_examples=60, deadline=None)


def _xeri_game() -> xeri.XeriMatch:
    match = xeri.new_game(seed=5)
    for _ in range(6):
        match.apply(match.legal_actions()[0])
    return match


def _zion_game() -> zioncheck.ZionGame:
    game = zioncheck.new_game(players=3, seed=4)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return game


GAMES = {"xeri": (_xeri_game, xeri.XeriMatch.from_json),
         "zioncheck": (_zion_game, zioncheck.ZionGame.from_json)}


def _spec_load(name: str):
    """The registry spec's deprecated ``load``, its warning caught (it is an error here)."""
    def load(text: str):
        with pytest.warns(DeprecationWarning, match="GameSpec.load is deprecated"):
            return get_game(name).load(text)

    return load


def _loaders(name: str) -> tuple:
    """Every way the core loads a record of game ``name``."""
    return load_record, _spec_load(name), GAMES[name][1]


def _refused(text: str, game_name: str) -> list[str]:
    """Every loader's refusal of ``text`` (each must refuse with a ValueError)."""
    messages = []
    for loader in _loaders(game_name):
        with pytest.raises(ValueError) as refused:
            loader(text)
        message = str(refused.value)
        assert message and "Traceback" not in message and len(message) < 600, message
        messages.append(message)
    return messages


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_games_own_records_load(name):
    game = GAMES[name][0]()
    for loader in _loaders(name):
        assert loader(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=st.data())
def test_a_truncated_record_is_refused_and_the_game_is_unchanged(name, data):
    game = GAMES[name][0]()
    record = game.to_json()
    cut = data.draw(st.integers(0, len(record) - 1))
    _refused(record[:cut], name)
    assert game.to_json() == record


WRONG = (st.none() | st.booleans() | st.floats(allow_nan=False) | st.text(max_size=20)
         | st.lists(st.integers(), max_size=3) | st.dictionaries(st.text(max_size=3),
                                                                 st.integers(), max_size=2))


@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=st.data())
def test_a_field_of_the_wrong_type_is_refused(name, data):
    game = GAMES[name][0]()
    record = json.loads(game.to_json())
    field = data.draw(st.sampled_from(sorted(set(record) - {"game", "rules"})))
    value = data.draw(WRONG.filter(lambda v: type(v) is not type(record[field])))
    _refused(json.dumps({**record, field: value}), name)
    assert game.to_json() == json.dumps(record, ensure_ascii=name == "zioncheck")


@FUZZ
@given(data=st.data())
def test_a_xeri_deck_with_a_card_twice_or_53_cards_is_refused(data):
    record = json.loads(_xeri_game().to_json())
    deck = [card.to_text() for card in make_pack(1, jokers=False)]
    deck = data.draw(st.permutations(deck))
    twice = data.draw(st.integers(0, 51))
    duplicated = list(deck)
    duplicated[(twice + 1) % 52] = deck[twice]  # 52 cards, one of them twice
    for bad in ([*deck, deck[twice]], duplicated):
        messages = _refused(json.dumps({**record, "deck": bad, "actions": []}), "xeri")
        assert all("52 standard cards" in m for m in messages)


def test_a_zion_deal_with_a_card_twice_is_refused():
    game = zioncheck.new_game(players=3, seed=4)
    record = json.loads(game.to_json())
    hands = [[card.to_text() for card in game.hand(seat)] for seat in range(3)]
    hands[1][0] = hands[0][0]
    deal = {"hands": hands, "stock": ["5C@1"], "discard": [], "dealer": 0, "hand_number": 1}
    messages = _refused(json.dumps({**record, "deal": deal, "actions": []}), "zioncheck")
    assert all("twice" in m for m in messages)


HUGE = st.integers(10**4 + 1, 10**40) | st.integers(-(10**40), -(10**4) - 1)


@FUZZ
@given(players=st.integers(17, 10**30) | st.integers(-(10**30), 1),
       decks=st.integers(bounds.MAX_DECKS + 1, 10**30), rule=HUGE,
       option=st.sampled_from(["max_turns_per_hand", "stuck_penalty", "claim_penalty_cards"]))
def test_huge_zion_values_are_refused_naming_the_field_and_the_range(players, decks, rule,
                                                                     option):
    record = json.loads(_zion_game().to_json())
    for field, text in (
        ("players", json.dumps({**record, "players": players})),
        ("rules.num_decks", json.dumps({**record, "rules": {**record["rules"],
                                                            "num_decks": decks}})),
        (f"rules.{option}", json.dumps({**record, "rules": {**record["rules"],
                                                            option: rule}})),
    ):
        started = time.process_time()
        for message in _refused(text, "zioncheck"):
            assert f"the record's {field} " in message and "accepted: " in message, message
        # refused before any table is built: far under the seconds 20,000 decks used to cost
        assert time.process_time() - started < 5


@FUZZ
@given(rule=HUGE, option=st.sampled_from(["rounds", "target", "xeri_points"]),
       seed=st.integers(2**63, 10**40))
def test_huge_xeri_values_are_refused_naming_the_field_and_the_range(rule, option, seed):
    record = json.loads(_xeri_game().to_json())
    text = json.dumps({**record, "rules": {**record["rules"], option: rule}})
    assert all(f"rules.{option} is" in m and "-10,000 to 10,000" in m
               for m in _refused(text, "xeri"))
    assert all("the record's seed is a number of" in m
               for m in _refused(json.dumps({**record, "seed": seed}), "xeri"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_huge_texts_are_refused_before_they_are_parsed(name):
    game = GAMES[name][0]()
    record = json.loads(game.to_json())
    padded = json.dumps({**record, "pad": "x" * bounds.MAX_RECORD_BYTES})
    assert all("accepted: at most 1,000,000 bytes" in m for m in _refused(padded, name))
    deep = game.to_json()[:-1] + ', "pad": ' + "[" * 40 + "]" * 40 + "}"
    assert all("levels deep; accepted: at most 32" in m for m in _refused(deep, name))
    long_action = json.dumps({**record, "actions": ["x" * 5000]})
    assert all("action 1 is a text of 5,000 characters" in m
               for m in _refused(long_action, name))
    long_rule = {**record["rules"], next(iter(record["rules"])): "y" * 500}
    assert all("a text of 500 characters; accepted: at most 100" in m
               for m in _refused(json.dumps({**record, "rules": long_rule}), name))
    digits = game.to_json().replace(f'"seed": {record["seed"]}', '"seed": ' + "9" * 5000)
    assert all("JSON" in m and "5000 digits" in m for m in _refused(digits, name))
