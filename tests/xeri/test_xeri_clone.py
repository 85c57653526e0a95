"""XeriMatch.clone is built from the slots, copies what changes and shares what cannot; the
match's state is read-only from outside."""

from __future__ import annotations

import inspect

import pytest

from cardkit.xeri import XeriMatch, new_game
from cardkit.xeri import match as match_module


def _mid_round() -> XeriMatch:
    match = new_game(1)
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    return match


def test_every_slot_is_shared_or_copied_by_clone():
    slots = set(XeriMatch.__slots__)
    shared, copied = set(match_module._SHARED_SLOTS), set(match_module._COPIED_SLOTS)
    assert slots == shared | copied and not shared & copied


@pytest.mark.parametrize("name", sorted(XeriMatch.__slots__))
def test_clone_carries_each_slot(name):
    match = _mid_round()
    copy = match.clone()
    original, cloned = getattr(match, name), getattr(copy, name)
    assert cloned == original
    if name in match_module._COPIED_SLOTS:
        assert cloned is not original  # a list or dict of its own
        if name in ("_hands", "_captured", "_xeris"):
            assert all(a is not b for a, b in zip(cloned, original, strict=True))
    else:
        assert cloned is original  # an unchangeable value, shared


def test_a_slot_missing_from_both_tables_is_refused(monkeypatch):
    monkeypatch.setattr(match_module, "_SHARED_SLOTS", match_module._SHARED_SLOTS[1:])
    with pytest.raises(TypeError, match="unplaced: \\['_bottom'\\]"):
        match_module._make_clone()


def test_play_on_a_clone_leaves_the_match_unchanged():
    match = _mid_round()
    before = match.snapshot()
    copy = match.clone()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[-1])
    assert match.snapshot() == before and copy.is_over and not match.is_over


def test_the_state_is_read_only():
    match = new_game(2)
    public = [name for name, value in inspect.getmembers(XeriMatch)
              if isinstance(value, property)]
    assert {"phase", "dealer", "rules", "seed", "round_number", "events"} <= set(public)
    for name in public:
        with pytest.raises(AttributeError):
            setattr(match, name, None)
    with pytest.raises(AttributeError):
        match.anything_new = 1  # type: ignore[attr-defined]  # the test: no attribute is added
