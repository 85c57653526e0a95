"""Issue 8: every refusal a learner sees in an app comes from the core (`IllegalAction`, a
`Verdict`, `explain_go_down`, `no_go_down`); the widgets keep no rule text of their own. UI
messages ("select exactly one card first") may stay, and say which rule they follow."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardkit.widgets
from cardkit.widgets.meld_checker import MeldChecker
from cardkit.widgets.zion_table import ZionTable
from cardkit.zioncheck import explain_go_down, no_go_down

WIDGETS = Path(cardkit.widgets.__file__).parent
RULE_ID = re.compile(r"\b(ZC|XR)-\d")
REFUSING = re.compile(r"\b(cannot|can't|may not|must|not allowed|needs?|illegal|refused)\b",
                      re.I)
# Messages about the controls, not the rules: each names the rule that makes it matter.
# (Placeholders, f-string or gettext's named ones, read as "{}".)
UI_MESSAGES = {"{} needs exactly one card selected. Now {} {} selected (ZC-6).",
               "{} needs exactly one card selected. Now {} is selected (ZC-6).",
               "{} needs exactly one card selected. Now {} are selected (ZC-6)."}


def widget_texts() -> list[tuple[str, int, str]]:
    """Every string a widget module builds (docstrings left out), as written in the code."""
    found = []
    for path in sorted(WIDGETS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(part.value if isinstance(part, ast.Constant) else "{}"
                               for part in node.values)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs):
                text = re.sub(r"\{[A-Za-z_]\w*\}", "{}", node.value)  # gettext's {name}
            else:
                continue
            found.append((path.name, node.lineno, text))
    return found


def test_no_widget_words_a_refusal_with_a_rule_id_of_its_own():
    own = [f"{name}:{line}: {text}" for name, line, text in widget_texts()
           if RULE_ID.search(text) and REFUSING.search(text) and text not in UI_MESSAGES
           and not any(text in message for message in UI_MESSAGES)]
    assert not own, "rule refusals written in a widget (ask the core instead):\n" + "\n".join(own)


def test_the_scan_would_see_a_refusal_written_in_a_widget():
    assert RULE_ID.search("you cannot go down twice (ZC-9.3)")
    assert REFUSING.search("you cannot go down twice (ZC-9.3)")
    assert any(text.startswith("{} needs exactly one card") for _, _, text in widget_texts())


def test_the_meld_checker_shows_the_cores_verdicts_word_for_word():
    checker = MeldChecker(hand_number=1)
    checker.cards_text.value = "8C 8D 8H | KD QS"
    core = explain_go_down(["8C 8D 8H", "KD QS"], 1).verdict
    assert f"not met. {core}." in checker.verdict_text
    checker.cards_text.value = "2C 5D 9H JS QS KD"
    checker.hand_select.value = 3
    checker.best_button.click()
    assert str(no_go_down(3, who="The typed cards (6 cards)")) in checker.best_text


def test_the_zion_table_refuses_a_player_count_in_the_cores_words():
    with pytest.raises(ValueError, match=re.escape("Zion Check is played by 2 to 16 players, "
                                                   "not 1 (ZC-1.2)")):
        ZionTable(players=1)
