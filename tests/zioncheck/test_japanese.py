"""Zion Check in Japanese (issue 23): the same game, events, verdicts and refusals, in the words
of the ``zioncheck`` catalog, with the same rule IDs; English stays as it was (the golden
narrations in English are checked by test_game_golden.py).

The golden narrations: ``golden/zion_seed_3_standard_4p.ja.txt`` is the stored seed-3 record
narrated in Japanese, one event per line; ``golden/cli_seed_3.ja.txt`` is what
``cardkit zion --seed 3 --lang ja`` prints (today's greedy bots). Regenerate them after an
intended change of the words::

    CARDKIT_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/zioncheck/test_japanese.py
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from cardkit.cards import parse_card
from cardkit.engine import IllegalAction, Verdict
from cardkit.games import get_game, load_record
from cardkit.i18n import language
from cardkit.zioncheck import (
    Claim,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    TakeDiscard,
    ZionGame,
    check_meld,
    explain_go_down,
)
from cardkit.zioncheck.contract import no_go_down
from cardkit.zioncheck.events import DiscardEvent, HandEnd, HandEndEvent
from cardkit.zioncheck.melds import can_exchange_joker, can_lay_off
from tests.golden import REGEN, GoldenCase, compare_lines, play, telling

GOLDEN = Path(__file__).parent / "golden"
RECORDS = ("zion_seed_3_standard_4p", "zion_seed_5_may_i_3p")
RULE = re.compile(r"ZC-\d+(?:\.\d+)*")
# What may stay in Latin letters in a Japanese sentence: rule IDs, the joker's code in a
# printed meld (JK(7♣)), an API name in a refusal meant for code (meld_index).
LATIN_ALLOWED = re.compile(r"ZC-\d+(?:\.\d+)*|JK|meld_index")


def _english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", LATIN_ALLOWED.sub("", text))


def _record(name: str) -> str:
    return (GOLDEN / f"{name}.json").read_text(encoding="utf-8")


def test_golden_seed_3_game_narrates_in_japanese_line_by_line():
    """The seed-3 record, narrated in Japanese, matches its golden file line by line."""
    game = load_record(_record("zion_seed_3_standard_4p"))
    with language("ja"):
        told = telling(game)
    path = GOLDEN / "zion_seed_3_standard_4p.ja.txt"
    if REGEN:
        path.write_text(told, encoding="utf-8")
        pytest.skip(f"regenerated {path.name}")
    compare_lines(told, path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", RECORDS)
def test_every_line_is_japanese_with_the_english_lines_rule_ids(name):
    """Each event's Japanese line cites exactly the rule IDs of its English line, ends like a
    Japanese sentence and leaves no English word; the English lines stay English."""
    game = load_record(_record(name))
    english = [event.text for event in game.events]
    with language("ja"):
        japanese = [event.text for event in game.events]
    assert len(japanese) == len(english)
    kinds = set()
    for event, en, ja in zip(game.events, english, japanese, strict=True):
        assert RULE.findall(ja) == RULE.findall(en), (en, ja)
        assert ja.endswith("。") and en.endswith("."), (en, ja)
        assert not _english_words(ja), (ja, _english_words(ja))
        assert re.search(r"[ぁ-んァ-ン]", ja), ja
        kinds.add(event.kind)
    assert len(kinds) >= 9  # deal, draw, take, decline, pass, go down, lay off, discard, ends


def test_a_record_is_language_free_and_replays_to_either_language():
    """A game played while Japanese is chosen keeps the same record as in English; its replay
    narrates in English or Japanese by the language of the moment."""
    case = GoldenCase("zioncheck", 7, "may_i", "greedy,random", players=3)
    english = play(case)
    with language("ja"):
        japanese = play(case)
        told_ja = telling(load_record(japanese.to_json()))
    assert json.loads(japanese.to_json()) == json.loads(english.to_json())
    assert telling(load_record(english.to_json())) == telling(english)
    assert told_ja != telling(english) and told_ja.count("\n") == telling(english).count("\n")


def test_text_in_gives_an_events_words_in_a_language():
    event = DiscardEvent(2, "ZC-6", card=parse_card("7H"))
    assert event.text == "Seat 2 discards 7♥ (ZC-6)."
    assert event.text_in("ja") == "2番の席がハートの7を捨てます (ZC-6)。"
    assert event.text == "Seat 2 discards 7♥ (ZC-6)."  # the language around is unchanged
    with language("ja"):
        assert event.text_in("en") == "Seat 2 discards 7♥ (ZC-6)."
        ended = HandEndEvent(3, "ZC-14.1", hand=4, winner=3, reason=HandEnd.WENT_OUT,
                             points={0: 60, 1: 5, 3: 0}, stuck=(0,), turns=30, stuck_penalty=0)
        assert ended.text == ("第4ハンドが終わりました。3番の席がアウトになりました。点数: "
                              "0番の席 60点 (スタック)、1番の席 5点、3番の席 0点。ダウンできずに"
                              "スタックになった人: 0番の席 (ZC-13.2, ZC-14.1)。")


def test_verdicts_are_written_when_read_in_either_language():
    """A verdict made while English is the language reads in Japanese inside a Japanese block
    (its reason is written when read), and text_in gives one language for one call."""
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH", discard="5D")
    take = game.check(TakeDiscard())
    assert str(take) == "Seat 0 may take 5♦ from the discard pile as this turn's draw (ZC-6)"
    assert take.text_in("ja") == "0番の席はこの番の1枚として、捨て札からダイヤの5を取れます (ZC-6)"
    with language("ja"):
        assert take.reason == "0番の席はこの番の1枚として、捨て札からダイヤの5を取れます"
        draw = game.check(DrawStock())
    assert draw.rule == "ZC-6" and draw.reason.startswith("Seat 0 may draw the top card")


def test_a_verdict_keeps_the_words_of_the_moment_it_was_checked():
    """A reason names the position it was given in, not the game's later one."""
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C", "9D 9H 10S KD"], "9S QH KH 4D",
                              discard="5D")
    take = game.check(TakeDiscard())
    game.apply(DrawStock())  # Seat 0 declines 5♦: the claim window opens
    claim = game.check(Claim())
    game.apply(Claim())
    assert "5♦" in take.reason and "Seat 0" in take.reason
    assert claim.text_in("ja").startswith("1番の席は順番外にダイヤの5を取れます")


def test_an_illegal_move_is_refused_in_japanese_and_the_game_is_unchanged():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH", discard="9S")
    game.apply(TakeDiscard())
    before, record = game.snapshot(), game.to_json()
    with language("ja"), pytest.raises(IllegalAction) as refused:
        game.apply(Discard("9S"))
    assert refused.value.rule == "ZC-6.1"
    with language("ja"):
        assert str(refused.value) == ("スペードの9はこの番に捨て札から取ったので、"
                                      "捨てられません (ZC-6.1)")
    assert game.snapshot() == before and game.to_json() == record
    # the same refusal, read later in English
    assert str(refused.value) == ("9♠ was taken from the discard pile this turn and may not be "
                                  "discarded (ZC-6.1)")
    with language("ja"), pytest.raises(IllegalAction) as twice:
        game.apply(DrawStock())
    assert twice.value.rule == "ZC-6"
    assert twice.value.text_in("ja") == "0番の席はこの番で、もうカードを引きました (ZC-6)"
    assert game.snapshot() == before and game.to_json() == record


def test_a_wrong_go_down_is_refused_in_japanese_with_what_the_contract_asks():
    game = ZionGame.from_deal(["8C 8D 8H KC KD KH 2S", "2C 3C 4C 5C 6C 7C 9D"], "9S")
    game.apply(DrawStock())
    before = game.snapshot()
    with language("ja"), pytest.raises(IllegalAction) as refused:
        game.apply(GoDown(["8C 8D 8H", "KC KD 5H"]))
    with language("ja"):
        said = str(refused.value)
    assert refused.value.rule == "ZC-9.2"
    assert said.startswith("メルド2: 0番の席はハートの5を持っていません (ZC-9.2)。"), said
    assert game.snapshot() == before
    with language("ja"), pytest.raises(IllegalAction) as lay_off:
        game.apply(LayOff("2S", 0))
    assert lay_off.value.text_in("ja") == ("0番の席はまだダウンしていません。"
                                           "メルドにカードを置けるのは、ダウンしたプレイヤーだけです"
                                           " (ZC-11.1)")


def test_the_meld_checkers_verdicts_in_japanese():
    """What a set or run is, what each joker stands for and why cards are no meld, with the
    English verdict's rule IDs."""
    with language("ja"):
        run = check_meld("9C 5C JK 6C 8C")
        assert run.reason == ("5♣ 6♣ JK(7♣) 8♣ 9♣はクラブの5から9までのランです (ZC-5.2)。"
                              "ジョーカーはクラブの7の代わりです (ZC-5.3)")
        assert run.meld is not None and run.meld.description == "クラブの5から9までのラン"
        sets = check_meld("8C 8C 8H JK")
        assert sets.reason.startswith("8♣ 8♣ 8♥ JK(8)は8のセットです (ZC-5.1)。")
        assert RULE.findall(sets.reason) == ["ZC-5.1", "ZC-5.4", "ZC-12.2"]
        middle = check_meld("KC AC 2C 3C")
        assert str(middle) == ("K♣ A♣ 2♣ 3♣はランではありません。エースはハイかローで、"
                               "まん中には入りません (ZC-2.1)")
        gaps = check_meld("2C 3C 8C JK")
        assert gaps.rule == "ZC-5.2" and "ジョーカー1枚ではうめられません" in gaps.reason
        meld = run.meld
        assert can_lay_off(parse_card("10C"), meld).reason == (
            "クラブの10で5♣ 6♣ JK(7♣) 8♣ 9♣を上のはしにのばせます (ZC-11.2)")
        assert can_exchange_joker(parse_card("7C"), meld).rule == "ZC-12.1"
        assert "ジョーカーの場所に入ります" in can_exchange_joker(parse_card("7C"), meld).reason
    assert check_meld("KC AC 2C 3C").reason == ("K♣ A♣ 2♣ 3♣ is not a run: an ace is high or "
                                                "low, never in the middle (ZC-2.1)")


def test_explain_go_down_and_the_contract_in_japanese():
    with language("ja"):
        explained = explain_go_down(["8C 8D 8H", "KC KD"], 1)
        assert [v.ok for v in explained.melds] == [True, False]
        assert str(explained.verdict) == ("グループ2はまだメルドではありません。ダウンで出せるのは"
                                          "メルドだけです (ZC-9.2)")
        ok = explain_go_down(["8C 8D 8H", "KC KD KH"], 1)
        assert ok.verdict.reason == ("8♣ 8♦ 8♥; K♣ K♦ K♥: セット2つで、組み合わせのとおりです "
                                     "(第1ハンド, ZC-4, ZC-9.2)")
        wrong = explain_go_down(["AC 2C 3C 4C", "5C 6C 7C 8C"], 3)
        assert wrong.verdict.rule == "ZC-10" and "9枚以上" in wrong.verdict.reason
        assert str(no_go_down(3)) == ("この手札では、まだ第3ハンドの組み合わせを作れません。"
                                      "組み合わせはラン2つです (ZC-9.2)")
    assert str(no_go_down(3)) == ("This hand cannot make the contract of hand 3 yet. That "
                                  "contract is 2 runs (ZC-9.2)")


def test_a_verdict_from_a_plain_string_still_reads_as_given():
    """Callers that build a verdict from an English sentence keep it, in any language."""
    verdict = Verdict(False, "nope", "ZC-6")
    with language("ja"):
        assert str(verdict) == "nope (ZC-6)"


def test_the_winner_line_and_actions_in_japanese():
    spec = get_game("zioncheck")
    game = load_record(_record("zion_seed_3_standard_4p"))
    with language("ja"):
        assert spec.summary(game, []) == "勝者: 3番の席"
        assert str(DrawStock()) == "山札から引く"
        assert str(LayOff("7C", 0, "low")) == "クラブの7をメルド#1に置く (下のはし)"
    assert spec.summary(game, []) == "Winner: Seat 3"
    assert str(LayOff("7C", 0, "low")) == "lay off 7♣ on meld #1 (low end)"


# The pictures of single cards and empty hands are cardkit.render's (domain cardkit), not Zion
# Check's words.
RENDERED_CARD = re.compile(r"\b(?:ace|two|three|four|five|six|seven|eight|nine|ten|\d+|jack|"
                           r"queen|king) of (?:clubs|diamonds|hearts|spades)\b|\bjoker\b|"
                           r"\bface-down cards?\b|\bJOKER\b|\bno cards\b")


def _shown(html: str) -> str:
    """The words a picture shows (text between tags) and the labels of its own regions (the
    table, seats, stock, discard pile, melds), but for what `cardkit.render` writes of single
    cards."""
    from html import unescape

    own = r'<[^>]*class="ck-(?:table|seat|stock|discard|meld)[^"]*"[^>]*aria-label="([^"]*)"'
    texts = re.findall(r">([^<]+)<", html) + re.findall(own, html)
    return RENDERED_CARD.sub("", unescape(" | ".join(texts)))


def test_the_table_picture_in_japanese_leaves_no_english_label():
    from cardkit.zioncheck.draw import hand_end_html, results_html, table_html

    game = load_record(_record("zion_seed_3_standard_4p"))
    result = game.results[3]
    with language("ja"):
        pictures = [table_html(game, view=1), table_html(game), results_html(game, you=1),
                    hand_end_html(result, game.rules, you=0)]
    for html in pictures:
        shown = _shown(html)
        assert not _english_words(shown), _english_words(shown)
        assert re.search(r"[ぁ-んァ-ン]", shown)
    english = _shown(table_html(game, view=1))
    assert "Zion Check table" in english and "Contract:" in english


# ----------------------------------------------------------------- the command line


def test_cardkit_zion_seed_3_lang_ja_narrates_the_whole_game_as_the_golden_file(
        cardkit_cli):
    """``cardkit zion --seed 3 --lang ja``: four greedy bots, every event in Japanese."""
    told = cardkit_cli("zion", "--seed", "3", "--lang", "ja")
    path = GOLDEN / "cli_seed_3.ja.txt"
    if REGEN:
        path.write_text(told, encoding="utf-8")
        pytest.skip(f"regenerated {path.name}")
    compare_lines(told, path.read_text(encoding="utf-8"))


def test_the_cli_narration_is_the_english_one_line_by_line_with_the_same_rule_ids(
        cardkit_cli):
    english = cardkit_cli("zion", "--seed", "3").splitlines()
    japanese = cardkit_cli("zion", "--seed", "3", "--lang", "ja").splitlines()
    assert len(japanese) == len(english) > 300
    for en, ja in zip(english[:-1], japanese[:-1], strict=True):
        assert RULE.findall(ja) == RULE.findall(en), (en, ja)
        assert not _english_words(ja), ja
    # the last line names the bots by their class names
    assert japanese[-1].startswith("勝者: ") and "GreedyBot" in japanese[-1]
    assert english[-1].startswith("Winner")


def test_a_verdict_pickles_with_its_words_in_both_languages():
    game = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH", discard="5D")
    take = pickle.loads(pickle.dumps(game.check(TakeDiscard())))
    assert take.text_in("ja") == "0番の席はこの番の1枚として、捨て札からダイヤの5を取れます (ZC-6)"
    assert str(take) == "Seat 0 may take 5♦ from the discard pile as this turn's draw (ZC-6)"


def test_meld_verdicts_compare_by_what_they_say():
    assert check_meld("8C 8D 8H") == check_meld("8C 8D 8H")
    assert check_meld("8C 8D 8H") != check_meld("8C 8D 8S")
    assert "8♣ 8♦ 8♥ is a set of eights (ZC-5.1)" in repr(check_meld("8C 8D 8H"))
