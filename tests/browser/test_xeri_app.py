"""The Xeri app in a real browser: click cards and buttons, read what a person sees.

Issue 9's items each have a test here: who is winning (1), the pause at a round's end (2), the
fit at 1280×720 and 1366×768 and a narrow window (3), the seed and its address (8), the hot
seat's privacy screen (9), narration numbers of 100 and more (11), and axe-core (a11y).
"""

from __future__ import annotations

import re

from hint_helpers import seen_texts, watch_text
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
    # South's last card of a round ends it: scoring and the first charts take longer
    expect(south_plays(page)).to_have_count(played_before + 1,
                                            timeout=60_000 if played_before == 11 else None)
    if played_before < 11:  # after South's 12th card the round ends: the game pauses
        expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn", timeout=30_000)


def fully_in_view(page, locator) -> None:
    """The element is inside the window, whole: a person sees it without scrolling."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None, "not shown"
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 1, (box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (box, size)


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

    # Hint: "Thinking…" at once, then the sentence above the moves' intervals, and the best
    # card marked in the hand (issue 19).
    watch_text(page, ".cardkit-xeri-table .ck-hint-note")
    app.get_by_role("button", name="Hint", exact=True).click()
    expect(app.locator(".ck-hint-note")).to_contain_text("Hint: Play")
    expect(app.locator(".ck-hint")).to_contain_text("on average")
    expect(app.locator(".ck-hint svg circle")).to_have_count(6)
    expect(app.locator('button.ck-hand-card .ck-mark[data-mark="best"]')).to_have_count(1)
    assert seen_texts(page)[0] == "Thinking…", seen_texts(page)

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


def test_a_round_end_pauses_with_its_result_in_view_and_next_round(page, open_app, page_errors,
                                                                   screenshot):
    """Items 1, 2 and 7: who is winning (rounds won first, XR-7.1), and a pause at the round's
    end with a short result, the score sheet in view and a Next round button."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_app("xeri_table", QUERY)
    board = page.locator(".ck-scoreboard")
    expect(board.locator(".ck-score-first")).to_have_text(
        "Rounds won: North–South 0, East–West 0 (rounds decide the match, XR-7.1)")
    expect(board.locator(".ck-score-second")).to_contain_text("Points: North–South 0")
    for played in range(12):  # 48 plays a round, 12 of them South's (XR-2.5)
        play_first_card(page, played)
    result = page.locator(".cardkit-round-end")
    head = result.locator(".ck-round-head")
    expect(head).to_have_text(re.compile(
        r"^Round 1 over: (North–South|East–West) win \d+ to \d+ \(XR-6\.1\)\.$|"
        r"^Round 1 over: a tie at \d+ points, so nobody wins it \(XR-6\.1\)\.$"),
        timeout=60_000)
    expect(page.locator(".cardkit-turn")).to_have_text("Round 1 is over. Press Next round to "
                                                       "play on.")
    sheet = page.locator(".cardkit-round-sheet .ck-score-sheets")
    expect(sheet).to_contain_text("Round 1 score sheet")
    next_round = page.get_by_role("button", name="Next round")
    fully_in_view(page, head)
    fully_in_view(page, next_round)
    fully_in_view(page, sheet)
    expect(page.locator(".cardkit-xeri-table button.ck-hand-card")).to_have_count(0)
    # The core has dealt round 2 already; nothing on the page runs ahead of round 1.
    deal_2 = page.locator(".cardkit-log li", has_text="Round 2: ")
    expect(deal_2).to_have_count(0)
    expect(page.locator(".cardkit-hand-caption")).to_have_text(
        "Round 1 is over. The cards of round 2 are dealt when you press Next round.")
    winner = re.search(r"(North–South|East–West) win", head.inner_text())
    if winner:  # the scoreboard counts the round for its winner
        expect(board.locator(".ck-score-first")).to_contain_text(f"{winner.group(1)} 1")
    page_errors()
    # the charts below are drawn at the round's end too: wait for their bars in the picture
    expect(page.locator(".cardkit-scores .js-plotly-plot .trace").first).to_be_attached(
        timeout=30_000)
    screenshot("xeri_round_scores")

    next_round.click()
    expect(result).to_be_hidden()
    expect(sheet).to_be_hidden()
    expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn", timeout=30_000)
    expect(page.locator(".cardkit-xeri-table button.ck-hand-card")).not_to_have_count(0)
    expect(page.locator(".cardkit-log")).to_contain_text("Round 1 scores")
    expect(deal_2).to_have_count(1)
    # "Round 2 of 4", not "Round 2 (4 rounds)", which read as four rounds played (XR-7.1)
    expect(page.locator(".cardkit-table .ck-status")).to_contain_text("Round 2 of 4")
    # The charts of the match so far, further down the page.
    expect(page.locator(".cardkit-scores .js-plotly-plot").first).to_be_attached(timeout=30_000)
    page_errors()


def test_hot_seat_shows_a_privacy_screen_between_players(page, open_app, page_errors):
    """Item 9: "Pass to West — press when West is ready" between players; no hand shows."""
    open_app("xeri_table", "seed=3&hot_seat=1")
    caption = page.locator(".cardkit-hand-caption")
    turn = page.locator(".cardkit-turn")
    cards = page.locator(".cardkit-xeri-table button.ck-hand-card")
    ready = page.get_by_role("button", name=re.compile(r"^Pass to \w+ — press when \w+ is ready$"))
    expect(ready).to_be_visible()
    first = re.search(r"Pass to (\w+)", ready.inner_text()).group(1)
    expect(cards).to_have_count(0)
    expect(turn).to_have_text(f"Pass the screen to {first}.")
    ready.click()
    expect(turn).to_contain_text(f"It is {first}'s turn")
    expect(caption).to_contain_text(f"{first}'s hand")
    expect(cards).to_have_count(6)
    cards.first.click()
    page.get_by_role("button", name="Play", exact=True).click()
    following = SEATS[(SEATS.index(first) + 1) % 4]
    expect(page.locator(".cardkit-log")).to_contain_text(f"{first} plays")
    # The played hand is gone at once, and the next hand waits for its player.
    expect(page.get_by_role("button", name=f"Pass to {following} — press when {following} is "
                            "ready")).to_be_visible()
    expect(cards).to_have_count(0)
    expect(page.locator(".cardkit-table")).not_to_contain_text(f"{first} (you)")
    page.get_by_role("button", name=f"Pass to {following} — press when {following} is ready"
                     ).click()
    expect(turn).to_contain_text(f"It is {following}'s turn")
    expect(caption).to_contain_text(f"{following}'s hand")
    expect(cards).to_have_count(6)
    page_errors()


VIEWPORTS = [(1280, 720), (1366, 768)]


def test_table_hand_and_play_fit_a_projector_window(page, open_app, page_errors, accessibility):
    """Item 3: at 1280×720 and 1366×768 the table, the hand and Play show without scrolling;
    and the page has no serious or critical axe-core violation, every control named."""
    open_app("xeri_table", QUERY)
    expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn")
    for width, height in VIEWPORTS:  # the window resized, as a teacher's would be
        page.set_viewport_size({"width": width, "height": height})
        fully_in_view(page, page.locator(".cardkit-table"))
        fully_in_view(page, page.locator(".cardkit-xeri-table .ck-hand-widget"))
        fully_in_view(page, page.get_by_role("button", name="Play", exact=True))
        fully_in_view(page, page.locator(".ck-scoreboard"))
        expect(page.locator(".cardkit-table")).not_to_contain_text("in the row below")
    accessibility()
    page_errors()


def test_a_narrow_window_keeps_the_app_usable_and_numbers_fit(page, open_app, page_errors):
    """Item 3: on a narrow window (760 px) nothing spills sideways and a play still works.
    Item 11: the narration's left margin holds "150." in the list's own font."""
    page.set_viewport_size({"width": 760, "height": 900})
    open_app("xeri_table", QUERY)
    expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn")
    spill = page.evaluate("() => [...document.querySelectorAll('.cardkit-app *')].filter("
                          "e => e.getBoundingClientRect().right > window.innerWidth + 1).length")
    assert spill == 0, f"{spill} elements reach past the window's right edge"
    play_first_card(page, 0)
    room, needed = page.evaluate("""() => {
        const list = document.querySelector('.cardkit-log ol');
        const probe = document.createElement('span');
        probe.textContent = '150.\u00a0';
        list.appendChild(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return [parseFloat(getComputedStyle(list).paddingLeft), needed];
    }""")
    assert room >= needed, (room, needed)
    page_errors()


def test_each_page_load_deals_afresh_and_shows_an_address_for_the_same_deal(page, open_app,
                                                                           page_errors):
    """Item 8: no ?seed=, a fresh deal each time; the seed shows with a ready-to-share address
    that deals the same match again."""
    seeds = []
    for _ in range(2):
        open_app("xeri_table", "bot_delay=0")
        line = page.locator(".cardkit-seed")
        expect(line).to_contain_text("The same deal for everyone:")
        seeds.append(int(re.search(r"Seed (\d+)", line.inner_text()).group(1)))
    assert seeds[0] != seeds[1]
    link = page.locator("a.cardkit-share")
    address = link.get_attribute("href")
    assert address.startswith("http://127.0.0.1:") and f"seed={seeds[1]}" in address
    expect(link).to_have_text(address)
    first_log = page.locator(".cardkit-log li").last.inner_text()
    link.click()
    page.locator(".cardkit-xeri-table").wait_for(state="visible", timeout=90_000)
    expect(page.locator(".cardkit-seed")).to_contain_text(f"Seed {seeds[1]}.")
    expect(page.locator(".cardkit-log li").last).to_have_text(first_log)
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


def test_a_hint_fits_beside_the_hand_at_1280x720(page, open_app, page_errors):
    """Issue 19's walk-through at a projector: the hand, the Hint's sentence, its chart and the
    line saying what the axis counts fit in one 1280×720 screen, side by side with the table,
    nothing wider than the window; the chart names itself for a screen reader."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_app("xeri_table", QUERY)
    app = page.locator(".cardkit-xeri-table")
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    app.get_by_role("button", name="Hint", exact=True).focus()
    page.keyboard.press("Enter")  # the keyboard reaches it too
    axis = app.locator(".cardkit-analysis-axis")
    expect(axis).to_have_text("Axis: expected points for North–South by the end of the round "
                              "(higher is better).")
    chart = app.get_by_role("img", name=re.compile(r"^Expected points for North–South .*by "
                                                   r"move: Play "))
    expect(chart).to_have_count(1)
    page.evaluate("() => window.scrollTo(0, 0)")  # the page as it opens, not scrolled
    fully_in_view(page, app.locator("button.ck-hand-card").first)
    fully_in_view(page, axis)  # under the chart, so the whole chart is in view
    # the best card is framed, not faded as a staged card is (it read as "not playable")
    best = app.locator('button.ck-hand-card:has(.ck-mark[data-mark="best"])')
    expect(best).to_have_count(1)
    assert best.locator("svg").evaluate("e => getComputedStyle(e).opacity") == "1"
    assert "rgb(22, 163, 74)" in best.evaluate("e => getComputedStyle(e).boxShadow")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    page_errors()
