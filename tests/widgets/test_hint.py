"""The tables' Hint (issue 19, "In the apps"): it rates the learner's legal moves from the
learner's view only, shows the sentence above the intervals, marks the best card, and thinks
of one hint at a time within the app's bounds. Small sample budgets, no time budget where the
answer must not depend on the machine's speed."""

from __future__ import annotations

from random import Random

import pytest

from cardkit.analysis import analyze
from cardkit.widgets import limits
from cardkit.widgets.hint import HintPanel, best_card
from cardkit.widgets.xeri_table import XeriTable
from cardkit.widgets.zion_table import ZionTable
from cardkit.xeri.worlds import sample_world

SAMPLES = 8


def budget(panel: HintPanel) -> HintPanel:
    """A sample budget only (no time budget): the same hint on any machine, at any load."""
    panel.max_samples = SAMPLES
    panel.seconds = None
    return panel


@pytest.fixture
def xeri() -> XeriTable:
    table = XeriTable(seed=3, seat=2, bot_delay=0)
    budget(table.hint)
    return table


def test_the_hint_is_bounded_by_the_apps_limits():
    panel = XeriTable(seed=3, bot_delay=0).hint
    assert limits.MAX_HINT_SECONDS <= 3
    assert panel.seconds <= limits.MAX_HINT_SECONDS
    assert panel.max_samples <= limits.MAX_HINT_SAMPLES
    assert HintPanel(XeriTable(seed=3, bot_delay=0), seconds=60, max_samples=10**6).seconds \
        == limits.MAX_HINT_SECONDS
    assert limits.analysis_samples(400, {"CARDKIT_ANALYSIS_SAMPLES": "12"}) == 12
    assert limits.analysis_samples(400, {"CARDKIT_ANALYSIS_SAMPLES": "nonsense"}) == 400


def test_hint_shows_the_sentence_above_the_intervals_and_marks_the_best_card(xeri):
    assert xeri.match.current_player == 2 and not xeri.hint.button.disabled
    xeri.hint.button.click()
    analysis = xeri.hint.analysis
    assert analysis is not None and analysis.samples == SAMPLES and analysis.seat == 2
    best = analysis.best.action
    assert best in xeri.match.hand(2)
    assert f"Hint: Play {best}" in xeri.hint.note.value
    shown = xeri.hint.view.value
    assert shown.index("on average") < shown.index("<svg")  # the sentence above the chart
    assert shown.count("<circle") == len(analysis.moves) == len(set(xeri.match.hand(2)))
    assert xeri.hand.marks == {xeri.hand.cards.index(best.to_text()): "best"}


def test_the_hint_reads_only_the_learners_view(xeri):
    """Two matches that differ only in cards South cannot see get the same hint."""
    other = XeriTable(seed=3, seat=2, bot_delay=0)
    budget(other.hint)
    world = sample_world(xeri.match.observe(2), Random(11))
    assert world.observe(2) == xeri.match.observe(2)
    assert [world.hand(s) for s in (0, 1, 3)] != [xeri.match.hand(s) for s in (0, 1, 3)]
    other.game = world
    mine, theirs = xeri.hint.hint(), other.hint.hint()
    assert mine is not None and theirs is not None
    assert mine.moves == theirs.moves and mine.text == theirs.text
    assert mine.moves == analyze(xeri.match, 2, seconds=None, max_samples=SAMPLES).moves


def test_the_same_position_is_answered_once_and_a_new_position_clears_the_hint(xeri):
    first = xeri.hint.hint()
    assert xeri.hint.hint() is first and xeri.hint.thought == 1  # no second piece of work
    xeri.hint.thinking = True  # a press while a hint is being thought of adds no work
    xeri.hint._for = None
    assert xeri.hint.hint() is None and xeri.hint.thought == 1
    xeri.hint.thinking = False
    xeri.hint.hint()
    card = xeri.match.hand(2)[0]
    xeri.hand.select_cards([card])
    xeri.play_button.click()  # the bots answer; South is to play again
    assert xeri.match.current_player == 2
    assert xeri.hint.view.value == "" and "best" not in xeri.hand.marks.values()


def test_no_hint_off_turn_or_when_the_round_is_over():
    table = XeriTable(seed=3, seat=2, bot_delay=0, hot_seat=False)
    budget(table.hint)
    table.game = table.match.clone()
    table.match.apply(table.match.hand(2)[0])  # now West is to play
    table._refresh()
    assert table.hint.button.disabled and "on your turn" in table.hint.note.value
    assert table.hint.hint() is None and table.hint.view.value == ""
    table.held = 1
    table._refresh()
    assert table.hint.button.disabled and "the round is over" in table.hint.note.value


def test_hot_seat_rates_for_the_seat_to_act():
    table = XeriTable(seed=3, hot_seat=True, bot_delay=0)
    budget(table.hint)
    mover = table.match.current_player
    assert table.waiting_for == mover  # the privacy screen first: no hint behind it
    assert table.hint.button.disabled and "ready" in table.hint.note.value
    table.ready()
    assert table.hint.hint().seat == mover
    assert f"Hint for {table.match.seat_name(mover)}" in table.hint.note.value
    table.play(table.match.hand(mover)[0])
    table.ready()
    assert table.hint.hint().seat == table.match.current_player != mover


def test_zion_hint_says_the_best_action_and_marks_its_card():
    table = ZionTable(players=3, seed=1, bot_delay=0)
    budget(table.hint)
    assert table.game.current_player == 0
    draw = table.hint.hint()
    assert best_card(draw.best.action) is None  # draw or take: said, no card to mark
    assert draw.words(draw.best.action) in table.hint.note.value
    assert "best" not in table.hand.marks.values()
    table.draw_button.click()
    play = table.hint.hint()
    card = best_card(play.best.action)
    assert {type(m.action).__name__ for m in play.moves} >= {"Discard"}
    assert card is not None and table.hand.marks[table.hand.cards.index(card.to_text())] \
        == "best"
    assert "marked best in your hand" in table.hint.note.value


def test_zion_hint_of_a_go_down_says_it_and_marks_no_card():
    table = ZionTable(players=3, seed=3, bot_delay=0)
    budget(table.hint)
    table.draw_button.click()
    go_down = table.hint.hint()
    assert type(go_down.best.action).__name__ == "GoDown"
    assert "Hint: Go down with" in table.hint.note.value
    assert "best" not in table.hand.marks.values()


def test_a_zion_hint_reads_only_the_learners_view():
    """Two games that differ only in cards Seat 0 cannot see get the same hint."""
    from cardkit.zioncheck.worlds import sample_world as zion_world

    table, other = (ZionTable(players=3, seed=1, bot_delay=0) for _ in range(2))
    table.draw_button.click()
    world = zion_world(table.game.observe(0), Random(5))
    assert world.observe(0) == table.game.observe(0)
    assert [world.hand(s) for s in (1, 2)] != [table.game.hand(s) for s in (1, 2)]
    other.game = world
    mine, theirs = budget(table.hint).hint(), budget(other.hint).hint()
    assert mine is not None and theirs is not None
    assert mine.moves == theirs.moves and mine.text == theirs.text


@pytest.mark.parametrize("table", ["xeri", "zioncheck"])
def test_a_hint_of_one_sample_draws_no_nan(table):
    """On a loaded machine a hint's time budget may end after the first world: one sample, no
    interval yet. The browser tests saw its picture drawn at x="nan" (console errors) and the
    sentence said "−inf to +inf". Now the scale is made of the finite values, an unbounded end
    is drawn to the scale's edge, and the words say −∞ to +∞."""
    made = XeriTable(seed=3, seat=2, bot_delay=0) if table == "xeri" else \
        ZionTable(players=3, seed=5, bot_delay=0)
    panel = made.hint
    panel.max_samples, panel.seconds = 1, None
    panel.button.click()
    analysis = panel.analysis
    assert analysis.samples == 1 and analysis.moves
    shown = panel.view.value
    assert "nan" not in shown.lower() and "inf" not in shown
    assert "−∞ to +∞" in analysis.text or "−∞ to ∞" in analysis.text
