"""A Xeri world keeps what a seat saw in a redealt pile: those cards went back into the stock."""

from random import Random

from cardkit.xeri import new_game
from cardkit.xeri.worlds import sample_world


def test_xr_2_4_cards_shown_in_a_redealt_pile_stay_in_the_stock_until_the_second_deal() -> None:
    match = new_game(seed=4)  # its first pile was dealt again twice: eight cards went back
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    seat = match.current_player
    view = match.observe(seat)
    back = set(view.shown_back)
    assert len(back) == 8 and view.stock_size == 24
    assert not back & match.hidden_from(seat)  # everyone saw them go into the stock
    for number in range(30):
        world = sample_world(view, Random(number))
        assert world.observe(seat) == view
        for other in range(4):
            assert not back & set(world.hand(other)), (number, other)


def test_xr_2_4_after_the_second_deal_the_cards_shown_back_are_in_hands_no_one_else_sees() -> None:
    match = new_game(seed=4)
    back = set(match.shown_back)
    while match.stock_size:
        match.apply(match.legal_actions()[0])
    seat = match.current_player
    view = match.observe(seat)
    assert view.shown_back == ()
    still_hidden = back - set(view.hand) - {card for _, card in view.played}
    assert still_hidden and still_hidden <= match.hidden_from(seat)
    spread = set()
    for number in range(30):
        world = sample_world(view, Random(number))
        assert world.observe(seat) == view
        for other in range(4):
            if other != seat:
                spread |= still_hidden & set(world.hand(other))
    assert spread == still_hidden
