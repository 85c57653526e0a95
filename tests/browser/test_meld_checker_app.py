"""The meld checker in a real browser: type cards, deal a hand, click cards, read the verdicts."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def type_cards(page, text: str) -> None:
    box = page.locator(".ck-meld-input input")
    box.fill(text)
    box.press("Enter")  # the box checks on Enter (and when it loses focus)


def test_a_learner_types_melds_deals_a_hand_and_asks_the_solver(page, open_app, page_errors,
                                                                screenshot, accessibility):
    open_app("meld_checker", "hand=1&seed=16")  # seed 16 deals a hand that can go down
    app = page.locator(".cardkit-meld-checker")
    verdict = app.locator(".ck-meld-verdict")
    hand_choice = app.get_by_role("combobox").first
    expect(hand_choice).to_have_value("Hand 1: 2 sets")  # from ?hand=1
    hand_choice.select_option(label="Hand 3: 2 runs")

    type_cards(page, "5C 6C JK 8C | 9H 10H JH QH")
    expect(verdict).to_contain_text("a run of clubs, 5 to 8")
    expect(verdict).to_contain_text("Jokers: JK as 7♣.")
    expect(verdict).to_contain_text("Hand 3 contract (2 runs): these melds go down.")

    type_cards(page, "KC AC 2C 3C")
    expect(verdict).to_contain_text("never in the middle (ZC-2.1)")

    type_cards(page, "5C 11X")
    alert = app.get_by_role("alert")
    expect(alert).to_contain_text("'11X' is not a card")
    expect(alert).to_contain_text("Write a card as its rank then its suit, like 10♥, 10H or QS.")
    expect(verdict).to_have_text("")

    # Deal a hand for hand 1, click three cards, add them as a meld: the text box and the
    # verdict follow; then the solver's best go-down for the dealt hand.
    app.get_by_role("button", name="Clear").click()
    expect(alert).to_have_count(0)
    # Never greyed out without a word (issue 9 item 4): with no hand dealt it says what to do.
    add = app.get_by_role("button", name="Add as meld")
    expect(add).to_be_enabled()
    expect(add).to_have_attribute("title", re.compile(r"^Add as meld takes cards from a dealt"))
    add.click()
    expect(app.locator(".cardkit-message")).to_contain_text(
        "Add as meld takes cards from a dealt hand: press Deal me a random hand, click cards, "
        "then Add as meld.")
    hand_choice.select_option(label="Hand 1: 2 sets")
    app.get_by_role("button", name="Deal me a random hand").click()
    cards = app.locator("button.ck-hand-card")
    expect(cards).to_have_count(10)
    for meld_number, meld in enumerate((["8C@1", "8S", "JK"], ["4C@1", "4H", "JK@1"]), 1):
        for text in meld:
            card = app.locator(f'button.ck-hand-card[data-card="{text}"]')
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
        app.get_by_role("button", name="Add as meld").click()
        if meld_number == 1:
            expect(verdict).to_contain_text("These cards (8♣ 8♠ JK): a set.")
            expect(verdict).to_contain_text("Hand 1 contract (2 sets): not met.")
    expect(verdict).to_contain_text("Meld 2 (4♣ 4♥ JK): a set.")
    expect(verdict).to_contain_text("Hand 1 contract (2 sets): these melds go down.")
    expect(page.locator(".ck-meld-input input")).to_have_value("8C 8S JK | 4C 4H JK")

    app.get_by_role("button", name="Best go-down").click()
    best = app.locator(".ck-best")
    expect(best).to_contain_text("Best go-down for the dealt hand, hand 1 (2 sets):")
    expect(best).to_contain_text("Meld 2:")
    expect(best).to_contain_text("points.")
    accessibility()
    page_errors()
    screenshot("meld_checker")


def test_a_new_hand_clears_the_old_verdict_and_the_seed_is_shared(page, open_app, page_errors):
    """Item 13: "Deal me a random hand" leaves no verdict about other cards; item 8: no seed in
    the address, fresh hands, and the seed shown with the address that deals them again."""
    open_app("meld_checker", "hand=1")
    app = page.locator(".cardkit-meld-checker")
    type_cards(page, "7C 7D 7H")
    verdict = app.locator(".ck-meld-verdict")
    expect(verdict).to_contain_text("These cards (7♣ 7♦ 7♥): a set.")
    app.get_by_role("button", name="Deal me a random hand").click()
    expect(app.locator("button.ck-hand-card")).to_have_count(10)
    expect(verdict).to_have_text("")
    expect(page.locator(".ck-meld-input input")).to_have_value("")
    line = app.locator(".cardkit-seed")
    expect(line).to_contain_text("The same deal for everyone:")
    seed = re.search(r"Seed (\d+)", line.inner_text()).group(1)
    expect(app.locator("a.cardkit-share")).to_have_attribute(
        "href", re.compile(rf"^http://127\.0\.0\.1:\d+/voila/render/meld_checker\.ipynb\?"
                           rf"hand=1&seed={seed}$"))
    page_errors()
