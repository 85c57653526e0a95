"""The class board in PostgreSQL (``--board-db postgresql://…``), against a server this test
starts itself from Debian's binaries (``/usr/lib/postgresql/*/bin``), in a temporary folder,
on a Unix socket and a free port; skipped, saying why, where they are missing."""

from __future__ import annotations

import glob
import multiprocessing
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from cardkit.classroom import SCHEMA_VERSION, Board, BoardRefused

BINARIES = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
psycopg = pytest.importorskip("psycopg", reason="needs psycopg: pip install 'cardkit[postgres]'")
pytestmark = pytest.mark.skipif(
    not BINARIES, reason="PostgreSQL is not installed (apt-get install postgresql)")


def _as_owner(command: list[str], owner: str | None) -> list[str]:
    # PostgreSQL refuses to run as root: as root, the server runs as Debian's postgres user
    return ["runuser", "-u", owner, "--", *command] if owner else command


@pytest.fixture(scope="module")
def postgres_url():
    from server_helpers import free_port

    bin_dir = Path(BINARIES[-1])
    owner = "postgres" if os.geteuid() == 0 else None
    if owner and not shutil.which("runuser"):
        pytest.skip("running as root without runuser: PostgreSQL cannot be started")
    home = Path(tempfile.mkdtemp(prefix="cardkit-pg-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    if owner:
        shutil.chown(home, owner)
        shutil.chown(sockets, owner)
    port = free_port()
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "cardkit",
                              "--auth=trust", "-E", "UTF8"], owner), **run)
    subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l",
                              str(home / "log"), "-o",
                              f"-k {sockets} -p {port} -c listen_addresses=''", "start"],
                             owner), **run)
    try:
        yield f"postgresql://cardkit@/postgres?host={sockets}&port={port}"
    finally:
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                                  "stop"], owner), capture_output=True, timeout=60)
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def board(postgres_url):
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS submissions, experiments, board_schema")
    return Board(postgres_url)


def test_the_board_works_the_same_in_postgresql(board):
    assert board.schema_version() == SCHEMA_VERSION
    code = board.open("xeri_redeal", n=100, rules={"option": "never"})
    assert board.submit(code, student="a", estimate=0.1, low=0.05, high=0.2, n=100, seed=1,
                        nickname="Ana")
    assert not board.submit(code, student="a", estimate=0.1, low=0.05, high=0.2, n=100, seed=1)
    board.reveal(code)
    board.close(code)
    with pytest.raises(BoardRefused, match="is closed"):
        board.submit(code, student="b", estimate=0.1, low=0.05, high=0.2, n=100, seed=2)
    assert board.results(code)["nickname"].tolist() == ["Ana"]
    listed = board.experiments()
    assert listed.loc[0, "code"] == code and listed.loc[0, "rows"] == 1
    assert bool(listed.loc[0, "revealed"]) and board.experiment(code)["rules"] == {
        "option": "never"}
    assert "…@" in repr(Board(board.path.replace("cardkit@", "cardkit:secret@")))


def _write(url: str, code: str, index: int, start) -> None:
    board = Board(url)  # each server migrates at start: under the advisory lock, once
    start.wait()
    for _ in range(2):  # with the double click
        board.submit(code, student=f"s{index}", estimate=0.1, low=0.05, high=0.2, n=100,
                     seed=index)


def test_thirty_writers_on_one_postgresql_are_each_stored_once(board):
    code = board.open("xeri_redeal", n=100)
    context = multiprocessing.get_context("fork")
    start = context.Event()
    writers = [context.Process(target=_write, args=(board.path, code, i, start))
               for i in range(30)]
    for writer in writers:
        writer.start()
    start.set()
    for writer in writers:
        writer.join(120)
    assert [writer.exitcode for writer in writers] == [0] * 30
    assert sorted(board.results(code)["seed"]) == list(range(30))
