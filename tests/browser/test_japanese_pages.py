"""Every app in Japanese (issue 23): opened with ``?lang=ja``, a page declares ``lang="ja"``,
shows no English words apart from card codes, rule IDs and names (`english_left`), and still
passes axe-core. One page load per app."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import PAGE_TEXTS_JS, english_words, in_context

# app notebook -> (its options besides lang, what shows once it is ready)
PAGES = {
    "index": ("", "text=cardkit のアプリ"),
    "xeri_table": ("seed=3&bot_delay=0", ".cardkit-app"),
    "zion_table": ("seed=3&bot_delay=0", ".cardkit-app"),
    "meld_checker": ("seed=1&hand=2", ".cardkit-app"),
    "replay_viewer": ("seed=2", ".cardkit-app"),
    "probability_lab": ("n=200", ".cardkit-app"),
    "class_board": ("n=200", ".cardkit-app"),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_an_app_opened_with_lang_ja_speaks_japanese(name, page, open_app, page_errors,
                                                    accessibility, screenshot):
    query, ready = PAGES[name]
    open_app(name, f"{query}&lang=ja" if query else "lang=ja", ready=ready)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    scope = "body" if name == "index" else ".cardkit-app"
    if name != "index":  # the introduction above the app speaks Japanese too
        intro = page.evaluate(PAGE_TEXTS_JS, ".celltag_ja")
        assert english_words(intro) == [], in_context(intro, english_words(intro))
        expect(page.locator(".celltag_en").first).to_be_hidden()
    texts = page.evaluate(PAGE_TEXTS_JS, scope)
    words = english_words(texts)
    assert words == [], f"English left on the {name} page: {words}; in: {in_context(texts, words)}"
    accessibility(scope)
    page_errors()
    screenshot(f"{name}_ja")
