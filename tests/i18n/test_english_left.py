"""The browser check's word finder (tests/i18n/english_left.py) finds English and only it."""

from __future__ import annotations

from english_left import english_words


def test_english_sentences_are_found_word_by_word() -> None:
    assert english_words(["Press New match to play again."]) == [
        "Press", "New", "match", "to", "play", "again"]


def test_card_codes_rule_ids_numbers_and_names_are_not_english() -> None:
    texts = ["10♦ と J♣ で場の山を取りました (XR-4.2)", "7C 7C@1 JK QS", "ZC-8.2 · 1,234 点",
             "cardkit の Python", "ハンド 3 / 6"]
    assert english_words(texts) == []


def test_words_beside_a_code_are_still_found() -> None:
    assert english_words(["7♣ is a club", "XR-4.1: Xeri"]) == ["is", "a", "club", "Xeri"]


def test_addresses_and_codes_with_digits_are_not_words() -> None:
    texts = ["みんなに同じ: http://127.0.0.1:8866/voila/render/xeri_table.ipynb?seed=3&lang=ja",
             "例: K7QMP", "ルール ID は ZC-…", "?seed=7 で決まった試合",
             "to_json() や cardkit が書いた .json の記録 (play_out のもの)"]
    assert english_words(texts) == []
