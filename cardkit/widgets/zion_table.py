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

Going down: select cards, press "Add meld" (each meld is listed with its live verdict from
`check_meld`, and the whole with `check_go_down`: what is missing for the contract), then
"Go down". "Suggest go-down" fills the melds with the solver's arrangement. After going down,
select one card and a table meld to "Lay off" (a run's end can be chosen) or "Exchange joker";
the line under the buttons says where the selected card fits. When a bot discards, the claim
window asks the learner to "Claim" or "Pass" (ZC-8) when "Ask me whether to claim" is on (off
by default, for beginners: their claim windows pass). The first claim window or claim of a game
explains what a claim is. Cards staged into a meld carry its number; a card goes in one meld.
At each hand's end the game pauses with the result, the score sheet and a "Next hand" button;
until it is pressed the status, the hand row and the table show the hand that ended (each
seat's cards left and points), not the next deal, which the core has already made.

What the page shows: the status (hand, contract, whose move), the learner's hand once, as the
clickable row (Tab and Enter or Space work too), the table (stock, discard pile, each seat's
melds, the others' hands as card backs and each seat's running total of penalty points), the
narration of every move with its rule ID (the bots' stock draws stay hidden), and after each
hand the results table and the points chart. Errors in any callback show in the message area.
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card
from cardkit.engine import IllegalAction, Verdict
from cardkit.render import (
    PANEL_STYLE,
    TABLE_STYLE,
    badge_html,
    heading_html,
    note_html,
    own_hand_note_html,
    plural,
    seat_hand_html,
)
from cardkit.widgets.clicks import ClickGate
from cardkit.widgets.common import MessageArea, guarded, seed_html
from cardkit.widgets.hand import HandWidget
from cardkit.widgets.resume import ResumeLink, checked_record
from cardkit.zioncheck import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    GreedyBot,
    LayOff,
    Pass,
    RandomBot,
    Rules,
    TakeDiscard,
    decks_for_players,
    explain_go_down,
    find_go_down,
    joker_exchanges,
    lay_off_options,
    new_game,
    no_go_down,
)
from cardkit.zioncheck import draw as zion_draw
from cardkit.zioncheck.events import EventKind, seat_name

__all__ = ["ZionTable"]

BOTS = {"greedy": GreedyBot, "random": RandomBot}
LOG_LINES = 300
_HAND_END = (EventKind.HAND_END, EventKind.GAME_END)
_EMPHASIS = {
    EventKind.GO_DOWN: "down", EventKind.GO_OUT: "out", EventKind.HAND_END: "score",
    EventKind.GAME_END: "score", EventKind.DEAL: "deal", EventKind.CLAIM: "claim",
    EventKind.EXCHANGE: "claim", EventKind.LAY_OFF: "down",
}
_LOG_STYLE = {
    "down": "color:#1f5f3f;font-weight:600", "out": "color:#9b2c2c;font-weight:700",
    "score": "font-weight:700", "deal": "color:#3573c9;font-weight:600",
    "claim": "color:#8a4b00;font-weight:600", "you": "color:#222",
}
_ENDS = (("the end that fits", "either"), ("low end", "low"), ("high end", "high"))
_NO_MELD = (("(no melds on the table yet)", -1),)  # a Dropdown shows a None value as blank


def _cards_words(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _mark(ok: bool) -> str:
    return ('<span style="color:#2e8b57;font-weight:700">✔</span>' if ok
            else '<span style="color:#c0392b;font-weight:700">✘</span>')


def _button(description: str, tooltip: str, style: str = "") -> widgets.Button:
    # no icons: Font Awesome comes from a CDN, and the apps work offline
    button = widgets.Button(description=description, tooltip=tooltip, button_style=style,
                            layout=widgets.Layout(width="auto"))
    button.add_class("ck-btn-" + description.lower().replace(" ", "-").replace("-", "_"))
    return button


class ZionTable(widgets.VBox):
    """Zion Check against bots: the learner plays ``seat``; the other seats are bots.

    ``players`` 2 or more; ``seed`` fixes the deals (None draws one; "New game" takes the next
    seed of that series); ``rules`` the options (default `Rules()`); ``bot`` "greedy" or
    "random"; ``bot_delay`` seconds of pause before each bot move (tests use 0);
    ``ask_claims`` asks the learner at each claim window (off: a beginner's windows pass);
    ``pause_at_hand_end`` holds the game after each hand until "Next hand"; ``share`` turns a
    seed into the address shown for it (default ``?seed=N``).
    """

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
        if bot not in BOTS:
            raise ValueError(f"bot is one of {', '.join(sorted(BOTS))}, not {bot!r}")
        if not (isinstance(bot_delay, (int, float)) and bot_delay >= 0):
            raise ValueError(f"bot_delay is a number of seconds >= 0, not {bot_delay!r}")
        self.players, self.seat, self.rules = players, seat, rules
        self.bot_kind, self.bot_delay, self.four_colour = bot, float(bot_delay), four_colour
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.pause_at_hand_end = pause_at_hand_end
        self._share = share or (lambda number: f"?seed={number}")
        self.held_hand: int | None = None  # a finished hand shown until "Next hand"
        self.claims_explained = False
        self.pending_melds: list[tuple[Card, ...]] = []
        self.log_lines: list[tuple[str, str]] = []  # (text, css kind), oldest first
        self._results_shown = 0
        self._bots_playing = False  # the table's controls are disabled meanwhile

        self.message = MessageArea()
        self.status = widgets.HTML().add_class("ck-zion-status")
        self.table_view = widgets.HTML().add_class("ck-zion-table-view")
        self.hand_caption = widgets.HTML().add_class("ck-zion-hand-caption")
        self.hand = HandWidget(multiple=True, label="your hand", four_colour=four_colour,
                               card_width=56)

        self.draw_button = _button("Draw from stock", "draw the top card of the stock (ZC-6)",
                                   "primary")
        self.take_button = _button("Take discard", "take the top discard as your draw (ZC-6)",
                                   "primary")
        self.claim_button = _button("Claim", "claim the discard out of turn (ZC-8)",
                                    "warning")
        self.pass_button = _button("Pass", "let the discard go (ZC-8.2)")
        self.add_meld_button = _button("Add meld", "put the selected cards in a new meld")
        self.clear_melds_button = _button("Clear melds", "forget the melds built so far")
        self.go_down_button = _button("Go down", "lay down the melds listed (ZC-9)", "success")
        self.suggest_button = _button("Suggest go-down",
                                      "the solver's best arrangement for your hand")
        self.meld_choice = widgets.Dropdown(options=_NO_MELD,
                                            description="Table meld",
                                            layout=widgets.Layout(width="360px"))
        self.end_choice = widgets.Dropdown(options=_ENDS, description="Run end",
                                           layout=widgets.Layout(width="230px"))
        self.lay_off_button = _button("Lay off", "put the selected card on the table meld "
                                      "chosen (ZC-11)")
        self.exchange_button = _button("Exchange joker", "put the selected card in place of the "
                                       "joker it matches (ZC-12)")
        self.discard_button = _button("Discard", "discard the selected card, ending your turn",
                                      "danger")
        self.new_game_button = _button("New game", "deal a new game (next seed)")
        self.ask_claims = widgets.Checkbox(
            value=ask_claims, description="Ask me whether to claim each discard (ZC-8)",
            indent=False, layout=widgets.Layout(width="auto"))
        self.seed_line = widgets.HTML().add_class("ck-zion-seed")
        self.hand_end_view = widgets.HTML().add_class("ck-zion-hand-end")
        self.next_hand_button = _button("Next hand", "deal the next hand and play on", "primary")
        self.hand_end_box = widgets.VBox(
            [self.hand_end_view, self.next_hand_button],
            layout=widgets.Layout(display="none", border="2px solid #3573c9",
                                  padding="4px 10px", margin="4px 0"),
        ).add_class("ck-zion-hand-end-box")
        self.claim_help = widgets.HTML().add_class("ck-zion-claim-help")
        self.claim_help_button = _button("Got it", "hide the explanation of claims")
        self.claim_help_box = widgets.VBox(
            [self.claim_help, self.claim_help_button],
            layout=widgets.Layout(display="none", border="2px solid #d9822b",
                                  padding="4px 10px", margin="4px 0"),
        ).add_class("ck-zion-claim-box")
        self.melds_view = widgets.HTML().add_class("ck-zion-melds")
        self.options_view = widgets.HTML().add_class("ck-zion-options")
        self.narration = widgets.HTML().add_class("ck-zion-log")
        self.results_view = widgets.HTML().add_class("ck-zion-results")
        self.chart_box = widgets.VBox().add_class("ck-zion-chart")
        # the page keeps the game's record, to bring it back if the kernel dies (issue 12)
        self.resume_link = ResumeLink(guarded(self.message)(self.resume_from))

        guard = guarded(self.message)
        # A click queued while the bots played would otherwise act later (issue 12): the
        # table's controls go through one gate, and are disabled while bots play.
        self.clicks = ClickGate()
        for button, handler in (
            (self.draw_button, self.on_draw), (self.take_button, self.on_take),
            (self.claim_button, self.on_claim), (self.pass_button, self.on_pass),
            (self.add_meld_button, self.on_add_meld),
            (self.clear_melds_button, self.on_clear_melds),
            (self.go_down_button, self.on_go_down), (self.suggest_button, self.on_suggest),
            (self.lay_off_button, self.on_lay_off), (self.exchange_button, self.on_exchange),
            (self.discard_button, self.on_discard), (self.new_game_button, self.on_new_game),
            (self.next_hand_button, self.on_next_hand),
        ):
            self.clicks.on_click(button, guard(handler))
        self._acting = (self.draw_button, self.take_button, self.claim_button, self.pass_button,
                        self.add_meld_button, self.clear_melds_button, self.go_down_button,
                        self.suggest_button, self.lay_off_button, self.exchange_button,
                        self.discard_button, self.new_game_button, self.next_hand_button)
        self.claim_help_button.on_click(
            guard(lambda _b: setattr(self.claim_help_box.layout, "display", "none")))
        # passing for the learner lets the bots play: busy time for the gate too
        self.ask_claims.observe(self.clicks.timed(guard(self._on_ask_claims)), names="value")
        self.hand.on_select(guard(lambda _cards: self._refresh_controls()))
        self.meld_choice.observe(guard(lambda _change: self._refresh_controls()), names="value")
        self.end_choice.observe(guard(lambda _change: self._refresh_controls()), names="value")

        box = widgets.Layout(flex_flow="row wrap", align_items="center")
        controls = widgets.VBox([
            widgets.HBox([widgets.HTML("<b>Draw:</b>&nbsp;"), self.draw_button,
                          self.take_button, widgets.HTML("&nbsp;<b>Claim window:</b>&nbsp;"),
                          self.claim_button, self.pass_button], layout=box),
            widgets.HBox([widgets.HTML("<b>Go down:</b>&nbsp;"), self.add_meld_button,
                          self.clear_melds_button, self.go_down_button, self.suggest_button],
                         layout=box),
            self.melds_view,
            widgets.HBox([self.meld_choice, self.end_choice, self.lay_off_button,
                          self.exchange_button], layout=box),
            self.options_view,
            widgets.HBox([self.discard_button, self.new_game_button, self.ask_claims],
                         layout=box),
        ])
        # The learner's hand and buttons on the left, the table beside them: both fit a
        # 1280×720 projector; on a narrow window the table goes below.
        left = widgets.VBox(
            [self.status, self.hand_end_box, self.claim_help_box, self.hand_caption, self.hand,
             controls, self.message, self.seed_line],
            layout=widgets.Layout(flex="3 1 560px", min_width="0"),
        )
        right = widgets.VBox(
            [self.table_view, widgets.HTML("<b>What happened</b> (newest first)"),
             self.narration],
            layout=widgets.Layout(flex="2 1 420px", min_width="0"),
        )
        super().__init__([
            widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap")),
            self.results_view, self.chart_box, *self.resume_link.widgets,
        ])
        self.add_class("cardkit-app")
        self.add_class("cardkit-zion-table")
        self.new_game(seed if seed is not None else self._seeds.randrange(10**9), pause=False)

    # ----------------------------------------------------------------- the game

    def new_game(self, seed: int | None = None, *, pause: bool = True) -> None:
        """Deal a new game (``seed`` or the next of the series) and let the bots open it."""
        seed = self._seeds.randrange(10**9) if seed is None else seed
        self.start(new_game(seed=seed, players=self.players, rules=self.rules), pause=pause)

    def start(self, game: Any, *, pause: bool = True) -> None:
        """Play on from ``game`` (a `ZionGame`, e.g. a scripted deal for a lesson): the views
        start afresh and the bots move until it is the learner's move."""
        if game.players != self.players:
            raise ValueError(f"this table seats {self.players} players, the game has "
                             f"{game.players}")
        self.game = game
        self.rules = game.rules
        cls = BOTS[self.bot_kind]
        self.bots = {s: cls(s, seed=game.seed * 31 + s)
                     for s in range(self.players) if s != self.seat}
        self.pending_melds = []
        self.held_hand = None
        self.claims_explained = False
        self.hand_end_box.layout.display = "none"
        self.claim_help_box.layout.display = "none"
        self.seed_line.value = seed_html(game.seed, self._share(game.seed))
        self.log_lines = []
        self._events_seen = 0
        self._results_shown = 0
        self.results_view.value = ""
        self.chart_box.children = ()
        self._charts: Any = None
        self.hand.clear_selection()
        self._narrate(hold=False)  # a resumed record is narrated whole
        self._run_bots(pause=pause)

    def resume_from(self, record: str) -> bool:
        """Play on from a game record (what "Start again" gives back after the kernel died):
        loaded through the bounds and the core's replay (`cardkit.widgets.resume`). Refused
        with the reason in the message area, the game unchanged, when it is not a Zion Check
        record of this table's size or does not replay. Returns whether it was resumed."""
        try:
            game = checked_record(record, "zioncheck")
            self.start(game)  # refuses a game of another table size before changing anything
        except ValueError as error:
            self.message.show(f"Could not bring the game back: {error}", "refused")
            return False
        self.message.show(f"Your game is back where it was (seed {game.seed}). "
                          f"{self._turn_words()}", "info")
        return True

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The learner's cards."""
        return self.game.hand(self.seat)

    def act(self, action: Any) -> list[Any] | None:
        """Try ``action`` for the learner's seat: the core checks it, then applies it.

        Refused (reason and rule ID in the message area, game unchanged) when it is not the
        learner's move or the core says no. Returns the events, or None when refused.
        """
        if self.held_hand is not None:
            self.message.show(f"Hand {self.held_hand} is over: press Next hand to play on.",
                              "info")
            return None
        verdict = self._verdict(action)
        if not verdict:
            self.message.show_verdict(verdict)
            self._refresh()
            return None
        events = self.game.apply(action, seat=self.seat)
        self.message.show(f"You {action}.", "ok")
        self._after_move(action)
        self._run_bots(pause=True)
        return events

    def _verdict(self, action: Any) -> Verdict:
        """The core's verdict on ``action`` by the learner's seat: the rules themselves refuse
        a move made out of turn, so a forged or late click never reaches the game."""
        return self.game.check(action, seat=self.seat)

    def _after_move(self, action: Any) -> None:
        if isinstance(action, GoDown):
            self.pending_melds = []
        self.hand.clear_selection()
        # The status and buttons first, the narration last: a page (or a test) that sees the new
        # narration line then also sees the state after the move, never the one before it.
        self._refresh()
        self._narrate()

    def _run_bots(self, *, pause: bool) -> None:
        """Let the bots move until it is the learner's move (each after ``bot_delay`` s).

        The pause is a plain sleep in the callback: each move's view update reaches the page at
        once, and clicks made meanwhile wait in order instead of racing the bots.
        """
        game = self.game
        self._bots_playing = bool(pause and self.bot_delay)
        try:
            for _ in range(10_000):  # a whole hand of bot moves at most, never forever
                mover = game.current_player
                if mover is None or self.held_hand is not None:
                    break
                if mover == self.seat:
                    if not self._passes_for_learner():
                        break
                    game.apply(Pass(), seat=self.seat)
                    self._narrate()
                    continue
                choice = self.bots[mover].choose(game)
                verdict = game.check(choice, seat=mover)
                if not verdict:  # a bot is checked like anyone else
                    raise IllegalAction(verdict)
                quiet = isinstance(choice, Pass)
                if pause and self.bot_delay and not quiet:
                    self._refresh()
                    time.sleep(self.bot_delay)
                game.apply(choice, seat=mover)
                self._narrate()
        finally:
            self._bots_playing = False
            self._refresh()

    def _passes_for_learner(self) -> bool:
        """Pass for the learner in a claim window when they asked not to be asked (ZC-8.2)."""
        game = self.game
        return (not self.ask_claims.value and game.current_player == self.seat
                and getattr(game.phase, "value", game.phase) == "claim"
                and bool(game.check(Pass(), seat=self.seat)))

    def _on_ask_claims(self, _change: Any) -> None:
        if self._passes_for_learner():
            self.message.clear()
            self._run_bots(pause=True)

    # ----------------------------------------------------------------- the learner's buttons

    def on_draw(self, _: Any = None) -> None:
        self.act(DrawStock())

    def on_take(self, _: Any = None) -> None:
        self.act(TakeDiscard())

    def on_claim(self, _: Any = None) -> None:
        self.act(Claim())

    def on_pass(self, _: Any = None) -> None:
        self.act(Pass())

    def on_discard(self, _: Any = None) -> None:
        card = self._one_selected("Discard")
        if card is not None:
            self.act(Discard(card))

    def on_lay_off(self, _: Any = None) -> None:
        card = self._one_selected("Lay off")
        if card is not None:  # with no meld on the table, the core says why (meld 0 is none)
            self.act(LayOff(card, max(0, self.meld_choice.value), self._end()))

    def on_exchange(self, _: Any = None) -> None:
        card = self._one_selected("Exchange joker")
        if card is not None:
            self.act(ExchangeJoker(card, max(0, self.meld_choice.value)))

    def on_add_meld(self, _: Any = None) -> None:
        cards = self.hand.selected_cards
        if not cards:
            self.message.show("Select the cards of one meld first. Then press Add meld.",
                              "refused")
            return
        for card in cards:
            for number, meld in enumerate(self.pending_melds, 1):
                if card in meld:
                    self.message.show(f"{card} is already in meld {number}. A card goes in one "
                                      "meld only.", "refused")
                    return
        self.pending_melds.append(tuple(cards))
        self.hand.clear_selection()
        self.message.show(f"Meld {len(self.pending_melds)} added: {_cards_words(cards)}.",
                          "info")
        self._refresh()

    def on_clear_melds(self, _: Any = None) -> None:
        self.pending_melds = []
        self.message.clear()
        self._refresh()

    def on_next_hand(self, _: Any = None) -> None:
        """Leave the finished hand's result and play the next hand (the "Next hand" button)."""
        if self.held_hand is None:
            self.message.show("No hand is waiting: play on.", "info")
            return
        self.held_hand = None
        self.hand_end_box.layout.display = "none"
        self.message.clear()
        self._refresh()
        self._narrate()  # the next hand's deal, held back while the result was shown
        self._run_bots(pause=True)
        if not self.message.text:
            self.message.show(self._turn_words(), "info")

    def on_go_down(self, _: Any = None) -> None:
        # with no melds built the core says what the contract needs
        self.act(GoDown(tuple(self.pending_melds)))

    def on_suggest(self, _: Any = None) -> None:
        """Fill the melds with the solver's go-down for the learner's hand, or say none exists.

        On the learner's own turn after drawing, the game's `best_go_down` is asked (it keeps a
        card to discard, ZC-13.1); otherwise the solver looks at the hand as it is."""
        game = self.game
        phase = getattr(game.phase, "value", game.phase)
        contract = game.contract
        if game.has_gone_down(self.seat):
            # the core says why a second go-down is refused (ZC-9.3)
            self.message.show_verdict(game.check(GoDown(()), seat=self.seat))
            return
        mine_to_play = game.current_player == self.seat and phase == "play"
        melds = (game.best_go_down() if mine_to_play
                 else find_go_down(self.my_hand, game.hand_number, self.rules))
        if melds is None:
            verdict = no_go_down(game.hand_number, game.rules, who="Your hand")
            self.message.show(f"{verdict}.", "info")
            return
        self.pending_melds = [tuple(meld.cards) for meld in melds]
        self.hand.clear_selection()
        when = "press Go down" if mine_to_play else "go down after you draw"
        self.message.show(f"Suggested go-down for {contract}: "
                          + " + ".join(f"[{meld}]" for meld in melds) + f"; {when}.", "info")
        self._refresh()

    def on_new_game(self, _: Any = None) -> None:
        self.message.clear()
        self.new_game()
        self.message.show(f"New game, seed {self.game.seed}.", "info")

    def _end(self) -> str | None:
        """The run end chosen for a lay-off; None lets the core pick the end that fits."""
        return None if self.end_choice.value == "either" else self.end_choice.value

    def _one_selected(self, what: str) -> Card | None:
        cards = self.hand.selected_cards
        if len(cards) != 1:
            self.message.show(f"{what} needs exactly one card selected. Now "
                              f"{len(cards)} {'is' if len(cards) == 1 else 'are'} selected "
                              "(ZC-6).", "refused")
            return None
        return cards[0]

    # ----------------------------------------------------------------- what the page shows

    def log_text(self) -> list[str]:
        """The narration lines, newest first (as shown)."""
        return [text for text, _ in reversed(self.log_lines)]

    def _narrate(self, *, hold: bool = True) -> None:
        """Add the game's new events to the narration. With ``hold`` (and the pause at hand
        ends on) it stops after a hand's end: the next hand's deal, which the core makes at
        once, is narrated when the learner presses Next hand, not while the result is shown."""
        game = self.game
        events = game.events
        ended = False
        for event in events[self._events_seen:]:
            self._events_seen += 1
            own = event.seat == self.seat
            # the learner sees their own draws; the bots' stock cards stay hidden
            text = event.text if own else event.public_text
            kind = _EMPHASIS.get(event.kind, "you" if own else "")
            if own:
                text = text.replace(seat_name(self.seat), f"{seat_name(self.seat)} (you)", 1)
            self.log_lines.append((text, kind))
            ended = ended or event.kind in _HAND_END
            if event.kind is EventKind.CLAIM:
                self._explain_claims()
            if (hold and event.kind is EventKind.HAND_END and self.pause_at_hand_end
                    and not game.is_over):
                break
        del self.log_lines[:-LOG_LINES]
        if ended:  # the result and the held status first, so the hand's end line never
            self._show_results(hold=hold)  # shows beside a status that runs ahead
        items = []
        for text, kind in reversed(self.log_lines):
            items.append(f'<li class="ck-log-line ck-log-{kind or "play"}" '
                         f'style="margin:2px 0;{_LOG_STYLE.get(kind, "")}">'
                         f"{html.escape(text)}</li>")
        # the log region scrolls, so it takes the keyboard focus (tabindex) too
        self.narration.value = (
            '<div role="log" aria-live="polite" aria-label="What happened" tabindex="0" '
            'style="max-height:300px;overflow-y:auto">'
            '<ol reversed class="ck-zion-narration" style="margin:0;padding-left:3.4em;'
            f'font-size:13px;line-height:1.35">{"".join(items)}</ol></div>'
        )

    def _show_results(self, *, hold: bool = True) -> None:
        """The points of every hand so far, the totals, and the totals chart; with ``hold``
        (a hand just ended in play), the result box and "Next hand". A game started or
        resumed partway through a later hand plays on, its earlier hands in the sheet only."""
        from cardkit.widgets import charts

        game = self.game
        results = game.results
        if len(results) == self._results_shown:
            return
        self._results_shown = len(results)
        last = results[-1]
        how = (f"{self._seat_label(last.winner)} went out" if last.winner is not None
               else f"nobody went out ({last.reason})")
        summary = (f"Hand {last.hand_number} over: {how}. Your points for it: "
                   f"{last.points[self.seat]} (ZC-14.1).")
        self.message.show(summary, "ok")
        seats = range(game.players)
        cell = 'style="padding:4px 10px;border-bottom:1px solid #e5e7eb;text-align:{}"'
        num, word = cell.format("right"), cell.format("left")
        head = "".join(f"<th {num}>{html.escape(self._seat_label(s))}</th>" for s in seats)
        rows = []
        for result in results:
            if result.winner is not None:
                why = f"{seat_name(result.winner)} went out"
            else:
                why = f"nobody went out ({result.reason})"
            cells = "".join(
                f"<td {num}>{result.points[s]}{' (stuck)' if s in result.stuck else ''}</td>"
                for s in seats)
            rows.append(f"<tr><td {word}>Hand {result.hand_number}</td>{cells}"
                        f"<td {word}>{html.escape(why)}</td></tr>")
        totals = game.totals
        total_cells = "".join(f"<td {num}><b>{totals[s]}</b></td>" for s in seats)
        over = ""
        if game.is_over:
            winners = " and ".join(self._seat_label(s) for s in game.winners)
            over = (f"<p class='ck-zion-winner'><b>Game over: {html.escape(winners)} "
                    f"{'win' if len(game.winners) > 1 else 'wins'} with the lowest total "
                    "(ZC-14.2).</b></p>")
        self.results_view.value = (
            "<h3 style='margin:10px 0 4px'>Hand results (penalty points, lower is better; "
            "ZC-14.1)</h3>"
            '<table class="ck-zion-results-table" style="border-collapse:collapse;font-size:14px;'
            'font-variant-numeric:tabular-nums">'
            f'<tr style="background:#f3f4f6"><th {word}>Hand</th>{head}'
            f"<th {word}>How it ended</th></tr>"
            f'{"".join(rows)}<tr><td {word}><b>Total</b></td>{total_cells}<td {word}></td></tr>'
            "</table>" + over
        )
        # The charts first (plotly takes seconds the first time): the result box and its
        # "Next hand" appear only once the slow part is done.
        if self._charts is None:
            self._charts = charts.ZionScoreCharts(game)
            self.chart_box.children = (self._charts.widget,)
        else:
            self._charts.update(game)
        # The hand's result, the score sheet and "Next hand" at the top, in view.
        if not (hold or game.is_over):
            return
        if self.pause_at_hand_end and not game.is_over:
            self.held_hand = last.hand_number
            self.pending_melds = []  # melds staged in the hand that ended
            self.hand.clear_selection()
            self._refresh()
        self.hand_end_view.value = (
            f'<div class="ck-zion-hand-head" role="status" style="font-size:16px;'
            f'font-weight:700;margin:2px 0">{html.escape(summary)}</div>'
            + self.results_view.value)
        self.next_hand_button.layout.display = "none" if game.is_over else ""
        # greyed until this handler ends (the last refresh enables it): a click sent before
        # would be dropped by the gate without a word
        self.next_hand_button.disabled = True
        self.hand_end_box.layout.display = ""

    def _explain_claims(self) -> None:
        """The first claim window or claim of a game says what a claim is (ZC-8)."""
        if self.claims_explained:
            return
        self.claims_explained = True
        asked = ("You are asked because “Ask me whether to claim” is on. " if
                 self.ask_claims.value else "")
        self.claim_help.value = (
            '<div class="ck-claim-help" role="note" style="font-size:14px;line-height:1.4">'
            "<b>What is a claim? (ZC-8, also called “May I”)</b><br>"
            "A discarded card may be claimed by any other player. "
            "The claimer takes it even out of turn. "
            "The next player decides first. Then the others are asked in turn (ZC-8.2). "
            f"{asked}Press Claim to take the card, or Pass to let it go.</div>")
        self.claim_help_box.layout.display = ""

    def _seat_label(self, seat: int) -> str:
        return f"{seat_name(seat)} (you)" if seat == self.seat else seat_name(seat)

    def _turn_words(self) -> str:
        game = self.game
        mover = game.current_player
        if mover is None:
            return "The game is over: press New game to play again."
        if self.held_hand is not None:
            return f"Hand {self.held_hand} is over. Press Next hand to play on."
        phase = getattr(game.phase, "value", game.phase)
        if mover != self.seat:
            return f"{seat_name(mover)} is thinking…"
        top = game.discard_top
        if phase == "claim":
            return (f"Claim window: you may claim {top} out of turn. Or pass (ZC-8.2).")
        if phase == "draw":
            if game.check(TakeDiscard(), seat=self.seat):
                return f"Your turn: draw from the stock or take {top} (ZC-6)."
            return "Your turn: draw from the stock (ZC-6)."
        if game.has_gone_down(self.seat):
            return "Your turn: lay off or exchange jokers if you like, then discard (ZC-6)."
        return "Your turn: go down if you can, then discard one card (ZC-6)."

    def _held_result(self) -> Any:
        """The core's result of the hand shown as over (None while a hand is played)."""
        if self.held_hand is None:
            return None
        return next((r for r in self.game.results if r.hand_number == self.held_hand), None)

    def _refresh(self) -> None:
        game = self.game
        self.resume_link.show(game.to_json())
        # While a finished hand's result is shown, the page still describes that hand: the
        # core has already dealt the next one, which shows when the learner presses Next hand.
        ended = self._held_result()
        number = game.hand_number if ended is None else ended.hand_number
        if ended is None:
            # The learner's cards are the clickable hand row: drawn once, not twice.
            mine = len(game.hand(self.seat))
            drawn = zion_draw.table_html(
                game, view=self.seat, four_colour=self.four_colour,
                own_hand_note=f"Your {plural(mine, 'card')}, shown in your hand row" if mine
                else "No cards in hand")
        else:
            drawn = self._hand_end_table(ended)
        # the table scrolls in its own box (keyboard-focusable), so that the hand and the
        # buttons stay in view on a 1280×720 projector
        self.table_view.value = (
            '<div class="ck-zion-table-scroll" tabindex="0" role="group" aria-label="The table" '
            f'style="max-height:470px;overflow:auto">{drawn}</div>')
        total = game.totals[self.seat]
        over = " (over)" if ended is not None else ""
        self.status.value = (
            f'<div style="font-size:15px;margin:2px 0"><b>Hand {number} of '
            f"{len(self.rules.deal_sizes)}{over}</b> · "
            f"contract: <b>{html.escape(str(self.rules.contract(number)))}</b> · you are "
            f"{html.escape(seat_name(self.seat))} · your total {total}<br>"
            f'<span class="ck-zion-turn">{html.escape(self._turn_words())}</span></div>'
        )
        hand = self.my_hand if ended is None else ended.hands[self.seat]
        self.hand.cards = sorted(hand)  # by suit, then rank: melds are easier to see
        # melds being built keep only cards still in hand (a new hand starts afresh)
        held = set(hand)
        self.pending_melds = [m for m in self.pending_melds if set(m) <= held]
        self._mark_staged()
        if ended is None:
            self.hand_caption.value = (f"<b>Your hand</b> ({plural(len(hand), 'card')}): "
                                       "click cards to select them.")
        else:
            left = (f"Your {plural(len(hand), 'card')} left when hand {number} ended count "
                    f"{plural(ended.points[self.seat], 'penalty point')}"
                    + (", with the penalty for not going down (ZC-13.2)"
                       if self.seat in ended.stuck else " (ZC-14.1)")
                    if hand else f"You had no cards left when hand {number} ended")
            self.hand_caption.value = (
                f"<b>{html.escape(left)}.</b> Your cards for hand {number + 1} come when you "
                "press Next hand.")
        # numbered from 1 for people; the value is the core's index
        options = [(f"#{i + 1} {placed.meld.description} ({self._seat_label(placed.owner)}): "
                    f"{placed.meld}", i) for i, placed in enumerate(game.table)]
        current = self.meld_choice.value
        self.meld_choice.options = options or _NO_MELD
        if 0 <= current < len(options):
            self.meld_choice.value = current
        self._refresh_controls()

    def _hand_end_table(self, result: Any) -> str:
        """The hand that ended, on the table's felt: each seat's cards left and its points for
        the hand, as the core's `HandResult` has them (ZC-14.1). The learner's own cards are in
        the hand row, so their panel says so instead of drawing them twice."""
        number = result.hand_number
        panels = []
        for seat in ((self.seat + k) % self.players for k in range(self.players)):
            left = tuple(sorted(result.hands[seat]))
            badges = []
            if seat == result.winner:
                badges.append(badge_html("went out", "win"))
            if seat in result.stuck:
                badges.append(badge_html("stuck: not gone down", "up"))
            if seat == self.seat:
                cards = own_hand_note_html(
                    f"Your {plural(len(left), 'card')} left, shown in your hand row" if left
                    else "No cards left")
            elif left:
                cards = seat_hand_html(left, len(left), width=46, overlap=0.35,
                                       four_colour=self.four_colour)
            else:
                cards = own_hand_note_html("No cards left")
            panels.append(
                f'<section class="ck-seat ck-seat-end" data-seat="{seat}" '
                f'aria-label="{html.escape(seat_name(seat))}" style="{PANEL_STYLE};'
                'flex:1 1 300px">' + heading_html(self._seat_label(seat), badges) + cards
                + note_html(f"{plural(len(left), 'card')} left: "
                            f"{plural(result.points[seat], 'penalty point')} for hand {number}")
                + "</section>")
        how = (f"{seat_name(result.winner)} went out" if result.winner is not None
               else f"nobody went out ({result.reason})")
        header = (
            '<div class="ck-status ck-hand-end-status" role="status" style="display:flex;'
            'flex-wrap:wrap;gap:4px 18px;margin-bottom:8px;font-weight:600">'
            f"<span>Hand {number} of {len(self.rules.deal_sizes)} is over: "
            f"{html.escape(how)}</span>"
            f"<span>Contract: {html.escape(str(self.rules.contract(number)))} (ZC-4)</span>"
            "<span>The cards left in a hand count as penalty points (ZC-14.1)</span></div>")
        return (
            f'<div class="ck-table ck-zion-table ck-zion-hand-ended" data-hand="{number}" '
            f'role="region" aria-label="Hand {number} ended: the cards left" '
            f'style="{TABLE_STYLE}">{header}'
            f'<div style="display:flex;flex-wrap:wrap;gap:10px">{"".join(panels)}</div></div>')

    def _mark_staged(self) -> None:
        """Mark each card staged into a meld with the meld's number, in the hand row."""
        texts = self.hand.cards
        marks = {}
        for number, meld in enumerate(self.pending_melds, 1):
            for card in meld:
                if card.to_text() in texts:
                    marks[texts.index(card.to_text())] = f"meld {number}"
        self.hand.marks = marks

    def _refresh_controls(self) -> None:
        """Colour what the core allows now, give the others the core's reason as tooltip; list
        the melds being built with their verdicts. No button is disabled while it is the
        learner's to press: a press always acts or says why not. While the bots play every
        button is disabled (and a click sent meanwhile is dropped, `ClickGate`)."""
        game = self.game
        mine = game.current_player == self.seat
        selected = self.hand.selected_cards
        one = selected[0] if len(selected) == 1 else None
        index = self.meld_choice.value if self.meld_choice.value >= 0 else None

        held = self.held_hand is not None

        def offer(button: widgets.Button, action: Any, style: str, need: str = "") -> None:
            """Colour ``button`` when the core allows ``action``; else its tooltip says why."""
            if need or action is None:
                ok, why = False, need
            elif held:
                ok, why = False, "press Next hand first"
            else:
                verdict = game.check(action, seat=self.seat)
                ok, why = bool(verdict), str(verdict)
            button.button_style = style if ok and mine else ""
            button.tooltip = why if not ok else button.description
            (button.add_class if ok and mine else button.remove_class)("ck-offered")

        one_needed = "" if one is not None else "select exactly one card first (ZC-6)"
        offer(self.draw_button, DrawStock(), "primary")
        offer(self.take_button, TakeDiscard(), "primary")
        offer(self.claim_button, Claim(), "warning")
        offer(self.pass_button, Pass(), "")
        offer(self.go_down_button, GoDown(tuple(self.pending_melds)) if self.pending_melds
              else None, "success", "" if self.pending_melds else "add melds first")
        at = index if index is not None else 0
        offer(self.lay_off_button, LayOff(one, at, self._end()) if one else None, "",
              one_needed)
        offer(self.exchange_button, ExchangeJoker(one, at) if one else None, "", one_needed)
        offer(self.discard_button, Discard(one) if one else None, "danger", one_needed)
        for button in self._acting:  # pressable, except while the bots play (issue 12)
            button.disabled = self._bots_playing
        phase = getattr(game.phase, "value", game.phase)
        self.hand.disabled = game.is_over or held
        self.end_choice.layout.display = "" if game.table else "none"
        self._show_pending(phase)
        self._show_options(one)
        if phase == "claim" and mine and not held:
            self._explain_claims()

    def _show_pending(self, phase: str) -> None:
        game = self.game
        if not self.pending_melds:
            quiet = game.has_gone_down(self.seat) or self.held_hand is not None
            self.melds_view.value = "" if quiet else (
                f'<div style="color:#555;font-size:90%">Contract of hand {game.hand_number}: '
                f"<b>{html.escape(str(game.contract))}</b>. Select the cards of a meld and "
                "press <b>Add meld</b>.</div>")
            return
        items = []
        explained = explain_go_down(self.pending_melds, game.hand_number, self.rules)
        for number, (meld, verdict) in enumerate(zip(self.pending_melds, explained.melds,
                                                     strict=True), 1):
            what = f"a {verdict.kind}" if verdict.ok else "not a meld"
            items.append(f"<li>{_mark(verdict.ok)} Meld {number}: "
                         f"<b>{html.escape(_cards_words(meld))}</b>: {html.escape(what)}. "
                         f"{html.escape(str(verdict))}</li>")
        if explained.every_meld_ok:
            total = explained.verdict
            words = ("these melds make the contract" if total.ok
                     else "not the contract yet")
            items.append(f"<li>{_mark(total.ok)} Contract {html.escape(str(game.contract))}: "
                         f"{words}. {html.escape(str(total))}</li>")
        else:
            items.append(f"<li>{_mark(False)} Contract {html.escape(str(game.contract))}: "
                         f"{html.escape(str(explained.verdict))}.</li>")
        self.melds_view.value = (
            '<ul class="ck-zion-pending" role="status" style="list-style:none;padding-left:4px;'
            f'margin:4px 0">{"".join(items)}</ul>')

    def _show_options(self, card: Card | None) -> None:
        """Where the one selected card could go: lay-off places and joker exchanges."""
        game = self.game
        melds = [placed.meld for placed in game.table]
        if card is None or not melds:
            self.options_view.value = ""
            return
        lines = []
        places = lay_off_options(card, melds, self.rules)
        if places:
            spots = ", ".join(f"#{o.meld_index + 1}" + (f" ({o.end} end)" if o.end else "")
                              for o in places)
            lines.append(f"{card} fits on meld {spots} (ZC-11.2).")
            # whether the learner may lay it off now is the core's word, not ours
            verdict = game.check(LayOff(card, places[0].meld_index, places[0].end),
                                 seat=self.seat)
            if not verdict:
                lines.append(f"Not now: {verdict}.")
        else:
            lines.append(f"{card} fits on no table meld (ZC-11.2).")
        exchanges = joker_exchanges(card, melds)
        if exchanges:
            lines.append(f"{card} can free the joker of meld "
                         + ", ".join(f"#{i + 1}" for i in exchanges) + " (ZC-12.1).")
        self.options_view.value = (
            '<div class="ck-zion-card-options" style="font-size:90%;color:#333">'
            + html.escape(" ".join(lines)) + "</div>")
