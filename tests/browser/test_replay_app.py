"""The replay viewer in a real browser: step through a recorded match and read the narration."""

from __future__ import annotations

import re

from hint_helpers import seen_texts, watch_text
from playwright.sync_api import expect


def test_next_and_last_change_the_narration(page, open_app, page_errors, screenshot):
    open_app("replay_viewer", "game=xeri&seed=1")
    app = page.locator(".cardkit-replay-viewer")
    caption = app.locator(".cardkit-step-caption")
    events = app.locator(".cardkit-step-events")
    expect(caption).to_contain_text("The deal (step 0 of")
    expect(events).to_contain_text("first dealer (XR-2.1)")

    page.get_by_role("button", name="Next ▶").click()
    expect(caption).to_contain_text(re.compile(r"Step 1 of \d+: \w+ plays"))
    expect(events).to_contain_text(re.compile(r"\(XR-\d"))
    page.get_by_role("button", name="Next ▶").click()
    expect(caption).to_contain_text("Step 2 of")

    page.get_by_role("button", name="Last ▶▶").click()
    expect(events).to_contain_text("win the match")
    expect(app.locator(".cardkit-step-scores")).to_contain_text("rounds won")
    expect(page.get_by_role("button", name="Next ▶")).to_be_disabled()

    page.get_by_role("button", name="◀ Back").click()
    expect(events).not_to_contain_text("win the match")

    # One seat's view: the table is drawn for that seat.
    app.locator(".cardkit-stepper select").select_option(label="South's view")
    expect(app.locator('.cardkit-table [data-view="2"]')).to_have_count(1)
    page_errors()
    screenshot("replay_viewer")


def test_play_walks_the_record_and_pause_stops_where_it_is(page, open_app, page_errors,
                                                          accessibility):
    """Item 10: Play steps on by itself; pressing it again (now "❚❚ Pause") pauses at that
    step, never back at the deal. Item 11: the "10" corner index stays inside its card."""
    open_app("replay_viewer", "game=xeri&seed=1")
    caption = page.locator(".cardkit-step-caption")
    page.get_by_role("button", name="▶ Play").click()
    expect(caption).to_contain_text(re.compile(r"Step [3-9]\d* of"), timeout=30_000)
    page.get_by_role("button", name="❚❚ Pause").click()
    expect(page.get_by_role("button", name="▶ Play")).to_be_visible()
    paused = caption.inner_text()
    page.wait_for_timeout(1500)  # two play intervals: a paused replay does not move
    expect(caption).to_have_text(paused)
    assert "The deal" not in paused
    page.get_by_role("button", name="◀◀ First").click()
    expect(caption).to_contain_text("The deal")
    spills = page.evaluate("""() => {
        const out = [];
        for (const text of document.querySelectorAll('.cardkit-table svg.ck-card text')) {
            if (text.textContent !== '10') continue;
            const card = text.closest('svg').getBoundingClientRect();
            const box = text.getBoundingClientRect();
            if (box.left < card.left || box.right > card.right) out.push([box.left, card.left]);
        }
        return [document.querySelectorAll('.cardkit-table svg.ck-card text').length, out];
    }""")
    assert spills[0] > 0 and spills[1] == [], spills
    accessibility()
    page_errors()


def test_a_zion_check_bot_game_replays_too(page, open_app, page_errors, screenshot):
    open_app("replay_viewer", "game=zioncheck&seed=2")
    caption = page.locator(".cardkit-step-caption")
    expect(caption).to_contain_text("The deal (step 0 of")
    page.get_by_role("button", name="Next ▶").click()
    expect(caption).to_contain_text("Step 1 of")
    expect(page.locator(".cardkit-step-events")).to_contain_text("(ZC-")
    page.get_by_role("button", name="Last ▶▶").click()
    expect(page.locator(".cardkit-step-events")).to_contain_text("after six hands")
    expect(page.locator(".cardkit-step-scores")).to_contain_text("lower is better")
    page_errors()
    screenshot("replay_viewer_zion")


def test_a_pasted_record_replays_and_a_bad_one_is_explained(page, open_app, page_errors):
    open_app("replay_viewer", "game=xeri&seed=1")
    app = page.locator(".cardkit-replay-viewer")
    caption = app.locator(".cardkit-step-caption")
    expect(caption).to_contain_text("The deal (step 0 of")
    box = app.locator(".widget-textarea textarea")
    box.fill("my notes, not a record")
    app.get_by_role("button", name="Replay the pasted record").click()
    alert = app.get_by_role("alert")
    expect(alert).to_contain_text("This text is not a game record: it is not JSON")
    expect(caption).to_contain_text("The deal (step 0 of")  # the replay shown before stays

    from cardkit.widgets.stepper import sample_game

    record = sample_game("zioncheck", 3, players=3).to_json()
    box.fill(record)
    app.get_by_role("button", name="Replay the pasted record").click()
    expect(app.locator(".cardkit-replay-message")).to_contain_text("Your record:")
    expect(alert).to_have_count(0)
    app.get_by_role("button", name="Next ▶").click()
    expect(caption).to_contain_text("Step 1 of")
    expect(app.locator(".cardkit-stepper select")).to_contain_text("Seat 2's view")
    page_errors()


def _hand_labels(page, seat: int) -> list[str]:
    """The cards a person sees in ``seat``'s hand on the replayed table, left to right."""
    hand = page.locator(f'.cardkit-table .ck-seat[data-seat="{seat}"] .ck-hand svg.ck-card')
    return hand.evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")


def test_replayed_hands_are_sorted_by_suit_then_rank(page, open_app, page_errors):
    """Item 10: the replay shows every hand sorted (♣ ♦ ♥ ♠, then rank), as the live apps show
    a learner's hand, though the record deals them unsorted; in one seat's view too."""
    from cardkit.records import replay_steps
    from cardkit.render import card_label
    from cardkit.widgets.stepper import sample_game

    for game, seed, seats in (("xeri", 1, 4), ("zioncheck", 2, 4)):
        start = replay_steps(sample_game(game, seed))[0].before  # the deal the app replays
        open_app("replay_viewer", f"game={game}&seed={seed}")
        expect(page.locator(".cardkit-step-caption")).to_contain_text("The deal (step 0 of")
        for seat in range(seats):
            dealt = list(start.hand(seat))
            assert dealt != sorted(dealt), "the record deals this hand unsorted"
            expected = [card_label(card) for card in sorted(dealt)]
            expect(page.locator(f'.cardkit-table .ck-seat[data-seat="{seat}"] .ck-hand '
                                "svg.ck-card")).to_have_count(len(expected))
            assert _hand_labels(page, seat) == expected, (game, seat)
        page.locator(".cardkit-stepper select").select_option(index=2)  # seat 1's view
        expect(page.locator('.cardkit-table [data-view="1"]')).to_have_count(1)
        assert _hand_labels(page, 1) == [card_label(c) for c in sorted(start.hand(1))]
    page_errors()


def test_the_xeri_table_header_says_what_decides_the_match(page, open_app, page_errors):
    """Items 1 and 7: the table's header shows rounds won first (XR-7.1), points beside them;
    the finished match says who won and why, and no panel says "no Xeri yet"."""
    open_app("replay_viewer", "game=xeri&seed=12")  # won 3 rounds to 2
    table = page.locator(".cardkit-replay-viewer .cardkit-table")
    first, second = table.locator(".ck-score-first"), table.locator(".ck-score-second")
    expect(first).to_have_text("Rounds won: North–South 0 · East–West 0 (XR-7.1)")
    expect(second).to_have_text("points: North–South 0 · East–West 0")
    expect(table.locator(".ck-team").first).to_contain_text("no Xeri yet this round")
    page.get_by_role("button", name="Last ▶▶").click()
    expect(first).to_have_text("Rounds won: North–South 3 · East–West 2 (XR-7.1)")
    expect(second).to_have_text("points: North–South 130 · East–West 95")
    status = table.locator(".ck-status")
    expect(status).to_contain_text("Match over: North–South win the match, 3 rounds to 2 "
                                   "(XR-7.1)")
    first_box, second_box = first.bounding_box(), second.bounding_box()
    assert first_box["x"] < second_box["x"] or first_box["y"] < second_box["y"]
    expect(table).not_to_contain_text("no Xeri yet")
    expect(table.locator('.ck-team[data-team="0"]')).to_contain_text(
        "last round: 3 Xeris. Whole match: 6 Xeris")
    page_errors()


def test_the_buttons_the_step_and_the_table_show_together_at_1280x720(page, open_app,
                                                                        page_errors):
    """Issue 9 item 3, the replay at a projector's 1280×720: Next, what the step did and the
    table's top (its status line and the pile) show without scrolling, for both games, and
    stay there while the teacher steps on."""
    page.set_viewport_size({"width": 1280, "height": 720})
    for game, pile in (("xeri", ".ck-pile"), ("zioncheck", ".ck-centre")):
        open_app("replay_viewer", f"game={game}&seed=3")
        caption = page.locator(".cardkit-step-caption")
        expect(caption).to_contain_text("The deal (step 0 of")
        for _ in range(3):
            page.get_by_role("button", name="Next ▶").click()
        expect(caption).to_contain_text("Step 3 of")
        table = page.locator(".cardkit-replay-viewer .cardkit-table")
        for part in (page.get_by_role("button", name="Next ▶"), caption,
                     table.locator(".ck-status").first, table.locator(pile).first):
            box = part.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 721, (game, part, box)
            assert box["x"] + box["width"] <= 1281, (game, part, box)
    page_errors()


STOP_WATCH = """() => {
  const panel = document.querySelector(".ck-review-panel");
  const seen = [];
  const note = () => {
    const stop = [...panel.querySelectorAll("button")].find(b => b.textContent.includes("Stop"));
    const text = panel.querySelector(".ck-review-progress").textContent;
    const enabled = Boolean(stop) && !stop.disabled;
    const last = seen[seen.length - 1];
    if (!last || last[0] !== text || last[1] !== enabled) seen.push([text, enabled]);
  };
  new MutationObserver(note).observe(panel, {subtree: true, childList: true,
                                             characterData: true, attributes: true});
  window.__cardkitStop = seen;
}"""

def test_analyse_this_game_rates_a_seats_decisions_and_jumps_to_the_biggest_mistake(
        page, open_app, page_errors, accessibility):
    """Issue 19: a progress bar while it works (one a screen reader reads: role progressbar,
    its label and its values, updated as the review advances), the thresholds stated, the
    marked decisions, the expected result chart, and the jump (small sample budgets:
    CARDKIT_ANALYSIS_SAMPLES); axe-core finds nothing serious in the panel."""
    open_app("replay_viewer", "game=xeri&seed=1")
    panel = page.locator(".ck-review-panel")
    expect(panel.locator(".ck-review-rules")).to_contain_text(
        "an inaccuracy when it loses 2 or more round points")
    bar = panel.get_by_role("progressbar", name="Progress of the analysis")
    expect(bar).to_have_attribute("aria-valuenow", "0")
    watch_text(page, ".ck-review-progress")
    # Stop's state at each change of the panel, as a person watching it sees them: with small
    # sample budgets a review can end before a check made afterwards would find Stop enabled
    page.evaluate(STOP_WATCH)
    panel.get_by_role("button", name="Analyse this game").click()
    progress = panel.locator(".ck-review-progress")
    expect(progress).to_contain_text(re.compile(r"\d+ of \d+"))
    expect(panel.locator(".cardkit-message")).to_contain_text("decisions rated, done",
                                                              timeout=120_000)
    expect(progress).to_have_text(re.compile(r"^\s*(\d+) of \1\s*$"))
    total = re.search(r"of (\d+)", progress.inner_text()).group(1)
    expect(bar).to_have_attribute("aria-valuemax", total)
    expect(bar).to_have_attribute("aria-valuenow", total)
    expect(bar).to_have_attribute("aria-valuetext", f"{total} of {total}")
    steps = [text.strip() for text in seen_texts(page) if re.search(r"\d+ of \d+", text)]
    assert len(set(steps)) >= 3, steps  # it moved as the decisions were rated, not at the end
    stop_states = page.evaluate("() => window.__cardkitStop.slice()")
    working = [(text, enabled) for text, enabled in stop_states
               if (m := re.search(r"(\d+) of (\d+)", text)) and m[1] != m[2]]
    assert working and all(enabled for _, enabled in working), stop_states  # Stop while it works
    assert not stop_states[-1][1]  # and not once it is done
    accessibility(".ck-review-panel")
    expect(panel.locator(".js-plotly-plot")).to_have_count(1, timeout=60_000)
    # drawn, not a blank plot: the figure is made and changed on the kernel's thread (made in
    # the review's thread, it reached the page with no title and no data)
    expect(panel.locator(".js-plotly-plot .gtitle")).to_contain_text(
        "expected points for North–South, move by move")
    expect(panel.locator(".js-plotly-plot .scatterlayer .point").first).to_be_visible()
    expect(panel.locator(".ck-review-table")).to_contain_text("expected loss")
    panel.get_by_role("button", name="Jump to the biggest mistake").click()
    said = panel.locator(".cardkit-message")
    expect(said).to_contain_text(re.compile(r"^Step \d+: "))
    step = re.match(r"Step (\d+):", said.inner_text()).group(1)
    expect(page.locator(".cardkit-step-caption")).to_contain_text(f"Step {step} of")
    page_errors()
