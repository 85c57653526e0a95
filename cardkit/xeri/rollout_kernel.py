"""The analyst's greedy rollouts of a Xeri round, compiled (numba): every card of a decision
played out on one sampled world in one call.

The kernel is `cardkit.xeri.rollout_core.play_out` compiled: one source for the plain-Python
fast path (the static site, without numba) and this one, so the two cannot drift apart.
``tests/analysis`` checks that both give the rules-core rollout's margin
(`cardkit.xeri.analyst.rollout`) for every card, on many worlds of every preset.
`cardkit.xeri.rollout.play_cards` uses it when numba imports (the ``sim`` and ``fast`` extras
install it).
"""

from __future__ import annotations

from numba import njit

from cardkit.xeri import rollout_core

__all__ = ["NOISE", "play_out"]

NOISE = rollout_core.NOISE
play_out = njit(cache=True, nogil=True)(rollout_core.play_out)
