"""Hostile input (issue 12): what a page, a typed text or a pasted record can send is refused
with a clear ValueError (or a trait error the widget layer turns into a re-sync), never a deep
traceback, and the game is left unchanged.

Widget messages are sent the way a page's comm message arrives (``_handle_msg`` with an
``update`` or a ``custom`` click), with random values of random types for every trait the
page can set.
"""

from __future__ import annotations

import contextlib
import json
import time
from datetime import datetime, timedelta, timezone

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from cardkit.cards import parse_cards
from cardkit.games import load_record
from cardkit.widgets import clicks, limits
from cardkit.widgets.meld_checker import MeldChecker
from cardkit.widgets.stepper import ReplayViewer
from cardkit.widgets.xeri_table import XeriTable
from cardkit.widgets.zion_table import ZionTable

FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=4),
    max_leaves=12,
)


def _widgets_of(root: widgets.Widget) -> list[widgets.Widget]:
    seen, todo = [], [root]
    while todo:
        widget = todo.pop()
        if widget in seen:
            continue
        seen.append(widget)
        for name in widget.keys:
            value = getattr(widget, name, None)
            values = value if isinstance(value, (list, tuple)) else [value]
            todo += [v for v in values if isinstance(v, widgets.Widget)]
    return seen


def _page_sends(widget: widgets.Widget, state: dict) -> None:
    """``state`` as a page's ``update`` message; a refused value is a trait or value error."""
    # refused: ipywidgets logs it and the page's view is re-synced
    with contextlib.suppress(TraitError, ValueError, TypeError):
        widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                                 "buffer_paths": []}}})


def _record(app) -> str:
    game = getattr(app, "match", None) or getattr(app, "game", None)
    return game.to_json()


APPS = {
    "xeri": lambda: XeriTable(seed=3, seat=2, bot_delay=0),
    "zion": lambda: ZionTable(players=3, seed=3, bot_delay=0),
}


@pytest.mark.parametrize("name", sorted(APPS))
@FUZZ
@given(data=st.data())
def test_random_values_for_every_trait_a_page_sets_leave_the_game_unchanged(name, data):
    app = APPS[name]()
    before = _record(app)
    parts = [w for w in _widgets_of(app) if not isinstance(w, widgets.Button)]
    for _ in range(6):
        widget = data.draw(st.sampled_from(parts))
        names = sorted(n for n in widget.keys if not n.startswith("_model")
                       and not n.startswith("_view"))
        trait = data.draw(st.sampled_from(names))
        _page_sends(widget, {trait: data.draw(JSONISH)})
    # no update of a value moves the game: only a click does, and then only a legal move
    assert _record(app) == before
    assert load_record(before).to_json() == before


@pytest.mark.parametrize("name", sorted(APPS))
@FUZZ
@given(data=st.data())
def test_random_clicks_and_selections_only_ever_make_legal_moves(name, data):
    app = APPS[name]()
    buttons = [w for w in _widgets_of(app) if isinstance(w, widgets.Button)]
    hands = [w for w in _widgets_of(app) if "selected" in w.keys]
    for _ in range(8):
        if hands and data.draw(st.booleans()):
            _page_sends(data.draw(st.sampled_from(hands)),
                        {"selected": data.draw(st.lists(JSONISH, max_size=3))})
        _page_clicks(data.draw(st.sampled_from(buttons)))
    record = _record(app)
    # every move the clicks made was checked by the core: the record replays to the same game
    assert load_record(record).to_json() == record


@FUZZ
@given(st.text(max_size=60))
def test_parse_cards_takes_any_text_or_says_why(text):
    try:
        cards = parse_cards(text)
    except ValueError as error:
        assert str(error)
    else:
        assert all(card.to_text() for card in cards)


@FUZZ
@given(st.text(max_size=200))
def test_the_meld_checker_takes_any_typed_text_or_says_why(text):
    checker = MeldChecker(seed=1)
    checker.cards_text.value = text
    checker.check_button.click()
    assert checker.message.kind in ("", "info", "ok", "refused"), checker.message.text


def test_the_meld_checker_refuses_thousands_of_typed_cards_at_once():
    checker = MeldChecker(seed=1)
    checker.cards_text.value = "JK " * 3000
    checker.check_button.click()
    assert checker.message.kind == "refused"
    assert "at most" in checker.message.text


def _xeri_record() -> dict:
    table = XeriTable(seed=5, seat=2, bot_delay=0)
    for _ in range(3):
        table.play(table.hand.cards[0])
    return json.loads(table.match.to_json())


def _zion_record() -> dict:
    return json.loads(ZionTable(players=3, seed=5, bot_delay=0).game.to_json())


@pytest.mark.parametrize("damage", [
    lambda r: json.dumps(r)[: len(json.dumps(r)) // 2],  # truncated
    lambda r: json.dumps({**r, "seed": "seven"}),
    lambda r: json.dumps({**r, "actions": "all of them"}),
    lambda r: json.dumps({**r, "actions": [["not", "a", "card"]]}),
    lambda r: json.dumps({**r, "actions": r["actions"] + r["actions"][:1]}),  # a card twice
    lambda r: json.dumps({**r, "rules": {**r["rules"], "rounds": 10**300}}),
    lambda r: json.dumps({**r, "rules": "classic"}),
    lambda r: json.dumps({**r, "version": 99}),
    lambda r: "[" * 5000 + "]" * 5000,
])
def test_a_damaged_xeri_record_is_refused_with_a_reason(damage):
    text = damage(_xeri_record())
    with pytest.raises(ValueError) as refused:
        limits.check_record_text(text)
        load_record(text)
    assert str(refused.value)


@pytest.mark.parametrize("damage", [
    lambda r: json.dumps({**r, "players": 53}),
    lambda r: json.dumps({**r, "players": "four"}),
    lambda r: json.dumps({**r, "rules": {**r["rules"], "num_decks": 20000}}),
    lambda r: json.dumps({**r, "rules": {**r["rules"], "deal_sizes": [10**9] * 6}}),
    lambda r: json.dumps({**r, "rules": {**r["rules"], "card_values": {"ace": 1e308}}}),
    lambda r: json.dumps({**r, "actions": [{"kind": "no_such_action"}]}),
])
def test_a_damaged_zion_record_is_refused_with_a_reason(damage):
    text = damage(_zion_record())
    with pytest.raises(ValueError) as refused:
        limits.check_record_text(text)
        load_record(text)
    assert str(refused.value)


def test_the_replay_viewer_refuses_a_costly_record_and_keeps_its_replay():
    viewer = ReplayViewer(game="zioncheck", seed=2)
    shown = viewer.stepper
    record = _zion_record()
    record["rules"]["num_decks"] = 20000
    assert viewer.load_record(json.dumps(record)) is False
    assert "20000 decks" in viewer.message.text
    assert viewer.stepper is shown
    assert viewer.load_record("x" * (limits.MAX_RECORD_BYTES + 1)) is False
    assert "bytes" in viewer.message.text


def test_a_play_click_sent_while_the_bots_played_is_dropped_not_replayed(monkeypatch):
    # The page stamps each message with its clock; the kernel handles one at a time. A click
    # stamped while the previous click's bots were still playing waited in the queue and used
    # to play the learner's next card without a click at that time.
    table = XeriTable(seed=3, seat=2, bot_delay=0.05)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    stamp = [start]
    monkeypatch.setattr(clicks, "page_stamp", lambda: stamp[0])
    table.hand.selected = [0]
    table.play_button.click()  # the learner's card, then three bots (0.15 s)
    cards = list(table.hand.cards)
    history = len(table.match.history)
    table.hand.selected = [0]
    stamp[0] = start + timedelta(seconds=0.05)  # clicked while the bots played
    table.play_button.click()
    assert list(table.hand.cards) == cards and len(table.match.history) == history
    stamp[0] = start + timedelta(seconds=30)  # a click on the learner's turn plays
    table.play_button.click()
    assert len(table.hand.cards) == len(cards) - 1


def _page_clicks(button: widgets.Button) -> None:
    """A click as a page's comm message brings it."""
    button._handle_msg({"content": {"data": {"method": "custom",
                                             "content": {"event": "click"}}}, "buffers": []})


def _state(table) -> tuple:
    game = getattr(table, "match", None) or getattr(table, "game", None)
    return id(game), game.to_json(), tuple(getattr(table, "pending_melds", ()))


_sleep = time.sleep


def _zion_after_a_discard(monkeypatch, stamp, start):
    table = ZionTable(players=3, seed=3, bot_delay=0.05)
    paused = []
    # while the bots pause, every control of the table shows disabled
    monkeypatch.setattr("cardkit.widgets.zion_table.time.sleep",
                        lambda s: paused.append([b.disabled for b in table._acting])
                        or _sleep(s))
    stamp[0] = start
    _page_clicks(table.draw_button)
    table.hand.selected = [0]
    stamp[0] = start + timedelta(seconds=1)
    _page_clicks(table.discard_button)  # the bots play two turns, pausing before each move
    assert paused and all(all(row) for row in paused), paused
    assert not any(b.disabled for b in table._acting)  # and it is the learner's move again
    assert table.game.current_player == table.seat
    return table


def _xeri_after_a_play(monkeypatch, stamp, start):
    table = XeriTable(seed=3, seat=2, bot_delay=0.05)
    acting = (table.play_button, table.next_round_button, table.new_button)
    paused = []
    monkeypatch.setattr("cardkit.widgets.xeri_table.time.sleep",
                        lambda s: paused.append([b.disabled for b in acting]) or _sleep(s))
    table.hand.selected = [0]
    stamp[0] = start
    _page_clicks(table.play_button)
    assert paused and all(all(row) for row in paused), paused
    assert table.match.current_player == 2
    table.hand.selected = [0]
    return table


@pytest.mark.parametrize("name", ["xeri", "zion"])
def test_every_game_acting_control_drops_a_click_sent_while_the_bots_played(monkeypatch, name):
    # Each control's click stamped while the previous click's bots were playing (its page
    # showed the control disabled) waited in the kernel's queue: it must be dropped, not act
    # on the learner's next turn. A click stamped after the bots finished acts.
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    stamp = [start]
    monkeypatch.setattr(clicks, "page_stamp", lambda: stamp[0])
    table = (_zion_after_a_discard if name == "zion" else _xeri_after_a_play)(
        monkeypatch, stamp, start)
    sent = stamp[0]
    controls = [b for b in _widgets_of(table) if isinstance(b, widgets.Button)
                and b.description not in ("Got it",)]
    assert len(controls) >= (13 if name == "zion" else 4)
    for button in controls:
        before = _state(table)
        stamp[0] = sent + timedelta(seconds=0.04)  # while the bots played
        _page_clicks(button)
        assert _state(table) == before, button.description
    assert table.clicks.dropped == len(controls)
    # a forged click on a disabled control, even with a fresh stamp, is dropped too
    first = controls[0]
    first.disabled, stamp[0] = True, sent + timedelta(seconds=60)
    before = _state(table)
    _page_clicks(first)
    assert _state(table) == before
    first.disabled = False
    # on the learner's turn, after the bots: the click acts
    stamp[0] = sent + timedelta(seconds=60)
    acts = table.draw_button if name == "zion" else table.play_button
    _page_clicks(acts)
    assert _state(table) != before
