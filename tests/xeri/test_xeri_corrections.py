"""The positions of the outside check (issue 7, Xeri items 9-14), each named after its rule."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_xeri_rules import round_ending_with
from xeri_helpers import deck_for_plays, play_in_order, scripted

from cardkit import Card, IllegalAction, make_pack, parse_card, parse_cards
from cardkit.xeri import (
    PRESETS,
    EventKind,
    PileRedeal,
    Rules,
    card_points,
    check_initial_pile,
    new_game,
    resolve_play,
    score_round,
)
from cardkit.xeri.match import PACK

WEST = 3


def at_wests_turn():
    match = new_game(0, deck=deck_for_plays(0, "2D 5H 8S 4C", ""), dealer=0)
    play_in_order(match, 2)  # East and South have played: West is to play
    assert match.current_player == WEST
    return match


# ----------------------------------------------------------------- 9: one deck, no jokers


@pytest.mark.parametrize("which", ["second deck", "joker 0", "joker 1"])
def test_xr_1_2_a_second_deck_copy_or_a_joker_cites_one_deck_no_jokers(which):
    match = at_wests_turn()
    held = match.hand(WEST)[0]  # West holds the one real card of this face
    foreign = (Card(held.rank, held.suit, deck=1) if which == "second deck"
               else Card.joker(int(which[-1])))
    before = match.to_json()
    verdict = match.check(foreign)
    assert not verdict and verdict.rule == "XR-1.2"
    assert "one standard 52-card deck, no second deck and no jokers" in verdict.reason
    assert "hand" not in verdict.reason
    with pytest.raises(IllegalAction) as caught:
        match.apply(foreign)
    assert caught.value.verdict == verdict
    assert match.to_json() == before


# ----------------------------------------------------------------- 10: the single-question helpers


def test_xr_6_score_round_refuses_a_xeri_card_listed_twice():
    captured = {0: parse_cards("7C 7H 2D"), 1: parse_cards("3S")}
    seven = parse_card("7C")
    with pytest.raises(ValueError, match="listed twice"):
        score_round(captured, {0: [seven, seven]})
    assert score_round(captured, {0: [seven]})[0].xeri_points == 10


def test_xr_4_1_score_round_refuses_more_xeris_than_the_captures_can_make():
    pack = make_pack()
    with pytest.raises(ValueError, match=r"3 jack Xeris but .* only 1 other jack"):
        score_round({0: pack}, {0: pack[:40]})  # once scored 455 points
    aces = [c for c in pack if c.rank == 1]
    with pytest.raises(ValueError, match=r"4 Xeris on aces .* only 0 other aces .* its rank"):
        score_round({0: pack}, {0: aces})
    with pytest.raises(ValueError, match="2 Xeris on 7s but its captured pile holds only 1 "
                                         "other 7"):
        score_round({0: parse_cards("7C 7H 7D 2C")}, {0: parse_cards("7C 7H")})
    with pytest.raises(ValueError, match="jack Xeri is a single jack captured by another jack"):
        score_round({0: parse_cards("JC JH 2C")}, {0: parse_cards("JC JH")})
    # two Xeris on 7s need four 7s; a jack Xeri needs a second jack
    sheets = score_round({0: parse_cards("7C 7H 7D 7S JC JH")}, {0: parse_cards("7C 7D JC")})
    assert sheets[0].xeri_points == 10 + 10 + 20


def test_xr_4_3_score_round_counts_a_jack_as_the_taker_only_with_the_option():
    captured = {0: parse_cards("9H JD 2C")}
    with pytest.raises(ValueError, match=r"captured by a card of its rank \(XR-4.1\)"):
        score_round(captured, {0: parse_cards("9H")})
    option = Rules(jack_on_single_is_xeri=True)
    assert score_round(captured, {0: parse_cards("9H")}, option)[0].xeri_points == 10
    with pytest.raises(ValueError, match="no spare jack"):
        score_round({0: parse_cards("9H 8D JD")}, {0: parse_cards("9H 8D")}, option)


def test_xr_1_2_resolve_play_refuses_a_card_already_in_the_pile():
    with pytest.raises(ValueError, match=r"8♦ is already in the pile: .*\(XR-1.2\)"):
        resolve_play(parse_cards("7C 8D"), parse_card("8D"))
    with pytest.raises(ValueError, match="in the pile twice"):
        resolve_play([parse_card("7C"), parse_card("7C")], parse_card("7H"))
    assert resolve_play(parse_cards("7C 8D"), parse_card("8H")).captures


@pytest.mark.parametrize("card", [Card(10, "D", deck=1), Card.joker(), "10D", None])
def test_xr_1_2_card_points_refuses_what_is_no_card_of_the_one_deck(card):
    with pytest.raises(ValueError, match=r"must be a Card|one standard deck .*\(XR-1.2\)"):
        card_points(card)
    assert card_points(Card(10, "D")) == 2


# ----------------------------------------------------------------- 11: nothing returned changes it


def test_xr_6_round_scores_and_events_cannot_change_the_match():
    match = new_game(4, Rules(rounds=1))
    rng = random.Random(4)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    record, texts = match.to_json(), [e.text for e in match.events]
    sheets = match.round_scores[0]
    with pytest.raises(TypeError):
        match.round_scores[0][0] = None
    with pytest.raises(TypeError):
        sheets[0] = None  # the read-only mapping refuses as well as a fresh copy would
    capture = next(e for e in match.events if e.kind is EventKind.CAPTURE)
    assert isinstance(capture.cards, tuple)
    with pytest.raises(AttributeError):
        capture.cards.clear()
    with pytest.raises(AttributeError):
        match.events[-1].cards.clear()
    scored = next(e for e in match.events if e.kind is EventKind.ROUND_SCORED)
    with pytest.raises(TypeError):
        scored.sheets[1] = None
    assert match.round_scores[0] == {0: sheets[0], 1: sheets[1]}  # still reads as a dict
    assert match.to_json() == record and [e.text for e in match.events] == texts


def test_xr_3_2_capture_events_keep_their_own_cards_after_more_play():
    match = new_game(9)
    rng = random.Random(9)
    seen = []
    while len(match.history) < 48:
        for event in match.apply(rng.choice(match.legal_actions())):
            if event.kind in (EventKind.CAPTURE, EventKind.XERI, EventKind.JACK_XERI):
                seen.append((event, event.cards, event.text))
    assert seen
    for event, cards, text in seen:
        assert event.cards == cards and event.text == text


# ----------------------------------------------------------------- 12: dealer, seats, seeds


def test_xr_2_1_a_named_first_dealer_is_not_said_to_be_chosen_at_random():
    named = new_game(3, dealer=2)
    assert named.events[0].text == ("South is the first dealer, as named when the match was set "
                                    "up (XR-2.1)")
    again = type(named).from_json(named.to_json())
    assert again.events[0].text == named.events[0].text
    drawn = new_game(3)
    assert "chosen at random as the first dealer" in drawn.events[0].text


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, "1", -1, 4])
def test_xr_1_1_a_seat_is_a_whole_number_0_to_3(seat):
    match = new_game(0, deck=deck_for_plays(0, "2D 5H 8S 4C", ""), dealer=0)
    assert match.current_player == 1
    card = match.legal_actions()[0]
    before = match.to_json()
    verdict = match.check(card, seat=seat)
    assert not verdict and verdict.rule == "XR-1.1"
    assert f"there is no seat {seat!r}" in verdict.reason
    with pytest.raises(IllegalAction, match="a seat is the whole number 0, 1, 2 or 3"):
        match.apply(card, seat=seat)
    assert match.to_json() == before
    match.apply(card, seat=1)  # the real seat is accepted


def test_xr_2_1_a_negative_seed_deals_a_match_of_its_own():
    first_dealers = {}
    for seed in range(1, 41):
        plus, minus = new_game(seed), new_game(-seed)
        assert [plus.hand(s) for s in range(4)] != [minus.hand(s) for s in range(4)]
        first_dealers[seed] = (plus.dealer, minus.dealer)
        assert new_game(-seed).to_json() == minus.to_json()  # still seeded and exact
        assert [minus.hand(s) for s in range(4)] == \
            [new_game(-seed).hand(s) for s in range(4)]
    assert sum(a != b for a, b in first_dealers.values()) >= 15  # once always equal
    match = new_game(-7)
    rng = random.Random(7)
    for _ in range(60):
        match.apply(rng.choice(match.legal_actions()))
    copy = type(match).from_json(match.to_json())
    assert copy.snapshot() == match.snapshot()


# ----------------------------------------------------------------- 13: narration


def test_xr_2_4_redeal_narration_is_one_sentence_without_colons():
    for mode in ("any_pair_or_top_jack", "allow_top_pair_and_top_jack",
                 "top_two_pair_or_top_jack"):
        deck = deck_for_plays(WEST, "7C 2D 3H JS" if mode != "allow_top_pair_and_top_jack"
                              else "7C 2D 7H KS", "")
        match = new_game(0, Rules(initial_pile_redeal=mode), deck=deck, dealer=WEST)
        redeals = [e for e in match.events if e.kind is EventKind.REDEAL]
        assert redeals, mode
        for event in redeals:
            assert ":" not in event.text, event.text
            assert " is dealt again because " in event.text
            assert event.text.endswith(f"deals a new pile, {' '.join(map(str, event.new_pile))} "
                                       f"({event.rule})")


def test_xr_8_3_the_capture_text_names_the_team_and_the_last_card_played():
    rules = Rules(dealer_last_card_no_xeri=True)
    match = scripted(WEST, *round_ending_with("JS 9H 9S"), rules=rules)
    play_in_order(match, 47)
    last = play_in_order(match, 1)[0]
    assert last.rule == "XR-8.3" and last.seat == WEST
    assert "captures it for East–West" in last.text
    assert "the last card played in the round (the dealer's)" in last.text
    assert "dealer's last card" not in last.text


def test_xr_8_1_the_cut_text_says_last_card_dealt():
    match = new_game(5, Rules(cut_shows_bottom=True))
    cut = next(e for e in match.events if e.kind is EventKind.CUT)
    assert "it will be the last card dealt, to the dealer" in cut.text
    assert "dealer's last card" not in cut.text


# ----------------------------------------------------------------- 14: the seed's second variant


def test_xr_8_2_allow_top_pair_and_top_jack_lets_those_stand_and_redeals_other_pairs():
    rules = PRESETS["allow_top_pair_and_top_jack"]
    assert rules.initial_pile_redeal is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK
    assert PRESETS["seed_variants"].initial_pile_redeal is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK
    assert Rules(initial_pile_redeal="allow_top_pair_and_top_jack") == rules
    for stands in ("2D KS 7C 7H", "2D 3H 4S JC", "2D 3H JS JC"):
        verdict = check_initial_pile(parse_cards(stands), rules)
        assert verdict and verdict.rule == "XR-8.2", stands
        match = new_game(0, rules, deck=deck_for_plays(WEST, stands, ""), dealer=WEST)
        assert match.pile == tuple(parse_cards(stands))
        assert EventKind.REDEAL not in [e.kind for e in match.events]
    for redealt in ("7C 2D 7H KS", "7C 2D 3H 7S", "JD 3H 4S JC"):
        verdict = check_initial_pile(parse_cards(redealt), rules)
        assert not verdict and "not the two top cards" in verdict.reason, redealt
        match = new_game(0, rules, deck=deck_for_plays(WEST, redealt, ""), dealer=WEST)
        redeal = next(e for e in match.events if e.kind is EventKind.REDEAL)
        assert redeal.rule == "XR-8.2" and "not the two top cards" in redeal.text
        assert check_initial_pile(match.pile, rules)
    # the older reading stays an option, with the opposite answers
    older = PRESETS["top_two_pair"]
    assert older.initial_pile_redeal is PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK
    assert not check_initial_pile(parse_cards("2D KS 7C 7H"), older)
    assert check_initial_pile(parse_cards("7C 2D 7H KS"), older)


# ----------------------------------------------------------------- random illegal actions


ILLEGAL_KINDS = st.sampled_from(["card", "second_deck", "joker", "text", "none", "int",
                                 "other_seat", "bad_seat", "over"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(-2**40, 2**40), preset=st.sampled_from(sorted(PRESETS)),
       steps=st.integers(0, 400), tries=st.lists(st.tuples(ILLEGAL_KINDS,
                                                           st.integers(0, 10**6)),
                                                 min_size=1, max_size=8))
def test_xr_3_1_random_illegal_actions_leave_the_record_unchanged(seed, preset, steps, tries):
    match = new_game(seed, PRESETS[preset])
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    before, snapshot, count = match.to_json(), match.snapshot(), len(match.events)
    for kind, pick in tries:
        mover = match.current_player
        held = set(match.legal_actions())
        card, seat = PACK[pick % 52], None
        if kind == "card":
            others = [c for c in PACK if c not in held]
            card = others[pick % len(others)]
        elif kind == "second_deck":
            card = Card(card.rank, card.suit, deck=1 + pick % 3)
        elif kind == "joker":
            card = Card.joker(pick % 4)
        elif kind == "text":
            card = card.to_text()
        elif kind == "none":
            card = None
        elif kind == "int":
            card = pick
        elif kind in ("other_seat", "bad_seat"):
            card = sorted(held, key=lambda c: c.code)[pick % len(held)] if held else card
            if kind == "other_seat" and mover is not None:
                seat = (mover + 1 + pick % 3) % 4
            else:
                seat = [True, 1.0, -1, 4, "0", None][pick % 6] if mover is not None else 0
                if seat is None:
                    continue  # no seat given with a held card is a legal play
        elif mover is not None:  # "over": a legal card, only refused when the match is over
            continue
        verdict = match.check(card, seat)
        assert not verdict and verdict.rule and verdict.reason
        with pytest.raises(IllegalAction) as caught:
            match.apply(card, seat)
        assert caught.value.verdict == verdict
        assert match.to_json() == before
        assert match.snapshot() == snapshot and len(match.events) == count
    assert json.loads(before)["seed"] == seed
