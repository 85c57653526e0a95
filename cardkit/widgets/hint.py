"""`HintPanel`: the tables' **Hint** button, which rates the learner's legal moves.

Pressing Hint says "Thinking…" at once, then rates every legal move of the seat to play from
that seat's view only (`cardkit.analysis.analyze` reads ``game.observe(seat)``, never a hidden
card), and shows the sentence a learner reads (`Analysis.text`) above the moves drawn as
intervals (`cardkit.analysis_draw.analysis_html`, an inline SVG: no plotly, so it shows in the
static site too), scrolled into the window as little as needed (`ScrollIntoView`: at 1280×720
the sentence was under the window's edge once the hand or staged melds grew). The best card
is marked "best" in the hand row; in Zion Check the best
action is said (draw or take, claim or pass, go down, lay off, discard) and its card marked
where it has one.

Bounds (the browser is hostile, the machine is shared): one hint thinks at most
`limits.MAX_HINT_SECONDS` and samples at most `limits.MAX_HINT_SAMPLES` worlds (lower under
``$CARDKIT_ANALYSIS_SAMPLES``); the kernel thinks of one hint at a time (the button is
disabled meanwhile, and a click the page sent meanwhile is dropped by the table's
`ClickGate`); the same position asked again is answered from the hint already made. The
hint is seeded (``seed``, 0 by default, never the game's own seed, which would tell the deal),
so that the same position with the same sample budget gets the same hint.

The tables hold one panel each (``table.hint``) and call `HintPanel.refresh` when they redraw;
nothing here changes the game.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardkit.i18n import Domain
from cardkit.widgets import limits
from cardkit.widgets.common import N_
from cardkit.widgets.scroll import ScrollIntoView

_ = Domain("apps").gettext

__all__ = ["HintPanel", "best_card"]

THINKING = N_("Thinking…")  # (shown in the app's language)
_TOOLTIP = N_("rate your legal moves (from what you can see)")


def _best() -> str:
    """The hand row's mark of the best card, in the language of the moment."""
    return _("best")


def best_card(action: Any) -> Any:
    """The card of an action, where it has one: a Xeri play is a card; a Zion Check discard,
    lay-off or joker exchange names one (`Discard.card`); drawing, taking, claiming, passing
    and going down have none (None)."""
    if hasattr(action, "rank") and hasattr(action, "suit"):
        return action
    return getattr(action, "card", None)


class HintPanel(widgets.VBox):
    """The Hint button and what it shows, for ``table`` (a `GameTable`: its ``game``, its
    ``hand`` row, ``held``; Xeri's ``viewer`` and ``waiting_for``; its ``clicks`` gate).

    ``seconds`` and ``max_samples`` bound each hint (at most the limits); ``seed`` seeds it."""

    def __init__(self, table: Any, *, seconds: float = limits.MAX_HINT_SECONDS,
                 max_samples: int | None = None, seed: int = 0) -> None:
        self.table = table
        self.seconds: float | None = min(float(seconds), limits.MAX_HINT_SECONDS)
        cap = limits.analysis_samples(limits.MAX_HINT_SAMPLES)
        self.max_samples = cap if max_samples is None else min(max_samples, cap)
        self.seed = seed
        self.thinking = False
        self.thought = 0  # how many hints were worked out (not answered from the last one)
        self.analysis: Any = None
        self._for: tuple[Any, ...] | None = None  # the position the hint shown is for
        self.button = widgets.Button(description=_("Hint"), tooltip=_(_TOOLTIP),
                                     layout=widgets.Layout(width="auto"))
        self.note = widgets.HTML().add_class("ck-hint-note")
        self.view = widgets.HTML().add_class("ck-hint")
        # at 1280×720 the sentence fell under the window's edge once the hand or the staged
        # melds above it grew: each hint shown is scrolled into view, as little as needed
        self.scroll = ScrollIntoView(".ck-hint .cardkit-analysis p", within=".ck-hint-panel")
        super().__init__([widgets.HBox([self.button, self.note],
                                       layout=widgets.Layout(align_items="center")),
                          self.view, self.scroll], layout=widgets.Layout(margin="2px 0"))
        self.add_class("ck-hint-panel")
        table.clicks.on_click(self.button, lambda _button: self.hint())

    # ----------------------------------------------------------------- who may ask

    def seat(self) -> int:
        """The seat a hint is for: the learner, or in the hot seat the player to act."""
        viewer = getattr(self.table, "viewer", None)
        return int(self.table.seat if viewer is None else viewer)

    def why_not(self) -> str:
        """Why there is no hint now ("" when there is one to give)."""
        table, game = self.table, self.table.game
        mover = game.current_player
        if getattr(table, "waiting_for", None) is not None:
            return _("Hint: after the next player is ready.")
        if table.held is not None or mover is None:
            return (_("Hint: the hand is over.") if table.ROUND_NOUN == "hand"
                    else _("Hint: the round is over."))
        if table.bots_playing or mover != self.seat():
            return _("Hint: on your turn.")
        if not game.observe(mover).legal_actions():
            return _("Hint: on your turn.")
        return ""

    def _position(self) -> tuple[Any, ...]:
        game = self.table.game
        return (id(game), len(game.history), self.seat(), self.max_samples, self.seed)

    # ----------------------------------------------------------------- the hint

    def hint(self) -> Any:
        """Rate the seat's legal moves now and show them; returns the `Analysis` (None when
        there is no hint to give, with the reason beside the button)."""
        reason = self.why_not()
        if reason:
            self.note.value = _note(reason)
            return None
        if self.thinking:  # a second press while the first thinks (from Python): no stacking
            return None
        position = self._position()
        if self._for == position and self.analysis is not None:
            self._show()  # the same position: the hint already made
            return self.analysis
        self.thinking = True
        self.button.disabled = True
        self.note.value = _note(_(THINKING), status=True)
        self.view.value = ""
        try:
            from cardkit.analysis import analyze  # imported at the first press, not at load

            self.analysis = analyze(self.table.game, self.seat(), seconds=self.seconds,
                                    max_samples=self.max_samples, seed=self.seed)
            self.thought += 1
            self._for = position
        except Exception as error:  # said in the page, never lost in the kernel's log
            self.analysis = self._for = None
            self.note.value = _note(_("No hint: {error}").format(error=error))
            return None
        finally:
            self.thinking = False
            self.button.disabled = False
        self._show()
        return self.analysis

    def _show(self) -> None:
        analysis = self.analysis
        from cardkit.analysis_draw import analysis_html

        card = best_card(analysis.best.action)
        move = analysis.words(analysis.best.action)
        said = (_("Hint for {seat}: {move}").format(seat=analysis.seat_name, move=move)
                if getattr(self.table, "hot_seat", False) else _("Hint: {move}").format(move=move))
        said = (_("{hint} (marked best in your hand).") if card else _("{hint}.")).format(hint=said)
        self.note.value = _note(said, status=True)
        # compact (the widget's 28 px lines would push the chart under a projector's 720 px)
        self.view.value = ("<style>.ck-hint .cardkit-analysis p{margin:2px 0;"
                           "scroll-margin-bottom:8px}</style>"
                           '<div style="font-size:13px;line-height:1.35">'
                           f"{analysis_html(analysis, width=400)}</div>")
        self._mark(card)
        self.scroll.ask()  # the sentence into the window (the best card is above it)

    def _mark(self, card: Any) -> None:
        """Mark ``card`` "best" in the hand row (beside any other mark, e.g. a staged meld)."""
        hand = getattr(self.table, "hand", None)
        if hand is None:
            return
        best = _best()
        marks = {i: str(m).removesuffix(f", {best}") for i, m in hand.marks.items()
                 if str(m) != best}
        if card is not None:
            texts = list(hand.cards)
            index = (texts.index(card.to_text()) if card.to_text() in texts else
                     next((i for i, t in enumerate(texts)
                           if t.split("@")[0] == card.to_text().split("@")[0]), None))
            if index is not None:
                marks[index] = f"{marks[index]}, {best}" if index in marks else best
        hand.marks = marks

    def refresh(self) -> None:
        """What the table calls when it redraws: a hint of a position that has passed is
        cleared; the hint of the position shown stays, its card marked again; the button is
        disabled, with the reason beside it, when there is no hint to give."""
        if self.thinking:
            return
        reason = self.why_not()
        self.button.disabled = bool(reason)
        self.button.tooltip = reason or _(_TOOLTIP)
        if self._for is not None and self._for == self._position() and not reason:
            self._mark(best_card(self.analysis.best.action))
            return
        self.analysis = self._for = None
        self.view.value = ""
        self.note.value = _note(reason) if reason else ""
        self._mark(None)


def _note(text: str, *, status: bool = False) -> str:
    role = ' role="status"' if status else ""
    return (f'<span class="ck-hint-note-text"{role} style="margin-left:8px">'
            f"{html.escape(text)}</span>")
