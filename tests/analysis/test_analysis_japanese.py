"""The analyst's sentences in Japanese (issue 23): an analysis and a review read in the language
of the moment, keep their rule IDs and numbers, and say no English sentence."""

from __future__ import annotations

import re

from cardkit import play_out
from cardkit.analysis import Mark, analyze, mark_word, review
from cardkit.i18n import language
from cardkit.xeri import GreedyBot, new_game


def test_an_analysis_reads_in_japanese_with_the_same_numbers_and_rule_ids() -> None:
    match = new_game(seed=3)
    english = analyze(match, seconds=None, max_samples=12, seed=1)
    with language("ja"):
        japanese = analyze(match, seconds=None, max_samples=12, seed=1)
        text = japanese.text
    assert english.text.startswith("Play ") and "(XR-6, XR-6.1, XR-9.1)" in english.text
    assert "（XR-6, XR-6.1, XR-9.1）" in text and "を出す" in text and "ラウンドに勝つ確率" in text
    numbers = re.compile(r"[+−]?\d+\.\d|\d+%")
    assert numbers.findall(text) == numbers.findall(english.text)
    assert not re.search(r"\b(Play|average|interval|Rated|stopped|chance)\b", text)
    # the rollout bots are named in Japanese too (the walk-through read "greedyボット")
    assert "played out by greedy bots" in english.text
    assert "欲ばりなボット" in text and not re.search(r"[A-Za-z]+ボット", text)


def test_a_review_and_its_marks_read_in_japanese() -> None:
    game = play_out(new_game(seed=3), [GreedyBot(s, seed=s) for s in range(4)], max_actions=12)
    with language("ja"):
        text = review(game, 0, seconds_per_move=None, max_samples_per_move=8, seconds=None).text
        marks = [mark_word(m) for m in Mark]
    assert text.startswith("北の振り返り：判断3回。") and "ミス0回（5点以上）" in text
    assert not re.search(r"\b(Review|decisions|mistakes|move)\b", text)
    assert marks == ["よい手", "不正確", "ミス", "大きなミス"]
    assert [mark_word(m) for m in Mark] == [m.value for m in Mark]
