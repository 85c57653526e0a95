"""Exercises for the tutorials: check an answer, get a hint, reveal the solution.

Every exercise of the tutorials in ``tutorials/`` has a key such as ``"xeri-capture"``. Its
solution is not written in the notebook: it is worked out here, by the rules core, when an
answer is checked, so a solution can never disagree with the rules the kit plays by::

    >>> from cardkit.lessons import check, reveal
    >>> check("xeri-capture", 3)
    Not yet. Hint: a capture takes the whole pile, and the played card goes with it (XR-3.2).
    >>> check("xeri-capture", 5)
    Right! 8♠ matches the top card 8♦: it captures the whole pile of 4 cards (XR-3.2)
    >>> check("xeri-capture", ...)
    Replace ... with your answer, then run the cell again.
    >>> reveal("xeri-capture")
    Solution: 5. 8♠ matches the top card 8♦: it captures the whole pile of 4 cards (XR-3.2)

Answers are forgiving where that teaches nothing: card texts in any form (``"7h"``, ``"7♥"``),
numbers as ``int``, ``float``, ``Fraction`` or text, yes/no as ``True``/``False`` or
``"yes"``/``"no"``. This module is part of the rules core: it imports no widget package.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from cardkit.cards import Card, parse_card, parse_cards

__all__ = ["BEST_CARD_BUDGET", "CHANCE_FORMS", "EXERCISES", "PREDICTIONS", "Exercise",
           "Feedback", "Prediction", "check", "exercise_keys", "lesson_position", "predict",
           "reveal", "your_seed"]


@dataclass(frozen=True)
class Feedback:
    """What `check` says: ``ok`` is True (right), False (wrong) or None (not answered yet).

    It prints as its ``text``, so a notebook cell that ends with ``check(...)`` shows the words.
    """

    ok: bool | None
    text: str

    def __bool__(self) -> bool:
        return self.ok is True

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Exercise:
    """One exercise: its ``question``, how to work out its ``solution`` from the core, a
    ``hint`` for a wrong answer (ending with the rule ID to read), and how answers are read.

    ``solve`` returns ``(solution, explanation)``, the solution as a learner would write it;
    ``read`` turns an answer (and the solution) into one form for comparing (it raises
    ValueError when it cannot). ``places`` is the stated precision of a decimal answer: a
    fraction must equal the solution, a decimal or a percentage must be within half a unit of
    the last of ``places`` decimal places (0.0005 for 3 places). With ``any_of`` the solution
    is a list of equally good answers and any one of them is right. ``mistakes`` pairs common
    wrong answers with a hint written for each.
    """

    key: str
    question: str
    solve: Callable[[], tuple[Any, str]]
    hint: str
    read: Callable[[Any], Any]
    places: int | None = None
    any_of: bool = False
    mistakes: tuple[tuple[Any, str], ...] = ()

    def solution(self) -> tuple[Any, str]:
        return self.solve()

    @property
    def tolerance(self) -> float:
        """How far a decimal answer may be from the solution (0 when it must be exact)."""
        return 0.0 if self.places is None else 0.5 * 10.0 ** -self.places

    def _matches(self, given: Any, expected: Any) -> bool:
        if self.places is not None:
            if isinstance(given, Fraction):  # a fraction is exact: equal, not just close
                return given == Fraction(expected)
            return abs(float(given) - float(expected)) <= self.tolerance + 1e-12
        return bool(given == expected)

    def is_right(self, answer: Any) -> bool:
        solution = self.solve()[0]
        expected = [self.read(s) for s in solution] if self.any_of else [self.read(solution)]
        given = self.read(answer)
        return any(self._matches(given, e) for e in expected)

    def mistake_hint(self, answer: Any) -> str | None:
        """The hint written for this wrong answer, if it is a common one."""
        given = self.read(answer)
        for wrong, hint in self.mistakes:
            if self._matches(given, self.read(wrong)):
                return hint
        return None


# ----------------------------------------------------------------- reading answers


def as_bool(answer: Any) -> bool:
    """``True``/``False`` or yes/no words."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower() in ("yes", "y", "true"):
        return True
    if isinstance(answer, str) and answer.strip().lower() in ("no", "n", "false"):
        return False
    raise ValueError(f"answer True or False (or 'yes' / 'no'), not {answer!r}")


def as_int(answer: Any) -> int:
    """A whole number, also given as text or as a float such as 5.0."""
    if isinstance(answer, bool):
        raise ValueError(f"answer a whole number, not {answer!r}")
    try:
        number = Fraction("".join(answer.split()).replace(",", "")) if isinstance(answer, str) \
            else Fraction(answer)  # "1,200" and "1 200" are 1200
    except (TypeError, ValueError):
        raise ValueError(f"answer a whole number, not {answer!r}") from None
    if number.denominator != 1:
        raise ValueError(f"answer a whole number, not {answer!r}")
    return int(number)


def as_number(answer: Any) -> Fraction | float:
    """A number: ``int``, ``float``, ``Fraction`` or text such as ``"3/7"``, ``"6 / 41"``,
    ``"0.42"`` or ``"7.7%"``. A fraction stays a `Fraction` (exact); a decimal or a
    percentage becomes a ``float`` (compared at the exercise's stated precision).
    """
    if isinstance(answer, bool):
        raise ValueError(f"answer a number, not {answer!r}")
    if isinstance(answer, float):
        return answer
    if not isinstance(answer, str):
        try:
            return Fraction(answer)
        except (TypeError, ValueError):
            raise ValueError(f"answer a number such as 0.25 or '1/4', not {answer!r}") from None
    text = "".join(answer.split()).replace(",", "")  # "6 / 41", "1,200"
    percent = text.endswith("%")
    text = text.removesuffix("%")
    try:
        number = Fraction(text)
    except ValueError:
        raise ValueError(f"answer a number such as 0.25, '1/4' or '25%', not {answer!r}"
                         ) from None
    if percent:
        return float(number / 100)
    return number if "/" in text else float(number) if "." in text or "e" in text.lower() \
        else number


def as_card(answer: Any) -> tuple[int, str | None]:
    """One card, as a `Card` or a text such as ``"7H"``; compared by face (deck ignored)."""
    card = answer if isinstance(answer, Card) else parse_card(str(answer))
    return card.face


def as_cards(answer: Any) -> frozenset[tuple[int, str | None]]:
    """Several cards in any order: a text such as ``"3C 9C JK"`` or a list of cards/texts."""
    if isinstance(answer, str):
        cards = parse_cards(answer)
    elif isinstance(answer, Iterable):
        cards = [c if isinstance(c, Card) else parse_card(str(c)) for c in answer]
    else:
        raise ValueError(f"answer cards as a text such as '3C 9C' or a list, not {answer!r}")
    return frozenset(card.face for card in cards)


def as_text(answer: Any) -> str:
    """A word or name, compared without case, spaces or dashes."""
    return "".join(ch for ch in str(answer).lower() if ch.isalnum())


# ----------------------------------------------------------------- the exercises


EXERCISES: dict[str, Exercise] = {}

CHANCE_FORMS = ("a fraction such as '1/4', a percentage such as '25%', or a decimal to 3 "
                "places such as 0.250")
"""How a chance may be answered: a fraction is compared exactly, a percentage or a decimal to
3 decimal places (within 0.0005 of the exact value)."""


def _exercise(key: str, question: str, hint: str, read: Callable[[Any], Any], *,
              places: int | None = None, any_of: bool = False,
              mistakes: tuple[tuple[Any, str], ...] = ()
              ) -> Callable[[Callable[[], tuple[Any, str]]], Any]:
    def register(solve: Callable[[], tuple[Any, str]]) -> Callable[[], tuple[Any, str]]:
        EXERCISES[key] = Exercise(key, question, solve, hint, read, places, any_of, mistakes)
        return solve
    return register


def _verdict_solution(verdict: Any) -> tuple[bool, str]:
    reason = verdict.reason
    if verdict.rule and verdict.rule not in reason:
        reason = f"{reason} ({verdict.rule})"
    return bool(verdict), reason


# Tutorial 1: playing Xeri -------------------------------------------------------------

@_exercise("xeri-pile-pair", "Does the first pile 4♣ 9♦ 4♥ Q♠ (Q♠ on top) stand?",
           "look for two cards of the same rank anywhere in the four (XR-2.4).", as_bool,
           mistakes=((True, "a pair anywhere among the four cards counts, not only on top: "
                            "look at the ranks again (XR-2.4)."),))
def _xeri_pile_pair() -> tuple[Any, str]:
    from cardkit.xeri import check_initial_pile
    return _verdict_solution(check_initial_pile(parse_cards("4C 9D 4H QS")))


@_exercise("xeri-pile-jack", "Does the first pile 3♦ 8♠ K♥ J♣ (J♣ on top) stand?",
           "no pair here, but look at the top card (XR-2.4).", as_bool,
           mistakes=((True, "right, no two cards share a rank; but which card is on top? "
                            "(XR-2.4)"),))
def _xeri_pile_jack() -> tuple[Any, str]:
    from cardkit.xeri import check_initial_pile
    return _verdict_solution(check_initial_pile(parse_cards("3D 8S KH JC")))


@_exercise("xeri-capture", "The pile is 5♥ 8♣ 2♦ 8♦ (8♦ on top). You play 8♠. How many "
           "cards go to your team?",
           "a capture takes the whole pile, and the played card goes with it (XR-3.2).", as_int,
           mistakes=((4, "that is the pile; the card you played goes to your team too (XR-3.2)."),
                     (2, "a capture takes the whole pile, not only the matching cards (XR-3.2)."),
                     (1, "a capture takes the whole pile, not only the top card (XR-3.2).")))
def _xeri_capture() -> tuple[Any, str]:
    from cardkit.xeri import resolve_play
    outcome = resolve_play(parse_cards("5H 8C 2D 8D"), parse_card("8S"))
    return outcome.cards_taken, str(outcome)


@_exercise("xeri-jack-single", "The pile holds only the 5♥. You play J♠. How many Xeri "
           "points does it score?",
           "a jack captures, but a Xeri needs the same rank (XR-4.1, XR-4.3).", as_int,
           mistakes=((10, "the jack captures the single 5♥, but is that a Xeri? Only the same "
                          "rank makes one (XR-4.3)."),
                     (20, "20 is for a jack on a single **jack** (XR-4.2); this one is a 5♥.")))
def _xeri_jack_single() -> tuple[Any, str]:
    from cardkit.xeri import resolve_play
    outcome = resolve_play(parse_cards("5H"), parse_card("JS"))
    return outcome.points, str(outcome)


@_exercise("xeri-jack-xeri", "The pile holds only the J♦. You play J♣. How many Xeri "
           "points does it score?",
           "a jack on a single jack is the best Xeri of all (XR-4.2).", as_int,
           mistakes=((10, "a Xeri, yes, but both cards are jacks: that is worth more (XR-4.2)."),
                     (0, "a jack on a single jack is a Xeri, not just a capture (XR-4.2).")))
def _xeri_jack_xeri() -> tuple[Any, str]:
    from cardkit.xeri import resolve_play
    outcome = resolve_play(parse_cards("JD"), parse_card("JC"))
    return outcome.points, str(outcome)


_SCORED = "AS KH 10D 2C 3C 4C 5C 6C 7C 8C 9C 3D 4D 5D 6D 7D 8D 9D 3H 4H 5H 6H 7H 8H 9H 3S 4S"


@_exercise("xeri-score", "North–South captured 27 cards: A♠ K♥ 10♦ 2♣ and 23 cards from 3 "
           "to 9, and made one Xeri with the 7♣. How many points do they score this round?",
           "add the majority (27 cards or more), each honour, the 2♣, the 10♦ counted twice, "
           "and each Xeri (XR-6).", as_int,
           mistakes=((17, "the 10♦ counts twice: once as a ten, once more for itself (XR-6)."),
                     (15, "27 cards are the majority: 3 points for it (XR-6)."),
                     (8, "add the Xeri: 10 points (XR-4.1).")))
def _xeri_score() -> tuple[Any, str]:
    from cardkit.xeri import score_round
    ours = parse_cards(_SCORED)
    theirs = [c for c in _full_deck() if c not in set(ours)]
    sheet = score_round({0: ours, 1: theirs}, {0: [parse_card("7C")]})[0]
    lines = "; ".join(f"{line.label}: +{line.points}" for line in sheet.lines)
    return sheet.total, f"{lines}: {sheet.total} points (XR-6)"


def _full_deck() -> list[Card]:
    from cardkit.cards import make_pack
    return make_pack()


@_exercise("xeri-last-pile", "Round 1 of match 11 (four greedy bots): which team takes the "
           "cards left on the pile at the end of the round? Answer 'North-South' or "
           "'East-West'.",
           "the leftover cards go to the team of the last player who captured, and that is "
           "never a Xeri (XR-5.1). Step to the end of round 1 and read the event.", as_text)
def _xeri_last_pile() -> tuple[Any, str]:
    from cardkit.xeri import TEAM_NAMES, EventKind
    event = next(e for e in _greedy_xeri(11).events if e.kind is EventKind.LEFTOVER)
    return TEAM_NAMES[event.seat & 1], event.text


def _greedy_xeri(seed: int) -> Any:
    from cardkit.engine import play_out
    from cardkit.games import get_game
    xeri = get_game("xeri")
    return play_out(xeri.new(seed=seed), xeri.make_bots("greedy", seed=seed))


# Tutorial 2: playing Zion Check -------------------------------------------------------

@_exercise("zion-set", "Is 8♣ 8♣ 8♥ a set? (two 8♣ from two decks)",
           "a set is 3 or more cards of one rank; suits do not matter (ZC-5.1).", as_bool,
           mistakes=((False, "suits do not matter in a set, and two 8♣ from two decks are two "
                             "different cards (ZC-1.1, ZC-5.1)."),))
def _zion_set() -> tuple[Any, str]:
    from cardkit.zioncheck import check_meld
    return _verdict_solution(check_meld("8C 8C 8H"))


@_exercise("zion-ace", "Is Q♥ K♥ A♥ 2♥ a run?",
           "an ace can be low (A 2 3 4) or high (J Q K A) but never both at once (ZC-2.1).",
           as_bool,
           mistakes=((True, "here the ace would be high (after the K) and low (before the 2) at "
                            "once: it is one or the other (ZC-2.1)."),))
def _zion_ace() -> tuple[Any, str]:
    from cardkit.zioncheck import check_meld
    return _verdict_solution(check_meld("QH KH AH 2H"))


@_exercise("zion-joker", "In the run 9♠ 10♠ JK Q♠, which card does the joker stand for?",
           "a run goes up one rank at a time in one suit; find the gap (ZC-5.2, ZC-5.3).",
           as_card,
           mistakes=(("JC", "the right rank, but a run is all one suit (ZC-5.2)."),
                     ("JD", "the right rank, but a run is all one suit (ZC-5.2)."),
                     ("JH", "the right rank, but a run is all one suit (ZC-5.2)."),
                     ("JK", "the joker stands for a real card: which one is missing between "
                            "10♠ and Q♠? (ZC-5.3)")))
def _zion_joker() -> tuple[Any, str]:
    from cardkit.zioncheck import check_meld
    verdict = check_meld("9S 10S JK QS")
    assert verdict.meld is not None, verdict.reason
    (_, stands_for), = verdict.meld.jokers
    return stands_for, _verdict_solution(verdict)[1]


@_exercise("zion-fewest", "What is the fewest number of cards a player can go down with in "
           "hand 5?",
           "look up hand 5's contract, then count 3 for each set and 4 for each run (ZC-4).",
           as_int,
           mistakes=((11, "11 cards are dealt in hand 5; the contract needs fewer (ZC-4)."),
                     (9, "hand 5's contract has a run, and a run needs 4 cards (ZC-5.2).")))
def _zion_fewest() -> tuple[Any, str]:
    from cardkit.zioncheck import Rules
    contract = Rules().contracts[4]
    fewest = 3 * contract.sets + 4 * contract.runs
    return fewest, (f"hand 5's contract is {contract}: {contract.sets} × 3 + "
                    f"{contract.runs} × 4 = {fewest} cards (ZC-4)")


@_exercise("zion-touching", "Hand 3 asks for 2 runs. May a player go down with A♣ 2♣ 3♣ 4♣ "
           "and 5♣ 6♣ 7♣ 8♣?",
           "two runs in one suit that touch count as two melds only with enough cards "
           "together (ZC-10).", as_bool,
           mistakes=((True, "these two runs touch (4♣, then 5♣): count their cards together and "
                            "compare with what ZC-10 asks of touching runs."),))
def _zion_touching() -> tuple[Any, str]:
    from cardkit.zioncheck import check_go_down
    return _verdict_solution(check_go_down([parse_cards("AC 2C 3C 4C"),
                                            parse_cards("5C 6C 7C 8C")], 3))


@_exercise("zion-lay-off", "The run 4♣ 5♣ 6♣ 7♣ 8♣ is on the table and you have gone down. "
           "Which of your cards 3♣ 9♥ 9♣ JK K♦ can you lay off on it? (give all of them)",
           "a run grows only at its two ends, in its suit; a joker can go anywhere a card "
           "could (ZC-11.2).", as_cards,
           mistakes=(("3C 9C", "the two ends, right; one more of your cards fits: a joker can "
                               "be laid off too (ZC-11.2)."),
                     ("3C 9C 9H", "9♥ is the right rank but the wrong suit (ZC-11.2)."),
                     ("3C 9C 9H JK", "9♥ is the right rank but the wrong suit (ZC-11.2).")))
def _zion_lay_off() -> tuple[Any, str]:
    from cardkit.zioncheck import can_lay_off, check_meld
    run = check_meld("4C 5C 6C 7C 8C").meld
    assert run is not None
    fits = [card for card in parse_cards("3C 9H 9C JK KD") if can_lay_off(card, run)]
    return fits, "the run's two ends, and the joker anywhere a card could go (ZC-11.2)"


@_exercise("zion-free-joker", "The set 8♣ 8♥ JK is on the table. May a player take its joker by "
           "putting down the 8♦?",
           "jokers in runs can be freed; what about sets? (ZC-12.1, ZC-12.2)", as_bool,
           mistakes=((True, "8♦ is the right rank, but this joker is in a set: read ZC-12.2."),))
def _zion_free_joker() -> tuple[Any, str]:
    from cardkit.zioncheck import can_exchange_joker, check_meld
    meld = check_meld("8C 8H JK").meld
    assert meld is not None
    return _verdict_solution(can_exchange_joker(parse_card("8D"), meld))


@_exercise("zion-penalty", "Someone went out. You still hold A♠ JK 10♥ 7♣ 2♦. How many penalty "
           "points do you score?",
           "aces and jokers 15, tens and faces 10, 2 to 9 five each (ZC-2.3, ZC-14.1).", as_int,
           mistakes=((49, "2 to 9 count five each, not their face value (ZC-2.3)."),
                     (35, "the joker counts too: 15, like an ace (ZC-2.3)."),
                     (36, "an ace counts 15, not 1 (ZC-2.3)."),
                     (45, "an ace counts 15, not 10 (ZC-2.3).")))
def _zion_penalty() -> tuple[Any, str]:
    from cardkit.zioncheck import hand_points
    points = hand_points("AS JK 10H 7C 2D")
    return points, f"15 + 15 + 10 + 5 + 5 = {points} (ZC-2.3)"


# Tutorial 3: probability with Xeri ----------------------------------------------------

@_exercise("prob-top-jack", "A first pile is dealt from a shuffled deck. What is the chance "
           f"that its top card is a jack? ({CHANCE_FORMS})",
           "every card of the 52 is equally likely to be on top; how many are jacks? "
           "(XR-2.4)", as_number, places=3,
           mistakes=(("1/52", "that is the chance of one particular card; there are 4 jacks."),
                     ("1/4", "1 in 4 would need 13 jacks: count the jacks among the 52 cards."),
                     ("1/11", "the jack is the 11th rank, but the chance is about how many jacks "
                              "there are among the 52 cards.")))
def _prob_top_jack() -> tuple[Any, str]:
    chance = Fraction(4, 52)
    return chance, f"4 jacks out of 52 cards: 4/52 = {chance} ≈ {float(chance):.4f}"


@_exercise("prob-no-pair", "What is the chance that 4 cards dealt from a shuffled deck hold "
           f"4 different ranks? ({CHANCE_FORMS})",
           "the 2nd card must avoid 3 cards of the first's rank out of 51, the 3rd avoids 6 "
           "of 50, the 4th 9 of 49; multiply.", as_number, places=3,
           mistakes=(("48/51", "that is the 2nd card only: multiply by the chances for the 3rd "
                               "(44/50) and the 4th (40/49) too."),
                     ("1349/4165", "that is the chance of a pair: the question asks for four "
                                   "different ranks."),
                     (Fraction(48 * 44 * 40, 52 * 51 * 50), "the first card can be anything: "
                      "its chance is 52/52, and the others are out of 51, 50 and 49 cards.")))
def _prob_no_pair() -> tuple[Any, str]:
    chance = Fraction(48 * 44 * 40, 51 * 50 * 49)
    return chance, f"48/51 × 44/50 × 40/49 = {chance} ≈ {float(chance):.4f}"


@_exercise("prob-wilson-width", "A simulation saw an event 250 times in 1,000 rounds. Is the "
           "95% confidence interval narrower after 4,000 rounds with the same share? Answer "
           "the factor by which it shrinks (a number such as 2 or 4).",
           "the width of the interval goes down like 1 / √n.", as_number, places=1,
           mistakes=((4, "4 times the rounds do not make it 4 times narrower: the width goes "
                         "down like 1 / √n."),
                     ("1/2", "answer the factor it shrinks by: a number above 1.")))
def _prob_wilson_width() -> tuple[Any, str]:
    return 2, "4 times as many rounds: the width shrinks by √4 = 2"


@_exercise("prob-memory", "One 7 is unseen among 41 cards; the next player holds 6 of them. "
           f"What is the chance that they hold the 7? ({CHANCE_FORMS})",
           "the unseen 7 is one of 41 cards, and 6 of the 41 are in the next hand.",
           as_number, places=3,
           mistakes=(("1/41", "that is the chance for one place in the hand; the hand has 6 "
                              "places, each as likely."),
                     ("1/6", "the 7 is one of the 41 unseen cards, not one of the 6 in the "
                             "hand."),
                     ("35/41", "that is the chance that they do **not** hold it.")))
def _prob_memory() -> tuple[Any, str]:
    chance = 1 - Fraction(math.comb(40, 6), math.comb(41, 6))
    return chance, (f"1 − C(40,6)/C(41,6) = {chance} ≈ {float(chance):.4f}: each unseen card "
                    "is in the next hand with chance 6/41")


# Tutorial 4: probability with Zion Check ----------------------------------------------

@_exercise("zion-decks", "How many cards are in the pack for 7 players? (ZC-1.1, ZC-1.2)",
           "find the number of decks for 7 players, then 54 cards each.", as_int,
           mistakes=((108, "2 decks are for up to 5 players (ZC-1.2)."),
                     (216, "4 decks are for 9 to 12 players (ZC-1.2)."),
                     (156, "each deck has 52 cards and 2 jokers: 54 (ZC-1.1).")))
def _zion_decks() -> tuple[Any, str]:
    from cardkit.zioncheck import decks_for_players
    decks = decks_for_players(7)
    return 54 * decks, f"7 players play with {decks} decks of 54: {54 * decks} cards (ZC-1.2)"


@_exercise("zion-joker-chance", "Two decks (108 cards, 4 jokers). What is the chance that a "
           f"dealt hand of 10 cards holds at least one joker? ({CHANCE_FORMS})",
           "work out the chance of no joker at all first: choose 10 of the 104 natural cards.",
           as_number, places=3,
           mistakes=((Fraction(math.comb(104, 10), math.comb(108, 10)),
                      "that is the chance of **no** joker: subtract it from 1."),
                     (Fraction(40, 108), "10 × 4/108 counts the hands with two jokers twice: "
                                         "start from the chance of no joker."),
                     (Fraction(4, 108), "that is one card; the hand has 10.")))
def _zion_joker_chance() -> tuple[Any, str]:
    none = Fraction(math.comb(104, 10), math.comb(108, 10))
    return 1 - none, (f"1 − C(104,10)/C(108,10) = {float(1 - none):.4f}: the chance of no "
                      "joker is the number of hands from the natural cards over all hands")


@_exercise("zion-in-stock", "You need either of the two 7♥. 33 cards are unseen and 20 of them "
           "are in the stock. What is the chance that at least one 7♥ is in the stock? "
           f"({CHANCE_FORMS})",
           "first find the chance that neither is: the stock is 20 of the 33 unseen cards, "
           "chosen at random.", as_number, places=3,
           mistakes=((Fraction(20, 33), "that is the chance for one 7♥; there are two, and "
                                        "either will do: start from the chance that neither "
                                        "is in the stock."),
                     (Fraction(math.comb(31, 20), math.comb(33, 20)),
                      "that is the chance that **neither** is in the stock: subtract it from "
                      "1.")))
def _zion_in_stock() -> tuple[Any, str]:
    chance = 1 - Fraction(math.comb(31, 20), math.comb(33, 20))
    return chance, (f"1 − C(31,20)/C(33,20) = {chance} ≈ {float(chance):.4f}: neither 7♥ is "
                    "in the stock when all 20 stock cards come from the other 31")


# Tutorial 5: the strategy lab ---------------------------------------------------------

@_exercise("lab-xeri-first", "Match 2's first play: which card of the player to move takes "
           "the most cards? (a card such as '7H'; when two cards are equally good, either is "
           "right)",
           "a card captures when it has the rank of the top card, or is a jack; look at what "
           "resolve_play says of each card (XR-3.2).", as_card, any_of=True)
def _lab_xeri_first() -> tuple[Any, str]:
    from cardkit.games import get_game
    from cardkit.xeri import resolve_play
    match = get_game("xeri").new(seed=2)
    seat = match.current_player
    assert seat is not None  # a new match has a player to act
    view = match.observe(seat)
    outcomes = {card: resolve_play(view.pile, card, view.rules) for card in view.hand}
    best = max((o.points, o.cards_taken) for o in outcomes.values())
    cards = [card for card, o in outcomes.items() if (o.points, o.cards_taken) == best]
    named = " and ".join(str(card) for card in cards)
    verb = "each capture" if len(cards) > 1 else "captures"
    return cards, (f"{named} {verb} the whole pile: {best[1]} cards with the card played "
                   f"(XR-3.2)" + ("; either is right" if len(cards) > 1 else ""))


@_exercise("lab-chance", "In the tournament's 150 deals of random play against random play "
           "(seed 5), each played twice with the seats swapped, the first random bot won a share "
           "a little above 0.5. Is that evidence that it plays better? Answer True or False.",
           "look at the 95% interval of the share: does it hold 0.5, a fair coin? (XR-6.1)",
           as_bool,
           mistakes=((True, "above 0.5, yes, but look at the interval: does it hold 0.5? If it "
                            "does, chance alone could give this share."),))
@cache
def _lab_chance() -> tuple[Any, str]:
    from cardkit.tournament import tournament
    table = tournament("xeri", {"random": "random"}, pairs=[("random", "random")], deals=150,
                       seed=5, rules={"rounds": 1})
    (played,) = table.pairings
    fair = played.low <= 0.5 <= played.high
    return (not fair, f"the first random bot won a share of {played.rate:.3f}: the 95% interval "
            f"{played.low:.3f} to {played.high:.3f} "
            + ("holds 0.5, so this is what chance alone gives" if fair else "excludes 0.5"))


@_exercise("lab-rounds", "A match-up of 300 rounds gives a 95% interval of some width. How many "
           "rounds make it half as wide?",
           "the width shrinks like 1 / √n: what must n be multiplied by to halve it?", as_int,
           mistakes=((600, "twice the rounds make it only √2 ≈ 1.4 times narrower."),
                     (150, "fewer rounds make an interval wider, not narrower.")))
def _lab_rounds() -> tuple[Any, str]:
    return 1200, "half the width needs 2² = 4 times the rounds: 4 × 300 = 1,200"


# Tutorial 6: which card is best? --------------------------------------------------------

BEST_CARD_BUDGET = {"max_samples": 200, "seconds": None, "seed": 0}
"""The analyst's budget in Tutorial 6 (`cardkit.analysis.analyze`): a sample budget, not a time
budget, so that every machine gets the same answer."""


def lesson_position(seed: int, plays: int) -> Any:
    """Tutorial 6's positions: Xeri match ``seed`` after ``plays`` cards played by four greedy
    bots (each seeded with the match's seed)."""
    from cardkit.engine import play_out
    from cardkit.xeri import GreedyBot, new_game
    return play_out(new_game(seed=seed), [GreedyBot(seat, seed=seed) for seat in range(4)],
                    max_actions=plays)


@cache
def _best_cards(seed: int, plays: int) -> tuple[list[Card], str]:
    """The analyst's best card of a Tutorial 6 position, with every card it cannot separate
    from the best (their paired interval against it holds 0): all of them are right."""
    from cardkit.analysis import analyze
    from cardkit.analysis_draw import signed
    # mypy reads the budget's dict as one value type; its keys are analyze's own keywords
    analysis = analyze(lesson_position(seed, plays), **BEST_CARD_BUDGET)  # type: ignore[arg-type]
    best = analysis.best
    cards = [best.action] + [m.action for m in analysis.moves[1:] if m.loss_low <= 0]
    why = (f"The analyst rates {best.action} best: {signed(best.mean)} points on average for "
           f"its team by the end of the round, over {analysis.samples} possible worlds")
    if len(analysis.moves) > 1:
        runner = analysis.moves[1]
        why += (f"; {runner.loss:.1f} more than {runner.action}, the next best (paired 95% "
                f"interval {runner.loss_low:.1f} to {runner.loss_high:.1f})")
    if len(cards) > 1:
        why += "; " + " and ".join(str(c) for c in cards[1:]) + " cannot be told from it: " \
            "either is right"
    return cards, why + " (XR-6)"


@_exercise("ev-average", "In five possible worlds, playing a card gave its team +4, −2, +10, 0 "
           "and +3 points. What is the card's expected value, estimated from these worlds? "
           "(a number, to 2 decimal places)",
           "add the five results (a loss counts as minus), then divide by the number of worlds.",
           as_number, places=2,
           mistakes=((15, "that is the sum of the results: divide it by the number of worlds."),
                     (3.8, "−2 is a loss: subtract 2, do not add it."),
                     (3.75, "the world where the card gave 0 points counts too: there are 5 "
                            "worlds.")))
def _ev_average() -> tuple[Any, str]:
    results = [4, -2, 10, 0, 3]
    mean = Fraction(sum(results), len(results))
    return mean, f"(4 − 2 + 10 + 0 + 3) / 5 = {sum(results)} / 5 = {mean}"


@_exercise("ev-best-card", "Match 4 after 40 plays: the player to act holds two cards. Which "
           "should they play? (a card such as '7H'; the analyst's answer with "
           "analyze(position, max_samples=200, seconds=None, seed=0))",
           "run analyze on the position and read the first card of its list; think about "
           "who takes the cards left on the pile at the end of the round (XR-5.1).", as_card,
           any_of=True,
           mistakes=(("JH", "the jack takes the two cards on the pile now; but then which of "
                            "your cards can still capture at the end, when the last capture "
                            "takes the cards left on the pile? (XR-5.1)"),))
def _ev_best_card() -> tuple[Any, str]:
    return _best_cards(4, 40)


@_exercise("ev-more-worlds", "An analysis of 100 worlds gives a card an interval 4 points wide. "
           "About how many worlds make it 1 point wide?",
           "the width of an interval goes down like 1 / √n: to make it k times narrower, "
           "multiply the worlds by k × k.", as_int,
           mistakes=((400, "4 times the worlds make the interval only √4 = 2 times narrower."),
                     (25, "fewer worlds make an interval wider, not narrower."),
                     (200, "the width goes down like 1 / √n, not like 1 / n: twice the worlds "
                           "make it only √2 ≈ 1.4 times narrower.")))
def _ev_more_worlds() -> tuple[Any, str]:
    return 1600, "4 times narrower needs 4² = 16 times the worlds: 16 × 100 = 1,600"


@_exercise("ev-paired-factor", "Two cards compared on the same worlds (paired) give an interval "
           "of their difference 5 times narrower than rating each card on worlds of its own. "
           "How many times as many worlds would rating each alone need to be as narrow?",
           "the width goes down like 1 / √n: how many times the worlds make it 5 times "
           "narrower?", as_number, places=1,
           mistakes=((5, "5 times the worlds make an interval only √5 ≈ 2.2 times narrower."),
                     (10, "the width goes down like 1 / √n: 5 times narrower needs 5 × 5 times "
                          "the worlds."),
                     ("1/5", "answer how many times **more** worlds: a number above 1.")))
def _ev_paired_factor() -> tuple[Any, str]:
    return 25, "5 times narrower needs 5² = 25 times the worlds"


# ----------------------------------------------------------------- predictions


@dataclass(frozen=True)
class Prediction:
    """A question asked before a worked example: the learner's guess is recorded with
    `predict`, and `reveal` shows it beside the answer, which ``solve`` works out from the core
    as ``(answer, explanation)``."""

    key: str
    question: str
    solve: Callable[[], tuple[Any, str]]
    read: Callable[[Any], Any]


PREDICTIONS: dict[str, Prediction] = {}
_GUESSES: dict[str, Any] = {}  # this session's guesses, by key (one learner per kernel)


def _prediction(key: str, question: str, read: Callable[[Any], Any]
                ) -> Callable[[Callable[[], tuple[Any, str]]], Any]:
    def register(solve: Callable[[], tuple[Any, str]]) -> Callable[[], tuple[Any, str]]:
        PREDICTIONS[key] = Prediction(key, question, solve, read)
        return solve
    return register


@_prediction("pile-stands", "Will the pile 7♣ 9♥ 7♦ K♠ stand (True) or be dealt again (False)?",
             as_bool)
def _pile_stands() -> tuple[Any, str]:
    from cardkit.xeri import check_initial_pile
    return _verdict_solution(check_initial_pile(parse_cards("7C 9H 7D KS")))


@_prediction("hand-1-go-down", "Can the hand 8♣ 8♣ 8♥ K♦ K♠ JK 2♦ 5♠ 9♥ Q♣ meet hand 1's "
             "contract, 2 sets? (True or False)", as_bool)
def _hand_1_go_down() -> tuple[Any, str]:
    from cardkit.zioncheck import find_go_down
    best = find_go_down("8C 8C 8H KD KS JK 2D 5S 9H QC", 1)
    if not best:
        return False, "no two sets can be made from it (ZC-4, ZC-5.1)"
    return True, " + ".join(str(meld) for meld in best) + " (ZC-4, ZC-5.1, ZC-5.3)"


@_prediction("redeal-share", "In what share of deals is the first pile dealt again? (a guess "
             "such as 0.2 or '1/5')", as_number)
def _redeal_share() -> tuple[Any, str]:
    from cardkit.probability import first_pile_redeal
    chance = first_pile_redeal()
    return chance, "counted exactly: a pair among the 4 cards, or a jack on top (XR-2.4)"


@_prediction("expected-redeals", "On average, how many times is a round's first pile dealt "
             "again? (a guess such as 0.5)", as_number)
def _expected_redeals() -> tuple[Any, str]:
    from cardkit.probability import expected_redeals
    return expected_redeals(), ("the sum of k × P(k redeals) over every k: the expected value "
                                "of the number of redeals")


@_prediction("set-or-run", "In a dealt hand of 10 cards from two decks, is a set or a run more "
             "likely? (answer 'set' or 'run')", as_text)
def _set_or_run() -> tuple[Any, str]:
    from cardkit.probability import run_probability, set_probability
    has_set, has_run = set_probability(10), run_probability(10)
    return ("set" if has_set > has_run else "run",
            f"a set {float(has_set):.3f}, a run {float(has_run):.3f}: any card of the right "
            "rank helps a set, a run needs particular cards of one suit")


@_prediction("more-decks-runs", "With 4 decks instead of 2, is a run in a dealt hand of 10 more "
             "likely (True) or less likely (False)?", as_bool)
def _more_decks_runs() -> tuple[Any, str]:
    from cardkit.probability import run_probability
    two, four = run_probability(10, decks=2), run_probability(10, decks=4)
    return four > two, (f"a run {float(two):.3f} with 2 decks, {float(four):.3f} with 4: a "
                        "second copy of a card you hold does not extend a run")


@_prediction("best-last-two", "Match 20 after 40 plays: the player to act holds A♥ and J♠ and "
             "the pile is empty. Which card should they play first? (a card such as '7H')",
             as_card)
def _best_last_two() -> tuple[Any, str]:
    cards, why = _best_cards(20, 40)
    return cards[0], why


@_prediction("best-queen-or-jack", "Match 8, the first play: Q♣ is on top of the pile. Which "
             "card of the hand 4♠ J♣ Q♥ K♥ 2♠ K♠ is best? (a card such as '7H')", as_card)
def _best_queen_or_jack() -> tuple[Any, str]:
    cards, why = _best_cards(8, 0)
    return cards[0], why


@_prediction("best-big-pile", "Match 5 after 26 plays: six cards lie on the pile (9♥ on top). "
             "Which card of the hand K♥ 7♦ J♦ 10♦ Q♠ Q♣ is best? (a card such as '7H')",
             as_card)
def _best_big_pile() -> tuple[Any, str]:
    cards, why = _best_cards(5, 26)
    return cards[0], why


def _shown(answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, Fraction) and answer.denominator > 100_000:
        return f"≈ {float(answer):.4f}"  # a fraction too long to read
    if isinstance(answer, Fraction) and answer.denominator != 1:
        return f"{answer} ≈ {float(answer):.4f}"
    return str(answer)


def predict(key: str, guess: Any) -> Feedback:
    """Record your guess for the worked example ``key`` before you run it; `reveal` shows it
    beside the answer. A guess can be changed by predicting again, until the reveal."""
    try:
        prediction = PREDICTIONS[key]
    except KeyError:
        raise ValueError(f"no prediction is called {key!r}; the predictions are: "
                         f"{', '.join(PREDICTIONS)}") from None
    if guess is ...:
        return Feedback(None, "Replace ... with your guess, then run the cell again.")
    try:
        prediction.read(guess)
    except ValueError as error:
        return Feedback(False, f"I could not read that guess: {error}.")
    _GUESSES[key] = guess
    return Feedback(True, f"Your guess is noted: {_shown(guess)}. Now run the worked example.")


def _reveal_prediction(prediction: Prediction) -> Feedback:
    answer, why = prediction.solve()
    told = f"The answer: {_shown(answer)} ({why})."
    if prediction.key not in _GUESSES:
        return Feedback(None, f"You made no guess (predict({prediction.key!r}, your_guess) "
                              f"records one). {told}")
    guess = _GUESSES[prediction.key]
    given, right = prediction.read(guess), prediction.read(answer)
    if isinstance(right, (Fraction, float)) and not isinstance(right, bool):
        distance = abs(float(given) - float(right))
        verdict = "spot on!" if distance < 0.005 else f"you were {distance:.3f} away."
    else:
        verdict = "right!" if given == right else "not this time: what surprised you?"
    return Feedback(given == right, f"Your guess: {_shown(guess)}. {told} So {verdict}")


def your_seed(pinned: int | None = None) -> int:
    """A seed for this learner's simulations, so that a class gets as many different runs as
    it has learners: ``pinned`` if given (``your_seed(1234)`` repeats a run exactly), else the
    environment variable ``CARDKIT_SEED`` if it is set (how a teacher pins a whole class, and
    how the stored outputs were made), else a fresh four-digit seed from the operating system
    (easy to write down)."""
    import os
    import secrets

    if pinned is not None:
        if isinstance(pinned, bool) or not isinstance(pinned, int) or pinned < 0:
            raise ValueError(f"a seed is a whole number of at least 0, not {pinned!r}")
        return pinned
    text = os.environ.get("CARDKIT_SEED", "").strip()
    if text:
        if not text.isdigit():
            raise ValueError(f"CARDKIT_SEED must be a whole number of at least 0, not {text!r}")
        return int(text)
    return 1_000 + secrets.randbelow(9_000)


# ----------------------------------------------------------------- checking


def exercise_keys(prefix: str = "") -> list[str]:
    """The keys of the exercises, those starting with ``prefix`` (``"xeri-"``, ``"zion-"``)."""
    return [key for key in EXERCISES if key.startswith(prefix)]


def _find(key: str) -> Exercise:
    try:
        return EXERCISES[key]
    except KeyError:
        raise ValueError(f"no exercise is called {key!r}; the exercises are: "
                         f"{', '.join(EXERCISES)}") from None


def check(key: str, answer: Any) -> Feedback:
    """Check ``answer`` to exercise ``key``: "Right!" with the reason, or a hint.

    ``...`` (Ellipsis), the placeholder in the notebooks, means "not answered yet". A common
    wrong answer gets the hint written for it; a decimal that is close but not at the stated
    precision is told so.
    """
    exercise = _find(key)
    if answer is ...:
        return Feedback(None, "Replace ... with your answer, then run the cell again.")
    try:
        right = exercise.is_right(answer)
        mistake = None if right else exercise.mistake_hint(answer)
        given = exercise.read(answer)
    except ValueError as error:
        return Feedback(False, f"I could not read that answer: {error}.")
    if right:
        return Feedback(True, f"Right! {exercise.solution()[1]}")
    if mistake:
        return Feedback(False, f"Not yet. Hint: {mistake}")
    if exercise.places is not None and isinstance(given, float) and not exercise.any_of:
        exact = float(exercise.read(exercise.solution()[0]))
        if abs(given - exact) <= 10 * exercise.tolerance:
            return Feedback(False, f"Close! Not yet at the precision asked: give "
                                   f"{exercise.places} decimal places (within "
                                   f"{exercise.tolerance:g} of the exact value), or a "
                                   "fraction.")
    return Feedback(False, f"Not yet. Hint: {exercise.hint}")


def reveal(key: str) -> Feedback:
    """The solution of exercise ``key`` with its explanation (try `check` first!); for a
    worked example's prediction, your guess beside the answer."""
    if key in PREDICTIONS:
        return _reveal_prediction(PREDICTIONS[key])
    exercise = _find(key)
    solution, why = exercise.solution()
    if exercise.any_of:
        shown: Any = " or ".join(str(one) for one in solution)
    elif isinstance(solution, list):
        shown = " ".join(str(card) for card in solution)
    elif isinstance(solution, Fraction):
        shown = f"{solution} ≈ {float(solution):.4f}" if solution.denominator != 1 else solution
    elif isinstance(solution, bool):
        shown = "yes" if solution else "no"
    else:
        shown = solution
    return Feedback(True, f"Solution: {shown}. {why}")
