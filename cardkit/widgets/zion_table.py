"""ZionTable: play Zion Check against bots in a notebook or a Voila app.

The learner holds one seat; bots (greedy or random) hold the others and answer after a short
pause (``bot_delay``). Every try of the learner becomes a core action (`DrawStock`,
`TakeDiscard`, `Claim`, `Pass`, `GoDown`, `LayOff`, `ExchangeJoker`, `Discard`) that the game
checks before it applies it; a refusal shows its reason and rule ID and leaves the game as it
was. No button is greyed out without a word: every button stays pressable, the ones the core
allows now are coloured, the others carry the core's reason as their tooltip, and pressing one
shows that reason with its rule ID. Only while the bots play are the buttons disabled, and a
click sent meanwhile is dropped rather than played later (`cardkit.widgets.clicks.ClickGate`).
`ZionTable.act` asks the core every time (a page could send any click)::

    table = ZionTable(players=4, seed=3, bot_delay=0)
    table.draw_button.click()               # draw from the stock
    table.hand.select_cards([table.my_hand[0]])
    table.discard_button.click()            # discard it; the bots play until it is our move
    table.message.text, table.log_text()[:3]

The controls are `cardkit.widgets.zion_controls`' meld builder and action bar: going down,
laying off, exchanging jokers, claims. At each hand's end the game pauses with the result, the
score sheet and a "Next hand" button; until it is pressed the status, the hand row and the
table show the hand that ended (each seat's cards left and points), not the next deal, which
the core has already made.

What the page shows: the status (hand, contract, whose move), the learner's hand once, as the
clickable row (Tab and Enter or Space work too), the table (stock, discard pile, each seat's
melds, the others' hands as card backs and each seat's running total of penalty points), the
narration of every move with its rule ID (the bots' stock draws stay hidden), and after each
hand the results table and the points chart. Errors in any callback show in the message area.
"""

from __future__ import annotations

import html
import time  # noqa: F401  (the bots pause with time.sleep in game_table; tests patch it here)
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card
from cardkit.widgets import zion_view as view
from cardkit.widgets.common import N_, _, guarded  # _: the apps catalog's gettext
from cardkit.widgets.game_table import EndBox, GameTable, ScorePanel
from cardkit.widgets.hand import HandWidget
from cardkit.widgets.hint import HintPanel
from cardkit.widgets.narration import NarrationLog
from cardkit.widgets.zion_claims import ClaimHelp, passes_for
from cardkit.widgets.zion_controls import ActionBar, MeldBuilder, button
from cardkit.zioncheck import (
    GoDown,
    GreedyBot,
    Pass,
    Phase,
    RandomBot,
    Rules,
    decks_for_players,
    new_game,
)
from cardkit.zioncheck import draw as zion_draw
from cardkit.zioncheck.analyst import AnalystBot
from cardkit.zioncheck.events import EventKind

__all__ = ["ZionTable"]

BOTS = {"greedy": GreedyBot, "random": RandomBot, "analyst": AnalystBot}  # ?bot= (MAX_BOT_SECONDS)
LOG_LINES = 300
_HAND_END = (EventKind.HAND_END, EventKind.GAME_END)

class ZionTable(GameTable):
    """Zion Check against bots: the learner plays ``seat``; the other seats are bots.

    ``players`` 2 or more; ``seed`` fixes the deals (None draws one; "New game" takes the next
    seed of that series); ``rules`` the options (default `Rules()`); ``bot`` "greedy" or
    "random"; ``bot_delay`` seconds of pause before each bot move (tests use 0);
    ``ask_claims`` asks the learner at each claim window (off: a beginner's windows pass);
    ``pause_at_hand_end`` holds the game after each hand until "Next hand"; ``share`` turns a
    seed into the address shown for it (default ``?seed=N``).
    """

    GAME, GAME_NOUN, ROUND_NOUN, BOTS = "zioncheck", "game", "hand", BOTS

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        seat: int = 0,
        rules: Rules | None = None,
        bot: str = "greedy",
        bot_delay: float = 0.6,
        four_colour: bool = False,
        ask_claims: bool = False,
        pause_at_hand_end: bool = True,
        share: Callable[[int], str] | None = None,
    ) -> None:
        decks_for_players(players)  # the core refuses a player count the rules lack (ZC-1.2)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        super().__init__(seed=seed, bot=bot, bot_delay=bot_delay, share=share)
        self.players, self.seat, self.rules = players, seat, rules
        self.four_colour, self.pause_at_hand_end = four_colour, pause_at_hand_end
        self._events_seen = self._results_shown = 0
        self._make_widgets(ask_claims)
        self.new_game(self.deal_seed(seed), pause=False)

    def _make_widgets(self, ask_claims: bool) -> None:
        self.status = widgets.HTML().add_class("ck-zion-status")
        self.table_view = widgets.HTML().add_class("ck-zion-table-view")
        self.hand_caption = widgets.HTML().add_class("ck-zion-hand-caption")
        self.hand = HandWidget(multiple=True, label=_("your hand"), four_colour=self.four_colour,
                               card_width=56)
        self.melds = MeldBuilder(self.hand, self.message)
        self.hint = HintPanel(self)  # rates the learner's legal moves from their view
        self.actions = bar = ActionBar(ask_claims, self.hand, self.message)
        # the controls by their old names too (tests, notebooks): table.draw_button, …
        for name in ("draw_button", "take_button", "claim_button", "pass_button", "meld_choice",
                     "end_choice", "lay_off_button", "exchange_button", "discard_button",
                     "new_game_button", "ask_claims", "options_view"):
            setattr(self, name, getattr(bar, name))
        for name, part in (("add_meld_button", "add_button"), ("go_down_button", "go_down_button"),
                           ("clear_melds_button", "clear_button"), ("melds_view", "view"),
                           ("suggest_button", "suggest_button")):
            setattr(self, name, getattr(self.melds, part))
        self.seed_line.add_class("ck-zion-seed")
        self.next_hand_button = button(N_("Next hand"), N_("deal the next hand and play on"),
                                       "primary")
        self.hand_end_box = EndBox("ck-zion-hand-end", self.next_hand_button,
                                   "ck-zion-hand-end-box")
        self.hand_end_view = self.hand_end_box.view
        self._claims = ClaimHelp()
        self.claim_help, self.claim_help_button = self._claims.view, self._claims.button
        self.claim_help_box = self._claims.box
        self.narration = NarrationLog(css_class="ck-zion-log", styles=view.LOG_STYLE,
                                      max_lines=LOG_LINES, list_class="ck-zion-narration")
        self.results_view = widgets.HTML().add_class("ck-zion-results")
        self.chart_box = ScorePanel("ck-zion-chart", _zion_charts)

        guard = guarded(self.message)
        bar.connect(self.clicks, guard, self.act)
        self.melds.connect(self.clicks, guard, self.act, self._refresh,
                           lambda: (self.game, self.seat))
        self.clicks.on_click(self.new_game_button, guard(self.on_new_game))
        self.clicks.on_click(self.next_hand_button, guard(self.on_next_hand))
        self._acting = (*bar.buttons, *self.melds.buttons, self.next_hand_button)
        # passing for the learner lets the bots play: busy time for the gate too
        self.ask_claims.observe(self.clicks.timed(guard(self._on_ask_claims)), names="value")
        self.hand.on_select(guard(lambda _cards: self._refresh_controls()))
        self.meld_choice.observe(guard(lambda _change: self._refresh_controls()), names="value")
        self.end_choice.observe(guard(lambda _change: self._refresh_controls()), names="value")

        # The learner's hand and buttons on the left, the table beside them: both fit a
        # 1280×720 projector; on a narrow window the table goes below.
        left = widgets.VBox(
            [self.status, self.hand_end_box, self.claim_help_box, self.hand_caption, self.hand,
             bar.box(self.melds), self.hint, self.message, self.seed_line],
            layout=widgets.Layout(flex="3 1 560px", min_width="0"),
        )
        right = widgets.VBox(
            [self.table_view, widgets.HTML(_("<b>What happened</b> (newest first)")),
             self.narration],
            layout=widgets.Layout(flex="2 1 420px", min_width="0"),
        )
        self.children = (
            widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap")),
            self.results_view, self.chart_box, *self.resume_link.widgets)
        self.add_class("cardkit-app")
        self.add_class("cardkit-zion-table")

    # ----------------------------------------------------------------- the game

    @property
    def held_hand(self) -> int | None:
        """The finished hand shown until "Next hand" (None while a hand is played)."""
        return self.held

    @property
    def pending_melds(self) -> list[tuple[Card, ...]]:
        """The melds built so far for going down."""
        return self.melds.pending

    @pending_melds.setter
    def pending_melds(self, melds: list[tuple[Card, ...]]) -> None:
        self.melds.pending = list(melds)

    @property
    def claims_explained(self) -> bool:
        """Whether this game has said what a claim is (once a game, ZC-8)."""
        return self._claims.explained

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The learner's cards."""
        return self.game.hand(self.seat)

    def new_game(self, seed: int | None = None, *, pause: bool = True) -> None:
        """Deal a new game (``seed`` or the next of the series) and let the bots open it."""
        self.start(new_game(players=self.players, seed=self.deal_seed(seed), rules=self.rules),
                   pause=pause)

    def start(self, game: Any, *, pause: bool = True) -> None:
        """Play on from ``game`` (a `ZionGame`, e.g. a scripted deal for a lesson): the views
        start afresh and the bots move until it is the learner's move."""
        if game.players != self.players:
            raise ValueError(f"this table seats {self.players} players, the game has "
                             f"{game.players}")
        self.game = game
        self.rules = game.rules
        self._begin(game.seed, (s for s in range(self.players) if s != self.seat))
        self.pending_melds = []
        self._claims.reset()
        self.hand_end_box.hide()
        self.narration.clear()
        self._events_seen = self._results_shown = 0
        self.results_view.value = ""
        self.chart_box.clear()
        self.hand.clear_selection()
        self._narrate(hold=False)  # a resumed record is narrated whole
        self._run_bots(pause=pause)

    def _resume(self, game: Any) -> None:
        self.start(game)  # refuses a game of another table size before changing anything
        self.message.show(_("Your game is back where it was (seed {seed}). {turn}").format(
            seed=game.seed, turn=self._turn_words()), "info")

    def act(self, action: Any) -> list[Any] | None:
        """Try ``action`` for the learner's seat: the core checks it, then applies it.

        Refused (reason and rule ID in the message area, game unchanged) when it is not the
        learner's move or the core says no: the rules themselves refuse a move made out of
        turn, so a forged or late click never reaches the game. Returns the events, or None
        when refused.
        """
        if self.held is not None:
            self.message.show(_("Hand {hand} is over: press Next hand to play on.").format(
                hand=self.held), "info")
            return None
        verdict = self.game.check(action, seat=self.seat)
        if not verdict:
            self.message.show_verdict(verdict)
            self._refresh()
            return None
        events = self.game.apply(action, seat=self.seat)
        # TRANSLATORS: {action} is the core's words for a move, e.g. "draw from the stock"
        self.message.show(_("You {action}.").format(action=action), "ok")
        if isinstance(action, GoDown):
            self.pending_melds = []
        self.hand.clear_selection()
        # The status and buttons first, the narration last: a page (or a test) that sees the new
        # narration line then also sees the state after the move, never the one before it.
        self._refresh()
        self._narrate()
        self._run_bots(pause=True)
        return events

    # the bot loop's hooks (GameTable._run_bots)

    def _busy_while_bots(self, pause: bool) -> bool:
        return pause and bool(self.bot_delay)

    def _move_for_human(self, seat: int) -> bool:
        if not passes_for(self.game, self.seat, asked=self.ask_claims.value):
            return False
        self.game.apply(Pass(), seat=seat)
        self._narrate()
        return True

    def _pauses_before(self, choice: Any) -> bool:
        return not isinstance(choice, Pass)  # a bot's pass is quiet: no pause

    def _before_pause(self) -> None:
        self._refresh()

    def _after_bot_move(self, events: list[Any]) -> None:
        self._narrate()

    def _on_ask_claims(self, _change: Any) -> None:
        if passes_for(self.game, self.seat, asked=self.ask_claims.value):
            self.message.clear()
            self._run_bots(pause=True)

    # ----------------------------------------------------------------- the learner's buttons

    def on_next_hand(self, _event: Any = None) -> None:
        """Leave the finished hand's result and play the next hand (the "Next hand" button)."""
        self.play_on()
        if not self.message.text:
            self.message.show(self._turn_words(), "info")

    def on_new_game(self, _event: Any = None) -> None:
        self.message.clear()
        self.new_game()
        self.message.show(_("New game, seed {seed}.").format(seed=self.game.seed), "info")

    # ----------------------------------------------------------------- what the page shows

    def _hide_end(self) -> None:
        self.hand_end_box.hide()

    def _narrate_held(self) -> None:
        self._narrate()

    def _narrate(self, *, hold: bool = True) -> None:
        """Add the game's new events to the narration. With ``hold`` (and the pause at hand
        ends on) it stops after a hand's end: the next hand's deal, which the core makes at
        once, is narrated when the learner presses Next hand, not while the result is shown."""
        game = self.game
        lines, ended = [], False
        for event in game.events[self._events_seen:]:
            self._events_seen += 1
            lines.append(view.log_line(event, self.seat))
            ended = ended or event.kind in _HAND_END
            if event.kind is EventKind.CLAIM:
                self._explain_claims()
            if (hold and event.kind is EventKind.HAND_END and self.pause_at_hand_end
                    and not game.is_over):
                break
        if ended:  # the result and the held status first, so the hand's end line never
            self._show_results(hold=hold)  # shows beside a status that runs ahead
        self.narration.add(lines)

    def _show_results(self, *, hold: bool = True) -> None:
        """The points of every hand so far, the totals, and the totals chart; with ``hold``
        (a hand just ended in play), the result box and "Next hand". A game started or
        resumed partway through a later hand plays on, its earlier hands in the sheet only."""
        game = self.game
        if len(game.results) == self._results_shown:
            return
        self._results_shown = len(game.results)
        last = game.results[-1]
        summary = view.hand_over_words(last, self.seat)
        self.message.show(summary, "ok")
        self.results_view.value = zion_draw.results_html(game, you=self.seat)
        # The charts first (plotly takes seconds the first time): the result box and its
        # "Next hand" appear only once the slow part is done.
        self.chart_box.show(game)
        # The hand's result, the score sheet and "Next hand" at the top, in view.
        if not (hold or game.is_over):
            return
        if self.pause_at_hand_end and not game.is_over:
            self.held = last.hand_number
            self.pending_melds = []  # melds staged in the hand that ended
            self.hand.clear_selection()
            self._refresh()
        # greyed until this handler ends (the last refresh enables it): a click sent before
        # would be dropped by the gate without a word
        self.next_hand_button.disabled = True
        self.hand_end_box.show(
            f'<div class="ck-zion-hand-head" role="status" style="font-size:16px;'
            f'font-weight:700;margin:2px 0">{html.escape(summary)}</div>'
            + self.results_view.value, last=game.is_over)

    def _explain_claims(self) -> None:
        """The first claim window or claim of a game says what a claim is (ZC-8)."""
        self._claims.explain(asked=self.ask_claims.value)

    def _turn_words(self) -> str:
        return view.turn_words(self.game, self.seat, held=self.held)

    def _refresh(self) -> None:
        game = self.game
        self.resume_link.show(game.to_json())
        # While a finished hand's result is shown, the page still describes that hand: the
        # core has already dealt the next one, which shows when the learner presses Next hand.
        ended = (None if self.held is None else
                 next((r for r in game.results if r.hand_number == self.held), None))
        number = game.hand_number if ended is None else ended.hand_number
        self.table_view.value = view.table_view_html(game, self.seat, ended,
                                                     four_colour=self.four_colour)
        self.status.value = view.status_html(game, self.seat, number, over=ended is not None,
                                             words=self._turn_words())
        hand = self.my_hand if ended is None else ended.hands[self.seat]
        self.hand.cards = sorted(hand)  # by suit, then rank: melds are easier to see
        self.melds.keep(hand)  # melds being built keep only cards still in hand
        self.hint.refresh()
        self.hand_caption.value = view.caption_html(hand, self.seat, ended)
        self.actions.show_melds(view.meld_choices(game, self.seat))
        self._refresh_controls()

    def _refresh_controls(self) -> None:
        """Colour what the core allows now, give the others the core's reason as tooltip; list
        the melds being built with their verdicts. No button is disabled while it is the
        learner's to press: a press always acts or says why not. While the bots play every
        button is disabled (and a click sent meanwhile is dropped, `ClickGate`)."""
        game = self.game
        mine = game.current_player == self.seat
        selected = self.hand.selected_cards
        one = selected[0] if len(selected) == 1 else None
        held = self.held is not None
        self.actions.offer(game, self.seat, one, mine=mine, held=held)
        self.melds.offer(game, self.seat, mine=mine, held=held)
        self._show_busy()  # pressable, except while the bots play (issue 12)
        self.hand.disabled = game.is_over or held
        if game.phase is Phase.CLAIM and mine and not held:
            self._explain_claims()


def _zion_charts(game: Any) -> Any:
    from cardkit.widgets.charts import ZionScoreCharts

    return ZionScoreCharts(game)
