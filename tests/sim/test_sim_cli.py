"""``cardkit simulate`` end to end: a real process, files written, summary printed."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

from cardkit.cli import main
from cardkit.games import get_game
from cardkit.sim import simulate


def test_simulate_xeri_writes_csv_and_prints_a_summary(tmp_path):
    out = tmp_path / "results.csv"
    proc = subprocess.run(
        [sys.executable, "-m", "cardkit", "simulate", "xeri", "--rounds", "24", "--workers",
         "2", "--players", "greedy,random,greedy,random", "--seed", "3", "--chunk-size", "8",
         "--engine", "reference", "--out", str(out)],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    frame = pd.read_csv(out)
    expected = simulate("xeri", 24, players="greedy,random", seed=3, progress=False,
                        engine="reference")
    expected.attrs = {}
    pd.testing.assert_frame_equal(frame, expected)
    lines = proc.stdout.splitlines()
    assert lines[0] == "4-Player Xeri: 24 rounds (reference engine)"
    rate = next(line for line in lines if line.startswith("win rate team 0"))
    wins = (expected["winner"] == 0).mean()
    assert f"{wins:.4f}" in rate and "[" in rate
    assert any(line.startswith("mean points_0") for line in lines)
    assert "rounds" in proc.stderr  # the progress bar


def test_simulate_zioncheck_hands_to_parquet(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    out = tmp_path / "hands.parquet"
    assert main(["simulate", "zioncheck", "--hands", "6", "--players", "greedy",
                 "--no-progress", "--out", str(out)]) == 0
    frame = pd.read_parquet(out)
    assert frame["hand"].tolist() == [1, 2, 3, 4, 5, 6]
    text = capsys.readouterr().out
    assert text.startswith("Zion Check: 6 hands") and "win rate seat 0" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "xeri", "--hands", "3"], "use --rounds"),
    (["simulate", "zion", "--rounds", "3"], "use --hands"),
    (["simulate", "xeri", "--rounds", "-1"], "n is the number of rounds"),
    (["simulate", "xeri", "--matches", "-1"], "n is the number of matches"),
    (["simulate", "xeri", "--players", "wizard"], "unknown bot kind 'wizard'"),
    (["simulate", "xeri", "--out", "x.xlsx"], "must end in .csv or .parquet"),
    (["simulate", "go"], "unknown game 'go'"),
])
def test_bad_arguments_are_one_clear_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardkit: ") and message in err and "Traceback" not in err


def test_simulate_whole_matches_with_a_rule_option_set(tmp_path, capsys):
    out = tmp_path / "matches.csv"
    assert main(["simulate", "xeri", "--matches", "3", "--set", "target=151", "--seed", "2",
                 "--no-progress", "--out", str(out)]) == 0
    frame = pd.read_csv(out)
    expected = simulate("xeri", 3, unit="match", rules="target_151", seed=2, progress=False)
    expected.attrs = {}
    pd.testing.assert_frame_equal(frame, expected)
    text = capsys.readouterr().out
    assert text.startswith("4-Player Xeri: 3 matches (reference engine)")
    assert "mean rounds" in text and "win rate first dealer's team" in text


def test_simulate_set_changes_options_of_the_preset(tmp_path):
    out = tmp_path / "games.csv"
    assert main(["simulate", "zion", "--games", "1", "--players", "greedy,greedy,greedy",
                 "--preset", "may_i", "--set", "first_player_rule=draw_two", "--no-progress",
                 "--out", str(out)]) == 0
    frame = pd.read_csv(out)
    rules = get_game("zioncheck").Rules.from_dict(
        {**get_game("zioncheck").preset("may_i").to_dict(), "first_player_rule": "draw_two"})
    expected = simulate("zioncheck", 1, unit="game", players="greedy,greedy,greedy",
                        rules=rules, progress=False)
    expected.attrs = {}
    pd.testing.assert_frame_equal(frame, expected)


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "xeri", "--set", "targte=151"],
     "unknown 4-Player Xeri rule option 'targte'; the options are initial_pile_redeal"),
    (["simulate", "xeri", "--set", "rounds=0"],
     "rounds must be a whole number of at least 1, not 0 (XR-7.1)"),
    (["simulate", "xeri", "--set", "rounds"], "--set takes OPTION=VALUE such as target=251"),
    (["simulate", "xeri", "--games", "2"], "use --rounds (or --matches for whole matches)"),
    (["simulate", "zion", "--matches", "2"], "use --hands (or --games for whole games)"),
])
def test_bad_settings_are_refused_as_cardkit_xeri_refuses_them(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    if "--set" in argv:  # the same words as `cardkit xeri --set`
        assert main(["xeri", "--set", argv[-1]]) == 2
        assert message in capsys.readouterr().err
