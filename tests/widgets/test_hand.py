"""HandWidget in plain pytest: selection, validation of what the page sends, callbacks."""

from __future__ import annotations

import pytest

from cardkit.cards import Card, parse_card, parse_cards
from cardkit.widgets import HandWidget


def page_update(widget: HandWidget, **state) -> None:
    """What ipywidgets does with an "update" message from the page."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}})


def page_click(widget: HandWidget, index) -> None:
    """What the front end sends when a card button is pressed (click, Enter or Space)."""
    widget._handle_msg({"content": {"data": {
        "method": "custom", "content": {"event": "toggle", "index": index}}}, "buffers": []})


@pytest.fixture
def hand() -> HandWidget:
    return HandWidget(parse_cards("7C 8D JK 7C"))


def test_cards_are_kept_as_lossless_texts(hand):
    assert hand.cards == ["7C", "8D", "JK", "7C@1"]
    assert hand.card_objects == (Card(7, "C"), Card(8, "D"), Card.joker(), Card(7, "C", 1))
    hand.cards = ["as", "10h"]
    assert hand.cards == ["AS", "10H"]


def test_bad_card_is_refused_with_the_accepted_forms(hand):
    with pytest.raises(ValueError, match="not a card"):
        hand.cards = ["7C", "11X"]
    with pytest.raises(ValueError, match="Card objects or texts"):
        hand.cards = [7]
    assert hand.cards == ["7C", "8D", "JK", "7C@1"]


def test_multiple_selection_in_pick_order(hand):
    assert hand.toggle(2) and hand.toggle(0)
    assert hand.selected == [2, 0]
    assert hand.selected_cards == (Card.joker(), Card(7, "C"))
    assert hand.toggle(2)
    assert hand.selected_cards == (Card(7, "C"),)


def test_single_selection_replaces_the_pick():
    hand = HandWidget(parse_cards("2C 3C 4C"), multiple=False)
    hand.toggle(0)
    hand.toggle(2)
    assert hand.selected == [2]
    hand.toggle(2)
    assert hand.selected == []


def test_switching_to_single_keeps_the_last_pick(hand):
    hand.selected = [0, 1, 3]
    hand.multiple = False
    assert hand.selected == [3]


def test_selected_drops_out_of_range_duplicates_and_non_ints(hand):
    hand.selected = [1, 1, -1, 4, 99, "2", 2.0, True, 3]
    assert hand.selected == [1, 3]


def test_page_update_is_validated(hand):
    page_update(hand, selected=[0, 0, 17, "x"])
    assert hand.selected == [0]


def test_page_may_change_nothing_but_the_selection(hand):
    page_update(hand, disabled=True, multiple=False, _items=[], selected=[1])
    assert hand.disabled is False and hand.multiple is True
    assert len(hand._items) == 4
    assert hand.selected == [1]


def test_page_click_toggles_through_the_kernel(hand):
    page_click(hand, 1)
    page_click(hand, 3)
    assert hand.selected_cards == (Card(8, "D"), Card(7, "C", 1))
    page_click(hand, 1)
    assert hand.selected == [3]


@pytest.mark.parametrize("index", [-1, 4, "1", None, 1.0, [1]])
def test_forged_clicks_are_refused(hand, index):
    page_click(hand, index)
    assert hand.toggle(index) is False
    assert hand.selected == []


def test_disabled_hand_refuses_the_page_but_not_the_app(hand):
    hand.disabled = True
    page_click(hand, 0)
    page_update(hand, selected=[0, 1])
    assert hand.toggle(0) is False
    assert hand.selected == []
    hand.selected = [2]  # the app itself may still set a selection
    assert hand.selected == [2]


def test_on_select_reports_the_selected_cards(hand):
    seen = []
    hand.on_select(seen.append)
    hand.toggle(1)
    hand.toggle(2)
    hand.clear_selection()
    assert seen == [(Card(8, "D"),), (Card(8, "D"), Card.joker()), ()]
    hand.on_select(seen.append, remove=True)
    hand.toggle(0)
    assert len(seen) == 3


def test_new_cards_keep_the_selection_of_cards_still_there(hand):
    hand.selected = [3, 1]
    hand.cards = [*parse_cards("8D 9D"), Card(7, "C", 1)]
    assert hand.selected_cards == (Card(7, "C", 1), Card(8, "D"))
    hand.cards = ["2S"]
    assert hand.selected == []


def test_select_cards_by_identity(hand):
    hand.select_cards(["7C@1", parse_card("JK")])
    assert hand.selected == [3, 2]
    with pytest.raises(ValueError, match="not in this hand: KS"):
        hand.select_cards(["KS"])


def test_items_sent_to_the_page_carry_card_texts_labels_and_pictures(hand):
    items = hand._items
    assert [item["card"] for item in items] == ["7C", "8D", "JK", "7C@1"]
    assert [item["label"] for item in items] == [
        "seven of clubs", "eight of diamonds", "joker", "seven of clubs"]
    assert all(item["svg"].startswith("<svg") for item in items)
    assert hand._group_label == "hand: 4 cards"


def test_face_down_hand_sends_nothing_of_the_cards_to_the_page(hand):
    hand.face_down = True
    page_text = repr(hand._items) + hand._group_label
    for leak in ("7C", "8D", "JK", "seven of", "eight of", "joker", "clubs"):
        assert leak not in page_text
    assert hand.cards == ["7C", "8D", "JK", "7C@1"]  # the kernel still knows them


def test_four_colour_and_width_redraw_the_cards(hand):
    hand.four_colour = True
    assert "#15803d" in hand._items[0]["svg"]
    hand.card_width = 50
    assert 'width="50"' in hand._items[0]["svg"]


def test_front_end_files_ship_in_the_package():
    widget = HandWidget()
    assert "model.send" in widget._esm and "data-index" not in widget._css
    assert "ck-hand-card" in widget._css and "ck-selected" in widget._esm
    assert "http" not in widget._esm.replace("http://www.w3.org", "")


def test_unknown_options_are_refused_by_name():
    with pytest.raises(TypeError, match=r"unexpected keyword arguments multi;.*multiple"):
        HandWidget(parse_cards("7C"), multi=True)
    assert HandWidget(layout={"width": "300px"}).layout.width == "300px"
