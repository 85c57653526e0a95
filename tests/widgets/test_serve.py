"""`cardkit serve`: where the notebooks are found, the Voila command, and page options."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from cardkit.cli import main
from cardkit.widgets import serve

ROOT = Path(__file__).resolve().parents[2]


def test_notebooks_are_found_beside_the_installed_package():
    assert serve.find_notebooks() == ROOT / "notebooks"
    assert (serve.find_notebooks() / "index.ipynb").is_file()


def test_an_explicit_notebook_directory_wins(tmp_path):
    (tmp_path / "index.ipynb").write_text("{}")
    assert serve.find_notebooks(tmp_path) == tmp_path.resolve()


def test_missing_notebooks_give_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(serve, "__file__", str(tmp_path / "cardkit" / "widgets" / "serve.py"))
    monkeypatch.delenv(serve.NOTEBOOKS_ENV, raising=False)
    with pytest.raises(ValueError, match="cannot find the app notebooks"):
        serve.find_notebooks()


def test_voila_command_serves_the_tree_offline_on_a_fixed_port():
    command = serve.voila_command(ROOT / "notebooks", 9123, "127.0.0.1")
    assert command[1:3] == ["-m", "cardkit.widgets.class_voila"]  # Voila with the guard
    assert "--port=9123" in command and "--Voila.port_retries=0" in command
    assert "--VoilaConfiguration.allow_template_override=NO" in command
    assert "--VoilaConfiguration.allow_theme_override=NO" in command
    assert "--VoilaConfiguration.template=cardkit" in command
    assert "--Voila.tornado_settings=disable_check_xsrf=True" in command  # see voila_command
    template = serve.SHARE_DIR / "voila" / "templates" / "cardkit" / "index.html.j2"
    assert "https://" not in template.read_text()
    assert serve.voila_env({})["JUPYTER_PATH"].split(":")[0] == str(serve.SHARE_DIR)


def test_app_url_points_at_the_gallery():
    assert serve.app_url("127.0.0.1", 8866) == "http://127.0.0.1:8866/voila/render/index.ipynb"


def test_page_options_read_the_query_string_voila_passes(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "seed=7&bot_delay=0")
    assert serve.page_options() == {"seed": "7", "bot_delay": "0"}
    assert serve.default_bot_delay() == 0.0


def test_bot_delay_falls_back_to_the_environment_then_the_default(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv(serve.BOT_DELAY_ENV, "0.25")
    assert serve.default_bot_delay() == 0.25
    monkeypatch.delenv(serve.BOT_DELAY_ENV)
    assert serve.default_bot_delay() == 0.6
    monkeypatch.setenv("QUERY_STRING", "bot_delay=soon")
    with pytest.raises(ValueError, match="bot_delay must be a number"):
        serve.default_bot_delay()


def test_serve_refuses_a_port_in_use(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port), "--no-browser"]) == 2
    assert f"port {port} on 127.0.0.1 is already in use" in capsys.readouterr().err


def test_cardkit_serve_prints_the_address_serves_the_gallery_and_stops_voila_with_it(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "cardkit", "serve", "--port", str(port), "--no-browser"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)))
    try:
        first = server.stdout.readline().strip()
        assert first == f"cardkit apps: http://127.0.0.1:{port}/voila/render/index.ipynb"
        page = ""
        deadline = time.monotonic() + 120  # Voila starts, and its preheated pool, on 2 cores
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(first.split(": ", 1)[1], timeout=60) as response:
                    page = response.read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert "cardkit apps" in page
        # offline: the page loads no script, module or style from anywhere but this server
        loads = re.findall(r"""(?:import\(|src=|href=)["']?(https?://[^"'\s)]+)""", page)
        assert loads == []
        voila = psutil.Process(server.pid).children()
        assert voila, "Voila runs as a child of cardkit serve"
    finally:
        server.terminate()
        server.wait(timeout=30)
    _gone, alive = psutil.wait_procs(voila, timeout=15)
    assert not alive, "stopping cardkit serve stops Voila"


def test_page_options_refuse_an_option_the_app_does_not_know():
    with pytest.raises(ValueError, match="no option 'sed'; it understands: seed, bot_delay"):
        serve.page_options("sed=7", accepted=("seed", "bot_delay"))
    assert serve.page_options("seed=7", accepted=("seed",)) == {"seed": "7"}


@pytest.mark.parametrize(("call", "words"), [
    (lambda: serve.option_int({"seed": "abc"}, "seed", 1), "seed must be a whole number such"),
    (lambda: serve.option_int({"hand": "9"}, "hand", 1, low=1, high=6),
     "hand must be a whole number from 1 to 6, not 9"),
    (lambda: serve.option_float({"bot_delay": "-1"}, "bot_delay", 0.5), "0 or more"),
    (lambda: serve.option_float({"bot_delay": "nan"}, "bot_delay", 0.5), "0 or more"),
    (lambda: serve.option_flag({"hot_seat": "maybe"}, "hot_seat"), "hot_seat is 1 .yes. or 0"),
    (lambda: serve.option_choice({"game": "chess"}, "game", "xeri", ("xeri", "zioncheck")),
     "game is one of xeri, zioncheck, not 'chess'"),
])
def test_malformed_page_options_are_clear_errors(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_option_readers_give_values_and_defaults():
    assert serve.option_int({"seed": " 12 "}, "seed", 1) == 12
    assert serve.option_int({}, "seed", 1) == 1
    assert serve.option_flag({"hot_seat": "true"}, "hot_seat") is True
    assert serve.option_flag({"hot_seat": "0"}, "hot_seat") is False
    assert serve.option_choice({}, "game", "xeri", ("xeri",)) == "xeri"


def test_show_app_shows_a_bad_option_as_a_message_instead_of_a_traceback(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "seed=abc")
    shown = serve.show_app(lambda options: serve.option_int(options, "seed", 1), ("seed",)).app
    assert "cardkit-app-error" in shown._dom_classes
    assert "seed must be a whole number such as 7, not &#x27;abc&#x27;" in shown.value
    assert 'href="?"' in shown.value  # a way back to the app's defaults
    monkeypatch.setenv("QUERY_STRING", "seed=5")
    assert serve.show_app(lambda options: serve.option_int(options, "seed", 1), ("seed",)) == 5


def test_a_port_left_in_time_wait_is_free_to_serve_again():
    # A stopped server's closed connections wait in TIME_WAIT on its port for a minute;
    # `cardkit serve` must start again at once, as Voila itself (SO_REUSEADDR) can.
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        accepted, _ = listener.accept()
        accepted.close()  # the server side closes first: its end goes to TIME_WAIT
        client.close()
    assert any(c.laddr.port == port and c.status == psutil.CONN_TIME_WAIT
               for c in psutil.net_connections("tcp4")), "the port is in TIME_WAIT"
    assert serve._port_is_free("127.0.0.1", port)


@pytest.fixture
def fake_voila(monkeypatch, tmp_path):
    """`cardkit serve` with Voila replaced: the command it would run is recorded."""
    seen: dict[str, list[str]] = {}
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the class board's default

    class FakeVoila:
        def __init__(self, command, env):
            seen["command"] = command
            seen["env"] = env

        def wait(self):
            return 0

        def poll(self):  # stopped at once: nothing to wait for
            return 0

    monkeypatch.setattr(serve.subprocess, "Popen", FakeVoila)
    monkeypatch.setattr(serve, "_port_is_free", lambda host, port: True)
    return seen


def test_class_mode_listens_everywhere_behind_a_token_and_prints_a_qr_code(
        fake_voila, monkeypatch, capsys):
    monkeypatch.setattr(serve, "class_address", lambda: "192.0.2.7")
    assert main(["serve", "--class", "--no-browser", "--students", "12", "--port", "9100"]) == 0
    out = capsys.readouterr().out
    token = re.search(r"token=([\w-]+)", out).group(1)
    assert f"cardkit apps: http://192.0.2.7:9100/voila/render/index.ipynb?token={token}" in out
    assert "for up to 12 students" in out
    assert "\u2588" in out or "\u2580" in out  # the QR code, drawn with blocks
    assert "--Voila.ip=0.0.0.0" in fake_voila["command"]
    assert f"--Voila.token={token}" in fake_voila["command"]
    assert "--CardkitVoila.max_students=12" in fake_voila["command"]


def test_without_class_mode_the_server_stays_on_this_machine(fake_voila, capsys):
    assert main(["serve", "--no-browser", "--port", "9101"]) == 0
    assert "--Voila.ip=127.0.0.1" in fake_voila["command"]
    assert not any(part.startswith("--Voila.token") for part in fake_voila["command"])
    assert "token=" not in capsys.readouterr().out


def test_students_default_to_what_the_memory_holds():
    assert serve.default_students(pool=2, memory_mb=4000) == 4000 * 7 // 10 // 110 - 4
    assert serve.default_students(pool=0, memory_mb=10**6) == serve.MAX_STUDENTS


def test_fresh_kernels_start_one_per_core_unless_told(fake_voila, capsys):
    assert main(["serve", "--no-browser", "--port", "9102"]) == 0
    assert f"--CardkitVoila.fresh_starts={serve.FRESH_STARTS}" in fake_voila["command"]
    assert max(1, os.cpu_count() or 1) == serve.FRESH_STARTS
    assert main(["serve", "--no-browser", "--port", "9102", "--fresh-starts", "5"]) == 0
    assert "--CardkitVoila.fresh_starts=5" in fake_voila["command"]
    assert main(["serve", "--no-browser", "--port", "9102", "--fresh-starts", "-1"]) == 2
    assert "--fresh-starts are 0 or more" in capsys.readouterr().err
