"""The Xeri app in a real browser: click cards and buttons, read what a person sees."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from cardkit.cards import parse_card

SEATS = ("North", "East", "South", "West")
QUERY = "seed=3&bot_delay=0.05"  # a fixed deal; fast bots (they still pause between moves)


def south_plays(page):
    return page.locator(".cardkit-log li", has_text="South plays")


def play_first_card(page, played_before: int) -> None:
    """Click South's first card, press Play, and wait until the bots have answered."""
    page.locator(".cardkit-xeri-table button.ck-hand-card").first.click()
    expect(page.locator(".cardkit-preview")).to_contain_text("This ")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(south_plays(page)).to_have_count(played_before + 1)
    if played_before < 11:  # after South's 12th card the round may end: scoring takes longer
        expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn", timeout=30_000)


def test_a_learner_previews_plays_and_sees_the_bots_answer(page, open_app, page_errors,
                                                           screenshot):
    open_app("xeri_table", QUERY)
    app = page.locator(".cardkit-xeri-table")
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    expect(app.locator("button.ck-hand-card")).to_have_count(6)

    # An illegal try: Play with nothing selected is refused with its reason.
    page.get_by_role("button", name="Play", exact=True).click()
    refusal = app.get_by_role("alert")
    expect(refusal).to_contain_text("Select a card of your hand first")
    expect(refusal).to_contain_text("XR-3.1")
    expect(south_plays(page)).to_have_count(0)

    # Click a card: the preview says what it would do, with the rule.
    first = app.locator("button.ck-hand-card").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(app.locator(".cardkit-preview")).to_contain_text("(XR-")
    label = first.get_attribute("aria-label")

    # Play it: the narration tells the learner's move, then West's, North's and East's.
    page.get_by_role("button", name="Play", exact=True).click()
    log = app.locator(".cardkit-log")
    for seat in ("South", "West", "North", "East"):
        expect(log).to_contain_text(f"{seat} plays")
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    expect(app.locator("button.ck-hand-card")).to_have_count(5)
    expect(app.locator(f'button.ck-hand-card[aria-label="{label}"]')).to_have_count(0)
    expect(refusal).to_have_count(0)  # the refusal was cleared by the legal play
    page_errors()
    screenshot("xeri_table")


def test_a_whole_round_ends_with_score_sheets_and_charts(page, open_app, page_errors,
                                                         screenshot):
    open_app("xeri_table", QUERY)
    for played in range(12):  # 48 plays a round, 12 of them South's (XR-2.5)
        play_first_card(page, played)
    scores = page.locator(".cardkit-scores")
    # The first charts load plotly.js into the page, which takes a few seconds.
    expect(scores).to_contain_text("Score sheets after round 1", timeout=60_000)
    expect(page.locator(".cardkit-log")).to_contain_text("Round 1 scores")
    expect(page.locator(".cardkit-log")).to_contain_text("(XR-6)")
    expect(scores.locator(".js-plotly-plot").first).to_be_visible(timeout=30_000)
    expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn", timeout=30_000)
    page_errors()
    screenshot("xeri_round_scores")


def test_hot_seat_hands_the_view_to_the_next_player(page, open_app, page_errors):
    open_app("xeri_table", "seed=3&hot_seat=1")
    caption = page.locator(".cardkit-hand-caption")
    turn = page.locator(".cardkit-turn")
    expect(turn).to_contain_text(re.compile(r"It is (North|East|South|West)'s turn"))
    first = re.search(r"It is (\w+)'s turn", turn.inner_text()).group(1)
    expect(caption).to_contain_text(f"{first}'s hand")
    page.locator(".cardkit-xeri-table button.ck-hand-card").first.click()
    page.get_by_role("button", name="Play", exact=True).click()
    following = SEATS[(SEATS.index(first) + 1) % 4]
    expect(turn).to_contain_text(f"It is {following}'s turn")
    expect(caption).to_contain_text(f"{following}'s hand")
    expect(page.locator(".cardkit-log")).to_contain_text(f"{first} plays")
    page_errors()


def test_the_hand_works_from_the_keyboard(page, open_app, page_errors):
    """Tab reaches the cards, Enter or Space picks one, and Play is a button like any other."""
    open_app("xeri_table", QUERY)
    app = page.locator(".cardkit-xeri-table")
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    cards = app.locator("button.ck-hand-card")
    expect(cards).to_have_count(6)
    cards.first.focus()
    page.keyboard.press("Enter")
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    expect(app.locator(".cardkit-preview")).to_contain_text("(XR-")
    page.keyboard.press("Tab")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("Space")  # one card at a time in Xeri: the new pick replaces the old
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(cards.first).to_have_attribute("aria-pressed", "false")
    expect(cards.nth(1)).to_be_focused()  # the redraw keeps the focus where it was
    picked = str(parse_card(cards.nth(1).get_attribute("data-card")))  # "7♣", as narrated
    app.get_by_role("button", name="Play", exact=True).focus()
    page.keyboard.press("Enter")
    expect(south_plays(page)).to_have_count(1)
    expect(app.locator(".cardkit-log")).to_contain_text(f"South plays {picked}")
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    expect(cards).to_have_count(5)
    page_errors()
