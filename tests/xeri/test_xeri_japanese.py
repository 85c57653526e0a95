"""4-Player Xeri in Japanese (issue 23): a golden Japanese narration of a seeded match, events
and verdicts in either language, a refusal in Japanese with the state unchanged, and the
command line's ``--lang ja`` and ``LANG``.

The golden file is what ``cardkit xeri --seed 3 --lang ja`` prints; regenerate it with
``CARDKIT_REGEN_GOLDEN=1`` (see ``tests/golden.py``) and review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardkit import parse_card, parse_cards, play_out
from cardkit.cli import language_from_environment, main
from cardkit.engine import IllegalAction
from cardkit.games import get_game, load_record
from cardkit.i18n import language
from cardkit.play_cli import narrate
from cardkit.xeri import GreedyBot, XeriMatch, check_initial_pile, new_game, resolve_play
from cardkit.xeri.events import Xeri
from tests.golden import REGEN, compare_lines

GOLDEN = Path(__file__).parent / "golden"
RULE = re.compile(r"\((?:XR-[\d.]+)\)")
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # hiragana, katakana, kanji


def test_cardkit_xeri_seed_3_lang_ja_narrates_the_whole_match_as_the_golden_file(
        cardkit_cli) -> None:
    told = cardkit_cli("xeri", "--seed", "3", "--lang", "ja")
    path = GOLDEN / "cli_seed_3.ja.txt"
    if REGEN:
        path.write_text(told, encoding="utf-8")
        pytest.skip("regenerated golden/cli_seed_3.ja.txt")
    compare_lines(told, path.read_text(encoding="utf-8"))


def test_the_japanese_narration_is_the_english_one_line_by_line_with_the_same_rule_ids(
        cardkit_cli) -> None:
    english = cardkit_cli("xeri", "--seed", "3").splitlines()
    japanese = cardkit_cli("xeri", "--seed", "3", "--lang", "ja").splitlines()
    assert len(japanese) == len(english) > 300
    for en, ja in zip(english, japanese, strict=True):
        assert RULE.findall(ja) == RULE.findall(en), (en, ja)
        assert not re.search(r"\b(plays|deals|captures|win|round|points|total)\b", ja), ja
    assert sum(bool(KANA.search(line)) for line in japanese) == len(japanese)
    assert japanese[-2].endswith("(XR-7.1)") and "試合に勝ちました" in japanese[-2]


def test_one_record_narrates_in_either_language() -> None:
    match = play_out(new_game(seed=5), [GreedyBot(s, seed=s) for s in range(4)])
    spec = get_game("xeri")
    replayed = load_record(match.to_json())
    english = list(narrate(spec, replayed.events))
    with language("ja"):
        japanese = list(narrate(spec, replayed.events))
    assert english == list(narrate(spec, match.events))
    assert len(japanese) == len(english) and japanese != english
    assert [e.text_in("ja") for e in replayed.events][:5] == japanese[:5]


def test_text_in_gives_an_event_in_either_language_whatever_the_current_one() -> None:
    event = Xeri(0, tuple(parse_cards("7C 7H")), 10, "XR-4.1")
    english = ("North plays 7♥ on the single 7♣: captures it. Xeri, +10 for North–South "
               "(XR-4.1)")
    japanese = ("北が1枚だけのクラブの7にハートの7を出して取ります。ゼリです！"
                "南北チームに+10点 (XR-4.1)")
    assert event.text == event.text_in("en") == english
    assert event.text_in("ja") == japanese
    with language("ja"):
        assert event.text == str(event) == japanese
        assert event.text_in("en") == english


def test_a_verdict_reads_in_the_language_of_the_moment_and_text_in_gives_either() -> None:
    match = new_game(seed=3)
    card = match.legal_actions()[0]
    verdict = match.check(card)
    who = match.seat_name(match.current_player)
    assert verdict.ok and verdict.text_in("en").startswith(f"{who} may play {card}: ")
    with language("ja"):
        assert "を出せます" in str(verdict) and f"({verdict.rule})" in str(verdict)
    assert "may play" in str(verdict)  # read again in English: the reason follows the language
    pile = check_initial_pile(parse_cards("7C 2D 7H KS"))
    assert pile.text_in("ja") == ("場に7が2枚（クラブの7、ハートの7）あります。"
                                  "場の札を山札に戻して、新しく4枚を配ります (XR-2.4)")
    assert str(pile) == ("the pile holds two 7s (7♣, 7♥): it goes back into the stock and 4 new "
                         "cards are dealt (XR-2.4)")


def test_an_illegal_move_is_refused_in_japanese_with_its_rule_and_the_state_unchanged() -> None:
    match = new_game(seed=3)
    mover = match.current_player
    other = next(c for s in range(4) if s != mover for c in match.hand(s))
    before = match.snapshot()
    with language("ja"), pytest.raises(IllegalAction) as caught:
        match.apply(other)
    assert caught.value.rule == "XR-3.1"
    with language("ja"):
        message = str(caught.value)
    assert message.endswith("(XR-3.1)") and "ハンドにありません" in message
    assert "is not in" in str(caught.value)  # the same error, read in English
    assert match.snapshot() == before
    with language("ja"):
        turn = match.check(match.hand(mover)[0], seat=(mover + 1) % 4)
    assert not turn.ok and turn.rule == "XR-3.1"
    assert "の番です" in turn.text_in("ja") and "'s turn" in str(turn)


def test_what_a_card_would_do_is_said_in_the_language_of_the_moment() -> None:
    with language("ja"):
        outcome = resolve_play(parse_cards("7C"), parse_card("7H"))
    assert outcome.reason == ("ハートの7は1枚だけのクラブの7と同じランクなので取ります。"
                              "ゼリで10点です")
    assert resolve_play(parse_cards("7C"), parse_card("7H")).reason == (
        "7♥ matches the single 7♣: captures it, a Xeri worth 10")


def test_lang_ja_and_the_environment_choose_japanese_on_the_command_line(
        cardkit_cli, capsys, monkeypatch, tmp_path) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    quiet = ("xeri", "--seed", "3", "--quiet")
    assert cardkit_cli(*quiet).startswith("North–South win round 1")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert cardkit_cli(*quiet).startswith("南北チームがラウンド1に勝ちました")
    assert cardkit_cli(*quiet, "--lang", "en").startswith("North–South win round 1")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # LC_ALL comes first, and names no Japanese
    assert cardkit_cli(*quiet).startswith("North–South win round 1")
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    record = tmp_path / "match.json"
    told = cardkit_cli("xeri", "--seed", "2", "--json", str(record))
    assert told.splitlines()[-1] == f"記録を {record} に書きました"
    replayed = cardkit_cli("replay", str(record)).splitlines()
    assert replayed[-1].startswith("-- ") and "手を再生しました" in replayed[-1]
    assert replayed[:-1] == told.splitlines()[:len(replayed) - 1]
    with pytest.raises(SystemExit):
        main(["xeri", "--lang", "fr"])
    assert "cardkit speaks en (English) and ja (Japanese)" in capsys.readouterr().err


def test_a_refused_record_is_one_japanese_line(capsys, tmp_path) -> None:
    record = tmp_path / "match.json"
    record.write_text(XeriMatch(3).to_json().replace('"actions": []', '"actions": ["JK"]'),
                      encoding="utf-8")
    assert main(["replay", str(record), "--lang", "ja"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardkit: ") and "Traceback" not in err
    assert "再生できません" in err and "(XR-1.2)" in err


def test_language_from_environment_follows_gettext_order() -> None:
    assert language_from_environment({}) == "en"
    assert language_from_environment({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert language_from_environment({"LC_MESSAGES": "ja_JP", "LANG": "en_US.UTF-8"}) == "ja"
    assert language_from_environment({"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "ja_JP"}) == "en"
    assert language_from_environment({"LC_ALL": "", "LANG": "ja"}) == "ja"
    assert language_from_environment({"LANG": "fr_FR.UTF-8"}) == "en"


def test_the_xeri_table_in_japanese_has_no_english_words_left() -> None:
    from cardkit.xeri.draw import round_end_html, score_sheet_html, scoreboard_html, table_html

    match = play_out(new_game(seed=4), [GreedyBot(s, seed=s) for s in range(4)],
                     max_actions=60)
    with language("ja"):
        page = (table_html(match, 0) + table_html(match) + scoreboard_html(match)
                + round_end_html(match) + score_sheet_html(match.round_scores[-1], 1))
    text = re.sub(r"<[^>]+>", " ", page)  # what is shown
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))  # what a screen reader says
    assert not re.findall(r"[A-Za-z]{3,}", text + " " + labels)
    assert "北（あなた）" in text and "ラウンド1の得点表" in text and "山札" in text
