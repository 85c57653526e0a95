"""The probability lab's questions: what each asks, its options, its exact answer, and which
of them the lab asks where it samples in pure Python (`cardkit.lab_sampling`)."""

from __future__ import annotations

import html
import importlib.util
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardkit import lab_sampling
from cardkit import probability as P
from cardkit.widgets.lite_page import in_browser

__all__ = ["QUESTIONS", "Question", "exact_answer", "has_simulator", "left_out_note",
           "offered_questions"]


@dataclass(frozen=True)
class Question:
    """One lesson question: its label, which game, and what its option means."""

    key: str
    label: str
    game: str
    option_label: str
    options: tuple[tuple[str, Any], ...]


_PILE = tuple((o.replace("_", " "), o) for o in P.PILE_OPTIONS)
_HANDS = tuple((f"Hand {h}", h) for h in range(1, 7))
_PLAYERS = (("random players", "random"), ("greedy players", "greedy"),
            ("greedy North–South vs random", "greedy,random"))
QUESTIONS: dict[str, Question] = {q.key: q for q in (
    Question("xeri_redeal", "Xeri: the first pile must be dealt again", "xeri",
             "Pile rule (XR-2.4)", _PILE),
    Question("xeri_dealer_wins", "Xeri: the dealer's team wins the round", "xeri",
             "Players", _PLAYERS),
    Question("xeri_xeri", "Xeri: the round has at least one Xeri", "xeri", "Players",
             _PLAYERS),
    Question("zion_set", "Zion Check: a dealt hand already holds a set", "zioncheck",
             "Hand (cards dealt)", _HANDS),
    Question("zion_run", "Zion Check: a dealt hand already holds a run", "zioncheck",
             "Hand (cards dealt)", _HANDS),
    Question("zion_contract", "Zion Check: a dealt hand already meets its contract",
             "zioncheck", "Hand (contract)", _HANDS),
)}
"""The questions the lab can run, by key."""

_ZION_SIZES = (10, 10, 10, 10, 11, 14)


def has_simulator() -> bool:
    """Can this Python run the simulator (numpy and pandas installed)? Not in the browser."""
    return all(importlib.util.find_spec(name) is not None for name in ("numpy", "pandas"))


def offered_questions(pure: bool) -> list[str]:
    """The keys of the questions the lab asks: all, or on the pure path those it answers
    quickly (`cardkit.lab_sampling.SAMPLERS`)."""
    return [key for key in QUESTIONS if not pure or key in lab_sampling.SAMPLERS]


def left_out_note(left_out: list[str]) -> str:
    """What the pure-Python lab says about the questions it does not offer."""
    names = " and ".join(f"“{QUESTIONS[key].label.split(': ', 1)[1]}”" for key in left_out)
    where = ("Python runs in your browser here (the static site)" if in_browser()
             else "this Python has no numpy or pandas")
    return (f"<p>{html.escape(where)}, so the lab draws its samples in "
            f"plain Python: it asks the questions it answers quickly (a first pile, a dealt "
            f"hand). The Xeri questions about whole rounds ({html.escape(names)}) play every "
            "round out with bots and need the simulator: ask them in the lab that "
            "<code>cardkit serve</code> (or <code>make demo</code>) serves.</p>")


def exact_answer(key: str, option: Any) -> Fraction | None:
    """The exact answer of a question from `cardkit.probability`, or None where none is known."""
    if key == "xeri_redeal":
        return P.first_pile_redeal(option)
    if key == "zion_set":
        return P.set_probability(_ZION_SIZES[option - 1], decks=2)
    if key == "zion_run":
        return P.run_probability(_ZION_SIZES[option - 1], decks=2)
    return None
