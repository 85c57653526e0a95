"""Rule options given as text, ``NAME=VALUE``: how ``cardkit xeri --set`` and
``cardkit simulate --set`` read them, with the same words for a bad name or value.

    >>> from cardkit.games import get_game
    >>> with_options(get_game("xeri"), None, ["rounds=2"]).rounds
    2
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from cardkit.games import GameSpec
from cardkit.i18n import Domain

_ = Domain("cardkit").gettext

__all__ = ["parse_setting", "with_options"]


def parse_setting(setting: str, example: str = "") -> tuple[str, Any]:
    """Read one ``--set OPTION=VALUE``: the option's name and its value.

    A value is JSON (``3``, ``true``, ``null``, ``[[2,0],[1,1]]``, ``{"ace": 20}``), a word
    true/false/none in any case, or else the plain word (``draw_two``)::

        >>> parse_setting("target=251"), parse_setting("x=Never")
        (('target', 251), ('x', 'Never'))
        >>> parse_setting("cut_shows_bottom=True")
        ('cut_shows_bottom', True)
    """
    name, sep, text = setting.partition("=")
    name, word = name.strip(), text.strip()
    if not sep or not name:
        raise ValueError(_("--set takes OPTION=VALUE such as {example}, not {setting!r}").format(
            example=example or "rounds=2", setting=setting))
    words = {"true": True, "false": False, "none": None, "null": None}
    if word.lower() in words:
        return name, words[word.lower()]
    try:
        return name, json.loads(word)
    except json.JSONDecodeError:
        return name, word


def with_options(spec: GameSpec, rules: Any, settings: Iterable[str]) -> Any:
    """``rules`` of ``spec``'s game (None: its default rules) with options changed by
    ``NAME=VALUE`` texts.

    >>> from cardkit.games import get_game
    >>> xeri = get_game("xeri")
    >>> with_options(xeri, xeri.Rules(), ["target=251", "cut_shows_bottom=True"]).changes()
    {'cut_shows_bottom': True, 'target': 251}
    """
    names = [f.name for f in fields(spec.Rules)]
    data = (spec.Rules() if rules is None else rules).to_dict()
    for setting in settings:
        name, value = parse_setting(setting, spec.option_examples)
        if name not in names:
            raise ValueError(_("unknown {game} rule option {name!r}; the options are {options}"
                               ).format(game=spec.title, name=name, options=", ".join(names)))
        data[name] = value
    return spec.Rules.from_dict(data)
