"""The conformance suite over every registered game (the checks: `tests/conformance/suite.py`).

A new game added to the registry is checked here with no change to this file; a game registered
by its own test (``tests/gofish``) calls the same checks.
"""

from __future__ import annotations

import pytest

from cardkit.games import game_names
from tests.conformance.suite import (
    LINEUPS,
    MIN_GAMES,
    check_game_bots_decide_from_the_view,
    check_game_bots_keep_every_invariant,
    check_game_registry_describes_it,
    check_game_same_seed_same_game,
)


@pytest.mark.parametrize("lineup", LINEUPS)
@pytest.mark.parametrize("name", game_names())
def test_bots_play_whole_games_that_keep_every_invariant(name: str, lineup: str) -> None:
    assert check_game_bots_keep_every_invariant(name, lineup) >= MIN_GAMES


@pytest.mark.parametrize("name", game_names())
def test_same_seed_same_game_whatever_the_global_random_state(name: str) -> None:
    check_game_same_seed_same_game(name)


@pytest.mark.parametrize("name", game_names())
def test_the_registry_describes_the_game(name: str) -> None:
    check_game_registry_describes_it(name)


@pytest.mark.parametrize("name", game_names())
def test_bots_decide_from_their_seats_view_only(name: str) -> None:
    check_game_bots_decide_from_the_view(name)
