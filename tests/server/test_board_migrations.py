"""The board's schema is versioned: an older database is migrated and keeps its rows."""

from __future__ import annotations

import sqlite3

import pytest

from cardkit.classroom import MIGRATIONS, SCHEMA_VERSION, Board, BoardRefused


def make_version_1(path):
    """A board as the first schema made it, with a result sent twice (version 1 kept both)."""
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE board_schema (version INTEGER NOT NULL)")
        connection.execute("INSERT INTO board_schema VALUES (1)")
        for statement in MIGRATIONS[1]["sqlite"]:
            connection.execute(statement)
        connection.execute("INSERT INTO experiments VALUES ('K7QMP', 'xeri_redeal', '{}', 100, "
                           "'2026-01-01T09:00:00+00:00', NULL)")
        row = "('K7QMP', 'ana', 'Ana', 0.1, 0.05, 0.2, 100, {seed}, '2026-01-01T09:01:00+00:00')"
        columns = "(code, student, nickname, estimate, low, high, n, seed, sent)"
        for seed in (1, 1, 2):
            connection.execute(f"INSERT INTO submissions {columns} VALUES {row.format(seed=seed)}")
    connection.close()


def test_a_version_1_board_is_migrated_and_keeps_its_experiments(tmp_path):
    path = tmp_path / "old.sqlite"
    make_version_1(path)
    board = Board(path)
    assert board.schema_version() == SCHEMA_VERSION == 2
    assert board.experiment("K7QMP")["revealed"] is False  # the column version 2 added
    # the double click version 1 stored twice is kept once; the other row stays
    assert board.results("K7QMP")["seed"].tolist() == [1, 2]
    assert board.submit("K7QMP", student="ana", estimate=0.1, low=0.05, high=0.2, n=100,
                        seed=2) is False


def test_migrating_twice_changes_nothing(tmp_path):
    board = Board(tmp_path / "b.sqlite")
    code = board.open("zion_set", n=10)
    assert board.migrate() == SCHEMA_VERSION
    assert list(board.experiments()["code"]) == [code]


def test_a_newer_board_is_refused_not_damaged(tmp_path):
    path = tmp_path / "new.sqlite"
    Board(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE board_schema SET version = ?", (SCHEMA_VERSION + 1,))
    connection.close()
    with pytest.raises(BoardRefused, match="newer than this cardkit's"):
        Board(path)
