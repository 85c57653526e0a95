"""`GoFishGame`: the state of a game of Go Fish, its checks and its moves (cardkit's protocol)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from cardkit.cards import Card, make_pack, shuffled
from cardkit.engine import RECORD_VERSION, IllegalAction, Verdict, read_record
from gofish.events import (
    Asked,
    Booked,
    Caught,
    Dealt,
    Ended,
    Fished,
    Passed,
    Refilled,
    seat_name,
)
from gofish.rules import Ask, Phase, Rules, rank_text

PLAYERS = (2, 4)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The one result of a game: books per seat and the winners (GF-7.2)."""

    books: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may see: its hand, every hand's size, the books, the stock's size, and
    the ranks each player is known to hold (they asked for them and still have them), and the
    rules."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    books: tuple[tuple[int, ...], ...]
    stock_size: int
    known: tuple[frozenset[int], ...]
    current_player: int | None
    rules: Rules | None = None  # public: everyone plays by the same options


class GoFishGame:
    """A game of Go Fish for 2 to 4 players, dealt from ``seed`` under ``rules``."""

    game_name: ClassVar[str] = "gofish"
    __slots__ = ("_books", "_current", "_events", "_hands", "_history", "_known", "_players",
                 "_results", "_rules", "_seed", "_stock")

    def __init__(self, players: int = 2, seed: int = 0, rules: Rules | None = None) -> None:
        if type(players) is not int or not PLAYERS[0] <= players <= PLAYERS[1]:
            raise ValueError(f"Go Fish is played by 2 to 4 players (GF-1), not {players!r}")
        if type(seed) is not int:
            raise ValueError(f"the seed is a whole number, not {seed!r}")
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be Go Fish Rules, not {type(rules).__name__}")
        self._players, self._seed, self._rules = players, seed, rules
        pack = shuffled(make_pack(), random.Random(seed))
        each = rules.dealt(players)
        self._hands = [pack[s * each:(s + 1) * each] for s in range(players)]
        self._stock = pack[players * each:]
        self._books: list[list[int]] = [[] for _ in range(players)]
        self._known: list[set[int]] = [set() for _ in range(players)]
        self._history: list[Ask] = []
        self._results: list[GameResult] = []
        self._current: int | None = 0
        self._events: list[Any] = [Dealt(0, each, len(self._stock))]
        for seat in range(players):
            self._lay_books(seat)
        self._turn_to(0)

    # -- reading ---------------------------------------------------------------
    rules = property(lambda self: self._rules)
    seed = property(lambda self: self._seed)
    num_players = property(lambda self: self._players)
    current_player = property(lambda self: self._current)
    history = property(lambda self: tuple(self._history))
    events = property(lambda self: tuple(self._events))
    results = property(lambda self: tuple(self._results))
    stock_size = property(lambda self: len(self._stock))

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self._current is None else Phase.ASK

    @property
    def is_over(self) -> bool:
        return self._current is None

    @property
    def totals(self) -> dict[int, int]:
        """Books laid down per seat."""
        return {seat: len(books) for seat, books in enumerate(self._books)}

    @property
    def winners(self) -> tuple[int, ...]:
        return self._results[-1].winners if self._results else ()

    def books(self, seat: int) -> tuple[int, ...]:
        return tuple(self._books[seat])

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self._hands[seat])

    def locations(self) -> dict[str, tuple[Card, ...]]:
        places = {"stock": tuple(self._stock)}
        for seat in range(self._players):
            places[f"hand {seat}"] = tuple(self._hands[seat])
            places[f"books {seat}"] = tuple(Card(rank, suit) for rank in self._books[seat]
                                            for suit in "CDHS")
        return places

    def hidden_from(self, seat: int) -> frozenset[Card]:
        hidden = set(self._stock)
        for other in range(self._players):
            if other != seat:
                hidden.update(self._hands[other])
        return frozenset(hidden)

    def observe(self, seat: int) -> View:
        return View(seat, tuple(self._hands[seat]), tuple(len(h) for h in self._hands),
                    tuple(tuple(b) for b in self._books), len(self._stock),
                    tuple(frozenset(k) for k in self._known), self._current, self._rules)

    def snapshot(self) -> Any:
        return (self._players, self._seed, self._rules, tuple(map(tuple, self._hands)),
                tuple(self._stock), tuple(map(tuple, self._books)),
                tuple(frozenset(k) for k in self._known), self._current, len(self._history),
                len(self._events))

    # -- checking --------------------------------------------------------------
    def legal_actions(self) -> list[Ask]:
        seat = self._current
        if seat is None:
            return []
        ranks = sorted({card.rank for card in self._hands[seat]})
        return [Ask(target, rank) for target in range(self._players) if target != seat
                for rank in ranks]

    def check(self, action: Any, seat: int | None = None) -> Verdict:
        if self._current is None:
            return Verdict(False, "the game is over: every book is down", "GF-7.1")
        if not isinstance(action, Ask):
            return Verdict(False, f"an action is an Ask(target, rank), not {action!r}", "GF-3")
        actor = self._current
        if seat is not None and seat != actor:
            return Verdict(False, f"it is {seat_name(actor)}'s turn, not "
                                  f"{seat_name(seat)}'s", "GF-3.1")
        if not isinstance(action.target, int) or action.target not in range(self._players) \
                or action.target == actor:
            return Verdict(False, f"{seat_name(actor)} asks another player at the table, not "
                                  f"{action.target!r}", "GF-3.3")
        if not any(card.rank == action.rank for card in self._hands[actor]):
            return Verdict(False, f"{seat_name(actor)} holds no {rank_text(action.rank)}: "
                                  "you may ask only for a rank you hold", "GF-3.2")
        return Verdict(True, "a rank you hold, from another player", "GF-3")

    # -- moving ----------------------------------------------------------------
    def apply(self, action: Any, seat: int | None = None) -> list[Any]:
        verdict = self.check(action, seat)
        if not verdict:
            raise IllegalAction(verdict)
        start = len(self._events)
        actor = self._current
        assert actor is not None
        self._history.append(action)
        self._events.append(Asked(actor, action.target, action.rank))
        self._known[actor].add(action.rank)
        giver = self._hands[action.target]
        given = tuple(card for card in giver if card.rank == action.rank)
        if given:
            self._hands[action.target] = [card for card in giver if card.rank != action.rank]
            self._known[action.target].discard(action.rank)
            self._hands[actor] += given
            again = self._rules.again_after_catch
            self._events.append(Caught(actor, action.target, given, again))
        else:
            card = self._stock.pop(0) if self._stock else None
            lucky = card is not None and card.rank == action.rank
            again = lucky and self._rules.again_after_lucky_draw
            rule = "GF-4.4" if card is None else "GF-4.2" if again else "GF-4.1"
            if card is not None:
                self._hands[actor].append(card)
            self._events.append(Fished(rule, actor, card, again))
        self._lay_books(actor)
        self._turn_to(actor if again else (actor + 1) % self._players)
        return self._events[start:]

    def _lay_books(self, seat: int) -> None:
        hand = self._hands[seat]
        for rank in sorted({card.rank for card in hand}):
            if sum(card.rank == rank for card in hand) == 4:
                self._hands[seat] = hand = [card for card in hand if card.rank != rank]
                self._books[seat].append(rank)
                self._known[seat].discard(rank)
                self._events.append(Booked(seat, rank))

    def _turn_to(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next player who can ask (GF-6), or end (GF-7)."""
        if sum(map(len, self._books)) == 13:
            books = tuple(len(b) for b in self._books)
            best = max(books)
            winners = tuple(s for s, n in enumerate(books) if n == best)
            self._results.append(GameResult(books, winners))
            self._events.append(Ended(books, winners))
            self._current = None
            return
        for step in range(self._players):
            candidate = (seat + step) % self._players
            if not self._hands[candidate] and self._stock:
                drawn = tuple(self._stock[:self._rules.refill])
                del self._stock[:len(drawn)]
                self._hands[candidate] += drawn
                self._events.append(Refilled(candidate, drawn))
                self._lay_books(candidate)
                if sum(map(len, self._books)) == 13:
                    self._turn_to(candidate)
                    return
            if self._hands[candidate]:
                self._current = candidate
                return
            self._events.append(Passed(candidate))
        raise AssertionError("no player holds a card, yet a book is missing")  # pragma: no cover

    # -- copies and records ----------------------------------------------------
    def clone(self) -> GoFishGame:
        twin = object.__new__(GoFishGame)
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else set(v) if isinstance(v, set)
                         else v for v in value]
            setattr(twin, name, value)
        return twin

    def to_json(self) -> str:
        return json.dumps({"game": self.game_name, "version": RECORD_VERSION,
                           "rules": self._rules.to_dict(), "seed": self._seed,
                           "players": self._players,
                           "actions": [action.to_text() for action in self._history]})

    @classmethod
    def from_json(cls, text: str) -> GoFishGame:
        data = read_record(text, cls.game_name, "Go Fish", ("rules", "seed", "players"),
                           actions_are="action texts such as '1 K'")
        game = cls(data["players"], data["seed"], Rules.from_dict(data["rules"]))
        for number, action in enumerate(data["actions"], 1):
            try:
                game.apply(Ask.from_text(action))
            except ValueError as error:  # IllegalAction included
                raise ValueError(f"action {number} ({action}) cannot be replayed: "
                                 f"{error}") from None
        return game

