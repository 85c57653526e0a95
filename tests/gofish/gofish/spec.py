"""Go Fish's `GameSpec`: everything cardkit's "any game" parts need, and nothing else.

`cardkit.games.register(SPEC)` is all it takes for the simulator, the turn stepper and replay
viewer, ``cardkit replay`` and `cardkit.games.load_record` to serve the game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cardkit.games import GameSpec, SimSpec
from gofish.bots import GreedyBot, RandomBot
from gofish.draw import table_html
from gofish.events import EventKind, seat_name
from gofish.game import PLAYERS, GoFishGame
from gofish.rules import PRESETS, Rules
from gofish.worlds import sample_world

COLUMNS = {
    "seed": "the master seed of the run",
    "game": "the unit: one game of Go Fish, from 0",
    "game_seed": "the seed of the game",
    "players": "players at the table",
    "asks": "asks made (GF-3)",
    "catches": "asks that caught cards (GF-3.4)",
    "lucky": "go-fish draws of the rank asked for (GF-4.2)",
    "books_{s}": "books seat s laid down (GF-5.1)",
    "winner": "the one seat with most books, -1 when the most are shared (GF-7.2)",
}


class GameRows:
    """The one row of a simulated game, counted from its events."""

    def __init__(self, game: GoFishGame) -> None:
        self._game = game
        self._counts = {"asks": 0, "catches": 0, "lucky": 0}

    def after(self, events: Sequence[Any]) -> bool:
        for event in events:
            if event.kind is EventKind.ASK:
                self._counts["asks"] += 1
            elif event.kind is EventKind.CATCH:
                self._counts["catches"] += 1
            elif event.kind is EventKind.FISH and event.card is not None and event.lucky:
                self._counts["lucky"] += 1
        return False  # a unit is the whole game

    def rows(self) -> list[dict[str, Any]]:
        game = self._game
        if not game.results:
            return []
        result = game.results[-1]
        row: dict[str, Any] = {"players": game.num_players, **self._counts}
        for seat, books in enumerate(result.books):
            row[f"books_{seat}"] = books
        row["winner"] = result.winners[0] if len(result.winners) == 1 else -1
        return [row]


def _new(rules: Rules | None = None, seed: int = 0, players: int = 2) -> GoFishGame:
    return GoFishGame(players, seed, rules)


def _summary(game: GoFishGame, bots: Sequence[Any]) -> str:
    who = ", ".join(seat_name(s) for s in game.winners)
    books = "–".join(str(n) for n in game.totals.values())
    return f"Winner{'s' if len(game.winners) > 1 else ''}: {who} (books {books})"


def _scores_html(game: GoFishGame) -> str:
    items = "".join(f"<li>{html.escape(seat_name(s))}: {n} books</li>"
                    for s, n in game.totals.items())
    return f"<div><b>Books so far</b><ul>{items}</ul></div>"


SPEC = GameSpec(
    name="gofish", title="Go Fish", game_class=GoFishGame, rules_class=Rules, presets=PRESETS,
    bots={"random": RandomBot, "greedy": GreedyBot}, players=PLAYERS, default_players=2,
    _new=_new, _table_html=table_html, _narrate=lambda event: [event.text],
    _result_kinds=frozenset({EventKind.GAME_END}), _summary=_summary, _seat_name=seat_name,
    _scores_html=_scores_html, _action_words=lambda who, ask: f"{who} asks: {ask}",
    sim=SimSpec(unit="game", row="game", columns=COLUMNS, track=GameRows,
                rows_per_unit=lambda rules: 1, default_rows=200),
    aliases=("go-fish",), option_examples="hand_size=6, again_after_catch=false or refill=2",
    rule_prefix="GF", sample_world=sample_world,
)
