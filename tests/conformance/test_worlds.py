"""The world samplers of every registered game keep their promises (`worlds.py` here)."""

from __future__ import annotations

import pytest

from cardkit.games import game_names
from tests.conformance.worlds import check_game_sampled_worlds


@pytest.mark.parametrize("name", game_names())
def test_sampled_worlds_agree_with_the_view_and_hide_the_same_cards(name: str) -> None:
    assert check_game_sampled_worlds(name) >= 10
