"""A cheaper watch on each kernel's activity, for ``cardkit serve``'s server process.

jupyter_server subscribes to every kernel's iopub and, for each message, records that the
kernel was active and, for a status message, whether it is busy or idle (what culling and the
kernel websocket's "nudge" read). It does so with jupyter_client's full ``Session.deserialize``
of the header, parent header and metadata, which also parses every date in them with dateutil.
A page's first view makes the kernel send a hundred messages or so (a ``comm_open`` for each of
a table's ~70 widgets, their updates, the replies), all of it on the one event loop that
answers every student: measured with py-spy during a first view on a preheated kernel, this
watch was about a quarter of the server's CPU time (`benchmarks/bench_class.py --turns 0`,
docs/serving.md).

`watch_activity` records the same facts from the message's header and parent header read as
plain JSON (the dates are never needed), its signature still checked as before, the content
read only for status messages. What it records, and when, is jupyter_server 2's own rule.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from jupyter_server._tz import utcnow

__all__ = ["install", "watch_activity"]


def _part(raw: Any) -> dict[str, Any]:
    value = json.loads(bytes(raw))
    return value if isinstance(value, dict) else {}


def watch_activity(manager: Any, kernel_id: str) -> None:
    """Start watching ``kernel_id``'s iopub for activity, as
    ``MappingKernelManager.start_watching_activity`` does, at a fraction of its cost."""
    kernel = manager._kernels[kernel_id]
    kernel.reason = ""
    kernel.last_activity = utcnow()
    kernel._activity_stream = kernel.connect_iopub()
    session = kernel.session
    track = manager.track_message_type

    def record_activity(msg_list: list[Any]) -> None:
        _idents, parts = session.feed_identities(msg_list)
        if len(parts) < 5:
            raise ValueError(f"malformed message from kernel {kernel_id}: {len(parts)} parts")
        if session.auth is not None:
            check = session.sign([bytes(p) for p in parts[1:5]])
            if not hmac.compare_digest(bytes(parts[0]), check):
                raise ValueError(f"invalid signature on a message from kernel {kernel_id}")
        msg_type = _part(parts[1]).get("msg_type")
        parent_type = _part(parts[2]).get("msg_type")
        if track(msg_type) or track(parent_type) or kernel.execution_state == "busy":
            manager.last_kernel_activity = kernel.last_activity = utcnow()
        if msg_type == "status":
            state = _part(parts[4]).get("execution_state")
            if track(parent_type):
                kernel.execution_state = state
            elif kernel.execution_state == "starting" and state != "starting":
                # jupyter_server's rule: after starting, "idle" unless the status answers a
                # tracked message
                kernel.execution_state = "idle"

    kernel._activity_stream.on_recv(record_activity)


def install(manager: Any) -> None:
    """Make ``manager`` (the server's kernel manager) watch its kernels with `watch_activity`."""
    manager.start_watching_activity = lambda kernel_id: watch_activity(manager, kernel_id)
