"""TurnStepper and the replay app in plain pytest: buttons, slider, seat view, narration."""

from __future__ import annotations

import datetime
import json
import time

import pytest

from cardkit import play_out
from cardkit.games import get_game
from cardkit.records import replay_steps
from cardkit.widgets.stepper import ReplayViewer, TurnStepper, sample_game, seat_names
from cardkit.xeri import TEAM_NAMES, GreedyBot, new_game


@pytest.fixture(scope="module")
def match():
    return play_out(new_game(seed=5), [GreedyBot(s, seed=s) for s in range(4)])


@pytest.fixture
def stepper(match) -> TurnStepper:
    return TurnStepper(match.to_json())


def test_steps_are_precomputed_once_one_per_action(stepper, match):
    assert len(stepper.steps) == len(match.history) == stepper.slider.max
    assert stepper.position == 0 and "The deal" in stepper.caption.value


def test_play_steps_on_and_pause_stops_where_it_is(stepper, monkeypatch):
    from cardkit.widgets import stepper as stepper_module

    monkeypatch.setattr(stepper_module, "PLAY_INTERVAL_MS", 1)
    stepper.go(5)
    stepper.player.value = True
    assert stepper.player.description == "❚❚ Pause"
    stepper._playing.join(timeout=0.05)  # let it step a little
    stepper.player.value = False
    stepper._playing.join(timeout=10)
    paused = stepper.position
    assert paused > 5 and stepper.player.description == "▶ Play"
    time.sleep(0.05)
    assert stepper.position == paused  # paused, not back at the deal


def test_a_record_without_moves_says_so():
    stepper = TurnStepper(new_game(seed=3).to_json())
    assert stepper.slider.max == 0 and "has no moves yet" in stepper.message.text


def test_next_previous_first_last_walk_the_record(stepper, match):
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.position == 2
    stepper.prev_button.click()
    assert stepper.position == 1
    step = stepper.steps[0]
    assert f"Step 1 of {len(match.history)}" in stepper.caption.value
    assert f"plays {step.action}" in stepper.caption.value
    assert stepper.event_texts == [event.text for event in step.events]
    stepper.last_button.click()
    assert stepper.position == len(match.history)
    assert stepper.next_button.disabled and stepper.last_button.disabled
    stepper.first_button.click()
    assert stepper.position == 0 and stepper.prev_button.disabled


def test_the_narration_shows_each_events_explanation_and_rule_id(stepper):
    stepper.go(1)
    shown = stepper.events.value
    for event in stepper.steps[0].events:
        assert event.rule in shown
        assert str(event.card) in shown


def test_the_slider_shows_that_steps_state(stepper, match):
    stepper.slider.value = 10
    assert stepper.game.history == match.history[:10]
    assert "Step 10 of" in stepper.caption.value
    stepper.go(10_000)
    assert stepper.position == len(match.history)


def test_the_last_step_shows_the_final_scores_and_the_winner_xr_7_1(stepper, match):
    stepper.last_button.click()
    for team in (0, 1):
        assert f"{TEAM_NAMES[team]}: {match.totals[team]} points" in stepper.scores.value
    assert any("win the match" in text for text in stepper.event_texts)


def test_seat_view_hides_the_other_hands_xr_9_1(stepper):
    stepper.go(3)
    game = stepper.game
    assert stepper.seat is None
    open_view = stepper.table.value
    assert all(card.name in open_view for card in game.hand(1))
    stepper.view.value = 2
    assert stepper.seat == 2 and 'data-view="2"' in stepper.table.value
    hidden = [c for c in game.hand(1) if c not in game.hand(2) and c not in game.pile]
    assert not any(f'aria-label="{c.name}"' in stepper.table.value for c in hidden)


def test_a_game_object_and_its_record_give_the_same_steps(match):
    from_game = TurnStepper(match)
    from_text = TurnStepper(match.to_json())
    assert [s.action for s in from_game.steps] == [s.action for s in from_text.steps]


def test_a_bad_seat_or_record_gives_a_clear_error(match):
    with pytest.raises(ValueError, match="seat is 0 to 3"):
        TurnStepper(match, seat=7)
    with pytest.raises(ValueError, match="not a cardkit record"):
        TurnStepper("{not json")


def test_replay_viewer_replays_a_sample_and_a_pasted_record(match):
    viewer = ReplayViewer(game="xeri", seed=2)
    assert viewer.stepper is not None and viewer.stepper.slider.max > 150
    assert "A bot game of 4-Player Xeri, seed 2" in viewer.message.text
    viewer.paste.value = match.to_json()
    viewer.paste_button.click()
    assert viewer.message.kind == "ok"
    assert [s.action for s in viewer.stepper.steps] == [s.action for s in replay_steps(match)]
    assert viewer.holder.children == (viewer.stepper, viewer.review)


def test_replay_viewer_shows_a_bad_record_in_its_message_area():
    viewer = ReplayViewer(game="xeri", seed=2)
    shown = viewer.stepper
    viewer.paste.value = json.dumps({"game": "chess", "actions": []})
    viewer.paste_button.click()
    assert viewer.message.kind == "refused"
    assert viewer.message.text == ("This record cannot be replayed: unknown game 'chess'; "
                                   "the games are 'xeri', 'zioncheck'.")
    assert viewer.stepper is shown  # the old replay stays
    viewer.paste.value = "{not json"
    viewer.paste_button.click()
    assert viewer.message.kind == "refused"
    assert viewer.message.text.startswith("This text is not a game record: it is not JSON (")
    viewer.paste.value = "  "
    viewer.paste_button.click()
    assert viewer.message.text.startswith("Paste a record first")
    assert viewer.stepper is shown


def test_replay_viewer_loads_an_uploaded_record(match):
    viewer = ReplayViewer(game="xeri", seed=2)
    viewer.upload.value = (
        {"name": "m.json", "type": "application/json", "size": 1,
         "last_modified": datetime.datetime.now(datetime.timezone.utc),
         "content": memoryview(match.to_json().encode())},
    )
    assert "Your record" in viewer.message.text
    assert viewer.stepper.slider.max == len(match.history)
    viewer.upload.value = (
        {"name": "photo.png", "type": "image/png", "size": 3,
         "last_modified": datetime.datetime.now(datetime.timezone.utc),
         "content": memoryview(b"\x89PNG\xff")},
    )
    assert viewer.message.kind == "refused"
    assert viewer.message.text == ("photo.png is not a text file: load the .json file of a game "
                                   "record.")


def test_sample_games_are_seeded():
    assert sample_game("xeri", 4).history == sample_game("xeri", 4).history
    with pytest.raises(ValueError, match="unknown game 'poker'; the games are 'xeri'"):
        sample_game("poker")
    # every bot is seated by the registry's one rule, cardkit.games.bot_seed
    spec = get_game("zioncheck")
    again = spec.new(seed=3, players=3)
    play_out(again, [spec.seated_bot("greedy", s, 3) for s in range(3)])
    assert sample_game("zioncheck", 3, players=3).history == again.history


def test_a_zion_check_game_steps_with_penalty_points_and_seat_views_zc_14():
    game = sample_game("zioncheck", 2)
    stepper = TurnStepper(game.to_json())
    assert stepper.slider.max == len(game.history)
    stepper.next_button.click()
    assert "Step 1 of" in stepper.caption.value and "ZC-" in stepper.events.value
    stepper.last_button.click()
    assert any("The game is over after six hands" in text for text in stepper.event_texts)
    names = seat_names(game)
    for seat, points in game.totals.items():
        assert f"{names[seat]}: {points}</li>" in stepper.scores.value
    assert "lower is better" in stepper.scores.value
    stepper.view.value = 1
    assert 'data-view="1"' in stepper.table.value
    assert [label for label, _ in stepper.view.options][1].endswith("'s view")


def test_xr_7_1_an_extra_round_after_level_rounds_is_named_as_such():
    game = sample_game("xeri", 12)  # four rounds end 2-2, a fifth decides
    assert game.round_number == game.rules.rounds + 1
    stepper = TurnStepper(game.to_json())
    stepper.last_button.click()
    assert "Round 5 (extra round: 4 rounds left the teams level, XR-7.1)" in stepper.table.value
    stepper.go(1)
    assert "Round 1 of 4" in stepper.table.value
