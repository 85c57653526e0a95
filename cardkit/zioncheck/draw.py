"""Pictures of a Zion Check table and its melds, built on `cardkit.render`'s cards and hands.

``table_html(game, view=None)`` draws the whole table (every hand open, or one seat's view with
the others' cards as backs); ``meld_html(meld)`` one meld, each joker labelled with the card it
stands for (ZC-5.3). Both are pure functions of their arguments and read the game only through
its public accessors::

    >>> from cardkit.zioncheck import new_game
    >>> html = table_html(new_game(players=3, seed=1), view=0)
    >>> 'class="ck-table ck-zion-table" data-view="0"' in html
    True
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from cardkit.cards import Card
from cardkit.render import (
    PANEL_STYLE,
    TABLE_STYLE,
    TURN_STYLE,
    badge_html,
    card_svg,
    check_view,
    empty_slot_html,
    hand_html,
    heading_html,
    note_html,
    own_hand_note_html,
    plural,
    seat_hand_html,
)
from cardkit.zioncheck.events import seat_name

if TYPE_CHECKING:
    from cardkit.zioncheck.game import ZionGame
    from cardkit.zioncheck.melds import Meld

__all__ = ["meld_html", "table_html"]


def _joker_note(face: Card, is_run: bool) -> str:
    """What a joker stands for (ZC-5.3): a card in a run, a rank in a set (its suit is moot)."""
    return f"as {face}" if is_run else f"as {face.rank_text}"


def meld_html(meld: Meld, *, width: float = 48, four_colour: bool = False,
              index: int | None = None, owner: str | None = None) -> str:
    """A Zion Check meld: its cards in order, each joker labelled with what it stands for.

    ``meld`` is a `cardkit.zioncheck` ``Meld`` (``cards``, ``stands_for``, ``kind``,
    ``description``); ``index`` (its place on the table from 0, as in ``game.table``; the
    caption numbers it from 1, "#1" for index 0) and ``owner`` add to the caption.
    """
    is_run = getattr(meld.kind, "value", meld.kind) == "run"
    labels = [
        _joker_note(face, is_run) if card.is_joker else None
        for card, face in zip(meld.cards, meld.stands_for, strict=True)
    ]
    notes = [f"JK {label}" for label in labels if label]
    caption = meld.description
    if index is not None:  # people count from 1: the table's first meld is #1
        caption = f"#{index + 1} {caption}"
    if owner:
        caption += f" ({owner})"
    if notes:
        caption += " · " + ", ".join(notes)
    cards = hand_html(meld.cards, width=width, overlap=0.3 if len(meld.cards) > 1 else 0.0,
                      four_colour=four_colour, labels=labels)
    index_attr = "" if index is None else f' data-meld="{index}"'
    return (
        f'<div class="ck-meld"{index_attr} role="group" aria-label="{escape(caption)}" '
        'style="display:inline-block;margin:2px 10px 4px 0;vertical-align:top">'
        f'{cards}<div style="font-size:12px;opacity:0.92;margin-top:2px">{escape(caption)}</div>'
        "</div>"
    )


def _phase_words(game: ZionGame, name: Callable[[int | None], str]) -> str:
    phase = getattr(game.phase, "value", game.phase)
    if phase == "over":
        winners = tuple(game.winners)
        if not winners:
            return "game over"
        return "game over: " + " and ".join(name(s) for s in winners) + (
            " win" if len(winners) > 1 else " wins")
    current = game.current_player
    if phase == "claim":
        top = game.discard_top
        return f"claim window: {name(current)} may claim {top} or pass (ZC-8.2)"
    if phase == "draw":
        return f"{name(current)} to draw from the stock or take the discard (ZC-6)"
    return f"{name(current)} to meld, lay off or discard (ZC-6)"


def table_html(
    game: ZionGame, view: int | None = None, *, four_colour: bool = False,
    own_hand_note: str | None = None, sort_hands: bool = False,
) -> str:
    """The Zion Check table as HTML: stock, discard pile, every seat's melds and hand.

    ``view=None`` shows every hand; ``view=seat`` shows only that seat's hand, the others as
    card backs. Each seat shows whether it has gone down (ZC-9), its melds on the table (jokers
    labelled with the card they stand for, ZC-5.3) and its game total of penalty points so far
    (ZC-14.1). ``own_hand_note`` (with a ``view``) replaces the viewer's cards by that note, for
    an app that shows them as a clickable row elsewhere. ``sort_hands=True`` draws each open
    hand sorted by suit (♣ ♦ ♥ ♠), then rank, jokers last, as the table app sorts a learner's
    hand; the default keeps the hand's own order.
    """
    players = game.players
    view = check_view(view, players)
    current = game.current_player
    turn = getattr(game, "turn_player", current)
    melds_by_owner: dict[int, list[tuple[int, Any]]] = {seat: [] for seat in range(players)}
    for index, placed in enumerate(game.table):
        melds_by_owner[placed.owner].append((index, placed.meld))
    totals = game.totals
    order = list(range(players)) if view is None else [
        (view + k) % players for k in range(players)]

    seats = []
    for seat in order:
        down = game.has_gone_down(seat)
        badges = []
        if seat == game.dealer:
            badges.append(badge_html("dealer", "dealer"))
        if seat == current:
            badges.append(badge_html("to act" if seat != turn else "to play", "turn"))
        elif seat == turn:
            badges.append(badge_html("their turn", "up"))
        badges.append(badge_html("gone down", "down") if down else badge_html("not down yet", "up"))
        if seat in game.winners:
            badges.append(badge_html("winner", "win"))
        hand = game.hand(seat)
        mine = view is not None and seat == view
        shown = hand if view is None or mine else None
        if sort_hands and shown is not None:
            shown = tuple(sorted(shown))
        own_overlap = 0.0 if len(hand) <= 7 else 0.3
        if mine and own_hand_note is not None:
            hand_part = own_hand_note_html(own_hand_note)
        else:
            hand_part = seat_hand_html(shown, len(hand), width=56 if mine else 46,
                                   overlap=own_overlap if mine else 0.35,
                                   four_colour=four_colour)
        melds = melds_by_owner[seat]
        meld_part = "".join(meld_html(meld, width=40, four_colour=four_colour, index=index)
                            for index, meld in melds)
        who = f"{seat_name(seat)} (you)" if mine else seat_name(seat)
        style = PANEL_STYLE + (";" + TURN_STYLE if seat == current else "")
        seats.append(
            f'<section class="ck-seat" data-seat="{seat}" '
            f'data-turn="{"true" if seat == current else "false"}" '
            f'data-down="{"true" if down else "false"}" aria-label="{escape(seat_name(seat))}" '
            f'style="{style};flex:1 1 300px">'
            + heading_html(who, badges)
            + hand_part
            + note_html(f"{plural(len(hand), 'card')} in hand · total so far: "
                    f"{plural(totals[seat], 'penalty point')}")
            + (f'<div class="ck-melds" style="margin-top:6px">{meld_part}</div>' if melds else "")
            + "</section>"
        )

    top = game.discard_top
    pile_size = len(getattr(game, "discard_pile", ()) or ([top] if top else []))
    if top is not None:
        discard = (
            f'<div class="ck-discard-top" data-card="{escape(top.to_text())}" '
            'style="display:inline-block">'
            + card_svg(top, width=72, four_colour=four_colour) + "</div>"
        )
        discard_words = f"discard pile: {plural(pile_size, 'card')}, top {top}"
    else:
        discard = empty_slot_html("no discard yet", 72)
        discard_words = "discard pile: empty"
    stock = game.stock_size
    middle = (
        '<section class="ck-centre" style="display:flex;flex-wrap:wrap;gap:18px;'
        'align-items:flex-end;justify-content:center;margin:4px 0 10px">'
        f'<div class="ck-stock" data-count="{stock}" aria-label="stock: {stock} cards" '
        'style="text-align:center">'
        + (card_svg(None, width=72) if stock else empty_slot_html("no stock", 72))
        + f"<div>stock: {stock}</div></div>"
        f'<div class="ck-discard" data-count="{pile_size}" aria-label="{escape(discard_words)}" '
        f'style="text-align:center">{discard}<div>{escape(discard_words)}</div></div>'
        "</section>"
    )
    contract = game.contract
    header = (
        '<div class="ck-status" role="status" style="display:flex;flex-wrap:wrap;gap:4px 18px;'
        'margin-bottom:8px;font-weight:600">'
        f"<span>Hand {game.hand_number} of {len(game.rules.deal_sizes)}</span>"
        f"<span>Contract: {escape(str(contract))} (ZC-4)</span>"
        f"<span>Dealer: {escape(seat_name(game.dealer))}</span>"
        f'<span class="ck-turn">{escape(_phase_words(game, seat_name))}</span></div>'
    )
    view_text = "all hands open" if view is None else f"{seat_name(view)}'s view"
    return (
        f'<div class="ck-table ck-zion-table" data-view="{"all" if view is None else view}" '
        f'role="region" aria-label="Zion Check table, {escape(view_text)}" '
        f'style="{TABLE_STYLE}">{header}{middle}'
        f'<div style="display:flex;flex-wrap:wrap;gap:10px">{"".join(seats)}</div></div>'
    )
