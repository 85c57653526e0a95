"""The Voila app notebooks: thin, committed without outputs, and each shows one app.

Their code runs here in-process, with the query string Voila would pass to the kernel, so a
broken import or option is caught without a browser (the browser tests open them for real).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import ipywidgets as widgets
import pytest

from cardkit.widgets.language_switch import AppPage

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
APPS = [path for path in NOTEBOOKS if path.stem != "index"]


def cells(path: Path, kind: str) -> list[dict]:
    return [cell for cell in json.loads(path.read_text())["cells"] if cell["cell_type"] == kind]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebooks_are_committed_without_outputs_and_run_on_python3(path):
    notebook = json.loads(path.read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    for cell in cells(path, "code"):
        assert cell["outputs"] == [] and cell["execution_count"] is None


def test_the_gallery_links_every_app_by_its_relative_address():
    text = "".join("".join(cell["source"]) for cell in cells(NOTEBOOKS[0].with_name(
        "index.ipynb"), "markdown"))
    for app in APPS:
        assert f"]({app.name})" in text, f"the gallery does not link {app.name}"


def shown_page(path: Path) -> widgets.Widget:
    """Run the notebook's code as Voila would; the value of its last line (what is shown)."""
    source = "\n".join("".join(cell["source"]) for cell in cells(path, "code"))
    tree = ast.parse(source)
    assert isinstance(tree.body[-1], ast.Expr), "the last line shows the app"
    namespace: dict = {}
    exec(compile(ast.Module(tree.body[:-1], []), str(path), "exec"), namespace)
    return eval(compile(ast.Expression(tree.body[-1].value), str(path), "eval"), namespace)


def shown_app(path: Path) -> widgets.Widget:
    """The app the notebook shows: with its page's language switch (`AppPage`), or the
    refusal of its address."""
    shown = shown_page(path)
    return shown.app if isinstance(shown, AppPage) else shown


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.stem)
def test_each_app_notebook_displays_one_app_from_its_page_options(path, monkeypatch, tmp_path):
    queries = {"xeri_table": "seed=4&bot_delay=0", "zion_table": "seed=4&bot_delay=0",
               "class_board": "n=400"}  # the board deals nothing: it has no seed
    monkeypatch.setenv("QUERY_STRING", queries.get(path.stem, "seed=4"))
    monkeypatch.setenv("CARDKIT_BOARD_DB", str(tmp_path / "board.sqlite"))
    page = shown_page(path)
    assert isinstance(page, AppPage) and page.children == (page.app, page.switch)
    app = page.app
    assert isinstance(app, widgets.Widget)
    assert "cardkit-app" in app._dom_classes  # what the browser fixtures wait for
    assert "cardkit-app-error" not in app._dom_classes


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.stem)
def test_each_app_shows_the_switch_to_the_other_language_with_its_own_options(
        path, monkeypatch, tmp_path):
    queries = {"xeri_table": "bot_delay=0&lang=ja&seed=4", "zion_table": "bot_delay=0&lang=ja",
               "class_board": "lang=ja&n=400"}
    query = queries.get(path.stem, "lang=ja&seed=4")
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("CARDKIT_BOARD_DB", str(tmp_path / "board.sqlite"))
    switch = shown_page(path).switch.value
    assert 'aria-label="言語"' in switch
    assert '<span lang="ja" aria-current="true"' in switch  # the page's: marked, not a link
    english = query.replace("lang=ja", "lang=en").replace("&", "&amp;")
    assert f'<a href="?{english}" lang="en" hreflang="en"' in switch and ">English</a>" in switch
    assert switch.count("<a ") == 1


@pytest.mark.parametrize("query", ["seed=abc", "seed=-3", "colour=red"])
@pytest.mark.parametrize("path", APPS, ids=lambda p: p.stem)
def test_a_bad_page_option_shows_its_reason_not_a_traceback(path, query, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", query)
    app = shown_app(path)
    assert "cardkit-app-error" in app._dom_classes
    name = query.split("=")[0]
    assert f"{name}" in app.value and "cannot start from this address" in app.value


@pytest.mark.parametrize(("stem", "option"), [
    ("xeri_table", "bot_delay=0"), ("zion_table", "bot_delay=0"), ("meld_checker", "hand=2")])
def test_each_page_load_deals_afresh_and_shows_the_address_of_its_deal(stem, option, monkeypatch):
    path = next(p for p in APPS if p.stem == stem)
    monkeypatch.setenv("QUERY_STRING", option)
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{path.name}")
    lines = {shown_app(path).seed_line.value for _ in range(3)}
    assert len(lines) > 1, "no ?seed=: every page load deals a fresh game"
    line = lines.pop()
    seed = int(line.split("Seed <b>")[1].split("</b>")[0])
    address = f"http://127.0.0.1:8866/voila/render/{path.name}?{option}&amp;seed={seed}"
    assert f'href="{address}"' in line
    monkeypatch.setenv("QUERY_STRING", f"seed=42&{option}")
    assert "Seed <b>42</b>" in shown_app(path).seed_line.value


def test_the_readme_notebook_block_shows_every_widget_and_a_played_replay(monkeypatch):
    """Item 12: pasted into one cell, the README's block shows all four widgets (display), and
    the stepper opens a played game, not step 0 of 0."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    after = readme.split("In a notebook the same apps are widgets", 1)[1]
    block = after.split("```python\n", 1)[1].split("```", 1)[0]
    shown: list = []
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda *objects: shown.extend(objects))
    exec(compile(block, "README.md", "exec"), {})
    kinds = [type(widget).__name__ for widget in shown]
    assert kinds == ["XeriTable", "ZionTable", "MeldChecker", "TurnStepper"]
    stepper = shown[-1]
    assert stepper.slider.max > 100 and stepper.message.text == ""
    assert shown[0].seat == 2  # South, as in the app
