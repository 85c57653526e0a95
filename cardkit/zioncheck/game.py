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

import random
import warnings
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from cardkit.cards import Card, make_pack
from cardkit.engine import IllegalAction, Verdict
from cardkit.zioncheck.actions import (
    Action,
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    Pass,
    TakeDiscard,
)
from cardkit.zioncheck.core import HANDS
from cardkit.zioncheck.deal import scripted_game
from cardkit.zioncheck.events import ZionEvent, seat_name
from cardkit.zioncheck.legal import best_go_down_for, legal_actions_for
from cardkit.zioncheck.melds import Meld
from cardkit.zioncheck.moves import Moves
from cardkit.zioncheck.record import copy_game, game_record, game_snapshot, replay_record
from cardkit.zioncheck.rules import MAX_PLAYERS, Contract, Rules
from cardkit.zioncheck.state import HandResult, Phase, TableMeld
from cardkit.zioncheck.verify import Checks
from cardkit.zioncheck.view import Observation

__all__ = ["HANDS", "HandResult", "Phase", "TableMeld", "ZionGame", "load", "new_game",
           "seat_name"]

_OVER = Phase.OVER  # module constants: an enum member lookup costs more on hot paths


_observation = tuple.__new__
"""Makes an `Observation` from its fields in order, without the named tuple's own `__new__`
that would bind every field as an argument first (a view is made at every decision)."""


class ZionGame(Moves, Checks):
    """A whole game of Zion Check (six hands). Build it with `new_game`.

    ``current_player`` is the seat that must act now: the turn player, or a player asked out of
    turn in the claim window. Hands are kept in the order the cards were received. The state is
    `GameCore`'s slots, read through the properties below (all read-only); the checks live in
    `cardkit.zioncheck.verify`, the moves in `cardkit.zioncheck.moves`, scripted deals in
    `cardkit.zioncheck.deal` and records in `cardkit.zioncheck.record`."""

    game_name: ClassVar[str] = "zioncheck"

    __slots__ = ()

    def __init__(self, players: int = 4, seed: int = 0, rules: Rules | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a zioncheck Rules value, not {type(rules).__name__}")
        if isinstance(players, bool) or not isinstance(players, int) or not (
                2 <= players <= MAX_PLAYERS):
            raise ValueError(f"Zion Check is played by 2 to {MAX_PLAYERS} players, not "
                             f"{players!r} (ZC-1.2)")
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
        self._rules = rules
        self._players = players
        self._seed = seed
        self._rng = random.Random(seed)
        self._pack = pack
        self._history = []
        self._events = []
        self._results = []
        self._totals = [0] * players
        self._deal = None
        self._hand_number = 0
        self._dealer = self._rng.randrange(players)  # ZC-3.2: the seeded first dealer
        self._start_hand(self._events)

    @classmethod
    def from_deal(cls, hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str, *,
                  discard: Sequence[Card] | str = (), table: Sequence[tuple[Any, int]] = (),
                  dealer: int | None = None, hand_number: int = 1, rules: Rules | None = None,
                  seed: int = 0) -> ZionGame:
        """A game whose current hand starts from a scripted position (for tests and lessons):
        see `cardkit.zioncheck.deal.scripted_game`.

        >>> g = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH")
        >>> g.current_player, [str(c) for c in g.hand(0)], g.stock_size
        (0, ['7♣', '7♦', '7♥', '8♠'], 2)
        """
        return scripted_game(cls, hands, stock, discard=discard, table=table, dealer=dealer,
                             hand_number=hand_number, rules=rules, seed=seed)

    # ----------------------------------------------------------------- public state

    @property
    def rules(self) -> Rules:
        """The game's rule options (read-only)."""
        return self._rules

    @property
    def players(self) -> int:
        """How many seats play (read-only)."""
        return self._players

    @property
    def seed(self) -> int:
        """The seed the deals are shuffled from (read-only)."""
        return self._seed

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand (ZC-3.2)."""
        return self._dealer

    @property
    def hand_number(self) -> int:
        """The current hand, 1 to 6 (ZC-3.1)."""
        return self._hand_number

    @property
    def phase(self) -> Phase:
        """What the current player must do (a `Phase`)."""
        return self._phase

    @property
    def num_players(self) -> int:
        """How many seats play (``players``; the protocol's word for both games)."""
        return self._players

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
        return None if self._phase is _OVER else self._current

    @property
    def turn_player(self) -> int | None:
        """Whose turn it is (differs from ``current_player`` in the claim window)."""
        return None if self._phase is _OVER else self._turn

    @property
    def is_over(self) -> bool:
        """True after the sixth hand has been scored (ZC-14.2)."""
        return self._phase is _OVER

    @property
    def contract(self) -> Contract:
        """The contract of the current hand (ZC-4)."""
        return self._rules.contract(self._hand_number)

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
        return tuple(self._asking) if self._phase is Phase.CLAIM else ()

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
    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """By seat, the cards everyone saw go into that hand (taken from the discard pile,
        claimed, or a joker freed from a run: ZC-6, ZC-8.1, ZC-12.1) that it still holds."""
        return tuple(map(tuple, self._known))

    @property
    def stock_pool(self) -> tuple[Card, ...]:
        """The cards the last reshuffle of this hand put into the stock (ZC-6.2), or ()."""
        return self._pool

    @property
    def first_player_due(self) -> tuple[bool, bool]:
        """The first player's compensation still to come (ZC-7.1): a second turn, two cards."""
        return self._bonus_turn, self._draw_two

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
        if self._phase is not _OVER:
            return ()
        low = min(self._totals)
        return tuple(s for s, t in enumerate(self._totals) if t == low)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see (its own hand, the table, the discard top, public counts): a
        frozen `Observation` that holds no reference to the game (bots ask for one at every
        decision, so it is built here from the game's own fields in one step)."""
        if seat.__class__ is not int or not 0 <= seat < self._players:
            seat = self._seat(seat)  # refuses it with a clear message
        live = self._phase is not _OVER
        hands, discard, by = self._hands, self._discard, self._discard_by
        return _observation(Observation, (
            seat, self._players, self._rules, self._hand_number,
            self._rules.contracts[self._hand_number - 1], self._dealer, self._phase,
            self._current if live else None, self._turn if live else None,
            tuple(hands[seat]), tuple(map(len, hands)), tuple(self._table),
            discard[-1] if discard else None, by[-1] if by else None, len(discard),
            len(self._stock), tuple(self._down), tuple(self._claims),
            self._taken if live and self._turn == seat else None, self._window_card,
            self._turns, tuple(self._totals), tuple(discard), tuple(map(tuple, self._known)),
            self._taken if live else None, tuple(self._asking),
            self._bonus_turn, self._draw_two, self._pool))

    def observation(self, seat: int) -> Observation:
        """Deprecated alias of `observe`."""
        warnings.warn("ZionGame.observation is deprecated: use observe", DeprecationWarning,
                      stacklevel=2)
        return self.observe(seat)

    def locations(self) -> dict[str, tuple[Card, ...]]:
        """Every card of the pack by place ("hand 0".., "stock", "discard", "table"): each
        card is in exactly one place. A full-information view for analysis and tests; players
        see `observe`."""
        places = {f"hand {seat}": self.hand(seat) for seat in range(self._players)}
        places["stock"] = tuple(self._stock)
        places["discard"] = self.discard_pile
        places["table"] = tuple(card for meld in self._table for card in meld.cards)
        return places

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see now: the other players' hands and the stock."""
        seat = self._seat(seat)
        hidden = {c for other in range(self._players) if other != seat for c in self.hand(other)}
        hidden.update(self._stock)
        return frozenset(hidden)

    def __repr__(self) -> str:
        return (f"<ZionGame players={self._players} seed={self._seed} hand={self._hand_number} "
                f"phase={self._phase.value} current={self.current_player}>")

    def table_html(self, view: int | None = None, *, four_colour: bool = False,
                   own_hand_note: str | None = None) -> str:
        """The table as HTML, every hand open or ``view``'s seat only (see
        `cardkit.zioncheck.draw.table_html`)."""
        from cardkit.zioncheck.draw import table_html

        return table_html(self, view, four_colour=four_colour, own_hand_note=own_hand_note)

    def _repr_html_(self) -> str:
        """In a notebook a game shows itself as its table, every hand open."""
        return self.table_html()

    # ----------------------------------------------------------------- checking and playing

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player; going down is offered as the solver's
        best arrangement (any other legal arrangement is accepted by `check`/`apply`)."""
        phase = self._phase
        if phase is _OVER:
            return []
        seat = self._current
        taken = self._taken if seat == self._turn else None
        return legal_actions_for(phase, seat, self._hands[seat], [tm.meld for tm in self._table],
                                 self._down[seat], taken, self._can_take(seat),
                                 self._claims[seat], self._hand_number, self._rules)

    def best_go_down(self) -> tuple[Any, ...] | None:
        """The solver's go-down for the turn player now (None if they cannot or may not)."""
        if self._phase is not Phase.PLAY or self._down[self._turn]:
            return None
        return best_go_down_for(self._hands[self._turn], self._hand_number, self._rules,
                                self._taken)

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
            return self._verify(action, seat, explain=True).verdict
        except IllegalAction as refusal:
            return refusal.verdict

    # The per-action checks, after PokerKit's ``verify_*`` methods: each raises `IllegalAction`
    # (reason + rule ID) when the current player (or ``seat``, if given) may not do it now,
    # and returns the verdict that says why it is legal. None of them changes the game.


    def apply(self, action: Any, seat: int | None = None) -> list[ZionEvent]:
        """Play ``action`` for the current player; returns the events it caused.

        Raises `IllegalAction` (with reason and rule ID) and changes nothing if it is illegal,
        or if ``seat`` is given and is not the seat to act."""
        checked = self._verify(action, seat, explain=False)
        action, detail = checked.action, checked.detail
        out: list[ZionEvent] = []
        self._history.append(action)
        kind = type(action)
        seat = self._current
        if kind is Discard:
            self._do_discard(seat, cast(Discard, action).card, out)
        elif kind is DrawStock:
            self._do_draw_stock(seat, out)
        elif kind is TakeDiscard:
            self._do_take(seat, out)
        elif kind is Pass:
            self._do_pass(seat, out)
        elif kind is Claim:
            self._do_claim(seat, out)
        elif kind is LayOff:
            self._do_lay_off(seat, cast(LayOff, action), cast(Meld, detail), out)
        elif kind is ExchangeJoker:
            self._do_exchange(seat, cast(ExchangeJoker, action), cast("tuple[Meld, Card]", detail),
                              out)
        else:
            self._do_go_down(seat, cast("tuple[Meld, ...]", detail), out)
        self._events += out
        return out

    # ----------------------------------------------------------------- copies and records

    def snapshot(self) -> dict[str, Any]:
        """Everything an action could change, as comparable data (lists copied, the generator's
        state included): equal snapshots mean the same position. Tests use it to show that a
        refused action changed nothing."""
        return game_snapshot(self)

    def clone(self) -> ZionGame:
        """An independent copy (cheap: lists are copied, cards and melds are shared values);
        every slot is copied, see `cardkit.zioncheck.record.copy_game`."""
        return copy_game(self)

    def to_json(self) -> str:
        """The game record: rules, seed, players and every action as text."""
        return game_record(self)

    @classmethod
    def from_json(cls, text: str) -> ZionGame:
        """Replay a record made by `to_json`."""
        return replay_record(cls, text)


def new_game(*, players: int = 4, seed: int = 0, rules: Rules | None = None) -> ZionGame:
    """A new game of Zion Check: the first hand is dealt and the first player is to draw.

    Keyword-only, as every game's factory (`cardkit.zioncheck.new_game` is the public one).
    """
    return ZionGame(players, seed, rules)


def load(text: str) -> ZionGame:
    """Deprecated: use `cardkit.games.load_record`, the one way to load a record."""
    warnings.warn("cardkit.zioncheck.game.load is deprecated; use cardkit.games.load_record",
                  DeprecationWarning, stacklevel=2)
    return ZionGame.from_json(text)
