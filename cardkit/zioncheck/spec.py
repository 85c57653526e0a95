"""What cardkit's "any game" parts ask of Zion Check: simulation rows, the scores box, words.

`cardkit.games` builds Zion Check's `GameSpec` from these, so that the simulator, the turn
stepper and the command line never name the game::

    >>> from cardkit.zioncheck import GreedyBot, new_game
    >>> from cardkit import play_out
    >>> game = new_game(players=3, seed=2)
    >>> rows = HandRows(game)
    >>> bots = [GreedyBot(s, seed=s) for s in range(3)]
    >>> while not game.is_over:
    ...     _ = rows.after(game.apply(bots[game.current_player].choose(game)))
    >>> [row["hand"] for row in rows.rows()]
    [1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cardkit.zioncheck.events import EventKind, seat_name
from cardkit.zioncheck.game import ZionGame

__all__ = ["COLUMNS", "NON_INTEGER", "HandRows", "action_words", "scores_html", "summary"]

COLUMNS: dict[str, str] = {
    "seed": "the master seed of the run",
    "game": "the unit: a game of six hands, from 0",
    "hand": "the hand, 1-6 (ZC-3.1)",
    "game_seed": "the seed of the game",
    "players": "players in the game",
    "dealer": "the dealer's seat (ZC-3.2)",
    "contract": "the hand's contract, such as '2 sets' (ZC-4)",
    "cards_dealt": "cards dealt to each player (ZC-3.1)",
    "winner": "the seat that went out, -1 when the hand ended otherwise (ZC-13.1)",
    "reason": "'went out', 'stock exhausted' or 'length guard' (ZC-13, ZC-6.2, ZC-6.3)",
    "turns": "turns played in the hand",
    "went_down": "how many players went down (ZC-9)",
    "points_{s}": "seat s's points for the hand (ZC-14.1; 0 for the winner)",
    "down_turn_{s}": "the turn of the hand on which seat s went down, 0 if never (ZC-9)",
    "claims_{s}": "discards seat s claimed out of turn (ZC-8)",
    "stuck_{s}": "seat s had not gone down when someone went out (ZC-13.2)",
}
"""The columns of a Zion Check frame, one row per hand (``{s}`` is each seat 0, 1, …)."""

NON_INTEGER = frozenset({"contract", "reason", "stuck_{s}"})
"""The columns that are not whole numbers (texts and yes/no)."""


class HandRows:
    """The rows of one simulated game of six hands: who went down when, and who claimed."""

    __slots__ = ("_game", "_hand", "_hands", "_players")

    def __init__(self, game: ZionGame) -> None:
        self._game = game
        self._players = game.num_players
        self._hands: list[dict[str, Any]] = []
        self._hand = 0
        self._start_hand()

    def _start_hand(self) -> None:
        game = self._game
        first = game.current_player
        dealt = 0 if first is None else len(game.hand(first))
        self._hands.append({"dealer": game.dealer, "contract": str(game.contract),
                            "cards_dealt": dealt,
                            "down_turn": [0] * self._players, "claims": [0] * self._players})
        self._hand = game.hand_number

    def after(self, events: Sequence[Any]) -> bool:
        game, current = self._game, self._hands[-1]
        for e in events:
            if e.kind is EventKind.GO_DOWN:
                if not current["down_turn"][e.seat]:
                    current["down_turn"][e.seat] = game.turns_this_hand + 1
            elif e.kind is EventKind.CLAIM:
                current["claims"][e.seat] += 1
        if not game.is_over and game.hand_number != self._hand:
            self._start_hand()
        return False  # the game's end completes the unit

    def rows(self) -> list[dict[str, Any]]:
        players = self._players
        rows = []
        for result, info in zip(self._game.results, self._hands, strict=False):
            reason = result.reason
            row: dict[str, Any] = {
                "hand": result.hand_number, "players": players, "dealer": result.dealer,
                "contract": info["contract"], "cards_dealt": info["cards_dealt"],
                "winner": -1 if result.winner is None else result.winner,
                "reason": getattr(reason, "value", reason), "turns": result.turns,
                "went_down": sum(1 for t in info["down_turn"] if t),
            }
            for s in range(players):
                row[f"points_{s}"] = result.points[s]
            for s in range(players):
                row[f"down_turn_{s}"] = info["down_turn"][s]
            for s in range(players):
                row[f"claims_{s}"] = info["claims"][s]
            for s in range(players):
                row[f"stuck_{s}"] = s in result.stuck
            rows.append(row)
        return rows


def summary(game: ZionGame) -> str:
    """Who won the finished game."""
    winners = ", ".join(seat_name(s) for s in game.winners)
    return f"Winner{'s' if len(game.winners) > 1 else ''}: {winners}"


def scores_html(game: ZionGame) -> str:
    """Each seat's penalty points so far (lower is better)."""
    parts = [f"{seat_name(s)}: {points}" for s, points in sorted(game.totals.items())]
    done = len(game.results)
    head = (f"Penalty points after hand {done} (lower is better)" if done
            else "Penalty points: no hand finished yet")
    items = "".join(f"<li>{html.escape(p)}</li>" for p in parts)
    return f'<div><b>{html.escape(head)}</b><ul style="margin:2px 0">{items}</ul></div>'


def action_words(who: str, action: Any) -> str:
    """"Seat 1: draw from the stock"."""
    return f"{who}: {action}"
