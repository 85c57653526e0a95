"""A live cardkit Voila server (the same command as ``cardkit serve``) for the server tests.

`start_server` gives a `LiveServer`: its base URL, the process, and helpers to open
a page's kernel, talk the kernel websocket protocol and shut a kernel down. It listens on
127.0.0.1 only, caps the class at `STUDENTS` kernels and uses no preheated pool, so each test
knows how many kernels it started. Tests open the gallery (``index.ipynb``: markdown only, the
cheapest kernel) unless they need an app.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

from cardkit.widgets.serve import voila_command, voila_env

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
STUDENTS = 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str, timeout: float = 60) -> tuple[int, str]:
    """Status and body of a GET (errors included, never raised)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@dataclass
class LiveServer:
    base: str
    process: subprocess.Popen[bytes]
    log: Path
    token: str | None = None

    def url(self, path: str, query: str = "") -> str:
        parts = [q for q in (query, f"token={self.token}" if self.token else "") if q]
        return f"{self.base}{path}" + (f"?{'&'.join(parts)}" if parts else "")

    def open_kernel(self, app: str = "index", query: str = "") -> str:
        """GET an app page as a browser would; the id of the kernel it started."""
        status, page = get(self.url(f"/voila/render/{app}.ipynb", query))
        assert status == 200, page[:500]
        return re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)

    def shutdown(self, kernel_id: str) -> None:
        request = urllib.request.Request(self.url(f"/api/kernels/{kernel_id}"), method="DELETE")
        try:
            urllib.request.urlopen(request, timeout=30).close()
        except urllib.error.HTTPError as error:
            assert error.code == 404, error  # already gone

    def ws_url(self, kernel_id: str, session: str | None = None) -> str:
        """A kernel websocket address; each call a new session unless ``session`` is given."""
        token = f"&token={self.token}" if self.token else ""
        session = session or uuid.uuid4().hex
        return (f"{self.base.replace('http', 'ws', 1)}/api/kernels/{kernel_id}/channels"
                f"?session_id={session}{token}")


def start_server(tmp_path: Path, *, token: str | None = None, students: int = STUDENTS,
                 pool: int = 0, fresh_starts: int = 2, teacher_token: str | None = None,
                 env: dict[str, str] | None = None) -> LiveServer:
    port = free_port()
    log = tmp_path / "voila.log"
    env = voila_env(dict(os.environ, CARDKIT_BOT_DELAY="0", PYTHONUNBUFFERED="1",
                         CARDKIT_BOARD_DB=str(tmp_path / "board.sqlite"), **(env or {})))
    command = voila_command(NOTEBOOKS, port, "127.0.0.1", cull_idle=60, students=students,
                            pool=pool, token=token, fresh_starts=fresh_starts,
                            teacher_token=teacher_token)
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = LiveServer(f"http://127.0.0.1:{port}", process, log, token)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped:\n{log.read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    raise RuntimeError(f"the server did not listen within 60 s:\n{log.read_text()}")


def stop_server(server: LiveServer) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


def kernel_message(msg_type: str, content: dict, msg_id: str = "") -> tuple[dict, dict]:
    """A header (with a fresh id: the kernel refuses a replayed message) and the content."""
    msg_id = f"{msg_id}-{uuid.uuid4().hex}"
    return {"msg_id": msg_id, "msg_type": msg_type, "username": "test", "session": "test",
            "date": "2026-01-01T00:00:00Z", "version": "5.3"}, content

