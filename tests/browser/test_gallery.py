"""The gallery page: it introduces the apps and its links open them."""

from __future__ import annotations

import re

from playwright.sync_api import expect

APPS = {
    "Xeri table": "xeri_table",
    "Zion Check table": "zion_table",
    "Meld checker": "meld_checker",
    "Replay viewer": "replay_viewer",
    "Probability lab": "probability_lab",
}


def test_gallery_lists_every_app_with_a_relative_link(page, open_app, page_errors, screenshot,
                                                      accessibility):
    open_app("index", ready="text=cardkit apps")
    for title, name in APPS.items():
        link = page.get_by_role("link", name=title, exact=True)
        expect(link).to_have_attribute("href", f"{name}.ipynb")
    expect(page.locator("body")).to_contain_text("nothing is fetched from the internet")
    accessibility("body")
    page_errors()
    screenshot("gallery")


def test_gallery_link_opens_the_xeri_app(page, open_app, page_errors):
    open_app("index", ready="text=cardkit apps")
    page.get_by_role("link", name="Xeri table", exact=True).click()
    expect(page).to_have_url(re.compile(r"/voila/render/xeri_table\.ipynb$"))
    page.locator(".cardkit-app").wait_for(state="visible", timeout=90_000)
    expect(page.locator(".cardkit-app")).to_contain_text("Play")
    page_errors()
