"""XR-2.4 and XR-8.2: the first-pile redeal rule has one pure-Python copy
(`cardkit.xeri.play.redeal_positions`); the vector engine's numpy copy, the numba kernel's and
the exact counts' independent oracle (`cardkit.probability.pile_needs_redeal`) agree with it
on every pile of ranks, for every option."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cardkit import probability
from cardkit.xeri import PileRedeal, vector
from cardkit.xeri.play import pile_needs_redeal, redeal_cause, redeal_positions

EVERY_PILE = np.array(list(itertools.product(range(1, 14), repeat=4)), dtype=np.int8)


def _core(mode: PileRedeal) -> np.ndarray:
    return np.array([pile_needs_redeal(list(ranks), mode) for ranks in EVERY_PILE.tolist()])


@pytest.mark.parametrize("mode", list(PileRedeal), ids=str)
def test_xr_2_4_the_numpy_copy_is_the_rule(mode):
    assert (vector._REDEAL[mode.value](EVERY_PILE) == _core(mode)).all()


@pytest.mark.parametrize("mode", list(PileRedeal), ids=str)
def test_xr_2_4_the_numba_copy_is_the_rule(mode):
    kernel = pytest.importorskip("cardkit.xeri.kernel")
    deck = (EVERY_PILE - 1).astype(np.int8)  # card ids of suit ♣: id = rank - 1
    rule = vector._PILE_RULES.index(mode.value)
    compiled = np.array([kernel._needs_redeal(deck, row, vector._RANK, rule)
                         for row in range(len(deck))])
    assert (compiled == _core(mode)).all()


@pytest.mark.parametrize("mode", list(PileRedeal), ids=str)
def test_xr_2_4_the_probability_oracle_counts_the_same_rule(mode):
    # probability keeps its own reading of the rule on purpose: an independent oracle
    oracle = [probability.pile_needs_redeal(list(r), mode.value) for r in EVERY_PILE.tolist()]
    assert (np.array(oracle) == _core(mode)).all()
    assert "oracle" in probability.pile_needs_redeal.__doc__


def test_xr_8_2_the_cause_names_the_cards_the_rule_found():
    from cardkit import parse_cards

    pile = parse_cards("5C 7D 3H 5S")
    ranks = [c.rank for c in pile]
    assert redeal_positions(ranks, PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK) == (0, 3)
    assert redeal_cause(pile, PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK) == \
        "it holds two 5s (5♣, 5♠) that are not the two top cards"
    assert redeal_cause(parse_cards("2C 3D 9H 9S"), PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK) is None
    assert redeal_cause(parse_cards("2C 3D 9H 9S"), PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK) == \
        "its two top cards 9♥ and 9♠ are a pair"
