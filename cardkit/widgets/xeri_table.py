"""`XeriTable`: play 4-Player Xeri against three bots, or hot-seat with four people.

The learner clicks a card of their hand and is told what it would do before committing ("This
is a Xeri, +10"), then presses Play; the bots answer one by one with a short pause; every
event is narrated with its rule ID. At each round's end the game pauses: the result, the
itemised score sheets and a "Next round" button appear at the top (the next round's deal, which
the core makes at once, shows and is narrated only after that button)::

    >>> table = XeriTable(seed=3, seat=2, bot_delay=0)
    >>> table.match.current_player
    2
    >>> card = table.match.hand(2)[0]
    >>> table.hand.select_cards([card]); table.play_button.click()
    >>> table.match.history.count(card), table.match.current_player
    (1, 2)

What the page shows: who is winning (the rounds won first, since they decide the match under
XR-7.1; the points beside them, or first under the option ``target``, XR-7.2), the seed with an
address that deals the same match for a whole class, the table from the learner's seat (the
others' hands as card backs, XR-9.1; "Show all hands" opens them all as a teaching view), the
learner's cards once, as the clickable row beside the table (Tab and Enter or Space work as
well as clicks), the preview of the selected card, the narration (newest first), and after
each round the itemised score
sheets with the points-per-round and running-total charts (updated in place). ``hot_seat=True``
seats four people at one screen: between players a privacy screen hides the hand ("Pass to West
— press when West is ready"), then the view passes to the player to move.

The page is not trusted: `play` (what the Play button calls) asks the core to
``check(card, seat=...)`` for the seat shown before ``apply``, and the core refuses a seat that
is not to play, so a forged or late widget message changes nothing and its reason appears in the
message area. The bots' moves are checked the same way. Errors in any callback are shown there
too, never lost.
"""

from __future__ import annotations

import html
import time  # noqa: F401  (the bots pause with time.sleep in game_table; tests patch it here)
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card, parse_card
from cardkit.engine import IllegalAction, Verdict, seat_name
from cardkit.i18n import Domain
from cardkit.widgets.common import guarded, wait_for_charts, warm_up_charts
from cardkit.widgets.game_table import EndBox, GameTable, ScorePanel
from cardkit.widgets.hint import HintPanel
from cardkit.widgets.narration import LogLine, NarrationLog
from cardkit.widgets.xeri_hand import XeriHand, preview_text
from cardkit.xeri import EventKind, GreedyBot, RandomBot, Rules, new_game
from cardkit.xeri.analyst import AnalystBot
from cardkit.xeri.draw import round_end_html, score_sheet_html, scoreboard_html, table_html

_t = Domain("apps")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["XeriTable", "preview_text"]

BOTS = {"greedy": GreedyBot, "random": RandomBot, "analyst": AnalystBot}  # ?bot= (MAX_BOT_SECONDS)
LOG_LINES = 400  # the narration keeps this many lines (a match is about 200 plays)
_ROUND_END = {EventKind.ROUND_SCORED}
_EMPHASIS = {
    EventKind.XERI: "xeri",
    EventKind.JACK_XERI: "xeri",
    EventKind.CAPTURE: "capture",
    EventKind.ROUND_SCORED: "score",
    EventKind.ROUND_WON: "score",
    EventKind.MATCH_WON: "score",
}
_LOG_STYLE = {"xeri": "font-weight:700;color:#9b2c2c", "capture": "color:#1f5f3f",
              "score": "font-weight:700"}


class XeriTable(GameTable):
    """A playable Xeri match.

    ``seat`` is the learner's seat (0 North … 3 West; partners are opposite). ``hot_seat`` makes
    all four seats human: the view follows the player to move. ``bot`` is ``"greedy"`` or
    ``"random"``; ``bot_delay`` the pause in seconds before each bot move (0 in tests).
    ``seed`` fixes the deal (None draws one); "New match" deals the next seed of that series.
    ``pause_at_round_end`` holds the game after each round with its result and a "Next round"
    button; ``share`` turns a seed into the address shown for it (an app passes the page's own
    address, see `cardkit.widgets.common.share_address`; the default is ``?seed=N``).
    """

    GAME, GAME_NOUN, ROUND_NOUN, BOTS = "xeri", "match", "round", BOTS
    MAX_BOT_MOVES = 60  # far more than three bots ever need before a human's turn

    def __init__(
        self,
        seed: int | None = None,
        seat: int = 2,
        hot_seat: bool = False,
        rules: Rules | None = None,
        bot: str = "greedy",
        bot_delay: float = 0.6,
        pause_at_round_end: bool = True,
        share: Callable[[int], str] | None = None,
    ) -> None:
        if seat not in range(4):
            raise ValueError(f"seat is 0, 1, 2 or 3 (North, East, South, West), not {seat!r}")
        super().__init__(seed=seed, bot=bot, bot_delay=bot_delay, share=share)
        self.seat, self.hot_seat, self.rules = seat, hot_seat, rules
        self.pause_at_round_end = pause_at_round_end
        self.waiting_for: int | None = None  # hot seat: the seat the screen is passed to
        self._held_events: list[Any] = []  # the next round's deal, narrated at "Next round"
        self._make_widgets()
        self.new_match(self.deal_seed(seed), pause=False)

    def _make_widgets(self) -> None:
        self.status = widgets.HTML().add_class("cardkit-status")
        self.scoreboard = widgets.HTML().add_class("cardkit-scoreboard")
        self.seed_line.add_class("cardkit-seed-line")
        # while a round's result is shown, its score sheet takes the table's place (in view)
        self.round_sheet = widgets.HTML(
            layout=widgets.Layout(display="none", width="100%")).add_class("cardkit-round-sheet")
        self.next_round_button = widgets.Button(
            description=_("Next round"), button_style="primary",
            tooltip=_("deal the next round and play on"), layout=widgets.Layout(width="auto"))
        self.round_box = EndBox("cardkit-round-result", self.next_round_button,
                                "cardkit-round-end")
        self.round_result = self.round_box.view
        side = XeriHand()  # the hand row, its caption, the preview, the privacy screen
        self.ready_button, self.privacy_box = side.ready_button, side.privacy_box
        self.hand_caption, self.hand, self.preview = side.caption, side.hand, side.preview
        self._side = side
        self.table = widgets.HTML().add_class("cardkit-table")
        self.play_button = widgets.Button(
            description=_("Play"), button_style="primary", tooltip=_("play the selected card"))
        self.new_button = widgets.Button(description=_("New match"),
                                         tooltip=_("deal a new match"))
        self.show_all = widgets.Checkbox(
            value=False, description=_("Show all hands (teaching view)"), indent=False,
            layout=widgets.Layout(width="auto", margin="0 0 0 12px"),
        )
        self.narration = NarrationLog(css_class="cardkit-log", styles=_LOG_STYLE,
                                      max_lines=LOG_LINES, max_height=330)
        self.scores = ScorePanel("cardkit-scores", _xeri_charts, heading=_sheets_heading,
                                 wait="<h3 style='margin:10px 0 4px'>"
                                 + _("Scoring the round and drawing the charts…") + "</h3>")

        guard = guarded(self.message)
        self._acting = (self.play_button, self.next_round_button, self.new_button)
        self.clicks.on_click(self.play_button, lambda _button: self.play())
        self.clicks.on_click(self.next_round_button, guard(lambda _b: self.next_round()))
        self.clicks.on_click(self.ready_button, guard(lambda _b: self.ready()))
        self.clicks.on_click(self.new_button, guard(lambda _button: self.new_match()))
        self.show_all.observe(guard(lambda _change: self._refresh()), "value")
        self.hint = HintPanel(self)  # rates the legal moves from the viewer's seat
        self.hand.on_select(guard(self._on_select))

        # The table on the left; the learner's hand, the buttons and the narration on the right,
        # so that a 1280×720 projector shows the table, the hand and Play without scrolling.
        left = widgets.VBox(
            [self.scoreboard, self.round_sheet, self.table, self.seed_line],
            layout=widgets.Layout(flex="3 1 560px", min_width="0"),
        )
        right = widgets.VBox(
            [self.status, self.round_box, self.privacy_box, self.hand_caption, self.hand,
             self.preview,
             widgets.HBox([self.play_button, self.new_button, self.show_all],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.hint,
             self.message, widgets.HTML(_("<b>What happened</b> (newest first)")),
             self.narration],
            layout=widgets.Layout(flex="2 1 400px", min_width="0"),
        )
        self.children = (
            widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap")),
            self.scores, *self.resume_link.widgets)
        self.add_class("cardkit-app")
        self.add_class("cardkit-xeri-table")

    # ----------------------------------------------------------------- who is who

    @property
    def match(self) -> Any:
        """The match played (a `XeriMatch`)."""
        return self.game

    @property
    def held_round(self) -> int | None:
        """The finished round shown until "Next round" (None while a round is played)."""
        return self.held

    @property
    def humans(self) -> frozenset[int]:
        """The seats played from this page."""
        return frozenset(range(4)) if self.hot_seat else frozenset({self.seat})

    @property
    def viewer(self) -> int:
        """Whose hand the page shows: the learner, or in hot-seat the player to move."""
        if self.hot_seat and self.match.current_player is not None:
            return self.match.current_player
        return self.seat

    # ----------------------------------------------------------------- actions

    def new_match(self, seed: int | None = None, *, pause: bool = True) -> None:
        """Deal a new match (the next seed of this table's series unless ``seed`` is given)."""
        self._start(new_game(seed=self.deal_seed(seed), rules=self.rules), pause=pause)

    def _resume(self, match: Any) -> None:
        self._start(match, pause=True, words=_("Your match is back where it was"))
        if match.results:
            self.scores.show(match)  # the sheets and charts of the rounds played before

    def _start(self, match: Any, *, pause: bool, words: str | None = None) -> None:
        words = words or _("New match")
        seed = match.seed
        self.game = match
        self.rules = match.rules
        self._begin(seed, (s for s in range(4) if s not in self.humans))
        self.narration.clear()
        self._held_events = []
        self.scores.clear()
        self._hide_end()
        self.message.show(_("{words} (seed {seed}).").format(words=words, seed=seed), "info")
        self._narrate(self.match.events)
        self._refresh()
        self._run_bots(pause=pause)
        # said after the bots' opening plays, so that it does not say "East is thinking…" on
        # the learner's turn
        self.message.show(_("{words} (seed {seed}). {turn}").format(
            words=words, seed=seed, turn=self._turn_words()), "info")

    def next_round(self) -> None:
        """Leave the finished round's result and play the next round (the "Next round" button)."""
        self.play_on()

    def _hide_end(self) -> None:
        self._hide_round_result()
        self.waiting_for = self.match.current_player if self.hot_seat else None

    def _hide_round_result(self) -> None:
        self.round_box.hide()
        self.round_sheet.layout.display = "none"
        self.table.layout.display = ""

    def _narrate_held(self) -> None:
        held, self._held_events = self._held_events, []
        self._narrate(held)

    def ready(self) -> None:
        """Hot seat: the player the screen was passed to is ready; show their hand."""
        self.waiting_for = None
        self.message.clear()
        self._refresh()

    def play(self, card: Card | str | None = None) -> list[Any] | None:
        """Play ``card`` (by default the selected one) for the player to move; returns events.

        This is what the Play button calls. Refused, with the reason in the message area,
        ``None`` returned and nothing changed: no card selected, a bot's turn, or a card the
        core's ``check`` refuses (not in the hand, the match is over).
        """
        return guarded(self.message)(self._play)(card)

    def _play(self, card: Card | str | None) -> list[Any] | None:
        match = self.match
        if self.held is not None:
            self.message.show(_("Round {round} is over: press Next round to play on.").format(
                round=self.held), "info")
            return None
        if self.waiting_for is not None:
            self.message.show(_("Pass the screen to {seat} first: {seat} presses the button "
                                "when ready.").format(seat=seat_name(self.waiting_for)), "info")
            return None
        if card is None:
            chosen = self.hand.selected_cards
            if not chosen:
                raise IllegalAction(Verdict(
                    False, _("Select a card of your hand first, then press Play"), "XR-3.1"))
            card = chosen[0]
        elif isinstance(card, str):
            card = parse_card(card)
        # The core refuses a play by any seat but the one to move, so a click that arrives on a
        # bot's turn (or a forged one) is turned down by the rules, not by the page.
        verdict = match.check(card, seat=self.viewer)
        if not verdict:
            raise IllegalAction(verdict)
        mover = self.viewer
        events = match.apply(card, seat=mover)
        warm_up_charts()
        self.message.clear()
        if self.hot_seat and match.current_player not in (None, mover):
            self.waiting_for = match.current_player  # hide this hand before the next player
        self._after(events)
        self._run_bots(pause=True)
        return events

    def _after_bot_move(self, events: list[Any]) -> None:
        self._after(events)

    def _after(self, events: Iterable[Any]) -> None:
        events = list(events)
        # The table and status first, the narration last: a page (or a test) that sees the new
        # narration line then also sees the state after the move, never the one before it.
        ended = [event for event in events if event.kind is EventKind.ROUND_WON]
        if ended and self.pause_at_round_end and not self.match.is_over:
            self.held = ended[-1].number
            # The core deals the next round at once; its deal is narrated at "Next round",
            # so that nothing on the page runs ahead of the round shown as over.
            cut = events.index(ended[-1]) + 1
            events, self._held_events = events[:cut], events[cut:]
        if not ended and self.round_box.shown and not self.match.is_over:
            self._hide_round_result()  # the next round's first play
        self._refresh()
        if any(event.kind in _ROUND_END for event in events):
            self.scores.show(self.match)
            if ended:
                self._show_round_end()
        self._narrate(events)

    # ----------------------------------------------------------------- what the page shows

    def _on_select(self, cards: tuple[Card, ...]) -> None:
        quiet = self.waiting_for is not None or self.held is not None
        self._side.show_preview(self.match, self.viewer, cards, quiet=quiet)

    def _turn_words(self) -> str:
        mover = self.match.current_player
        if mover is None:
            return _("Press New match to play again.")
        if self.held is not None:
            return _("Round {round} is over. Press Next round to play on.").format(round=self.held)
        if self.waiting_for is not None:
            return _("Pass the screen to {seat}.").format(seat=seat_name(self.waiting_for))
        if mover in self.humans and not self.hot_seat:
            return _("It is your turn: pick a card, then press Play.")
        if mover in self.humans:
            return _("It is {seat}'s turn: pick a card, then press Play.").format(
                seat=seat_name(mover))
        return _("{seat} is thinking…").format(seat=seat_name(mover))

    def _narrate(self, events: Iterable[Any]) -> None:
        self.narration.add(LogLine(event.text, _EMPHASIS.get(event.kind, ""))
                           for event in events)

    def _refresh(self) -> None:
        match, viewer = self.match, self.viewer
        self.resume_link.show(match.to_json())
        hidden = self.waiting_for is not None or self.held is not None
        # The teaching view opens every hand (XR-9.1 allows it); the play is unchanged.
        # The viewer's cards are the clickable row beside the table: drawn once, not twice,
        # in the teaching view too.
        held = len(match.hand(viewer))
        if hidden:
            note = _("Hidden until the next player is ready") if self.waiting_for is not None \
                else _("Cards hidden until Next round")
        else:
            note = ngettext("{count} card, shown in the hand row",
                            "{count} cards, shown in the hand row", held).format(count=held) \
                if held else _("No cards in hand")
        self.table.value = table_html(  # the scoreboard above shows the scores
            match, view=None if self.show_all.value and not hidden else viewer,
            own_hand_note=note, note_seat=viewer, header_scores=False)
        words = _("Match over. {turn}").format(turn=self._turn_words()) if match.is_over \
            else self._turn_words()
        self.status.value = (
            f'<div class="cardkit-turn" role="status" style="font-size:15px;font-weight:600;'
            f'margin:2px 0 6px">{html.escape(words)}</div>')
        self.scoreboard.value = scoreboard_html(match)
        hand = match.hand(viewer) if not (match.is_over or hidden) else ()
        self.hand.cards = list(hand)
        self.hand.disabled = hidden or match.current_player not in self.humans
        self._side.show_caption(viewer, self.waiting_for, self.held)
        self._on_select(self.hand.selected_cards)
        self.hint.refresh()

    def _show_round_end(self) -> None:
        """The short result of the round just scored, its score sheets, and "Next round"."""
        match = self.match
        self.round_sheet.value = score_sheet_html(match.round_scores[-1],
                                                  round_number=len(match.round_scores))
        self.round_sheet.layout.display = ""
        self.table.layout.display = "none" if self.held is not None else ""
        self.round_box.show(round_end_html(match), last=match.is_over)

    @property
    def _charts(self) -> Any:
        """The score charts (`XeriScoreCharts`), once the first round has ended."""
        return self.scores.charts


def _xeri_charts(match: Any) -> Any:
    wait_for_charts()  # the warm-up of the first play, if it is still importing them
    from cardkit.widgets.charts import XeriScoreCharts

    return XeriScoreCharts(match)


def _sheets_heading(match: Any) -> str:
    return ("<h3 style='margin:10px 0 4px'>" + _("Score sheets after round {round}").format(
        round=len(match.round_scores)) + "</h3>")
