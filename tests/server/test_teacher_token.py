"""The teacher's token (issue 21): the class board's page and its kernel are the teacher's; a
student's token reaches neither, and the lab is told which browser a student is."""

from __future__ import annotations

import json
import re
import urllib.request
from http.cookiejar import CookieJar

import pytest
import websocket
from server_helpers import get, start_server, stop_server

from cardkit.widgets.guard import V1

STUDENTS = "students-token-for-tests"
TEACHER = "teachers-token-for-tests"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    live = start_server(tmp_path_factory.mktemp("teacher"), token=STUDENTS,
                        teacher_token=TEACHER, students=4)
    try:
        yield live
    finally:
        stop_server(live)


def page(server, app, token, query=""):
    return get(f"{server.base}/voila/render/{app}.ipynb?{query}token={token}", timeout=90)


def test_a_students_token_cannot_open_the_class_board(server):
    status, body = page(server, "class_board", STUDENTS)
    assert status == 403 and "This page is the teacher's" in body and "kernelId" not in body
    status, body = get(f"{server.base}/voila/render/class_board.ipynb", timeout=30)
    assert "kernelId" not in body and "password" in body.lower()  # no token: the login form


def test_a_student_cannot_reach_the_teachers_kernel(server):
    status, body = page(server, "class_board", TEACHER)
    assert status == 200, body[:300]
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', body).group(1)
    channels = (f"{server.base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels"
                f"?session_id=s1&token=")
    try:
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(channels + STUDENTS, subprotocols=[V1], timeout=30)
        assert refused.value.status_code == 403
        websocket.create_connection(channels + TEACHER, subprotocols=[V1], timeout=30).close()
    finally:
        request = urllib.request.Request(f"{server.base}/api/kernels/{kernel}?token={TEACHER}",
                                         method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def test_the_teachers_browser_stays_the_teachers_without_the_token_in_the_address(server):
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    with browser.open(f"{server.base}/voila/render/index.ipynb?token={TEACHER}",
                      timeout=60) as first:
        assert first.status == 200
    with browser.open(f"{server.base}/voila/render/class_board.ipynb", timeout=90) as board:
        body = board.read().decode()  # the signed cookie says: the teacher's browser
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', body).group(1)
    request = urllib.request.Request(f"{server.base}/api/kernels/{kernel}?token={TEACHER}",
                                     method="DELETE")
    urllib.request.urlopen(request, timeout=30).close()
    with browser.open(f"{server.base}/cardkit/ready", timeout=30) as ready:
        assert json.load(ready) == {"ready": {}, "wanted": 0}  # no pool in this server
