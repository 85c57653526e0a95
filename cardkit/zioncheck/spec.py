"""What cardkit's "any game" parts ask of Zion Check: simulation rows, the scores box, words.

`cardkit.games` builds Zion Check's `GameSpec` from these, so that the simulator, the turn
stepper and the command line never name the game::

    >>> from cardkit.zioncheck import GreedyBot, new_game
    >>> from cardkit import play_out
    >>> game = new_game(players=3, seed=2)
    >>> rows = HandRows(game)
    >>> bots = [GreedyBot(s, seed=s) for s in range(3)]
    >>> while not game.is_over:
    ...     seat = game.current_player  # each bot is handed its seat's view
    ...     _ = rows.after(game.apply(bots[seat].choose(game.observe(seat))))
    >>> [row["hand"] for row in rows.rows()]
    [1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cardkit.i18n import N_
from cardkit.zioncheck.events import EventKind
from cardkit.zioncheck.game import ZionGame
from cardkit.zioncheck.words import gettext, join, ngettext, seat_name

_ = gettext

__all__ = ["COLUMNS", "DEPRECATED_COLUMNS", "GAME_COLUMNS", "GAME_NON_INTEGER", "NON_INTEGER",
           "HandRows", "action_words", "game_row", "scores_html", "summary"]

# The descriptions are marked (N_) and translated where they are read (`cardkit.sim.columns`):
# this dict is made once, at import, before any language is chosen. "seat s" is every seat
# 0, 1, …; names such as first_player_rule or down_table_turn_{s} are code, kept in a translation.
COLUMNS: dict[str, str] = {
    "seed": N_("the master seed of the run"),
    "game": N_("the unit: a game of six hands, from 0"),
    "hand": N_("the hand, 1-6 (ZC-3.1)"),
    "game_seed": N_("the seed of the game"),
    "players": N_("players in the game"),
    "dealer": N_("the dealer's seat (ZC-3.2)"),
    "first_player": N_("the seat that played first, left of the dealer: it takes two turns in a "
                       "row under the default first_player_rule (ZC-7.1)"),
    "first_player_won": N_("True when the first player went out (ZC-7.1's double turn: does it "
                           "help?)"),
    "contract": N_("the hand's contract, such as '2 sets' (ZC-4)"),
    "cards_dealt": N_("cards dealt to each player (ZC-3.1)"),
    "winner": N_("the seat that went out, -1 when the hand ended otherwise (ZC-13.1)"),
    "reason": N_("'went out', 'stock exhausted' or 'length guard' (ZC-13, ZC-6.2, ZC-6.3)"),
    "table_turns": N_("turns played in the hand by all seats together, the last one included "
                      "(the first player's double turn counts as two, ZC-7.1)"),
    "turns": N_("deprecated, use table_turns: the table's turns without the turn that went out"),
    "went_down": N_("how many players went down (ZC-9)"),
    "claims": N_("discards claimed out of turn in the hand, by all seats (ZC-8)"),
    "points_{s}": N_("seat s's points for the hand (ZC-14.1; 0 for the winner)"),
    "own_turns_{s}": N_("turns seat s played in the hand (its own turns only; the first player's "
                        "double turn counts as two)"),
    "down_table_turn_{s}": N_("the table's turn (every seat's turns counted, from 1) on which seat "
                              "s went down, 0 if never (ZC-9)"),
    "down_own_turn_{s}": N_("seat s's own turn (its turns only, from 1) on which it went down, 0 "
                            "if never (ZC-9)"),
    "down_turn_{s}": N_("deprecated, use down_table_turn_{s} (the same numbers)"),
    "claims_{s}": N_("discards seat s claimed out of turn (ZC-8)"),
    "claims_used_{s}": N_("of the cards seat s claimed, those it laid on the table in the same "
                          "hand: in its contract (ZC-9) or laid off (ZC-11)"),
    "claim_penalty_{s}": N_("cards seat s drew from the stock as claim penalties (ZC-8.3)"),
    "stuck_{s}": N_("seat s had not gone down when someone went out (ZC-13.2)"),
}
"""The columns of a Zion Check frame, one row per hand (``{s}`` is each seat 0, 1, …);
``ZION_COLUMNS`` in `cardkit.sim`.

Turn counts say whose turns they count: ``table_turns`` and ``down_table_turn_{s}`` count
every seat's turns, ``own_turns_{s}`` and ``down_own_turn_{s}`` one seat's. With 4 players,
seat s's k-th own turn is about the table's 4k-th turn."""

DEPRECATED_COLUMNS: dict[str, str] = {"turns": "table_turns",
                                      "down_turn_{s}": "down_table_turn_{s}"}
"""Old column names kept for old notebooks, and the columns that replace them. ``turns`` did
not count the turn that went out, and neither said whose turns it counted."""

NON_INTEGER = frozenset({"contract", "reason", "first_player_won", "stuck_{s}"})
"""The columns that are not whole numbers (texts and yes/no)."""

GAME_COLUMNS: dict[str, str] = {
    "seed": N_("the master seed of the run"),
    "game": N_("the game, from 0: the same game as the rows of game number `game` in a frame of "
               "hands with the same seed"),
    "game_seed": N_("the seed of the game"),
    "players": N_("players in the game"),
    "first_dealer": N_("the dealer of hand 1 (ZC-3.2)"),
    "hands": N_("hands played: always 6 (ZC-3.1)"),
    "winner": N_("the seat with the fewest penalty points (ZC-14.2), -1 when seats share it"),
    "winners": N_("how many seats share the fewest penalty points (1 unless tied, ZC-14.2)"),
    "totals_{s}": N_("seat s's penalty points over the six hands (ZC-14.2; lower is better)"),
    "hands_won_{s}": N_("hands seat s went out in (ZC-13.1)"),
    "claims_{s}": N_("discards seat s claimed over the game (ZC-8)"),
}
"""The columns of a frame of whole Zion Check games, ``simulate("zioncheck", n, unit="game")``."""

GAME_NON_INTEGER: frozenset[str] = frozenset()
"""The columns of a frame of games that are not whole numbers: none."""


def game_row(game: ZionGame) -> dict[str, Any]:
    """The row of a finished game (`GAME_COLUMNS`, but for the simulator's seed columns)."""
    players, results, totals = game.num_players, game.results, game.total_points
    winners = game.winners
    row: dict[str, Any] = {"players": players, "first_dealer": results[0].dealer,
                           "hands": len(results),
                           "winner": winners[0] if len(winners) == 1 else -1,
                           "winners": len(winners)}
    for s in range(players):
        row[f"totals_{s}"] = totals[s]
    for s in range(players):
        row[f"hands_won_{s}"] = sum(1 for r in results if r.winner == s)
    claims = [0] * players
    for e in game.events:
        if e.kind is EventKind.CLAIM and e.seat is not None:
            claims[e.seat] += 1
    for s in range(players):
        row[f"claims_{s}"] = claims[s]
    return row


class HandRows:
    """The rows of one simulated game of six hands: who went down when (by the table's turns
    and by its own), who claimed, and what became of the claimed cards."""

    __slots__ = ("_claimed", "_game", "_hand", "_hands", "_players")

    def __init__(self, game: ZionGame) -> None:
        self._game = game
        self._players = game.num_players
        self._hands: list[dict[str, Any]] = []
        self._claimed: list[set[Any]] = []  # the claimed cards each seat still holds
        self._hand = 0
        self._start_hand()

    def _start_hand(self) -> None:
        game, n = self._game, self._players
        first = game.current_player
        dealt = 0 if first is None else len(game.hand(first))
        self._hands.append({"dealer": game.dealer, "first": first,
                            "contract": str(game.contract), "cards_dealt": dealt,
                            "table_turns": 0, "own_turns": [0] * n,
                            "down_table": [0] * n, "down_own": [0] * n, "claims": [0] * n,
                            "used": [0] * n, "penalty": [0] * n})
        self._claimed = [set() for _ in range(n)]
        self._hand = game.hand_number

    def after(self, events: Sequence[Any]) -> bool:
        game, current = self._game, self._hands[-1]
        claimed = self._claimed
        for e in events:
            kind = e.kind
            if kind is _DRAW or kind is _TAKE:  # every turn begins with one of them
                current["table_turns"] += 1
                current["own_turns"][e.seat] += 1
            elif kind is _GO_DOWN:
                seat = e.seat
                if not current["down_table"][seat]:
                    current["down_table"][seat] = current["table_turns"]
                    current["down_own"][seat] = current["own_turns"][seat]
                held = claimed[seat]
                if held:
                    for meld in e.melds:
                        for card in meld.cards:
                            if card in held:
                                held.discard(card)
                                current["used"][seat] += 1
            elif kind is _CLAIM:
                current["claims"][e.seat] += 1
                claimed[e.seat].add(e.card)
            elif kind is _PENALTY:
                current["penalty"][e.seat] += len(e.cards)
            elif kind is _LAY_OFF or kind is _DISCARD:
                held = claimed[e.seat]
                if held and e.card in held:
                    held.discard(e.card)
                    if kind is _LAY_OFF:
                        current["used"][e.seat] += 1
        if not game.is_over and game.hand_number != self._hand:
            self._start_hand()
        return False  # the game's end completes the unit

    def rows(self) -> list[dict[str, Any]]:
        players = self._players
        rows = []
        for result, info in zip(self._game.results, self._hands, strict=False):
            reason = result.reason
            winner = -1 if result.winner is None else result.winner
            down_table = info["down_table"]
            row: dict[str, Any] = {
                "hand": result.hand_number, "players": players, "dealer": result.dealer,
                "first_player": info["first"], "first_player_won": winner == info["first"],
                "contract": info["contract"], "cards_dealt": info["cards_dealt"],
                "winner": winner, "reason": getattr(reason, "value", reason),
                "table_turns": info["table_turns"], "turns": result.turns,
                "went_down": sum(1 for t in down_table if t),
                "claims": sum(info["claims"]),
            }
            for name, values in (("points", result.points), ("own_turns", info["own_turns"]),
                                 ("down_table_turn", down_table),
                                 ("down_own_turn", info["down_own"]),
                                 ("down_turn", down_table), ("claims", info["claims"]),
                                 ("claims_used", info["used"]),
                                 ("claim_penalty", info["penalty"])):
                for s in range(players):
                    row[f"{name}_{s}"] = values[s]
            for s in range(players):
                row[f"stuck_{s}"] = s in result.stuck
            rows.append(row)
        return rows


_DRAW, _TAKE, _GO_DOWN, _CLAIM = EventKind.DRAW, EventKind.TAKE, EventKind.GO_DOWN, EventKind.CLAIM
_PENALTY, _LAY_OFF, _DISCARD = EventKind.PENALTY, EventKind.LAY_OFF, EventKind.DISCARD


def summary(game: ZionGame) -> str:
    """Who won the finished game."""
    winners = join(seat_name(s) for s in game.winners)
    return ngettext("Winner: {winners}", "Winners: {winners}", len(game.winners)).format(
        winners=winners)


def scores_html(game: ZionGame) -> str:
    """Each seat's penalty points so far (lower is better)."""
    parts = [_("{seat}: {points}").format(seat=seat_name(s), points=points)
             for s, points in sorted(game.totals.items())]
    done = len(game.results)
    head = (_("Penalty points after hand {hand} (lower is better)").format(hand=done) if done
            else _("Penalty points: no hand finished yet"))
    items = "".join(f"<li>{html.escape(p)}</li>" for p in parts)
    return f'<div><b>{html.escape(head)}</b><ul style="margin:2px 0">{items}</ul></div>'


def action_words(who: str, action: Any) -> str:
    """"Seat 1: draw from the stock"."""
    return _("{who}: {action}").format(who=who, action=action)
