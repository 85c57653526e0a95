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

__all__ = ["EXERCISES", "Exercise", "Feedback", "check", "exercise_keys", "reveal"]


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
    ValueError when it cannot); ``tolerance`` lets a number be
    close rather than equal (for answers that learners round).
    """

    key: str
    question: str
    solve: Callable[[], tuple[Any, str]]
    hint: str
    read: Callable[[Any], Any]
    tolerance: float = 0.0

    def solution(self) -> tuple[Any, str]:
        return self.solve()

    def is_right(self, answer: Any) -> bool:
        solution = self.read(self.solve()[0])
        given = self.read(answer)
        if self.tolerance:
            return abs(float(given) - float(solution)) <= self.tolerance
        return bool(given == solution)


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
        number = Fraction(str(answer).strip()) if isinstance(answer, str) else Fraction(answer)
    except (TypeError, ValueError):
        raise ValueError(f"answer a whole number, not {answer!r}") from None
    if number.denominator != 1:
        raise ValueError(f"answer a whole number, not {answer!r}")
    return int(number)


def as_number(answer: Any) -> Fraction | float:
    """A number: ``int``, ``float``, ``Fraction`` or text such as ``"3/7"`` or ``"0.42"``."""
    if isinstance(answer, bool):
        raise ValueError(f"answer a number, not {answer!r}")
    if isinstance(answer, float):
        return answer
    try:
        return Fraction(str(answer).strip()) if isinstance(answer, str) else Fraction(answer)
    except (TypeError, ValueError):
        raise ValueError(f"answer a number such as 0.25 or '1/4', not {answer!r}") from None


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


def _exercise(key: str, question: str, hint: str, read: Callable[[Any], Any],
              tolerance: float = 0.0) -> Callable[[Callable[[], tuple[Any, str]]], Any]:
    def register(solve: Callable[[], tuple[Any, str]]) -> Callable[[], tuple[Any, str]]:
        EXERCISES[key] = Exercise(key, question, solve, hint, read, tolerance)
        return solve
    return register


def _verdict_solution(verdict: Any) -> tuple[bool, str]:
    reason = verdict.reason
    if verdict.rule and verdict.rule not in reason:
        reason = f"{reason} ({verdict.rule})"
    return bool(verdict), reason


# Tutorial 1: playing Xeri -------------------------------------------------------------

@_exercise("xeri-pile-pair", "Does the first pile 4♣ 9♦ 4♥ Q♠ (Q♠ on top) stand?",
           "look for two cards of the same rank anywhere in the four (XR-2.4).", as_bool)
def _xeri_pile_pair() -> tuple[Any, str]:
    from cardkit.xeri import check_initial_pile
    return _verdict_solution(check_initial_pile(parse_cards("4C 9D 4H QS")))


@_exercise("xeri-pile-jack", "Does the first pile 3♦ 8♠ K♥ J♣ (J♣ on top) stand?",
           "no pair here, but look at the top card (XR-2.4).", as_bool)
def _xeri_pile_jack() -> tuple[Any, str]:
    from cardkit.xeri import check_initial_pile
    return _verdict_solution(check_initial_pile(parse_cards("3D 8S KH JC")))


@_exercise("xeri-capture", "The pile is 5♥ 8♣ 2♦ 8♦ (8♦ on top). You play 8♠. How many "
           "cards go to your team?",
           "a capture takes the whole pile, and the played card goes with it (XR-3.2).", as_int)
def _xeri_capture() -> tuple[Any, str]:
    from cardkit.xeri import resolve_play
    outcome = resolve_play(parse_cards("5H 8C 2D 8D"), parse_card("8S"))
    return outcome.cards_taken, str(outcome)


@_exercise("xeri-jack-single", "The pile holds only the 5♥. You play J♠. How many Xeri "
           "points does it score?",
           "a jack captures, but a Xeri needs the same rank (XR-4.1, XR-4.3).", as_int)
def _xeri_jack_single() -> tuple[Any, str]:
    from cardkit.xeri import resolve_play
    outcome = resolve_play(parse_cards("5H"), parse_card("JS"))
    return outcome.points, str(outcome)


@_exercise("xeri-jack-xeri", "The pile holds only the J♦. You play J♣. How many Xeri "
           "points does it score?",
           "a jack on a single jack is the best Xeri of all (XR-4.2).", as_int)
def _xeri_jack_xeri() -> tuple[Any, str]:
    from cardkit.xeri import resolve_play
    outcome = resolve_play(parse_cards("JD"), parse_card("JC"))
    return outcome.points, str(outcome)


_SCORED = "AS KH 10D 2C 3C 4C 5C 6C 7C 8C 9C 3D 4D 5D 6D 7D 8D 9D 3H 4H 5H 6H 7H 8H 9H 3S 4S"


@_exercise("xeri-score", "North–South captured 27 cards: A♠ K♥ 10♦ 2♣ and 23 cards from 3 "
           "to 9, and made one Xeri with the 7♣. How many points do they score this round?",
           "add the majority (27 cards or more), each honour, the 2♣, the 10♦ counted twice, "
           "and each Xeri (XR-6).", as_int)
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
           "a set is 3 or more cards of one rank; suits do not matter (ZC-5.1).", as_bool)
def _zion_set() -> tuple[Any, str]:
    from cardkit.zioncheck import check_meld
    return _verdict_solution(check_meld("8C 8C 8H"))


@_exercise("zion-ace", "Is Q♥ K♥ A♥ 2♥ a run?",
           "an ace can be low (A 2 3 4) or high (J Q K A) but never both at once (ZC-2.1).",
           as_bool)
def _zion_ace() -> tuple[Any, str]:
    from cardkit.zioncheck import check_meld
    return _verdict_solution(check_meld("QH KH AH 2H"))


@_exercise("zion-joker", "In the run 9♠ 10♠ JK Q♠, which card does the joker stand for?",
           "a run goes up one rank at a time in one suit; find the gap (ZC-5.2, ZC-5.3).",
           as_card)
def _zion_joker() -> tuple[Any, str]:
    from cardkit.zioncheck import check_meld
    verdict = check_meld("9S 10S JK QS")
    assert verdict.meld is not None, verdict.reason
    (_, stands_for), = verdict.meld.jokers
    return stands_for, _verdict_solution(verdict)[1]


@_exercise("zion-fewest", "What is the fewest number of cards a player can go down with in "
           "hand 5?",
           "look up hand 5's contract, then count 3 for each set and 4 for each run (ZC-4).",
           as_int)
def _zion_fewest() -> tuple[Any, str]:
    from cardkit.zioncheck import Rules
    contract = Rules().contracts[4]
    fewest = 3 * contract.sets + 4 * contract.runs
    return fewest, (f"hand 5's contract is {contract}: {contract.sets} × 3 + "
                    f"{contract.runs} × 4 = {fewest} cards (ZC-4)")


@_exercise("zion-touching", "Hand 3 asks for 2 runs. May a player go down with A♣ 2♣ 3♣ 4♣ "
           "and 5♣ 6♣ 7♣ 8♣?",
           "two runs in one suit that touch count as two melds only with enough cards "
           "together (ZC-10).", as_bool)
def _zion_touching() -> tuple[Any, str]:
    from cardkit.zioncheck import check_go_down
    return _verdict_solution(check_go_down([parse_cards("AC 2C 3C 4C"),
                                            parse_cards("5C 6C 7C 8C")], 3))


@_exercise("zion-lay-off", "The run 4♣ 5♣ 6♣ 7♣ 8♣ is on the table and you have gone down. "
           "Which of your cards 3♣ 9♥ 9♣ JK K♦ can you lay off on it? (give all of them)",
           "a run grows only at its two ends, in its suit; a joker can go anywhere a card "
           "could (ZC-11.2).", as_cards)
def _zion_lay_off() -> tuple[Any, str]:
    from cardkit.zioncheck import can_lay_off, check_meld
    run = check_meld("4C 5C 6C 7C 8C").meld
    assert run is not None
    fits = [card for card in parse_cards("3C 9H 9C JK KD") if can_lay_off(card, run)]
    return fits, "the run's two ends, and the joker anywhere a card could go (ZC-11.2)"


@_exercise("zion-free-joker", "The set 8♣ 8♥ JK is on the table. May a player take its joker by "
           "putting down the 8♦?",
           "jokers in runs can be freed; what about sets? (ZC-12.1, ZC-12.2)", as_bool)
def _zion_free_joker() -> tuple[Any, str]:
    from cardkit.zioncheck import can_exchange_joker, check_meld
    meld = check_meld("8C 8H JK").meld
    assert meld is not None
    return _verdict_solution(can_exchange_joker(parse_card("8D"), meld))


@_exercise("zion-penalty", "Someone went out. You still hold A♠ JK 10♥ 7♣ 2♦. How many penalty "
           "points do you score?",
           "aces and jokers 15, tens and faces 10, 2 to 9 five each (ZC-2.3, ZC-14.1).", as_int)
def _zion_penalty() -> tuple[Any, str]:
    from cardkit.zioncheck import hand_points
    points = hand_points("AS JK 10H 7C 2D")
    return points, f"15 + 15 + 10 + 5 + 5 = {points} (ZC-2.3)"


# Tutorial 3: probability with Xeri ----------------------------------------------------

@_exercise("prob-top-jack", "A first pile is dealt from a shuffled deck. What is the chance "
           "that its top card is a jack? (a fraction such as '1/4', or a decimal)",
           "every card of the 52 is equally likely to be on top; how many are jacks? "
           "(XR-2.4)", as_number, tolerance=0.0005)
def _prob_top_jack() -> tuple[Any, str]:
    chance = Fraction(4, 52)
    return chance, f"4 jacks out of 52 cards: 4/52 = {chance} ≈ {float(chance):.4f}"


@_exercise("prob-no-pair", "What is the chance that 4 cards dealt from a shuffled deck hold "
           "4 different ranks? (a fraction or a decimal to 3 places)",
           "the 2nd card must avoid 3 cards of the first's rank out of 51, the 3rd avoids 6 "
           "of 50, the 4th 9 of 49; multiply.", as_number, tolerance=0.0005)
def _prob_no_pair() -> tuple[Any, str]:
    chance = Fraction(48 * 44 * 40, 51 * 50 * 49)
    return chance, f"48/51 × 44/50 × 40/49 = {chance} ≈ {float(chance):.4f}"


@_exercise("prob-wilson-width", "A simulation saw an event 250 times in 1,000 rounds. Is the "
           "95% confidence interval narrower after 4,000 rounds with the same share? Answer "
           "the factor by which it shrinks (a number such as 2 or 4).",
           "the width of the interval goes down like 1 / √n.", as_number, tolerance=0.05)
def _prob_wilson_width() -> tuple[Any, str]:
    return 2, "4 times as many rounds: the width shrinks by √4 = 2"


@_exercise("prob-memory", "One 7 is unseen among 41 cards; the next player holds 6 of them. "
           "What is the chance that they hold the 7? (a fraction or a decimal to 3 places)",
           "the unseen 7 is one of 41 cards, and 6 of the 41 are in the next hand.",
           as_number, tolerance=0.0005)
def _prob_memory() -> tuple[Any, str]:
    chance = 1 - Fraction(math.comb(40, 6), math.comb(41, 6))
    return chance, (f"1 − C(40,6)/C(41,6) = {chance} ≈ {float(chance):.4f}: each unseen card "
                    "is in the next hand with chance 6/41")


# Tutorial 4: probability with Zion Check ----------------------------------------------

@_exercise("zion-decks", "How many cards are in the pack for 7 players? (ZC-1.1, ZC-1.2)",
           "find the number of decks for 7 players, then 54 cards each.", as_int)
def _zion_decks() -> tuple[Any, str]:
    from cardkit.zioncheck import decks_for_players
    decks = decks_for_players(7)
    return 54 * decks, f"7 players play with {decks} decks of 54: {54 * decks} cards (ZC-1.2)"


@_exercise("zion-joker-chance", "Two decks (108 cards, 4 jokers). What is the chance that a "
           "dealt hand of 10 cards holds at least one joker? (a decimal to 3 places)",
           "work out the chance of no joker at all first: choose 10 of the 104 natural cards.",
           as_number, tolerance=0.0005)
def _zion_joker_chance() -> tuple[Any, str]:
    none = Fraction(math.comb(104, 10), math.comb(108, 10))
    return 1 - none, (f"1 − C(104,10)/C(108,10) = {float(1 - none):.4f}: the chance of no "
                      "joker is the number of hands from the natural cards over all hands")


@_exercise("zion-in-stock", "You need either of the two 7♥. 33 cards are unseen and 20 of them "
           "are in the stock. What is the chance that at least one 7♥ is in the stock? "
           "(a fraction or a decimal to 3 places)",
           "first find the chance that neither is: the stock is 20 of the 33 unseen cards, "
           "chosen at random.", as_number, tolerance=0.0005)
def _zion_in_stock() -> tuple[Any, str]:
    chance = 1 - Fraction(math.comb(31, 20), math.comb(33, 20))
    return chance, (f"1 − C(31,20)/C(33,20) = {chance} ≈ {float(chance):.4f}: neither 7♥ is "
                    "in the stock when all 20 stock cards come from the other 31")


# Tutorial 5: the strategy lab ---------------------------------------------------------

@_exercise("lab-xeri-first", "Match 2's first play: the player to move holds several cards. "
           "Which card does the built-in GreedyBot play? (a card such as '7H')",
           "ask the bot: get_game('xeri').seated_bot('greedy', seat, 2).choose(match) (the "
           "greedy bot captures when it can and prefers Xeris).", as_card)
def _lab_xeri_first() -> tuple[Any, str]:
    from cardkit.games import get_game
    match = get_game("xeri").new(seed=2)
    seat = match.current_player
    assert seat is not None  # a new match has a player to act
    card = get_game("xeri").seated_bot("greedy", seat, 2).choose(match)
    return card, _verdict_solution(match.check(card))[1]


@_exercise("lab-chance", "In 300 rounds of random play against random play (seed 5), North–South "
           "won a share a little below 0.5. Is that evidence that East–West play better? "
           "Answer True or False.",
           "look at the 95% interval of the share: does it hold 0.5, a fair coin? (XR-6.1)",
           as_bool)
@cache
def _lab_chance() -> tuple[Any, str]:
    from cardkit.probability import wilson_interval
    from cardkit.sim import simulate
    rounds = simulate("xeri", 300, players="random", seed=5, progress=False, engine="reference")
    won = int((rounds["winner"] == 0).sum())
    low, high = wilson_interval(won, len(rounds))
    fair = low <= 0.5 <= high
    return (not fair, f"North–South won {won} of 300: the 95% interval {low:.3f} to {high:.3f} "
            + ("holds 0.5, so this is what chance alone gives" if fair else "excludes 0.5"))


@_exercise("lab-rounds", "A match-up of 300 rounds gives a 95% interval of some width. How many "
           "rounds make it half as wide?",
           "the width shrinks like 1 / √n: what must n be multiplied by to halve it?", as_int)
def _lab_rounds() -> tuple[Any, str]:
    return 1200, "half the width needs 2² = 4 times the rounds: 4 × 300 = 1,200"


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

    ``...`` (Ellipsis), the placeholder in the notebooks, means "not answered yet".
    """
    exercise = _find(key)
    if answer is ...:
        return Feedback(None, "Replace ... with your answer, then run the cell again.")
    try:
        right = exercise.is_right(answer)
    except ValueError as error:
        return Feedback(False, f"I could not read that answer: {error}.")
    if right:
        return Feedback(True, f"Right! {exercise.solution()[1]}")
    return Feedback(False, f"Not yet. Hint: {exercise.hint}")


def reveal(key: str) -> Feedback:
    """The solution of exercise ``key`` with its explanation (try `check` first!)."""
    solution, why = _find(key).solution()
    if isinstance(solution, list):
        shown: Any = " ".join(str(card) for card in solution)
    elif isinstance(solution, Fraction):
        shown = f"{solution} ≈ {float(solution):.4f}" if solution.denominator != 1 else solution
    elif isinstance(solution, bool):
        shown = "yes" if solution else "no"
    else:
        shown = solution
    return Feedback(True, f"Solution: {shown}. {why}")
