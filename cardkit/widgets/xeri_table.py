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

import contextlib
import html
import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card, parse_card
from cardkit.engine import IllegalAction, Verdict
from cardkit.widgets.clicks import ClickGate
from cardkit.widgets.common import MessageArea, guarded, seed_html
from cardkit.widgets.hand import HandWidget
from cardkit.widgets.resume import ResumeLink, checked_record
from cardkit.xeri import (
    SEAT_NAMES,
    TEAM_NAMES,
    EventKind,
    GreedyBot,
    MatchWinner,
    PlayKind,
    RandomBot,
    Rules,
    new_game,
)
from cardkit.xeri.draw import table_html

__all__ = ["XeriTable", "preview_text"]

BOTS = {"greedy": GreedyBot, "random": RandomBot}
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


def preview_text(outcome: Any) -> str:
    """The learner's preview of a play, from the core's `PlayOutcome`.

    >>> from cardkit.xeri import resolve_play
    >>> from cardkit.cards import parse_cards
    >>> preview_text(resolve_play(parse_cards("7C"), parse_card("7H")))
    'This is a Xeri, +10. 7♥ matches the single 7♣: captures it, a Xeri worth 10 (XR-4.1)'
    >>> preview_text(resolve_play([], parse_card("5D")))
    'This starts a new pile. The pile is empty: 5♦ starts a new pile and captures nothing (XR-3.3)'
    """
    if outcome.xeri:
        kind = "jack Xeri" if outcome.jack_xeri else "Xeri"
        head = f"This is a {kind}, +{outcome.points}"
    elif outcome.captures:
        head = "This is a capture"  # the reason says how many cards: one number per fact
    elif outcome.kind is PlayKind.NEW_PILE:
        head = "This starts a new pile"
    else:
        head = "This captures nothing"
    reason = outcome.reason[:1].upper() + outcome.reason[1:]
    return f"{head}. {reason} ({outcome.rule})"


_warming: threading.Thread | None = None


def _warm_up_charts() -> None:
    """Import plotly's FigureWidget in the background (about 2 s), once per kernel.

    It is started by the learner's first play, long before the first round ends, so that the
    score charts then appear without that wait, and opening the app does not pay for it.
    """
    global _warming
    if _warming is None:
        _warming = threading.Thread(target=_import_charts, name="cardkit-charts", daemon=True)
        # No threads in the browser (the static site): the charts are imported at round end.
        with contextlib.suppress(RuntimeError):
            _warming.start()


def _import_charts() -> None:
    import plotly.graph_objs._figurewidget  # noqa: F401

    import cardkit.widgets.charts  # noqa: F401


class XeriTable(widgets.VBox):
    """A playable Xeri match.

    ``seat`` is the learner's seat (0 North … 3 West; partners are opposite). ``hot_seat`` makes
    all four seats human: the view follows the player to move. ``bot`` is ``"greedy"`` or
    ``"random"``; ``bot_delay`` the pause in seconds before each bot move (0 in tests).
    ``seed`` fixes the deal (None draws one); "New match" deals the next seed of that series.
    ``pause_at_round_end`` holds the game after each round with its result and a "Next round"
    button; ``share`` turns a seed into the address shown for it (an app passes the page's own
    address, see `cardkit.widgets.common.share_address`; the default is ``?seed=N``).
    """

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
            raise ValueError(f"seat is 0, 1, 2 or 3 ({', '.join(SEAT_NAMES)}), not {seat!r}")
        if bot not in BOTS:
            raise ValueError(f"bot is one of {', '.join(sorted(BOTS))}, not {bot!r}")
        if not bot_delay >= 0:
            raise ValueError(f"bot_delay is a number of seconds >= 0, not {bot_delay!r}")
        self.seat, self.hot_seat, self.rules = seat, hot_seat, rules
        self.bot_kind, self.bot_delay = bot, float(bot_delay)
        self.pause_at_round_end = pause_at_round_end
        self._share = share or (lambda number: f"?seed={number}")
        self.held_round: int | None = None  # a finished round shown until "Next round"
        self.waiting_for: int | None = None  # hot seat: the seat the screen is passed to
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.log_lines: list[tuple[str, str]] = []  # (text, css kind), oldest first
        self._held_events: list[Any] = []  # the next round's deal, narrated at "Next round"

        self.message = MessageArea()
        self.status = widgets.HTML().add_class("cardkit-status")
        self.scoreboard = widgets.HTML().add_class("cardkit-scoreboard")
        self.seed_line = widgets.HTML().add_class("cardkit-seed-line")
        self.round_result = widgets.HTML().add_class("cardkit-round-result")
        # while a round's result is shown, its score sheet takes the table's place (in view)
        self.round_sheet = widgets.HTML(
            layout=widgets.Layout(display="none", width="100%")).add_class("cardkit-round-sheet")
        self.next_round_button = widgets.Button(
            description="Next round", button_style="primary",
            tooltip="deal the next round and play on", layout=widgets.Layout(width="auto"))
        self.round_box = widgets.VBox(
            [self.round_result, self.next_round_button],
            layout=widgets.Layout(display="none", border="2px solid #3573c9",
                                  padding="4px 10px", margin="4px 0"),
        ).add_class("cardkit-round-end")
        self.ready_button = widgets.Button(
            description="Ready", button_style="warning",
            layout=widgets.Layout(width="auto", height="auto"))
        self.privacy_box = widgets.VBox(
            [self.ready_button], layout=widgets.Layout(display="none", margin="6px 0"),
        ).add_class("cardkit-privacy")
        self.table = widgets.HTML().add_class("cardkit-table")
        self.hand_caption = widgets.HTML().add_class("cardkit-hand-caption")
        self.hand = HandWidget(multiple=False, label="your hand", card_width=60)
        self.preview = widgets.HTML().add_class("cardkit-preview")
        self.play_button = widgets.Button(
            description="Play", button_style="primary", tooltip="play the selected card"
        )
        self.new_button = widgets.Button(description="New match", tooltip="deal a new match")
        self.show_all = widgets.Checkbox(
            value=False, description="Show all hands (teaching view)", indent=False,
            layout=widgets.Layout(width="auto", margin="0 0 0 12px"),
        )
        self.narration = widgets.HTML().add_class("cardkit-log")
        self.scores = widgets.VBox().add_class("cardkit-scores")
        # the page keeps the match's record, to bring it back if the kernel dies (issue 12)
        self.resume_link = ResumeLink(guarded(self.message)(self.resume_from))

        # A click queued while the bots played would otherwise act later (issue 12): every
        # control that acts on the match goes through one gate, and is disabled while bots play.
        self.clicks = ClickGate()
        self.clicks.on_click(self.play_button, lambda _button: self.play())
        self.clicks.on_click(self.next_round_button,
                             guarded(self.message)(lambda _b: self.next_round()))
        self.clicks.on_click(self.ready_button, guarded(self.message)(lambda _b: self.ready()))
        self.clicks.on_click(self.new_button,
                             guarded(self.message)(lambda _button: self.new_match()))
        self.show_all.observe(guarded(self.message)(lambda _change: self._refresh()), "value")
        self.hand.on_select(guarded(self.message)(self._on_select))

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
             self.message, widgets.HTML("<b>What happened</b> (newest first)"), self.narration],
            layout=widgets.Layout(flex="2 1 400px", min_width="0"),
        )
        super().__init__(
            [widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap")),
             self.scores, *self.resume_link.widgets]
        )
        self.add_class("cardkit-app")
        self.add_class("cardkit-xeri-table")
        self.new_match(seed if seed is not None else self._seeds.randrange(10**9), pause=False)

    # ----------------------------------------------------------------- who is who

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
        if seed is None:
            seed = self._seeds.randrange(10**9)
        self._start(new_game(seed=seed, rules=self.rules), pause=pause)

    def resume_from(self, record: str) -> bool:
        """Play on from a match record (what "Start again" gives back after the kernel died):
        loaded through the bounds and the core's replay (`cardkit.widgets.resume`). Refused
        with the reason in the message area, the match unchanged, when it is not a Xeri record
        or does not replay. Returns whether the match was resumed."""
        try:
            match = checked_record(record, "xeri")
        except ValueError as error:
            self.message.show(f"Could not bring the match back: {error}", "refused")
            return False
        self._start(match, pause=True, words="Your match is back where it was")
        if match.results:
            self._show_scores()  # the sheets and charts of the rounds played before
        return True

    def _start(self, match: Any, *, pause: bool, words: str = "New match") -> None:
        seed = match.seed
        self.match = match
        self.rules = match.rules
        bot_class = BOTS[self.bot_kind]
        self.bots = {s: bot_class(s, seed=seed * 4 + s) for s in range(4) if s not in self.humans}
        self.log_lines = []
        self._held_events = []
        self._charts: Any = None
        self.held_round = None
        self.round_box.layout.display = "none"
        self.round_sheet.layout.display = "none"
        self.table.layout.display = ""
        self.waiting_for = self.match.current_player if self.hot_seat else None
        self.scores.children = ()
        self.seed_line.value = seed_html(seed, self._share(seed))
        self.message.show(f"{words} (seed {seed}).", "info")
        self._narrate(self.match.events)
        self._refresh()
        self._run_bots(pause=pause)
        # said after the bots' opening plays, so that it does not say "East is thinking…" on
        # the learner's turn
        self.message.show(f"{words} (seed {seed}). {self._turn_words()}", "info")

    def next_round(self) -> None:
        """Leave the finished round's result and play the next round (the "Next round" button)."""
        if self.held_round is None:
            self.message.show("No round is waiting: play on.", "info")
            return
        self.held_round = None
        self.round_box.layout.display = "none"
        self.round_sheet.layout.display = "none"
        self.table.layout.display = ""
        self.message.clear()
        if self.hot_seat:
            self.waiting_for = self.match.current_player
        self._refresh()
        held, self._held_events = self._held_events, []
        self._narrate(held)
        self._run_bots(pause=True)

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
        if self.held_round is not None:
            self.message.show(f"Round {self.held_round} is over: press Next round to play on.",
                              "info")
            return None
        if self.waiting_for is not None:
            who = SEAT_NAMES[self.waiting_for]
            self.message.show(f"Pass the screen to {who} first: {who} presses the button when "
                              "ready.", "info")
            return None
        if card is None:
            chosen = self.hand.selected_cards
            if not chosen:
                raise IllegalAction(Verdict(
                    False, "Select a card of your hand first, then press Play", "XR-3.1"))
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
        _warm_up_charts()
        self.message.clear()
        if self.hot_seat and match.current_player not in (None, mover):
            self.waiting_for = match.current_player  # hide this hand before the next player
        self._after(events)
        self._run_bots(pause=True)
        return events

    def _run_bots(self, *, pause: bool) -> None:
        """Let the bots move until a human is to play (each after ``bot_delay`` seconds).

        The pause is a plain sleep in the callback: in Voila 0.5 each move's view update still
        reaches the page at once, the kernel is busy only for the bots' turns (at most three
        moves, or one round end), and clicks made meanwhile wait in order instead of racing.
        """
        match = self.match
        acting = (self.play_button, self.next_round_button, self.new_button)
        if self.bots:
            for button in acting:
                button.disabled = True
        try:
            for _ in range(60):  # far more than three bots ever need before a human's turn
                mover = match.current_player
                if mover is None or mover in self.humans or self.held_round is not None:
                    break
                if pause and self.bot_delay:
                    time.sleep(self.bot_delay)
                choice = self.bots[mover].choose(match)
                verdict = match.check(choice, seat=mover)
                if not verdict:  # a bot is checked like anyone else
                    raise IllegalAction(verdict)
                self._after(match.apply(choice, seat=mover))
        finally:
            for button in acting:
                button.disabled = False
            self._refresh()

    def _after(self, events: Iterable[Any]) -> None:
        events = list(events)
        # The table and status first, the narration last: a page (or a test) that sees the new
        # narration line then also sees the state after the move, never the one before it.
        ended = [event for event in events if event.kind is EventKind.ROUND_WON]
        if ended and self.pause_at_round_end and not self.match.is_over:
            self.held_round = ended[-1].number
            # The core deals the next round at once; its deal is narrated at "Next round",
            # so that nothing on the page runs ahead of the round shown as over.
            cut = events.index(ended[-1]) + 1
            events, self._held_events = events[:cut], events[cut:]
        if not ended and self.round_box.layout.display != "none" and not self.match.is_over:
            self.round_box.layout.display = "none"  # the next round's first play
            self.round_sheet.layout.display = "none"
            self.table.layout.display = ""
        self._refresh()
        if any(event.kind in _ROUND_END for event in events):
            self._show_scores()
            self._show_round_end(ended[-1] if ended else None)
        self._narrate(events)

    # ----------------------------------------------------------------- what the page shows

    def _on_select(self, cards: tuple[Card, ...]) -> None:
        match = self.match
        if not cards:
            self.preview.value = ""
            return
        card = cards[0]
        mover = match.current_player
        if self.waiting_for is not None or self.held_round is not None:
            text = ""
        elif mover is None:
            text = "The match is over: press New match to play again."
        elif mover != self.viewer:
            text = f"Wait for your turn: {SEAT_NAMES[mover]} is to play."
        else:
            text = preview_text(match.preview(card))
        self.preview.value = (
            f'<div class="cardkit-preview-text" style="padding:4px 0;font-weight:600">'
            f"{html.escape(text)}</div>"
        )

    def _turn_words(self) -> str:
        mover = self.match.current_player
        if mover is None:
            return "Press New match to play again."
        if self.held_round is not None:
            return f"Round {self.held_round} is over. Press Next round to play on."
        if self.waiting_for is not None:
            return f"Pass the screen to {SEAT_NAMES[self.waiting_for]}."
        if mover in self.humans:
            who = "your" if not self.hot_seat else f"{SEAT_NAMES[mover]}'s"
            return f"It is {who} turn: pick a card, then press Play."
        return f"{SEAT_NAMES[mover]} is thinking…"

    def _narrate(self, events: Iterable[Any]) -> None:
        for event in events:
            self.log_lines.append((event.text, _EMPHASIS.get(event.kind, "")))
        del self.log_lines[:-LOG_LINES]
        items = []
        for text, kind in reversed(self.log_lines):
            style = {"xeri": "font-weight:700;color:#9b2c2c",
                     "capture": "color:#1f5f3f", "score": "font-weight:700"}.get(kind, "")
            items.append(f'<li class="ck-log-line ck-log-{kind or "play"}" '
                         f'style="margin:2px 0;{style}">{html.escape(text)}</li>')
        # the log region scrolls, so it takes the keyboard focus (tabindex) too
        self.narration.value = (
            '<div role="log" aria-live="polite" aria-label="What happened" tabindex="0" '
            'style="max-height:330px;overflow-y:auto">'
            '<ol reversed style="margin:0;padding-left:3.4em;font-size:13px;line-height:1.35">'
            f'{"".join(items)}</ol></div>'
        )

    def _refresh(self) -> None:
        match, viewer = self.match, self.viewer
        self.resume_link.show(match.to_json())
        hidden = self.waiting_for is not None or self.held_round is not None
        # The teaching view opens every hand (XR-9.1 allows it); the play is unchanged.
        # The viewer's cards are the clickable row beside the table: drawn once, not twice.
        held = len(match.hand(viewer))
        if hidden:
            note = "Hidden until the next player is ready" if self.waiting_for is not None \
                else "Cards hidden until Next round"
        else:
            note = f"{held} card{'s' if held != 1 else ''}, shown in the hand row" if held \
                else "No cards in hand"
        self.table.value = table_html(  # the scoreboard above shows the scores
            match, view=None if self.show_all.value and not hidden else viewer,
            own_hand_note=note, header_scores=False)
        over = "Match over. " if match.is_over else ""
        self.status.value = (
            f'<div class="cardkit-turn" role="status" style="font-size:15px;font-weight:600;'
            f'margin:2px 0 6px">{html.escape(over + self._turn_words())}</div>'
        )
        self.scoreboard.value = self._scoreboard_html()
        hand = match.hand(viewer) if not (match.is_over or hidden) else ()
        self.hand.cards = list(hand)
        self.hand.disabled = hidden or match.current_player not in self.humans
        if self.waiting_for is not None:
            who = SEAT_NAMES[self.waiting_for]
            self.ready_button.description = f"Pass to {who} — press when {who} is ready"
            self.ready_button.tooltip = f"show {who}'s hand"
            self.privacy_box.layout.display = ""
            self.hand_caption.value = f"<b>{who}'s hand</b> is hidden until {who} is ready."
        elif self.held_round is not None:
            self.privacy_box.layout.display = "none"
            self.hand_caption.value = (f"<b>Round {self.held_round} is over.</b> The cards of "
                                       f"round {self.held_round + 1} are dealt when you press "
                                       "Next round.")
        else:
            self.privacy_box.layout.display = "none"
            partner = SEAT_NAMES[(viewer + 2) % 4]
            self.hand_caption.value = (
                f"<b>{SEAT_NAMES[viewer]}'s hand</b>. Partner: {partner}.")
        if not self.hand.selected:
            self.preview.value = ""
        else:
            self._on_select(self.hand.selected_cards)

    def _scoreboard_html(self) -> str:
        """Who is winning: what decides the match first (XR-7.1 rounds, or XR-7.2 points)."""
        match = self.match
        won, points = match.rounds_won, match.totals
        rounds = (f"Rounds won: {TEAM_NAMES[0]} {won[0]}, {TEAM_NAMES[1]} {won[1]}")
        scored = f"Points: {TEAM_NAMES[0]} {points[0]}, {TEAM_NAMES[1]} {points[1]}"
        if match.target is None and match.rules.match_winner is MatchWinner.POINTS:
            first = f"{scored} (points decide the match, XR-7.1)"
            second = rounds
        elif match.target is None:
            first = f"{rounds} (rounds decide the match, XR-7.1)"
            second = scored
        else:
            first = f"{scored} (first to {match.target} wins, XR-7.2)"
            second = rounds
        return (
            '<div class="ck-scoreboard" role="status" style="display:flex;flex-wrap:wrap;'
            'gap:2px 16px;align-items:baseline;margin:0 0 4px">'
            f'<span class="ck-score-first" style="font-size:16px;font-weight:700">'
            f"{html.escape(first)}</span>"
            f'<span class="ck-score-second" style="font-size:13px;color:#374151">'
            f"{html.escape(second)}</span></div>"
        )

    def _show_round_end(self, won: Any) -> None:
        """The short result of the round just scored, its score sheets, and "Next round"."""
        match = self.match
        if won is None:
            return
        number, (p0, p1) = won.number, won.points
        if won.winner is None:
            head = f"Round {number} over: a tie at {p0} points, so nobody wins it ({won.rule})."
        else:
            team = won.winner
            mine, theirs = (p0, p1) if team == 0 else (p1, p0)
            head = f"Round {number} over: {TEAM_NAMES[team]} win {mine} to {theirs} ({won.rule})."
        from cardkit.widgets.charts import xeri_score_table

        lines = [f'<div class="ck-round-head" role="status" style="font-size:16px;'
                 f'font-weight:700;margin:2px 0">{html.escape(head)}</div>']
        if match.is_over:
            lines.append(f'<div class="ck-match-end" style="font-weight:700;margin:2px 0">'
                         f"{html.escape(self._match_end_words())}</div>")
        self.round_result.value = "".join(lines)
        self.round_sheet.value = xeri_score_table(match.round_scores[-1], round_number=number)
        self.round_sheet.layout.display = ""
        self.table.layout.display = "none" if self.held_round is not None else ""
        self.next_round_button.layout.display = "none" if match.is_over else ""
        self.round_box.layout.display = ""

    def _match_end_words(self) -> str:
        """Who won the match and why, citing the rule, from the core's own event."""
        match = self.match
        final = next((e for e in reversed(match.events) if e.kind is EventKind.MATCH_WON), None)
        if final is None:
            return "Match over."
        text = final.text if final.text.endswith(")") else f"{final.text} ({final.rule})"
        words = [f"Match over. {text}."]
        if match.target is None and match.rules.match_winner is MatchWinner.POINTS:
            words.append("Points decide the match, not rounds won (XR-7.1).")
        elif match.target is None:
            words.append("Rounds won decide the match, not points (XR-7.1).")
        return " ".join(words)

    def _show_scores(self) -> None:
        """The itemised sheets of the round just scored, and the charts of the match so far.

        The charts are made at the first round's end (plotly loads only then) and updated in
        place afterwards.
        """
        from cardkit.widgets.charts import XeriScoreCharts

        match = self.match
        if self._charts is None:
            # Making the figures takes a moment the first time; say what is coming meanwhile.
            self.scores.children = (widgets.HTML(
                "<h3 style='margin:10px 0 4px'>Scoring the round and drawing the charts…</h3>"),)
            self._charts = XeriScoreCharts()
        self._charts.update(match)
        heading = (f"<h3 style='margin:10px 0 4px'>Score sheets after round "
                   f"{len(match.round_scores)}</h3>")
        self.scores.children = (widgets.HTML(heading), self._charts.widget)
