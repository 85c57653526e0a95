"""The largest Zion Check table (ZC-1.2: 16 players, 6 decks) in the replay viewer, in a real
browser: a pasted 16-player record replays, and its 16 seats draw legibly (each seat's panel
inside the page's width, the hands wrapped in rows, no card drawn off its panel)."""

from __future__ import annotations

from playwright.sync_api import expect

from cardkit.zioncheck import MAX_PLAYERS


def test_zc_1_2_a_sixteen_player_record_replays_and_draws_legibly(page, open_app, page_errors,
                                                                   screenshot):
    from cardkit.widgets.stepper import sample_game

    record = sample_game("zioncheck", 2, players=MAX_PLAYERS).to_json()
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app("replay_viewer", "game=xeri&seed=1")
    app = page.locator(".cardkit-replay-viewer")
    app.locator(".widget-textarea textarea").fill(record)
    app.get_by_role("button", name="Replay the pasted record").click()
    expect(app.locator(".cardkit-replay-message")).to_contain_text("Your record:")
    for _ in range(40):  # into the first hand's play: hands of 10 to 11 cards
        app.get_by_role("button", name="Next ▶").click()
    expect(app.locator(".cardkit-step-caption")).to_contain_text("Step 40 of")
    seats = app.locator(".cardkit-table .ck-seat")
    expect(seats).to_have_count(MAX_PLAYERS)
    for seat in range(MAX_PLAYERS):
        panel = seats.nth(seat).bounding_box()
        assert panel and panel["x"] >= 0 and panel["x"] + panel["width"] <= 1281, (seat, panel)
        assert panel["width"] >= 300, (seat, panel)  # two panels a row at most: cards readable
        for card in seats.nth(seat).locator(".ck-hand svg.ck-card").all():
            box = card.bounding_box()
            assert box and box["height"] >= 40, (seat, box)
            assert panel["x"] <= box["x"] and box["x"] + box["width"] <= \
                panel["x"] + panel["width"] + 1, (seat, box, panel)
    screenshot("replay_sixteen_players")
    page_errors()
