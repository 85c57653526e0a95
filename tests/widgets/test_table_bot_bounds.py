"""Issue 19, "Bounds and honesty": the analyst bot a table seats (``?bot=analyst``) thinks at
most `limits.MAX_BOT_SECONDS` a decision, whatever its own default, and no page address can
raise that bound. The bound is checked on the budgets the bots are given and pass to the
analysis (`cardkit.pimc.rate`), never on a clock."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import cardkit.pimc as pimc
from cardkit.games import get_game
from cardkit.widgets import limits
from cardkit.widgets.language_switch import AppPage
from cardkit.widgets.xeri_table import XeriTable
from cardkit.widgets.zion_table import ZionTable

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture
def budgets(monkeypatch) -> list[float | None]:
    """The ``seconds`` of every analysis run from now on (the bots' decisions)."""
    seen: list[float | None] = []
    rate = pimc.rate

    def recording(view, profile, *, seconds=1.0, **kwargs):
        seen.append(seconds)
        kwargs["max_samples"] = 4  # small: the budget asked is what is checked
        return rate(view, profile, seconds=seconds, **kwargs)

    monkeypatch.setattr(pimc, "rate", recording)
    return seen


def test_the_analyst_bots_of_a_table_think_within_max_bot_seconds(monkeypatch, budgets):
    """Bound below the analyst's own 0.2 s, the table's bots get the bound, and every decision
    they make at the table (the bots before the learner's first turn) is asked with it."""
    monkeypatch.setattr(limits, "MAX_BOT_SECONDS", 0.05)
    table = XeriTable(seed=3, seat=2, bot="analyst", bot_delay=0)
    assert sorted(table.bots) == [0, 1, 3]
    assert all(type(bot).__name__ == "AnalystBot" and bot.seconds == 0.05
               for bot in table.bots.values())
    assert budgets and all(seconds == 0.05 for seconds in budgets), budgets
    assert table.match.current_player == 2


@pytest.mark.parametrize("default", [None, 60.0])
def test_a_bot_with_a_longer_budget_or_none_is_bounded_where_a_table_seats_it(monkeypatch,
                                                                               default):
    """Were the registry's analyst to think 60 s a decision, or with no time limit at all, a
    Zion Check table would still seat it at `MAX_BOT_SECONDS`."""
    spec = get_game("zioncheck")
    analyst = spec.bots["analyst"]

    class Unbounded(analyst):  # type: ignore[misc, valid-type]  # a class from the registry
        def __init__(self, seat: int, *, seed: int | None = 0) -> None:
            super().__init__(seat, seed=seed, seconds=default, max_samples=4)

    monkeypatch.setitem(spec.bots, "analyst", Unbounded)
    table = ZionTable(players=3, seed=5, bot="analyst", bot_delay=0)
    assert sorted(table.bots) == [1, 2]
    assert all(isinstance(bot, Unbounded) and bot.seconds == limits.MAX_BOT_SECONDS
               for bot in table.bots.values())


def test_other_bots_are_seated_as_they_are():
    table = ZionTable(players=3, seed=5, bot="greedy", bot_delay=0)
    assert all(not hasattr(bot, "seconds") for bot in table.bots.values())


def app_from(stem: str, query: str, monkeypatch):
    """The app the notebook shows for ``query`` (its code run as Voila would): with the
    page's language switch (`AppPage`), or the refusal of the address."""
    monkeypatch.setenv("QUERY_STRING", query)
    cells = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text())["cells"]
    tree = ast.parse("\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code"))
    namespace: dict = {}
    exec(compile(ast.Module(tree.body[:-1], []), stem, "exec"), namespace)
    shown = eval(compile(ast.Expression(tree.body[-1].value), stem, "eval"), namespace)
    return shown.app if isinstance(shown, AppPage) else shown


@pytest.mark.parametrize("stem", ["xeri_table", "zion_table"])
def test_an_address_seats_the_analyst_within_the_bound_and_cannot_raise_it(stem, monkeypatch):
    app = app_from(stem, "seed=4&bot_delay=0&bot=analyst", monkeypatch)
    assert app.bots and all(0 < bot.seconds <= limits.MAX_BOT_SECONDS
                            for bot in app.bots.values())
    for option in ("bot_seconds=60", "seconds=60", "max_samples=100000"):
        refused = app_from(stem, f"seed=4&bot_delay=0&bot=analyst&{option}", monkeypatch)
        assert "cardkit-app-error" in refused._dom_classes
        assert option.split("=")[0] in refused.value
