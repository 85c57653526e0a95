"""The bounds on a game record: what `cardkit.engine.read_record` (and so every game's
``load``/``from_json`` and `cardkit.games.load_record`) accepts before it builds a game.

A record is data from outside (a pasted text, an uploaded file, a shared link), and the cores
build whatever table a record names: 20,000 decks cost seconds and hundreds of megabytes, a
100 MB text as long to parse. Each bound is far above what a real game needs and far below
what costs the machine noticeably. A record past one is refused with a `ValueError` naming the
field, its value and the accepted range, before any game is built:

- `MAX_RECORD_BYTES`: the record's text (UTF-8); `MAX_JSON_DEPTH`: its nesting.
- `PLAYERS`: a record's ``players`` (the registry's largest table is 8).
- `MAX_DECKS`: a record's ``rules.num_decks``; `MAX_RULE_VALUE`: every other number in its
  rules; `MAX_RULE_TEXT`: every text in its rules.
- `MAX_SEED`: the seed's size either side of 0; `MAX_ACTION_CHARS`: one action's text.

The apps (`cardkit.widgets.limits`) use the same figures.

>>> check_record_values({"players": 1000})
Traceback (most recent call last):
...
ValueError: the record's players is 1000; accepted: a whole number from 2 to 8
>>> check_record_values({"rules": {"num_decks": 20000}})
Traceback (most recent call last):
...
ValueError: the record's rules.num_decks asks for 20000 decks; accepted: 1 to 4 decks
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = [
    "MAX_ACTION_CHARS",
    "MAX_DECKS",
    "MAX_JSON_DEPTH",
    "MAX_RECORD_BYTES",
    "MAX_RULE_TEXT",
    "MAX_RULE_VALUE",
    "MAX_SEED",
    "PLAYERS",
    "check_record_text",
    "check_record_values",
    "json_depth",
]

MAX_RECORD_BYTES = 1_000_000
MAX_JSON_DEPTH = 32
PLAYERS = (2, 8)
MAX_DECKS = 4
MAX_RULE_VALUE = 10_000
MAX_RULE_TEXT = 100
MAX_SEED = 2**63 - 1
MAX_ACTION_CHARS = 1_000


def _shown(value: Any) -> str:
    # A refusal names the value, but never echoes a megabyte of it.
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**15 else (
        f"{'-' if value < 0 else ''}a number of {len(str(abs(value)))} digits")
    return text if len(text) <= 40 else text[:37] + "…"


def json_depth(text: str | bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, read without parsing it (so that a
    hostile text costs one pass, not a recursion).

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def check_record_text(text: Any) -> str:
    """``text`` if it may be parsed as a record: a str of at most `MAX_RECORD_BYTES` bytes
    nested at most `MAX_JSON_DEPTH` deep.

    >>> check_record_text("[" * 40)
    Traceback (most recent call last):
    ...
    ValueError: the record nests 40 levels deep; accepted: at most 32
    """
    if not isinstance(text, str):
        raise ValueError(f"a record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:  # every character is at least one byte
        raise ValueError(f"the record is {len(text):,} characters long; accepted: at most "
                         f"{MAX_RECORD_BYTES:,} bytes")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_RECORD_BYTES:
        raise ValueError(f"the record is {size:,} bytes long; accepted: at most "
                         f"{MAX_RECORD_BYTES:,} bytes")
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise ValueError(f"the record nests {depth} levels deep; accepted: at most "
                         f"{MAX_JSON_DEPTH}")
    return text


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_rule_values(value: Any, where: str) -> None:
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, str):
        if len(value) > MAX_RULE_TEXT:
            raise ValueError(f"the record's {where} is a text of {len(value):,} characters; "
                             f"accepted: at most {MAX_RULE_TEXT}")
        return
    if _is_number(value):
        if not math.isfinite(value) or abs(value) > MAX_RULE_VALUE:
            raise ValueError(f"the record's {where} is {_shown(value)}; accepted: "
                             f"-{MAX_RULE_VALUE:,} to {MAX_RULE_VALUE:,}")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            _check_rule_values(item, f"{where}.{_shown(key).strip(chr(39))}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _check_rule_values(item, f"{where}[{index}]")


def check_record_values(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """``record`` (a parsed record) if its sizes are within the bounds: ``players`` in
    `PLAYERS`, the seed within `MAX_SEED`, ``rules.num_decks`` at most `MAX_DECKS`, every
    other rule number within `MAX_RULE_VALUE` and text within `MAX_RULE_TEXT`, each action
    text within `MAX_ACTION_CHARS`. Fields a game does not use are left to the game.
    """
    low, high = PLAYERS
    if "players" in record:
        players = record["players"]
        if not (isinstance(players, int) and not isinstance(players, bool)
                and low <= players <= high):
            raise ValueError(f"the record's players is {_shown(players)}; accepted: a whole "
                             f"number from {low} to {high}")
    seed = record.get("seed")
    if _is_number(seed) and not abs(seed) <= MAX_SEED:
        raise ValueError(f"the record's seed is {_shown(seed)}; accepted: a whole number from "
                         f"-{MAX_SEED} to {MAX_SEED}")
    rules = record.get("rules")
    if isinstance(rules, Mapping):
        decks = rules.get("num_decks")
        if _is_number(decks) and not (math.isfinite(decks) and decks <= MAX_DECKS):
            shown = f"{decks:g}" if isinstance(decks, float) else _shown(decks)
            raise ValueError(f"the record's rules.num_decks asks for {shown} decks; accepted: "
                             f"1 to {MAX_DECKS} decks")
        _check_rule_values(rules, "rules")
    actions = record.get("actions")
    if isinstance(actions, list):
        for number, action in enumerate(actions, 1):  # numbered from 1, as replays do
            if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
                raise ValueError(f"the record's action {number} is a text of {len(action):,} "
                                 f"characters; accepted: at most {MAX_ACTION_CHARS:,}")
    return record
