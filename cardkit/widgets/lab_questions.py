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
from cardkit.i18n import Domain
from cardkit.widgets.common import N_
from cardkit.widgets.lite_page import in_browser

_ = Domain("apps").gettext

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
# the words of P.PILE_OPTIONS above, marked for the catalog
_PILE_WORDS = (N_("any pair or top jack"), N_("allow top pair and top jack"),
               N_("top two pair or top jack"), N_("never"))
_HANDS = tuple((f"Hand {h}", h) for h in range(1, 7))
_PLAYERS = ((N_("random players"), "random"), (N_("greedy players"), "greedy"),
            (N_("greedy North–South vs random"), "greedy,random"))
QUESTIONS: dict[str, Question] = {q.key: q for q in (
    Question("xeri_redeal", N_("Xeri: the first pile must be dealt again"), "xeri",
             N_("Pile rule (XR-2.4)"), _PILE),
    Question("xeri_dealer_wins", N_("Xeri: the dealer's team wins the round"), "xeri",
             N_("Players"), _PLAYERS),
    Question("xeri_xeri", N_("Xeri: the round has at least one Xeri"), "xeri", N_("Players"),
             _PLAYERS),
    Question("zion_set", N_("Zion Check: a dealt hand already holds a set"), "zioncheck",
             N_("Hand (cards dealt)"), _HANDS),
    Question("zion_run", N_("Zion Check: a dealt hand already holds a run"), "zioncheck",
             N_("Hand (cards dealt)"), _HANDS),
    Question("zion_contract", N_("Zion Check: a dealt hand already meets its contract"),
             "zioncheck", N_("Hand (contract)"), _HANDS),
)}
"""The questions the lab can run, by key (their words in English: `shown` translates)."""


def shown(words: str) -> str:
    """A question's label, option label or option, in the language of the moment."""
    if words.startswith("Hand ") and words[5:].isdigit():
        return _("Hand {hand}").format(hand=words[5:])
    return _(words)

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
    names = ""
    for key in left_out:
        name = f"“{shown(QUESTIONS[key].label).split(': ', 1)[-1]}”"
        names = _("{first} and {second}").format(first=names, second=name) if names else name
    where = (_("Python runs in your browser here (the static site)") if in_browser()
             else _("this Python has no numpy or pandas"))
    return "<p>" + _(
        "{where}, so the lab draws its samples in plain Python: it asks the questions it "
        "answers quickly (a first pile, a dealt hand). The Xeri questions about whole rounds "
        "({names}) play every round out with bots and need the simulator: ask them in the lab "
        "that <code>cardkit serve</code> (or <code>make demo</code>) serves.").format(
        where=html.escape(where), names=html.escape(names)) + "</p>"


def exact_answer(key: str, option: Any) -> Fraction | None:
    """The exact answer of a question from `cardkit.probability`, or None where none is known."""
    if key == "xeri_redeal":
        return P.first_pile_redeal(option)
    if key == "zion_set":
        return P.set_probability(_ZION_SIZES[option - 1], decks=2)
    if key == "zion_run":
        return P.run_probability(_ZION_SIZES[option - 1], decks=2)
    return None
