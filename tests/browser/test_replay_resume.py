"""Honest faults in the replay viewer (issue 12): after its kernel dies, "Start again" brings
back the record the learner was replaying, at the step they were at, not the app's default.

The approach of test_server_faults.py: a page of its own (killing a kernel makes the page log
connection errors, which the ``page`` fixture would count), the kernel killed as an operating
system would, and the page checked as a person sees it.
"""

from __future__ import annotations

import time

from fault_helpers import (
    READY_MS,
    expect_the_game_fault_and_start_again,
    kill_the_kernel,
    open_in_new_context,
)
from playwright.sync_api import expect

from cardkit.widgets.stepper import sample_game

# The address deals a Xeri bot game; the learner pastes a Zion Check record instead, so the
# default replay and the resumed one cannot be mistaken for each other.
APP = "/voila/render/replay_viewer.ipynb?game=xeri&seed=1"
STEPS = 4


def _open(browser, base: str, app: str = APP):
    return open_in_new_context(browser, base, app, viewport={"width": 1280, "height": 900})


def _what_a_person_sees(page) -> dict[str, object]:
    """The step's caption and narration, the scores, and every card drawn on the table."""
    app = page.locator(".cardkit-replay-viewer")
    return {
        "caption": app.locator(".cardkit-step-caption").inner_text(),
        "events": app.locator(".cardkit-step-events").inner_text(),
        "scores": app.locator(".cardkit-step-scores").inner_text(),
        "cards": app.locator(".cardkit-table svg.ck-card").evaluate_all(
            "cards => cards.map(card => card.getAttribute('aria-label'))"),
        "seats": [text.replace("\xa0", " ")  # the widget's options use no-break spaces
                  for text in app.locator(".cardkit-stepper select option").all_inner_texts()],
    }


def _expect_to_see(page, seen: dict[str, object], timeout_s: float = 20) -> None:
    """Wait until the page shows ``seen`` (the stepper's widgets render one by one), then
    compare: a condition waited for, as ``expect`` does, never a time."""
    deadline = time.monotonic() + timeout_s
    shown = _what_a_person_sees(page)
    while shown != seen and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        shown = _what_a_person_sees(page)
    assert shown == seen


def test_start_again_brings_the_pasted_record_back_at_the_same_step(browser, voila_server):
    record = sample_game("zioncheck", 3, players=3).to_json()
    context, page = _open(browser, voila_server)
    try:
        app = page.locator(".cardkit-replay-viewer")
        caption = app.locator(".cardkit-step-caption")
        expect(caption).to_contain_text("The deal (step 0 of")
        default = _what_a_person_sees(page)
        app.locator(".widget-textarea textarea").fill(record)
        app.get_by_role("button", name="Replay the pasted record").click()
        expect(app.locator(".cardkit-replay-message")).to_contain_text("Your record:")
        for step in range(1, STEPS + 1):
            app.get_by_role("button", name="Next ▶").click()
            expect(caption).to_contain_text(f"Step {step} of")
        # the page keeps the step, sent after the step's table and scores: all of them shown
        expect(page.locator(".cardkit-record-place")).to_have_text(f"step {STEPS}")
        seen = _what_a_person_sees(page)
        assert "Seat 2's view" in seen["seats"]  # a three-player Zion Check game, not Xeri
        assert seen["cards"] != default["cards"]

        kill_the_kernel(page, voila_server)
        expect_the_game_fault_and_start_again(page)

        # a fresh kernel replays the address's Xeri game, then the page gives the kept record
        # and step back
        expect(app.locator(".cardkit-replay-message")).to_contain_text(
            f"Your replay is back where it was: step {STEPS} of", timeout=READY_MS)
        expect(page.locator(".cardkit-fault")).to_have_count(0)
        expect(caption).to_have_text(str(seen["caption"]))
        _expect_to_see(page, seen)
        # and it steps on from there
        app.get_by_role("button", name="Next ▶").click()
        expect(caption).to_contain_text(f"Step {STEPS + 1} of")
    finally:
        context.close()
