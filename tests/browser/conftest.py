"""Real-browser tests: Voila serves ``notebooks/`` and Playwright drives Debian's Chromium.

Fixtures for every app's browser test (use them as they are; they are generic):

``voila_server`` (session)
    Base URL (``http://127.0.0.1:<free port>``) of one Voila server in tree mode on the
    ``notebooks/`` directory, started with the same command as ``cardkit serve`` (cardkit's
    offline template) plus tracebacks shown. Kernels inherit ``CARDKIT_BOT_DELAY=0.05`` (fast
    bots) and ``CARDKIT_ANALYSIS_SAMPLES=8`` (small hints and reviews); a closed page shuts
    its kernel down, and idle kernels are culled after 15 s, so the suite does not pile up
    kernels (60–120 MB each).
``browser`` (session)
    A headless Chromium: ``/usr/bin/chromium`` (or ``$CARDKIT_CHROMIUM``) launched through
    Playwright's ``executable_path``; Playwright's own browsers are never downloaded. When no
    Chromium exists the browser tests are skipped with a message, unless ``$CI`` is set, in which
    case they fail.
``page``
    A fresh page in a fresh browser context (1280×900) whose relative URLs go to the server.
    Every page error and every console error is recorded; the test fails at teardown if any was
    recorded (the known noise of Voila itself, listed in ``IGNORED_CONSOLE``, excepted). Requests
    that leave the server (a CDN, say) are blocked and count as errors: the apps work offline.
    Tests wait for conditions, never for fixed times: actions wait up to 30 s and
    ``expect(...)`` up to 20 s (set for the session), enough for a loaded 2-core CI machine.
``page_errors``
    A function: ``page_errors()`` fails the test now if the page reported an error (where it
    reads better than at teardown); it returns the list otherwise (empty).
``open_app``
    A function: ``open_app(name, query="", ready=".cardkit-app")`` opens
    ``/voila/render/<name>.ipynb?<query>`` and waits until ``ready`` is visible, that is until
    the app's widgets are rendered and connected to their kernel (our apps add the CSS class
    ``cardkit-app`` to their outer widget, so the default fits every app); returns the seconds
    it took. A notebook cell that raises fails the test at once with Voila's traceback. Query
    options the apps understand: ``seed=N`` (a deterministic deal), ``bot_delay=S`` (bot pause
    in seconds), ``hot_seat=1`` (Xeri), ``game=xeri|zioncheck`` (replay viewer); a notebook
    reads them with ``cardkit.widgets.serve.page_options()``.
``screenshot``
    A function: ``screenshot(name)`` saves ``<name>.png`` of the whole app (the window is made
    as tall as the content for the picture) into ``tests/browser/artifacts/``, or, with
    ``CARDKIT_UPDATE_SCREENSHOTS=1``, into ``docs/screenshots/`` for the README; so a test run
    leaves the checkout clean.

Example::

    def test_meld_checker_says_why(page, open_app, page_errors, screenshot):
        open_app("meld_checker", "seed=1")
        page.get_by_role("button", name="Check").click()
        expect(page.locator(".cardkit-app")).to_contain_text("ZC-5.1")
        page_errors()
        screenshot("meld_checker")
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardkit.widgets.serve import voila_command, voila_env

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("CARDKIT_UPDATE_SCREENSHOTS")
               else ROOT / "tests" / "browser" / "artifacts")
CHROMIUM_FLAGS = [
    "--no-sandbox",  # Chromium as root needs it
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
BOT_DELAY = "0.05"
ANALYSIS_SAMPLES = "8"  # each Hint, and each decision of "Analyse this game": a small budget
OPEN_TIMEOUT_MS = 90_000  # a cold kernel on a busy 2-core machine
# How long an `expect(...)` waits for what a person would see (Playwright's default is 5 s): a
# click goes to the kernel and back, and on a loaded 2-core CI machine that can take seconds.
# Generous, but bounded: a real failure still fails within it.
EXPECT_TIMEOUT_MS = 20_000
ACTION_TIMEOUT_MS = 30_000
# What Voila shows when a cell raises (with show_tracebacks, the traceback).
CELL_ERROR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
# Console messages that Voila itself prints on every page; nothing of ours.
IGNORED_CONSOLE = (
    "favicon.ico",
)

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


def find_chromium() -> str | None:
    """Debian's Chromium (or ``$CARDKIT_CHROMIUM``), or None when there is none."""
    for candidate in (os.environ.get("CARDKIT_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_http(url: str, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voila exited with code {process.returncode} before serving")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"Voila did not answer at {url} within {timeout} s")


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start Voila on a free port; yields its base URL."""
    if find_chromium() is None:
        _no_browser()
    port = _free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    env = voila_env(dict(os.environ, CARDKIT_BOT_DELAY=BOT_DELAY, PYTHONUNBUFFERED="1",
                         CARDKIT_ANALYSIS_SAMPLES=ANALYSIS_SAMPLES))
    # The same command as `cardkit serve`, so the tests see what users see.
    command = voila_command(NOTEBOOKS, port, "127.0.0.1", cull_idle=15)
    command.append("--VoilaConfiguration.show_tracebacks=True")  # a failing cell says why
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_http(f"{base}/voila/render/index.ipynb", process)
        yield base
    except RuntimeError as error:
        raise RuntimeError(f"{error}\n--- voila log ---\n{log_path.read_text()}") from None
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _no_browser() -> None:
    message = (
        "browser tests need Chromium: apt-get install chromium (Debian), or set "
        "CARDKIT_CHROMIUM to a Chromium binary"
    )
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but no Chromium was found. {message}")
    pytest.skip(f"no Chromium found, browser tests skipped. {message}")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    executable = find_chromium()
    if executable is None:
        _no_browser()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, voila_server: str) -> Iterator[object]:
    """A fresh page in a fresh context; page and console errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=voila_server)
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    new_page = context.new_page()
    errors: list[str] = []
    new_page.cardkit_errors = errors
    new_page.on("pageerror", lambda error: errors.append(f"page error: {error}"))

    def on_console(message) -> None:
        if message.type == "error" and not any(i in message.text for i in IGNORED_CONSOLE):
            errors.append(f"console error: {message.text}")

    new_page.on("console", on_console)

    def offline_only(route) -> None:
        # The apps must work offline: a request off this machine is an error, and is not sent.
        errors.append(f"request to the internet: {route.request.url}")
        route.abort()

    context.route(lambda url: not url.startswith(voila_server), offline_only)
    yield new_page
    try:
        # Let Voila's unload handler shut the page's kernel down rather than wait for culling.
        new_page.close(run_before_unload=True)
    finally:
        context.close()
    _check(errors)


def _check(errors: list[str]) -> list[str]:
    assert not errors, "errors in the page:\n" + "\n".join(errors)
    return errors


@pytest.fixture
def page_errors(page) -> Callable[[], list[str]]:
    """``page_errors()`` fails now if the page reported an error (teardown checks again)."""
    return lambda: _check(page.cardkit_errors)


@pytest.fixture
def open_app(page) -> Callable[..., float]:
    """``open_app(name, query="", ready=".cardkit-app")``: open an app, wait until interactive."""

    def open_(name: str, query: str = "", ready: str = ".cardkit-app") -> float:
        start = time.perf_counter()
        url = f"/voila/render/{name}.ipynb" + (f"?{query}" if query else "")
        page.goto(url, wait_until="domcontentloaded", timeout=OPEN_TIMEOUT_MS)
        app = page.locator(ready).first
        failed = page.locator(CELL_ERROR).first
        app.or_(failed).wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
        if failed.is_visible():
            pytest.fail(f"the notebook {name} failed in Voila:\n{failed.inner_text()[-3000:]}")
        elapsed = time.perf_counter() - start
        _check(page.cardkit_errors)
        return elapsed

    return open_


@pytest.fixture
def screenshot(page) -> Callable[[str], Path]:
    """``screenshot(name)`` saves a full-page picture to ``SCREENSHOTS/<name>.png``."""

    def take(name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        # Voila scrolls inside its page, so a "full page" shot would stop at the window:
        # make the window as tall as the content for the picture.
        size = page.viewport_size
        height = page.evaluate(
            "() => Math.max(...[document.body, document.querySelector('#rendered_cells')]"
            ".filter(Boolean).map(e => e.scrollHeight))"
        )
        page.set_viewport_size({"width": size["width"], "height": min(max(height, 400), 4000)})
        try:
            page.screenshot(path=str(path), full_page=True)
        finally:
            page.set_viewport_size(size)
        return path

    return take


# ----------------------------------------------------------------- accessibility (axe-core)

AXE_IMPACTS = ("serious", "critical")


def axe_violations(page, scope: str = ".cardkit-app") -> list[str]:
    """The serious and critical axe-core violations inside ``scope``, one line each.

    axe-core comes bundled in ``axe-playwright-python`` (no download); it is injected into the
    page and run on the app's own part of it (Voila's page around it is not ours).
    """
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [[scope]]})
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in AXE_IMPACTS:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
            found.append(f"{violation['impact']}: {violation['id']} ({violation['help']}) "
                         f"at {'; '.join(targets)}")
    return found


def unnamed_controls(page, scope: str = ".cardkit-app") -> list[str]:
    """Buttons, cards and messages in ``scope`` that a screen reader could not name."""
    return page.evaluate(
        """(scope) => {
          const root = document.querySelector(scope);
          const bad = [];
          for (const el of root.querySelectorAll(
              'button, [role=button], [role=status], [role=alert], [role=log], svg[role=img]')) {
            if (el.closest('[aria-hidden=true]') || !el.getClientRects().length) continue;
            const name = (el.getAttribute('aria-label') || el.getAttribute('title') ||
                          el.textContent || '').trim();
            const empty = el.matches('[role=status], [role=alert]') && !el.textContent.trim();
            if (!name && !empty) bad.push(el.outerHTML.slice(0, 120));
          }
          return bad;
        }""",
        scope,
    )


@pytest.fixture
def accessibility(page) -> Callable[..., None]:
    """``accessibility(scope=".cardkit-app")`` fails on a serious or critical axe-core violation
    or on a button, card or message without a name for screen readers."""

    def check(scope: str = ".cardkit-app") -> None:
        problems = axe_violations(page, scope) + [
            f"no accessible name: {html}" for html in unnamed_controls(page, scope)]
        assert not problems, "accessibility problems:\n" + "\n".join(problems)

    return check
