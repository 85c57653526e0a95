"""Property tests: random legal play over many seeds and rule sets keeps the invariants."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Card, IllegalAction
from cardkit.xeri import PRESETS, EventKind, RandomBot, XeriMatch, new_game
from cardkit.xeri.match import PACK

SETTINGS = settings(max_examples=30, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32)
presets = st.sampled_from(sorted(PRESETS))
ALL = set(PACK)
PLAY_KINDS = {EventKind.PLAY: (False, False), EventKind.CAPTURE: (True, False),
              EventKind.XERI: (True, True), EventKind.JACK_XERI: (True, True)}


def places(match: XeriMatch) -> list[Card]:
    cards = [c for seat in range(4) for c in match.hand(seat)]
    cards += match.pile
    cards += match.captured(0) + match.captured(1)
    return cards


@SETTINGS
@given(seed=seeds, preset=presets, choice_seed=seeds)
def test_every_card_is_in_exactly_one_place_at_every_step(seed, preset, choice_seed):
    match = new_game(seed, PRESETS[preset])
    rng = random.Random(choice_seed)
    while not match.is_over:
        cards = places(match)
        assert len(cards) + match.stock_size == 52
        assert len(set(cards)) == len(cards)
        stock = match._stock  # white-box: the stock's cards are not public
        assert set(cards) | set(stock) == ALL and len(set(stock)) == len(stock)
        for team in (0, 1):
            assert set(match.xeri_cards(team)) <= set(match.captured(team))
        card = rng.choice(match.legal_actions())
        expected = match.preview(card)
        played = match.apply(card)[0]
        assert PLAY_KINDS[played.kind] == (expected.captures, expected.xeri)
        assert played.rule == expected.rule


@SETTINGS
@given(seed=seeds, preset=presets)
def test_each_round_shares_52_cards_and_25_card_points(seed, preset):
    rules = PRESETS[preset]
    match = new_game(seed, rules)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    assert match.winner in (0, 1)
    card_total = 25 if rules.ten_of_diamonds_counts_as_ten else 24
    totals = [0, 0]
    for sheets in match.round_scores:
        assert sheets[0].cards + sheets[1].cards == 52
        majority = 0 if sheets[0].cards == 26 else 3
        assert sheets[0].card_points + sheets[1].card_points == card_total - 3 + majority
        for team in (0, 1):
            sheet = sheets[team]
            assert sheet.total == sheet.card_points + sheet.xeri_points
            assert sheet.total == sum(line.points for line in sheet.lines)
            totals[team] += sheet.total
    assert match.totals == {0: totals[0], 1: totals[1]}
    if rules.target is None:
        assert len(match.round_scores) >= rules.rounds
    else:
        assert match.totals[match.winner] >= match.target


@SETTINGS
@given(seed=seeds, steps=st.integers(0, 150), pick=st.integers(0, 10**6))
def test_illegal_plays_are_refused_with_a_reason_and_change_nothing(seed, steps, pick):
    match = new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        match.apply(rng.choice(match.legal_actions()))
    before = match.snapshot()
    events_before = len(match.events)
    mine = set(match.legal_actions())
    others = [c for c in PACK if c not in mine]
    candidates = {others[pick % len(others)]: "XR-3.1", Card(7, "C", 1): "XR-1.2",
                  "7C": "XR-3.1", None: "XR-3.1"}
    for wrong, rule in candidates.items():
        verdict = match.check(wrong)
        assert not verdict and verdict.reason and verdict.rule == rule
        try:
            match.apply(wrong)
        except IllegalAction as error:
            assert error.verdict == verdict
        else:
            raise AssertionError(f"{wrong!r} was accepted")
        assert match.snapshot() == before
        assert len(match.events) == events_before


@SETTINGS
@given(seed=seeds, preset=presets, steps=st.integers(0, 250))
def test_json_round_trip_mid_match_gives_an_equal_state(seed, preset, steps):
    match = new_game(seed, PRESETS[preset])
    rng = random.Random(seed + 1)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    copy = XeriMatch.from_json(match.to_json())
    assert copy.snapshot() == match.snapshot()
    assert [e.text for e in copy.events] == [e.text for e in match.events]
    # and both go on the same way
    if not match.is_over:
        card = match.legal_actions()[-1]
        assert [e.text for e in copy.apply(card)] == [e.text for e in match.apply(card)]
        assert copy.snapshot() == match.snapshot()


@SETTINGS
@given(seed=seeds, noise=seeds)
def test_same_seed_same_match_even_with_the_global_random_state_disturbed(seed, noise):
    def play(disturb: bool) -> list[str]:
        match = new_game(seed)
        bots = [RandomBot(s, seed=seed + s) for s in range(4)]
        while not match.is_over:
            if disturb:
                random.seed(noise)
                random.random()
            match.apply(bots[match.current_player].choose(match))
        return [e.text for e in match.events]

    random.seed(noise)
    assert play(False) == play(True)
