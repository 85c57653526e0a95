"""`GameTable`: what the Xeri and the Zion Check tables share, whatever the game.

A table seats a learner (or, in Xeri's hot seat, four people) against bots. This base holds:

- the options' checks (``bot``, ``bot_delay``) and the series of seeds: a table made with a
  seed deals the same games, one after another, on every machine; without one it draws them;
- the seed line with the address that deals the same game for a whole class (``share``);
- the bot loop: each bot's move is checked by the core like anyone's, after a pause of
  ``bot_delay`` seconds; the game-acting controls are disabled meanwhile, and a click the
  page sent while they were is dropped (`ClickGate`);
- the pause at a round's (or hand's) end: the result box with its "Next round" button, the
  next deal shown and narrated only once that button is pressed;
- resuming from the record the page keeps, after the kernel died (`cardkit.widgets.resume`).

A subclass names its game (``GAME``, ``GAME_NOUN``, ``ROUND_NOUN``, ``BOTS``) and fills in
the hooks: what the page shows (`_refresh`), what follows a bot's move, whether to move for a
human (a claim window the learner asked not to be asked about), how to show the end box.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from cardkit.engine import IllegalAction, decider
from cardkit.games import get_game
from cardkit.i18n import Domain
from cardkit.widgets import limits
from cardkit.widgets.clicks import ClickGate
from cardkit.widgets.common import MessageArea, guarded, seed_html
from cardkit.widgets.narration import NarrationLog
from cardkit.widgets.resume import ResumeLink, checked_record

_ = Domain("apps").gettext

__all__ = ["EndBox", "GameTable", "ScorePanel", "check_bot_options"]

_SEEDS = 10**9  # seeds are drawn from 0 … 999,999,999


def check_bot_options(bot: str, bot_delay: object, bots: Mapping[str, Any]) -> float:
    """``bot_delay`` as seconds, once ``bot`` is one of ``bots`` and the delay a number >= 0;
    otherwise a ValueError that says what is allowed.

    >>> check_bot_options("greedy", 0, {"greedy": None, "random": None})
    0.0
    >>> check_bot_options("clever", 0, {"greedy": None, "random": None})
    Traceback (most recent call last):
    ...
    ValueError: bot is one of greedy, random, not 'clever'
    """
    if bot not in bots:
        raise ValueError(f"bot is one of {', '.join(sorted(bots))}, not {bot!r}")
    if not (isinstance(bot_delay, (int, float)) and bot_delay >= 0):
        raise ValueError(f"bot_delay is a number of seconds >= 0, not {bot_delay!r}")
    return float(bot_delay)


class EndBox(widgets.VBox):
    """The framed box shown at a round's end: its result ``view`` (an HTML widget of class
    ``view_class``) and the ``button`` to play on; hidden until `show`."""

    def __init__(self, view_class: str, button: widgets.Button, css_class: str) -> None:
        self.view = widgets.HTML().add_class(view_class)
        self.button = button
        super().__init__([self.view, button], layout=widgets.Layout(
            display="none", border="2px solid #3573c9", padding="4px 10px", margin="4px 0"))
        self.add_class(css_class)

    @property
    def shown(self) -> bool:
        return self.layout.display != "none"

    def show(self, result: str, *, last: bool) -> None:
        """Show ``result`` (HTML); after the ``last`` round there is no button to play on."""
        self.view.value = result
        self.button.layout.display = "none" if last else ""
        self.layout.display = ""

    def hide(self) -> None:
        self.layout.display = "none"


class ScorePanel(widgets.VBox):
    """The score charts of the game so far, under a table: made at the first round's end
    (plotly loads only then) by ``make(game)``, which returns them drawn, as an object with a
    ``widget`` and ``update(game)`` (`cardkit.widgets.charts`), and updated in place
    afterwards. ``heading`` titles them; ``wait`` is shown while they are first made."""

    def __init__(self, css_class: str, make: Callable[[Any], Any], *,
                 heading: Callable[[Any], str] | None = None, wait: str = "") -> None:
        super().__init__()
        self.add_class(css_class)
        self._make, self._heading, self._wait = make, heading, wait
        self.charts: Any = None

    def clear(self) -> None:
        self.charts = None
        self.children: tuple[widgets.Widget, ...] = ()

    def show(self, game: Any) -> None:
        """Draw (the first time) or update the charts from ``game``."""
        if self.charts is None:
            if self._wait:  # making the figures takes a moment the first time: say so
                self.children = (widgets.HTML(self._wait),)
            self.charts = self._make(game)
        else:
            self.charts.update(game)
        title: tuple[widgets.Widget, ...] = (
            (widgets.HTML(self._heading(game)),) if self._heading else ())
        self.children = (*title, self.charts.widget)


class GameTable(widgets.VBox):
    """The base of a playable table (see the module's docstring); not an app by itself."""

    GAME: ClassVar[str]  # the registry's name of the game, for records
    GAME_NOUN: ClassVar[str]  # "match", "game": in the words of a refused resume
    ROUND_NOUN: ClassVar[str]  # "round", "hand": what the pause at its end waits after
    BOTS: ClassVar[Mapping[str, Callable[..., Any]]]  # the bot kinds: "greedy", "random"
    MAX_BOT_MOVES: ClassVar[int] = 10_000  # a guard: the bots never play forever

    game: Any  # the game played (the subclass starts it)
    narration: NarrationLog  # made by the subclass, with its colours

    def __init__(self, *, seed: int | None, bot: str, bot_delay: float,
                 share: Callable[[int], str] | None) -> None:
        super().__init__()
        self.bot_delay = check_bot_options(bot, bot_delay, self.BOTS)
        self.bot_kind = bot
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self._share = share or (lambda number: f"?seed={number}")
        self.held: int | None = None  # the finished round shown until its button is pressed
        self.bots: dict[int, Any] = {}
        self.bots_playing = False  # the game-acting controls are disabled meanwhile
        self._acting: tuple[widgets.Button, ...] = ()  # those controls (set by the subclass)
        self.message = MessageArea()
        self.seed_line = widgets.HTML()
        # the page keeps the game's record, to bring it back if the kernel dies (issue 12)
        self.resume_link = ResumeLink(guarded(self.message)(self.resume_from))
        # A click queued while the bots played would otherwise act later (issue 12): every
        # control that acts on the game goes through one gate.
        self.clicks = ClickGate()

    def log_text(self) -> list[str]:
        """The narration lines, newest first (as shown)."""
        return self.narration.texts()

    @property
    def log_lines(self) -> list[tuple[str, str]]:
        """The narration's lines as (text, kind), oldest first."""
        return [(line.text, line.kind) for line in self.narration.lines]

    # ----------------------------------------------------------------- seeds and bots

    def deal_seed(self, seed: int | None = None) -> int:
        """``seed``, or the next seed of this table's series."""
        return self._seeds.randrange(_SEEDS) if seed is None else seed

    def _begin(self, seed: int, bot_seats: Iterable[int]) -> None:
        """A new game of ``seed`` at this table: a bot of the table's kind in each of
        ``bot_seats``, made by the registry with its one seed rule (`cardkit.games.bot_seed`,
        as in simulations and the replay viewer) and bounded by `limits.MAX_BOT_SECONDS` a
        decision (`limits.bounded_bot`: the analyst); the seed line shows the seed and its address;
        no round's result is held."""
        spec = get_game(self.GAME)
        self.bots = {seat: limits.bounded_bot(spec.seated_bot(self.bot_kind, seat, seed))
                     for seat in bot_seats}
        self.seed_line.value = seed_html(seed, self._share(seed))
        self.held = None

    def _run_bots(self, *, pause: bool) -> None:
        """Let the bots move until a human is to play (each after ``bot_delay`` seconds when
        ``pause``), or the game pauses at a round's end.

        The pause is a plain sleep in the callback: each move's view update reaches the page at
        once, and clicks made meanwhile wait in order (and are dropped) instead of racing.
        """
        game = self.game
        self.bots_playing = self._busy_while_bots(pause)
        self._show_busy()
        try:
            for _move in range(self.MAX_BOT_MOVES):
                mover = game.current_player
                if mover is None or self.held is not None:
                    break
                bot = self.bots.get(mover)
                if bot is None:
                    if self._move_for_human(mover):
                        continue
                    break
                choice = decider(bot)(game)  # the bot is handed its seat's view only
                verdict = game.check(choice, seat=mover)
                if not verdict:  # a bot is checked like anyone else
                    raise IllegalAction(verdict)
                if pause and self.bot_delay and self._pauses_before(choice):
                    self._before_pause()
                    time.sleep(self.bot_delay)
                self._after_bot_move(game.apply(choice, seat=mover))
        finally:
            self.bots_playing = False
            self._show_busy()
            self._refresh()

    def _show_busy(self) -> None:
        for control in self._acting:
            control.disabled = self.bots_playing

    # ----------------------------------------------------------------- the round's end

    def play_on(self) -> None:
        """Leave the finished round's result and play the next round (its button)."""
        if self.held is None:
            self.message.show(_("No hand is waiting: play on.") if self.ROUND_NOUN == "hand"
                              else _("No round is waiting: play on."), "info")
            return
        self.held = None
        self._hide_end()
        self.message.clear()
        self._refresh()
        self._narrate_held()  # the next deal, held back while the result was shown
        self._run_bots(pause=True)

    # ----------------------------------------------------------------- resuming

    def resume_from(self, record: str) -> bool:
        """Play on from a record (what "Start again" gives back after the kernel died), loaded
        through the bounds and the core's replay (`cardkit.widgets.resume`). Refused with the
        reason in the message area, the game unchanged, when it is not a record of this game
        (and table) or does not replay. Returns whether the game was resumed."""
        try:
            self._resume(checked_record(record, self.GAME))
        except ValueError as error:
            words = (_("Could not bring the game back: {error}") if self.GAME_NOUN == "game"
                     else _("Could not bring the match back: {error}"))
            self.message.show(words.format(error=error), "refused")
            return False
        return True

    # ----------------------------------------------------------------- hooks
    # Each table (XeriTable, ZionTable) fills these in. They raise rather than being
    # abc.abstractmethods: a widget's metaclass is traitlets', which ABCMeta cannot join.

    def _resume(self, game: Any) -> None:
        """Play on from ``game``, a checked record (a ValueError refuses it unchanged)."""
        raise NotImplementedError

    def _refresh(self) -> None:
        """Redraw what the page shows from the game."""
        raise NotImplementedError

    def _after_bot_move(self, events: list[Any]) -> None:
        """Show and narrate a bot's move."""
        raise NotImplementedError

    def _hide_end(self) -> None:
        """Hide the finished round's result (its button was pressed)."""
        raise NotImplementedError

    def _narrate_held(self) -> None:
        """Narrate what was held back while a round's result was shown."""
        raise NotImplementedError

    def _busy_while_bots(self, pause: bool) -> bool:
        """Whether the controls are disabled while the bots play."""
        return bool(self.bots)

    def _move_for_human(self, seat: int) -> bool:
        """Make a move for the human ``seat`` (whether one was made)."""
        return False

    def _pauses_before(self, choice: Any) -> bool:
        """Whether the bots' pause comes before ``choice``."""
        return True

    def _before_pause(self) -> None:
        """What the page shows before a bot's pause."""
