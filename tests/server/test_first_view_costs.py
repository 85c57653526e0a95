"""What makes a preheated class's first view cheap (issue 21) without changing what the server
knows: "ready" means a kernel has run its app up to the page's request, and the cheaper
activity watch records each kernel's activity and state exactly as jupyter_server's does."""

from __future__ import annotations

import asyncio

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from test_pool_settings import run_apart

from cardkit.widgets import kernel_activity
from cardkit.widgets.class_voila import ready_kernels


def test_only_kernels_waiting_for_their_page_or_done_count_as_ready():
    async def scenario() -> tuple[int, int]:
        loop = asyncio.get_running_loop()

        def pool_task(kernel_id: str, rendered: bool, error: bool = False) -> asyncio.Future:
            render = loop.create_future()
            if error:
                render.set_exception(TimeoutError("the kernel did not answer"))
            elif rendered:
                render.set_result(None)
            task = loop.create_future()
            task.set_result({"kernel_id": kernel_id, "task": render})
            return task

        not_started = loop.create_future()
        failed = loop.create_future()
        failed.set_exception(RuntimeError("the kernel died"))
        pool = [not_started, failed,
                pool_task("importing", rendered=False),  # started, still running its notebook
                pool_task("parked", rendered=False),  # waits for its page's request
                pool_task("no-wait", rendered=True),  # a notebook that never waits: run through
                pool_task("broken", rendered=False, error=True)]  # its notebook failed
        before = ready_kernels(pool, waiting={})
        after = ready_kernels(pool, waiting={"parked": object()})
        not_started.cancel()
        return before, after

    assert run_apart(scenario()) == (1, 2)


class Stream:
    def __init__(self) -> None:
        self.callback = None

    def on_recv(self, callback) -> None:
        self.callback = callback


class Kernel:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.execution_state = "starting"
        self.last_activity = None
        self.stream = Stream()

    def connect_iopub(self) -> Stream:
        return self.stream


def _messages(session: Session) -> list[tuple[str, list[bytes]]]:
    def wire(msg_type: str, content: dict, parent_type: str | None) -> list[bytes]:
        parent = session.msg(parent_type, {}) if parent_type else {}
        msg = session.msg(msg_type, content, parent=parent["header"] if parent else None)
        return session.serialize(msg, ident=[b"kernel.iopub"])

    return [
        ("a nudge while starting", wire("status", {"execution_state": "busy"},
                                        "kernel_info_request")),
        ("run a cell", wire("status", {"execution_state": "busy"}, "execute_request")),
        ("a widget opens", wire("comm_open", {"comm_id": "c", "data": {"state": {}}},
                                "execute_request")),
        ("the cell ends", wire("status", {"execution_state": "idle"}, "execute_request")),
        ("a nudge's reply", wire("kernel_info_reply", {}, "kernel_info_request")),
    ]


def _record(watch: str) -> list[tuple[str, str, bool]]:
    """What a watch records for each message of `_messages`: state, and whether activity."""
    manager = MappingKernelManager()
    manager.untracked_message_types = ["comm_info_request", "comm_info_reply",
                                       "kernel_info_request", "kernel_info_reply"]
    session = Session(key=b"secret")
    kernel = Kernel(session)
    manager._kernels = {"k": kernel}
    if watch == "cardkit":
        kernel_activity.install(manager)
    manager.start_watching_activity("k")
    seen = []
    for name, msg_list in _messages(session):
        kernel.last_activity = None
        kernel.stream.callback(msg_list)
        seen.append((name, kernel.execution_state, kernel.last_activity is not None))
    return seen


def test_the_cheaper_activity_watch_records_what_jupyter_servers_does():
    expected = [
        ("a nudge while starting", "idle", True),  # after starting: idle, unless tracked
        ("run a cell", "busy", True),
        ("a widget opens", "busy", True),
        ("the cell ends", "idle", True),
        ("a nudge's reply", "idle", False),  # untracked: neither activity nor state
    ]
    assert _record("jupyter_server") == expected
    assert _record("cardkit") == expected


def test_a_message_with_a_wrong_signature_records_nothing():
    manager = MappingKernelManager()
    session = Session(key=b"secret")
    kernel = Kernel(session)
    manager._kernels = {"k": kernel}
    kernel_activity.install(manager)
    manager.start_watching_activity("k")
    _, msg_list = _messages(Session(key=b"another key"))[1]
    with pytest.raises(ValueError, match="invalid signature"):
        kernel.stream.callback(msg_list)
    assert kernel.execution_state == "starting"

