"""`cardkit.sim.columns` in the language of the moment: every column of both games described in
Japanese, the English exactly the game's own words, the column names never translated."""

from __future__ import annotations

import dataclasses
import re

import pytest

from cardkit.games import get_game, register, unregister
from cardkit.i18n import language, set_language
from cardkit.sim import columns
from cardkit.xeri import spec as xeri_spec
from cardkit.zioncheck import spec as zion_spec

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji
FRAMES = [("xeri", None), ("xeri", "match"), ("zioncheck", None), ("zioncheck", "game")]
OWN_WORDS = {("xeri", None): xeri_spec.COLUMNS, ("xeri", "match"): xeri_spec.MATCH_COLUMNS,
             ("zioncheck", None): zion_spec.COLUMNS, ("zioncheck", "game"): zion_spec.GAME_COLUMNS}


@pytest.mark.parametrize(("game", "unit"), FRAMES)
def test_every_column_has_a_japanese_description(game, unit):
    english = columns(game, unit)
    with language("ja"):
        japanese = columns(game, unit)
    assert list(japanese) == list(english)  # the names are code: the same, in the same order
    untranslated = [name for name, text in japanese.items()
                    if not JAPANESE.search(text) or text == english[name]]
    assert untranslated == [], f"{game} columns without Japanese: {untranslated}"


@pytest.mark.parametrize(("game", "unit"), FRAMES)
def test_english_is_the_games_own_words_exactly(game, unit):
    assert columns(game, unit) == dict(OWN_WORDS[game, unit])
    with language("en"):
        assert columns(game, unit) == dict(OWN_WORDS[game, unit])


def test_the_words_follow_the_language_of_the_moment_not_of_the_import():
    assert columns("xeri")["redeals"] == "how often the first pile was dealt again (XR-2.4)"
    set_language("ja")
    try:
        assert columns("xeri")["redeals"] == "最初の場の札を配り直した回数（XR-2.4）"
        with language("en"):
            assert columns("xeri")["redeals"].startswith("how often")
        assert columns("zioncheck")["stuck_{s}"] == (
            "だれかがアウトになったとき、席 s がまだダウンしていなかったか (スタック, ZC-13.2)")
    finally:
        set_language("en")


def test_a_game_registered_from_outside_keeps_its_own_words_in_japanese():
    spec = dataclasses.replace(get_game("xeri"), name="xeri_copy", aliases=(),
                               command="xeri-copy")
    register(spec)
    try:
        with language("ja"):
            assert columns("xeri_copy") == dict(xeri_spec.COLUMNS)  # no catalog of its own
    finally:
        unregister("xeri_copy")
