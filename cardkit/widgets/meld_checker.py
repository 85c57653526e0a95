"""MeldChecker: type or pick cards and a hand number; learn whether they are a set, a run or the
hand's contract, and why not, with the rule ID. It can also show the solver's best go-down.

The widget decides nothing itself: every verdict comes from `cardkit.zioncheck`
(`explain_go_down`: each meld with `check_meld`, the whole with `check_go_down`;
`find_go_down`, `hand_points`). Cards are typed as text (``5C 6C JK 8C``);
a ``|`` separates melds (``5C 6C 7C 8C | 9H 9S 9D``). A dealt hand can be clicked instead:
"Add as meld" appends the selected cards to the text as one more meld::

    checker = MeldChecker(hand_number=3)
    checker.cards_text.value = "5C 6C JK 8C | 9H 10H JH QH"
    checker.verdict_text   # plain words of the verdict, also shown as HTML
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from cardkit.cards import Card, card_words, parse_cards
from cardkit.widgets import limits
from cardkit.widgets.common import MessageArea, guarded, seed_html
from cardkit.zioncheck import (
    Rules,
    explain_go_down,
    find_go_down,
    hand_points,
    no_go_down,
)

__all__ = ["MeldChecker", "parse_meld_text"]

_EXAMPLE = "5C 6C JK 8C  or  5C 6C 7C 8C | 9H 9S 9D"


def parse_meld_text(text: str) -> list[list[Card]]:
    """Cards typed as text, grouped into melds by ``|`` (empty groups are ignored).

    Repeated cards are taken from successive decks across all groups, so ``8C 8C 8H`` names
    three distinct cards of a two-deck pack. Bad text raises ``ValueError`` naming the accepted
    forms.

    >>> [[c.to_text() for c in meld] for meld in parse_meld_text("8C 8C 8H | 8c 9c")]
    [['8C', '8C@1', '8H'], ['8C@2', '9C']]
    """
    limits.check_typed_cards(text)  # the checker's work grows with the square of the cards
    groups = [card_words(part) for part in text.split("|")]
    groups = [tokens for tokens in groups if tokens]
    cards = parse_cards([token for tokens in groups for token in tokens])
    melds, start = [], 0
    for tokens in groups:
        melds.append(cards[start:start + len(tokens)])
        start += len(tokens)
    return melds


def _cards_words(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _cards_html(cards: Sequence[Card]) -> str:
    spans = []
    for card in cards:
        colour = "#c0392b" if card.is_red else ("#6b3fa0" if card.is_joker else "#111")
        spans.append(
            f'<span class="ck-card-text" aria-label="{html.escape(card.name)}" '
            f'style="color:{colour};font-weight:600">{html.escape(str(card))}</span>'
        )
    return " ".join(spans)


def _mark(ok: bool) -> str:
    return ('<span style="color:#2e8b57">✔</span>' if ok
            else '<span style="color:#c0392b">✘</span>')


_HELP = ("<div style='color:#555;font-size:90%'>Type cards such as <code>7C</code>, "
         "<code>10D</code>, <code>QS</code>, <code>JK</code> (joker); separate melds with "
         "<code>|</code>. Or deal a hand, click cards and press <b>Add as meld</b>.</div>")


class MeldChecker(widgets.VBox):
    """Check melds and contracts of Zion Check, with reasons and rule IDs.

    ``hand_number`` (1–6) picks the contract; ``rules`` the options (default `Rules()`);
    ``seed`` makes "Deal me a random hand" repeatable (None draws a fresh seed, shown with the
    address that deals the same hands again: ``share`` turns a seed into that address).
    """

    def __init__(self, hand_number: int = 1, rules: Rules | None = None,
                 seed: int | None = None, share: Callable[[int], str] | None = None,
                 **kwargs: Any) -> None:
        self.rules = rules if rules is not None else Rules()
        self.rules.contract(hand_number)  # bad hand numbers fail here, with the reason
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        self.seed = seed
        self._rng = random.Random(seed)
        self.dealt: tuple[Card, ...] = ()
        self.verdict_text = ""
        self.best_text = ""

        self.message = MessageArea()
        self.hand_select = widgets.Dropdown(
            options=[(f"Hand {n}: {self.rules.contract(n)}", n)
                     for n in range(1, len(self.rules.deal_sizes) + 1)],
            value=hand_number, description="Hand", layout=widgets.Layout(width="260px"),
        )
        self.cards_text = widgets.Text(
            placeholder=_EXAMPLE, description="Cards", continuous_update=False,
            layout=widgets.Layout(width="100%", max_width="640px"),
        )
        self.cards_text.add_class("ck-meld-input")
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="Check the typed cards")
        self.clear_button = widgets.Button(description="Clear",
                                           tooltip="Empty the card box and put the dealt hand away")
        self.deal_button = widgets.Button(description="Deal me a random hand",
                                          layout=widgets.Layout(width="auto"),
                                          tooltip="Deal as many cards as this hand gets")
        # never greyed out: a press with no cards selected says what to do first
        self.add_meld_button = widgets.Button(description="Add as meld",
                                              tooltip=_ADD_FIRST_DEAL)
        self.best_button = widgets.Button(description="Best go-down",
                                          tooltip="The solver's arrangement leaving fewest points")
        self.verdict = widgets.HTML()
        self.verdict.add_class("ck-meld-verdict")
        self.best = widgets.HTML()
        self.best.add_class("ck-best-go-down")
        self.hand_box = widgets.VBox()
        self.seed_line = widgets.HTML(
            seed_html(seed, (share or (lambda n: f"?seed={n}"))(seed)))
        self.hand_widget: Any = None

        for button in (self.check_button, self.clear_button, self.deal_button,
                       self.add_meld_button, self.best_button):
            button.add_class("ck-" + button.description.lower().replace(" ", "-"))

        self.check_button.on_click(guarded(self.message)(self.on_check))
        self.clear_button.on_click(guarded(self.message)(self.on_clear))
        self.deal_button.on_click(guarded(self.message)(self.on_deal))
        self.add_meld_button.on_click(guarded(self.message)(self.on_add_meld))
        self.best_button.on_click(guarded(self.message)(self.on_best))
        self.cards_text.observe(guarded(self.message)(self._on_text), names="value")
        self.hand_select.observe(guarded(self.message)(self._on_hand), names="value")

        super().__init__(
            [
                self.hand_select,
                widgets.HTML(_HELP),
                self.cards_text,
                widgets.HBox([self.check_button, self.clear_button, self.best_button]),
                # the dealt hand sits between the buttons and the verdicts, so that the cards
                # clicked, "Add as meld" and what the checker says are read in one place
                widgets.HBox([self.deal_button, self.add_meld_button]),
                self.hand_box,
                self.message,
                self.verdict,
                self.best,
                self.seed_line,
            ],
            **kwargs,
        )
        self.add_class("cardkit-app")
        self.add_class("cardkit-meld-checker")

    # ----- what the learner does -------------------------------------------------------------

    @property
    def hand_number(self) -> int:
        return int(self.hand_select.value)

    def on_check(self, _: Any = None) -> None:
        """Check the typed cards: each meld, and the contract when there are several."""
        self.message.clear()
        text = self.cards_text.value.strip()
        if not text:
            self._set_verdict("", "")
            self.message.show(f"Type some cards first, for example {_EXAMPLE}.", "info")
            return
        try:
            melds = parse_meld_text(text)
        except ValueError as error:
            self._set_verdict("", "")
            self.message.show(str(error), "refused")
            return
        self._show_verdicts(melds)

    def on_clear(self, _: Any = None) -> None:
        """Start again: empty the card box and put the dealt hand away."""
        self.cards_text.value = ""
        self.dealt, self.hand_widget = (), None
        self.hand_box.children = ()
        self._on_selection(None)
        self.best.value, self.best_text = "", ""
        self._set_verdict("", "")
        self.message.clear()

    def on_deal(self, _: Any = None) -> None:
        """Deal a random hand of this hand number's size from a two-deck pack (seeded)."""
        from cardkit.cards import make_pack
        from cardkit.widgets.hand import HandWidget

        size = self.rules.deal_sizes[self.hand_number - 1]
        pack = make_pack(self.rules.decks_for(4), jokers=True)
        self.dealt = tuple(sorted(self._rng.sample(pack, size)))
        self.hand_widget = HandWidget(self.dealt, multiple=True, label="dealt hand")
        self.hand_widget.observe(guarded(self.message)(self._on_selection), names="selected")
        self.hand_box.children = [
            widgets.HTML(f"<b>Your hand ({size} cards, hand {self.hand_number}):</b> click cards,"
                         " then <b>Add as meld</b>."),
            self.hand_widget,
        ]
        self._on_selection(None)
        self.best.value, self.best_text = "", ""
        # a new hand: the old cards and their verdict go (the verdict spoke of other cards)
        self.cards_text.value = ""
        self._set_verdict("", "")
        self.message.show(f"Dealt {size} cards: {_cards_words(self.dealt)}.", "info")

    def on_add_meld(self, _: Any = None) -> None:
        """Append the cards selected in the dealt hand to the text box as one more meld."""
        if self.hand_widget is None:
            self.message.show(_ADD_FIRST_DEAL + ".", "info")
            return
        chosen = list(self.hand_widget.selected_cards)
        if not chosen:
            self.message.show(_ADD_FIRST_SELECT + ".", "info")
            return
        words = " ".join(card.ascii for card in chosen)
        current = self.cards_text.value.strip()
        self.hand_widget.selected = ()
        # setting the text runs the check through the observer
        self.cards_text.value = f"{current} | {words}" if current else words

    def on_best(self, _: Any = None) -> None:
        """Show the solver's best go-down for the dealt hand, or for the typed cards."""
        self.message.clear()
        if self.dealt:
            cards, source = list(self.dealt), "the dealt hand"
        else:
            try:
                cards = [c for meld in parse_meld_text(self.cards_text.value) for c in meld]
            except ValueError as error:
                self.message.show(str(error), "refused")
                return
            source = "the typed cards"
        if not cards:
            self.message.show("Type some cards or deal a hand first.", "info")
            return
        n = self.hand_number
        contract = self.rules.contract(n)
        melds = find_go_down(cards, n, self.rules)
        if melds is None:
            points = hand_points(cards, self.rules)
            # whether and why not is the core's word; the points are the hand's
            verdict = no_go_down(n, self.rules, who=f"{source[:1].upper()}{source[1:]} "
                                 f"({len(cards)} cards)")
            text = (f"No go-down. {verdict}. Points in hand if it ended now: {points} "
                    "(ZC-2.3).")
            body = html.escape(text)
        else:
            used = {card for meld in melds for card in meld.cards}
            left = [card for card in cards if card not in used]
            points = hand_points(left, self.rules)
            lines, items = [], []
            for i, meld in enumerate(melds, 1):
                about = _meld_about(meld)
                line = f"Meld {i}: {_cards_words(meld.cards)} ({about})"
                lines.append(line)
                items.append(f"<li>Meld {i}: {_cards_html(meld.cards)} "
                             f"({html.escape(about)})</li>")
            left_words = _cards_words(left) if left else "nothing"
            text = (f"Best go-down for {source}, hand {n} ({contract}): " + "; ".join(lines)
                    + f". Left in hand: {left_words}, {points} points.")
            body = (f"<b>Best go-down for {html.escape(source)}, hand {n} "
                    f"({html.escape(str(contract))}):</b><ol>{''.join(items)}</ol>"
                    f"Left in hand: {_cards_html(left) if left else 'nothing'} "
                    f"— <b>{points} points</b>.")
        self.best_text = text
        self.best.value = f'<div class="ck-best" role="status">{body}</div>'

    # ----- showing verdicts ------------------------------------------------------------------

    def _show_verdicts(self, melds: list[list[Card]]) -> None:
        n = self.hand_number
        lines: list[str] = []
        items: list[str] = []
        explained = explain_go_down(melds, n, self.rules)
        verdicts = explained.melds
        for i, (meld, verdict) in enumerate(zip(melds, verdicts, strict=True), 1):
            label = f"Meld {i}" if len(melds) > 1 else "These cards"
            what = f"a {verdict.kind}" if verdict.ok and verdict.kind else "not a meld"
            line = f"{label} ({_cards_words(meld)}): {what}. {_verdict_words(verdict)}"
            jokers = _joker_words(verdict)
            if jokers:
                line += f" Jokers: {jokers}."
            lines.append(line)
            items.append(
                f"<li>{_mark(verdict.ok)} <b>{html.escape(label)}</b> ({_cards_html(meld)}): "
                f"<b>{html.escape(what)}</b>. {html.escape(_verdict_words(verdict))}"
                + (f' <span class="ck-jokers"><i>Jokers: {html.escape(jokers)}.</i></span>'
                   if jokers else "") + "</li>"
            )
        contract = self.rules.contract(n)
        if explained.every_meld_ok:
            contract_verdict = explained.verdict
            contract_line = (
                f"Hand {n} contract ({contract}): "
                + ("these melds go down. " if contract_verdict.ok else "not met. ")
                + _verdict_words(contract_verdict)
            )
            ok = contract_verdict.ok
        else:
            # the core says which group is not a meld and why that stops the go-down
            contract_line = f"Hand {n} contract ({contract}): not met. {explained.verdict}."
            ok = False
        lines.append(contract_line)
        items.append(f"<li>{_mark(ok)} {html.escape(contract_line)}</li>")
        self._set_verdict(" ".join(lines),
                          f'<ul style="list-style:none;padding-left:4px">{"".join(items)}</ul>')

    def _set_verdict(self, text: str, body: str) -> None:
        self.verdict_text = text
        self.verdict.value = f'<div class="ck-verdict" role="status">{body}</div>' if body else ""

    def _on_text(self, _change: Any) -> None:
        self.on_check()

    def _on_hand(self, _change: Any) -> None:
        if self.cards_text.value.strip():
            self.on_check()
        if self.best_text:
            self.on_best()

    def _on_selection(self, _change: Any) -> None:
        """Colour "Add as meld" when cards are selected; its tooltip says what it needs."""
        ready = self.hand_widget is not None and bool(self.hand_widget.selected)
        self.add_meld_button.button_style = "info" if ready else ""
        self.add_meld_button.tooltip = (
            "Append the selected cards as one meld" if ready
            else _ADD_FIRST_DEAL if self.hand_widget is None else _ADD_FIRST_SELECT)


_ADD_FIRST_DEAL = ("Add as meld takes cards from a dealt hand: press Deal me a random hand, "
                   "click cards, then Add as meld")
_ADD_FIRST_SELECT = "Click cards of the dealt hand first, then press Add as meld"


def _verdict_words(verdict: Any) -> str:
    """The reason with its rule ID (once), as a sentence."""
    text = str(verdict)
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def _joker_words(verdict: Any) -> str:
    """``JK as 7♣`` for a run, ``JK as an 8`` for a set (a set's joker has no suit)."""
    words = []
    for joker, face in verdict.jokers:
        if verdict.kind == "set":
            words.append(f"{joker} as any {face.rank_text}")
        else:
            words.append(f"{joker} as {face}")
    return ", ".join(words)


def _meld_about(meld: Any) -> str:
    """``a set of fours; JK as 4`` or ``a run of clubs, 5 to 8; JK as 7♣``."""
    notes = []
    for joker, face in meld.jokers:
        notes.append(f"{joker} as {face.rank_text if not meld.is_run else face}")
    return meld.description + (f"; {', '.join(notes)}" if notes else "")
