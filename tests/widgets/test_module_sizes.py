"""Every module of cardkit/widgets stays a small room (issue 18): at most 400 lines, and no
function or method over 80 lines, so that a newcomer finds one job per module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "cardkit" / "widgets"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80
MODULES = sorted(WIDGETS.glob("*.py"))


def long_functions(source: str) -> list[tuple[str, int]]:
    """The functions and methods of ``source`` longer than the limit, with their lengths
    (from the ``def`` line to the last line of the body, decorators left out)."""
    return [(node.name, node.end_lineno - node.lineno + 1)
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]


def test_the_check_finds_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    assert long_functions(f"def long():\n{body}\n") == [("long", MAX_FUNCTION_LINES + 1)]
    assert long_functions("def short():\n    return 1\n") == []


def test_there_are_widget_modules_to_check():
    names = {module.name for module in WIDGETS.glob("*.py")}
    assert {"xeri_table.py", "zion_table.py", "game_table.py"} <= names


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.name)
def test_a_widget_module_is_at_most_400_lines_with_no_function_over_80(module):
    source = module.read_text(encoding="utf-8")
    lines = len(source.splitlines())
    assert lines <= MAX_MODULE_LINES, f"{module.name} has {lines} lines"
    assert long_functions(source) == [], f"{module.name}: functions over {MAX_FUNCTION_LINES}"
