"""The static site (`cardkit lite`) in a real browser: Python runs in the page (Pyodide), served
by a plain web server on 127.0.0.1, with every other address blocked.

The site is built once for this module (downloads come from ~/.cache/cardkit-lite, keyed by
their pins; a fresh machine fetches them from PyPI and npm first); the cardkit wheel is made
from this checkout. The four apps open in one browser, as a student moving between them would:
the first pays for Pyodide's start, the others find it in the browser's cache. Any page error,
console error or request off the machine fails the test.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hint_helpers import seen_texts, watch_text
from playwright.sync_api import expect

from cardkit.lite import MAX_SITE_MB, build_site, cache_dir, serve_site, site_size_mb
from cardkit.lite_snapshot import INDEX
from cardkit.widgets.lite_page import chart_code_path

# A page of the static site starts Python in the browser: on a quiet 2-core machine about 15 s
# cold; a loaded CI machine takes several times that.
LITE_OPEN_TIMEOUT_MS = 300_000
# What the kernel's worker says when it starts Python without the saved image.
FRESH_START = "cardkit: starting Python afresh"


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, list]]:
    if shutil.which("npm") is None and not list(cache_dir().glob("pyodide-*")):
        message = "the static site takes Pyodide from the npm package: apt-get install npm"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but npm is missing. {message}")
        pytest.skip(f"no npm, the static site's test is skipped. {message}")
    out = tmp_path_factory.mktemp("lite") / "site"
    dropped = build_site(out, log=False)
    server = serve_site(out, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", out, dropped
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def lite_context(browser, lite_site) -> Iterator[tuple[object, list[str]]]:
    base, _out, _dropped = lite_site
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base)
    context.set_default_timeout(30_000)
    outside: list[str] = []

    def offline_only(route) -> None:
        outside.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(base + "/"), offline_only)
    yield context, outside
    context.close()


@pytest.fixture
def lite_page(lite_context) -> Iterator[object]:
    context, outside = lite_context
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"page error: {error.message}"))
    page.on("console", lambda message: message.type == "error"
            and errors.append(f"console error: {message.text}"))
    # Python starts from the kernel's saved image (`cardkit.lite_snapshot`), not afresh
    page.on("console", lambda message: FRESH_START in message.text
            and errors.append(f"no saved kernel image: {message.text}"))
    page.lite_errors = errors
    yield page
    page.close()
    assert not outside, f"requests off the machine: {outside}"
    assert not errors, "errors in the page:\n" + "\n".join(errors)


@pytest.fixture
def open_lite(lite_page) -> Callable[[str, str], None]:
    def open_(name: str, query: str = "") -> None:
        lite_page.goto(f"/voici/render/{name}.html" + (f"?{query}" if query else ""),
                       wait_until="domcontentloaded")
        lite_page.locator(".cardkit-app").first.wait_for(state="visible",
                                                         timeout=LITE_OPEN_TIMEOUT_MS)
        assert not lite_page.lite_errors, lite_page.lite_errors

    return open_


def test_the_site_is_small_has_no_source_maps_and_no_outside_address(lite_site) -> None:
    _base, out, dropped = lite_site
    assert site_size_mb(out) < MAX_SITE_MB
    assert not list(out.rglob("*.map"))
    for page in (out / "voici" / "render").glob("*.html"):
        text = page.read_text()
        assert "fontawesome" not in text.lower() and "font-awesome" not in text.lower(), page
    pages = {p.stem for p in (out / "voici" / "render").glob("*.html")}
    assert {"index", "xeri_table", "zion_table", "meld_checker", "replay_viewer",
            "probability_lab"} <= pages
    # The class board needs the class's shared server: left out, and the gallery says why.
    reasons = {item.notebook: item.reason for item in dropped}
    assert set(reasons) == {"class_board.ipynb"}
    assert "one server" in reasons["class_board.ipynb"]
    assert "class_board" not in pages
    # plotly's widget code beside the pages, where the charts in the browser name it
    assert (out / chart_code_path()).stat().st_size > 1_000_000


def test_xeri_a_played_card_gets_the_bots_narrated_rule_cited_answers(lite_page, open_lite,
                                                                      screenshot_dir) -> None:
    page = lite_page
    open_lite("xeri_table", "seed=3&bot_delay=0.05")
    app = page.locator(".cardkit-xeri-table")
    turn = app.locator(".cardkit-turn")
    expect(turn).to_contain_text("It is your turn")
    # The address options reached Python: seed 3, and the address that deals it again.
    expect(page.locator(".cardkit-seed")).to_contain_text("Seed 3.")
    expect(page.locator(".cardkit-share")).to_have_attribute(
        "href", f"{page.url.split('?')[0]}?seed=3&bot_delay=0.05")
    cards = app.locator("button.ck-hand-card")
    expect(cards).to_have_count(6)
    # Hint works here too (the analyst is pure Python): Thinking…, then the hint, within the
    # app's bound (issue 19).
    watch_text(page, ".cardkit-xeri-table .ck-hint-note")
    app.get_by_role("button", name="Hint", exact=True).click()
    expect(app.locator(".ck-hint-note")).to_contain_text("Hint: Play")
    expect(app.locator('button.ck-hand-card .ck-mark[data-mark="best"]')).to_have_count(1)
    assert seen_texts(page)[0] == "Thinking…", seen_texts(page)
    # From the keyboard, as in Voila: focus a card, Enter selects it.
    cards.first.focus()
    page.keyboard.press("Enter")
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    expect(app.locator(".cardkit-preview")).to_contain_text("(XR-")
    page.get_by_role("button", name="Play", exact=True).click()
    log = app.locator(".cardkit-log")
    for seat in ("South", "West", "North", "East"):
        expect(log.locator("li", has_text=f"{seat} plays").first).to_contain_text("(XR-")
    expect(turn).to_contain_text("It is your turn")
    expect(cards).to_have_count(5)
    page.screenshot(path=str(screenshot_dir / "lite_xeri_table.png"), full_page=True)

    # On to the round's end (12 plays of South's): it pauses with its result, and the score
    # charts draw (plotly's widget code from the site, loaded since the first move).
    for played in range(1, 12):
        cards.first.click()
        expect(app.locator(".cardkit-preview")).to_contain_text("This ")
        page.get_by_role("button", name="Play", exact=True).click()
        expect(log.locator("li", has_text="South plays")).to_have_count(played + 1)
        if played < 11:
            expect(turn).to_contain_text("It is your turn")
    expect(app.locator(".cardkit-round-end .ck-round-head")).to_contain_text(
        "Round 1 over", timeout=LITE_OPEN_TIMEOUT_MS)
    expect(turn).to_contain_text("Round 1 is over. Press Next round to play on.")
    charts = page.locator(".cardkit-scores .js-plotly-plot")
    expect(charts).to_have_count(2, timeout=120_000)
    expect(charts.first.locator(".trace").first).to_be_attached(timeout=60_000)
    page.locator(".cardkit-scores").screenshot(path=str(screenshot_dir / "lite_xeri_charts.png"))


def test_probability_lab_runs_a_question_in_the_page(lite_page, open_lite) -> None:
    page = lite_page
    open_lite("probability_lab", "question=xeri_redeal&n=2000&seed=1")
    lab = page.locator(".cardkit-probability-lab")
    question = lab.get_by_role("combobox").first
    expect(question).to_have_value("Xeri: the first pile must be dealt again")
    # The questions about whole rounds are not offered, and the lab says why; no class row.
    expect(question.locator("option")).to_have_count(4)
    expect(lab.locator(".ck-lab-note")).to_contain_text("Python runs in your browser here")
    expect(lab.get_by_role("button", name="Send to the class")).to_have_count(0)
    lab.get_by_role("button", name="Run").click()
    expect(lab).to_contain_text("Done: 2,000 samples", timeout=120_000)
    expect(lab.locator(".ck-lab-answer")).to_contain_text("Exact answer: 20353/54145")
    expect(lab.locator(".ck-lab-table table")).to_contain_text("0.37590")
    expect(lab.locator("a.ck-lab-csv")).to_contain_text("Download the 2,000 simulated rows")
    plot = "document.querySelector('.cardkit-probability-lab .js-plotly-plot')"
    page.wait_for_function(f"() => {{ const plot = {plot}; return plot && "
                           "plot._fullLayout.xaxis.range[1] >= 2000 && "
                           "plot.data[2].x.length === 2; }", timeout=60_000)


def test_zion_check_a_learner_draws_a_card(lite_page, open_lite) -> None:
    page = lite_page
    open_lite("zion_table", "seed=9&bot_delay=0.05")
    app = page.locator(".cardkit-zion-table")
    expect(app.locator(".ck-zion-turn")).to_contain_text("Your turn: draw")
    cards = app.locator(".ck-hand-widget button.ck-hand-card")
    expect(cards).to_have_count(10)
    app.get_by_role("button", name="Draw from stock").click()
    expect(app.locator(".ck-zion-log")).to_contain_text("Seat 0 (you) draws")
    expect(cards).to_have_count(11)


def test_meld_checker_checks_a_meld_with_its_rule(lite_page, open_lite) -> None:
    page = lite_page
    open_lite("meld_checker", "hand=3&seed=16")
    app = page.locator(".cardkit-meld-checker")
    expect(app.get_by_role("combobox").first).to_have_value("Hand 3: 2 runs")  # from ?hand=3
    box = app.locator(".ck-meld-input input")
    box.fill("5C 6C JK 8C | 9H 10H JH QH")
    box.press("Enter")
    verdict = app.locator(".ck-meld-verdict")
    expect(verdict).to_contain_text("a run of clubs, 5 to 8")
    expect(verdict).to_contain_text("Hand 3 contract (2 runs): these melds go down.")
    box.fill("KC AC 2C 3C")
    box.press("Enter")
    expect(verdict).to_contain_text("never in the middle (ZC-2.1)")


def test_replay_viewer_analyses_a_game_a_decision_at_a_time_and_stops(lite_page,
                                                                    open_lite) -> None:
    """No threads here: the review steps on the page's event loop, so Stop gets in (issue 19)."""
    page = lite_page
    open_lite("replay_viewer", "game=xeri&seed=1")
    panel = page.locator(".ck-review-panel")
    panel.get_by_role("button", name="Analyse this game").click()
    expect(panel.locator(".ck-review-progress")).to_contain_text(re.compile(r"[1-9]\d* of 48"),
                                                                 timeout=120_000)
    panel.get_by_role("button", name="Stop").click()
    expect(panel.locator(".cardkit-message")).to_contain_text("stopped before the end",
                                                              timeout=60_000)
    page.get_by_role("button", name="Next ▶").click()  # the stepper still answers
    expect(page.locator(".cardkit-step-caption")).to_contain_text("Step 1 of")


@pytest.fixture
def screenshot_dir() -> Path:
    """Where the browser tests leave their pictures (not in the checkout's tracked files)."""
    folder = Path(__file__).resolve().parent / "artifacts"
    folder.mkdir(exist_ok=True)
    return folder


def test_pages_started_from_one_saved_image_deal_fresh_hands(lite_page, open_lite) -> None:
    """Every page's Python starts from the same saved image (`cardkit.lite_snapshot`), yet a
    page without a seed deals a fresh hand each time, as in Voila, and its share address
    deals it again."""
    seeds = []
    for _view in range(2):
        open_lite("meld_checker", "hand=3")
        line = lite_page.locator(".cardkit-seed")
        expect(line).to_contain_text("Seed ")
        seed = re.search(r"Seed (\d+)\.", line.inner_text()).group(1)
        expect(lite_page.locator(".cardkit-share")).to_have_attribute(
            "href", re.compile(rf"\?hand=3&seed={seed}$"))
        seeds.append(seed)
    assert seeds[0] != seeds[1], seeds


def test_meld_checker_speaks_japanese_with_lang_ja(lite_page, open_lite) -> None:
    """Issue 23 in the static site: ?lang=ja reaches the app (its page's address), the page
    declares lang="ja", and the app shows no English words (tests/i18n/english_left.py)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
    from english_left import PAGE_TEXTS_JS, english_words

    page = lite_page
    open_lite("meld_checker", "lang=ja&hand=3&seed=16")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    app = page.locator(".cardkit-meld-checker")
    expect(app.get_by_role("button", name="チェック")).to_be_visible()
    assert english_words(page.evaluate(PAGE_TEXTS_JS, ".cardkit-app")) == []


def test_the_language_switch_opens_the_same_page_in_japanese(lite_page, open_lite) -> None:
    """The switch under the app is a link relative to the page, so in the static site too it
    opens the same page (its address is the site's, not Voila's) with the same options."""
    page = lite_page
    open_lite("meld_checker", "hand=3&seed=16&lang=en")
    switch = page.get_by_role("navigation", name="Language")
    box = switch.bounding_box()  # at the top right of the page here too, beside the title
    assert box and 0 <= box["y"] < 60 and box["x"] > 1000, box
    switch.get_by_role("link", name="日本語").click()
    expect(page).to_have_url(re.compile(r"/voici/render/meld_checker\.html\?hand=3&seed=16&lang=ja$"))
    app = page.locator(".cardkit-meld-checker")
    app.wait_for(state="visible", timeout=LITE_OPEN_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(app.get_by_role("combobox").first).to_have_value("ハンド3: ラン2つ")
    expect(page.get_by_role("navigation", name="言語").locator('[aria-current="true"]')
           ).to_have_text("日本語")


def test_the_gallery_switches_to_japanese_and_its_links_keep_it(lite_page) -> None:
    """The static gallery runs no Python: the build gives its page the language script of
    cardkit's Voila pages, so its switch (at its top), ?lang= and its links to the apps work
    here too (before, it showed its English cells whatever the address said)."""
    page = lite_page
    page.goto("/voici/render/index.html?lang=en", wait_until="domcontentloaded")
    switch = page.get_by_role("navigation", name="Language")
    expect(switch).to_be_visible(timeout=LITE_OPEN_TIMEOUT_MS)
    assert switch.bounding_box()["y"] < 100  # at the top: seen before the list of apps
    switch.get_by_role("link", name="日本語").click()
    expect(page).to_have_url(re.compile(r"/voici/render/index\.html\?lang=ja$"))
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("heading", name="cardkit のアプリ")).to_be_visible()
    expect(page.get_by_role("heading", name="cardkit apps")).to_be_hidden()
    expect(page.get_by_role("navigation", name="言語").locator('[aria-current="true"]')
           ).to_have_text("日本語")
    link = page.get_by_role("link", name="メルドチェッカー", exact=True)
    expect(link).to_have_attribute("href", re.compile(r"meld_checker\.html\?lang=ja$"))


def test_without_the_saved_kernel_image_a_page_starts_python_afresh(browser, lite_site) -> None:
    """The image missing (or refused): the worker falls back to Pyodide's normal start, with
    the saved files in place of the wheels they replace, says so on the console, and the app
    works."""
    import json

    base, out, _dropped = lite_site
    pyodide = out / "static" / "pyodide"
    image = pyodide / json.loads((pyodide / INDEX).read_text())["image"]
    assert image.stat().st_size > 1_000_000  # the build made one
    assert not list(pyodide.glob("ipython-*.whl"))  # the saved files replace the wheels
    hidden = image.with_name(image.name + ".hidden")
    image.rename(hidden)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base)
    try:
        outside: list[str] = []
        context.route(lambda url: not url.startswith(base + "/"),
                      lambda route: (outside.append(route.request.url), route.abort()))
        page = context.new_page()
        said: list[str] = []
        errors: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        page.on("pageerror", lambda error: errors.append(error.message))
        page.goto("/voici/render/meld_checker.html?hand=3&seed=16",
                  wait_until="domcontentloaded")
        page.locator(".cardkit-app").first.wait_for(state="visible",
                                                    timeout=LITE_OPEN_TIMEOUT_MS)
        expect(page.locator(".cardkit-meld-checker")).to_be_visible()
        assert any(FRESH_START in text for text in said), said
        assert not errors and not outside, (errors, outside)
    finally:
        context.close()
        hidden.rename(image)
