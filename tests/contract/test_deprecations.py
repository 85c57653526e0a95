"""cardkit's own DeprecationWarnings are errors in its test run (pyproject's ``filterwarnings``).

The filter tells cardkit's warnings apart by their message (a warning's module field names the
caller, not cardkit). These tests keep that sound: every ``DeprecationWarning`` that cardkit
raises has a message the filter's pattern matches, and a deprecated call made in a test fails.
"""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path

import pytest
import tomllib

import cardkit

ROOT = Path(cardkit.__file__).parent


def _filter_pattern() -> re.Pattern[str]:
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    lines = config["tool"]["pytest"]["ini_options"]["filterwarnings"]
    (line,) = [f for f in lines if f.startswith("error:") and f.endswith(":DeprecationWarning")]
    return re.compile(line.removeprefix("error:").removesuffix(":DeprecationWarning"), re.I)


def _message_start(call: ast.Call) -> str:
    """The literal text a warning's message starts with (an f-string up to its first field)."""
    message = call.args[0]
    if isinstance(message, ast.Constant) and isinstance(message.value, str):
        return message.value
    if isinstance(message, ast.JoinedStr):
        start = ""
        for part in message.values:
            if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                break
            start += part.value
        # a field right after "cardkit.sim." stands for a name: fill it in as one
        return start + "NAME is deprecated" if start.endswith(".") else start
    raise AssertionError(f"a deprecation message that is not text: {ast.unparse(message)}")


def _deprecation_calls() -> list[tuple[str, str]]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and ast.unparse(node.func) == "warnings.warn"
                    and "DeprecationWarning" in ast.unparse(node)):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", _message_start(node)))
    return found


def test_every_cardkit_deprecation_message_is_caught_by_the_filter() -> None:
    pattern = _filter_pattern()
    calls = _deprecation_calls()
    assert len(calls) >= 10  # the scan finds the deprecated names (new_game's old form, load...)
    missed = [(where, start) for where, start in calls if not pattern.match(start)]
    assert not missed, f"deprecations the test run would not turn into errors: {missed}"


def test_the_filter_leaves_other_packages_deprecations_alone() -> None:
    pattern = _filter_pattern()
    assert not pattern.match("pkg_resources is deprecated as an API")
    assert not pattern.match("Jupyter is migrating its paths to use standard platformdirs")
    assert pattern.match("cardkit.xeri.new_game takes keywords only")


def test_a_deprecated_call_in_a_test_is_an_error() -> None:
    from cardkit import xeri

    with pytest.raises(DeprecationWarning, match="keywords only"):
        xeri.new_game(3)  # the filter, not this test, makes the warning an error
    with warnings.catch_warnings(record=True) as caught:  # the old form itself still works
        warnings.simplefilter("always")
        assert xeri.new_game(3).seed == 3
    assert [w.category for w in caught] == [DeprecationWarning]
