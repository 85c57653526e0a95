"""How fast the Voila apps and the static site's apps feel, in Debian's Chromium (a benchmark,
not a test).

    .venv/bin/python benchmarks/bench_apps.py [--opens 3] [--clicks 30] [--only voila|lite]

Prints, for every app notebook: the time from opening its page to its first interactive view
(a new kernel each time, as Voila starts one per page load), the time from a click to the
updated view (p50 and p95), and the memory of the app's kernel. The baseline, measured in the
same run, is a notebook with one bare ipywidgets Button and Label: the ratios say what cardkit
adds on top of Voila itself. Aims (issue 4): open < 5 s, click p95 < 250 ms.

The static site (`cardkit lite`, issue 22) is built (downloads from ~/.cache/cardkit-lite) and
served on 127.0.0.1 with every other address blocked. For each of its apps: the first view in
a fresh browser (cold: Pyodide and the wheels fetched and compiled), the first view again in
the same browser (warm: from the browser's cache; a new Python starts each time, as with
Voila's kernels; ``--opens`` - 1 of them, their median, since one view on a shared machine
says little), and the click-to-update times, beside the Voila figures. It also times the
probability lab's first-pile question in the page (20,000 piles drawn and judged by the rules
core in pure Python, the chart and table updated as it goes: the issue's test of the lab).
The machine's load is printed: these figures scale with it. Aims (issue 22): warm < 5 s,
cold < 20 s, clicks p95 < 250 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import nbformat
import psutil
from bench_lite_cpu import warm_browser  # the benchmarks' folder is first on sys.path
from playwright.sync_api import Page, sync_playwright

from cardkit.widgets.serve import voila_command, voila_env

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BASELINE = """import ipywidgets as widgets
button, label = widgets.Button(description="Click"), widgets.Label("0")
def on_click(_):
    label.value = str(int(label.value) + 1)
button.on_click(on_click)
box = widgets.HBox([button, label])
box.add_class("cardkit-app")
box"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.0f} ms"


def _kernel_memory(voila: psutil.Process) -> dict[int, float]:
    """RSS in MB of every kernel process Voila runs, by pid."""
    found = {}
    for child in voila.children(recursive=True):
        try:
            command = " ".join(child.cmdline())
            # cardkit's kernel spec starts cardkit.widgets.class_kernel (ipykernel's launcher)
            if "ipykernel_launcher" in command or "cardkit.widgets.class_kernel" in command:
                found[child.pid] = child.memory_info().rss / 2**20
        except psutil.NoSuchProcess:
            continue
    return found


def _timed_clicks(page: Page, count: int, click: Callable[[int], None],
                  done: Callable[[int], None]) -> list[float]:
    times = []
    for i in range(count):
        start = time.perf_counter()
        click(i)
        done(i)
        times.append(time.perf_counter() - start)
    return times


def _baseline_clicks(page: Page, count: int) -> list[float]:
    label = page.locator(".cardkit-app .widget-label")
    return _timed_clicks(
        page, count,
        lambda i: page.get_by_role("button", name="Click").click(),
        lambda i: label.filter(has_text=str(i + 1)).wait_for(),
    )


def _xeri_clicks(page: Page, count: int) -> list[float]:
    """Click another card and wait for its preview: a kernel round trip with a redraw."""
    cards = page.locator(".cardkit-xeri-table button.ck-hand-card")
    n = cards.count()
    shown: list[str] = [page.locator(".cardkit-preview").inner_text()]

    def done(i: int) -> None:
        handle = page.wait_for_function(
            """old => {
                const text = document.querySelector('.cardkit-preview').innerText;
                return text.includes('This ') && text !== old ? text : null;
            }""",
            arg=shown[-1],
        )
        shown.append(handle.json_value())

    return _timed_clicks(page, count, lambda i: cards.nth(i % n).click(), done)


def _xeri_round(page: Page) -> list[float]:
    """Play South's 12 cards of a round: each time from Play to the bots' answers shown."""
    cards = page.locator(".cardkit-xeri-table button.ck-hand-card")
    plays = page.locator(".cardkit-log li", has_text="South plays")
    turn = page.locator(".cardkit-turn", has_text="It is your turn")
    # South's 12th card ends the round, which then pauses with its result (issue 9)
    paused = page.locator(".cardkit-turn", has_text="Round 1 is over")
    times = []
    for played in range(12):
        cards.first.click()
        page.locator(".cardkit-preview", has_text="This ").wait_for()
        start = time.perf_counter()
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function(
            "n => document.querySelectorAll('.cardkit-log li').length > 0 && "
            "[...document.querySelectorAll('.cardkit-log li')]"
            ".filter(li => li.innerText.includes('South plays')).length > n", arg=played)
        (turn if played < 11 else paused).wait_for()
        times.append(time.perf_counter() - start)
    page.locator(".cardkit-scores .js-plotly-plot").first.wait_for()
    assert plays.count() == 12
    return times


def _stepper_clicks(page: Page, count: int) -> list[float]:
    """Press Next and wait for the new step's caption (a table redraw)."""
    caption = page.locator(".cardkit-step-caption")
    return _timed_clicks(
        page, count,
        lambda i: page.get_by_role("button", name="Next ▶").click(),
        lambda i: caption.filter(has_text=f"Step {i + 1} of").wait_for(),
    )


def _card_toggles(page: Page, count: int, app: str) -> list[float]:
    """Click cards of a hand in turn (select, and on the next pass unselect), each time until
    the page shows the kernel's answer (``aria-pressed``). In the Zion table the kernel also
    asks the core which buttons the selection allows."""
    cards = page.locator(f"{app} button.ck-hand-card")
    n = cards.count()

    def done(i: int) -> None:
        pressed = "true" if (i // n) % 2 == 0 else "false"
        page.locator(f'{app} button.ck-hand-card[data-index="{i % n}"]'
                     f'[aria-pressed="{pressed}"]').wait_for()

    return _timed_clicks(page, count, lambda i: cards.nth(i % n).click(), done)


def _zion_clicks(page: Page, count: int) -> list[float]:
    return _card_toggles(page, count, ".cardkit-zion-table")


def _meld_checker_clicks(page: Page, count: int) -> list[float]:
    page.get_by_role("button", name="Deal me a random hand").click()
    page.locator(".cardkit-meld-checker button.ck-hand-card").first.wait_for()
    return _card_toggles(page, count, ".cardkit-meld-checker")


CLICKERS: dict[str, Callable[[Page, int], list[float]]] = {
    "baseline": _baseline_clicks,
    "xeri_table": _xeri_clicks,
    "replay_viewer": _stepper_clicks,
    "zion_table": _zion_clicks,
    "meld_checker": _meld_checker_clicks,
}
QUERIES = {"xeri_table": "seed=3&bot_delay=0", "replay_viewer": "game=xeri&seed=1",
           "zion_table": "seed=9&bot_delay=0"}


LAB_SAMPLES = 20_000
LAB_QUERY = f"question=xeri_redeal&n={LAB_SAMPLES}&seed=1"
LITE_QUERIES = {**QUERIES, "probability_lab": LAB_QUERY}


def _lab_run(page: Page) -> float:
    """The probability lab's first-pile question in the page (pure Python there): seconds
    from Run to "Done", the chart and table updated after every chunk."""
    lab = page.locator(".cardkit-probability-lab")
    start = time.perf_counter()
    lab.get_by_role("button", name="Run").click()
    lab.get_by_text(f"Done: {LAB_SAMPLES:,} samples").wait_for()
    return time.perf_counter() - start


LITE_APPS = ("xeri_table", "zion_table", "meld_checker", "replay_viewer", "probability_lab")


def _lite(args: argparse.Namespace) -> dict[str, tuple[float, float, list[float]]]:
    """The static site's apps: (cold open, warm open, clicks) each; and the lab's run."""
    import threading

    from cardkit.lite import build_site, serve_site, site_size_mb

    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-lite-"))
    notebooks = workdir / "notebooks"
    shutil.copytree(ROOT / "notebooks", notebooks)
    started = time.perf_counter()
    build_site(workdir / "site", notebooks=notebooks, log=False)
    built = time.perf_counter() - started
    server = serve_site(workdir / "site", port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    results: dict[str, tuple[float, float, list[float]]] = {}
    try:
        with sync_playwright() as playwright:
            for app in LITE_APPS:
                # a fresh profile on disk for each app (its cache as a student's browser's
                # keeps it: `bench_lite_cpu.warm_browser`), offline but for the site
                with warm_browser(playwright, base) as (context, outside):
                    opens, clicks = [], []
                    # cold, then warm from the browser's cache (at least one)
                    for attempt in range(max(args.opens, 2)):
                        page = context.new_page()
                        page.set_default_timeout(300_000)
                        start = time.perf_counter()
                        query = LITE_QUERIES.get(app, "seed=1")
                        page.goto(f"{base}/voici/render/{app}.html?{query}")
                        page.locator(".cardkit-app").first.wait_for(state="visible")
                        opens.append(time.perf_counter() - start)
                        if app == "probability_lab" and attempt == 0:
                            took = _lab_run(page)
                            print(f"probability lab in the browser: {LAB_SAMPLES:,} first piles "
                                  f"in {took:.2f} s", file=sys.stderr, flush=True)
                            results["lab run"] = (took, 0.0, [])
                        if attempt == 0 and app in CLICKERS:
                            clicks = CLICKERS[app](page, args.clicks)
                        page.close()
                if outside:
                    raise SystemExit(f"the static {app} asked for addresses off the machine: "
                                     f"{outside}")
                results[app] = (opens[0], statistics.median(opens[1:]), clicks)
                print(f"measured static {app}", file=sys.stderr, flush=True)
        results["site"] = (site_size_mb(workdir / "site"), built, [])
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(workdir, ignore_errors=True)
    return results


def _print_lite(lite: dict[str, tuple[float, float, list[float]]],
                voila: dict[str, tuple[list[float], list[float], float]]) -> None:
    size, built = lite["site"][:2]
    print(f"\nStatic site (cardkit lite): {size:.0f} MB, built in {built:.0f} s (downloads "
          "cached); Python in the page; warm open: the median of the views after the first "
          "(--opens - 1); beside the Voila figures of this run")
    print(f"{'app':<16}{'cold open':>12}{'warm open':>12}{'click p50':>12}{'click p95':>12}"
          f"{'Voila open':>13}{'Voila p95':>12}")
    for app in LITE_APPS:
        cold, warm, clicks = lite[app]
        click_cols = (f"{_ms(_percentile(clicks, 0.5)):>12}{_ms(_percentile(clicks, 0.95)):>12}"
                      if clicks else f"{'-':>12}{'-':>12}")
        if app in voila:
            opens, voila_clicks, _memory = voila[app]
            voila_cols = (f"{statistics.median(opens):>11.2f} s"
                          f"{_ms(_percentile(voila_clicks, 0.95)) if voila_clicks else '-':>12}")
        else:
            voila_cols = f"{'-':>13}{'-':>12}"
        print(f"{app:<16}{cold:>10.2f} s{warm:>10.2f} s{click_cols}{voila_cols}")
    took = lite["lab run"][0]
    verdict = "within" if took < 20 else "over"
    print(f"probability lab's first-pile question in the page (pure Python), {LAB_SAMPLES:,} "
          f"samples from Run to Done: {took:.2f} s ({verdict} the aim of 20 s)")
    print("aims (static): warm open < 5 s, cold open < 20 s, click p95 < 250 ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=3, help="page loads per app (3)")
    parser.add_argument("--clicks", type=int, default=30, help="timed clicks per app (30)")
    parser.add_argument("--only", choices=("voila", "lite"), default=None,
                        help="measure only the Voila apps or only the static site")
    args = parser.parse_args()
    if not os.access(CHROMIUM, os.X_OK):
        print(f"no Chromium at {CHROMIUM}: apt-get install chromium, or set CARDKIT_CHROMIUM")
        return 1
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} "
          f"{load[2]:.1f} (1, 5, 15 min) at the start")
    voila = {} if args.only == "lite" else _voila(args)
    if args.only != "voila":
        _print_lite(_lite(args), voila)
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    return 0


def _voila(args: argparse.Namespace) -> dict[str, tuple[list[float], list[float], float]]:

    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-"))
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, workdir)
    baseline = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BASELINE)])
    baseline.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(baseline, workdir / "baseline.ipynb")
    apps = ["baseline", *sorted(p.stem for p in workdir.glob("*.ipynb")
                                if p.stem not in ("index", "baseline"))]

    port = _free_port()
    log = (workdir / "voila.log").open("wb")
    server = subprocess.Popen(voila_command(workdir, port, cull_idle=30), env=voila_env(),
                              stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/voila/render/baseline.ipynb", timeout=5).close()
                break
            except OSError:
                time.sleep(0.2)
        voila = psutil.Process(server.pid)
        results = {}
        extra: dict[str, tuple[list[float], float]] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for app in apps:
                opens, clicks, memory = [], [], 0.0
                for attempt in range(args.opens):
                    context = browser.new_context(viewport={"width": 1280, "height": 900})
                    page = context.new_page()
                    page.set_default_timeout(90_000)
                    before = set(_kernel_memory(voila))
                    query = QUERIES.get(app, "seed=1")
                    start = time.perf_counter()
                    page.goto(f"{base}/voila/render/{app}.ipynb?{query}")
                    page.locator(".cardkit-app").first.wait_for(state="visible")
                    opens.append(time.perf_counter() - start)
                    if attempt == 0 and app in CLICKERS:
                        clicks = CLICKERS[app](page, args.clicks)
                    if attempt == 0:
                        kernels = _kernel_memory(voila)
                        new = [pid for pid in kernels if pid not in before]
                        memory = max((kernels[pid] for pid in new), default=0.0)
                        if app == "xeri_table":
                            rounds = _xeri_round(page)
                            after = _kernel_memory(voila)
                            extra["xeri round"] = (rounds, max(after[pid] for pid in new))
                    page.close(run_before_unload=True)
                    context.close()
                results[app] = (opens, clicks, memory)
                print(f"measured {app}", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)

    base_open = statistics.median(results["baseline"][0])
    base_click = statistics.median(results["baseline"][1])
    base_memory = results["baseline"][2]
    print(f"\nVoila apps in Chromium ({args.opens} page loads, {args.clicks} clicks per app);"
          " ratios against the bare-widget baseline")
    print(f"{'app':<16}{'open (median)':>16}{'ratio':>7}{'open (max)':>13}"
          f"{'click p50':>12}{'click p95':>12}{'ratio':>7}{'kernel RSS':>13}{'ratio':>7}")
    for app, (opens, clicks, memory) in results.items():
        med = statistics.median(opens)
        click_cols = (f"{_ms(_percentile(clicks, 0.5)):>12}{_ms(_percentile(clicks, 0.95)):>12}"
                      f"{statistics.median(clicks) / base_click:>6.1f}x" if clicks
                      else f"{'-':>12}{'-':>12}{'-':>7}")
        print(f"{app:<16}{med:>14.2f} s{med / base_open:>6.1f}x{max(opens):>11.2f} s"
              f"{click_cols}{memory:>10.0f} MB{memory / base_memory:>6.1f}x")
    if "xeri round" in extra:
        plays, memory = extra["xeri round"]
        p50, slowest = _ms(_percentile(plays, 0.5)).strip(), _ms(max(plays)).strip()
        print(f"\nXeri, South's 12 plays of a round (bot_delay=0), from Play to the bots' "
              f"answers shown: p50 {p50}; slowest {slowest} (the round's end: scoring and the "
              f"first plotly charts); kernel RSS with the charts {memory:.0f} MB")
    print("aims: open < 5 s with a cold kernel; click-to-update p95 < 250 ms")
    return results


if __name__ == "__main__":
    sys.exit(main())
