"""Pictures of cards, hands and game tables as SVG and HTML strings (no widget imports).

Everything here is a pure function of its arguments: the same card and options give the same
string, so tests can compare output and notebooks can cache it. Cards draw their suit pips as
SVG paths (no font or emoji needed) and their ranks in the reader's system font; nothing is
fetched from the network. Every picture carries ``role="img"`` and an ``aria-label``::

    >>> from cardkit.cards import parse_card
    >>> svg = card_svg(parse_card("7C"))
    >>> 'aria-label="seven of clubs"' in svg, svg.startswith("<svg")
    (True, True)
    >>> "seven" in card_svg(parse_card("7C"), face_down=True)
    False

Game tables (`cardkit.xeri.draw.table_html`, `cardkit.zioncheck.draw.table_html`, or
`match_html` for either) are HTML with
inline styles, so they look the same in a notebook, an ``ipywidgets.HTML`` and a Voila page.
Each game's ``draw.py`` builds its table from the shared parts here: `TABLE_STYLE`,
`PANEL_STYLE`, `TURN_STYLE`, `badge_html`, `heading_html`, `note_html`, `seat_hand_html`,
`empty_slot_html`, `own_hand_note_html`, `check_view` and `plural`.
They read only what is public through the games' accessors; a closed view draws hidden cards
as backs and puts nothing of them (not even in attributes) into the page.

Stable hooks for tests and styling (classes and data attributes)::

    svg.ck-card / g.ck-card         a card (role="img", aria-label "seven of clubs");
    .ck-card.ck-back                ... drawn face down (aria-label "face-down card")
    div.ck-hand                     a row of cards (role="group")
    .ck-table.ck-xeri-table         the Xeri table; data-view="all" or the seat number
    .ck-table.ck-zion-table         the Zion Check table; data-view likewise
    .ck-status, .ck-turn            the status line and its whose-turn part
    section.ck-seat[data-seat="2"]  a seat; data-turn="true" on the seat to act;
                                    Zion Check seats also data-down="true"/"false"
    .ck-team[data-team="0"]         a Xeri team panel (points, Xeri cards, captured pile)
    .ck-pile[data-count]            the Xeri pile; .ck-pile-top[data-card="7C"] its top card
    .ck-stock[data-count]           the stock
    .ck-discard[data-count]         the Zion Check discard pile;
                                    .ck-discard-top[data-card="KD"] its top card
    .ck-meld[data-meld="1"]         a meld on the Zion Check table, by its table index
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from cardkit.i18n import Domain, get_language

if TYPE_CHECKING:  # render draws cards but needs nothing of cards.py at run time
    from cardkit.cards import Card

__all__ = [
    "BADGE_STYLES",
    "FOUR_COLOURS",
    "PANEL_STYLE",
    "TABLE_STYLE",
    "TURN_STYLE",
    "TWO_COLOURS",
    "Picture",
    "TableGame",
    "badge_html",
    "card_label",
    "card_svg",
    "check_view",
    "empty_slot_html",
    "hand_html",
    "hand_picture",
    "hand_svg",
    "heading_html",
    "match_html",
    "note_html",
    "own_hand_note_html",
    "plural",
    "seat_hand_html",
]

TWO_COLOURS: Mapping[str, str] = {"C": "#1a1a1a", "D": "#c8102e", "H": "#c8102e", "S": "#1a1a1a"}
"""Ink of each suit on a classic red/black card."""
FOUR_COLOURS: Mapping[str, str] = {"C": "#15803d", "D": "#1d4ed8", "H": "#c8102e", "S": "#1a1a1a"}
"""Ink of each suit with the four-colour option: ♣ green, ♦ blue, ♥ red, ♠ black."""

FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'DejaVu Sans',sans-serif"
FACE_DOWN_LABEL = "face-down card"

_t = Domain("cardkit")
_, ngettext, pgettext = _t.gettext, _t.ngettext, _t.pgettext


def spoken_name(card: Card) -> str:
    """A card's name for a screen reader, in the language of the moment: ``card.name`` in
    English ("seven of clubs"), the name sentences use in Japanese ("クラブの7", as
    `cardkit.cards.card_name`, whose catalog entries it shares)."""
    if get_language() == "en":
        return card.name
    return translated_card_name(card)


def translated_card_name(card: Card) -> str:
    """A card's name from the catalog (context "card"), in the language of the moment: "7♣" is
    English's own, "クラブの7" Japanese (`cardkit.cards.card_name` and `spoken_name` share it)."""
    suit = card.suit
    if suit is None:
        return pgettext("card", "JK")
    rank = card.rank_text
    if suit == "C":
        return pgettext("card", "{rank}♣").format(rank=rank)
    if suit == "D":
        return pgettext("card", "{rank}♦").format(rank=rank)
    if suit == "H":
        return pgettext("card", "{rank}♥").format(rank=rank)
    return pgettext("card", "{rank}♠").format(rank=rank)
_JOKER_INKS = ("#1a1a1a", "#c8102e")  # a pack's two jokers: one black, one red
_SELECTED_INK = "#2563eb"

# The card is drawn in a 104 × 144 box: a 100 × 140 card with room for its shadow.
_BOX_W, _BOX_H = 104, 144
_RATIO = _BOX_H / _BOX_W

# Suit shapes in a 100 × 100 box, drawn as paths so that no font can turn them into emoji.
_SUIT_PATHS = {
    "H": "M50 92C22 68 2 50 2 29C2 12 14 2 28 2C38 2 46 8 50 17C54 8 62 2 72 2"
         "C86 2 98 12 98 29C98 50 78 68 50 92Z",
    "D": "M50 0L90 50L50 100L10 50Z",
    "S": "M50 2C36 24 2 40 2 63C2 79 14 88 27 88C36 88 43 84 47 78C46 88 40 95 31 100H69"
         "C60 95 54 88 53 78C57 84 64 88 73 88C86 88 98 79 98 63C98 40 64 24 50 2Z",
    "C": "M50 3A22 22 0 0 0 32 38A22 22 0 1 0 46 76C45 87 40 94 31 100H69C60 94 55 87 54 76"
         "A22 22 0 1 0 68 38A22 22 0 0 0 50 3Z",
}


def _num(value: float) -> str:
    """A short, stable number for SVG attributes (``12``, ``12.5``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pip(suit: str, x: float, y: float, size: float, ink: str) -> str:
    """A suit shape of ``size`` units with its top-left corner at (x, y)."""
    scale = size / 100
    return (
        f'<path transform="translate({_num(x)} {_num(y)}) scale({_num(scale)})" '
        f'd="{_SUIT_PATHS[suit]}" fill="{ink}"/>'
    )


def card_label(card: Card | None, *, face_down: bool = False, label: str | None = None) -> str:
    """The spoken name used as a card's ``aria-label``: ``"seven of clubs"``.

    A face-down card (or ``None``, an unknown card) is ``"face-down card"``; a ``label`` is added
    after a comma (``"joker, as 7♣"``).
    """
    if face_down or card is None:
        return _("face-down card")
    name = spoken_name(card)
    return f"{name}, {label}" if label else name


def _ink(card: Card, four_colour: bool) -> str:
    if card.is_joker:
        return _JOKER_INKS[card.deck % 2]
    # a joker returned above; every other card has a suit
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]  # type: ignore[index]


def _corner(card: Card, ink: str) -> str:
    """The index in the top-left corner: rank above a small pip (``JOKER`` down the side)."""
    if card.is_joker:
        letters = "".join(
            f'<text x="13" y="{18 + 12 * i}" text-anchor="middle">{ch}</text>'
            for i, ch in enumerate("JOKER")
        )
        return f'<g font-size="12" font-weight="700" fill="{ink}">{letters}</g>'
    rank = card.rank_text
    # "10" is squeezed into the corner (x 5 to 23) whatever the font, never past the card's edge
    squeeze = ' textLength="18" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    return (
        f'<text x="14" y="26" text-anchor="middle" font-size="{19 if squeeze else 22}" '
        f'font-weight="700" fill="{ink}"{squeeze}>{rank}</text>'
        + _pip(card.suit, 6, 31, 15, ink)  # type: ignore[arg-type]  # not a joker: a suit
    )


def _centre(card: Card, ink: str) -> str:
    """The middle of the face: a big pip, a framed letter for J/Q/K, a star for a joker."""
    if card.is_joker:
        star = " ".join(
            f"{_num(52 + r * math.sin(math.radians(36 * k)))},"
            f"{_num(64 - r * math.cos(math.radians(36 * k)))}"
            for k in range(10)
            for r in ((24 if k % 2 == 0 else 10),)
        )
        return (
            f'<polygon points="{star}" fill="{ink}"/>'
            f'<text x="52" y="105" text-anchor="middle" font-size="16" font-weight="800" '
            f'letter-spacing="1" fill="{ink}">JOKER</text>'
        )
    suit = card.suit
    if card.rank >= 11:
        return (
            f'<rect x="25" y="22" width="54" height="98" rx="6" fill="{ink}" fill-opacity="0.07" '
            f'stroke="{ink}" stroke-opacity="0.45" stroke-width="1.2"/>'
            f'<text x="52" y="78" text-anchor="middle" font-size="40" font-weight="700" '
            f'fill="{ink}">{card.rank_text}</text>'
            + _pip(suit, 40, 86, 24, ink)  # type: ignore[arg-type]  # a face card has a suit
        )
    size = 58 if card.rank == 1 else 46
    # a joker is drawn apart; a numbered card or an ace has a suit
    return _pip(suit, 52 - size / 2, 71 - size / 2, size, ink)  # type: ignore[arg-type]


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, as one path (a card back's pattern)."""
    segments = []
    for slope in (1, -1):
        # lines y = slope * x + c that cross the rectangle, one every ``step`` units
        low = min(y0 - slope * x0, y0 - slope * x1)
        high = max(y1 - slope * x0, y1 - slope * x1)
        c = low + step / 2
        while c < high:
            points = []
            for x in (x0, x1):
                y = slope * x + c
                if y0 <= y <= y1:
                    points.append((x, y))
            for y in (y0, y1):
                x = (y - c) / slope
                if x0 < x < x1:
                    points.append((x, y))
            if len(points) >= 2:
                (ax, ay), (bx, by) = sorted(points)[0], sorted(points)[-1]
                segments.append(f"M{_num(ax)} {_num(ay)}L{_num(bx)} {_num(by)}")
            c += step
    return "".join(segments)


_BACK = (
    '<rect x="8" y="7" width="88" height="128" rx="6" fill="#1e3a8a"/>'
    f'<path d="{_lattice(8, 7, 96, 135, 11)}" stroke="#4f6fd6" stroke-width="2.2" fill="none"/>'
    '<rect x="8" y="7" width="88" height="128" rx="6" fill="none" stroke="#1e3a8a" '
    'stroke-width="3"/>'
    '<circle cx="52" cy="71" r="17" fill="#1e3a8a" stroke="#ffffff" stroke-width="2.5"/>'
    + _pip("S", 42, 61, 20, "#ffffff")
)


def _back() -> str:
    """The back of a card: a navy panel with a diagonal lattice and a round emblem."""
    return _BACK


def _ribbon(label: str) -> str:
    """A small caption across the lower face, e.g. what a joker stands for."""
    return (
        '<rect x="14" y="112" width="66" height="19" rx="4" fill="#fff7d6" stroke="#d4a017" '
        'stroke-width="1"/>'
        f'<text x="47" y="126" text-anchor="middle" font-size="12.5" font-weight="600" '
        f'fill="#5c4300">{escape(label)}</text>'
    )


@functools.lru_cache(maxsize=4096)
def _card_body(
    card: Card | None, four_colour: bool, face_down: bool, selected: bool, label: str | None
) -> str:
    """The inside of a card's SVG in the 104 × 144 box (cached: tables redraw often)."""
    edge = (
        f'stroke="{_SELECTED_INK}" stroke-width="4"' if selected
        else 'stroke="#9ca3af" stroke-width="1.2"'
    )
    face = "#eef4ff" if selected and not face_down else "#ffffff"
    parts = [
        '<rect x="3.5" y="3.5" width="100" height="140" rx="9" fill="#000000" '
        'fill-opacity="0.16"/>',
        f'<rect x="2" y="1.5" width="100" height="140" rx="9" fill="{face}" {edge}/>',
    ]
    if face_down or card is None:
        parts.append(_back())
    else:
        ink = _ink(card, four_colour)
        corner = _corner(card, ink)
        parts.append(f'<g font-family="{FONT}">{corner}')
        parts.append(_centre(card, ink))
        parts.append(f'<g transform="rotate(180 52 71.5)">{corner}</g>')
        if label:
            parts.append(_ribbon(label))
        parts.append("</g>")
    return "".join(parts)


def card_svg(
    card: Card | None,
    *,
    width: float = 72,
    four_colour: bool = False,
    face_down: bool = False,
    selected: bool = False,
    label: str | None = None,
) -> str:
    """One card as an ``<svg>`` element, ``width`` pixels wide (height follows, 5:7).

    ``four_colour`` inks ♣ green, ♦ blue, ♥ red, ♠ black. ``face_down`` draws the back and
    nothing of the face (``card`` may then be ``None``). ``selected`` draws a blue border.
    ``label`` adds a small caption on the face and to the ``aria-label``, for example what a
    joker stands for::

        >>> from cardkit.cards import Card
        >>> 'aria-label="joker, as 7♣"' in card_svg(Card.joker(), label="as 7♣")
        True
    """
    if width <= 0:
        raise ValueError(f"a card's width must be a positive number of pixels, not {width!r}")
    hidden = face_down or card is None
    name = escape(card_label(card, face_down=hidden, label=None if hidden else label))
    kind = "ck-card ck-back" if hidden else "ck-card"
    body = _card_body(
        None if hidden else card, four_colour, hidden, selected, None if hidden else label
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{kind}" role="img" '
        f'aria-label="{name}" viewBox="0 0 {_BOX_W} {_BOX_H}" width="{_num(width)}" '
        f'height="{_num(width * _RATIO)}"><title>{name}</title>{body}</svg>'
    )


def _per_card(values: Sequence[Any] | None, n: int, what: str) -> list[Any]:
    if values is None:
        return [None] * n
    values = list(values)
    if len(values) != n:
        raise ValueError(f"{what} needs one entry per card: {n} cards, {len(values)} entries")
    return values


def _selected_set(selected: Iterable[int], n: int) -> frozenset[int]:
    chosen = frozenset(selected)
    bad = sorted(i for i in chosen if not 0 <= i < n)
    if bad:
        raise ValueError(f"selected indexes must be 0..{n - 1} for {n} cards, not {bad}")
    return chosen


def _hand_label(cards: Sequence[Card | None], face_down: bool) -> str:
    n = len(cards)
    if face_down or any(card is None for card in cards) or not cards:
        return ngettext("hand of {count} card", "hand of {count} cards", n).format(count=n)
    # no None is left: a hand with one returned above
    names = pgettext("list", ", ").join(spoken_name(card) for card in cards)  # type: ignore[arg-type]
    return ngettext("hand of {count} card: {cards}", "hand of {count} cards: {cards}", n).format(
        count=n, cards=names)


def hand_svg(
    cards: Iterable[Card | None],
    *,
    width: float = 72,
    overlap: float = 0.0,
    fan: bool = False,
    four_colour: bool = False,
    face_down: bool = False,
    selected: Iterable[int] = (),
    labels: Sequence[str | None] | None = None,
) -> str:
    """A hand as one ``<svg>``: cards in a row, overlapping by ``overlap`` (0–0.9) of a card's
    width, or spread as a ``fan``. ``selected`` holds indexes of cards drawn selected (raised).

    >>> from cardkit.cards import parse_cards
    >>> hand_svg(parse_cards("7C 8D")).count('role="img"')
    3
    """
    cards = list(cards)
    if not 0 <= overlap <= 0.9:
        raise ValueError(f"overlap is the covered share of a card, 0 to 0.9, not {overlap!r}")
    n = len(cards)
    chosen = _selected_set(selected, n)
    labels = _per_card(labels, n, "labels")
    scale = width / _BOX_W
    card_h = _BOX_H * scale
    lift = card_h * 0.12
    placed = []  # (transform, card, label, selected)
    if fan and n > 1:
        step = min(9.0, 60.0 / (n - 1))
        radius = card_h * 2.4
        pivot_x, pivot_y = 0.0, radius  # the fan turns about a point below the cards
        corners = []
        for i in range(n):
            angle = (i - (n - 1) / 2) * step
            rad = math.radians(angle)
            raise_by = lift if i in chosen else 0.0
            for cx, cy in ((-width / 2, -raise_by), (width / 2, -raise_by),
                           (-width / 2, card_h - raise_by), (width / 2, card_h - raise_by)):
                dx, dy = cx - pivot_x, cy - pivot_y
                corners.append((pivot_x + dx * math.cos(rad) - dy * math.sin(rad),
                                pivot_y + dx * math.sin(rad) + dy * math.cos(rad)))
        min_x = min(x for x, _ in corners) - 2
        min_y = min(y for _, y in corners) - 2
        max_x = max(x for x, _ in corners) + 2
        max_y = max(y for _, y in corners) + 2
        for i in range(n):
            angle = (i - (n - 1) / 2) * step
            raise_by = lift if i in chosen else 0.0
            transform = (
                f"translate({_num(-min_x)} {_num(-min_y)}) "
                f"rotate({_num(angle)} {_num(pivot_x)} {_num(pivot_y)}) "
                f"translate({_num(-width / 2)} {_num(-raise_by)}) scale({_num(scale)})"
            )
            placed.append((transform, cards[i], labels[i], i in chosen))
        total_w, total_h = max_x - min_x, max_y - min_y
    else:
        gap = max(2.0, width * 0.06) if overlap == 0 else 0.0
        step_x = width * (1 - overlap) + gap
        top = lift if chosen else 0.0
        for i in range(n):
            y = top - (lift if i in chosen else 0.0)
            transform = f"translate({_num(i * step_x)} {_num(y)}) scale({_num(scale)})"
            placed.append((transform, cards[i], labels[i], i in chosen))
        total_w = (n - 1) * step_x + width if n else 0.0
        total_h = card_h + top
    groups = []
    for transform, card, label, is_selected in placed:
        hidden = face_down or card is None
        name = escape(card_label(card, face_down=hidden, label=None if hidden else label))
        body = _card_body(
            None if hidden else card, four_colour, hidden, is_selected, None if hidden else label
        )
        kind = "ck-card ck-back" if hidden else "ck-card"
        groups.append(
            f'<g class="{kind}" role="img" aria-label="{name}" transform="{transform}">'
            f"<title>{name}</title>{body}</g>"
        )
    label_text = escape(_hand_label(cards, face_down))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ck-hand" role="img" '
        f'aria-label="{label_text}" viewBox="0 0 {_num(total_w)} {_num(total_h)}" '
        f'width="{_num(total_w)}" height="{_num(total_h)}">{"".join(groups)}</svg>'
    )


def hand_html(
    cards: Iterable[Card | None],
    *,
    width: float = 72,
    overlap: float = 0.0,
    four_colour: bool = False,
    face_down: bool = False,
    selected: Iterable[int] = (),
    labels: Sequence[str | None] | None = None,
    caption: str | None = None,
) -> str:
    """A hand as an HTML ``<div role="group">`` of card SVGs in a row (wrapping when wide).

    Selected cards are raised. ``caption`` is a line of text under the cards. An empty hand
    shows "no cards".
    """
    cards = list(cards)
    if not 0 <= overlap <= 0.9:
        raise ValueError(f"overlap is the covered share of a card, 0 to 0.9, not {overlap!r}")
    n = len(cards)
    chosen = _selected_set(selected, n)
    labels = _per_card(labels, n, "labels")
    lift = _num(width * _RATIO * 0.12)
    shift = _num(-width * overlap) if overlap else "0"
    items = []
    for i, (card, label) in enumerate(zip(cards, labels, strict=True)):
        # every card, the first included, is shifted; the row's padding gives the first card
        # its room back, so a card that starts a wrapped line stays inside the row too
        margin = f"margin-left:{shift}px;" if overlap else ""
        raise_ = f"transform:translateY(-{lift}px);" if i in chosen else ""
        svg = card_svg(card, width=width, four_colour=four_colour, face_down=face_down,
                       selected=i in chosen, label=label)
        items.append(f'<span style="display:inline-block;line-height:0;{margin}{raise_}">'
                     f"{svg}</span>")
    if not items:
        items.append('<span style="color:inherit;opacity:0.75;font-style:italic;padding:4px 0">'
                     + escape(_("no cards")) + "</span>")
    gap = f"{_num(max(2.0, width * 0.06))}px " + ("0" if overlap else _num(max(2.0, width * 0.06)))
    room = f"padding-left:{_num(width * overlap)}px;" if overlap and n else ""
    pad = f"padding-top:{lift}px;" if chosen else ""
    label_text = escape(_hand_label(cards, face_down))
    tail = (f'<div class="ck-caption" style="font:12px {FONT};color:#374151;margin-top:3px">'
            f"{escape(caption)}</div>") if caption else ""
    return (
        f'<div class="ck-hand" role="group" aria-label="{label_text}" style="{pad}">'
        f'<div style="display:flex;flex-wrap:wrap;align-items:flex-end;gap:{gap}px;{room}">'
        f'{"".join(items)}</div>{tail}</div>'
    )


# --- game tables -----------------------------------------------------------------------------
# The parts every game's table is built from (each game's draw.py lays them out): the felt, the
# seat panels, badges, headings and notes, so that both tables look like one kit.

TABLE_STYLE = (
    f"font-family:{FONT};font-size:14px;line-height:1.35;color:#f8fafc;"
    "background:radial-gradient(ellipse at center,#2f7a4f 0%,#1d5436 100%);"
    "border-radius:16px;padding:12px 14px;box-shadow:inset 0 0 0 2px #15432b;"
    "max-width:980px;box-sizing:border-box"
)
"""Inline style of a whole game table: the green felt, its font and its width."""
PANEL_STYLE = (
    "background:rgba(255,255,255,0.10);border:2px solid rgba(255,255,255,0.16);"
    "border-radius:12px;padding:7px 10px;min-width:0"
)
"""Inline style of a panel on the table (a seat, a team, the pile)."""
TURN_STYLE = "border-color:#fbbf24;box-shadow:0 0 0 3px rgba(251,191,36,0.35);"
"""Added to `PANEL_STYLE` for the seat whose turn it is (an amber ring)."""
BADGE_STYLES = {
    "dealer": "background:#f8fafc;color:#1f2937",
    "turn": "background:#fbbf24;color:#1f2937",
    "down": "background:#bbf7d0;color:#14532d",
    "up": "background:rgba(255,255,255,0.18);color:#f8fafc",
    "win": "background:#fde68a;color:#78350f",
}
"""The colours of each kind of `badge_html`: dealer, turn, down, up, win."""


def badge_html(text: str, kind: str) -> str:
    """A small rounded label beside a heading (``kind`` is a key of `BADGE_STYLES`).

    >>> badge_html("dealer", "dealer").startswith('<span class="ck-badge ck-badge-dealer"')
    True
    """
    return (
        f'<span class="ck-badge ck-badge-{kind}" style="{BADGE_STYLES[kind]};border-radius:999px;'
        f'padding:1px 8px;font-size:12px;font-weight:600;margin-left:6px;white-space:nowrap">'
        f"{escape(text)}</span>"
    )


def heading_html(text: str, badges: Sequence[str] = ()) -> str:
    """A panel's bold heading (``text`` is escaped), followed by its `badge_html` badges."""
    return (
        '<div style="font-weight:700;margin-bottom:4px;display:flex;flex-wrap:wrap;'
        f'align-items:center;gap:2px 0">{escape(text)}{"".join(badges)}</div>'
    )


def note_html(text: str) -> str:
    """A small line of text under a panel's cards (``text`` is escaped)."""
    return f'<div style="font-size:12.5px;opacity:0.9;margin-top:3px">{escape(text)}</div>'


def check_view(view: int | None, seats: int) -> int | None:
    """``view`` if it is None (all hands open) or a seat number below ``seats``; else a clear
    ``ValueError``.

    >>> check_view(None, 4), check_view(2, 4)
    (None, 2)
    """
    if view is None:
        return None
    if isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < seats:
        raise ValueError(
            f"view is None (all hands open) or a seat number 0 to {seats - 1}, not {view!r}"
        )
    return view


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an ``s`` unless the count is one: ``plural(3, "card")``
    is ``'3 cards'``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def empty_slot_html(text: str, width: float) -> str:
    """A dashed card-sized outline holding ``text``: where a card would lie (an empty pile)."""
    height = width * _RATIO
    return (
        f'<div style="width:{_num(width)}px;height:{_num(height)}px;border:2px dashed '
        "rgba(255,255,255,0.45);border-radius:8px;display:flex;align-items:center;"
        f'justify-content:center;text-align:center;font-size:12px;opacity:0.85">'
        f"{escape(text)}</div>"
    )


def seat_hand_html(
    cards: Sequence[Card] | None, size: int, *, width: float, overlap: float,
    four_colour: bool,
) -> str:
    """A seat's hand: its cards face up, or ``size`` backs when ``cards`` is None (closed)."""
    if cards is None:
        return hand_html([None] * size, width=width, overlap=0.62 if size > 1 else 0.0,
                         face_down=True)
    return hand_html(cards, width=width, overlap=overlap if len(cards) > 1 else 0.0,
                     four_colour=four_colour)


def own_hand_note_html(text: str) -> str:
    """A dashed box holding ``text`` in place of the viewer's cards, for an app that shows the
    viewer's hand elsewhere (``table_html(..., own_hand_note=...)``)."""
    return (
        '<div class="ck-own-hand-note" style="border:2px dashed rgba(255,255,255,0.45);'
        'border-radius:8px;padding:10px 12px;margin:4px 0;font-size:13.5px;font-weight:600">'
        f"{escape(text)}</div>"
    )


class TableGame(Protocol):
    """What `match_html` needs of a game: its ``game_name`` and a ``table_html`` that draws it
    (both games follow `cardkit.engine.Game`, which render may not import: it sits below)."""

    game_name: str

    def table_html(self, view: int | None = None, *, four_colour: bool = False) -> str: ...


def match_html(game: TableGame, view: int | None = None, *, four_colour: bool = False) -> str:
    """The table of any game that draws itself: a ``game_name`` and a ``table_html`` method
    (each game's draw.py; render imports no game)."""
    name = getattr(game, "game_name", None)
    if isinstance(name, str) and callable(getattr(game, "table_html", None)):
        return game.table_html(view, four_colour=four_colour)
    raise ValueError(
        f"cannot draw {type(game).__name__}: expected a game with a game_name and a "
        f"table_html method, not {name!r}"
    )


@dataclass(frozen=True)
class Picture:
    """Markup that a notebook shows as a picture by itself; ``str()`` gives the markup.

    >>> from cardkit.cards import parse_cards
    >>> hand_picture(parse_cards("7C 8D"))._repr_html_().startswith('<div class="ck-hand"')
    True
    """

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


def hand_picture(cards: Iterable[Card | None], **options: Any) -> Picture:
    """A hand that draws itself in a notebook (options as for `hand_html`)."""
    return Picture(hand_html(cards, **options))
