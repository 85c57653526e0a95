"""The apps in Japanese (issue 23): an app built in a language shows that language, its
callbacks keep speaking it, two apps in one process keep their own, and the page's address
(``?lang=``) or the browser's languages choose it."""

from __future__ import annotations

import re

import pytest

from cardkit.cards import parse_card
from cardkit.i18n import get_language, language
from cardkit.widgets.hand import HandWidget
from cardkit.widgets.meld_checker import MeldChecker
from cardkit.widgets.page_options import page_language, show_app
from cardkit.widgets.serve import voila_command
from cardkit.widgets.stepper import ReplayViewer
from cardkit.widgets.xeri_table import XeriTable
from cardkit.widgets.zion_table import ZionTable

KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_a_xeri_table_built_in_japanese_shows_japanese_labels():
    with language("ja"):
        table = XeriTable(seed=3, bot_delay=0)
    assert (table.play_button.description, table.new_button.description) == ("出す", "新しい試合")
    assert table.next_round_button.tooltip == "次のラウンドを配って続けます"
    assert "あなたの番です" in table.status.value
    assert table.message.text.startswith("新しい試合 (シード 3)。")


def test_the_same_table_in_english_is_unchanged():
    table = XeriTable(seed=3, bot_delay=0)
    assert (table.play_button.description, table.new_button.description) == ("Play", "New match")
    assert table.message.text.startswith("New match (seed 3). It is your turn")


def test_a_refusal_after_the_block_speaks_the_apps_language_with_its_rule_id():
    with language("ja"):
        table = XeriTable(seed=3, bot_delay=0)
    assert get_language() == "en"
    before = table.match.to_json()
    table.play()  # no card selected: refused, in the app's language
    assert table.message.kind == "refused"
    assert table.message.text == ("先に手札のカードを1枚選んでから、「出す」を押してください"
                                  " (XR-3.1)")
    assert table.match.to_json() == before


def test_two_apps_in_one_process_keep_their_own_languages():
    with language("ja"):
        japanese = ZionTable(seed=2, bot_delay=0)
    english = ZionTable(seed=2, bot_delay=0)
    for table in (japanese, english):
        table.discard_button.click()  # nothing selected: each says so in its own language
    assert KANA.search(japanese.message.text) and "(ZC-6)" in japanese.message.text
    assert english.message.text.startswith("Discard needs exactly one card selected")
    assert japanese.draw_button.description == "山札から引く"
    assert english.draw_button.description == "Draw from stock"


def test_cards_are_named_for_screen_readers_in_the_apps_language():
    with language("ja"):
        hand = HandWidget([parse_card("7C"), parse_card("JK")])
    assert [item["label"] for item in hand._items] == ["クラブの7", "ジョーカー"]
    assert hand._group_label == "手札: 2枚"
    assert HandWidget([parse_card("7C")])._items[0]["label"] == "seven of clubs"


@pytest.mark.parametrize("build", [
    lambda: MeldChecker(seed=1), lambda: ReplayViewer(seed=2),
], ids=["meld_checker", "replay_viewer"])
def test_the_other_apps_buttons_speak_japanese(build):
    with language("ja"):
        app = build()
    buttons = [w.description for w in _walk(app) if type(w).__name__ in ("Button", "ToggleButton")]
    assert buttons and all(KANA.search(text) for text in buttons), buttons


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_the_meld_checker_reads_japanese_card_text_and_answers_in_japanese():
    with language("ja"):
        checker = MeldChecker(seed=1)
    checker.cards_text.value = "クラブの5、クラブの6、ジョーカー、クラブの8"
    assert "ラン" in checker.verdict_text and "ZC-" in checker.verdict_text


def test_lang_from_the_address_or_the_browser():
    assert page_language({"lang": "ja"}) == "ja"
    assert page_language({"lang": "en"}, "ja,en;q=0.5") == "en"  # the address wins
    assert page_language({}, "ja-JP,ja;q=0.9,en;q=0.8") == "ja"
    assert page_language({}, "fr-FR,fr;q=0.9,en;q=0.5,ja;q=0.7") == "ja"  # by quality
    assert page_language({}, "fr-FR") == "en"
    assert page_language({}, "x" * 5000) == "en"  # bounded, and nothing spoken: English
    with pytest.raises(ValueError, match=r"lang is en \(English\) or ja \(日本語\), not 'fr'"):
        page_language({"lang": "fr"})


def test_every_app_accepts_lang_and_refuses_a_language_it_does_not_speak(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "seed=3&bot_delay=0&lang=ja")
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    page = show_app(lambda options: XeriTable(seed=int(options["seed"]), bot_delay=0),
                    accepted=("seed", "bot_delay"))
    assert page.app.play_button.description == "出す"
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    refused = show_app(lambda options: XeriTable(bot_delay=0), accepted=("seed",)).app
    assert "cardkit-app-error" in refused._dom_classes
    assert "lang is en (English) or ja (日本語)" in refused.value and "seed, lang" in refused.value


def test_a_wrong_option_on_a_japanese_page_is_refused_in_japanese(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=ja&seed=abc")
    refused = show_app(lambda options: MeldChecker(seed=int(options["seed"])),
                       accepted=("seed",)).app
    assert "このアドレスではアプリを始められません" in refused.value
    assert "seed" in refused.value and "使えるオプション: seed, lang" in refused.value


def test_the_browsers_language_is_the_default(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "bot_delay=0")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "ja-JP,ja;q=0.9")
    page = show_app(lambda options: ZionTable(seed=1, bot_delay=0), accepted=("bot_delay",))
    assert page.app.next_hand_button.description == "次のハンド"


def test_cardkit_serve_hands_the_kernel_the_pages_accept_language(tmp_path):
    command = voila_command(tmp_path, 8866, "127.0.0.1")
    assert "--VoilaConfiguration.http_header_envs=Accept-Language" in command


class _Request:
    def __init__(self, query: dict[str, str], header: str) -> None:
        self.query, self.headers = query, {"Accept-Language": header}
        self.request = self

    def get_argument(self, name: str, default: str | None = None) -> str | None:
        return self.query.get(name, default)


def test_the_servers_own_pages_speak_the_requests_language():
    from cardkit.widgets.server_pages import (
        class_full_page,
        override_refused,
        request_language,
        teacher_only_page,
    )

    assert request_language(_Request({}, "ja-JP,ja;q=0.9")) == "ja"
    assert request_language(_Request({"lang": "en"}, "ja")) == "en"
    assert request_language(_Request({"lang": "xx"}, "ja")) == "ja"  # no refusal on such a page
    full = class_full_page(30, "ja")
    assert full.startswith('<!doctype html><html lang="ja">') and "30人" in full
    assert '<html lang="en">' in class_full_page(30, "en") and "The class is full" in \
        class_full_page(30, "en")
    assert '<html lang="ja">' in teacher_only_page("ja") and "先生" in teacher_only_page("ja")
    assert override_refused("template", "ja").startswith("このサーバーはアドレスの ?template= を")
    assert override_refused("theme", "en").startswith("This server does not take ?theme= in")
