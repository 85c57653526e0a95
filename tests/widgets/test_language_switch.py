"""The language switch under every app: the address it links to and the HTML it is shown in.

That every app notebook shows it is in test_app_notebooks.py; a person clicking it in a browser
is in tests/browser/test_language_switch_app.py."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from cardkit.widgets import limits, serve
from cardkit.widgets.language_switch import (
    SERVER_OPTIONS,
    AppPage,
    switch_address,
    switch_html,
)


def links(markup: str) -> list[str]:
    """The (unescaped) addresses the switch's links go to."""
    return [html.unescape(href) for href in re.findall(r'<a href="([^"]*)"', markup)]


def test_the_address_keeps_every_option_in_its_place_and_flips_lang_once():
    assert switch_address({"seed": "7", "bot_delay": "0", "hot_seat": "1"}, "ja") == \
        "?seed=7&bot_delay=0&hot_seat=1&lang=ja"
    assert switch_address({"lang": "ja", "seed": "7"}, "en") == "?lang=en&seed=7"
    assert switch_address({}, "ja") == "?lang=ja"
    assert switch_address({"question": "zion_set", "n": "5000"}, "en").count("lang=") == 1


def test_the_address_keeps_only_the_apps_options_and_none_a_server_added():
    options = {"seed": "7", "sneaky": "1", "class_student": "u-123", "class": "K7QMP"}
    assert switch_address(options, "ja", known=("seed", "class", "class_student", "lang")) == \
        "?seed=7&class=K7QMP&lang=ja"
    assert "class_student" in SERVER_OPTIONS


def test_the_server_adds_the_option_the_switch_leaves_out():
    pytest.importorskip("voila")
    from cardkit.widgets.class_voila import STUDENT_OPTION

    assert STUDENT_OPTION in SERVER_OPTIONS


@pytest.mark.parametrize("hostile", [
    '"><script>alert(1)</script>', "javascript:alert(1)", "a&lang=fr", "x' onmouseover='y",
    "日本語 &amp; <b>", "%22%3E",
])
def test_hostile_values_are_encoded_in_the_address_and_escaped_in_the_page(hostile):
    markup = switch_html({"seed": hostile}, "en")
    assert "<script" not in markup and "onmouseover=" not in markup.replace("%27", "")
    assert markup.count("<a ") == 1 and markup.count('"') % 2 == 0
    (address,) = links(markup)
    assert address.startswith("?")  # relative to the page: never another scheme or site
    # what the page gets back is the value as it came, and one lang
    assert parse_qsl(address[1:]) == [("seed", hostile), ("lang", "ja")]


def test_an_address_longer_than_a_page_accepts_keeps_only_lang():
    options = {"seed": "7", "note": "é" * (limits.MAX_QUERY_CHARS // 6)}
    address = switch_address(options, "ja")
    assert len(address) <= limits.MAX_QUERY_CHARS + 1
    assert address == "?lang=ja"
    within = {"seed": "7", "note": "x" * 100}
    assert switch_address(within, "ja") == f"?seed=7&note={'x' * 100}&lang=ja"


def test_each_language_is_named_in_itself_and_the_pages_is_marked_not_linked():
    english = switch_html({"seed": "3"}, "en")
    assert '<span lang="en" aria-current="true"' in english and ">English</span>" in english
    assert links(english) == ["?seed=3&lang=ja"] and 'hreflang="ja"' in english
    assert ">日本語</a>" in english and 'aria-label="Language"' in english
    assert '<span aria-hidden="true"' in english  # the "|" is not read out
    from cardkit.i18n import language

    with language("ja"):
        japanese = switch_html({"seed": "3", "lang": "ja"}, "ja")
    assert '<span lang="ja" aria-current="true"' in japanese and ">日本語</span>" in japanese
    assert links(japanese) == ["?seed=3&lang=en"] and ">English</a>" in japanese
    assert 'aria-label="言語"' in japanese


def test_show_app_puts_the_switch_under_the_app_with_the_pages_options(monkeypatch):
    import ipywidgets as widgets

    monkeypatch.setenv("QUERY_STRING", "seed=5&lang=ja")
    page = serve.show_app(lambda options: widgets.Label(options["seed"]), ("seed",))
    assert isinstance(page, AppPage) and page.children == (page.app, page.switch)
    assert page.app.value == "5"
    assert "cardkit-lang-switch" in page.switch._dom_classes
    assert links(page.switch.value) == ["?seed=5&lang=en"]


@pytest.mark.parametrize(("query", "accept", "shown", "other"), [
    # a value the app refuses: the same address, so the same refusal, in the other language
    ("seed=abc&lang=ja", "", "ja", "?seed=abc&lang=en"),
    # a name the app does not know: kept too, so the other language names it as well
    ("sed=7", "ja,en;q=0.5", "ja", "?sed=7&lang=en"),
    # a language cardkit does not speak: the page speaks the browser's, the link the other
    ("lang=fr&seed=2", "en-GB", "en", "?lang=ja&seed=2"),
])
def test_a_refused_address_shows_its_message_over_the_switch_to_the_same_refusal(
        monkeypatch, query, accept, shown, other):
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", accept)
    page = serve.show_app(lambda options: serve.option_int(options, "seed", 1), ("seed",))
    assert isinstance(page, AppPage) and page.children == (page.app, page.switch)
    assert "cardkit-app-error" in page.app._dom_classes
    assert f'<span lang="{shown}" aria-current="true"' in page.switch.value
    assert links(page.switch.value) == [other]
    # its way to the app's defaults keeps the language the address asked for (when it did)
    defaults = re.findall(r'<a href="([^"]*)"', page.app.value)
    assert defaults == [f"?lang={shown}" if "lang=" in query else "?"]


def test_a_refused_address_links_no_option_a_server_added_and_stays_bounded(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "seed=abc&class_student=u-123")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "")
    page = serve.show_app(lambda options: serve.option_int(options, "seed", 1),
                          ("seed", "class_student"))
    assert links(page.switch.value) == ["?seed=abc&lang=ja"]
    monkeypatch.setenv("QUERY_STRING", "seed=" + "9" * limits.MAX_QUERY_CHARS)
    page = serve.show_app(lambda options: serve.option_int(options, "seed", 1), ("seed",))
    assert "cardkit-app-error" in page.app._dom_classes
    assert links(page.switch.value) == ["?lang=ja"]
    monkeypatch.setenv("QUERY_STRING", 'seed="><script>x</script>')
    page = serve.show_app(lambda options: serve.option_int(options, "seed", 1), ("seed",))
    assert "<script" not in page.switch.value and "<script" not in page.app.value
    assert links(page.switch.value) == ["?seed=%22%3E%3Cscript%3Ex%3C%2Fscript%3E&lang=ja"]


def test_in_the_static_site_the_switch_comes_with_the_app_once_the_address_arrived(
        monkeypatch):
    import ipywidgets as widgets

    from cardkit.widgets import lite_page

    monkeypatch.setattr(sys, "platform", "emscripten")  # show_app waits for the page's address
    for name in ("QUERY_STRING", lite_page.PAGE_URL_ENV, "HTTP_ACCEPT_LANGUAGE"):
        monkeypatch.setenv(name, "")  # the page's address puts its own there: undone after
    box = serve.show_app(lambda options: widgets.Label(options.get("seed", "")), ("seed",))
    address = box.children[1]
    address.query, address.languages = "?seed=9&lang=en", "ja"
    address.page = "https://example.org/voici/render/meld_checker.html"
    (page,) = box.children
    assert isinstance(page, AppPage) and page.app.value == "9"
    assert links(page.switch.value) == ["?seed=9&lang=ja"]
    # a refused address there: its message, over the switch to the same refusal
    box = serve.show_app(lambda options: serve.option_int(options, "seed", 1), ("seed",))
    address = box.children[1]
    address.query, address.languages = "?seed=x&lang=ja", "en"
    address.page = "https://example.org/voici/render/meld_checker.html"
    (page,) = box.children
    assert isinstance(page, AppPage) and "cardkit-app-error" in page.app._dom_classes
    assert "このアドレスではアプリを始められません" in page.app.value
    assert links(page.switch.value) == ["?seed=x&lang=en"]


def test_the_switch_links_the_options_the_page_sent_even_if_the_app_changed_its_copy(
        monkeypatch):
    import ipywidgets as widgets

    def build(options):
        options.pop("seed")
        options["bot"] = "random"
        return widgets.Label("app")

    monkeypatch.setenv("QUERY_STRING", "seed=5&bot=greedy")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "")
    page = serve.show_app(build, ("seed", "bot"))
    assert links(page.switch.value) == ["?seed=5&bot=greedy&lang=ja"]


NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def tagged_cells(notebook: Path) -> dict[str, str]:
    """A notebook's introduction in each language (its markdown cells tagged ``en``, ``ja``)."""
    cells = json.loads(notebook.read_text())["cells"]
    return {lang: "".join(cell["source"]) for cell in cells for lang in ("en", "ja")
            if cell["cell_type"] == "markdown" and lang in cell["metadata"].get("tags", [])}


def test_the_gallery_shows_the_switch_in_each_language_in_the_served_and_the_static_site():
    """The gallery runs no Python: its switch is the same HTML, written into each language's
    cell (the page's options: ``lang`` only), and the static site's gallery keeps it."""
    from cardkit import lite
    from cardkit.i18n import language

    gallery = NOTEBOOKS / "index.ipynb"
    static = lite._gallery(json.loads(gallery.read_text()), [])
    static_text = "".join("".join(cell["source"]) for cell in static["cells"])
    for lang, text in tagged_cells(gallery).items():
        with language(lang):
            switch = switch_html({}, lang)
        assert text.count("cardkit-lang-switch-links") == 1 and switch in text, lang
        assert links(switch) == ["?lang=" + ("ja" if lang == "en" else "en")]
        assert switch in static_text


@pytest.mark.parametrize("path", sorted(p for p in NOTEBOOKS.glob("*.ipynb")
                                        if p.name != "index.ipynb"), ids=lambda p: p.stem)
def test_each_apps_introduction_names_the_switch_in_both_languages(path):
    cells = tagged_cells(path)
    assert sorted(cells) == ["en", "ja"]
    assert "The switch **English | 日本語** at the top of the page" in cells["en"]
    assert "ページ上部の **English | 日本語** で" in cells["ja"]
