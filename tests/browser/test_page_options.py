"""A mistyped address: the app says what is wrong with it, in words, and links to its defaults."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_a_bad_seed_shows_a_clear_message_and_a_way_back(page, open_app, page_errors):
    open_app("xeri_table", "seed=abc")
    alert = page.locator(".cardkit-app-error").get_by_role("alert")
    expect(alert).to_contain_text("This app cannot start from this address")
    expect(alert).to_contain_text("seed must be a whole number such as 7, not 'abc'")
    expect(page.locator("body")).not_to_contain_text("Traceback")
    expect(page.locator(".cardkit-xeri-table")).to_have_count(0)
    # The link opens the same app with its default options.
    alert.get_by_role("link", name="Open the app with its default options").click()
    expect(page).to_have_url(re.compile(r"/voila/render/xeri_table\.ipynb\??$"))
    page.locator(".cardkit-xeri-table").wait_for(state="visible", timeout=90_000)
    expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn", timeout=30_000)
    page_errors()


def test_an_unknown_option_is_named(page, open_app, page_errors):
    open_app("meld_checker", "hnad=3")
    alert = page.locator(".cardkit-app-error").get_by_role("alert")
    expect(alert).to_contain_text("this page has no option 'hnad'; it understands: hand, seed")
    page_errors()


def test_each_app_takes_and_names_its_own_options(page, open_app, page_errors):
    """Item 12: Xeri takes ?bot=random like Zion Check, and each app names its own options."""
    open_app("xeri_table", "seed=3&bot=random&bot_delay=0")
    expect(page.locator(".cardkit-turn")).to_contain_text("It is your turn", timeout=30_000)
    open_app("xeri_table", "seed=3&claims=1")
    alert = page.locator(".cardkit-app-error").get_by_role("alert")
    expect(alert).to_contain_text("it understands: seed, bot_delay, hot_seat, bot")
    open_app("zion_table", "hot_seat=1")
    expect(page.locator(".cardkit-app-error").get_by_role("alert")).to_contain_text(
        "it understands: seed, bot_delay, players, bot, claims")
    page_errors()
