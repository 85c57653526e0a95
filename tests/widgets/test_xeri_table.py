"""XeriTable in plain pytest: the learner's clicks go through the widgets' own handlers."""

from __future__ import annotations

import pytest

from cardkit.cards import parse_card
from cardkit.widgets import xeri_table as xeri_table_module
from cardkit.widgets.xeri_table import XeriTable
from cardkit.xeri import SEAT_NAMES

SOUTH = 2


def click_card(table: XeriTable, card) -> None:
    """What a click on a card of the hand does: toggle it in the HandWidget."""
    table.hand.toggle(table.hand.cards.index(card.to_text()))


def play_first_card(table: XeriTable) -> None:
    """Play the first card, as a person does: pressing Next round and, in the hot seat, the
    privacy screen's button when they are shown."""
    if table.held_round is not None:
        table.next_round_button.click()
    if table.waiting_for is not None:
        table.ready_button.click()
    if table.match.is_over:
        return
    click_card(table, table.match.hand(table.viewer)[0])
    table.play_button.click()


@pytest.fixture
def table() -> XeriTable:
    return XeriTable(seed=3, seat=SOUTH, bot_delay=0)


def test_the_learner_moves_first_after_the_bots_and_sees_their_hand(table):
    assert table.match.current_player == SOUTH
    assert table.hand.card_objects == table.match.hand(SOUTH)
    assert "It is your turn" in table.status.value
    assert "South's hand" in table.hand_caption.value
    assert not table.hand.disabled


def test_selecting_a_card_previews_what_it_would_do_xr_3_2(table):
    opening = len(table.match.history)  # the bots before South, if any
    outcomes = {card: table.match.preview(card) for card in table.match.hand(SOUTH)}
    for card, outcome in outcomes.items():
        click_card(table, card)
        shown = table.preview.value
        if outcome.xeri:
            kind = "jack Xeri" if outcome.jack_xeri else "Xeri"
            assert f"This is a {kind}, +{outcome.points}" in shown
        elif outcome.captures:
            assert "This is a capture. " in shown
            assert str(outcome.cards_taken) not in shown.split(". ", 1)[0]
        else:
            assert "This captures nothing" in shown or "This starts a new pile" in shown
        assert f"({outcome.rule})" in shown
    assert len(table.match.history) == opening  # previews change nothing


def test_play_plays_the_selected_card_then_the_bots_answer_and_are_narrated(table):
    opening = len(table.match.history)
    card = table.match.hand(SOUTH)[0]
    click_card(table, card)
    table.play_button.click()
    history = table.match.history[opening:]
    assert history[0] == card and len(history) == 4  # South, then West, North, East
    assert table.match.current_player == SOUTH
    lines = [text for text, _kind in table.log_lines]
    for seat in (SOUTH, 3, 0, 1):
        assert any(text.startswith(f"{SEAT_NAMES[seat]} plays") for text in lines[-4:])
    assert table.narration.value.index("East plays") < table.narration.value.index("South plays")


def test_play_with_nothing_selected_is_refused_with_its_reason_xr_3_1(table):
    before = table.match.to_json()
    table.play_button.click()
    assert table.message.kind == "refused"
    assert "Select a card of your hand first" in table.message.text
    assert table.match.to_json() == before


def test_a_forged_card_not_in_hand_is_refused_by_the_core_and_changes_nothing_xr_3_1(table):
    stranger = next(c for c in (parse_card(t) for t in ("2C", "3D", "4H", "5S", "6C"))
                    if c not in table.match.hand(SOUTH))
    before, hand = table.match.to_json(), table.match.hand(SOUTH)
    assert table.play(stranger) is None
    assert table.message.kind == "refused"
    assert "is not in South's hand" in table.message.text and "XR-3.1" in table.message.text
    assert table.match.to_json() == before and table.match.hand(SOUTH) == hand


def test_playing_on_a_bots_turn_is_refused_and_changes_nothing_xr_3_1(table):
    table.match.apply(table.match.hand(SOUTH)[0])  # now West (a bot) is to play
    west_card = table.match.hand(3)[0]
    before = table.match.to_json()
    for card in (west_card, table.match.hand(SOUTH)[0]):
        assert table.play(card) is None
        assert table.message.kind == "refused"
        assert "it is West's turn, not South's" in table.message.text  # the core's words
        assert "XR-3.1" in table.message.text
    assert table.match.to_json() == before


def test_a_whole_round_by_clicks_ends_with_itemised_score_sheets_xr_6(table):
    while not table.match.round_scores:
        play_first_card(table)
        assert table.message.kind != "error", table.message.text
    sheets = table.match.round_scores[0]
    assert table.scores.children, "the score sheets appear at the end of the round"
    shown = table.scores.children[0].value + table._charts.sheet.value
    assert "Score sheets after round 1" in shown
    for sheet in sheets.values():
        assert str(sheet.total) in shown
    narration = table.narration.value
    assert "Round 1 scores" in narration and "(XR-6)" in narration
    # The game pauses at the round's end: the result and its sheets at the top, Next round.
    won = next(e for e in reversed(table.match.events) if e.kind.name == "ROUND_WON")
    assert table.held_round == 1 and table.round_box.layout.display != "none"
    head = table.round_result.value
    winner = ("North–South", "East–West")[won.winner]
    high, low = max(won.points), min(won.points)
    assert f"Round 1 over: {winner} win {high} to {low} (XR-6.1)." in head
    assert "Round 1 score sheet" in table.round_sheet.value
    assert table.table.layout.display == "none"  # the sheet in the table's place
    assert "Press Next round" in table.status.value and table.hand.disabled
    assert table.match.round_number == 2
    # the core has dealt round 2; its deal is narrated only after Next round
    assert "Round 2:" not in table.narration.value and not table.hand.cards
    assert "The cards of round 2 are dealt when you press Next round." in \
        table.hand_caption.value
    before = table.match.to_json()
    table.play_button.click()  # Play waits for Next round, and says so
    assert "press Next round" in table.message.text and table.match.to_json() == before
    table.next_round_button.click()
    assert table.held_round is None and table.round_box.layout.display == "none"
    assert table.match.current_player == SOUTH and not table.hand.disabled
    assert "It is your turn" in table.status.value
    assert "Round 2: " in table.narration.value and "(XR-2.3)" in table.narration.value


def test_the_scoreboard_puts_rounds_won_first_and_explains_the_match_end_xr_7_1():
    table = XeriTable(seed=11, seat=0, bot_delay=0)
    board = table.scoreboard.value
    assert board.index("Rounds won") < board.index("Points")
    assert "rounds decide the match, XR-7.1" in board
    for _ in range(400):
        if table.match.is_over:
            break
        play_first_card(table)
    won = table.match.rounds_won
    assert f"North–South {won[0]}, East–West {won[1]}" in table.scoreboard.value
    end = table.round_result.value
    rounds = len(table.match.round_scores)
    assert f"Round {rounds} score sheet" in table.round_sheet.value
    assert "win the match" in end and "Rounds won decide the match, not points (XR-7.1)." in end
    assert table.next_round_button.layout.display == "none"


def test_xr_7_1_with_match_winner_points_the_header_puts_points_first():
    from cardkit.xeri import PRESETS

    table = XeriTable(seed=11, seat=0, bot_delay=0, rules=PRESETS["most_points"])
    board = table.scoreboard.value
    assert board.index("Points") < board.index("Rounds won")
    assert "points decide the match, XR-7.1" in board


def test_with_a_target_the_points_come_first_xr_7_2():
    from cardkit.xeri import Rules

    board = XeriTable(seed=1, bot_delay=0, rules=Rules(target=151)).scoreboard.value
    assert board.index("Points") < board.index("Rounds won")
    assert "first to 151 wins, XR-7.2" in board


def test_a_whole_match_by_clicks_then_play_is_refused_xr_7_1():
    table = XeriTable(seed=11, seat=0, bot_delay=0)
    for _ in range(400):
        if table.match.is_over:
            break
        play_first_card(table)
    assert table.match.is_over and table.match.winner in (0, 1)
    assert "Match over" in table.status.value and "win the match" in table.narration.value
    assert table.hand.cards == [] and table.hand.disabled
    before = table.match.to_json()
    table.play(parse_card("2C"))
    assert table.message.kind == "refused" and "the match is over" in table.message.text
    assert table.match.to_json() == before


def test_bots_pause_bot_delay_before_each_move(monkeypatch):
    pauses: list[float] = []
    monkeypatch.setattr(xeri_table_module.time, "sleep", pauses.append)
    table = XeriTable(seed=3, seat=SOUTH, bot_delay=0.4)
    assert pauses == []  # the opening bot moves are made before the page shows anything
    play_first_card(table)
    assert pauses == [0.4, 0.4, 0.4]


def test_hot_seat_view_follows_the_player_to_move_after_a_privacy_screen():
    table = XeriTable(seed=5, hot_seat=True, bot_delay=0)
    assert table.bots == {}
    first = table.match.current_player
    name = SEAT_NAMES[first]
    assert table.waiting_for == first and table.hand.cards == []
    assert table.ready_button.description == f"Pass to {name} — press when {name} is ready"
    table.ready_button.click()
    assert table.viewer == first and table.hand.card_objects == table.match.hand(first)
    click_card(table, table.match.hand(first)[0])
    table.play_button.click()
    second = table.match.current_player
    assert second == (first + 1) % 4
    # The played hand is gone at once; the next hand waits for its player.
    assert table.hand.cards == [] and table.waiting_for == second
    assert f"Pass the screen to {SEAT_NAMES[second]}" in table.status.value
    assert not any(f'aria-label="{card.name}"' in table.table.value
                   for card in table.match.hand(first) + table.match.hand(second))
    before = table.match.to_json()
    table.play(table.match.hand(second)[0])  # no play before the next player is ready
    assert table.match.to_json() == before
    table.ready_button.click()
    assert table.viewer == second and table.hand.card_objects == table.match.hand(second)
    assert f"{SEAT_NAMES[second]}'s hand" in table.hand_caption.value


def test_the_seed_is_shown_with_an_address_that_deals_it_again():
    table = XeriTable(seed=8, bot_delay=0, share=lambda n: f"http://host/x.ipynb?seed={n}")
    assert "Seed <b>8</b>" in table.seed_line.value
    assert 'href="http://host/x.ipynb?seed=8"' in table.seed_line.value
    table.new_button.click()
    assert f"Seed <b>{table.match.seed}</b>" in table.seed_line.value
    assert XeriTable(seed=4, bot_delay=0).seat == SOUTH  # the app's seat is the default too


def test_new_match_deals_a_fresh_seeded_match():
    a, b = XeriTable(seed=8, bot_delay=0), XeriTable(seed=8, bot_delay=0)
    play_first_card(a)
    a.new_button.click()
    b.new_button.click()
    assert a.match.seed == b.match.seed != 8  # the series of seeds is seeded too
    assert a.match.history == b.match.history and len(a.match.history) < 4
    assert "New match" in a.message.text


def test_the_table_is_drawn_from_the_learners_view_xr_9_1(table):
    shown = table.table.value
    assert 'data-view="2"' in shown
    hidden = [card for card in table.match.hand(0) if card not in table.match.hand(SOUTH)]
    assert not any(f'aria-label="{card.name}"' in shown for card in hidden)


def test_the_learners_hand_is_shown_once_as_the_clickable_row(table):
    """The table names where the learner's cards are instead of drawing them a second time."""
    mine = table.match.hand(SOUTH)
    assert table.hand.card_objects == mine
    only_mine = [card for card in mine if not any(card in table.match.hand(s) for s in (0, 1, 3))
                 and card not in table.match.pile]
    assert not any(f'aria-label="{card.name}"' in table.table.value for card in only_mine)
    assert f"{len(mine)} cards, shown in the hand row" in table.table.value


def test_the_teaching_view_shows_every_hand_xr_9_1(table):
    west = table.match.hand(3)
    assert not any(f'aria-label="{card.name}"' in table.table.value for card in west)
    table.show_all.value = True
    assert all(f'aria-label="{card.name}"' in table.table.value for card in west)
    table.show_all.value = False
    assert 'data-view="2"' in table.table.value


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"seat": 4}, "seat is 0, 1, 2 or 3"),
    ({"bot": "clever"}, "bot is one of analyst, greedy, random"),
    ({"bot_delay": -1}, "bot_delay is a number of seconds"),
])
def test_bad_options_give_clear_errors(kwargs, words):
    with pytest.raises(ValueError, match=words):
        XeriTable(seed=1, **kwargs)
