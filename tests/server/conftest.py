"""Fixtures of the server tests: ``live_server`` (module scope), a `LiveServer` on 127.0.0.1
with the class capped at `STUDENTS` kernels and no preheated pool (see server_helpers)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_helpers import LiveServer, start_server, stop_server


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_server(tmp_path_factory.mktemp("server"))
    try:
        yield server
    finally:
        stop_server(server)


