"""Pictures of a Zion Check table and its melds, built on `cardkit.render`'s cards and hands.

``table_html(game, view=None)`` draws the whole table (every hand open, or one seat's view with
the others' cards as backs); ``meld_html(meld)`` one meld, each joker labelled with the card it
stands for (ZC-5.3); ``hand_end_html(result, rules)`` the table of a hand that ended (each
seat's cards left and points); ``results_html(game)`` the sheet of every finished hand's
points. All are pure functions of their arguments and read the game only through its public
accessors::

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
    seat_hand_html,
)
from cardkit.zioncheck.events import HandEnd
from cardkit.zioncheck.melds import MeldKind
from cardkit.zioncheck.state import Phase
from cardkit.zioncheck.words import (
    card_words,
    contract_words,
    gettext,
    join,
    join_and,
    ngettext,
    pgettext,
    seat_name,
)

if TYPE_CHECKING:
    from cardkit.zioncheck.game import ZionGame
    from cardkit.zioncheck.melds import Meld
    from cardkit.zioncheck.rules import Contract, Rules
    from cardkit.zioncheck.state import HandResult

__all__ = ["hand_end_html", "meld_html", "results_html", "table_html"]

_ = gettext


def _joker_note(face: Card, is_run: bool) -> str:
    """What a joker stands for (ZC-5.3): a card in a run, a rank in a set (its suit is moot)."""
    if is_run:
        # TRANSLATORS: under a joker in a run: the card it stands for ("as 7♣")
        return _("as {card}").format(card=card_words(face))
    # TRANSLATORS: under a joker in a set: the rank it stands for ("as 8")
    return _("as {rank}").format(rank=face.rank_text)


def meld_html(meld: Meld, *, width: float = 48, four_colour: bool = False,
              index: int | None = None, owner: str | None = None) -> str:
    """A Zion Check meld: its cards in order, each joker labelled with what it stands for.

    ``meld`` is a `cardkit.zioncheck` ``Meld`` (``cards``, ``stands_for``, ``kind``,
    ``description``); ``index`` (its place on the table from 0, as in ``game.table``; the
    caption numbers it from 1, "#1" for index 0) and ``owner`` add to the caption.
    """
    is_run = meld.kind == MeldKind.RUN  # a str enum: equal to "run" too
    labels = [
        _joker_note(face, is_run) if card.is_joker else None
        for card, face in zip(meld.cards, meld.stands_for, strict=True)
    ]
    # TRANSLATORS: a joker and what it stands for, in a meld's caption ("JK as 7♣")
    notes = [_("JK {label}").format(label=label) for label in labels if label]
    caption = meld.description
    if index is not None:  # people count from 1: the table's first meld is #1
        caption = f"#{index + 1} {caption}"
    if owner:
        caption += f" ({owner})"
    if notes:
        caption += " · " + join(notes)
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
    phase = game.phase
    if phase is Phase.OVER:
        winners = tuple(game.winners)
        if not winners:
            return _("game over")
        if len(winners) == 1:
            return _("game over: {winner} wins").format(winner=name(winners[0]))
        return _("game over: {winners} win").format(winners=join_and(name(s) for s in winners))
    current = game.current_player
    if phase is Phase.CLAIM:
        top = game.discard_top
        return _("claim window: {seat} may claim {card} or pass (ZC-8.2)").format(
            seat=name(current), card=card_words(top))
    if phase is Phase.DRAW:
        return _("{seat} to draw from the stock or take the discard (ZC-6)").format(
            seat=name(current))
    return _("{seat} to meld, lay off or discard (ZC-6)").format(seat=name(current))


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
            badges.append(badge_html(pgettext("badge", "dealer"), "dealer"))
        if seat == current:
            badges.append(badge_html(pgettext("badge", "to act") if seat != turn
                                     else pgettext("badge", "to play"), "turn"))
        elif seat == turn:
            badges.append(badge_html(pgettext("badge", "their turn"), "up"))
        badges.append(badge_html(pgettext("badge", "gone down"), "down") if down
                      else badge_html(pgettext("badge", "not down yet"), "up"))
        if seat in game.winners:
            badges.append(badge_html(pgettext("badge", "winner"), "win"))
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
        who = _label(seat, view if mine else None)
        style = PANEL_STYLE + (";" + TURN_STYLE if seat == current else "")
        seats.append(
            f'<section class="ck-seat" data-seat="{seat}" '
            f'data-turn="{"true" if seat == current else "false"}" '
            f'data-down="{"true" if down else "false"}" aria-label="{escape(seat_name(seat))}" '
            f'style="{style};flex:1 1 300px">'
            + heading_html(who, badges)
            + hand_part
            + note_html(_seat_note(len(hand), totals[seat]))
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
        discard_words = ngettext("discard pile: {count} card, top {card}",
                                 "discard pile: {count} cards, top {card}", pile_size).format(
                                     count=pile_size, card=card_words(top))
    else:
        discard = empty_slot_html(_("no discard yet"), 72)
        discard_words = _("discard pile: empty")
    stock = game.stock_size
    stock_label = _("stock: {count} cards").format(count=stock)
    stock_words = _("stock: {count}").format(count=stock)
    middle = (
        '<section class="ck-centre" style="display:flex;flex-wrap:wrap;gap:18px;'
        'align-items:flex-end;justify-content:center;margin:4px 0 10px">'
        f'<div class="ck-stock" data-count="{stock}" '
        f'aria-label="{escape(stock_label)}" '
        'style="text-align:center">'
        + (card_svg(None, width=72) if stock else empty_slot_html(_("no stock"), 72))
        + f"<div>{escape(stock_words)}</div></div>"
        f'<div class="ck-discard" data-count="{pile_size}" aria-label="{escape(discard_words)}" '
        f'style="text-align:center">{discard}<div>{escape(discard_words)}</div></div>'
        "</section>"
    )
    contract = game.contract
    dealer = _("Dealer: {seat}").format(seat=seat_name(game.dealer))
    header = (
        '<div class="ck-status" role="status" style="display:flex;flex-wrap:wrap;gap:4px 18px;'
        'margin-bottom:8px;font-weight:600">'
        f"<span>{escape(_hand_of(game.hand_number, len(game.rules.deal_sizes)))}</span>"
        f"<span>{escape(_contract_line(contract))}</span>"
        f"<span>{escape(dealer)}</span>"
        f'<span class="ck-turn">{escape(_phase_words(game, seat_name))}</span></div>'
    )
    view_text = (_("all hands open") if view is None
                 else _("{seat}'s view").format(seat=seat_name(view)))
    table_words = _("Zion Check table, {view}").format(view=view_text)
    return (
        f'<div class="ck-table ck-zion-table" data-view="{"all" if view is None else view}" '
        f'role="region" aria-label="{escape(table_words)}" '
        f'style="{TABLE_STYLE}">{header}{middle}'
        f'<div style="display:flex;flex-wrap:wrap;gap:10px">{"".join(seats)}</div></div>'
    )


def _label(seat: int, you: int | None) -> str:
    """A seat's name, with "(you)" for the learner's seat."""
    if seat == you:
        return _("{seat} (you)").format(seat=seat_name(seat))
    return seat_name(seat)


def _hand_of(hand: int, hands: int) -> str:
    return _("Hand {hand} of {hands}").format(hand=hand, hands=hands)


def _contract_line(contract: Contract) -> str:
    return _("Contract: {contract} (ZC-4)").format(contract=contract_words(contract))


def _seat_note(cards: int, total: int) -> str:
    """Under a seat's hand: its cards and its penalty points so far."""
    held = ngettext("{count} card in hand", "{count} cards in hand", cards).format(count=cards)
    so_far = ngettext("total so far: {count} penalty point",
                      "total so far: {count} penalty points", total).format(count=total)
    return f"{held} · {so_far}"


def _how_it_ended(result: HandResult, name: Callable[[int], str] = seat_name) -> str:
    if result.winner is not None:
        return _("{seat} went out").format(seat=name(result.winner))
    if result.reason == HandEnd.STOCK_EXHAUSTED:
        return _("nobody went out (stock exhausted)")
    if result.reason == HandEnd.LENGTH_GUARD:
        return _("nobody went out (length guard)")
    return _("nobody went out ({reason})").format(reason=result.reason)


def hand_end_html(result: HandResult, rules: Rules, *, you: int | None = None,
                  four_colour: bool = False) -> str:
    """The hand that ended, on the table's felt: each seat's cards left and its points for the
    hand, as the core's `HandResult` has them (ZC-14.1), the seats in order from ``you``.

    ``you`` is the learner's seat: their cards are in the app's hand row, so their panel says
    so instead of drawing them twice; None draws every seat's cards.
    """
    number = result.hand_number
    players = len(result.hands)
    first = 0 if you is None else you
    panels = []
    for seat in ((first + k) % players for k in range(players)):
        left = tuple(sorted(result.hands[seat]))
        badges = []
        if seat == result.winner:
            badges.append(badge_html(pgettext("badge", "went out"), "win"))
        if seat in result.stuck:
            badges.append(badge_html(pgettext("badge", "stuck: not gone down"), "up"))
        if seat == you:
            cards = own_hand_note_html(
                ngettext("Your {count} card left, shown in your hand row",
                         "Your {count} cards left, shown in your hand row", len(left)).format(
                             count=len(left)) if left else _("No cards left"))
        elif left:
            cards = seat_hand_html(left, len(left), width=46, overlap=0.35,
                                   four_colour=four_colour)
        else:
            cards = own_hand_note_html(_("No cards left"))
        panels.append(
            f'<section class="ck-seat ck-seat-end" data-seat="{seat}" '
            f'aria-label="{escape(seat_name(seat))}" style="{PANEL_STYLE};'
            'flex:1 1 300px">' + heading_html(_label(seat, you), badges) + cards
            + note_html(_left_note(len(left), result.points[seat], number))
            + "</section>")
    over = _("Hand {hand} of {hands} is over: {how}").format(
        hand=number, hands=len(rules.deal_sizes), how=_how_it_ended(result))
    counted = _("The cards left in a hand count as penalty points (ZC-14.1)")
    header = (
        '<div class="ck-status ck-hand-end-status" role="status" style="display:flex;'
        'flex-wrap:wrap;gap:4px 18px;margin-bottom:8px;font-weight:600">'
        f"<span>{escape(over)}</span>"
        f"<span>{escape(_contract_line(rules.contract(number)))}</span>"
        f"<span>{escape(counted)}"
        "</span></div>")
    ended = _("Hand {hand} ended: the cards left").format(hand=number)
    return (
        f'<div class="ck-table ck-zion-table ck-zion-hand-ended" data-hand="{number}" '
        f'role="region" aria-label="{escape(ended)}" '
        f'style="{TABLE_STYLE}">{header}'
        f'<div style="display:flex;flex-wrap:wrap;gap:10px">{"".join(panels)}</div></div>')


def _left_note(cards: int, points: int, hand: int) -> str:
    """Under a seat's cards left at a hand's end: how many, and the points they cost."""
    left = ngettext("{count} card left", "{count} cards left", cards).format(count=cards)
    cost = ngettext("{count} penalty point for hand {hand}",
                    "{count} penalty points for hand {hand}", points).format(count=points,
                                                                             hand=hand)
    # TRANSLATORS: "3 cards left: 25 penalty points for hand 2"
    return _("{cards}: {points}").format(cards=left, points=cost)


def results_html(game: ZionGame, *, you: int | None = None) -> str:
    """Every finished hand's penalty points per seat (a stuck seat marked, ZC-13.2), how the
    hand ended, the totals, and once the game is over its winners (ZC-14.1, ZC-14.2).

    ``you`` adds "(you)" to the learner's seat. Lower is better.
    """
    seats = range(game.players)
    cell = 'style="padding:4px 10px;border-bottom:1px solid #e5e7eb;text-align:{}"'
    num, word = cell.format("right"), cell.format("left")
    head = "".join(f"<th {num}>{escape(_label(s, you))}</th>" for s in seats)
    rows = []
    for result in game.results:
        stuck = pgettext("results", " (stuck)")
        cells = "".join(
            f"<td {num}>{result.points[s]}{stuck if s in result.stuck else ''}</td>"
            for s in seats)
        hand = _("Hand {hand}").format(hand=result.hand_number)
        rows.append(f"<tr><td {word}>{escape(hand)}</td>{cells}"
                    f"<td {word}>{escape(_how_it_ended(result))}</td></tr>")
    totals = game.totals
    total_cells = "".join(f"<td {num}><b>{totals[s]}</b></td>" for s in seats)
    over = ""
    if game.is_over:
        if len(game.winners) == 1:
            said = _("Game over: {winner} wins with the lowest total (ZC-14.2).").format(
                winner=_label(game.winners[0], you))
        else:
            said = _("Game over: {winners} win with the lowest total (ZC-14.2).").format(
                winners=join_and(_label(s, you) for s in game.winners))
        over = f"<p class='ck-zion-winner'><b>{escape(said)}</b></p>"
    title = _("Hand results (penalty points, lower is better; ZC-14.1)")
    hand_head, how_head = pgettext("results", "Hand"), _("How it ended")
    total_head = pgettext("results", "Total")
    return (
        f"<h3 style='margin:10px 0 4px'>{escape(title)}</h3>"
        '<table class="ck-zion-results-table" style="border-collapse:collapse;font-size:14px;'
        'font-variant-numeric:tabular-nums">'
        f'<tr style="background:#f3f4f6"><th {word}>{escape(hand_head)}</th>'
        f"{head}<th {word}>{escape(how_head)}</th></tr>"
        f'{"".join(rows)}<tr><td {word}><b>{escape(total_head)}</b></td>'
        f"{total_cells}<td {word}></td></tr>"
        "</table>" + over
    )
