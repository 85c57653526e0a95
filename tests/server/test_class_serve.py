"""``cardkit serve --class`` for the class board (issue 21): where the board is kept, the two
addresses, and kernels preheated for the whole class before "ready for N students"."""

from __future__ import annotations

import http.server
import json
import re
import threading

import pytest

from cardkit.classroom import BOARD_ENV, CLASS_URL_ENV, Board
from cardkit.cli import main
from cardkit.widgets import class_serve, serve


@pytest.fixture
def fake_voila(monkeypatch, tmp_path):
    seen: dict = {}

    class FakeVoila:
        def __init__(self, command, env):
            seen["command"], seen["env"] = command, env

        def wait(self):
            return 0

        def poll(self):
            return 0

    monkeypatch.setattr(serve.subprocess, "Popen", FakeVoila)
    monkeypatch.setattr(serve, "_port_is_free", lambda host, port: True)
    monkeypatch.setattr(serve, "class_address", lambda: "192.0.2.7")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    return seen


def test_class_mode_prints_the_students_and_the_teachers_addresses(fake_voila, tmp_path, capsys):
    assert main(["serve", "--class", "--no-browser", "--port", "9200",
                 "--data", str(tmp_path / "lesson")]) == 0
    out = capsys.readouterr().out
    students = re.search(r"cardkit apps: (\S+)", out).group(1)
    teacher = re.search(r"teacher's class board \(keep this address to yourself\): (\S+)",
                        out).group(1)
    student_token = students.split("token=")[1]
    teacher_token = teacher.split("token=")[1]
    assert teacher == f"http://192.0.2.7:9200/voila/render/class_board.ipynb?token={teacher_token}"
    assert student_token != teacher_token and len(teacher_token) >= 16
    command = fake_voila["command"]
    assert f"--ClassIdentityProvider.teacher_token={teacher_token}" in command
    assert f"--Voila.token={student_token}" in command
    # the board is kept in --data, printed at start, and the apps are told where
    board_file = tmp_path / "lesson" / "class_board.sqlite"
    assert f"class board: Board('{board_file}')" in out and board_file.is_file()
    assert fake_voila["env"][BOARD_ENV] == str(board_file)
    assert fake_voila["env"][CLASS_URL_ENV] == (
        f"http://192.0.2.7:9200/voila/render/probability_lab.ipynb?token={student_token}")
    assert teacher_token not in json.dumps(fake_voila["env"])  # the kernels never see it


def test_the_board_defaults_to_the_users_data_directory(fake_voila, tmp_path, capsys):
    assert main(["serve", "--no-browser", "--port", "9201"]) == 0
    default = tmp_path / "home" / "cardkit" / "class_board.sqlite"
    assert f"class board: Board('{default}') (0 experiments kept there)" in capsys.readouterr().out
    assert "teacher's class board" not in capsys.readouterr().out  # no token, no teacher


def test_board_db_must_be_a_postgresql_address(fake_voila, capsys):
    assert main(["serve", "--no-browser", "--port", "9202", "--board-db", "mysql://x"]) == 2
    assert "--board-db takes a PostgreSQL address" in capsys.readouterr().err


def test_the_students_token_cannot_be_the_teachers(fake_voila, capsys):
    assert main(["serve", "--class", "--no-browser", "--port", "9203", "--token", "same",
                 "--teacher-token", "same"]) == 2
    assert "must differ" in capsys.readouterr().err


def test_class_students_30_preheats_the_whole_class_of_the_app(fake_voila, capsys):
    assert main(["serve", "--class", "--no-browser", "--port", "9204", "--students", "30",
                 "--app", "probability_lab"]) == 0
    command = fake_voila["command"]
    assert "--CardkitVoila.pool_size=30" in command
    assert [c for c in command if c.startswith("--CardkitVoila.pool_apps=")] == [
        "--CardkitVoila.pool_apps=probability_lab.ipynb"]
    assert "preheating 30 kernels of probability_lab.ipynb" in capsys.readouterr().out


def test_ready_for_n_students_is_said_once_every_kernel_is(tmp_path, capsys):
    counts = iter([0, 4, 4, 9, 10])

    class Ready(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            assert self.path == "/cardkit/ready?token=tok"
            body = json.dumps({"ready": {"xeri_table.ipynb": next(counts)}, "wanted": 10})
            self.send_response(200)
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Ready)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    class Running:
        def poll(self):
            return None

    setup = class_serve.ClassSetup(str(tmp_path / "b.sqlite"), "t", 10, "xeri_table.ipynb", "")
    try:
        assert class_serve.wait_until_ready(f"http://127.0.0.1:{server.server_port}", "tok",
                                            setup, Running(), timeout=60)
    finally:
        server.shutdown()
    out = capsys.readouterr().out.splitlines()
    assert out == ["preheating 10 kernels of xeri_table.ipynb for the class…",
                   "  0 of 10 ready", "  4 of 10 ready", "  9 of 10 ready", "  10 of 10 ready",
                   "ready for 10 students"]


def test_a_board_made_by_an_older_server_is_kept_on_restart(fake_voila, tmp_path, capsys):
    data = tmp_path / "lesson"
    main(["serve", "--no-browser", "--port", "9205", "--data", str(data)])
    Board(data / "class_board.sqlite").open("xeri_redeal", n=100)
    main(["serve", "--no-browser", "--port", "9205", "--data", str(data)])
    assert "(1 experiment kept there)" in capsys.readouterr().out
