"""`cardkit.widgets.guard` and `cardkit.widgets.limits` without a server: every malformed frame
is refused by its shape alone, at a cost bounded by the frame's own length."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.widgets import limits
from cardkit.widgets.guard import FrameRefused, SocketGuard, check_v1_frame, v1_frame

GOOD = v1_frame("shell", {"msg_type": "comm_msg", "msg_id": "1"}, {}, {},
                {"comm_id": "x", "data": {"method": "update", "state": {"value": 3}}})


def test_a_page_frame_passes_with_its_message_type():
    assert check_v1_frame(GOOD) == "comm_msg"
    with_buffer = v1_frame("shell", {"msg_type": "comm_msg"}, {}, {}, {}, (b"\x00" * 10,))
    assert check_v1_frame(with_buffer) == "comm_msg"


@pytest.mark.parametrize(("frame", "words"), [
    ((20_000_000).to_bytes(8, "little") + bytes(16), "claims 20000000 offsets but holds 2"),
    ((2**28).to_bytes(4, "big") + bytes(16), "offsets but holds"),
    (b"\x06", "too few"),
    ("text", "binary, not text"),
    (b"\x00" * (limits.MAX_FRAME_BYTES + 1), "at most"),
    ((3).to_bytes(8, "little") + bytes(24), "6 to"),
    (GOOD[:-1], "do not end at its end"),
    (GOOD + b"x", "do not end at its end"),
    (v1_frame("nowhere", {"msg_type": "x"}, {}, {}, {}), "no kernel channel"),
    (v1_frame("shell", {"msg_id": "1"}, {}, {}, {}), "no msg_type"),
    (v1_frame("shell", {"msg_type": "x"}, {}, {}, {}).replace(b"{}", b"[]", 1), "not a JSON obj"),
])
def test_malformed_frames_are_refused_with_the_reason(frame, words):
    with pytest.raises(FrameRefused, match=words):
        check_v1_frame(frame)


def test_json_nested_past_the_limit_is_refused_before_parsing():
    deep = json.loads("{}")
    node = deep
    for _ in range(limits.MAX_JSON_DEPTH + 1):
        node["x"] = {}
        node = node["x"]
    with pytest.raises(FrameRefused, match="nests deeper"):
        check_v1_frame(v1_frame("shell", {"msg_type": "comm_msg"}, {}, {}, deep))


@given(st.binary(max_size=400))
def test_any_bytes_are_either_a_frame_or_refused(data):
    with contextlib.suppress(FrameRefused):
        assert isinstance(check_v1_frame(data), str)


@given(st.integers(0, 2**64 - 1), st.binary(max_size=200))
def test_any_offset_count_is_refused_without_building_it(count, rest):
    # a count the bytes cannot hold never gets far enough to allocate anything
    frame = count.to_bytes(8, "little") + rest
    if count > len(frame) // 8 - 1:
        with pytest.raises(FrameRefused, match="offsets"):
            check_v1_frame(frame)


def test_a_socket_is_limited_in_rate_and_comm_opens():
    guard = SocketGuard()
    opener = v1_frame("shell", {"msg_type": "comm_open"}, {}, {}, {})
    for _ in range(limits.MAX_COMM_OPENS):
        guard.admit(opener)
    with pytest.raises(FrameRefused, match="comm_open"):
        guard.admit(opener)
    flood = SocketGuard(rate=1.0, burst=5, tokens=5)
    for _ in range(5):
        flood.admit(GOOD)
    with pytest.raises(FrameRefused, match="messages a second"):
        flood.admit(GOOD)


def test_limits_bound_what_a_student_types_or_pastes():
    with pytest.raises(ValueError, match="at most 120 cards"):
        limits.check_typed_cards("JK " * 200)
    with pytest.raises(ValueError, match="characters"):
        limits.check_typed_cards("5C" * 1000)
    with pytest.raises(ValueError, match="at most 5 seconds"):
        limits.check_bot_delay(100000)
    with pytest.raises(ValueError, match="0 or more"):
        limits.check_bot_delay(float("nan"))
    with pytest.raises(ValueError, match="20000 decks"):
        limits.check_record_text('{"game": "zioncheck", "rules": {"num_decks": 20000}}')
    with pytest.raises(ValueError, match=r"rules.rounds is 1e\+300; accepted: -10,000 to 10,000"):
        limits.check_record_text('{"game": "xeri", "rules": {"rounds": 1e300}}')
    with pytest.raises(ValueError, match="bytes"):
        limits.check_record_text(" " * (limits.MAX_RECORD_BYTES + 1))
    with pytest.raises(ValueError, match="nests"):
        limits.check_record_text("[" * 100 + "]" * 100)
    assert limits.students_for_memory(1100) == 10
