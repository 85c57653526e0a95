"""Classroom mode on 127.0.0.1 (issue 12): every page and kernel socket needs the token that
``cardkit serve --class`` prints, and apps come from a preheated pool."""

from __future__ import annotations

import pytest
import websocket
from server_helpers import get, start_server, stop_server

from cardkit.widgets.guard import V1

TOKEN = "class-token-for-tests"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("class"), token=TOKEN, pool=1)
    try:
        yield server
    finally:
        stop_server(server)


def test_pages_need_the_token(class_server):
    # without it (or with a wrong one) a page is sent to the login form: no app, no kernel
    for query in ("", "?token=wrong"):
        status, page = get(f"{class_server.base}/voila/render/index.ipynb{query}", timeout=30)
        assert "kernelId" not in page and "password" in page.lower(), (status, page[:300])
    status, page = get(class_server.url("/voila/render/index.ipynb"), timeout=60)
    assert status == 200 and "kernelId" in page


def test_with_the_token_a_class_app_comes_from_the_preheated_pool(class_server):
    kernel = class_server.open_kernel("xeri_table", "seed=3")
    try:
        assert f"Using pre-heated kernel: {kernel}" in class_server.log.read_text()
        # the kernel socket needs the token too
        anonymous = class_server.ws_url(kernel).replace(f"&token={TOKEN}", "")
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(anonymous, subprotocols=[V1], timeout=30)
        assert refused.value.status_code == 403
        ws = websocket.create_connection(class_server.ws_url(kernel), subprotocols=[V1],
                                         timeout=30)
        ws.close()
    finally:
        class_server.shutdown(kernel)
