"""Python's own random generator (MT19937, `random.Random`) over an int64 array, so that flat
code shuffles exactly as the rules core does: a reshuffle of the discard pile (ZC-6.2) in a
rollout must put the same cards in the same order as `random.Random.shuffle`.

The state is `state_of(rng)`: the generator's 624 words and its position, 625 int64s. `shuffle`
moves it on as ``rng.shuffle`` would move ``rng``::

    >>> import random
    >>> import numpy as np
    >>> rng = random.Random(7)
    >>> state = state_of(rng)
    >>> cards = np.arange(10, dtype=np.int64)
    >>> shuffle(state, cards, 10)
    >>> expected = list(range(10))
    >>> rng.shuffle(expected)
    >>> cards.tolist() == expected
    True
"""

from __future__ import annotations

import random

import numpy as np

from cardkit.zioncheck.flat.jit import kernel

__all__ = ["getrandbits32", "shuffle", "state_of"]

_N, _M = 624, 397
_MATRIX_A, _UPPER, _LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF


def state_of(rng: random.Random) -> np.ndarray:
    """``rng``'s state as 625 int64s (the words, then the position); ``rng`` is not moved."""
    words = rng.getstate()[1]
    return np.array(words, np.int64)


@kernel
def _twist(state: np.ndarray) -> None:
    for k in range(_N):
        y = (state[k] & _UPPER) | (state[(k + 1) % _N] & _LOWER)
        value = state[(k + _M) % _N] ^ (y >> 1)
        if y & 1:
            value ^= _MATRIX_A
        state[k] = value
    state[_N] = 0


@kernel
def getrandbits32(state: np.ndarray) -> int:
    """The next 32 random bits (``genrand_uint32``)."""
    if state[_N] >= _N:
        _twist(state)
    y = state[state[_N]]
    state[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & 0xFFFFFFFF)


@kernel
def _randbelow(state: np.ndarray, n: int) -> int:
    """``random.Random._randbelow_with_getrandbits(n)`` for 0 < n < 2**32."""
    k = 0
    while (1 << k) <= n:  # n.bit_length()
        k += 1
    r = getrandbits32(state) >> (32 - k)
    while r >= n:
        r = getrandbits32(state) >> (32 - k)
    return r


@kernel
def shuffle(state: np.ndarray, items: np.ndarray, n: int) -> None:
    """Shuffle ``items[:n]`` in place as ``random.Random.shuffle`` does."""
    for i in range(n - 1, 0, -1):
        j = _randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
