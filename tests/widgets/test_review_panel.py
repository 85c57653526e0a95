"""The replay viewer's "Analyse this game" (issue 19): each decision of the chosen seat with
its expected loss and mark by the stated thresholds, the expected result chart, jump to the
biggest mistake, a progress bar, and Stop that keeps what is done. Tiny sample budgets."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cardkit.analysis import Mark, review_thresholds
from cardkit.widgets import limits
from cardkit.widgets.review_panel import ReviewPanel
from cardkit.widgets.stepper import ReplayViewer, TurnStepper, sample_game
from tests.thread_helpers import run_without_threads


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch):
    """Four samples a decision and time budgets that never bind: the same review at any load."""
    monkeypatch.setattr(limits, "MAX_REVIEW_MOVE_SAMPLES", 4)
    monkeypatch.setattr(limits, "MAX_REVIEW_MOVE_SECONDS", 30.0)
    monkeypatch.setattr(limits, "MAX_REVIEW_SECONDS", 600.0)
    monkeypatch.setattr(limits, "REVIEW_YIELD_SECONDS", 600.0)  # a step per decision


def first_steps(game: str, seed: int, actions: int) -> str:
    data = json.loads(sample_game(game, seed).to_json())
    data["actions"] = data["actions"][:actions]
    return json.dumps(data)


@pytest.fixture(scope="module")
def xeri_record() -> str:
    return first_steps("xeri", 1, 48)  # North's first 12 decisions, two of them marked


def test_the_replay_viewer_offers_analyse_this_game_under_the_replay():
    viewer = ReplayViewer(seed=1)
    assert viewer.holder.children == (viewer.stepper, viewer.review)
    assert viewer.review.analyse_button.description == "Analyse this game"
    old = viewer.review
    viewer.load_sample()
    assert viewer.review is not old and old._halt.is_set()  # the old record's review stops


def test_analyse_rates_each_decision_with_its_mark_by_the_stated_thresholds(xeri_record):
    panel = ReviewPanel(TurnStepper(xeri_record), background=False)
    a, b, c = review_thresholds("xeri")
    assert f"{a:g} or more round points" in panel.rules.value
    assert f"a <b>mistake</b> from {b:g}, a <b>blunder</b> from {c:g}" in panel.rules.value
    panel.analyse_button.click()
    review = panel.review
    assert review.complete and len(review.moves) == review.decisions == 12
    assert all(panel.stepper.steps[m.index].seat == 0 for m in review.moves)
    assert (panel.progress.done, panel.progress.total) == (12, 12)
    marked = [m for m in review.moves if m.mark is not Mark.GOOD]
    assert marked, "this record has marked decisions (seed 1)"
    # the columns stand apart (at a projector "step played expected loss" ran together)
    assert ".ck-review-marked th,.ck-review-marked td{padding:2px 12px" in panel.table.value
    for move in marked:
        assert f"<td>{move.index + 1}</td>" in panel.table.value
        assert move.loss >= a and move.played.loss_low > 0
    _best, played = panel.figure.data
    assert list(played.x) == [m.index + 1 for m in review.moves if m.played is not None]
    assert list(played.y) == [m.played.mean for m in review.moves if m.played is not None]
    assert "expected points for North–South" in panel.figure.layout.title.text
    assert "done" in panel.message.text and not panel.analyse_button.disabled


def test_jump_goes_to_the_biggest_mistake(xeri_record):
    panel = ReviewPanel(TurnStepper(xeri_record), background=False)
    assert panel.jump() is None and panel.stepper.position == 0
    panel.analyse()
    marked = [m for m in panel.review.moves if m.mark is not Mark.GOOD]
    worst = max(marked, key=lambda m: m.loss)
    assert not panel.jump_button.disabled
    panel.jump_button.click()
    assert panel.stepper.position == worst.index + 1
    assert f"Step {worst.index + 1}:" in panel.message.text
    assert f"{worst.loss:.1f} round points worse on average" in panel.message.text
    assert panel.message.text.endswith(f"({worst.mark.value}).")


def test_jump_with_nothing_marked_says_why_the_largest_loss_is_no_mistake(xeri_record):
    """The walk-through stopped a review after one decision: the jump said "(good)" of "the
    biggest mistake". It now says the decision is not marked, and why."""
    panel = ReviewPanel(TurnStepper(xeri_record), background=False)
    panel.analyse()
    unmarked = tuple(m for m in panel.review.moves if m.mark is Mark.GOOD)
    panel.review = dataclasses.replace(panel.review, moves=unmarked)
    worst = panel.worst()
    assert worst is not None and worst.mark is Mark.GOOD and worst.loss > 0
    assert panel.jump() == worst.index + 1
    said = panel.message.text
    assert "(good)" not in said and "not marked: the largest loss so far" in said
    small = worst.loss < review_thresholds("xeri")[0]
    assert ("under the 2 round points of an inaccuracy" in said) == small
    assert ("its interval reaches zero" in said) == (not small)


def test_stop_keeps_what_is_done(xeri_record):
    panel = ReviewPanel(TurnStepper(xeri_record), background=False)
    steps = panel.steps()
    next(steps)
    next(steps)
    assert panel.stop_button.disabled is False
    panel.stop_button.click()
    for _ in steps:
        pass
    review = panel.review
    assert not review.complete and len(review.moves) == 2 and review.decisions == 12
    assert panel.progress.done == 2 and "stopped before the end" in panel.message.text
    assert not panel.analyse_button.disabled and panel.stop_button.disabled


def test_a_zion_check_review_states_penalty_points():
    stepper = TurnStepper(first_steps("zioncheck", 2, 12))
    panel = ReviewPanel(stepper, background=False)
    assert "or more penalty points" in panel.rules.value
    panel.seat.value = 1
    panel.analyse()
    assert panel.review.seat == 1 and panel.review.complete
    assert all(stepper.steps[m.index].seat == 1 for m in panel.review.moves)


def test_without_threads_the_review_steps_on_the_event_loop(monkeypatch, xeri_record):
    """In the browser (Pyodide) no thread starts: the review runs a decision at a time on the
    page's event loop, so a Stop click gets in between two decisions."""
    import asyncio

    seen: list[tuple[int, bool]] = []

    def analyse_then_stop(loop: asyncio.AbstractEventLoop) -> None:
        panel = ReviewPanel(TurnStepper(xeri_record))
        panel.analyse_button.click()
        assert panel._thread is None and panel.running
        while panel.review is None or len(panel.review.moves) < 3:
            loop.run_until_complete(asyncio.sleep(0))
        panel.stop_button.click()
        loop.run_until_complete(panel._task)
        seen.append((len(panel.review.moves), panel.review.complete))

    run_without_threads(analyse_then_stop, monkeypatch, timeout=120,
                        not_stopped="the review did not stop")
    assert seen == [(3, False)]


def test_stop_within_a_long_decision_ends_the_review_after_one_more_world(monkeypatch):
    """In the static site a Zion Check decision can take seconds: the review gives the page way
    between its worlds (``yield_every``), and Stop ends it there, not after the decision."""
    monkeypatch.setattr(limits, "MAX_REVIEW_MOVE_SAMPLES", 4000)  # a decision far too long
    monkeypatch.setattr(limits, "REVIEW_YIELD_SECONDS", 0.0)  # a step after every world
    panel = ReviewPanel(TurnStepper(first_steps("zioncheck", 2, 12)), background=False)
    panel.seat.value = 1
    steps = panel.steps()
    shown: list = []
    while len(shown) < 2 or shown[-1] != shown[-2]:  # up to a world within a rated decision
        next(steps)
        shown.append(panel.review.moves)
    done = shown[-1]
    assert panel.stop_button.disabled is False
    panel.stop_button.click()
    assert len(list(steps)) == 1  # the world in progress, then the review ends
    assert not panel.review.complete and panel.review.moves == done
    assert "stopped before the end" in panel.message.text and panel.stop_button.disabled
