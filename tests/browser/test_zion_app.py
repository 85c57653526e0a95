"""The Zion Check table in a real browser: draw, discard, watch the bots, and a forged click."""

from __future__ import annotations

import re

from playwright.sync_api import expect

QUERY = "seed=9&bot_delay=0.05"  # a deal where the learner draws first; fast bots
MY_MOVE = re.compile(r"Your turn|Claim window")


def test_a_learner_draws_discards_and_a_forged_click_is_refused(page, open_app, page_errors,
                                                               screenshot):
    open_app("zion_table", QUERY)
    app = page.locator(".cardkit-zion-table")
    turn = app.locator(".ck-zion-turn")
    log = app.locator(".ck-zion-log")
    expect(turn).to_contain_text("Your turn: draw")
    expect(app.locator(".ck-zion-table-view")).to_contain_text("Contract: 2 sets (ZC-4)")
    cards = app.locator(".ck-hand-widget button.ck-hand-card")
    expect(cards).to_have_count(10)
    discard = app.locator(".ck-btn-discard")
    expect(discard).to_be_disabled()

    # A disabled button is no guard: re-enable Discard in the page and click it. The kernel
    # gets a real click message; the core refuses (draw first) and the game does not change.
    lines_before = log.locator("li").count()
    cards.first.click()
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    discard.evaluate("button => button.removeAttribute('disabled')")
    discard.click()
    alert = app.get_by_role("alert")
    expect(alert).to_contain_text("must draw first")
    expect(alert).to_contain_text("(ZC-6)")
    expect(log.locator("li")).to_have_count(lines_before)
    expect(cards).to_have_count(10)

    # Draw from the stock: eleven cards, narrated.
    app.get_by_role("button", name="Draw from stock").click()
    expect(log).to_contain_text("Seat 0 (you) draws")
    expect(cards).to_have_count(11)
    expect(alert).to_have_count(0)

    # Ask for a go-down hint, then discard one card. The first player plays twice (ZC-7.1):
    # draw and discard again, then the bots answer, narrated with rule IDs.
    app.get_by_role("button", name="Suggest go-down").click()
    expect(app.locator(".cardkit-message")).to_contain_text("hand 1 (2 sets)")
    for turn_number in (1, 2):
        if turn_number == 2:
            expect(turn).to_contain_text("Your turn: draw")
            app.get_by_role("button", name="Draw from stock").click()
            expect(cards).to_have_count(11)
        cards.last.click()
        app.get_by_role("button", name="Discard", exact=True).click()
        expect(log.locator("li", has_text="Seat 0 (you) discards")).to_have_count(turn_number)
    expect(log).to_contain_text("Seat 1 discards", timeout=30_000)
    expect(turn).to_contain_text(MY_MOVE, timeout=30_000)

    # A bot's discard may open the claim window for us (ZC-8.2): pass until it is our turn.
    passes = 0
    for _ in range(6):
        if "Claim window" not in turn.inner_text():
            break
        asked = log.locator("li").count()
        app.get_by_role("button", name="Pass", exact=True).click()
        passes += 1
        expect(log.locator("li")).not_to_have_count(asked)
        expect(turn).to_contain_text(MY_MOVE, timeout=30_000)
    expect(turn).to_contain_text("Your turn: draw")
    expect(log.locator("li", has_text="Seat 0 (you) does not claim")).to_have_count(passes)
    bot_draws = [line for line in log.locator("li").all_inner_texts()
                 if re.match(r"Seat [123] draws", line)]
    assert bot_draws and all("draws a card from the stock" in line for line in bot_draws)
    page_errors()
    screenshot("zion_table")


def test_a_learner_builds_melds_goes_down_and_the_table_shows_them(page, open_app, page_errors):
    open_app("zion_table", "seed=10&bot_delay=0.05")  # after one draw the hand makes 2 sets
    app = page.locator(".cardkit-zion-table")
    turn = app.locator(".ck-zion-turn")
    cards = app.locator(".ck-hand-widget button.ck-hand-card")
    expect(turn).to_contain_text("Your turn: draw")
    app.get_by_role("button", name="Draw from stock").click()
    expect(cards).to_have_count(11)

    # A wrong meld by hand: two cards are not a meld, and the live verdict says why.
    cards.nth(0).click()
    cards.nth(1).click()
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    app.get_by_role("button", name="Add meld").click()
    pending = app.locator(".ck-zion-pending")
    expect(pending).to_contain_text("Meld 1:")
    expect(pending).to_contain_text("not a meld")
    expect(pending).to_contain_text("every group must be a meld first (ZC-9.2)")
    expect(app.get_by_role("button", name="Go down")).to_be_disabled()
    app.get_by_role("button", name="Clear melds").click()
    expect(pending).to_have_count(0)

    # The solver's arrangement, then Go down: narrated, and the melds are on the table.
    app.get_by_role("button", name="Suggest go-down").click()
    expect(pending).to_contain_text("these melds make the contract")
    app.get_by_role("button", name="Go down").click()
    log = app.locator(".ck-zion-log")
    expect(log).to_contain_text("Seat 0 (you) goes down with 2 sets")
    expect(cards).to_have_count(5)
    mine = app.locator('.ck-zion-table-view .ck-seat[data-seat="0"]')
    expect(mine).to_have_attribute("data-down", "true")
    expect(mine.locator(".ck-melds")).to_be_visible()
    expect(turn).to_contain_text("lay off or exchange jokers if you like, then discard")

    # Discard to end the turn; the bots answer.
    cards.last.click()
    app.get_by_role("button", name="Discard", exact=True).click()
    expect(log.locator("li", has_text="Seat 0 (you) discards")).to_have_count(1)
    expect(turn).to_contain_text(MY_MOVE, timeout=30_000)
    lines = log.locator("li").all_inner_texts()  # newest first
    mine_at = next(i for i, line in enumerate(lines) if line.startswith("Seat 0 (you) discards"))
    assert any(line.startswith("Seat 1 ") for line in lines[:mine_at]), lines[:mine_at]
    page_errors()
