"""The static site's build (`cardkit.lite`) without a browser or the network: which notebooks
go in, the gallery's wording, the wheels' metadata, the browser's requirements.
(tests/browser/test_lite_site.py builds the real site and plays it in Chromium.)"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from cardkit import lite
from cardkit.cli import main
from cardkit.widgets.lite_page import gallery_words
from tests.thread_helpers import run_without_threads

ROOT = Path(__file__).resolve().parents[1]


def _notebook(code: str, markdown: str = "# An app") -> dict:
    return {"cells": [{"cell_type": "markdown", "metadata": {}, "source": markdown},
                      {"cell_type": "code", "metadata": {}, "outputs": [],
                       "execution_count": None, "source": code}],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_the_game_apps_and_the_probability_lab_go_in_its_gallery_line_says_what_differs(
        tmp_path: Path) -> None:
    notebooks = ROOT / "notebooks"
    for name in ("xeri_table", "zion_table", "meld_checker", "replay_viewer", "probability_lab"):
        assert lite.left_out(notebooks / f"{name}.ipynb") is None, name
    dropped = lite.prepare_contents(notebooks, tmp_path)
    assert [item.notebook for item in dropped] == ["class_board.ipynb"]
    assert (tmp_path / "probability_lab.ipynb").is_file()
    text = "".join("".join(c["source"]) for c in json.loads(
        (tmp_path / "index.ipynb").read_text())["cells"])
    (line, ja_line) = [row for row in text.splitlines() if "(probability_lab.html)" in row]
    assert "no “Send to the class” button (there is no class server here)" in line
    assert "not the two about whole Xeri rounds" in line
    # the Japanese gallery's line (cells tagged "ja") says it in Japanese
    assert "*" + gallery_words("ja")["probability_lab.ipynb"] + ".*" in ja_line
    assert "クラス" in ja_line


def test_the_class_board_stays_out_it_needs_the_class_server() -> None:
    reason = lite.left_out(ROOT / "notebooks" / "class_board.ipynb")
    assert reason is not None and "one server" in reason.reason


def test_an_import_that_reaches_pandas_through_cardkit_is_found(tmp_path: Path) -> None:
    path = tmp_path / "sim.ipynb"
    path.write_text(json.dumps(_notebook("from cardkit.sim import simulate\nsimulate")))
    found = lite.left_out(path)
    assert found is not None and "cardkit.sim" in found.reason
    # An import inside a function runs only when called: the module itself stays usable.
    path.write_text(json.dumps(_notebook("import cardkit.lessons\nfrom cardkit import xeri")))
    assert lite.left_out(path) is None


def test_the_gallery_links_pages_and_says_what_is_left_out(tmp_path: Path) -> None:
    source = tmp_path / "notebooks"
    source.mkdir()
    table = ("| app | what it does |\n|---|---|\n"
             "| [Xeri table](xeri_table.ipynb) | Play Xeri. |\n"
             "| [Lab](lab.ipynb) | Simulate. |")
    (source / "index.ipynb").write_text(json.dumps(_notebook("", table)))
    (source / "xeri_table.ipynb").write_text(json.dumps(_notebook("from cardkit import xeri")))
    (source / "lab.ipynb").write_text(json.dumps(_notebook("import numpy")))
    dest = tmp_path / "contents"
    dropped = lite.prepare_contents(source, dest)
    assert [item.notebook for item in dropped] == ["lab.ipynb"]
    assert sorted(p.name for p in dest.iterdir()) == ["index.ipynb", "xeri_table.ipynb"]
    text = "".join("".join(c["source"]) for c in json.loads((dest / "index.ipynb").read_text())
                   ["cells"])
    assert "[Xeri table](xeri_table.html)" in text
    assert "lab.ipynb" not in text and "lab.html" not in text
    assert "| Lab | *Not in this static site: it needs numpy" in text
    assert "`make demo`" in text


def test_the_cardkit_wheel_is_this_checkout_with_no_dependencies(tmp_path: Path) -> None:
    wheel = lite.cardkit_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read("cardkit-0.1.0.dist-info/METADATA").decode()
    assert "cardkit/lite.py" in names and "cardkit/widgets/hand.js" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert "Requires-Dist" not in metadata
    assert (ROOT / "cardkit" / "xeri" / "rules.py").read_bytes() == zipfile.ZipFile(
        wheel).read("cardkit/xeri/rules.py")
    # the compiled catalogs go to the browser too: ?lang=ja works in the static site
    from cardkit.i18n import DOMAINS

    assert {f"cardkit/locale/ja/LC_MESSAGES/{domain}.mo" for domain in DOMAINS} <= set(names)


def test_the_browser_gets_this_environments_widget_versions_and_the_ipython_pin() -> None:
    from importlib.metadata import version

    pins = lite.browser_requirements()
    assert f"ipywidgets=={version('ipywidgets')}" in pins
    assert f"anywidget=={version('anywidget')}" in pins
    assert "ipython==9.15.0" in pins  # BROWSER_PINS: 9.16+ breaks the Pyodide kernel 0.7.0
    # Dependencies are judged for the browser: IPython's psutil and pexpect are not for it.
    assert lite._dependency_pin('psutil>=7; sys_platform != "emscripten"') is None
    assert lite._dependency_pin('pexpect>4.6; sys_platform != "win32" and sys_platform != '
                                '"emscripten"') is None
    assert lite._dependency_pin("widgetsnbextension~=4.0.12") is None  # the kernel's shim
    assert lite._dependency_pin("traitlets>=5") == f"traitlets=={version('traitlets')}"


def test_the_trimmed_lock_names_only_files_present(tmp_path: Path) -> None:
    lock = {"info": {}, "packages": {
        "micropip": {"name": "micropip", "file_name": "micropip-0.11.0-py3-none-any.whl",
                     "version": "0.11.0", "depends": ["packaging"], "sha256": "x"},
        "numpy": {"name": "numpy", "file_name": "numpy-2.whl", "version": "2"}}}
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(lock))
    wheel = tmp_path / "micropip-0.10.1-py3-none-any.whl"
    wheel.write_bytes(b"not really a wheel")
    lite._trim_lock(tmp_path / "pyodide-lock.json", wheel)
    trimmed = json.loads((tmp_path / "pyodide-lock.json").read_text())["packages"]
    assert list(trimmed) == ["micropip"]
    assert trimmed["micropip"]["file_name"] == wheel.name
    assert trimmed["micropip"]["version"] == "0.10.1"


def test_cardkit_lite_is_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["lite", "--help"])
    out = capsys.readouterr().out
    assert "--out" in out and "--serve" in out


def test_replay_play_steps_on_the_event_loop_where_threads_cannot_start(monkeypatch) -> None:
    """In the browser (Pyodide) no thread starts: ▶ Play steps on the event loop instead."""
    import asyncio

    from cardkit.widgets import stepper

    def play_and_stop(loop: asyncio.AbstractEventLoop) -> None:
        viewer = stepper.ReplayViewer(game="xeri", seed=1).stepper
        assert viewer is not None
        viewer.player.value = True
        loop.run_until_complete(asyncio.sleep(0.5))
        assert viewer.position >= 3
        viewer.player.value = False
        stopped = viewer.position
        loop.run_until_complete(asyncio.sleep(0.1))
        assert viewer.position == stopped

    monkeypatch.setattr(stepper, "PLAY_INTERVAL_MS", 20)
    run_without_threads(play_and_stop, monkeypatch, timeout=60,
                        not_stopped="the replay's Play did not stop")


def test_plotly_widget_code_goes_beside_the_pages(tmp_path: Path) -> None:
    import plotly

    from cardkit.widgets.lite_page import chart_code_path

    lite._add_chart_code(tmp_path)
    copied = tmp_path / chart_code_path()
    bundle = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
    assert copied.read_bytes() == bundle.read_bytes()
    assert chart_code_path() == f"static/cardkit/plotly-widgetbundle-{plotly.__version__}.js"


def test_in_the_browser_figure_widgets_name_the_sites_chart_code(monkeypatch) -> None:
    """The static site's charts load plotly's widget code from the site by its address (a
    module the browser compiles once), not as 5 MB in each widget's state (anywidget gives a
    widget 2 s to start); the page imports it ahead of the first chart."""
    import plotly.basewidget
    import plotly.graph_objects as go

    from cardkit.widgets import lite_page

    monkeypatch.setattr(plotly.basewidget.BaseFigureWidget, "_esm",
                        plotly.basewidget.BaseFigureWidget._esm)  # put back after the test
    monkeypatch.setattr(lite_page, "_preloaded", [])
    assert not lite_page.use_site_chart_code()  # not in a browser: unchanged
    assert len(go.FigureWidget()._esm) > 1_000_000
    monkeypatch.setattr(lite_page, "in_browser", lambda: True)
    monkeypatch.delenv(lite_page.PAGE_URL_ENV, raising=False)
    assert not lite_page.use_site_chart_code() and not lite_page.preload_chart_code()
    monkeypatch.setenv(lite_page.PAGE_URL_ENV, "http://127.0.0.1:8000/class/voici/render/"
                       "xeri_table.html")
    url = f"http://127.0.0.1:8000/class/{lite_page.chart_code_path()}"
    assert lite_page.chart_code_url() == url
    assert lite_page.use_site_chart_code()
    assert go.FigureWidget()._esm == url
    assert lite_page.preload_chart_code() and lite_page.preload_chart_code()
    (preloader,) = lite_page._preloaded  # once per page
    assert preloader.url == url and "import(url)" in preloader._esm


def test_the_wheels_a_placeholder_stands_in_for_stay_out(tmp_path: Path) -> None:
    names = ["jedi-0.20.1-py2.py3-none-any.whl", "parso-0.8.7-py2.py3-none-any.whl",
             "plotly-7.1.0-py3-none-any.whl", "ipython-9.15.0-py3-none-any.whl"]
    assert [n for n in names if lite._needed(tmp_path / n)] == names[2:]


def test_piplite_is_a_stand_in_that_installs_nothing(tmp_path: Path) -> None:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    kernel = [w.name for w in lite._kernel_wheels(standin=False)]
    (real,) = [name for name in kernel if name.startswith("piplite-")]
    assert not any(w.name.startswith("piplite-") for w in lite._kernel_wheels())
    wheel = lite.piplite_standin(tmp_path)
    assert wheel.name == real  # the kernel's version: its lock entry and imports are the same
    with zipfile.ZipFile(wheel) as archive:
        source = archive.read("piplite/piplite.py").decode()
        assert "from .piplite import install" in archive.read("piplite/__init__.py").decode()
    module: dict = {}
    exec(compile(source, "piplite.py", "exec"), module)
    # what the kernel sets as it starts
    assert module["_PIPLITE_DISABLE_PYPI"] is True and module["_PIPLITE_URLS"] == []
    # In a thread of its own: after the browser tests, Playwright's loop runs in this one.
    with (ThreadPoolExecutor(1) as thread,
          pytest.raises(RuntimeError, match="installs no packages at run time")):
        thread.submit(asyncio.run, module["install"]("plotly")).result()


def test_a_lazy_wheel_is_fetched_and_unpacked_at_its_first_import(tmp_path: Path,
                                                                   monkeypatch) -> None:
    import sys

    from cardkit import lite_loader

    # Outside the browser nothing is installed.
    before = list(sys.meta_path)
    assert not lite_loader.install() and not lite_loader.start_loading()
    assert sys.meta_path == before
    wheel = lite._write_wheel(tmp_path, "cardkit_lazy_demo", "1.0",
                              {"cardkit_lazy_demo/__init__.py": b"ANSWER = 42\n"}, "a demo")
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return wheel.read_bytes()

    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.setattr(lite_loader, "_fetch", fetch)
    monkeypatch.syspath_prepend(str(site))
    finder = lite_loader.LazyWheels({"demo": ("/w/demo.whl", ["cardkit_lazy_demo"])}, str(site))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    with pytest.raises(ModuleNotFoundError):  # another module: nothing fetched
        import cardkit_lazy_other  # type: ignore[import-not-found]  # noqa: F401
    assert fetched == [] and finder in sys.meta_path
    monkeypatch.delitem(sys.modules, "cardkit_lazy_demo", raising=False)
    import cardkit_lazy_demo  # type: ignore[import-not-found]  # made by the test's finder

    assert cardkit_lazy_demo.ANSWER == 42 and fetched == ["/w/demo.whl"]
    assert finder not in sys.meta_path  # once loaded, Python's own finders take over
    monkeypatch.delitem(sys.modules, "cardkit_lazy_demo")


def test_the_gallery_page_gets_its_language_in_its_head(tmp_path: Path) -> None:
    """The static gallery runs no Python, so its page is given the script that sets its
    language (and so which cells and which switch show) from ?lang= or the browser's."""
    assert lite.add_gallery_language(tmp_path) is False  # no page: the build says so
    page = tmp_path / "voici" / "render" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text('<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" />'
                    "<title>x</title></head><body></body></html>")
    assert lite.add_gallery_language(tmp_path) is True
    text = page.read_text()
    assert text.count("<script>") == 1
    assert text.index("<title>") < text.index("document.documentElement.lang") < \
        text.index("</head>") < text.index("<body>")
    assert "get(\"lang\")" in text and "a[href$=\".html\"]" in text
