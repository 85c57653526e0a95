"""`TurnStepper`: walk a recorded game of either kind forwards and backwards.

Every step is replayed once, on construction, with `cardkit.records.replay_steps` (a Xeri
match is about 200 plays); moving around afterwards only shows snapshots. Position 0 is the
deal, position k the state after the k-th action, with that action's events, their
explanations and rule IDs, and the scores so far::

    >>> from cardkit import play_out
    >>> from cardkit.games import get_game
    >>> from cardkit.xeri import new_game
    >>> match = play_out(new_game(seed=5), get_game("xeri").make_bots("greedy", seed=5),
    ...                  max_actions=8)
    >>> stepper = TurnStepper(match.to_json())
    >>> stepper.slider.max, stepper.position
    (8, 0)
    >>> stepper.next_button.click(); stepper.position
    1
    >>> stepper.last_button.click(); stepper.position
    8

Controls: ◀◀ First, ◀ Back, Next ▶, Last ▶▶, a step slider and "▶ Play", which steps on by
itself and becomes "❚❚ Pause" (pressing it again stops where it is, never back at the deal);
"Show" picks all hands open or one seat's view. A record with no moves yet says so.

`ReplayViewer` is the replay app: it makes a sample bot game of either kind, or loads a record
that the learner uploads or pastes, and shows it in a `TurnStepper`. It keeps the record shown
and the step in the page, so that after a fault "Start again" brings the same record back at
the same step (`ReplayViewer.resume_from`, `cardkit.widgets.resume`).
"""

from __future__ import annotations

import asyncio
import html
import threading
import time

import ipywidgets as widgets

from cardkit.engine import Game
from cardkit.games import game_names, get_game, load_record
from cardkit.i18n import Domain
from cardkit.records import Step, replay_steps
from cardkit.widgets import limits
from cardkit.widgets.common import MessageArea, guarded
from cardkit.widgets.narration import LogLine, NarrationLog
from cardkit.widgets.resume import ResumeLink, checked_record, record_and_step
from cardkit.widgets.review_panel import ReviewPanel, review_for
from cardkit.widgets.step_slider import StepSlider

_ = Domain("apps").gettext
SHARED_WORDS = Domain("cardkit")  # the registry's game titles

__all__ = ["ReplayViewer", "TurnStepper", "sample_game", "seat_names"]

ALL_HANDS = -1  # the seat selector's value for "all hands open"
PLAY_INTERVAL_MS = 700


def seat_names(game: Game) -> tuple[str, ...]:
    """The names of the seats of ``game``, as the game names them ("North", "Seat 2")."""
    return tuple(game.seat_name(seat) for seat in range(game.num_players))


def _action_words(game: Game, step: Step) -> str:
    who = game.seat_name(step.seat) if step.seat is not None else _("The dealer")
    return get_game(game.game_name).action_words(who, step.action)


class TurnStepper(widgets.VBox):
    """Step through ``record`` (a JSON record text, or a game whose record is taken).

    First / previous / next / last buttons, a slider, a Play button that advances the slider on
    its own (linked in the page), and a seat selector: all hands open, or one seat's view.
    """

    def __init__(self, record: str | Game, seat: int | None = None) -> None:
        self.steps: list[Step] = replay_steps(record)
        if self.steps:
            self.start: Game = self.steps[0].before
        else:  # a record without actions: just the deal
            self.start = load_record(record if isinstance(record, str) else record.to_json())
        names = seat_names(self.start)
        if seat is not None and seat not in range(len(names)):
            raise ValueError(f"seat is 0 to {len(names) - 1} or None (all hands), not {seat!r}")
        n = len(self.steps)

        self.message = MessageArea()
        self.first_button = widgets.Button(description=_("◀◀ First"), tooltip=_("the deal"))
        self.prev_button = widgets.Button(description=_("◀ Back"), tooltip=_("one step back"))
        self.next_button = widgets.Button(description=_("Next ▶"), tooltip=_("one step forward"))
        self.last_button = widgets.Button(description=_("Last ▶▶"),
                                          tooltip=_("the end of the record"))
        self.slider = StepSlider(max=n)
        self.player = widgets.ToggleButton(
            value=False, description=_("▶ Play"),
            tooltip=_("step on by itself; press again to pause"),
            layout=widgets.Layout(width="auto"),
        ).add_class("cardkit-play")
        self.view = widgets.Dropdown(
            options=[(_("All hands open"), ALL_HANDS)]
            + [(_("{seat}'s view").format(seat=name), s) for s, name in enumerate(names)],
            value=ALL_HANDS if seat is None else seat,
            description=_("Show"),
        )
        self.table = widgets.HTML().add_class("cardkit-table")
        self.caption = widgets.HTML().add_class("cardkit-step-caption")
        self.events = NarrationLog(css_class="cardkit-step-events", newest_first=False)
        self.scores = widgets.HTML().add_class("cardkit-step-scores")

        guard = guarded(self.message)
        self.first_button.on_click(guard(lambda _b: self.go(0)))
        self.prev_button.on_click(guard(lambda _b: self.go(self.position - 1)))
        self.next_button.on_click(guard(lambda _b: self.go(self.position + 1)))
        self.last_button.on_click(guard(lambda _b: self.go(len(self.steps))))
        self.slider.observe(guard(lambda _c: self._show()), names="value")
        self.view.observe(guard(lambda _c: self._show()), names="value")
        self.player.observe(guard(self._on_play), names="value")
        self._playing: threading.Thread | None = None

        controls = widgets.HBox(
            [self.first_button, self.prev_button, self.next_button, self.last_button,
             self.player],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        # What the step did beside the table, so that on a 1280×720 projector the buttons, the
        # step's words and the table's top show together; a narrow window puts the table below.
        words = widgets.VBox([self.caption, self.events, self.scores, self.message],
                             layout=widgets.Layout(flex="1 1 300px", min_width="0"))
        self.table.layout = widgets.Layout(flex="2 1 600px", min_width="0")
        super().__init__([
            controls,
            widgets.HBox([self.slider, self.view], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([words, self.table],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
        ])
        self.add_class("cardkit-stepper")
        self._show()
        if not self.steps:
            self.message.show(_("This record has no moves yet: it shows the deal only. Replay a "
                                "played game (for example one from play_out)."), "info")

    @property
    def position(self) -> int:
        """0 for the deal, k after the k-th action."""
        return int(self.slider.value)

    @property
    def game(self) -> Game:
        """The state shown now (a snapshot: do not change it)."""
        k = self.position
        return self.steps[k - 1].after if k else self.start

    @property
    def seat(self) -> int | None:
        """The seat whose view is shown, or None for all hands open."""
        return None if self.view.value == ALL_HANDS else int(self.view.value)

    def go(self, position: int) -> None:
        """Show position ``position`` (clamped to the record)."""
        self.slider.value = max(0, min(len(self.steps), int(position)))

    def _on_play(self, change: dict) -> None:
        """Play pressed: step on every ``PLAY_INTERVAL_MS`` in the background; Pause stops."""
        self.player.description = _("❚❚ Pause") if change["new"] else _("▶ Play")
        if change["new"] and (self._playing is None or not self._playing.is_alive()):
            if self.position >= len(self.steps):
                self.go(0)  # Play at the end starts again from the deal
            self._playing = threading.Thread(target=self._play_on, daemon=True,
                                             name="cardkit-replay")
            try:
                self._playing.start()
            except RuntimeError:  # no threads (Python in the browser): step on the event loop
                self._playing = None
                self._step_later()

    def _step_later(self) -> None:
        asyncio.get_event_loop().call_later(PLAY_INTERVAL_MS / 1000, self._play_step)

    def _play_step(self) -> None:
        if not self.player.value:
            return
        if self.position >= len(self.steps):
            self.player.value = False
            return
        self.go(self.position + 1)
        self._step_later()

    def _play_on(self) -> None:
        while self.player.value:
            time.sleep(PLAY_INTERVAL_MS / 1000)
            if not self.player.value:
                return
            if self.position >= len(self.steps):
                self.player.value = False
                return
            self.go(self.position + 1)

    @property
    def record(self) -> str:
        """The whole record stepped through (``to_json()`` of its last state)."""
        return (self.steps[-1].after if self.steps else self.start).to_json()

    @property
    def event_texts(self) -> list[str]:
        """The narration of the step shown (the deal's events at position 0)."""
        k = self.position
        events = self.steps[k - 1].events if k else tuple(self.start.events)
        return [event.text for event in events]

    def _show(self) -> None:
        k, n, game = self.position, len(self.steps), self.game
        self.first_button.disabled = self.prev_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == n
        if k:
            step = self.steps[k - 1]
            head = _("Step {step} of {steps}: {action}").format(
                step=k, steps=n, action=_action_words(game, step))
            events = step.events
        else:
            head = _("The deal (step 0 of {steps})").format(steps=n)
            events = tuple(self.start.events)
        self.caption.value = f'<h3 style="margin:6px 0 2px">{html.escape(head)}</h3>'
        lines = []
        for event in events:
            rule = getattr(event, "rule", None)
            shown = rule and f"({rule})" not in event.text  # some games' texts end with it
            lines.append(LogLine(event.text, rule=rule if shown else None))
        self.events.show(lines)
        spec = get_game(game.game_name)
        # Hands sorted by suit, then rank, as the live apps show a learner's hand.
        self.table.value = spec.table_html(game, self.seat, sort_hands=True)
        self.scores.value = spec.scores_html(game)


def game_title(name: str) -> str:
    """A registered game's title in the language of the moment (the shared catalog has the
    registry's titles; a title it does not know is shown as it is)."""
    return SHARED_WORDS.gettext(get_game(name).title)


def sample_game(game: str | None = None, seed: int = 1, players: int | None = None) -> Game:
    """A whole game of ``game`` (a registered game's name; None: the first) played by greedy
    bots, for replaying; ``players`` None is the game's usual number."""
    return get_game(game or game_names()[0]).sample_game(seed, players)


class ReplayViewer(widgets.VBox):
    """The replay app: choose a sample bot game or load a record, then step through it."""

    def __init__(self, game: str | None = None, seed: int = 1) -> None:
        self.message = MessageArea().add_class("cardkit-replay-message")
        names = game_names()
        self.kind = widgets.Dropdown(options=[(game_title(n), n) for n in names],
                                     value=game or names[0], description=_("Game"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=_("Seed"),
                                           tooltip=_("the same seed replays the same bot game"),
                                           layout=widgets.Layout(width="180px"))
        self.sample_button = widgets.Button(description=_("Replay a bot game"),
                                            button_style="primary",
                                            layout=widgets.Layout(width="auto"))
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=_("Load a record file"),
                                         tooltip=_("a .json game record, as to_json() or "
                                                   "cardkit wrote it"),
                                         layout=widgets.Layout(width="auto"))
        self.paste = widgets.Textarea(placeholder=_("…or paste a record (JSON) here"),
                                      layout=widgets.Layout(flex="1 1 260px", height="2.4em"))
        self.paste_button = widgets.Button(description=_("Replay the pasted record"),
                                           layout=widgets.Layout(width="auto"))
        self.holder = widgets.VBox()
        self.stepper: TurnStepper | None = None
        self.resume_link = ResumeLink(guarded(self.message)(self.resume_from), steps=True)

        guard = guarded(self.message)
        self.sample_button.on_click(guard(lambda _b: self.load_sample()))
        self.upload.observe(guard(lambda _c: self._on_upload()), names="value")
        self.paste_button.on_click(guard(lambda _b: self.load_record(self.paste.value)))
        # The replay first, the choice of another game under it: on a projector the table is
        # what the class looks at.
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            self.holder,
            widgets.HTML(_("<b>Replay another game</b>")).add_class("cardkit-replay-choose"),
            widgets.HBox([self.kind, self.seed, self.sample_button], layout=row),
            widgets.HBox([self.upload, self.paste, self.paste_button], layout=row),
            self.message,
            *self.resume_link.widgets,
        ])
        self.add_class("cardkit-app")
        self.add_class("cardkit-replay-viewer")
        self.load_sample()

    def load_sample(self) -> None:
        """Replay a bot game of the chosen kind and seed."""
        game = sample_game(self.kind.value, int(self.seed.value))
        self._show(game, _("A bot game of {game}, seed {seed}").format(
            game=self.kind.label, seed=self.seed.value))

    def load_record(self, text: str) -> bool:
        """Replay a record (the JSON text that ``to_json()`` writes); False, with the reason in
        the message area and the replay shown before kept, when the text is not one."""
        if not text.strip():
            self.message.show(_("Paste a record first: the JSON text of a game's to_json() (or "
                                "of a file that cardkit wrote)."), "refused")
            return False
        try:
            limits.check_record_text(text)  # size, nesting and rule values before any replay
        except ValueError as error:  # the learner's text, not our bug: say what is wrong
            self.message.show(_("This text is not a game record: {error}. Paste the whole text "
                                "that to_json() or cardkit wrote.").format(error=error), "refused")
            return False
        try:
            self._show(text, _("Your record"))
        except ValueError as error:
            self.message.show(_("This record cannot be replayed: {error}.").format(error=error),
                              "refused")
            return False
        return True

    def resume_from(self, text: str) -> bool:
        """Show again the record and step the page kept (what "Start again" gives back after
        the kernel died: ``"step N"``, a space, the record). The record goes through the
        bounds and the core's replay (`cardkit.widgets.resume.checked_record`) and may be of
        either game; a step past its end is refused. Anything refused is said in the message
        area and the replay shown stays. Returns whether the replay was resumed."""
        try:
            record, step = record_and_step(text)
            stepper = TurnStepper(checked_record(record, game_names()))
            if step > len(stepper.steps):
                raise ValueError(_("it was at step {step}, but the record has {steps} steps")
                                 .format(step=step, steps=len(stepper.steps)))
        except ValueError as error:
            self.message.show(_("Could not bring your replay back: {error}. Load its record "
                                "again, or step through this one.").format(error=error), "refused")
            return False
        stepper.go(step)
        self._put(stepper)
        self.message.show(_("Your replay is back where it was: step {step} of {steps}.").format(
            step=step, steps=len(stepper.steps)), "ok")
        return True

    def _on_upload(self) -> None:
        files = self.upload.value
        if files:
            content = files[0]["content"]
            try:
                text = bytes(content).decode("utf-8")
            except UnicodeDecodeError:
                self.message.show(_("{file} is not a text file: load the .json file of a game "
                                    "record.").format(file=files[0].get("name", _("This file"))),
                                  "refused")
                return
            self.load_record(text)

    def _show(self, record: str | Game, title: str) -> None:
        stepper = TurnStepper(record)
        self._put(stepper)
        steps = len(stepper.steps)
        self.message.show(_("{title}: {steps} steps. Use the buttons, the slider or Play.")
                          .format(title=title, steps=steps), "ok")

    def _put(self, stepper: TurnStepper) -> None:
        """Show ``stepper``, and keep its record and step in the page from now on."""
        self.stepper = stepper
        self.review: ReviewPanel | None = review_for(stepper, getattr(self, "review", None))
        # "Analyse this game" under the replay, for a game with an analyst
        self.holder.children = (stepper,) if self.review is None else (stepper, self.review)
        record = stepper.record

        def keep(_change: object = None) -> None:
            if self.stepper is stepper:
                self.resume_link.show(record, stepper.position)

        stepper.slider.observe(keep, names="value")
        keep()
