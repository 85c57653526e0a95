"""Go Fish's table as HTML: each hand (face up, or backs for hands the viewer may not see),
the books and the stock, drawn with `cardkit.render`."""

from __future__ import annotations

from typing import Any

from cardkit.render import check_view, heading_html, note_html, seat_hand_html
from gofish.rules import rank_text


def table_html(game: Any, view: int | None = None, *, sort_hands: bool = False,
               four_colour: bool = False) -> str:
    """The table from ``view``'s seat (None: every hand open)."""
    view = check_view(view, game.num_players)
    panels = []
    for seat in range(game.num_players):
        cards = list(game.hand(seat))
        if sort_hands:
            cards.sort()
        shown = cards if view is None or view == seat else None
        books = ", ".join(rank_text(rank) for rank in game.books(seat)) or "none yet"
        turn = " (to ask)" if game.current_player == seat else ""
        panels.append(
            f'<div class="ck-seat" data-seat="{seat}">'
            + heading_html(f"{game.seat_name(seat)}{turn}")
            + seat_hand_html(shown, len(cards), width=54, overlap=0.3, four_colour=four_colour)
            + note_html(f"books: {books}") + "</div>")
    stock = note_html(f"stock: {game.stock_size} cards")
    data_view = "all" if view is None else str(view)
    return (f'<div class="ck-table ck-gofish-table" data-view="{data_view}">'
            + "".join(panels) + stock + "</div>")
