"""The Zion Check table's controls: the meld builder and the action bar.

No button is greyed out without a word: every button stays pressable, the ones the core allows
now are coloured (class ``ck-offered``), the others carry the core's reason as their tooltip
(`offer`). The controls build actions and show what the core says; the table applies them.

- `MeldBuilder`: the melds the learner stages for going down ("Add meld", "Clear melds",
  "Suggest go-down", "Go down"), each listed with its live verdict from `explain_go_down`, and
  the staged cards marked with their meld's number in the hand row;
- `ActionBar`: draw, take the discard, claim or pass (ZC-8), lay off on a chosen table meld and
  run end (ZC-11), exchange a joker (ZC-12), discard, a new game, whether to be asked about
  claims, and the line that says where the one selected card fits.

Going down: select cards, press "Add meld" (each meld is listed with its live verdict, and the
whole with what is missing for the contract), then "Go down". "Suggest go-down" fills the
melds with the solver's arrangement. Cards staged into a meld carry its number; a card goes in
one meld. After going down, select one card and a table meld to "Lay off" (a run's end can be
chosen) or "Exchange joker"; the line under the buttons says where the selected card fits.
When a bot discards, the claim window asks the learner to "Claim" or "Pass" (ZC-8) when "Ask
me whether to claim" is on (off by default, for beginners: their claim windows pass).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card
from cardkit.i18n import Domain
from cardkit.widgets.common import N_, MessageArea
from cardkit.widgets.hand import HandWidget
from cardkit.zioncheck import (
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    Phase,
    TakeDiscard,
    explain_go_down,
    find_go_down,
    joker_exchanges,
    lay_off_options,
    no_go_down,
)
from cardkit.zioncheck.words import contract_words

_t = Domain("apps")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["ActionBar", "MeldBuilder", "button", "offer"]

_END_WORDS = {"low": lambda: _("low end"), "high": lambda: _("high end")}


def _options(pairs: Iterable[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A dropdown's choices, their words in the language of the moment."""
    return [(_(label), value) for label, value in pairs]

_ENDS = ((N_("the end that fits"), "either"), (N_("low end"), "low"), (N_("high end"), "high"))
_NO_MELD = ((N_("(no melds on the table yet)"), -1),)  # a Dropdown shows a None value as blank
_KINDS = {"set": N_("a set"), "run": N_("a run")}
_ROW = {"flex_flow": "row wrap", "align_items": "center"}


def cards_words(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _mark(ok: bool) -> str:
    return ('<span style="color:#2e8b57;font-weight:700">✔</span>' if ok
            else '<span style="color:#c0392b;font-weight:700">✘</span>')


def button(description: str, tooltip: str, style: str = "") -> widgets.Button:
    """A table button, with the CSS class ``ck-btn-<description>`` for the page's tests; its
    words (marked with `N_`) in the language of the moment, its class in English."""
    # no icons: Font Awesome comes from a CDN, and the apps work offline
    made = widgets.Button(description=_(description), tooltip=_(tooltip), button_style=style,
                          layout=widgets.Layout(width="auto"))
    made.add_class("ck-btn-" + description.lower().replace(" ", "-").replace("-", "_"))
    return made


def offer(control: widgets.Button, game: Any, action: Any, seat: int, *, style: str,
          mine: bool, held: bool, need: str = "") -> None:
    """Colour ``control`` when the core allows ``action`` for ``seat`` now; otherwise its
    tooltip says why (``need`` when the action cannot be built yet, or the hand is ``held``
    over)."""
    if need or action is None:
        ok, why = False, need
    elif held:
        ok, why = False, _("press Next hand first")
    else:
        verdict = game.check(action, seat=seat)
        ok, why = bool(verdict), str(verdict)
    control.button_style = style if ok and mine else ""
    control.tooltip = why if not ok else control.description
    (control.add_class if ok and mine else control.remove_class)("ck-offered")


class MeldBuilder:
    """The melds being built for a go-down (see the module's docstring)."""

    def __init__(self, hand: HandWidget, message: MessageArea) -> None:
        self.hand, self.message = hand, message
        self.pending: list[tuple[Card, ...]] = []
        self.add_button = button(N_("Add meld"), N_("put the selected cards in a new meld"))
        self.clear_button = button(N_("Clear melds"), N_("forget the melds built so far"))
        self.go_down_button = button(N_("Go down"), N_("lay down the melds listed (ZC-9)"),
                                     "success")
        self.suggest_button = button(N_("Suggest go-down"),
                                     N_("the solver's best arrangement for your hand"))
        self.view = widgets.HTML().add_class("ck-zion-melds")
        self.row = widgets.HBox([widgets.HTML(_("<b>Go down:</b>") + "&nbsp;"), self.add_button,
                                 self.clear_button, self.go_down_button, self.suggest_button],
                                layout=widgets.Layout(**_ROW))

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        return self.add_button, self.clear_button, self.go_down_button, self.suggest_button

    def go_down(self) -> GoDown:
        return GoDown(tuple(self.pending))

    def connect(self, clicks: Any, guard: Callable[[Any], Any], act: Callable[[Any], Any],
                refresh: Callable[[], Any], playing: Callable[[], tuple[Any, int]]) -> None:
        """The builder's buttons, through the table's click gate ``clicks`` and its ``guard``:
        "Go down" gives its action to ``act`` (with no melds built the core says what the
        contract needs); the others change the melds and ``refresh`` the table. ``playing``
        gives the game and the learner's seat."""
        def add(_b: Any) -> None:
            if self.add():
                refresh()

        def clear(_b: Any) -> None:
            self.pending = []
            self.message.clear()
            refresh()

        def suggest(_b: Any) -> None:
            game, seat = playing()
            if self.suggest(game, seat, game.hand(seat)):
                refresh()

        clicks.on_click(self.go_down_button, guard(lambda _b: act(self.go_down())))
        for control, handler in ((self.add_button, add), (self.clear_button, clear),
                                 (self.suggest_button, suggest)):
            clicks.on_click(control, guard(handler))

    def add(self) -> bool:
        """Stage the selected cards as a new meld; refused (with why) when none is selected or
        a card is staged already. Returns whether a meld was added."""
        cards = self.hand.selected_cards
        if not cards:
            self.message.show(_("Select the cards of one meld first. Then press Add meld."),
                              "refused")
            return False
        for card in cards:
            for number, meld in enumerate(self.pending, 1):
                if card in meld:
                    self.message.show(_("{card} is already in meld {number}. A card goes in one "
                                        "meld only.").format(card=card, number=number),
                                      "refused")
                    return False
        self.pending.append(tuple(cards))
        self.hand.clear_selection()
        self.message.show(_("Meld {number} added: {cards}.").format(
            number=len(self.pending), cards=cards_words(cards)), "info")
        return True

    def suggest(self, game: Any, seat: int, hand: Sequence[Card]) -> bool:
        """Fill the melds with the solver's go-down for ``hand``, or say none exists.

        On the learner's own turn after drawing, the game's `best_go_down` is asked (it keeps a
        card to discard, ZC-13.1); otherwise the solver looks at the hand as it is. Returns
        whether the melds were filled."""
        if game.has_gone_down(seat):
            # the core says why a second go-down is refused (ZC-9.3)
            self.message.show_verdict(game.check(GoDown(()), seat=seat))
            return False
        mine_to_play = game.current_player == seat and game.phase is Phase.PLAY
        melds = (game.best_go_down() if mine_to_play
                 else find_go_down(hand, game.hand_number, game.rules))
        if melds is None:
            verdict = no_go_down(game.hand_number, game.rules, who=_("Your hand"))
            self.message.show(f"{verdict}.", "info")
            return False
        self.pending = [tuple(meld.cards) for meld in melds]
        self.hand.clear_selection()
        text = (_("Suggested go-down for {contract}: {melds}; press Go down.") if mine_to_play
                else _("Suggested go-down for {contract}: {melds}; go down after you draw."))
        self.message.show(text.format(contract=contract_words(game.contract), melds=" + ".join(
            f"[{meld}]" for meld in melds)), "info")
        return True

    def keep(self, held: Iterable[Card]) -> None:
        """Keep only the melds whose cards are all still ``held``, and mark their cards."""
        cards = set(held)
        self.pending = [meld for meld in self.pending if set(meld) <= cards]
        texts = self.hand.cards
        marks: dict[Any, str] = {}  # card index -> its meld's mark
        for number, meld in enumerate(self.pending, 1):
            for card in meld:
                if card.to_text() in texts:
                    marks[texts.index(card.to_text())] = _("meld {number}").format(
                        number=number)
        self.hand.marks = marks

    def offer(self, game: Any, seat: int, *, mine: bool, held: bool) -> None:
        """Offer "Go down" when the core allows the melds built; list them with verdicts."""
        offer(self.go_down_button, game, self.go_down() if self.pending else None, seat,
              style="success", mine=mine, held=held,
              need="" if self.pending else _("add melds first"))
        self.show(game, quiet=game.has_gone_down(seat) or held)

    def show(self, game: Any, *, quiet: bool) -> None:
        """List the melds being built with their verdicts and the contract's (or, with no
        meld yet and not ``quiet``, what the contract is and how to start)."""
        if not self.pending:
            self.view.value = "" if quiet else (
                '<div style="color:#555;font-size:90%">' + _(
                    "Contract of hand {hand}: {contract}. Select the cards of a meld and press "
                    "<b>Add meld</b>.").format(
                    hand=game.hand_number,
                    contract=f"<b>{html.escape(contract_words(game.contract))}</b>")
                + "</div>")
            return
        items = []
        explained = explain_go_down(self.pending, game.hand_number, game.rules)
        for number, (meld, verdict) in enumerate(zip(self.pending, explained.melds,
                                                     strict=True), 1):
            what = _(_KINDS.get(str(verdict.kind), "a meld")) if verdict.ok else _("not a meld")
            items.append(f"<li>{_mark(verdict.ok)} " + _("Meld {number}: {cards}: {what}. "
                                                          "{verdict}").format(
                number=number, cards=f"<b>{html.escape(cards_words(meld))}</b>",
                what=html.escape(what), verdict=html.escape(str(verdict))) + "</li>")
        contract = html.escape(contract_words(game.contract))
        total = explained.verdict
        if explained.every_meld_ok:
            words = (_("Contract {contract}: these melds make the contract. {verdict}")
                     if total.ok else _("Contract {contract}: not the contract yet. {verdict}"))
        else:
            words = _("Contract {contract}: {verdict}.")
        items.append(f"<li>{_mark(total.ok and explained.every_meld_ok)} " + words.format(
            contract=contract, verdict=html.escape(str(total))) + "</li>")
        self.view.value = (
            '<ul class="ck-zion-pending" role="status" style="list-style:none;padding-left:4px;'
            f'margin:4px 0">{"".join(items)}</ul>')


class ActionBar:
    """The table's other controls (see the module's docstring)."""

    def __init__(self, ask_claims: bool, hand: HandWidget, message: MessageArea) -> None:
        self.hand, self.message = hand, message
        self.draw_button = button(N_("Draw from stock"),
                                  N_("draw the top card of the stock (ZC-6)"), "primary")
        self.take_button = button(N_("Take discard"),
                                  N_("take the top discard as your draw (ZC-6)"), "primary")
        self.claim_button = button(N_("Claim"), N_("claim the discard out of turn (ZC-8)"),
                                   "warning")
        self.pass_button = button(N_("Pass"), N_("let the discard go (ZC-8.2)"))
        self.meld_choice = widgets.Dropdown(options=_options(_NO_MELD),
                                            description=_("Table meld"),
                                            layout=widgets.Layout(width="360px"))
        self.end_choice = widgets.Dropdown(options=_options(_ENDS), description=_("Run end"),
                                           layout=widgets.Layout(width="230px"))
        self.lay_off_button = button(N_("Lay off"), N_("put the selected card on the table meld "
                                                      "chosen (ZC-11)"))
        self.exchange_button = button(N_("Exchange joker"), N_(
            "put the selected card in place of the joker it matches (ZC-12)"))
        self.discard_button = button(N_("Discard"),
                                     N_("discard the selected card, ending your turn"), "danger")
        self.new_game_button = button(N_("New game"), N_("deal a new game (next seed)"))
        self.ask_claims = widgets.Checkbox(
            value=ask_claims, description=_("Ask me whether to claim each discard (ZC-8)"),
            indent=False, layout=widgets.Layout(width="auto"))
        self.options_view = widgets.HTML().add_class("ck-zion-options")
        row = widgets.Layout(**_ROW)
        self.draw_row = widgets.HBox(
            [widgets.HTML(_("<b>Draw:</b>") + "&nbsp;"), self.draw_button, self.take_button,
             widgets.HTML("&nbsp;" + _("<b>Claim window:</b>") + "&nbsp;"), self.claim_button,
             self.pass_button], layout=row)
        self.table_row = widgets.HBox([self.meld_choice, self.end_choice, self.lay_off_button,
                                       self.exchange_button], layout=row)
        self.end_row = widgets.HBox([self.discard_button, self.new_game_button,
                                     self.ask_claims], layout=row)

    def connect(self, clicks: Any, guard: Callable[[Any], Any],
                act: Callable[[Any], Any]) -> None:
        """Each game-acting button of the bar, through the table's click gate ``clicks`` and
        its ``guard``, builds its action and gives it to ``act`` (the table's)."""
        for control, make in ((self.draw_button, DrawStock), (self.take_button, TakeDiscard),
                              (self.claim_button, Claim), (self.pass_button, Pass)):
            clicks.on_click(control, guard(lambda _b, make=make: act(make())))
        for control, with_card in ((self.discard_button, Discard),
                                   (self.lay_off_button, self.lay_off),
                                   (self.exchange_button, self.exchange)):
            clicks.on_click(control, guard(
                lambda b, with_card=with_card: self._act_on_one(b.description, with_card, act)))

    def _act_on_one(self, what: str, with_card: Callable[[Card], Any],
                    act: Callable[[Any], Any]) -> None:
        """Act with the one selected card (``what`` names the button when that is not so)."""
        cards = self.hand.selected_cards
        if len(cards) != 1:
            self.message.show(ngettext(
                "{what} needs exactly one card selected. Now {count} is selected (ZC-6).",
                "{what} needs exactly one card selected. Now {count} are selected (ZC-6).",
                len(cards)).format(what=what, count=len(cards)), "refused")
            return
        act(with_card(cards[0]))

    def box(self, melds: MeldBuilder) -> widgets.VBox:
        """All the table's controls, the meld builder's among them, in the page's order."""
        return widgets.VBox([self.draw_row, melds.row, melds.view, self.table_row,
                             self.options_view, self.end_row])

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        return (self.draw_button, self.take_button, self.claim_button, self.pass_button,
                self.lay_off_button, self.exchange_button, self.discard_button,
                self.new_game_button)

    def end(self) -> str | None:
        """The run end chosen for a lay-off; None lets the core pick the end that fits."""
        return None if self.end_choice.value == "either" else self.end_choice.value

    def meld_index(self) -> int:
        """The table meld chosen (0 when there is none: the core then says why)."""
        return max(0, self.meld_choice.value)

    def lay_off(self, card: Card) -> LayOff:
        return LayOff(card, self.meld_index(), self.end())

    def exchange(self, card: Card) -> ExchangeJoker:
        return ExchangeJoker(card, self.meld_index())

    def offer(self, game: Any, seat: int, one: Card | None, *, mine: bool, held: bool) -> None:
        """Colour what the core allows now; the others' tooltips say why not. Say where the
        ``one`` selected card fits."""
        need = "" if one is not None else _("select exactly one card first (ZC-6)")
        plain: list[tuple[widgets.Button, Any, str]] = [
            (self.draw_button, DrawStock(), "primary"),
            (self.take_button, TakeDiscard(), "primary"),
            (self.claim_button, Claim(), "warning"), (self.pass_button, Pass(), "")]
        for control, action, style in plain:
            offer(control, game, action, seat, style=style, mine=mine, held=held)
        with_card: list[tuple[widgets.Button, Any, str]] = [
            (self.lay_off_button, self.lay_off(one) if one else None, ""),
            (self.exchange_button, self.exchange(one) if one else None, ""),
            (self.discard_button, Discard(one) if one else None, "danger")]
        for control, action, style in with_card:
            offer(control, game, action, seat, style=style, mine=mine, held=held, need=need)
        self.end_choice.layout.display = "" if game.table else "none"
        self.show_options(game, one, seat)

    def show_melds(self, options: list[tuple[str, int]]) -> None:
        """The table melds to choose from, as (label, index); the choice is kept if it can."""
        current = self.meld_choice.value
        self.meld_choice.options = options or _options(_NO_MELD)
        if 0 <= current < len(options):
            self.meld_choice.value = current

    def show_options(self, game: Any, card: Card | None, seat: int) -> None:
        """Where the one selected card could go: lay-off places and joker exchanges."""
        melds = [placed.meld for placed in game.table]
        if card is None or not melds:
            self.options_view.value = ""
            return
        lines = []
        places = lay_off_options(card, melds, game.rules)
        if places:
            spots = ", ".join(f"#{o.meld_index + 1}" + (f" ({_END_WORDS[o.end]()})"
                                                        if o.end else "") for o in places)
            lines.append(_("{card} fits on meld {spots} (ZC-11.2).").format(card=card,
                                                                            spots=spots))
            # whether the learner may lay it off now is the core's word, not ours
            verdict = game.check(LayOff(card, places[0].meld_index, places[0].end), seat=seat)
            if not verdict:
                lines.append(_("Not now: {verdict}.").format(verdict=verdict))
        else:
            lines.append(_("{card} fits on no table meld (ZC-11.2).").format(card=card))
        exchanges = joker_exchanges(card, melds)
        if exchanges:
            lines.append(_("{card} can free the joker of meld {melds} (ZC-12.1).").format(
                card=card, melds=", ".join(f"#{i + 1}" for i in exchanges)))
        self.options_view.value = (
            '<div class="ck-zion-card-options" style="font-size:90%;color:#333">'
            + html.escape(" ".join(lines)) + "</div>")
