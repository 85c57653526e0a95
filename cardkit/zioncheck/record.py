"""A Zion Check game as a record and as a copy: `game_record` (``to_json``), `replay_record`
(``from_json``), `copy_game` (``clone``) and `game_snapshot` (``snapshot``).

A game is fully determined by its rules, its seed, its players, a scripted deal if any, and
its actions, so the record holds just those and replaying it rebuilds the game exactly.
`copy_game` copies every slot of `GameCore`: a slot added there is copied with no change here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from cardkit.engine import RECORD_VERSION, IllegalAction, read_record
from cardkit.zioncheck.actions import parse_action
from cardkit.zioncheck.core import GameCore
from cardkit.zioncheck.deal import set_deal
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.words import gettext as _

if TYPE_CHECKING:
    from cardkit.zioncheck.game import ZionGame

__all__ = ["copy_game", "game_record", "game_snapshot", "replay_record"]

G = TypeVar("G", bound=GameCore)

SLOTS = GameCore.__slots__
_PUBLIC = frozenset({"_dealer", "_events", "_hand_number", "_history", "_phase", "_players",
                     "_rules", "_seed"})


def _copy_rng(rng: random.Random) -> random.Random:
    # made without __init__, which would first seed it from the system's entropy (half the
    # cost of a clone): setstate gives it every field
    copy = random.Random.__new__(type(rng))
    copy.setstate(rng.getstate())
    return copy


def _copy_hands(hands: list[list[Any]]) -> list[list[Any]]:
    return [hand[:] for hand in hands]


_COPIES: dict[str, Callable[[Any], Any]] = {"_rng": _copy_rng, "_hands": _copy_hands,
                                           "_known": _copy_hands}
"""How to copy the slots that are not values or flat lists; every other list is copied and
every other value shared (cards, melds, events, rules and the scripted deal never change)."""


def copy_game(game: G) -> G:
    """An independent copy of ``game`` (cheap: lists are copied, values are shared)."""
    new = object.__new__(type(game))
    for name in SLOTS:
        value = getattr(game, name)
        copy = _COPIES.get(name)
        if copy is not None:
            value = copy(value)
        elif value.__class__ is list:
            value = value[:]
        object.__setattr__(new, name, value)
    return new


def game_snapshot(game: GameCore) -> dict[str, Any]:
    """Everything an action could change, as comparable data (lists copied, the generator's
    state included): equal snapshots mean the same position."""
    out: dict[str, Any] = {}
    for name in SLOTS:
        value = getattr(game, name)
        if name == "_rng":
            value = value.getstate()
        elif isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif name == "_events":
            value = list(value)
        out[name[1:] if name in _PUBLIC else name] = value
    return out


def game_record(game: ZionGame) -> str:
    """The game record: rules, seed, players, a scripted deal and every action as text."""
    record: dict[str, Any] = {
        "game": game.game_name, "version": RECORD_VERSION, "rules": game.rules.to_dict(),
        "seed": game.seed, "players": game.players,
    }
    if game._deal is not None:
        record["deal"] = game._deal
    record["actions"] = [a.to_text() for a in game.history]
    return json.dumps(record)


def replay_record(cls: type[ZionGame], text: str) -> ZionGame:
    """Replay a record made by `game_record`; ``ValueError`` (naming the action) if bad."""
    data = read_record(text, cls.game_name, "Zion Check", ("rules", "seed", "players"),
                       actions_are='action texts such as "draw" or "discard 7H"')
    game = cls(data["players"], data["seed"], Rules.from_dict(data["rules"]))
    if data.get("deal") is not None:
        set_deal(game, data["deal"])
    for number, text_action in enumerate(data["actions"], 1):  # numbered as in Xeri
        try:
            game.apply(parse_action(text_action))
        except (IllegalAction, ValueError) as error:
            raise ValueError(_("action {number} ({action}) cannot be replayed: {error}").format(
                number=number, action=text_action, error=error)) from None
    return game
