"""A whole class experiment in real browsers (issue 21): the teacher starts it on the class
board, three students' probability labs send their runs, the board shows three intervals,
Reveal draws the exact value, Export gives three rows.

The server is `cardkit serve --class`'s (a students' token and a teacher's), with its board in
a temporary folder; every page is a browser context of its own (its own cookie, so its own
student). A Zion Check question of 200 samples keeps the runs short: about a minute in all.
"""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import sys
from pathlib import Path

import pandas as pd
import pytest
from playwright.sync_api import expect

from cardkit.classroom import Board

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_helpers import start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("CARDKIT_UPDATE_SCREENSHOTS")
               else ROOT / "tests" / "browser" / "artifacts")  # as the other browser tests
OPEN_TIMEOUT_MS = 90_000

STUDENTS = "class-students-token"
TEACHER = "class-teachers-token"
QUESTION = "Zion Check: a dealt hand already holds a set"
PLOT = "document.querySelector('.cardkit-class-board .js-plotly-plot')"
PLOTS = ("Array.from(document.querySelectorAll('.cardkit-class-board .js-plotly-plot'))"
         ".map(p => p.data && p.data[0] && p.data[0].x ? p.data[0].x.length : -1)")


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    live = start_server(tmp_path_factory.mktemp("class_board"), token=STUDENTS,
                        teacher_token=TEACHER, students=8, fresh_starts=2,
                        env={"CARDKIT_CLASS_URL": "http://127.0.0.1/voila/render/"
                             f"probability_lab.ipynb?token={STUDENTS}"})
    try:
        yield live
    finally:
        stop_server(live)


def browser_path() -> str:
    return os.environ.get("CARDKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def new_page(browser, base, errors):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    return page


def test_a_class_experiment_from_start_to_export(browser, class_server, tmp_path):
    import time
    t0 = time.monotonic()

    def mark(what):
        print(f"{time.monotonic() - t0:6.1f}s {what}", flush=True)

    errors: list[str] = []
    teacher = new_page(browser, class_server.base, errors)
    teacher.goto(f"/voila/render/class_board.ipynb?token={TEACHER}", timeout=OPEN_TIMEOUT_MS)
    board = teacher.locator(".cardkit-class-board")
    board.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    board.get_by_role("combobox").first.select_option(label=QUESTION)
    samples = board.get_by_role("spinbutton").first
    samples.fill("200")
    samples.press("Enter")
    board.get_by_role("button", name="Start").click()
    expect(board.locator(".ck-board-code")).to_have_text(re.compile(r"^[A-Z2-9]{5}$"))
    code = board.locator(".ck-board-code").inner_text()
    mark("started")
    expect(board.locator(".ck-board-qr")).to_be_visible()

    # The students' pages run in a browser of their own, as on their own machines: the board
    # stays the one page shown in its browser (a page behind others gets no animation frames,
    # and plotly draws its charts in one).
    others = browser.browser_type.launch(executable_path=browser_path(),
                                         args=["--no-sandbox", "--disable-gpu"])
    students = []
    for _ in range(3):  # every page starts loading first: their kernels start side by side
        page = new_page(others, class_server.base, errors)
        page.goto(f"/voila/render/probability_lab.ipynb?class={code}&class_student=someone"
                  f"&token={STUDENTS}", wait_until="commit", timeout=OPEN_TIMEOUT_MS)
        students.append(page)
    labs = [page.locator(".cardkit-probability-lab") for page in students]
    for i, lab in enumerate(labs, start=1):
        lab.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
        expect(lab.locator(".ck-lab-class-status")).to_contain_text(f"Joined experiment {code}")
        mark(f"lab {i} joined")
        expect(lab.get_by_role("combobox").first).to_have_value(QUESTION)
        seed = lab.get_by_role("spinbutton").nth(1)
        seed.fill(str(i))
        seed.press("Enter")
        lab.get_by_placeholder("(optional)").fill(f"<i>s{i}</i>")
        lab.get_by_role("button", name="Run").click()  # the three run side by side
    for lab in labs:
        expect(lab).to_contain_text("Done: 200 samples", timeout=90_000)
        lab.get_by_role("button", name="Send to the class").click()
    for i, lab in enumerate(labs, start=1):
        expect(lab.locator(".ck-lab-class-status")).to_contain_text("is on the class board")
        mark(f"lab {i} sent")

    # the board's timer brings the three intervals within seconds; the exact value is hidden
    expect(board.locator(".ck-board-summary")).to_contain_text("3 results sent", timeout=90_000)
    # the first chart loads plotly.js into the board's page: seconds on a loaded machine
    try:
        teacher.wait_for_function(f"() => {PLOT} && {PLOT}.data && {PLOT}.data[0] && "
                                  f"{PLOT}.data[0].x.length === 3", timeout=90_000)
    except Exception:
        print("plots drawn (points in each):", teacher.evaluate(f"() => {PLOTS}"),
              board.locator(".ck-board-summary").inner_text(), board.locator(
                  ".cardkit-message").inner_text())
        raise
    assert teacher.evaluate(f"() => ({PLOT}.layout.shapes || []).length") == 0
    expect(board.locator(".ck-board-summary")).to_contain_text("exact value is hidden")
    board.get_by_role("button", name="Reveal").click()
    expect(board.locator(".ck-board-summary")).to_contain_text(
        "of 3 intervals contain the exact value", timeout=60_000)
    teacher.wait_for_function(f"() => ({PLOT}.layout.shapes || []).length === 1",
                              timeout=60_000)
    # the nicknames are drawn as text, never as markup
    names = teacher.evaluate(f"() => Array.from({PLOT}.data[0].text)")
    assert "&lt;i&gt;s1&lt;/i&gt;" in names and "<i>s1</i>" not in names

    board.get_by_role("button", name="Export").click()
    link = board.locator("a.ck-board-csv")
    expect(link).to_have_attribute("download", f"class_{code}.csv", timeout=60_000)
    data = link.get_attribute("href").split("base64,", 1)[1]
    rows = pd.read_csv(io.StringIO(base64.b64decode(data).decode()))
    assert len(rows) == 3 and sorted(rows["seed"]) == [1, 2, 3]
    # each browser is its own student, named by the server, whatever the address said
    assert len(set(rows["student"])) == 3 and "someone" not in set(rows["student"])
    assert len(Board(class_server.log.parent / "board.sqlite").results(code)) == 3

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = teacher.evaluate("() => Math.max(document.body.scrollHeight, (document."
                              "querySelector('#rendered_cells') || document.body).scrollHeight)")
    teacher.set_viewport_size({"width": 1280, "height": min(max(height, 900), 4000)})
    teacher.screenshot(path=str(SCREENSHOTS / "class_board.png"), full_page=True)
    for page in (teacher, *students):
        page.close(run_before_unload=True)
        page.context.close()
    others.close()
    assert not errors, "\n".join(errors)
