"""The flat table functions (``notes/zion-kernel.md``): for now the stand-ins over the rules
core and the greedy bot (`cardkit.zioncheck.flat._standins`), which the real flat functions
replace."""

from cardkit.zioncheck.flat._standins import (
    costliest_discard,
    exchange,
    hand_points,
    has_free_joker,
    joker_to_free,
    lay_off,
    lay_off_choice,
    may_fit,
)

__all__ = ["costliest_discard", "exchange", "hand_points", "has_free_joker", "joker_to_free",
           "lay_off", "lay_off_choice", "may_fit"]
