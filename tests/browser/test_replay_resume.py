"""Honest faults in the replay viewer (issue 12): after its kernel dies, "Start again" brings
back the record the learner was replaying, at the step they were at, not the app's default.

The approach of test_server_faults.py: a page of its own (killing a kernel makes the page log
connection errors, which the ``page`` fixture would count), the kernel killed as an operating
system would, and the page checked as a person sees it.
"""

from __future__ import annotations

import time

import psutil
from playwright.sync_api import expect

from cardkit.widgets.stepper import sample_game

# The address deals a Xeri bot game; the learner pastes a Zion Check record instead, so the
# default replay and the resumed one cannot be mistaken for each other.
APP = "/voila/render/replay_viewer.ipynb?game=xeri&seed=1"
READY_MS = 90_000
STEPS = 4


def _open(browser, base: str, app: str = APP):
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(app, wait_until="domcontentloaded", timeout=READY_MS)
    page.locator(".cardkit-app").first.wait_for(state="visible", timeout=READY_MS)
    return context, page


def _kill_the_kernel(page, voila_server: str) -> None:
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
        ".kernelId")
    port = int(voila_server.rsplit(":", 1)[1])
    server = next(c for c in psutil.process_iter(["cmdline"])
                  if f"--port={port}" in (c.info["cmdline"] or []))
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            cmdline = child.cmdline()
        except (psutil.ZombieProcess, psutil.NoSuchProcess):
            continue  # an earlier test's kernel that ended and is not reaped yet
        if any(kernel_id in part for part in cmdline):
            child.kill()
            return
    raise AssertionError(f"no process for kernel {kernel_id}")


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

        _kill_the_kernel(page, voila_server)
        fault = page.locator(".cardkit-fault")
        expect(fault).to_be_visible(timeout=30_000)
        expect(fault).to_contain_text("game engine stopped")
        expect(fault).to_contain_text("brings your game back where it was")
        page.get_by_role("button", name="Start again").click()

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
