"""The executor that runs an app notebook for its page in ``cardkit serve``: Voila's, reading
the kernel's output in batches.

While a page's notebook runs, Voila's executor (nbclient) reads every message the kernel
publishes on iopub, to find the cell's outputs and its end. nbclient reads them one at a time,
each with two zmq futures and a turn of the event loop (``poll``, then ``recv``). A table's
first view makes the kernel publish a hundred messages or so at once (a ``comm_open`` for each
of ~70 widgets, their updates), so that plumbing ran a hundred times on the one event loop that
answers every student. `DrainingExecutor` waits for the socket once and then takes every message
already there without waiting; each message is decoded and handled exactly as nbclient does.
"""

from __future__ import annotations

from typing import Any

import zmq
from nbclient.exceptions import CellExecutionComplete
from voila import notebook_renderer
from voila.execute import VoilaExecutor

__all__ = ["DrainingExecutor", "install"]


class DrainingExecutor(VoilaExecutor):
    """Voila's executor, taking the kernel's iopub messages in batches (see the module)."""

    async def _async_poll_output_msg(self, parent_msg_id: str, cell: Any,
                                     cell_index: int) -> None:
        assert self.kc is not None
        channel = self.kc.iopub_channel
        socket = channel.socket
        # the same zmq socket, read without a future: only when poll says a message is there
        at_once: zmq.Socket[bytes] = zmq.Socket.shadow(socket.underlying)
        session = channel.session
        while True:
            await socket.poll()
            while True:
                try:
                    frames = at_once.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    break
                _idents, parts = session.feed_identities(frames)
                msg = session.deserialize(parts)
                if msg["parent_header"].get("msg_id") == parent_msg_id:
                    try:
                        self.process_message(msg, cell, cell_index)  # raises when complete
                    except CellExecutionComplete:
                        return


def install() -> None:
    """Make Voila's renderer (fresh and preheated pages alike) run notebooks with
    `DrainingExecutor`."""
    notebook_renderer.VoilaExecutor = DrainingExecutor
