"""ZC-1.2, the seed's big tables: 2 to 16 players, up to 8 decks, and every game the core
creates loads back from its own record (`cardkit.bounds`)."""

from __future__ import annotations

import pytest

from cardkit import bounds
from cardkit.cli import main
from cardkit.games import get_game, load_record
from cardkit.sim import simulate
from cardkit.widgets import limits
from cardkit.zioncheck import MAX_DECKS, MAX_PLAYERS, Rules, decks_for_players, new_game


def test_zc_1_2_the_bounds_are_the_largest_table_the_rules_allow():
    assert bounds.PLAYERS == (2, MAX_PLAYERS) == (2, 16)
    assert bounds.MAX_DECKS == MAX_DECKS == 8
    assert get_game("zioncheck").players == (2, 16)
    assert decks_for_players(MAX_PLAYERS) == 6 <= MAX_DECKS
    with pytest.raises(ValueError, match="played by 2 to 16 players, not 17"):
        new_game(players=17)
    with pytest.raises(ValueError, match="from 1 to 8, not 9"):
        Rules(num_decks=9)


@pytest.mark.parametrize("players", [9, 12, 13, 16])
def test_zc_1_2_a_big_table_plays_and_loads_back_from_its_record(players):
    game = get_game("zioncheck").new(seed=players, players=players)
    bots = get_game("zioncheck").make_bots("greedy", seed=players, players=players)
    for _ in range(300):
        game.apply(bots[game.current_player].choose(game.observe(game.current_player)))
    assert len(game._pack) == 54 * decks_for_players(players)
    again = load_record(game.to_json())
    assert again.to_json() == game.to_json() and again.snapshot()["_hands"] == \
        game.snapshot()["_hands"]
    assert load_record(game.to_json()).history == game.history
    assert limits.check_record_text(game.to_json())["players"] == players  # the replay app


def test_zc_1_2_more_decks_than_the_chart_load_back():
    game = new_game(players=4, seed=3, rules=Rules(num_decks=MAX_DECKS))
    assert game.stock_size == MAX_DECKS * 54 - 40
    assert load_record(game.to_json()).stock_size == game.stock_size


@pytest.mark.parametrize("change", [
    {"max_turns_per_hand": bounds.MAX_RULE_VALUE + 1},
    {"stuck_penalty": bounds.MAX_RULE_VALUE + 1},
    {"claim_penalty_cards": bounds.MAX_RULE_VALUE + 1},
    {"max_claims_per_hand": bounds.MAX_RULE_VALUE + 1},
    {"deal_sizes": (10, 10, 10, 10, 11, bounds.MAX_RULE_VALUE + 1)},
    {"card_values": {"joker": bounds.MAX_RULE_VALUE + 1}},
    {"contracts": ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (bounds.MAX_RULE_VALUE + 1, 0))},
])
def test_zc_1_2_rules_a_record_could_not_hold_are_refused_when_made(change):
    """A rule value past the record bounds would make a game whose record cannot load."""
    with pytest.raises(ValueError, match="at most 10,000"):
        Rules(**change)


def test_zc_1_2_the_command_line_seats_twelve(capsys):
    assert main(["zion", "--players", "12", "--seed", "1", "--quiet"]) == 0
    assert main(["zion", "--players", "17"]) == 2
    assert "played by 2 to 16 players, not 17" in capsys.readouterr().err


@pytest.mark.parametrize("players", [9, 16])
def test_zc_1_2_simulate_seats_nine_to_sixteen(players):
    frame = simulate("zioncheck", 2, players=["greedy"] * players, seed=2, progress=False)
    assert len(frame) == 2 and set(frame["players"]) == {players}  # a row per hand
    assert f"points_{players - 1}" in frame.columns
