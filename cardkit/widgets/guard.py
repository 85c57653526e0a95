"""Check each kernel websocket frame from a page before jupyter_server decodes it.

jupyter_server 2.x decodes a frame by trusting the counts in its header: the v1 protocol's
first 8 bytes say how many 8-byte offsets follow, and the legacy binary format's first 4 bytes
say how many buffers. A 24-byte frame that claims 2×10^7 offsets, or a 20-byte one that claims
2^28 buffers, makes the server build lists that large and stops it answering everyone for
seconds (and takes gigabytes). So `cardkit serve` only speaks the v1 protocol, and `SocketGuard`
checks every frame of one socket against its real length and the bounds in
`cardkit.widgets.limits` first; a frame that fails is refused (`FrameRefused`) and the server
closes that one socket.

A v1 frame, as the page's JupyterLab services write it::

    n (8 bytes, little endian) | n offsets (8 bytes each) | channel | header | parent_header
    | metadata | content | buffers...

where offset 0 is where the channel starts (``8 * (n + 1)``), each part ends where the next
starts and the last offset is the frame's end.

>>> frame = v1_frame("shell", {"msg_type": "comm_msg"}, {}, {}, {"data": {}})
>>> check_v1_frame(frame)
'comm_msg'
>>> check_v1_frame((20_000_000).to_bytes(8, "little") + bytes(16))
Traceback (most recent call last):
...
cardkit.widgets.guard.FrameRefused: the frame claims 20000000 offsets but holds 2
"""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from cardkit.widgets import limits

__all__ = ["CHANNELS", "V1", "FrameRefused", "SocketGuard", "check_v1_frame", "v1_frame"]

V1 = "v1.kernel.websocket.jupyter.org"
CHANNELS = ("shell", "control", "iopub", "stdin")
_JSON_PARTS = ("header", "parent_header", "metadata", "content")


class FrameRefused(ValueError):
    """A frame from a page that the server does not pass on; the message says why."""


def v1_frame(channel: str, header: dict[str, Any], parent: dict[str, Any],
             metadata: dict[str, Any], content: dict[str, Any],
             buffers: tuple[bytes, ...] = ()) -> bytes:
    """A v1 frame as a page sends it (for tests and the load benchmark)."""
    parts = [channel.encode(), *(json.dumps(p).encode() for p in (header, parent, metadata,
                                                                     content)), *buffers]
    count = len(parts) + 1
    offsets = [8 * (count + 1)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = count.to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(parts)


def check_v1_frame(frame: bytes | str) -> str:
    """The message type of a well-formed v1 frame from a page; `FrameRefused` otherwise.

    Checked, in this order so that no step costs more than the frame's own length: binary,
    at most `limits.MAX_FRAME_BYTES`; the offset count fits in the frame and allows the four
    JSON parts and at most `limits.MAX_FRAME_BUFFERS` buffers; the offsets start after the
    table, never go back, and end at the frame's end; the channel is a kernel channel; each
    JSON part nests at most `limits.MAX_JSON_DEPTH` deep and is an object; the header names
    a ``msg_type``.
    """
    if isinstance(frame, str):
        raise FrameRefused("a v1 kernel frame is binary, not text")
    size = len(frame)
    if size > limits.MAX_FRAME_BYTES:
        raise FrameRefused(f"the frame has {size} bytes; at most {limits.MAX_FRAME_BYTES}")
    if size < 8:
        raise FrameRefused(f"the frame has {size} bytes, too few for its offset count")
    count = int.from_bytes(frame[:8], "little")
    room = size // 8 - 1
    if count > room:
        raise FrameRefused(f"the frame claims {count} offsets but holds {room}")
    # channel + 4 JSON parts + buffers, and the end: count = parts + 1
    if not 6 <= count <= 6 + limits.MAX_FRAME_BUFFERS:
        raise FrameRefused(
            f"a frame has 6 to {6 + limits.MAX_FRAME_BUFFERS} offsets, not {count}"
        )
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != 8 * (count + 1):
        raise FrameRefused("the frame's first part does not start after its offset table")
    if any(b < a for a, b in itertools.pairwise(offsets)) or offsets[-1] != size:
        raise FrameRefused("the frame's offsets go back or do not end at its end")
    channel = frame[offsets[0]:offsets[1]].decode("utf-8", "replace")
    if channel not in CHANNELS:
        raise FrameRefused(f"no kernel channel is called {channel[:40]!r}")
    header: Any = None
    for index, name in enumerate(_JSON_PARTS, start=1):
        part = frame[offsets[index]:offsets[index + 1]]
        if limits.json_depth(part) > limits.MAX_JSON_DEPTH:
            raise FrameRefused(f"the {name} nests deeper than {limits.MAX_JSON_DEPTH} levels")
        try:
            value = json.loads(part)
        except ValueError:
            raise FrameRefused(f"the {name} is not JSON") from None
        if not isinstance(value, dict):
            raise FrameRefused(f"the {name} is not a JSON object")
        if index == 1:
            header = value
    msg_type = header.get("msg_type")
    if not isinstance(msg_type, str):
        raise FrameRefused("the header names no msg_type")
    return msg_type


@dataclass
class SocketGuard:
    """The checks on one kernel websocket: each frame's shape (`check_v1_frame`), a token
    bucket of `limits.MAX_MESSAGES_PER_SECOND` (burst `limits.MESSAGE_BURST`), and at most
    `limits.MAX_COMM_OPENS` ``comm_open`` messages.

    >>> guard = SocketGuard()
    >>> guard.admit(v1_frame("shell", {"msg_type": "comm_info_request"}, {}, {}, {}))
    'comm_info_request'
    """

    rate: float = limits.MAX_MESSAGES_PER_SECOND
    burst: float = limits.MESSAGE_BURST
    tokens: float = field(default=float(limits.MESSAGE_BURST))
    comm_opens: int = 0
    last: float = field(default_factory=time.monotonic)

    def admit(self, frame: bytes | str) -> str:
        """The frame's message type if it may go on to the kernel; `FrameRefused` if not."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            raise FrameRefused(f"more than {self.rate:g} messages a second from one page")
        self.tokens -= 1
        msg_type = check_v1_frame(frame)
        if msg_type == "comm_open":
            self.comm_opens += 1
            if self.comm_opens > limits.MAX_COMM_OPENS:
                raise FrameRefused(f"more than {limits.MAX_COMM_OPENS} comm_open from one page")
        return msg_type
