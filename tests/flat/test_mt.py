"""The flat generator shuffles exactly as `random.Random.shuffle`, compiled and plain."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardkit.zioncheck.flat import mt


@pytest.mark.parametrize("plain", [False, True])
def test_shuffles_as_python_does_and_leaves_the_same_state(plain: bool) -> None:
    shuffle = mt.shuffle.py_func if plain and hasattr(mt.shuffle, "py_func") else mt.shuffle
    for seed in range(40):
        rng = random.Random(seed)
        rng.random()  # a generator part-way through its words
        state = mt.state_of(rng)
        for size in (0, 1, 2, 3, 17, 50, 107, 300):
            items = np.arange(size, dtype=np.int64) * 3
            expected = items.tolist()
            shuffle(state, items, size)
            rng.shuffle(expected)
            assert items.tolist() == expected
        # after several shuffles (and twists of the 624 words) both are at the same place
        assert mt.getrandbits32(state) == rng.getrandbits(32)
