"""The language switch under an app, clicked as a person would: the same page, with the same
options, in the other language, and back (the meld checker, the quickest to open); and a game in
play comes back in the other language (the Xeri table, through the page's kept record, as after
"Start again"); the page of a refused address (the same refusal in the other language) and the
gallery (its switch at the top, its links to the apps in its language). That every app shows
the switch is tests/widgets/test_app_notebooks.py."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

OPEN_TIMEOUT_MS = 90_000  # the page loads afresh, with a fresh kernel (as conftest's open_app)


def test_a_person_switches_an_app_to_japanese_and_back_keeping_its_options(
        page, open_app, page_errors, accessibility):
    open_app("meld_checker", "hand=2&seed=1&lang=en")
    switch = page.get_by_role("navigation", name="Language")
    expect(switch.locator('[aria-current="true"]')).to_have_text("English")
    expect(switch.get_by_role("link")).to_have_count(1)  # the page's language is not a link
    accessibility(".cardkit-lang-switch")

    switch.get_by_role("link", name="日本語").click()
    expect(page).to_have_url(re.compile(r"/voila/render/meld_checker\.ipynb\?hand=2&seed=1&lang=ja$"))
    app = page.locator(".cardkit-meld-checker")
    app.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(app.get_by_role("combobox").first).to_have_value("ハンド2: セット1つ + ラン1つ")
    expect(app.get_by_role("button", name="メルドに追加")).to_be_visible()
    switch = page.get_by_role("navigation", name="言語")
    expect(switch.locator('[aria-current="true"]')).to_have_text("日本語")

    switch.get_by_role("link", name="English").click()
    expect(page).to_have_url(re.compile(r"/voila/render/meld_checker\.ipynb\?hand=2&seed=1&lang=en$"))
    app.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(app.get_by_role("combobox").first).to_have_value("Hand 2: 1 set + 1 run")
    page_errors()


def test_a_game_in_play_comes_back_in_the_other_language(page, open_app, page_errors):
    open_app("xeri_table", "seed=3&bot_delay=0.05")
    app = page.locator(".cardkit-xeri-table")
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    app.locator("button.ck-hand-card").first.click()
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator(".cardkit-log li", has_text="South plays")).to_have_count(1)
    expect(app.locator(".cardkit-turn")).to_contain_text("It is your turn")
    told = page.locator(".cardkit-log li")
    before = told.all_inner_texts()

    page.get_by_role("navigation", name="Language").get_by_role("link", name="日本語").click()
    expect(page).to_have_url(re.compile(r"xeri_table\.ipynb\?seed=3&bot_delay=0\.05&lang=ja$"))
    app.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(app.locator(".cardkit-message")).to_contain_text("試合を元の場面に戻しました (シード 3)")
    expect(told).to_have_count(len(before))  # the same game, told again in Japanese
    after = told.all_inner_texts()
    assert [t for t in after if re.match(r"南が.+を出します", t)] != []  # South's card
    assert not [t for t in after if "plays" in t]
    page_errors()


def test_a_person_reads_a_refused_address_in_the_other_language_and_opens_the_app_in_it(
        page, open_app, page_errors, accessibility):
    """The page of a refused address has the switch too: the other language shows the same
    refusal (the address as it was), and its way to the app's defaults keeps that language."""
    open_app("meld_checker", "hnad=3&lang=en")
    alert = page.locator(".cardkit-app-error").get_by_role("alert")
    expect(alert).to_contain_text("this page has no option 'hnad'")
    switch = page.get_by_role("navigation", name="Language")
    expect(switch.locator('[aria-current="true"]')).to_have_text("English")
    accessibility(".cardkit-app-page")

    switch.get_by_role("link", name="日本語").click()
    expect(page).to_have_url(re.compile(r"/meld_checker\.ipynb\?hnad=3&lang=ja$"))
    alert.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(alert).to_contain_text("このアドレスではアプリを始められません")
    expect(alert).to_contain_text("このページにはオプション 'hnad' はありません")
    expect(page.get_by_role("navigation", name="言語").locator('[aria-current="true"]')
           ).to_have_text("日本語")

    alert.get_by_role("link", name="最初の設定でアプリを開く").click()
    expect(page).to_have_url(re.compile(r"/meld_checker\.ipynb\?lang=ja$"))
    app = page.locator(".cardkit-meld-checker")
    app.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(app.get_by_role("button", name="メルドに追加")).to_be_visible()
    page_errors()


def test_a_person_switches_the_gallery_to_japanese_and_its_links_open_the_apps_in_it(
        page, open_app, page_errors, accessibility):
    """The gallery runs no Python: its switch is in its words, at the top, and the page shows
    the cells of the language its address (or browser) asks for."""
    open_app("index", "lang=en", ready="text=cardkit apps")
    switch = page.get_by_role("navigation", name="Language")
    expect(switch).to_be_visible()
    assert switch.bounding_box()["y"] < 100  # at the top: seen before the list of apps
    expect(switch.locator('[aria-current="true"]')).to_have_text("English")
    accessibility("body")

    switch.get_by_role("link", name="日本語").click()
    expect(page).to_have_url(re.compile(r"/voila/render/index\.ipynb\?lang=ja$"))
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("heading", name="cardkit のアプリ")).to_be_visible()
    expect(page.get_by_role("heading", name="cardkit apps")).to_be_hidden()
    switch = page.get_by_role("navigation", name="言語")
    expect(switch.locator('[aria-current="true"]')).to_have_text("日本語")
    expect(page.get_by_role("navigation", name="Language")).to_be_hidden()  # one switch seen

    page.get_by_role("link", name="メルドチェッカー", exact=True).click()
    expect(page).to_have_url(re.compile(r"/voila/render/meld_checker\.ipynb\?lang=ja$"))
    app = page.locator(".cardkit-meld-checker")
    app.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(app.get_by_role("button", name="メルドに追加")).to_be_visible()
    page.go_back()
    page.get_by_role("navigation", name="言語").get_by_role("link", name="English").click()
    expect(page).to_have_url(re.compile(r"/voila/render/index\.ipynb\?lang=en$"))
    expect(page.get_by_role("heading", name="cardkit apps")).to_be_visible()
    page_errors()


# What the switch covers: every other visible text (the boxes of its lines, not of the block
# that holds it, which spans the page), picture or control whose box meets the switch's (the
# intro's title, the app's first row, the table).
COVERED_BY_THE_SWITCH = """() => {
  const nav = document.querySelector('.cardkit-lang-switch nav');
  const box = nav.getBoundingClientRect();
  const meets = (r) => r.width > 0 && r.height > 0 && r.left < box.right && r.right > box.left
                       && r.top < box.bottom && r.bottom > box.top;
  const seen = (el) => el.getClientRects().length > 0 &&
                       getComputedStyle(el).visibility !== 'hidden';
  const covered = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('.cardkit-lang-switch, style, script')
        || !seen(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(meets)) covered.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('svg, img, button, input, select, canvas')) {
    if (!el.closest('.cardkit-lang-switch') && seen(el) && meets(el.getBoundingClientRect())) {
      covered.push(el.outerHTML.slice(0, 80));
    }
  }
  const link = nav.querySelector('a').getBoundingClientRect();
  const top = document.elementFromPoint(link.left + link.width / 2, link.top + link.height / 2);
  return {covered, linkOnTop: !!top && !!top.closest('.cardkit-lang-switch a')};
}"""


@pytest.mark.parametrize("name", ["xeri_table", "zion_table"])
def test_on_a_game_table_at_1280x720_the_switch_is_seen_at_once_and_covers_nothing(
        name, page, open_app, page_errors):
    """Under the app it sat below the window's edge (Xeri about 60 px, Zion Check about
    300 px): now at the top right of the page, beside the title, in the room every app's
    introduction leaves, and the table keeps all its room (its fit: test_xeri_app.py,
    test_zion_app.py)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_app(name, "seed=3&bot_delay=0.05")
    switch = page.get_by_role("navigation", name="Language")
    box = switch.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 720, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
    table = page.locator(".cardkit-app").first.bounding_box()
    assert table and box["y"] + box["height"] <= table["y"]  # above the app, not on it
    seen = page.evaluate(COVERED_BY_THE_SWITCH)
    assert seen == {"covered": [], "linkOnTop": True}, seen
    switch.get_by_role("link", name="日本語").click()  # where it is seen, it is clicked
    expect(page).to_have_url(re.compile(rf"{name}\.ipynb\?seed=3&bot_delay=0\.05&lang=ja$"))
    page.locator(".cardkit-app").first.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    expect(page.get_by_role("navigation", name="言語")).to_be_in_viewport()
    page_errors()


def test_in_a_narrow_window_the_switch_is_under_the_app(page, open_app, page_errors):
    """Where a title could run under the switch (narrower than 641 px) it stays under the app,
    in the page's flow, as the page's last word."""
    page.set_viewport_size({"width": 600, "height": 900})
    open_app("meld_checker", "seed=1")
    box = page.get_by_role("navigation", name="Language").bounding_box()
    app = page.locator(".cardkit-app").first.bounding_box()
    assert box and app and box["y"] >= app["y"] + app["height"], (box, app)
    assert page.evaluate(COVERED_BY_THE_SWITCH) == {"covered": [], "linkOnTop": True}
    page_errors()
