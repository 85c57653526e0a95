"""Xeri property tests: random legal play over many seeds and rule presets keeps Xeri's own
invariants (a preview foretells each play, Xeri cards are captured cards, scores add up).

What every game promises (cards in one place, refusals that change nothing, clones, records,
determinism under a disturbed global random state, observations) is checked for Xeri by the
conformance suite, `tests/conformance/test_conformance.py`, under every preset."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Card, IllegalAction
from cardkit.xeri import PRESETS, EventKind, new_game
from cardkit.xeri.match import PACK

SETTINGS = settings(max_examples=30, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32)
presets = st.sampled_from(sorted(PRESETS))
PLAY_KINDS = {EventKind.PLAY: (False, False), EventKind.CAPTURE: (True, False),
              EventKind.XERI: (True, True), EventKind.JACK_XERI: (True, True)}


@SETTINGS
@given(seed=seeds, preset=presets, choice_seed=seeds)
def test_the_preview_foretells_each_play_and_xeri_cards_are_captured_cards(seed, preset,
                                                                           choice_seed):
    match = new_game(seed=seed, rules=PRESETS[preset])
    rng = random.Random(choice_seed)
    while not match.is_over:
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
    match = new_game(seed=seed, rules=rules)
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
def test_xr_3_1_and_1_2_each_wrong_play_cites_its_own_rule(seed, steps, pick):
    """Which rule refuses what: a card not in hand or no card at all (XR-3.1), a card of a
    second deck (XR-1.2). That nothing changes is also checked here, for these inputs."""
    match = new_game(seed=seed)
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
