"""A whole seeded match of 4-Player Xeri: the state machine behind the engine protocol.

An action is the `Card` to play. Everything between plays (deals, redeals, round scoring, the
next round) happens inside `XeriMatch.apply`, which returns the events it caused::

    >>> from cardkit.xeri import new_game
    >>> m = new_game(seed=3)
    >>> m.round_number, m.stock_size, len(m.pile), m.current_player == (m.dealer + 1) % 4
    (1, 24, 4, True)
    >>> m.phase, m.num_players, m.seat_name(m.dealer) in SEAT_NAMES
    (<Phase.PLAY: 'play'>, 4, True)
    >>> card = m.legal_actions()[0]
    >>> [e.kind.value for e in m.apply(card)][0] in ("play", "capture", "xeri", "jack xeri")
    True
    >>> m.history == (card,)
    True
    >>> again = XeriMatch.from_json(m.to_json())
    >>> again.snapshot() == m.snapshot()
    True

The hot path (`legal_actions` and `apply`) builds no words: events are tuples whose ``text`` is
made when read, and a verdict is only built for a refused action.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Sequence
from enum import Enum
from functools import partial
from random import Random
from typing import Any, ClassVar

from cardkit.cards import Card, card_name, make_pack, parse_card
from cardkit.engine import RECORD_VERSION, IllegalAction, Verdict, read_record, seat_name, team_name
from cardkit.i18n import Domain
from cardkit.xeri.events import (
    Capture,
    Cut,
    Deal,
    EventKind,
    ExtraRound,
    FirstDealer,
    JackXeri,
    Leftover,
    MatchEnd,
    MatchWon,
    NewRound,
    Play,
    Redeal,
    RoundScored,
    RoundWon,
    SecondDeal,
    TargetRaised,
    Xeri,
    XeriEvent,
    maker,
)
from cardkit.xeri.play import (
    TAKES,
    PlayKind,
    PlayOutcome,
    outcome_reason,
    pile_needs_redeal,
    play_kind,
    resolve_play,
)
from cardkit.xeri.rules import (
    SEAT_NAMES,
    MatchWinner,
    PileRedeal,
    Rules,
    rules_or_default,
    team_of,
)
from cardkit.xeri.scoring import RoundResult, TeamSheets, _score
from cardkit.xeri.view import XeriView

_t = Domain("xeri")
_ = _t.gettext

__all__ = ["Phase", "XeriMatch", "load", "new_game", "new_match", "rounds_outcome",
           "target_outcome"]


class Phase(str, Enum):
    """What the match waits for (the same idea as Zion Check's `Phase`)."""

    PLAY = "play"
    """The current player plays one card from hand (XR-3.1); deals and scoring happen inside
    `XeriMatch.apply`."""
    OVER = "over"
    """A team has won the match (XR-7.1, XR-7.2)."""


PACK: tuple[Card, ...] = tuple(make_pack())
"""The 52 cards (XR-1.2). A match only ever holds these objects, so lookups by code are safe."""
_PACK_INDEX = {card: index for index, card in enumerate(PACK)}
_BY_CODE = {card.code: card for card in PACK}
_HAND_SIZE = 6
_PLAYS_PER_DEAL = 4 * _HAND_SIZE
_TURNS = tuple(tuple((first + i) & 3 for i in range(2 * _PLAYS_PER_DEAL)) for first in range(4))
"""The seats of a round's 48 plays, by the seat that leads (XR-3.1, XR-2.5)."""
_CAPTURE = PlayKind.CAPTURE
_JACK_XERI = PlayKind.JACK_XERI
# The events of every play and round, made field by field (see `maker`): plays and rounds are
# the hot path of every simulation.
_play, _capture = maker(Play), maker(Capture)
_xeri, _jack_xeri = maker(Xeri), maker(JackXeri)
_new_round, _cut, _deal, _second_deal = (maker(NewRound), maker(Cut), maker(Deal),
                                         maker(SecondDeal))
_leftover, _round_scored, _round_won = maker(Leftover), maker(RoundScored), maker(RoundWon)
_PLAYS: list[list[list[Play | None]]] = [[[None] * 53 for _ in range(52)] for _ in range(4)]
"""Every `Play` event made so far, by seat, card code and the code of the top card it lands
on (52: none). An event is a frozen value, so every match reuses one object for the same play:
most plays capture nothing, and this keeps them as cheap as a tuple. Rows of lists, because
three list lookups cost less than one flat index (its two multiplications make integers past
the small-int cache, about 350 instructions a play).

Module state on purpose (docs/DECISIONS.md, "Hot-path values"): it only memoizes values, so
no result, record or random draw depends on it; its size is fixed (11,024 slots); a
per-match cache would rarely be hit within one round's 48 plays, and filling all of it at
import would cost every import (the browser's too) what most programs never use."""


def round_random(seed: int, number: int) -> Random:
    """The generator of round ``number`` (0 draws the first dealer) of the match ``seed``.

    Each round has its own generator derived from the seed, so the state between plays holds no
    generator at all: a clone copies no generator state, and a round can be dealt on its own.
    `Random` seeds from an integer's absolute value, so a negative seed is turned into text to
    get a generator of its own (seed -3 must not deal as seed 3 does).
    """
    if seed < 0:
        return Random(f"xeri {seed} {number}")
    return Random(seed * 2**32 + number)


def _shuffle(cards: list[Card], random: Any) -> None:
    """Fisher–Yates with the generator's ``random()`` (fast; same uniform order up to 2⁻⁵³)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def rounds_outcome(won: tuple[int, int], played: int, rounds: int) -> tuple[int | None, bool]:
    """The end of round ``played`` of a match of ``rounds`` rounds (XR-7.1): the winning team
    (or None), and whether one more round is played because both teams won as many rounds.

    Every agreed round is played; after that each tied count of rounds won adds one round::

        >>> rounds_outcome((3, 0), 3, 4)
        (None, False)
        >>> rounds_outcome((3, 1), 4, 4)
        (0, False)
        >>> rounds_outcome((2, 2), 4, 4), rounds_outcome((2, 2), 5, 4)
        ((None, True), (None, True))
    """
    if played < rounds:
        return None, False
    if won[0] == won[1]:
        return None, True
    return (0 if won[0] > won[1] else 1), False


def target_outcome(totals: tuple[int, int], target: int) -> tuple[tuple[int, ...], int | None]:
    """The end of a round under the option ``target`` (XR-7.2): the raised targets and winner.

    When both teams reach the target in the same round it becomes 100 more, as often as both
    still reach it (151 → 251 → 351 …); a team at or past the target then wins::

        >>> target_outcome((160, 150), 151)
        ((), 0)
        >>> target_outcome((160, 155), 151)
        ((251,), None)
        >>> target_outcome((265, 252), 151)
        ((251, 351), None)
        >>> target_outcome((260, 150), 251)
        ((), 0)
    """
    raised = []
    while totals[0] >= target and totals[1] >= target:
        target += 100
        raised.append(target)
    # A team already past a raised target has reached it at the end of this round.
    winner = None
    if totals[0] >= target or totals[1] >= target:
        winner = 0 if totals[0] >= target else 1
    return tuple(raised), winner


def _check_deck(deck: Sequence[Card | str]) -> list[Card]:
    cards = []
    for card in deck:
        if isinstance(card, str):
            card = parse_card(card)
        if not isinstance(card, Card) or card.code not in _BY_CODE:
            raise ValueError(f"a Xeri deck holds the 52 standard cards (XR-1.2); {card!r} is not "
                             "one of them")
        cards.append(_BY_CODE[card.code])
    if len(set(cards)) != 52 or len(cards) != 52:
        raise ValueError(f"a Xeri deck is the 52 standard cards, each once (XR-1.2); "
                         f"got {len(cards)} cards, {len(set(cards))} different")
    return cards


def new_game(*, seed: int = 0, rules: Rules | None = None, players: int = 4,
             deck: Sequence[Card | str] | None = None, dealer: int | None = None) -> XeriMatch:
    """A new match: the seed picks the first dealer and shuffles every deal (XR-2.1).

    ``players`` is always 4 (XR-1.1); it is accepted so that code written for any game can pass
    it.

    For lessons and tests, ``deck`` stacks the first round (52 cards or card texts such as
    ``"7C"``, top first, as they are after shuffle and cut: 6 to the player left of the dealer,
    6 to the next, 6, 6 to the dealer, 4 to the pile bottom to top, then the stock; it is not
    cut again, but ``cut_shows_bottom`` still shows its last card, XR-8.1), and ``dealer`` names
    the first dealer. Later rounds are shuffled from the seed.

    >>> m = new_game(seed=3, dealer=0)
    >>> m.dealer, m.current_player
    (0, 1)
    """
    if players.__class__ is not int or players != 4:
        raise ValueError(f"4-Player Xeri is played by 4 players (XR-1.1), not {players!r}")
    return XeriMatch(seed, rules, deck=deck, dealer=dealer)


def new_match(seed: int, rules: Rules | None = None, *,
              deck: Sequence[Card | str] | None = None, dealer: int | None = None) -> XeriMatch:
    """Deprecated: use `new_game` (the same name in both games)."""
    warnings.warn("cardkit.xeri.new_match is deprecated; use cardkit.xeri.new_game",
                  DeprecationWarning, stacklevel=2)
    return XeriMatch(seed, rules, deck=deck, dealer=dealer)


def load(text: str) -> XeriMatch:
    """Deprecated: use `cardkit.games.load_record`, the one way to load a record."""
    warnings.warn("cardkit.xeri.match.load is deprecated; use cardkit.games.load_record",
                  DeprecationWarning, stacklevel=2)
    return XeriMatch.from_json(text)


class XeriMatch:
    """A match of 4-Player Xeri following the engine protocol (see `cardkit.engine.Game`)."""

    game_name: ClassVar[str] = "xeri"
    num_players: ClassVar[int] = 4
    """Always four, in two partnerships (XR-1.1)."""
    __slots__ = (
        "_bottom", "_captured", "_current", "_dealer", "_deck", "_events", "_face_up",
        "_first_dealer", "_hands", "_history", "_jack_points", "_jack_single", "_last_capturer",
        "_left", "_pile", "_redeals", "_results", "_round", "_round_scores",
        "_round_start", "_rounds_won", "_rules", "_seed", "_shown_back", "_stock", "_target",
        "_totals", "_winner", "_xeri_points", "_xeris",
    )

    def __init__(self, seed: int, rules: Rules | None = None, *,
                 deck: Sequence[Card | str] | None = None, dealer: int | None = None) -> None:
        if type(seed) is not int:
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        rules = rules_or_default(rules)
        self._rules = rules
        self._seed = seed
        self._deck = tuple(_check_deck(deck)) if deck is not None else None
        if dealer is not None:
            team_of(dealer)  # validates the seat
        self._first_dealer = dealer
        self._jack_single = rules.jack_on_single_is_xeri
        self._jack_points = rules.jack_xeri_points
        self._xeri_points = rules.xeri_points
        self._dealer = round_random(seed, 0).randrange(4) if dealer is None else dealer
        self._round = 0
        self._history: list[Card] = []
        self._round_scores: list[TeamSheets] = []
        self._results: list[RoundResult | tuple[Any, ...]] = []
        self._totals = [0, 0]
        self._rounds_won = [0, 0]
        self._winner: int | None = None
        self._target = rules.target
        self._events: list[XeriEvent] = [FirstDealer(self._dealer, dealer is not None)]
        self._start_round(self._deck)

    # ----------------------------------------------------------------- dealing (XR-2)

    def _start_round(self, deck: tuple[Card, ...] | None) -> list[XeriEvent]:
        rules = self._rules
        self._round += 1
        rng = round_random(self._seed, self._round)
        dealer = self._dealer
        events: list[XeriEvent] = [_new_round(dealer, self._round, "XR-2.1")]
        if deck is None:
            cards = list(PACK)
            _shuffle(cards, rng.random)
            cut = rng.randint(4, 48)  # the cutter lifts somewhere in the middle (XR-2.2)
            cards = cards[cut:] + cards[:cut]
        else:
            cards = list(deck)
        cutter = (dealer + 3) & 3
        bottom = None
        if rules.cut_shows_bottom:
            jacks: tuple[Card, ...] = ()
            if cards[-1].rank == 11:  # XR-8.1: the first card above that is no jack goes under
                lowest = max(i for i, c in enumerate(cards) if c.rank != 11)
                jacks = tuple(cards[lowest + 1:])
                cards.append(cards.pop(lowest))
            bottom = cards[-1]
            events.append(_cut(cutter, bottom, jacks, "XR-8.1"))
        else:
            events.append(_cut(cutter, None, (), "XR-2.2"))
        self._bottom = bottom
        stock = cards[::-1]  # the top of the deck is the end of the list
        self._deal_hands(stock)
        pile = stock[-4:][::-1]
        del stock[-4:]
        mode = rules.initial_pile_redeal
        first_pile = tuple(pile)
        redeals: list[XeriEvent] = []
        shown: set[Card] = set()
        rule = "XR-8.2" if mode is PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK else "XR-2.4"
        while pile_needs_redeal([c.rank for c in pile], mode):  # XR-2.4
            bad = tuple(pile)
            shown.update(bad)
            if bottom is None:
                stock += pile
                _shuffle(stock, rng.random)
            else:  # the shown bottom card stays where everyone saw it (XR-8.1)
                rest = stock[1:] + pile
                _shuffle(rest, rng.random)
                stock = [stock[0], *rest]
            pile = stock[-4:][::-1]
            del stock[-4:]
            redeals.append(Redeal(dealer, bad, tuple(pile), mode, rule))
        events.append(_deal(dealer, first_pile, len(stock), "XR-2.3"))
        events += redeals
        self._stock = stock
        self._pile = pile
        self._redeals = len(redeals)
        self._face_up = tuple(pile)
        # Cards everyone saw in a pile that went back into the stock (XR-2.4), in pack order;
        # most rounds have no redeal, and then no card is hashed (`Card.__hash__` is Python).
        self._shown_back = (tuple(sorted(shown.difference(pile), key=_PACK_INDEX.__getitem__))
                            if shown else ())
        self._captured: list[list[Card]] = [[], []]
        self._xeris: list[list[Card]] = [[], []]
        self._last_capturer: int | None = None
        self._left = _PLAYS_PER_DEAL
        self._current: int | None = (dealer + 1) & 3  # XR-3.1
        self._round_start = len(self._history)
        self._events += events
        return events

    def _deal_hands(self, stock: list[Card]) -> None:
        hands = []
        for _ in range(4):
            batch = stock[-_HAND_SIZE:]
            del stock[-_HAND_SIZE:]
            hands.append({card.code: card for card in reversed(batch)})
        # dealt from the player on the dealer's left round to the dealer (XR-2.3)
        first = (self._dealer + 1) & 3
        self._hands = hands[4 - first:] + hands[:4 - first]

    # ----------------------------------------------------------------- the protocol

    @property
    def current_player(self) -> int | None:
        """The seat to play, or ``None`` when the match is over."""
        return self._current

    @property
    def is_over(self) -> bool:
        """Has a team won the match (XR-7.1, XR-7.2)?"""
        return self._current is None

    @property
    def phase(self) -> Phase:
        """`Phase.PLAY` while cards are played, `Phase.OVER` once a team has won."""
        return Phase.OVER if self._current is None else Phase.PLAY

    def seat_name(self, seat: int) -> str:
        """The name of ``seat`` (North, East, South, West; XR-1.1), in the language of the
        moment."""
        team_of(seat)  # validates the seat
        return seat_name(seat)

    def legal_actions(self) -> list[Card]:
        """The cards the current player may play: the whole hand, in the order dealt (XR-3.1)."""
        if self._current is None:
            return []
        return list(self._hands[self._current].values())

    def check(self, action: Any, seat: int | None = None) -> Verdict:
        """May the current player play ``action`` now, and what would it do?

        ``seat`` names who is trying (an app passes the seat that clicked): another seat than
        the one to move is refused, so an out-of-turn try never reaches the state.
        """
        mover = self._current
        if mover is None:
            return Verdict(False, partial(_over_words, self._winner, self._rules),
                           "XR-7.2" if self._rules.target is not None else "XR-7.1")
        if seat is not None and (seat.__class__ is not int or seat != mover):
            if seat.__class__ is not int or seat not in (0, 1, 2, 3):
                return Verdict(False, partial(_no_seat_words, seat), "XR-1.1")
            return Verdict(False, partial(_turn_words, mover, seat), "XR-3.1")
        if not isinstance(action, Card):
            return Verdict(False, partial(_not_a_card_words, action), "XR-3.1")
        if action.is_joker or action.deck:
            return Verdict(False, partial(_not_this_deck_words, action), "XR-1.2")
        if action.code not in self._hands[mover]:  # codes are unique: same code, same card
            return Verdict(False, partial(_not_held_words, action, mover), "XR-3.1")
        pile, rules = self._pile, self._rules
        kind, rule = play_kind(pile, action.rank, rules, self._left == 1 and not self._stock)
        return Verdict(True, partial(_may_play_words, mover, action, pile[-1] if pile else None,
                                     len(pile), kind, rule, rules), rule)

    def apply(self, card: Card, seat: int | None = None) -> list[XeriEvent]:
        """Play ``card`` for the current player; returns the events it caused.

        Raises `IllegalAction` (with the reason and rule) and changes nothing when the card may
        not be played, or when ``seat`` is given and is not the seat to move.
        """
        mover = self._current
        if (mover is None or (seat is not None and (seat.__class__ is not int or seat != mover))
                or (card.__class__ is not Card and not isinstance(card, Card))):
            raise IllegalAction(self.check(card, seat))
        seat = mover
        held = self._hands[seat].pop(card.code, None)  # the match's own object for that card
        if held is None:
            raise IllegalAction(self.check(card))
        card = held
        self._history.append(card)
        pile = self._pile
        left = self._left - 1
        event: XeriEvent
        onto = pile[-1] if pile else None
        if onto is None or not TAKES[onto.rank][card.rank]:  # XR-3.3: the card stays
            row = _PLAYS[seat][card.code]
            top = 52 if onto is None else onto.code
            made = row[top]
            if made is None:
                made = row[top] = _play(seat, card, onto)
            event = made
            pile.append(card)
        else:  # a capture (XR-3.2); what kind, `play_kind` says
            kind, rule = play_kind(pile, card.rank, self._rules, not left and not self._stock)
            taken = (*pile, card)  # the event keeps its own, unchangeable cards
            team = seat & 1
            self._captured[team] += taken
            self._pile = []
            self._last_capturer = seat
            if kind is _CAPTURE:
                event = _capture(seat, taken, rule)
            else:
                self._xeris[team].append(pile[-1])  # the Xeri card lies face up (XR-4.4)
                if kind is _JACK_XERI:
                    event = _jack_xeri(seat, taken, self._jack_points, rule)
                else:
                    event = _xeri(seat, taken, self._xeri_points, rule)
        self._events.append(event)
        self._left = left
        if left:
            self._current = (seat + 1) & 3
            return [event]
        return self._end_of_deal(event)

    def _end_of_deal(self, event: XeriEvent) -> list[XeriEvent]:
        events = [event]
        if self._stock:  # XR-2.5: all hands are empty, the stock is not
            self._deal_hands(self._stock)
            self._left = _PLAYS_PER_DEAL
            self._current = (self._dealer + 1) & 3
            second = _second_deal(self._dealer, len(self._stock), "XR-2.5")
            self._events.append(second)
            events.append(second)
            return events
        return self._end_round(events)

    def _end_round(self, events: list[XeriEvent]) -> list[XeriEvent]:
        more: list[XeriEvent] = []
        leftover = tuple(self._pile)
        if self._pile:  # XR-5.1: the rest goes to the last capturer's team, never a Xeri
            last = self._last_capturer
            # Nobody captured only when all four jacks lay in a pile that was never dealt again
            # (XR-8.2); the book is silent there, so the dealer, who played last, takes the rest.
            taker = self._dealer if last is None else last
            self._captured[taker & 1] += self._pile
            more.append(_leftover(taker, tuple(self._pile), last is None, "XR-5.1"))
            self._pile = []
        by_jack: frozenset[Card] = frozenset()
        if self._jack_single and (self._xeris[0] or self._xeris[1]):  # lines cite XR-4.3
            by_jack = self._xeris_taken_by_a_jack()
        sheets = _score(self._captured, self._xeris, self._rules, by_jack)
        self._round_scores.append(sheets)
        number = self._round
        more.append(_round_scored(number, sheets, "XR-6"))
        p0, p1 = sheets[0].total, sheets[1].total
        self._totals[0] += p0
        self._totals[1] += p1
        won = None if p0 == p1 else (0 if p0 > p1 else 1)  # XR-6.1
        if won is not None:
            self._rounds_won[won] += 1
        # The facts as a plain tuple: `results` makes the RoundResult when first asked, so that
        # a simulation that never asks pays nothing for a frozen dataclass per round.
        self._results.append((
            number, self._dealer, sheets, won,
            (len(self._captured[0]), len(self._captured[1])),
            (tuple(self._xeris[0]), tuple(self._xeris[1])), self._redeals, self._last_capturer,
            leftover, (self._totals[0], self._totals[1])))
        more.append(_round_won(number, won, (p0, p1), "XR-6.1"))
        more += self._decide_match()
        self._events += more
        events += more
        if self._winner is None:
            self._dealer = (self._dealer + 1) & 3  # XR-2.1
            events += self._start_round(None)
        else:
            self._current = None
        return events

    def _xeris_taken_by_a_jack(self) -> frozenset[Card]:
        """The round's Xeri cards that a jack took (a Xeri only under XR-4.3's option)."""
        taken = []
        for event in reversed(self._events):
            if event.kind is EventKind.NEW_ROUND:
                break
            if isinstance(event, Xeri) and event.rule == "XR-4.3":
                taken.append(event.cards[-2])
        return frozenset(taken)

    def _decide_match(self) -> list[XeriEvent]:
        target = self._target
        totals = (self._totals[0], self._totals[1])
        if target is None:  # XR-7.1: rounds won or points, as the option says
            if self._rules.match_winner is MatchWinner.POINTS:
                how, score = MatchEnd.POINTS, totals
            else:
                how, score = MatchEnd.ROUNDS, (self._rounds_won[0], self._rounds_won[1])
            winner, extra = rounds_outcome(score, self._round, self._rules.rounds)
            if extra:
                return [ExtraRound(self._round, how, score[0])]
            if winner is None:
                return []
            self._winner = winner
            return [MatchWon(winner, how, score, "XR-7.1")]
        raised, winner = target_outcome(totals, target)  # XR-7.2
        events: list[XeriEvent] = [TargetRaised(new, totals) for new in raised]
        if raised:
            self._target = raised[-1]
        if winner is not None:
            self._winner = winner
            events.append(MatchWon(winner, MatchEnd.TARGET, totals, "XR-7.2"))
        return events

    # ----------------------------------------------------------------- looking at the state

    @property
    def rules(self) -> Rules:
        """The options this match is played with."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed that chose the first dealer and shuffles every deal."""
        return self._seed

    @property
    def dealer(self) -> int:
        """The seat dealing the current round."""
        return self._dealer

    @property
    def round_number(self) -> int:
        """The current round, from 1 (the last round once the match is over)."""
        return self._round

    @property
    def target(self) -> int | None:
        """The points to reach under ``rules.target`` (raised by 100 at a tie, XR-7.2)."""
        return self._target

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in ``seat``'s hand, in the order dealt (a teaching view: all hands)."""
        team_of(seat)  # validates the seat
        return tuple(self._hands[seat].values())

    @property
    def pile(self) -> tuple[Card, ...]:
        """The play pile, bottom to top."""
        return tuple(self._pile)

    @property
    def stock_size(self) -> int:
        """How many cards are left to deal (public, XR-9.1)."""
        return len(self._stock)

    @property
    def bottom_card(self) -> Card | None:
        """The card shown at the cut under ``cut_shows_bottom`` (XR-8.1), else ``None``."""
        return self._bottom

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The round's starting pile, as it stood after any redeals (XR-2.3, XR-2.4)."""
        return self._face_up

    @property
    def shown_back(self) -> tuple[Card, ...]:
        """The cards of this round's redealt piles that went back into the stock (XR-2.4) and
        are not in the pile that stood, while they are there: everyone saw them, so until the
        second deal (XR-2.5) everyone knows they are in the stock, not in a hand. Empty once
        the stock is dealt (they are then in hands no one else sees)."""
        return self._shown_back if self._stock else ()

    def captured(self, team: int) -> tuple[Card, ...]:
        """The cards ``team`` captured this round, in the order taken."""
        return tuple(self._captured[_team(team)])

    def xeri_cards(self, team: int) -> tuple[Card, ...]:
        """The face-up Xeri cards of ``team`` this round (XR-4.4)."""
        return tuple(self._xeris[_team(team)])

    @property
    def last_capturer(self) -> int | None:
        """The seat that captured last this round (it takes the leftover pile, XR-5.1)."""
        return self._last_capturer

    @property
    def round_scores(self) -> tuple[TeamSheets, ...]:
        """One read-only ``{team: ScoreSheet}`` per finished round (also in `results`)."""
        return tuple(self._round_scores)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """One frozen `RoundResult` per finished round: sheets, winner, captures, Xeris, redeals,
        the last capturer and the running totals."""
        results = self._results
        for index, item in enumerate(results):
            if item.__class__ is tuple:
                results[index] = RoundResult(*item)
        return tuple(results)  # type: ignore[arg-type]  # every item is a RoundResult now

    @property
    def totals(self) -> dict[int, int]:
        """Points of each team over the finished rounds."""
        return {0: self._totals[0], 1: self._totals[1]}

    scores = totals  # the protocol's name for the running scores (DESIGN.md)

    @property
    def rounds_won(self) -> dict[int, int]:
        """Rounds each team has won (a tied round counts for nobody, XR-6.1)."""
        return {0: self._rounds_won[0], 1: self._rounds_won[1]}

    @property
    def winner(self) -> int | None:
        """The team that won the match, or ``None`` while it goes on."""
        return self._winner

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match: both partners of the winning team, or ``()``."""
        team = self._winner
        return () if team is None else (team, team + 2)

    @property
    def history(self) -> tuple[Card, ...]:
        """Every card played in the match, in order."""
        return tuple(self._history)

    @property
    def events(self) -> tuple[XeriEvent, ...]:
        """Every event so far, from the choice of the first dealer (a read-only tuple)."""
        return tuple(self._events)

    @property
    def round_plays(self) -> tuple[tuple[int, Card], ...]:
        """Every ``(seat, card)`` played this round, in order (all were public, XR-9.1)."""
        turns = _TURNS[(self._dealer + 1) & 3]  # longer than any round: stops with the plays
        return tuple(zip(turns, self._history[self._round_start:], strict=False))

    @property
    def hand_sizes(self) -> tuple[int, int, int, int]:
        """How many cards each seat holds (public)."""
        hands = self._hands
        return (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3]))

    @property
    def capture_counts(self) -> tuple[int, int] | None:
        """The sizes of the teams' captured piles when ``show_capture_counts`` makes them
        public (XR-9.1), else ``None``; `captured` is the full-information answer."""
        if not self._rules.show_capture_counts:
            return None
        return (len(self._captured[0]), len(self._captured[1]))

    def locations(self) -> dict[str, tuple[Card, ...]]:
        """Every card of the pack by place ("hand 0".."hand 3", "pile", "captured 0" and
        "captured 1" for the teams, "stock"): each card is in exactly one place. A full-
        information view for analysis and tests; players see `observe`."""
        places = {f"hand {seat}": self.hand(seat) for seat in range(4)}
        places["pile"] = self.pile
        places["captured 0"], places["captured 1"] = self.captured(0), self.captured(1)
        places["stock"] = tuple(self._stock)
        return places

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see now: the other hands and the stock, except the
        bottom card shown at the cut (XR-8.1, XR-9.1) and the cards of a redealt pile that went
        back into it (`shown_back`, XR-2.4): everyone saw those and knows where they are."""
        team_of(seat)
        hidden = {c for other in range(4) if other != seat for c in self.hand(other)}
        hidden.update(self._stock)
        if self._bottom is not None:
            hidden.discard(self._bottom)
        hidden.difference_update(self.shown_back)
        return frozenset(hidden)

    def preview(self, card: Card) -> PlayOutcome:
        """What ``card`` would do if the current player played it now."""
        if self._current is None:
            raise ValueError("the match is over: there is no next play to preview")
        last = self._left == 1 and not self._stock
        return resolve_play(self._pile, card, self._rules, dealer_last_card=last)

    def observe(self, seat: int) -> XeriView:
        """What ``seat`` may see (XR-9.1), as a frozen `XeriView`: the input of bots and player
        views. It is built from the public accessors above and holds no reference to the match.
        """
        totals, won = self.totals, self.rounds_won
        return XeriView(
            seat=seat, rules=self.rules, round_number=self.round_number, dealer=self.dealer,
            current_player=self.current_player, hand=self.hand(seat), pile=self.pile,
            stock_size=self.stock_size, hand_sizes=self.hand_sizes, face_up=self.face_up,
            played=self.round_plays, xeri_cards=(self.xeri_cards(0), self.xeri_cards(1)),
            capture_counts=self.capture_counts, bottom_card=self.bottom_card,
            last_capturer=self.last_capturer, totals=(totals[0], totals[1]),
            rounds_won=(won[0], won[1]), shown_back=self.shown_back,
        )

    def observation(self, seat: int) -> XeriView:
        """Deprecated: use `observe` (the same name in both games)."""
        warnings.warn("XeriMatch.observation is deprecated; use XeriMatch.observe",
                      DeprecationWarning, stacklevel=2)
        return self.observe(seat)

    # ----------------------------------------------------------------- copies and records

    def clone(self) -> XeriMatch:
        """An independent copy, built slot by slot: every slot is either an unchangeable value,
        shared (`_SHARED_SLOTS`), or copied by its own function (`_COPIED_SLOTS`); the module
        refuses to load if a slot is in neither, so a new slot cannot be forgotten."""
        return _clone(self)

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as one comparable tuple (for tests)."""
        return (
            self._rules, self._seed, self._round, self._dealer, self._current, self._left,
            tuple(tuple(h.values()) for h in self._hands), tuple(self._pile),
            tuple(self._stock), tuple(map(tuple, self._captured)), tuple(map(tuple, self._xeris)),
            self._last_capturer, tuple(self._history), tuple(self._totals),
            tuple(self._rounds_won), self._winner, self._target, self._bottom, self._face_up,
            tuple((s[0], s[1]) for s in self._round_scores), len(self._events),
        )

    def to_json(self) -> str:
        """The match record: rules, seed (and a stacked deck if any) and the cards played."""
        record: dict[str, Any] = {"game": self.game_name, "version": RECORD_VERSION,
                                  "rules": self._rules.to_dict(), "seed": self._seed}
        if self._deck is not None:
            record["deck"] = [card.to_text() for card in self._deck]
        if self._first_dealer is not None:
            record["dealer"] = self._first_dealer
        record["actions"] = [card.to_text() for card in self._history]
        return json.dumps(record, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> XeriMatch:
        """Replay a record made by `to_json`."""
        record = read_record(text, cls.game_name, _("Xeri"),
                             actions_are=_('card texts such as "7C"'))
        actions = record["actions"]
        match = cls(record["seed"], Rules.from_dict(record["rules"]), deck=record.get("deck"),
                    dealer=record.get("dealer"))
        for number, action in enumerate(actions, 1):  # numbered as in Zion Check
            try:
                card = parse_card(action)
            except ValueError as error:  # an unreadable card is named by its place, as a bad play
                raise ValueError(_("action {number} ({action}) cannot be replayed: {why}").format(
                    number=number, action=action, why=error)) from None
            verdict = match.check(card)
            if not verdict:
                raise ValueError(_("action {number} ({action}) cannot be replayed: {why}").format(
                    number=number, action=action, why=verdict))
            match.apply(card)
        return match

    def __repr__(self) -> str:
        state = "over" if self._current is None else f"{SEAT_NAMES[self._current]} to play"
        return (f"<XeriMatch seed={self._seed} round {self._round}, {state}, "
                f"totals {self._totals[0]}–{self._totals[1]}>")

    def table_html(self, view: int | None = None, *, four_colour: bool = False) -> str:
        """The table as HTML from ``view``'s seat (``None``: every hand open); see
        `cardkit.xeri.draw.table_html`."""
        from cardkit.xeri.draw import table_html

        return table_html(self, view, four_colour=four_colour)

    def _repr_html_(self) -> str:
        """In a notebook a match shows itself as its table, every hand open."""
        from cardkit.xeri.draw import table_html

        return table_html(self)


def _two_lists(lists: list[list[Card]]) -> list[list[Card]]:
    return [list(lists[0]), list(lists[1])]


def _hands_copy(hands: list[dict[int, Card]]) -> list[dict[int, Card]]:
    return [dict(hand) for hand in hands]


_SHARED_SLOTS = ("_bottom", "_current", "_dealer", "_deck", "_face_up", "_first_dealer",
                 "_jack_points", "_jack_single", "_last_capturer", "_left",
                 "_redeals", "_round", "_round_start", "_rules", "_seed", "_shown_back",
                 "_target", "_winner", "_xeri_points")
"""The slots that hold unchangeable values (numbers, cards, tuples, the frozen rules):
a clone shares them."""
_COPIED_SLOTS: dict[str, Callable[[Any], Any]] = {
    "_hands": _hands_copy, "_captured": _two_lists, "_xeris": _two_lists, "_pile": list,
    "_stock": list, "_history": list, "_events": list, "_round_scores": list, "_results": list,
    "_totals": list, "_rounds_won": list,
}
"""The slots that hold lists or dicts the match changes, with how a clone copies each (the
events, sheets and results in those lists are frozen, so the lists are copied, not them)."""


def _make_clone() -> Callable[[XeriMatch], XeriMatch]:
    """`XeriMatch.clone`'s body, written out from the two tables (as fast as if typed by
    hand); refuses to build when a slot is in neither table or in both."""
    slots = set(XeriMatch.__slots__)
    shared, copied = set(_SHARED_SLOTS), set(_COPIED_SLOTS)
    if slots != shared | copied or shared & copied:
        raise TypeError("every XeriMatch slot must be in exactly one of _SHARED_SLOTS and "
                        f"_COPIED_SLOTS; unplaced: {sorted(slots - shared - copied)}, placed "
                        f"twice: {sorted(shared & copied)}, not a slot: "
                        f"{sorted((shared | copied) - slots)}")
    lines = ["def clone(self):", "    new = _new(_cls)"]
    lines += [f"    new.{name} = self.{name}" for name in _SHARED_SLOTS]
    lines += [f"    new.{name} = _copy_{name}(self.{name})" for name in _COPIED_SLOTS]
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": XeriMatch}
    scope.update({f"_copy_{name}": copy for name, copy in _COPIED_SLOTS.items()})
    exec("\n".join(lines) + "\n", scope)  # made above from the slot names
    clone: Callable[[XeriMatch], XeriMatch] = scope["clone"]
    return clone


_clone = _make_clone()


def _team(team: int) -> int:
    if team not in (0, 1) or type(team) is not int:
        raise ValueError(_("a team is 0 ({first}) or 1 ({second}), not {team!r}").format(
            first=team_name(0), second=team_name(1), team=team))
    return team


# ----------------------------------------------------------------- the words of check's verdicts
# Written when a verdict's reason is read, in the language of that moment (`cardkit.engine`).

def _over_words(winner: int | None, rules: Rules) -> str:
    if winner is None:
        return _("the match is over; no more cards are played")
    team = team_name(winner)
    if rules.target is not None:
        return _("the match is over: {team} reached the target; no more cards are played"
                 ).format(team=team)
    if rules.match_winner is MatchWinner.POINTS:
        return _("the match is over: {team} scored more points; no more cards are played"
                 ).format(team=team)
    return _("the match is over: {team} won more rounds; no more cards are played").format(
        team=team)


def _no_seat_words(seat: object) -> str:
    return _("there is no seat {seat!r}: a seat is the whole number 0, 1, 2 or 3 ({seats})"
             ).format(seat=seat, seats=", ".join(seat_name(s) for s in range(4)))


def _turn_words(mover: int, seat: int) -> str:
    return _("it is {mover}'s turn, not {seat}'s: players play one at a time, clockwise").format(
        mover=seat_name(mover), seat=seat_name(seat))


def _not_a_card_words(action: object) -> str:
    return _("an action is the Card to play (for example parse_card('7C')), not {type} "
             "{action!r}").format(type=type(action).__name__, action=action)


def _not_this_deck_words(card: Card) -> str:
    return _("{card!r} is no card of this game: Xeri is played with one standard 52-card deck, "
             "no second deck and no jokers").format(card=card)


def _not_held_words(card: Card, seat: int) -> str:
    return _("{card} is not in {seat}'s hand: on a turn a player plays one card from their own "
             "hand").format(card=card_name(card), seat=seat_name(seat))


def _may_play_words(seat: int, card: Card, top: Card | None, size: int, kind: PlayKind,
                    rule: str, rules: Rules) -> str:
    return _("{seat} may play {card}: {reason}").format(
        seat=seat_name(seat), card=card_name(card),
        reason=outcome_reason(card, top, size, kind, rule, rules))
