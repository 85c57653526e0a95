"""Pictures of a Xeri table (HTML with SVG cards), built on `cardkit.render`'s cards and hands.

The table reads only what is public through the match's accessors (or one seat's `XeriView`);
a closed view draws hidden cards as backs and puts nothing of them into the page.
`score_sheet_html` draws one round's itemised score sheets (XR-6), `scoreboard_html` who is
winning the match and `round_end_html` the result of the round just won, for the apps::

    >>> from cardkit.xeri import new_game
    >>> html = table_html(new_game(seed=3), view=0)
    >>> html.startswith('<div class="ck-table ck-xeri-table" data-view="0"')
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from cardkit.cards import Card, card_name
from cardkit.engine import seat_name, team_name
from cardkit.i18n import Domain
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
from cardkit.xeri.events import EventKind, RoundWon
from cardkit.xeri.rules import MatchWinner

if TYPE_CHECKING:
    from cardkit.xeri.match import XeriMatch
    from cardkit.xeri.scoring import ScoreSheet

__all__ = ["TEAM_COLOURS", "round_end_html", "score_sheet_html", "scoreboard_html", "table_html"]

TEAM_COLOURS = ("#2563eb", "#dc2626")  # North–South, East–West: the sheets and the charts

_t = Domain("xeri")
_, ngettext, pgettext = _t.gettext, _t.ngettext, _t.pgettext


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _xeris(count: int) -> str:
    return ngettext("{count} Xeri", "{count} Xeris", count).format(count=count)


class _XeriPublic:
    """What a Xeri table shows, read from the match (all open) or from one seat's view."""

    def __init__(self, match: XeriMatch, view: int | None) -> None:
        self.target = match.target
        self.winner = match.winner
        self.rules = match.rules
        if view is None:
            self.round_number, self.dealer = match.round_number, match.dealer
            self.current = match.current_player
            self.hands: list[tuple[Card, ...] | None] = [match.hand(s) for s in range(4)]
            self.hand_sizes = list(match.hand_sizes)
            self.pile, self.stock_size = tuple(match.pile), match.stock_size
            self.xeris = (tuple(match.xeri_cards(0)), tuple(match.xeri_cards(1)))
            self.captured: tuple[int, int] | None = (
                len(match.captured(0)), len(match.captured(1)))
            self.totals = (match.totals[0], match.totals[1])
            self.rounds_won = (match.rounds_won[0], match.rounds_won[1])
            self.bottom_card = match.bottom_card
        else:
            seen = match.observe(view)
            self.round_number, self.dealer = seen.round_number, seen.dealer
            self.current = seen.current_player
            self.hands = [tuple(seen.hand) if s == view else None for s in range(4)]
            self.hand_sizes = list(seen.hand_sizes)
            self.pile, self.stock_size = tuple(seen.pile), seen.stock_size
            self.xeris = (tuple(seen.xeri_cards[0]), tuple(seen.xeri_cards[1]))
            self.captured = seen.capture_counts
            self.totals, self.rounds_won = seen.totals, seen.rounds_won
            self.bottom_card = seen.bottom_card


def _both(values: tuple[int, int]) -> str:
    return f"{team_name(0)} {values[0]} · {team_name(1)} {values[1]}"


def _scoreline(info: _XeriPublic) -> tuple[str, str]:
    """What decides the match first (rounds won, XR-7.1; points under a target, XR-7.2), then
    the other."""
    rounds, points = _both(info.rounds_won), _both(info.totals)
    if info.target is None and info.rules.match_winner is MatchWinner.POINTS:
        return (_("Points: {points} (most after the rounds, XR-7.1)").format(points=points),
                _("rounds won: {rounds}").format(rounds=rounds))
    if info.target is None:
        return (_("Rounds won: {rounds} (XR-7.1)").format(rounds=rounds),
                _("points: {points}").format(points=points))
    return (_("Points: {points} (first to {target}, XR-7.2)").format(points=points,
                                                                    target=info.target),
            _("rounds won: {rounds}").format(rounds=rounds))


def _score_parts(info: _XeriPublic, team: int) -> list[str]:
    won = info.rounds_won[team]
    rounds = ngettext("{count} round won", "{count} rounds won", won).format(count=won)
    points = ngettext("{count} point", "{count} points", info.totals[team]).format(
        count=info.totals[team])
    rounds_first = info.target is None and info.rules.match_winner is MatchWinner.ROUNDS
    return [rounds, points] if rounds_first else [points, rounds]


def _match_over_words(match: XeriMatch, winner: int) -> str:
    """Who won the match and why, in the core's own words (its MATCH_WON event)."""
    for event in reversed(match.events):
        if getattr(event.kind, "name", "") == "MATCH_WON":
            return _("Match over: {text}").format(text=event.text)
    return _("Match over: {team} win").format(team=team_name(winner))


def _xeri_words(match: XeriMatch, team: int, xeris: tuple[Card, ...]) -> str:
    """The team's Xeris this round; on a finished match, those of the last round and of the
    whole match (never "no Xeri yet": the match is over)."""
    if xeris:
        jacks = sum(1 for card in xeris if card.rank == 11)
        words = (_("{xeris}, {jacks} of them a jack Xeri").format(xeris=_xeris(len(xeris)),
                                                                 jacks=jacks)
                 if jacks else _xeris(len(xeris)))
    else:
        words = _("no Xeri")
    if match.winner is None:
        return _("this round: {xeris}").format(xeris=words) if xeris else \
            _("no Xeri yet this round")
    whole = sum(len(result.xeri_cards[team]) for result in match.results)
    return _("last round: {xeris}. Whole match: {whole}").format(
        xeris=words, whole=_("no Xeri") if not whole else _xeris(whole))


def table_html(
    match: XeriMatch, view: int | None = None, *, four_colour: bool = False,
    own_hand_note: str | None = None, sort_hands: bool = False, header_scores: bool = True,
    note_seat: int | None = None,
) -> str:
    """The Xeri table as HTML: four seats around the pile, team piles, scores.

    ``view=None`` shows every hand (a teaching view) and the sizes of the captured piles;
    ``view=seat`` shows only that seat's hand (at the bottom), the others as card backs, and
    the captured piles' sizes only if ``rules.show_capture_counts`` (XR-9.1). The pile's top card
    is drawn large; Xeri cards are face up in their team's panel (XR-4.4). ``own_hand_note``
    (with a ``view``) replaces the viewer's cards by that note, for an app that shows them
    as a clickable row elsewhere ("your cards are in the row below"); with every hand open
    (``view=None``) it replaces those of ``note_seat``, if given. ``sort_hands=True`` draws
    each open hand sorted by suit (♣ ♦ ♥ ♠), then rank, as the apps sort a learner's hand; the
    default keeps the order the cards were dealt in. The header shows what decides the match
    first (rounds won, XR-7.1; points under a ``target``, XR-7.2) and the other beside it;
    ``header_scores=False`` leaves both out, for an app with its own scoreboard above.
    """
    view = check_view(view, 4)
    info = _XeriPublic(match, view)
    bottom = 2 if view is None else view
    place = {bottom: "bottom", (bottom + 1) % 4: "left", (bottom + 2) % 4: "top",
             (bottom + 3) % 4: "right"}

    seats_html = {}
    for seat in range(4):
        badges = []
        if seat == info.dealer:
            badges.append(badge_html(pgettext("badge", "dealer"), "dealer"))
        if seat == info.current:
            badges.append(badge_html(pgettext("badge", "to play"), "turn"))
        cards = info.hands[seat]
        if sort_hands and cards is not None:
            cards = tuple(sorted(cards))
        mine = view is not None and seat == view
        width = 66 if mine else (50 if view is None else 44)
        noted = seat == (view if view is not None else note_seat)
        if noted and own_hand_note is not None:
            hand = own_hand_note_html(own_hand_note)
        else:
            hand = seat_hand_html(cards, info.hand_sizes[seat], width=width,
                              overlap=0.0 if mine else 0.4, four_colour=four_colour)
        partners = team_name(seat & 1)
        who = _("{seat} (you)").format(seat=seat_name(seat)) if mine else seat_name(seat)
        style = PANEL_STYLE + (";" + TURN_STYLE if seat == info.current else "")
        seats_html[place[seat]] = (
            f'<section class="ck-seat" data-seat="{seat}" '
            f'data-turn="{"true" if seat == info.current else "false"}" '
            f'aria-label="{escape(seat_name(seat))}" style="{style};grid-area:{place[seat]}">'
            + heading_html(who, badges)
            + hand
            + note_html(_("{team} · {cards} in hand").format(
                team=partners, cards=_cards(info.hand_sizes[seat])))
            + "</section>"
        )

    teams_html = []
    for team in (0, 1):
        xeris = info.xeris[team]
        pictures = (hand_html(xeris, width=38, overlap=0.0, four_colour=four_colour)
                    if xeris else "")
        words = _xeri_words(match, team, xeris)
        if info.captured is None:
            pile_words = _("captured pile face down (size hidden, XR-9.1)")
        elif info.winner is None:
            pile_words = _("captured this round: {cards}").format(
                cards=_cards(info.captured[team]))
        else:
            pile_words = _("captured in the last round: {cards}").format(
                cards=_cards(info.captured[team]))
        name = team_name(team)
        teams_html.append(
            f'<section class="ck-team" data-team="{team}" aria-label="{escape(name)}" '
            f'style="{PANEL_STYLE};grid-area:team{team}">'
            + heading_html(name, [badge_html(pgettext("badge", "winner"), "win")]
                           if info.winner == team else [])
            + note_html(" · ".join(_score_parts(info, team)))
            + note_html(pile_words) + note_html(words) + pictures + "</section>"
        )

    pile = info.pile
    if pile:
        under = pile[:-1][-7:]  # the last few cards under the top; all were public when played
        under_html = (hand_html(under, width=40, overlap=0.55, four_colour=four_colour)
                      if under else "")
        top = pile[-1]
        top_html = (
            f'<div class="ck-pile-top" data-card="{escape(top.to_text())}" '
            'style="display:inline-block">'
            + card_svg(top, width=86, four_colour=four_colour) + "</div>"
        )
        pile_words = _("pile: {cards}, top {card}").format(cards=_cards(len(pile)),
                                                             card=card_name(top))
    else:
        under_html, top_html = "", empty_slot_html(_("empty pile"), 86)
        pile_words = _("pile: empty (any card starts it)")
    centre = (
        f'<section class="ck-pile" data-count="{len(pile)}" aria-label="{escape(pile_words)}" '
        'style="grid-area:centre;display:flex;flex-direction:column;align-items:center;'
        'justify-content:center;gap:6px;padding:6px">'
        '<div style="display:flex;align-items:flex-end;gap:10px">'
        f"{under_html}{top_html}</div>"
        f'<div style="font-weight:600">{escape(pile_words)}</div></section>'
    )

    # TRANSLATORS: the stock's aria-label; the count is always written as a plural in English
    stock_label = _("stock: {count} cards").format(count=info.stock_size)
    stock_bits = [
        f'<section class="ck-stock" data-count="{info.stock_size}" '
        f'aria-label="{escape(stock_label)}" style="{PANEL_STYLE};grid-area:stock;'
        'display:flex;align-items:center;gap:10px">',
        card_svg(None, width=40) if info.stock_size else empty_slot_html(_("no stock"), 40),
        "<div>" + heading_html(_("Stock")) + note_html(_cards(info.stock_size)),
    ]
    if info.bottom_card is not None:
        stock_bits.append(note_html(_("bottom card shown at the cut: {card} (XR-8.1)").format(
            card=card_name(info.bottom_card))))
    stock_bits.append("</div></section>")

    rules = info.rules
    target = info.target
    if target is not None:
        length = _("target {target} points").format(target=target)
    elif info.round_number > rules.rounds:  # rounds won level after the agreed number
        length = _("extra round: {rounds} rounds left the teams level, XR-7.1").format(
            rounds=rules.rounds)
    else:
        length = ""  # "Round 2 of 4": a teacher read "Round 2 (4 rounds)" as four played
    if info.winner is not None:
        state = _match_over_words(match, info.winner)
    elif info.current is None:
        state = _("between rounds")
    else:
        state = _("{seat} to play").format(seat=seat_name(info.current))
    first, second = _scoreline(info)
    header = (
        '<div class="ck-status" role="status" style="display:flex;flex-wrap:wrap;gap:4px 18px;'
        'margin-bottom:10px;font-weight:600">'
        + ("<span>" + escape(_("Round {number} ({length})").format(
            number=info.round_number, length=length)) + "</span>" if length
           else "<span>" + escape(_("Round {number} of {rounds}").format(
               number=info.round_number, rounds=rules.rounds)) + "</span>")
        + (f'<span class="ck-score-first">{escape(first)}</span>'
           f'<span class="ck-score-second" style="font-weight:400">{escape(second)}</span>'
           if header_scores else "")
        + "<span>" + escape(_("Dealer: {seat}").format(seat=seat_name(info.dealer))) + "</span>"
        f'<span class="ck-turn">{escape(state)}</span></div>'
    )
    view_text = _("all hands open") if view is None else \
        _("{seat}'s view").format(seat=seat_name(view))
    grid = (
        '<div style="display:grid;gap:10px;grid-template-columns:minmax(0,1fr) minmax(0,1.35fr) '
        'minmax(0,1fr);grid-template-areas:\'team0 top team1\' \'left centre right\' '
        '\'stock bottom .\';align-items:stretch">'
        + teams_html[0] + teams_html[1] + seats_html["top"] + seats_html["left"] + centre
        + seats_html["right"] + stock_bits[0] + "".join(stock_bits[1:]) + seats_html["bottom"]
        + "</div>"
    )
    table_label = _("Xeri table, {view}").format(view=view_text)
    return (
        f'<div class="ck-table ck-xeri-table" data-view="{"all" if view is None else view}" '
        f'role="region" aria-label="{escape(table_label)}" style="{TABLE_STYLE}">'
        f"{header}{grid}</div>"
    )


def score_sheet_html(sheets: Mapping[int, ScoreSheet], round_number: int | None = None) -> str:
    """One round's itemised score sheets as HTML: one table per team, side by side (XR-6).

    ``sheets`` is ``{0: ScoreSheet, 1: ScoreSheet}`` (an item of ``match.round_scores``). Each
    line shows its points, what it is for and its rule ID; the foot gives the total, then the
    cards taken. ``round_number`` titles it "Round N score sheet".
    """
    if set(sheets) != {0, 1}:
        raise ValueError(f"expected {{0: ScoreSheet, 1: ScoreSheet}}, not {sheets!r}")
    title = _("Score sheet") if round_number is None else \
        _("Round {number} score sheet").format(number=round_number)
    no_points, total = _("no points"), _("total")
    # TRANSLATORS: the headings of a score sheet's columns: points, what for, the rule
    pts, item, rule = pgettext("sheet", "pts"), pgettext("sheet", "item"), pgettext("sheet", "rule")
    cell = "padding:1px 8px;border-bottom:1px solid #e5e7eb;"
    tables = []
    for team in (0, 1):
        sheet = sheets[team]
        rows = "".join(
            f'<tr><td style="{cell}text-align:right;font-variant-numeric:tabular-nums">'
            f"{line.points}</td><td style=\"{cell}\">{escape(line.label)}</td>"
            f'<td style="{cell}color:#6b7280;font-size:12px">{escape(line.rule)}</td></tr>'
            for line in sheet.lines
        ) or f'<tr><td colspan="3" style="{cell}color:#6b7280">{escape(no_points)}</td></tr>'
        tables.append(
            f'<table class="ck-score-sheet" data-team="{team}" style="border-collapse:collapse;'
            f'min-width:230px;font-size:13px">'
            f'<caption style="text-align:left;font-weight:700;color:{TEAM_COLOURS[team]};'
            f'padding-bottom:2px">{escape(team_name(team))}</caption>'
            f'<thead><tr><th scope="col" style="text-align:right;padding:2px 8px">{escape(pts)}'
            f'</th><th scope="col" style="text-align:left;padding:2px 8px">{escape(item)}</th>'
            f'<th scope="col" style="text-align:left;padding:2px 8px">{escape(rule)}</th></tr>'
            '</thead>'
            f"<tbody>{rows}</tbody>"
            # one fact per line: the total, then the cards taken (the lines above itemise it)
            f'<tfoot><tr><td style="text-align:right;padding:2px 8px;font-weight:700">'
            f'{sheet.total}</td><td colspan="2" style="padding:2px 8px;font-weight:700">'
            f"{escape(total)}</td></tr>"
            f'<tr><td></td><td colspan="2" style="padding:0 8px;color:#374151">'
            + escape(_("Cards taken: {count}.").format(count=sheet.cards))
            + "</td></tr></tfoot></table>"
        )
    number_attr = "" if round_number is None else f' data-round="{round_number}"'
    return (
        f'<div class="ck-score-sheets"{number_attr} role="group" aria-label="{escape(title)}" '
        'style="font-family:system-ui,-apple-system,\'Segoe UI\',Roboto,Arial,sans-serif;'
        'color:#111827;margin-bottom:10px;line-height:1.35">'
        f'<div style="font-weight:700;margin-bottom:4px">{escape(title)}</div>'
        f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">'
        f'{"".join(tables)}</div></div>'
    )


def scoreboard_html(match: XeriMatch) -> str:
    """Who is winning: what decides the match first (the rounds won, XR-7.1; or the points
    under a target, XR-7.2) in large type, the other beside it."""
    won, points = match.rounds_won, match.totals
    teams = {"first": team_name(0), "second": team_name(1)}
    rounds = _("Rounds won: {first} {one}, {second} {two}").format(one=won[0], two=won[1],
                                                                  **teams)
    scored = _("Points: {first} {one}, {second} {two}").format(one=points[0], two=points[1],
                                                              **teams)
    if match.target is None and match.rules.match_winner is MatchWinner.POINTS:
        first = _("{scores} (points decide the match, XR-7.1)").format(scores=scored)
        second = rounds
    elif match.target is None:
        first = _("{scores} (rounds decide the match, XR-7.1)").format(scores=rounds)
        second = scored
    else:
        first = _("{scores} (first to {target} wins, XR-7.2)").format(scores=scored,
                                                                     target=match.target)
        second = rounds
    return (
        '<div class="ck-scoreboard" role="status" style="display:flex;flex-wrap:wrap;'
        'gap:2px 16px;align-items:baseline;margin:0 0 4px">'
        f'<span class="ck-score-first" style="font-size:16px;font-weight:700">'
        f"{escape(first)}</span>"
        f'<span class="ck-score-second" style="font-size:13px;color:#374151">'
        f"{escape(second)}</span></div>"
    )


def _match_end_words(match: XeriMatch) -> str:
    """Who won the match and why, citing the rule, from the core's own event."""
    final = next((e for e in reversed(match.events) if e.kind is EventKind.MATCH_WON), None)
    if final is None:
        return _("Match over.")
    text = final.text if final.text.endswith(")") else f"{final.text} ({final.rule})"
    if match.target is None and match.rules.match_winner is MatchWinner.POINTS:
        return _("Match over. {text}. Points decide the match, not rounds won (XR-7.1)."
                 ).format(text=text)
    if match.target is None:
        return _("Match over. {text}. Rounds won decide the match, not points (XR-7.1)."
                 ).format(text=text)
    return _("Match over. {text}.").format(text=text)


def round_end_html(match: XeriMatch) -> str:
    """The result of the last round won (XR-6.1): who won it and by how many points, or a tie;
    on a finished match, who won it and why (XR-7). Empty before any round is won."""
    won = next((e for e in reversed(match.events) if isinstance(e, RoundWon)), None)
    if won is None:
        return ""
    number, (p0, p1) = won.number, won.points
    if won.winner is None:
        head = _("Round {number} over: a tie at {points} points, so nobody wins it ({rule})."
                 ).format(number=number, points=p0, rule=won.rule)
    else:
        team = won.winner
        mine, theirs = (p0, p1) if team == 0 else (p1, p0)
        head = _("Round {number} over: {team} win {mine} to {theirs} ({rule}).").format(
            number=number, team=team_name(team), mine=mine, theirs=theirs, rule=won.rule)
    lines = [f'<div class="ck-round-head" role="status" style="font-size:16px;'
             f'font-weight:700;margin:2px 0">{escape(head)}</div>']
    if match.is_over:
        lines.append(f'<div class="ck-match-end" style="font-weight:700;margin:2px 0">'
                     f"{escape(_match_end_words(match))}</div>")
    return "".join(lines)
