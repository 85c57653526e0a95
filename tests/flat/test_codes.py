"""The flat layout's converters give back what they were given."""

from __future__ import annotations

import pytest

from cardkit.cards import SUITS, Card
from cardkit.zioncheck.flat.codes import (
    MELD_LEN,
    P_VALUES,
    meld_from_row,
    meld_row,
    meld_width,
    rank_of,
    rules_row,
    suit_of,
)
from cardkit.zioncheck.melds import Meld
from cardkit.zioncheck.rules import Rules


def test_rank_and_suit_of_every_code_of_three_decks() -> None:
    for deck in range(6):
        naturals = [Card(r, s, deck) for r in range(1, 14) for s in SUITS]
        for card in [Card(0, None, deck), *naturals]:
            assert rank_of(card.code) == card.rank
            assert suit_of(card.code) == (-1 if card.suit is None else SUITS.index(card.suit))


@pytest.mark.parametrize("text", ["set 8C 8C@1 8H JK=8C", "run 3D 4D JK=5D 6D",
                                  "run JK@1=JS QS KS AS", "run AH 2H 3H 4H 5H"])
def test_meld_rows_round_trip(text: str) -> None:
    meld = Meld.from_text(text)
    row = meld_row(meld, owner=2, width=meld_width(2))
    assert row[MELD_LEN] == len(meld.cards)
    assert meld_from_row(row) == meld


def test_rules_row_reads_the_values() -> None:
    row = rules_row(Rules(), 1, 4)
    assert list(row[P_VALUES:P_VALUES + 14]) == list(Rules().card_values.by_rank())
