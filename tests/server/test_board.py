"""The class experiment board (issue 21): open, submit, results, close, over SQLite."""

from __future__ import annotations

import sqlite3

import pytest

from cardkit.classroom import SCHEMA_VERSION, Board, BoardRefused, summarize


@pytest.fixture
def board(tmp_path):
    return Board(tmp_path / "board" / "class.sqlite")


def send(board, code, student="s1", seed=1, estimate=0.1, low=0.05, high=0.2, n=100, **kw):
    return board.submit(code, student=student, estimate=estimate, low=low, high=high, n=n,
                        seed=seed, **kw)


def test_one_file_in_wal_mode_at_the_current_schema(tmp_path):
    path = tmp_path / "new" / "class.sqlite"
    board = Board(path)
    assert path.is_file() and board.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_open_submit_results_close(board):
    code = board.open("xeri_redeal", n=100, rules={"option": "redeal_if_three"})
    assert len(code) == 5 and code.isalnum() and code.isupper()
    assert send(board, code, student="s1", seed=3, nickname="Ana") is True
    assert send(board, code.lower(), student="s2", seed=4, estimate=0.12) is True  # as typed
    frame = board.results(code)
    assert list(frame["student"]) == ["s1", "s2"] and list(frame["seed"]) == [3, 4]
    assert list(frame["nickname"]) == ["Ana", ""] and frame["estimate"].tolist() == [0.1, 0.12]
    experiment = board.experiment(code)
    assert experiment["rules"] == {"option": "redeal_if_three"} and experiment["n"] == 100
    board.close(code)
    listed = board.experiments()
    assert listed.loc[0, "code"] == code and listed.loc[0, "rows"] == 2
    assert listed.loc[0, "closed"] is not None
    assert len(board.results(code)) == 2  # a closed experiment can be shown again


def test_reveal_is_remembered(board):
    code = board.open("zion_set", n=10)
    assert board.experiment(code)["revealed"] is False
    board.reveal(code)
    assert board.experiment(code)["revealed"] is True


def test_a_double_click_is_stored_once(board):
    code = board.open("xeri_redeal", n=100)
    assert send(board, code, seed=9) is True
    assert send(board, code, seed=9) is False
    assert len(board.results(code)) == 1


def test_unknown_and_closed_codes_say_so_in_words(board):
    with pytest.raises(BoardRefused, match="there is no experiment with the code 'NOPE1'"):
        send(board, "NOPE1")
    with pytest.raises(BoardRefused, match="no experiment"):
        board.results("NOPE1")
    code = board.open("xeri_redeal", n=100)
    board.close(code)
    with pytest.raises(BoardRefused, match=f"the experiment {code} is closed"):
        send(board, code)


def test_summary_counts_intervals_and_pools_each_seed_once(board):
    code = board.open("xeri_redeal", n=100)
    send(board, code, student="a", seed=1, estimate=0.10, low=0.05, high=0.17)
    send(board, code, student="b", seed=2, estimate=0.20, low=0.13, high=0.29)
    send(board, code, student="c", seed=1, estimate=0.10, low=0.05, high=0.17)  # same seed
    summary = summarize(board.results(code), exact=0.12)
    assert (summary.rows, summary.contain, summary.units, summary.samples) == (3, 2, 2, 200)
    assert summary.pooled == pytest.approx(0.15)
    assert summary.pooled_low < 0.15 < summary.pooled_high
    assert summary.sentence() == "2 of 3 intervals contain the exact value"
    assert summarize(board.results(code)).contain is None


def test_restart_keeps_every_experiment_and_row(tmp_path):
    path = tmp_path / "class.sqlite"
    first = Board(path)
    code = first.open("zion_run", n=50)
    send(first, code, n=50, estimate=0.5, low=0.3, high=0.7)
    del first
    again = Board(path)
    assert list(again.experiments()["code"]) == [code]
    assert again.results(code)["estimate"].tolist() == [0.5]
