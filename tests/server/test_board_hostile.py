"""What a class can throw at the board (issue 21): bounds, refusals, 30 writers at once."""

from __future__ import annotations

import multiprocessing
import sqlite3

import pytest

from cardkit.classroom import MAX_NICKNAME, MAX_PER_STUDENT, MAX_ROWS, Board, BoardRefused


@pytest.fixture
def board(tmp_path):
    return Board(tmp_path / "class.sqlite")


def send(board, code, student="s1", seed=1, estimate=0.1, low=0.05, high=0.2, n=100, **kw):
    return board.submit(code, student=student, estimate=estimate, low=low, high=high, n=n,
                        seed=seed, **kw)


@pytest.mark.parametrize("numbers, reason", [
    ({"estimate": 1.5, "high": 2.0}, "the estimate must be a number from 0 to 1"),
    ({"low": -0.1}, "the low must be a number from 0 to 1"),
    ({"high": float("nan")}, "the high must be a number from 0 to 1"),
    ({"estimate": "0.1"}, "the estimate must be a number"),
    ({"estimate": True}, "the estimate must be a number"),
    ({"low": 0.15}, "low <= estimate <= high"),
    ({"estimate": 0.123}, "is a count of them divided by 100"),
    ({"n": 50}, "asks for 100 samples per student, not 50"),
    ({"n": 0}, "n"),
    ({"seed": -1}, "the seed must be a whole number"),
    ({"seed": 2**64}, "the seed must be a whole number"),
    ({"student": ""}, "a student is named"),
    ({"student": "x" * 65}, "a student is named"),
])
def test_numbers_out_of_range_are_refused_with_the_reason(board, numbers, reason):
    code = board.open("xeri_redeal", n=100)
    with pytest.raises(BoardRefused, match=reason):
        send(board, code, **numbers)
    assert len(board.results(code)) == 0


def test_a_nickname_is_at_most_24_characters_and_kept_as_text(board):
    code = board.open("xeri_redeal", n=100)
    with pytest.raises(BoardRefused, match=f"at most {MAX_NICKNAME}"):
        send(board, code, nickname="x" * (MAX_NICKNAME + 1))
    with pytest.raises(BoardRefused, match="printable"):
        send(board, code, nickname="a\x00b")
    script = "<img src=x onerror=alert(1)>"[:MAX_NICKNAME]
    send(board, code, nickname=script)
    # stored as typed; the board escapes it when it shows it (tests/widgets/test_class_board.py)
    assert board.results(code)["nickname"].tolist() == [script]


def test_at_most_five_results_per_student(board):
    code = board.open("xeri_redeal", n=100)
    for seed in range(MAX_PER_STUDENT):
        assert send(board, code, seed=seed)
    with pytest.raises(BoardRefused, match=f"already sent {MAX_PER_STUDENT} results"):
        send(board, code, seed=99)
    assert send(board, code, student="other", seed=99)


def test_at_most_500_rows_per_experiment(board):
    code = board.open("xeri_redeal", n=100)
    # the first 499 in one transaction (500 commits of their own take seconds on a busy disk)
    with sqlite3.connect(board.path) as connection:
        connection.executemany(
            "INSERT INTO submissions (code, student, nickname, estimate, low, high, n, seed, "
            "sent) VALUES (?, ?, '', 0.1, 0.05, 0.2, 100, ?, '2026-01-01')",
            [(code, f"s{i}", i) for i in range(MAX_ROWS - 1)])
    connection.close()
    assert send(board, code, student="last", seed=MAX_ROWS)
    with pytest.raises(BoardRefused, match=f"is full: it holds {MAX_ROWS} results"):
        send(board, code, student="late", seed=1)
    assert len(board.results(code)) == MAX_ROWS


def test_a_student_cannot_change_or_delete_a_row(board):
    code = board.open("xeri_redeal", n=100)
    send(board, code, student="ana", seed=5, estimate=0.1)
    # the only thing a student can do is submit: the same student and seed again, or
    # another student's name with that seed, adds or keeps rows, never rewrites one
    assert send(board, code, student="ana", seed=5, estimate=0.2, high=0.3) is False
    send(board, code, student="bob", seed=5, estimate=0.2, high=0.3)
    frame = board.results(code)
    assert frame[frame["student"] == "ana"]["estimate"].tolist() == [0.1]
    public = {name for name in dir(Board) if not name.startswith("_")}
    assert not public & {"delete", "update", "remove", "edit"}


@pytest.mark.parametrize("question, n, rules, reason", [
    ("Robert'); DROP TABLE experiments;--", 100, None, "a question is a short key"),
    ("xeri_redeal", 0, None, "n \\(the samples per student\\)"),
    ("xeri_redeal", 100, {"x": "y" * 600}, "at most 500 characters"),
])
def test_open_refuses_a_bad_experiment(board, question, n, rules, reason):
    with pytest.raises(BoardRefused, match=reason):
        board.open(question, n=n, rules=rules)
    assert len(board.experiments()) == 0


def _write(path: str, code: str, index: int, start: multiprocessing.synchronize.Event) -> None:
    board = Board(path)
    start.wait()
    board.submit(code, student=f"student-{index}", estimate=0.1, low=0.05, high=0.2, n=100,
                 seed=index, nickname=f"s{index}")
    # the same student's double click, from the same moment
    board.submit(code, student=f"student-{index}", estimate=0.1, low=0.05, high=0.2, n=100,
                 seed=index, nickname=f"s{index}")


def test_thirty_students_sending_at_once_are_each_stored_once(tmp_path):
    path = str(tmp_path / "class.sqlite")
    code = Board(path).open("xeri_redeal", n=100)
    # forked: thirty fresh interpreters importing pandas take a minute on a loaded machine
    context = multiprocessing.get_context("fork")
    start = context.Event()
    writers = [context.Process(target=_write, args=(path, code, i, start)) for i in range(30)]
    for writer in writers:
        writer.start()
    start.set()
    for writer in writers:
        writer.join(120)
    assert [writer.exitcode for writer in writers] == [0] * 30
    frame = Board(path).results(code)
    assert sorted(frame["seed"]) == list(range(30)) and len(frame) == 30
