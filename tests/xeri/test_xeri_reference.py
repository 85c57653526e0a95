"""The engine's round scores against an independent reference (``reference_scorer.py``), which
replays each round from its starting pile and the cards played, written from RULES.md alone."""

from __future__ import annotations

import random

import pytest
from reference_scorer import reference_round

from cardkit.xeri import PRESETS, EventKind, new_game

MATCHES_PER_PRESET = 60


def rounds_of(match):
    """Per finished round: dealer, starting pile (after any redeal), plays and the sheets."""
    history = list(match.history)
    rounds, dealer, pile = [], None, None
    for event in match.events:
        if event.kind is EventKind.NEW_ROUND:
            dealer = event.seat
        elif event.kind is EventKind.DEAL:
            pile = event.pile
        elif event.kind is EventKind.REDEAL:
            pile = event.new_pile
        elif event.kind is EventKind.ROUND_SCORED:
            cards, history = history[:48], history[48:]
            # XR-3.1 and XR-2.5: the player left of the dealer leads each deal, then clockwise
            plays = [((dealer + 1 + i) % 4, card) for i, card in enumerate(cards)]
            rounds.append((dealer, pile, plays, event.sheets))
    assert not history or not match.is_over
    return rounds


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_xr_6_every_round_scores_as_the_reference_replay_says(preset):
    rules = PRESETS[preset]
    options = {name: getattr(rules, name) for name in (
        "jack_on_single_is_xeri", "ten_of_diamonds_counts_as_ten", "xeri_points",
        "jack_xeri_points", "dealer_last_card_no_xeri")}
    checked = 0
    for seed in range(MATCHES_PER_PRESET):
        match = new_game(seed=seed * 7919 + 1, rules=rules)
        rng = random.Random(seed)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
        for dealer, pile, plays, sheets in rounds_of(match):
            facts = reference_round(pile, plays, dealer, **options)
            for team in (0, 1):
                want, got = facts.scores[team], sheets[team]
                assert (got.cards, got.card_points, got.xeri_points, got.total) == (
                    want.cards, want.card_points, want.xeri_points, want.total), (seed, team)
                xeri_lines = [line for line in got.lines if "Xeri" in line.label]
                assert len(xeri_lines) == want.xeris
            checked += 1
    assert checked >= 4 * MATCHES_PER_PRESET
