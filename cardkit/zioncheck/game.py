"""The Zion Check game: six hands of contract rummy as a seeded state machine (RULES.md Part 1).

A `ZionGame` follows the engine protocol: ``current_player`` acts with one of
``legal_actions()``; ``check`` explains, ``apply`` plays and returns narrated events::

    >>> from cardkit.zioncheck.actions import DrawStock
    >>> game = new_game(players=3, seed=1)
    >>> game.hand_number, game.phase.value, len(game.hand(game.current_player))
    (1, 'draw', 10)
    >>> [e.kind.value for e in game.apply(DrawStock())]
    ['draw']
    >>> game.phase.value
    'play'

The turn (ZC-6): DRAW (stock or discard) → PLAY (go down, lay off, exchange jokers, then
discard). The claim window (ZC-8.2, ZC-12.3), in this order:

1. After P discards c, the next player N is in DRAW: ``TakeDiscard`` takes c as the draw (no
   window opens); ``DrawStock`` declines c, and drawing from the stock is final.
2. If N declined, the other players except P are asked one at a time in CLAIM phases,
   clockwise from N's left (``current_player`` is the seat asked). Each may exchange jokers
   (staying asked), then ``Claim`` or ``Pass``. The first claim takes c (plus
   ``claim_penalty_cards`` from the stock) and closes the window; a seat that could only pass
   (at ``max_claims_per_hand`` and with no joker to free) is not asked.
3. Then N draws the stock card (two for the ``draw_two`` first turn) and plays.

Other decisions: the window also opens for an upcard or a scripted discard nobody discarded
(then everyone but N is asked); in the double turn P = N, so every other seat is asked.
The stock is reshuffled only when a card must be drawn and none is left (ZC-6.2). The length
guard counts completed turns (ZC-6.3). "Stuck" (ZC-13.2) applies only when someone went out.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Sequence
from itertools import product
from typing import Any

from cardkit.cards import Card, make_pack
from cardkit.engine import RECORD_VERSION, FrozenDict, IllegalAction, Verdict, read_record
from cardkit.zioncheck.actions import (
    Action,
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
    meld_cards,
    parse_action,
)
from cardkit.zioncheck.contract import check_go_down, contract_ok
from cardkit.zioncheck.events import EventKind, ZionEvent, seat_name
from cardkit.zioncheck.legal import (
    best_go_down_for,
    claim_verdict,
    exchange_actions,
    leaves_discard,
    legal_actions_for,
)
from cardkit.zioncheck.melds import (
    Meld,
    MeldKind,
    can_exchange_joker,
    can_lay_off,
    hand_points,
    laid_meld_ok,
    make_meld,
    meld_readings,
    with_cards,
)
from cardkit.zioncheck.rules import Contract, FirstPlayerRule, Rules
from cardkit.zioncheck.state import HandResult, Phase, TableMeld
from cardkit.zioncheck.view import Observation

__all__ = ["HandResult", "Phase", "TableMeld", "ZionGame", "load", "new_game", "seat_name"]

_OK = Verdict(True, "legal")
_OVER = Phase.OVER  # module constants: an enum member lookup costs more on hot paths
_LAID = Verdict(True, "the card extends the meld", "ZC-11.2")
HANDS = 6


class ZionGame:
    """A whole game of Zion Check (six hands). Build it with `new_game`.

    ``current_player`` is the seat that must act now: the turn player, or a player asked out of
    turn in the claim window. Hands are kept in the order the cards were received."""

    game_name = "zioncheck"

    __slots__ = (
        "_asking", "_bonus_turn", "_claims", "_current", "_deal", "_discard", "_discard_by",
        "_down", "_draw_two", "_events", "_hands", "_history", "_pack", "_results", "_rng",
        "_stock", "_table", "_taken", "_totals", "_turn", "_turns", "_window_card", "dealer",
        "hand_number", "phase", "players", "rules", "seed",
    )

    def __init__(self, players: int = 4, seed: int = 0, rules: Rules | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a zioncheck Rules value, not {type(rules).__name__}")
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ValueError(f"Zion Check needs at least 2 players, not {players!r} (ZC-1.2)")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an int, not {seed!r}")
        decks = rules.decks_for(players)
        pack = make_pack(decks, jokers=True)
        for hand, size in enumerate(rules.deal_sizes, 1):
            if players * size >= len(pack):
                raise ValueError(
                    f"hand {hand} deals {size} cards to {players} players but the pack of "
                    f"{decks} decks holds only {len(pack)} cards; use more decks (num_decks) "
                    "or smaller deal_sizes (ZC-1.2, ZC-3.1)")
        self.rules = rules
        self.players = players
        self.seed = seed
        self._rng = random.Random(seed)
        self._pack = pack
        self._history: list[Action] = []
        self._events: list[ZionEvent] = []
        self._results: list[HandResult] = []
        self._totals = [0] * players
        self._deal: dict[str, Any] | None = None
        self.hand_number = 0
        self.dealer = self._rng.randrange(players)  # ZC-3.2: the seeded first dealer
        self._start_hand(self._events)

    @classmethod
    def from_deal(cls, hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str, *,
                  discard: Sequence[Card] | str = (), table: Sequence[tuple[Any, int]] = (),
                  dealer: int | None = None, hand_number: int = 1, rules: Rules | None = None,
                  seed: int = 0) -> ZionGame:
        """A game whose current hand starts from a scripted position (for tests and lessons).

        ``hands[s]`` is seat s's hand; ``stock`` lists the stock from its top (the next card
        drawn first); ``discard`` the discard pile from bottom to top (nobody discarded it);
        ``table`` holds ``(meld, owner)`` pairs already laid down (a `Meld`, or cards that
        `check_meld` accepts; jokers may be written ``JK=7C``): their owners have gone down.
        ``dealer`` defaults to the seat before seat 0, so seat 0 plays first. The first
        player's compensation (ZC-7.1: a double turn or drawing two) is given only when the
        discard pile is empty, as it exists because there is no discard to take. Cards may be
        given as text (``"7C 7D JK"``; a card repeated in the texts is the next deck's copy,
        as in `parse_cards`). Later hands are dealt by the seeded generator. The
        record (`to_json`) keeps the scripted position so that it replays. Impossible
        positions (an empty hand, a card twice, a deck or a joker the game's pack does not
        have) raise ``ValueError``.

        >>> g = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH")
        >>> g.current_player, [str(c) for c in g.hand(0)], g.stock_size
        (0, ['7♣', '7♦', '7♥', '8♠'], 2)
        """
        from cardkit.cards import parse_card

        seen: set[Card] = set()

        def card(token: str) -> Card:
            found = parse_card(token)
            if "@" not in token:  # a repeated card in text is the next deck's copy
                while found in seen:
                    found = Card(found.rank, found.suit, found.deck + 1)
            seen.add(found)
            return found

        def cards(value: Sequence[Card] | str) -> list[Card]:
            if not isinstance(value, str):
                seen.update(value)
                return list(value)
            return [card(token) for token in value.replace(",", " ").split()]

        def meld_spec(value: Any) -> Any:
            if not isinstance(value, str):
                return value
            words = []
            for token in value.replace(",", " ").split():
                body, sep, face = token.partition("=")
                words.append(card(body).to_text() + sep + face)
            return " ".join(words)

        hand_lists = [cards(h) for h in hands]
        players = len(hand_lists)
        game = cls(players, seed, rules)
        if not 1 <= hand_number <= HANDS:
            raise ValueError(f"hand_number must be 1 to 6, not {hand_number!r}")
        stock_cards = cards(stock)
        discard_cards = cards(discard)
        deal = {"hands": [[c.to_text() for c in h] for h in hand_lists],
                "stock": [c.to_text() for c in stock_cards],
                "discard": [c.to_text() for c in discard_cards],
                "table": [[_table_text(meld_spec(meld), game.rules), owner]
                          for meld, owner in table],
                "dealer": (players - 1) if dealer is None else dealer,
                "hand_number": hand_number}
        game._set_deal(deal)
        return game

    def _set_deal(self, deal: dict[str, Any]) -> None:
        from cardkit.cards import parse_card

        try:
            hands = [[parse_card(t) for t in h] for h in deal["hands"]]
            stock = [parse_card(t) for t in deal["stock"]]
            discard = [parse_card(t) for t in deal["discard"]]
            dealer, hand_number = int(deal["dealer"]), int(deal["hand_number"])
            table = [TableMeld(Meld.from_text(text), int(owner))
                     for text, owner in deal.get("table", ())]
        except (KeyError, TypeError) as error:
            raise ValueError(f"bad scripted deal: {error}") from None
        if len(hands) != self.players or not 0 <= dealer < self.players:
            raise ValueError("a scripted deal needs one hand per player and a valid dealer")
        if any(not 0 <= tm.owner < self.players for tm in table):
            raise ValueError("a table meld's owner must be a seat of the game")
        for seat, hand in enumerate(hands):
            if not hand:
                raise ValueError(f"{seat_name(seat)}'s hand is empty: every seat of a scripted "
                                 "deal holds at least one card (a player with none has gone "
                                 "out and the hand is over, ZC-13.1)")
        every = [c for h in hands for c in h] + stock + discard
        every += [c for tm in table for c in tm.meld.cards]
        seen: set[Card] = set()
        pack = set(self._pack)
        decks = len(self._pack) // 54
        for card in every:
            if card in seen:
                raise ValueError(f"a scripted deal holds {card.to_text()} twice: name other "
                                 f"copies by deck, e.g. {card.ascii}@1 (ZC-1.1)")
            if card not in pack:
                if card.is_joker:
                    raise ValueError(f"a scripted deal holds {card.to_text()}, but the {decks} "
                                     f"decks of this game hold only {2 * decks} jokers, JK to "
                                     f"JK@{2 * decks - 1} (ZC-1.1)")
                raise ValueError(f"a scripted deal holds {card.to_text()}, but this game has "
                                 f"{decks} decks, @0 to @{decks - 1} (ZC-1.1, ZC-1.2)")
            seen.add(card)
        self._events.clear()
        self.hand_number = hand_number - 1
        self.dealer = dealer
        self._start_hand(self._events)
        del self._events[1:]  # a random upcard of the unscripted deal is not part of this one
        self._hands = hands
        self._stock = stock[::-1]
        self._discard = discard
        self._discard_by = [None] * len(discard)
        self._table = table
        for tm in table:
            self._down[tm.owner] = True
        if discard:  # the first player may take a discard: no compensation is owed (ZC-7.1)
            self._bonus_turn = self._draw_two = False
        self._deal = deal

    # ----------------------------------------------------------------- public state

    @property
    def num_players(self) -> int:
        """How many seats play (``players``; the protocol's word for both games)."""
        return self.players

    @property
    def events(self) -> tuple[ZionEvent, ...]:
        """Every event so far, in order (a read-only tuple)."""
        return tuple(self._events)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (a read-only tuple; `to_json` records it)."""
        return tuple(self._history)

    def seat_name(self, seat: int) -> str:
        """How the narration names ``seat`` ("Seat 2")."""
        return seat_name(self._seat(seat))

    @property
    def current_player(self) -> int | None:
        """The seat to act now (the asked seat in a claim window); None once the game is over."""
        return None if self.phase is _OVER else self._current

    @property
    def turn_player(self) -> int | None:
        """Whose turn it is (differs from ``current_player`` in the claim window)."""
        return None if self.phase is _OVER else self._turn

    @property
    def is_over(self) -> bool:
        """True after the sixth hand has been scored (ZC-14.2)."""
        return self.phase is _OVER

    @property
    def contract(self) -> Contract:
        """The contract of the current hand (ZC-4)."""
        return self.rules.contract(self.hand_number)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in ``seat``'s hand, in the order received."""
        return tuple(self._hands[self._seat(seat)])

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table in the order laid (``LayOff.meld_index`` counts here)."""
        return tuple(self._table)

    @property
    def discard_top(self) -> Card | None:
        """The top of the discard pile, the only card that can be taken or claimed (ZC-8.2)."""
        return self._discard[-1] if self._discard else None

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom to top."""
        return tuple(self._discard)

    @property
    def stock_size(self) -> int:
        """Cards left in the face-down stock."""
        return len(self._stock)

    def has_gone_down(self, seat: int) -> bool:
        """Has ``seat`` laid down its contract in this hand (ZC-9)?"""
        return self._down[self._seat(seat)]

    def claims_made(self, seat: int) -> int:
        """How many discards ``seat`` has claimed out of turn in this hand (ZC-8.3)."""
        return self._claims[self._seat(seat)]

    @property
    def taken_card(self) -> Card | None:
        """The card the turn player took from the discard pile this turn, if any (ZC-6.1)."""
        return self._taken

    @property
    def turns_this_hand(self) -> int:
        """Completed turns in this hand (the length guard counts them, ZC-6.3)."""
        return self._turns

    @property
    def claim_asking(self) -> tuple[int, ...]:
        """In the claim window: the seats still to be asked, the current one first."""
        return tuple(self._asking) if self.phase is Phase.CLAIM else ()

    @property
    def results(self) -> tuple[HandResult, ...]:
        """One frozen `HandResult` per finished hand, in order."""
        return tuple(self._results)

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        """Deprecated alias of `results`."""
        warnings.warn("ZionGame.hand_results is deprecated: use results", DeprecationWarning,
                      stacklevel=2)
        return tuple(self._results)

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile."""
        return len(self._discard)

    @property
    def top_discarder(self) -> int | None:
        """Who discarded the top card of the discard pile (None for an upcard or a scripted
        discard, or an empty pile)."""
        return self._discard_by[-1] if self._discard_by else None

    @property
    def window_card(self) -> Card | None:
        """In the claim window: the discard on offer (ZC-8.2); otherwise None."""
        return self._window_card

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public: everyone sees the backs)."""
        return len(self._hands[self._seat(seat)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        return tuple(map(len, self._hands))

    @property
    def gone_down(self) -> tuple[bool, ...]:
        """Whether each seat has gone down this hand (ZC-9), by seat."""
        return tuple(self._down)

    @property
    def claim_counts(self) -> tuple[int, ...]:
        """How many discards each seat has claimed this hand (ZC-8.3), by seat."""
        return tuple(self._claims)

    @property
    def total_points(self) -> tuple[int, ...]:
        """`totals` as a tuple by seat."""
        return tuple(self._totals)

    @property
    def totals(self) -> dict[int, int]:
        """Penalty points so far per seat (ZC-14.1): the sum of its hand points."""
        return dict(enumerate(self._totals))

    @property
    def scores(self) -> dict[int, int]:
        """Same as `totals` (penalty points: lower is better)."""
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over (ties share, ZC-14.2)."""
        if self.phase is not _OVER:
            return ()
        low = min(self._totals)
        return tuple(s for s, t in enumerate(self._totals) if t == low)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see (its own hand, the table, the discard top, public counts): a
        frozen `Observation` that holds no reference to the game (bots ask for one at every
        decision, so it is built here from the game's own fields in one step)."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            seat = self._seat(seat)  # refuses it with a clear message
        live = self.phase is not _OVER
        hands, discard, by = self._hands, self._discard, self._discard_by
        return Observation(
            seat, self.players, self.rules, self.hand_number,
            self.rules.contracts[self.hand_number - 1], self.dealer, self.phase,
            self._current if live else None, self._turn if live else None,
            tuple(hands[seat]), tuple(map(len, hands)), tuple(self._table),
            discard[-1] if discard else None, by[-1] if by else None, len(discard),
            len(self._stock), tuple(self._down), tuple(self._claims),
            self._taken if live and self._turn == seat else None, self._window_card,
            self._turns, tuple(self._totals))

    def observation(self, seat: int) -> Observation:
        """Deprecated alias of `observe`."""
        warnings.warn("ZionGame.observation is deprecated: use observe", DeprecationWarning,
                      stacklevel=2)
        return self.observe(seat)

    def locations(self) -> dict[str, tuple[Card, ...]]:
        """Every card of the pack by place ("hand 0".., "stock", "discard", "table"): each
        card is in exactly one place. A full-information view for analysis and tests; players
        see `observe`."""
        places = {f"hand {seat}": self.hand(seat) for seat in range(self.players)}
        places["stock"] = tuple(self._stock)
        places["discard"] = self.discard_pile
        places["table"] = tuple(card for meld in self._table for card in meld.cards)
        return places

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see now: the other players' hands and the stock."""
        seat = self._seat(seat)
        hidden = {c for other in range(self.players) if other != seat for c in self.hand(other)}
        hidden.update(self._stock)
        return frozenset(hidden)

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        return seat

    def __repr__(self) -> str:
        return (f"<ZionGame players={self.players} seed={self.seed} hand={self.hand_number} "
                f"phase={self.phase.value} current={self.current_player}>")

    def table_html(self, view: int | None = None, *, four_colour: bool = False,
                   own_hand_note: str | None = None) -> str:
        """The table as HTML, every hand open or ``view``'s seat only (see
        `cardkit.zioncheck.draw.table_html`)."""
        from cardkit.zioncheck.draw import table_html

        return table_html(self, view, four_colour=four_colour, own_hand_note=own_hand_note)

    def _repr_html_(self) -> str:
        """In a notebook a game shows itself as its table, every hand open."""
        return self.table_html()

    # ----------------------------------------------------------------- the deal

    def _start_hand(self, out: list[ZionEvent]) -> None:
        self.hand_number += 1
        n = self.players
        rules = self.rules
        stock = self._pack[:]
        self._rng.shuffle(stock)
        hands: list[list[Card]] = [[] for _ in range(n)]
        order = [(self.dealer + k) % n for k in range(1, n + 1)]  # ZC-3.3 from dealer's left
        pop = stock.pop
        for _ in range(rules.deal_sizes[self.hand_number - 1]):
            for seat in order:
                hands[seat].append(pop())
        self._hands = hands
        self._stock = stock
        self._discard: list[Card] = []
        self._discard_by: list[int | None] = []
        self._table: list[TableMeld] = []
        self._down = [False] * n
        self._claims = [0] * n
        self._taken: Card | None = None
        self._turns = 0
        self._asking: list[int] = []
        self._window_card: Card | None = None
        first = order[0]
        self._turn = self._current = first
        self.phase = Phase.DRAW
        fpr = rules.first_player_rule
        self._bonus_turn = fpr is FirstPlayerRule.DOUBLE_TURN
        self._draw_two = fpr is FirstPlayerRule.DRAW_TWO
        out.append(ZionEvent(
            EventKind.DEAL, self.dealer, "ZC-3", hand=self.hand_number,
            size=rules.deal_sizes[self.hand_number - 1], decks=len(self._pack) // 54,
            pack=len(self._pack), contract=rules.contract(self.hand_number), first=first,
            first_rule=fpr.value))
        if fpr is FirstPlayerRule.UPCARD:
            card = pop()
            self._discard.append(card)
            self._discard_by.append(None)
            out.append(ZionEvent(EventKind.UPCARD, None, "ZC-7.1", card=card))

    # ----------------------------------------------------------------- checking

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player; going down is offered as the solver's
        best arrangement (any other legal arrangement is accepted by `check`/`apply`)."""
        phase = self.phase
        if phase is _OVER:
            return []
        seat = self._current
        taken = self._taken if seat == self._turn else None
        return legal_actions_for(phase, seat, self._hands[seat], [tm.meld for tm in self._table],
                                 self._down[seat], taken, self._can_take(seat),
                                 self._claims[seat], self.hand_number, self.rules)

    def best_go_down(self) -> tuple[Any, ...] | None:
        """The solver's go-down for the turn player now (None if they cannot or may not)."""
        if self.phase is not Phase.PLAY or self._down[self._turn]:
            return None
        return best_go_down_for(self._hands[self._turn], self.hand_number, self.rules,
                                self._taken)

    def _leaves_discard(self, seat: int, used: Sequence[Card]) -> bool:
        return leaves_discard(self._hands[seat], used, self._taken, self.rules)

    def _can_take(self, seat: int) -> bool:
        return bool(self._discard) and self._discard_by[-1] != seat

    def _claim_verdict(self, seat: int) -> Verdict:
        return claim_verdict(seat, self._claims[seat], self.rules)

    def _exchange_actions(self, seat: int) -> list[Action]:
        return exchange_actions(self._hands[seat], [tm.meld for tm in self._table])

    def _held(self, seat: int, card: Any, rule: str) -> Card:
        """The card of ``seat``'s hand meant by ``card``: itself, or a copy of the same face
        from another deck (so "7C" names whichever 7♣ the player holds). Refuses, citing
        ``rule`` (the rule of the action tried), a card the seat does not hold."""
        hand = self._hands[seat]
        if isinstance(card, Card):
            if card in hand:
                return card
            for held in hand:
                if held.rank == card.rank and held.suit == card.suit:
                    return held
        raise IllegalAction(_not_held(seat_name(seat), card, rule))

    def check(self, action: Any, seat: int | None = None) -> Verdict:
        """May the current player do ``action`` now? A verdict with reason and rule ID.

        ``seat`` names who is trying (an app passes the seat that clicked): any seat but the
        one to act is refused. Each kind of action has its own check, ``verify_draw`` …
        ``verify_go_down``, which raises `IllegalAction`; ``check`` turns that into a verdict.

        >>> game = new_game(players=3, seed=1)
        >>> v = game.check(Discard("7C"))
        >>> v.ok, v.rule
        (False, 'ZC-6')
        """
        try:
            return self._verify(action, seat, explain=True)[0]
        except IllegalAction as refusal:
            return refusal.verdict

    # The per-action checks, after PokerKit's ``verify_*`` methods: each raises `IllegalAction`
    # (reason + rule ID) when the current player (or ``seat``, if given) may not do it now,
    # and returns the verdict that says why it is legal. None of them changes the game.

    def verify_draw(self, *, seat: int | None = None) -> Verdict:
        """May the current player draw from the stock now (ZC-6)?"""
        return self._verify(DrawStock(), seat, explain=True)[0]

    def verify_take_discard(self, *, seat: int | None = None) -> Verdict:
        """May the current player take the top discard as this turn's draw (ZC-6, ZC-8.2)?"""
        return self._verify(TakeDiscard(), seat, explain=True)[0]

    def verify_claim(self, *, seat: int | None = None) -> Verdict:
        """May the asked player claim the discard in the claim window (ZC-8)?"""
        return self._verify(Claim(), seat, explain=True)[0]

    def verify_pass(self, *, seat: int | None = None) -> Verdict:
        """May the asked player pass in the claim window (ZC-8.2)?"""
        return self._verify(Pass(), seat, explain=True)[0]

    def verify_discard(self, card: Card | str, *, seat: int | None = None) -> Verdict:
        """May the turn player discard ``card`` (ZC-6, ZC-6.1)?"""
        return self._verify(Discard(card), seat, explain=True)[0]

    def verify_go_down(self, melds: Sequence[Any], *, seat: int | None = None) -> Verdict:
        """May the turn player go down with ``melds`` (ZC-9, ZC-4, ZC-10)? ``melds`` as in
        `GoDown`: `Meld` values, card lists or texts.

        >>> g = ZionGame.from_deal(["8C 8D 8H KC KD KH 2S", "2C 3C 4C 5C 6C 7C 9D"], "9S")
        >>> _ = g.apply(DrawStock())
        >>> g.verify_go_down(["8C 8D 8H", "KC KD KH"]).rule
        'ZC-9.2'
        """
        return self._verify(GoDown(melds), seat, explain=True)[0]

    def verify_lay_off(self, card: Card | str, meld_index: int, end: str | None = None, *,
                       seat: int | None = None) -> Verdict:
        """May the turn player lay ``card`` off on table meld ``meld_index`` (ZC-11)?"""
        return self._verify(LayOff(card, meld_index, end), seat, explain=True)[0]

    def verify_exchange(self, card: Card | str, meld_index: int, *,
                        seat: int | None = None) -> Verdict:
        """May the current player free a joker of meld ``meld_index`` with ``card`` (ZC-12)?"""
        return self._verify(ExchangeJoker(card, meld_index), seat, explain=True)[0]

    def _verify(self, action: Any, seat: int | None, explain: bool) -> tuple[Verdict, Any, Any]:
        """(verdict, the action as resolved to held cards, what `apply` needs) or raise.

        ``explain`` asks for the most specific reason where a quicker check would do."""
        wrong = self._wrong_seat(seat)
        if wrong is not None:
            raise IllegalAction(wrong)
        if self.phase is _OVER:
            raise IllegalAction(Verdict(False, "the game is over", "ZC-14.2"))
        verify = _VERIFY.get(type(action))
        if verify is None:
            raise IllegalAction(_not_an_action(action))
        return verify(self, action, explain)

    def _wrong_seat(self, seat: int | None) -> Verdict | None:
        if seat is None or self.phase is _OVER or seat == self._current:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return Verdict(False, f"there is no seat {seat!r}: seats are 0 to "
                           f"{self.players - 1}", "ZC-1.3")
        mover = seat_name(self._current)
        if self.phase is Phase.CLAIM:
            return Verdict(False, f"{mover} is being asked about {self._window_card} now, not "
                           f"{seat_name(seat)}: the others are asked one at a time, clockwise",
                           "ZC-8.2")
        return Verdict(False, f"it is {mover}'s turn, not {seat_name(seat)}'s", "ZC-6")

    def _in_phase(self, kind: type) -> None:
        """Refuse an action of ``kind`` that the current phase does not allow."""
        phase = self.phase
        if phase is Phase.DRAW:
            if kind is DrawStock or kind is TakeDiscard:
                return
            who = seat_name(self._current)  # words only for a refusal
            if kind is Claim or kind is Pass:
                why = f"it is {who}'s own turn: draw from the stock or take the discard"
                raise IllegalAction(Verdict(False, why, "ZC-8.2"))
            raise IllegalAction(Verdict(False, f"{who} must draw first, from the stock or the "
                                        "discard pile", _PLAY_RULES[kind]))
        if phase is Phase.CLAIM:
            if kind is Pass or kind is Claim or kind is ExchangeJoker:
                return
            who = seat_name(self._current)
            why = (f"it is not {who}'s turn: {who} may only claim {self._window_card}, "
                   "exchange a joker, or pass")
            raise IllegalAction(Verdict(False, why, _PLAY_RULES.get(kind, "ZC-8.2")))
        if kind is DrawStock or kind is TakeDiscard:
            raise IllegalAction(Verdict(False, f"{seat_name(self._current)} has already drawn "
                                        "this turn", "ZC-6"))
        if kind is Claim or kind is Pass:
            why = "claiming is only out of turn, in the claim window after a discard"
            raise IllegalAction(Verdict(False, why, "ZC-8.2"))

    def _verify_draw(self, action: DrawStock, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(DrawStock)
        return _OK, action, None

    def _verify_take(self, action: TakeDiscard, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(TakeDiscard)
        seat = self._current
        if not self._discard:
            why = ("the discard pile is empty: nobody has discarded yet, so the first player "
                   "draws from the stock")
            raise IllegalAction(Verdict(False, why, "ZC-7.1"))
        if self._discard_by[-1] == seat:
            raise IllegalAction(Verdict(False, f"{seat_name(seat)} discarded {self._discard[-1]}"
                                        " and may not take it back", "ZC-6"))
        return _OK, action, None

    def _verify_claim(self, action: Claim, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(Claim)
        verdict = self._claim_verdict(self._current)
        if not verdict.ok:
            raise IllegalAction(verdict)
        return verdict, action, None

    def _verify_pass(self, action: Pass, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(Pass)
        return _OK, action, None

    def _verify_discard(self, action: Discard, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(Discard)
        seat = self._current
        card = self._held(seat, action.card, "ZC-6")
        if card == self._taken and self.rules.forbid_discard_of_taken_card:
            why = f"{card} was taken from the discard pile this turn and may not be discarded"
            raise IllegalAction(Verdict(False, why, "ZC-6.1"))
        return _OK, (action if card is action.card else Discard(card)), None

    def _verify_go_down(self, action: GoDown, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(GoDown)
        seat = self._current
        if self._down[seat]:
            why = (f"{seat_name(seat)} has already gone down this hand (ZC-9.3). Lay cards off "
                   "instead (ZC-11)")
            raise IllegalAction(Verdict(False, why, "ZC-9.3"))
        hand = self._hands[seat]
        if not explain:
            fast = self._go_down_fast(seat, action.melds)
            if fast is not None:
                return _OK, GoDown(fast), fast
        who = seat_name(seat)
        pool = list(hand)
        readings = []
        for number, spec in enumerate(action.melds, 1):
            # the cards must all be in hand; a face without deck may name any held copy
            cards = meld_cards(spec)
            held_cards = []
            for card in cards:
                held = card if card in pool else next(
                    (c for c in pool if c.rank == card.rank and c.suit == card.suit), None)
                if held is None:
                    if card in hand:
                        why = f"{card} is used twice: one physical card goes in one meld only"
                        raise IllegalAction(Verdict(False, why, "ZC-1.1"))
                    missing = _not_held(who, card, "ZC-9.2")
                    raise IllegalAction(Verdict(False, f"meld {number}: {missing.reason} (ZC-9.2). "
                                                + _as_a_meld(spec, self.rules), "ZC-9.2"))
                pool.remove(held)
                held_cards.append(held)
            if held_cards != list(cards):
                spec = _respec(spec, held_cards)
            found, verdict = meld_readings(spec, self.rules)
            if not found:
                raise IllegalAction(Verdict(False, f"meld {number}: {verdict.reason}",
                                            verdict.rule))
            readings.append(found)
        failure: Verdict | None = None
        for choice in product(*readings):
            verdict = check_go_down(list(choice), self.hand_number, self.rules)
            if verdict.ok:
                break
            if failure is None or (failure.rule == "ZC-9.2" and verdict.rule != "ZC-9.2"):
                failure = verdict  # the most specific reason: a wrong count says least
        else:
            if failure is None:
                failure = check_go_down([], self.hand_number, self.rules)
            raise IllegalAction(failure)
        melds = tuple(choice)
        if not self._leaves_discard(seat, [c for m in melds for c in m.cards]):
            raise IllegalAction(_no_discard_left(who, not pool))
        return verdict, GoDown(melds), melds

    def _go_down_fast(self, seat: int, specs: Sequence[Any]) -> tuple[Meld, ...] | None:
        """The go-down as given when it is plainly legal (`Meld` values of cards held, each a
        legal meld, together the contract, a card left to discard), checked without building
        a word of explanation; None means "check it in full" (for the reason, or the readings
        of card lists)."""
        rules = self.rules
        if not all(isinstance(m, Meld) and laid_meld_ok(m, rules) for m in specs):
            return None
        used = [c for m in specs for c in m.cards]
        hand = self._hands[seat]
        if len(set(used)) != len(used) or not all(c in hand for c in used):
            return None
        melds = tuple(specs)
        if not contract_ok(melds, self.contract, rules) or not self._leaves_discard(seat, used):
            return None
        return melds

    def _verify_lay_off(self, action: LayOff, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(LayOff)
        seat = self._current
        if not self._down[seat]:
            why = (f"{seat_name(seat)} has not gone down yet; only a player who has gone down "
                   "may lay off")
            raise IllegalAction(Verdict(False, why, "ZC-11.1"))
        index = action.meld_index
        if not 0 <= index < len(self._table):
            raise IllegalAction(_no_meld(index, len(self._table), "ZC-11.1"))
        card = self._held(seat, action.card, "ZC-11.1")
        taken = self._taken
        if (taken is not None and card != taken and taken.face == card.face
                and not self._leaves_discard(seat, (card,))):
            card = taken  # the other copy of this card may go: lay off the one taken (ZC-6.1)
        target = self._table[index].meld
        meld = target.with_card(card, action.end)  # raises IllegalAction when it does not fit
        if not self._leaves_discard(seat, (card,)):
            raise IllegalAction(_no_discard_left(seat_name(seat), len(self._hands[seat]) == 1))
        verdict = can_lay_off(card, target, self.rules, end=action.end) if explain else _LAID
        return verdict, LayOff(card, index, action.end), meld

    def _verify_exchange(self, action: ExchangeJoker, explain: bool) -> tuple[Verdict, Any, Any]:
        self._in_phase(ExchangeJoker)
        seat = self._current
        index = action.meld_index
        if not 0 <= index < len(self._table):
            raise IllegalAction(_no_meld(index, len(self._table), "ZC-12.1"))
        card = self._held(seat, action.card, "ZC-12.1")
        target = self._table[index].meld
        result = target.with_joker_exchanged(card)  # raises IllegalAction when it cannot
        verdict = can_exchange_joker(card, target) if explain else _OK
        return verdict, ExchangeJoker(card, index), result

    # ----------------------------------------------------------------- playing

    def apply(self, action: Any, seat: int | None = None) -> list[ZionEvent]:
        """Play ``action`` for the current player; returns the events it caused.

        Raises `IllegalAction` (with reason and rule ID) and changes nothing if it is illegal,
        or if ``seat`` is given and is not the seat to act."""
        _verdict, action, detail = self._verify(action, seat, explain=False)
        out: list[ZionEvent] = []
        self._history.append(action)
        kind = type(action)
        seat = self._current
        if kind is Discard:
            self._do_discard(seat, action.card, out)
        elif kind is DrawStock:
            self._do_draw_stock(seat, out)
        elif kind is TakeDiscard:
            card = self._discard.pop()
            self._discard_by.pop()
            self._hands[seat].append(card)
            self._taken = card
            self.phase = Phase.PLAY
            out.append(ZionEvent(EventKind.TAKE, seat, "ZC-6", card=card))
        elif kind is Pass:
            out.append(ZionEvent(EventKind.PASS, seat, "ZC-8.2", card=self._window_card))
            self._next_asked(out)
        elif kind is Claim:
            self._do_claim(seat, out)
        elif kind is LayOff:
            self._do_lay_off(seat, action, detail, out)
        elif kind is ExchangeJoker:
            self._do_exchange(seat, action, detail, out)
        else:
            self._do_go_down(seat, detail, out)
        self._events += out
        return out

    def _do_discard(self, seat: int, card: Card, out: list[ZionEvent]) -> None:
        hand = self._hands[seat]
        hand.remove(card)
        self._discard.append(card)
        self._discard_by.append(seat)
        self._taken = None
        out.append(ZionEvent(EventKind.DISCARD, seat, "ZC-6", card=card))
        if not hand:
            out.append(ZionEvent(EventKind.GO_OUT, seat, "ZC-13.1", how="by discarding the last "
                                 "card", hand=self.hand_number))
            self._end_hand(seat, "went out", out)
            return
        self._turns += 1
        if self._turns >= self.rules.max_turns_per_hand:
            self._end_hand(None, "length guard", out)
            return
        if self._bonus_turn:  # ZC-7.1: the first player's second turn
            self._bonus_turn = False
            nxt = seat
        else:
            nxt = (seat + 1) % self.players
        self._turn = self._current = nxt
        self.phase = Phase.DRAW

    def _do_draw_stock(self, seat: int, out: list[ZionEvent]) -> None:
        if self._discard:
            top_by = self._discard_by[-1]
            n = self.players
            limit = self.rules.max_claims_per_hand
            free_jokers = _table_has_free_joker(self._table)
            asking = []
            for k in range(1, n):
                other = (seat + k) % n
                if other == top_by:
                    continue
                # a seat that could only pass is not asked (ZC-8.3 limit reached, no joker)
                if (limit is not None and self._claims[other] >= limit and not (
                        free_jokers and self._exchange_actions(other))):
                    continue
                asking.append(other)
            if asking:
                card = self._discard[-1]
                out.append(ZionEvent(EventKind.DECLINE, seat, "ZC-8.2", card=card,
                                     order=tuple(asking), own=top_by == seat))
                self._asking = asking
                self._window_card = card
                self._current = asking[0]
                self.phase = Phase.CLAIM
                return
        self._finish_draw(seat, out)

    def _finish_draw(self, seat: int, out: list[ZionEvent]) -> None:
        """The turn player draws from the stock (two cards for the draw_two first turn)."""
        self._asking = []
        self._window_card = None
        want = 2 if self._draw_two else 1
        self._draw_two = False
        cards = self._draw_cards(want, out)
        if not cards:
            self._end_hand(None, "stock exhausted", out)
            return
        self._hands[seat].extend(cards)
        rule = "ZC-7.1" if want == 2 else "ZC-6"
        out.append(ZionEvent(EventKind.DRAW, seat, rule, cards=tuple(cards)))
        self._turn = self._current = seat
        self.phase = Phase.PLAY

    def _draw_cards(self, want: int, out: list[ZionEvent]) -> list[Card]:
        """Take up to ``want`` cards from the stock, reshuffling the discards when it runs out
        (ZC-6.2); fewer (maybe none) when no card can be drawn."""
        cards = []
        stock = self._stock
        for _ in range(want):
            if not stock:
                under = self._discard[:-1]
                out.append(ZionEvent(EventKind.RESHUFFLE, None, "ZC-6.2", count=len(under)))
                if not under:
                    break
                self._rng.shuffle(under)
                stock.extend(under)
                del self._discard[:-1]
                del self._discard_by[:-1]
            cards.append(stock.pop())
        return cards

    def _next_asked(self, out: list[ZionEvent]) -> None:
        self._asking.pop(0)
        if self._asking:
            self._current = self._asking[0]
        else:
            self._finish_draw(self._turn, out)

    def _do_claim(self, seat: int, out: list[ZionEvent]) -> None:
        card = self._discard.pop()
        self._discard_by.pop()
        self._hands[seat].append(card)
        self._claims[seat] += 1
        out.append(ZionEvent(EventKind.CLAIM, seat, "ZC-8.1", card=card))
        wanted = self.rules.claim_penalty_cards
        if wanted:
            extra = self._draw_cards(wanted, out)
            self._hands[seat].extend(extra)
            out.append(ZionEvent(EventKind.PENALTY, seat, "ZC-8.3", cards=tuple(extra),
                                 wanted=wanted))
        self._finish_draw(self._turn, out)  # the window closes at the first claim

    def _do_exchange(self, seat: int, action: ExchangeJoker, result: Any,
                     out: list[ZionEvent]) -> None:
        meld, joker = result
        hand = self._hands[seat]
        hand.remove(action.card)
        hand.append(joker)
        index = action.meld_index
        self._table[index] = TableMeld(meld, self._table[index].owner)
        out.append(ZionEvent(EventKind.EXCHANGE, seat, "ZC-12.1", card=action.card, index=index,
                             meld=meld, joker=joker, out_of_turn=self.phase is Phase.CLAIM))

    def _do_lay_off(self, seat: int, action: LayOff, meld: Any, out: list[ZionEvent]) -> None:
        hand = self._hands[seat]
        hand.remove(action.card)
        index = action.meld_index
        owner = self._table[index].owner
        self._table[index] = TableMeld(meld, owner)
        out.append(ZionEvent(EventKind.LAY_OFF, seat, "ZC-11.2", card=action.card, index=index,
                             meld=meld, owner=owner))
        if not hand:
            out.append(ZionEvent(EventKind.GO_OUT, seat, "ZC-13.1", how="by laying off the last "
                                 "card", hand=self.hand_number))
            self._end_hand(seat, "went out", out)

    def _do_go_down(self, seat: int, melds: tuple[Any, ...], out: list[ZionEvent]) -> None:
        hand = self._hands[seat]
        for meld in melds:
            for card in meld.cards:
                hand.remove(card)
            self._table.append(TableMeld(meld, seat))
        self._down[seat] = True
        out.append(ZionEvent(EventKind.GO_DOWN, seat, "ZC-9.2", melds=melds,
                             contract=self.contract,
                             joker_in_set=any(m.kind is MeldKind.SET
                                              and any(c.rank == 0 for c in m.cards)
                                              for m in melds)))
        if not hand:
            out.append(ZionEvent(EventKind.GO_OUT, seat, "ZC-13.1", how="by going down with "
                                 "every card", hand=self.hand_number))
            self._end_hand(seat, "went out", out)

    def _end_hand(self, winner: int | None, reason: str, out: list[ZionEvent]) -> None:
        rules = self.rules
        points: dict[int, int] = {}
        stuck = []
        for seat in range(self.players):
            if seat == winner:
                points[seat] = 0
                continue
            p = hand_points(self._hands[seat], rules)
            if winner is not None and not self._down[seat]:
                stuck.append(seat)  # ZC-13.2
                p += rules.stuck_penalty
            points[seat] = p
            self._totals[seat] += p
        result = HandResult(self.hand_number, self.dealer, winner, points, tuple(stuck), reason,
                            self._turns, {s: tuple(h) for s, h in enumerate(self._hands)})
        self._results.append(result)
        rule = {"went out": "ZC-14.1", "stock exhausted": "ZC-6.2", "length guard": "ZC-6.3"}
        out.append(ZionEvent(EventKind.HAND_END, winner, rule[reason], hand=self.hand_number,
                             winner=winner, reason=reason, points=FrozenDict(points),
                             stuck=tuple(stuck),
                             turns=self._turns, stuck_penalty=rules.stuck_penalty))
        self._asking = []
        self._window_card = None
        if self.hand_number >= HANDS:
            self.phase = _OVER
            out.append(ZionEvent(EventKind.GAME_END, None, "ZC-14.2",
                                 totals=FrozenDict(self.totals),
                                 winners=self.winners))
            return
        self.dealer = (self.dealer + 1) % self.players  # ZC-3.2
        self._start_hand(out)

    # ----------------------------------------------------------------- copies and records

    def snapshot(self) -> dict[str, Any]:
        """Everything an action could change, as comparable data (lists copied, the generator's
        state included): equal snapshots mean the same position. Tests use it to show that a
        refused action changed nothing."""
        out: dict[str, Any] = {}
        for name in ZionGame.__slots__:
            value = getattr(self, name)
            name = name.lstrip("_") if name in ("_events", "_history") else name
            if name == "_rng":
                value = value.getstate()
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            out[name] = value
        return out

    def clone(self) -> ZionGame:
        """An independent copy (cheap: lists are copied, cards and melds are shared values)."""
        new = object.__new__(ZionGame)
        new.rules = self.rules
        new.players = self.players
        new.seed = self.seed
        new._deal = self._deal
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        new._rng = rng
        new._pack = self._pack
        new._history = self._history[:]
        new._events = self._events[:]
        new._results = self._results[:]
        new._totals = self._totals[:]
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new._hands = [h[:] for h in self._hands]
        new._stock = self._stock[:]
        new._discard = self._discard[:]
        new._discard_by = self._discard_by[:]
        new._table = self._table[:]
        new._down = self._down[:]
        new._claims = self._claims[:]
        new._taken = self._taken
        new._turns = self._turns
        new._asking = self._asking[:]
        new._window_card = self._window_card
        new._turn = self._turn
        new._current = self._current
        new.phase = self.phase
        new._bonus_turn = self._bonus_turn
        new._draw_two = self._draw_two
        return new

    def to_json(self) -> str:
        """The game record: rules, seed, players and every action as text."""
        record: dict[str, Any] = {
            "game": self.game_name, "version": RECORD_VERSION, "rules": self.rules.to_dict(),
            "seed": self.seed, "players": self.players,
        }
        if self._deal is not None:
            record["deal"] = self._deal
        record["actions"] = [a.to_text() for a in self._history]
        return json.dumps(record)

    @classmethod
    def from_json(cls, text: str) -> ZionGame:
        """Replay a record made by `to_json`."""
        data = read_record(text, cls.game_name, "Zion Check", ("rules", "seed", "players"),
                           actions_are='action texts such as "draw" or "discard 7H"')
        game = cls(data["players"], data["seed"], Rules.from_dict(data["rules"]))
        if data.get("deal") is not None:
            game._set_deal(data["deal"])
        for number, text_action in enumerate(data["actions"], 1):  # numbered as in Xeri
            try:
                game.apply(parse_action(text_action))
            except (IllegalAction, ValueError) as error:
                raise ValueError(f"action {number} ({text_action}) cannot be replayed: "
                                 f"{error}") from None
        return game


def _table_text(meld: Any, rules: Rules) -> str:
    """The record text of a scripted table meld (a `Meld`, or cards as a list or text)."""
    if isinstance(meld, Meld):
        return meld.to_text()
    if isinstance(meld, str):
        specs = parse_action("down " + meld).melds  # cards with optional JK=7C placements
        if len(specs) != 1:
            raise ValueError(f"bad table meld {meld!r}: give one meld per (meld, owner) pair")
        meld = specs[0]
    built, verdict = make_meld(meld, rules)
    if built is None:
        raise ValueError(f"bad table meld: {verdict}")
    return built.to_text()


def new_game(players: int = 4, seed: int = 0, rules: Rules | None = None) -> ZionGame:
    """A new game of Zion Check: the first hand is dealt and the first player is to draw."""
    return ZionGame(players, seed, rules)


def load(text: str) -> ZionGame:
    """Replay a game record (the JSON text of `ZionGame.to_json`); ``ValueError`` if bad.

    >>> game = new_game(players=3, seed=4)
    >>> _ = game.apply(DrawStock())
    >>> load(game.to_json()).history == game.history
    True
    """
    return ZionGame.from_json(text)


_PLAY_RULES = {GoDown: "ZC-9.1", LayOff: "ZC-11.1", ExchangeJoker: "ZC-12.3", Discard: "ZC-6"}
"""The rule that names when each own-turn action may be taken."""


def _respec(spec: Any, cards: Sequence[Card]) -> Any:
    """``spec`` made of other physical copies (``cards``, in the same order)."""
    if isinstance(spec, Meld):
        return with_cards(spec, cards)
    return tuple(card if isinstance(item, Card) else (card, item[1])
                 for item, card in zip(spec, cards, strict=True))


def _not_an_action(action: Any) -> Verdict:
    return Verdict(False, f"{action!r} is not a Zion Check action (DrawStock, TakeDiscard, Claim,"
                   " Pass, GoDown, LayOff, ExchangeJoker or Discard)", "ZC-6")


def _not_held(who: str, card: Any, rule: str) -> Verdict:
    return Verdict(False, f"{who} does not hold {card}", rule)


def _as_a_meld(spec: Any, rules: Rules) -> str:
    """Whether a meld of a go-down would be legal, said after a card of it is not held."""
    cards = " ".join(map(str, meld_cards(spec)))
    found, verdict = meld_readings(spec, rules)
    if found:
        return f"As a meld, {cards} would be {found[0].description}"
    return f"{cards} would not be a meld either: {verdict.reason}"


def _no_meld(index: int, count: int, rule: str) -> Verdict:
    if count == 0:
        return Verdict(False, "there is no meld on the table yet", rule)
    if count == 1:
        return Verdict(False, f"there is no meld {index} on the table: the only meld is "
                       "meld 0", rule)
    return Verdict(False, f"there is no meld {index} on the table (melds are numbered 0 to "
                   f"{count - 1})", rule)


def _no_discard_left(who: str, empties: bool) -> Verdict:
    if empties:
        why = (f"{who} would have no card left to discard: going out needs a final discard "
               "(option allow_go_out_without_discard)")
        return Verdict(False, why, "ZC-13.1")
    why = (f"{who} would keep only the card taken from the discard pile this turn, which may not "
           "be discarded")
    return Verdict(False, why, "ZC-6.1")


def _table_has_free_joker(table: Sequence[TableMeld]) -> bool:
    """Does any run on the table hold a joker (which someone could free, ZC-12.1)?"""
    return any(tm.meld.kind is MeldKind.RUN and any(c.rank == 0 for c in tm.meld.cards)
               for tm in table)


_VERIFY: dict[type, Any] = {
    DrawStock: ZionGame._verify_draw, TakeDiscard: ZionGame._verify_take,
    Claim: ZionGame._verify_claim, Pass: ZionGame._verify_pass,
    Discard: ZionGame._verify_discard, GoDown: ZionGame._verify_go_down,
    LayOff: ZionGame._verify_lay_off, ExchangeJoker: ZionGame._verify_exchange,
}
"""The check of each kind of action (``ZionGame._verify`` dispatches on the type)."""
