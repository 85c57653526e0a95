"""``cardkit simulate`` end to end: a real process, files written, summary printed."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

from cardkit.cli import main
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
    (["simulate", "xeri", "--players", "wizard"], "unknown bot kind 'wizard'"),
    (["simulate", "xeri", "--out", "x.xlsx"], "must end in .csv or .parquet"),
    (["simulate", "go"], "unknown game 'go'"),
])
def test_bad_arguments_are_one_clear_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardkit: ") and message in err and "Traceback" not in err
