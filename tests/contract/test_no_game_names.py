"""No "any game" module of cardkit names a game: each game answers for itself through the
fields of its `cardkit.games.GameSpec` (issue 18), so that registering a third game
(``tests/gofish``) is enough for every generic part to serve it.

The scan reads each module's code, not its prose: identifiers, imports, attribute names and
string constants count; docstrings and comments do not (their examples use a real game).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import cardkit

PACKAGE = Path(cardkit.__file__).parent
GAME_WORDS = re.compile(r"xeri|zion", re.IGNORECASE)

# The games' own packages, and the one module that knows them: the registry.
OWN = ("xeri/", "zioncheck/")
REGISTRY = "games.py"
# A widget module named after its game (``widgets/xeri_*.py``, ``widgets/zion_*.py``) is that
# game's app or a part of it.
GAME_APPS = ("widgets/xeri_", "widgets/zion_")
# Modules about one game or both by design: they are that game's content, not "any game" code.
ABOUT_THE_GAMES = {
    "lessons.py": "the tutorials' exercises, each about a rule of one game",
    "probability.py": "exact counts from each game's rules, the oracle of the tutorials",
    "widgets/__init__.py": "the public names of the apps below, lazily imported",
    "widgets/meld_checker.py": "the Zion Check meld checker app",
    "widgets/charts.py": "each game's score charts (the table apps draw them)",
    "widgets/probability_lab.py": "the probability lab app, built on the Xeri deal",
    "widgets/lab_questions.py": "the probability lab's questions, each about one game's deal",
    "widgets/lab_runs.py": "the probability lab's runs of those questions, game by game",
    "lab_sampling.py": "the lab's pure-Python samples: Xeri first piles, Zion Check hands",
    "lite.py": "the static gallery says which of the lab's game questions come along",
    "widgets/lite_page.py": "the static page's notes: which of the lab's game questions come",
    "widgets/lab_charts.py": "the probability lab's charts, each of one of its game questions",
    "widgets/serve.py": "the classroom server: it serves each game's app by its page name",
    "classroom.py": "the class board keeps experiments of the probability lab's questions",
    "widgets/class_board.py": "the class board app: its default question is a Xeri one",
    "widgets/class_serve.py": "the class server preheats one app, the Xeri table by default",
}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def game_names_in(path: Path) -> list[str]:
    """Each place the code of ``path`` names a game: ``line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            words = [node.value]
        found += [f"{getattr(node, 'lineno', '?')}: {w!r}" for w in words
                  if GAME_WORDS.search(w)]
    return found


def modules() -> list[str]:
    return sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))


def test_no_any_game_module_names_a_game() -> None:
    named = {}
    for name in modules():
        if name.startswith(OWN + GAME_APPS) or name == REGISTRY or name in ABOUT_THE_GAMES:
            continue
        places = game_names_in(PACKAGE / name)
        if places:
            named[name] = places
    assert not named, f"modules that should ask the registry name a game: {named}"


def test_the_scan_finds_what_it_looks_for() -> None:
    # The registry does name the games, and the allowed list names real modules only.
    assert game_names_in(PACKAGE / REGISTRY)
    assert game_names_in(PACKAGE / "widgets/xeri_table.py")
    assert set(ABOUT_THE_GAMES) <= set(modules())
    assert all(game_names_in(PACKAGE / name) for name in ABOUT_THE_GAMES), \
        "a module allowed to name a game no longer does: take it off the list"
