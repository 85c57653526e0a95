"""Where a static-site page's first view spends its CPU (a benchmark, not a test): CPU seconds,
which a loaded machine changes far less than wall time.

    .venv/bin/python benchmarks/bench_lite_cpu.py [--site DIR] [--app xeri_table]
                                                  [--node-only | --browser-only] [--views 2]

Builds the site (`cardkit lite`, cached) unless ``--site`` names a built one, then:

1. **Python's start, phase by phase, under Node.js**: the site's own Pyodide (from the npm
   package) replays what the Pyodide kernel 0.7.0 does as a page opens (Pyodide's start, the
   wheels it loads at start, piplite's set-up, IPython, the kernel's shell), then the app
   notebook's imports and building its widget, with ``process.cpuUsage()`` around each phase.
2. **The browser**: the app's page opened in Debian's Chromium with a profile on disk, cold and
   then warm (the browser's cache and V8's code caches filled: `warm_browser`), with the CPU
   seconds of every Chromium thread summed by thread name from /proc (the page's main thread,
   the web worker that runs Python, V8's compile threads, ...) from opening to the app's first
   view.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardkit.lite_snapshot import AFTER_IMAGE, WRITE_FILES_JS

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
QUERIES = {"xeri_table": "seed=3&bot_delay=0", "zion_table": "seed=9&bot_delay=0",
           "replay_viewer": "game=xeri&seed=1", "meld_checker": "seed=1",
           "probability_lab": "question=xeri_redeal&n=2000&seed=1"}

_NODE = r"""
const path = require("path"), fs = require("fs");
const [site, cellsFile] = process.argv.slice(2);
const dir = path.join(site, "static/pyodide");
const settings = require(path.join(site, "jupyter-lite.json"))["jupyter-config-data"]
  .litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const packages = settings.loadPyodideOptions.packages;
const { loadPyodide } = require(path.join(dir, "pyodide.js"));
const AFTER_IMAGE = process.argv[5];
const cells = JSON.parse(fs.readFileSync(cellsFile, "utf8"));
let last = process.cpuUsage(), lastWall = performance.now();
const rows = [];
function mark(name) {
  const now = process.cpuUsage(), wall = performance.now();
  rows.push([name, (now.user - last.user + now.system - last.system) / 1e6,
             (wall - lastWall) / 1000]);
  last = process.cpuUsage(); lastWall = performance.now();
}
const index = path.join(dir, "kernel-image.json");
const saved = fs.existsSync(index) ? JSON.parse(fs.readFileSync(index, "utf8")) : null;
const gunzip = (name) => require("zlib").gunzipSync(fs.readFileSync(path.join(dir, name)));
const writeStream = /*WRITE_FILES_JS*/;
function writeFiles(py, files) {  // as the patched worker does (cardkit.lite_snapshot)
  const header = writeStream(py, files);
  return `the ${header.files.length} files of the ${Object.keys(header.loaded).length} wheels ` +
         "written (the saved files)";
}
(async () => {
  let py;
  if (process.argv[4] === "image" && saved) {
    // as the patched worker does (cardkit.lite_snapshot): the saved image, then its files
    const bytes = gunzip(saved.image), files = gunzip(saved.files);
    mark("unpacking the kernel's saved image and files (gzip)");
    const restore = (named) => named.cardkit === "pyodide"
      ? new Proxy({}, { get: (_t, key) => py[key], has: (_t, key) => key in py })
      : (...args) => py.loadPackagesFromImports(...args);
    py = await loadPyodide({ indexURL: dir + "/", _loadSnapshot: bytes,
                             _snapshotDeserializer: restore });
    mark("Pyodide's start from the image (the kernel, widgets, apps imported)");
    mark(writeFiles(py, files));
    py.runPython(AFTER_IMAGE);
    mark("reseeding, plotly's finder (cardkit.lite_snapshot.AFTER_IMAGE)");
    await py.runPythonAsync("import piplite.piplite, pyodide_kernel, IPython");
    mark("the kernel's set-up and shell (imported already)");
  } else {
  py = await loadPyodide({ indexURL: dir + "/" });
  mark("Pyodide's start (interpreter, standard library)");
  if (saved) {  // the site holds the saved files in place of the wheels they replace
    mark(writeFiles(py, gunzip(saved.files)));
  } else {
    await py.loadPackage(packages, { messageCallback: () => {} });
    mark(`the ${packages.length} wheels loaded at start (unpacked)`);
  }
  await py.runPythonAsync("import piplite.piplite\npiplite.piplite._PIPLITE_DISABLE_PYPI = True");
  mark("piplite's set-up (the kernel's initPackageManager)");
  await py.runPythonAsync("import IPython");
  mark("import IPython");
  await py.runPythonAsync("import pyodide_kernel");
  mark("the kernel's shell (import pyodide_kernel)");
  }
  await py.runPythonAsync(`
import comm, ipywidgets, anywidget
class _Comm(comm.base_comm.BaseComm):  # no page to send to
    def publish_msg(self, *a, **k): pass
comm.create_comm = lambda *a, **k: _Comm(*a, **k)`);
  mark("import ipywidgets, anywidget");
  await py.runPythonAsync(cells.imports);
  mark("the app cell's imports (cardkit)");
  await py.runPythonAsync(cells.build);
  mark("building the app's widgets");
  console.log(JSON.stringify(rows));
})().catch((e) => { console.error(String(e)); process.exit(1); });
""".replace("/*WRITE_FILES_JS*/", WRITE_FILES_JS)


def _cells(app: str) -> dict[str, str]:
    notebook = json.loads((ROOT / "notebooks" / f"{app}.ipynb").read_text())
    code = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    imports = code.rpartition("show_app(")[0]
    build = (f"from urllib.parse import parse_qsl\n"
             f"_app = app(dict(parse_qsl({QUERIES.get(app, '')!r})))")
    return {"imports": imports, "build": build}


def node_phases(site: Path, app: str, image: bool = True) -> list[tuple[str, float, float]]:
    """(phase, CPU seconds, wall seconds) of Python's start and the app's first cell."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise SystemExit("needs Node.js")
    with tempfile.TemporaryDirectory() as tmp:
        script, cells = Path(tmp) / "phases.js", Path(tmp) / "cells.json"
        script.write_text(_NODE)
        cells.write_text(json.dumps(_cells(app)))
        done = subprocess.run([node, str(script), str(site), str(cells),
                               "image" if image else "afresh", AFTER_IMAGE],
                              capture_output=True, text=True, check=True)
    # the figures' line; Pyodide may say more after it (the lab's background load of plotly)
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("[[")][-1:]
    return [tuple(row) for row in json.loads(line)]


def _descendants() -> set[str]:
    """The ids of this process's descendants (its browser's processes, not other browsers')."""
    parents = {}
    for proc in Path("/proc").iterdir():
        try:
            stat = (proc / "stat").read_text()
            parents[proc.name] = stat[stat.rindex(")") + 2:].split()[1]
        except (OSError, ValueError, IndexError):
            continue
    mine, grew = {str(os.getpid())}, True
    while grew:
        new = {pid for pid, parent in parents.items() if parent in mine} - mine
        mine |= new
        grew = bool(new)
    return mine - {str(os.getpid())}


def _chromium_threads() -> dict[tuple[str, str], tuple[str, float]]:
    """CPU seconds so far of every thread of this process's Chromium: (process, thread) ->
    (thread name, seconds). By thread, not by name: a thread that ended since (a closed page's
    web worker) must not take its seconds off a new one of the same name."""
    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[tuple[str, str], tuple[str, float]] = {}
    for pid in _descendants():
        proc = Path("/proc") / pid
        try:
            if "chromium" not in (proc / "cmdline").read_bytes().split(b"\0")[0].decode():
                continue
            for task in (proc / "task").iterdir():
                stat = (task / "stat").read_text()
                name = stat[stat.index("(") + 1:stat.rindex(")")]
                fields = stat[stat.rindex(")") + 2:].split()
                found[pid, task.name] = (name, (int(fields[11]) + int(fields[12])) / ticks)
        except (OSError, ValueError, IndexError):
            continue
    return found


# Every address but the site's goes to a proxy on a closed port, so nothing outside is reached
# without Playwright's request interception, which would switch the browser's cache off.
OFFLINE_PROXY = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}


@contextlib.contextmanager
def warm_browser(playwright: Any, base: str) -> Iterator[tuple[Any, list[str]]]:
    """A Chromium with a profile on disk, as a student's browser has, and the requests it made
    off ``base``. Its cache keeps Pyodide's 8.6 MB WebAssembly and V8's code compiled from it
    between views; a fresh Playwright context (a private window: the cache in memory, too small
    for that file) and request interception (which switches the cache off) both fetch and
    compile everything on every view, so they measure no warm view at all."""
    profile = tempfile.mkdtemp(prefix="cardkit-lite-profile-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=FLAGS, proxy=OFFLINE_PROXY,
        viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    context.on("request", lambda request: request.url.startswith((base + "/", "blob:", "data:"))
               or outside.append(request.url))
    try:
        yield context, outside
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def browser_cpu(site: Path, app: str, views: int = 2) -> list[tuple[float, Counter[str]]]:
    """(wall seconds, CPU seconds by thread name) of the cold and the warm first views."""
    from playwright.sync_api import sync_playwright

    from cardkit.lite import serve_site

    server = serve_site(site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    results = []
    try:
        with sync_playwright() as playwright, warm_browser(playwright, base) as (context,
                                                                                 outside):
            for _view in range(views):
                page = context.new_page()
                page.set_default_timeout(300_000)
                before, start = _chromium_threads(), time.perf_counter()
                page.goto(f"{base}/voici/render/{app}.html?{QUERIES.get(app, '')}")
                page.locator(".cardkit-app").first.wait_for(state="visible")
                wall = time.perf_counter() - start
                after = _chromium_threads()
                spent: Counter[str] = Counter()
                for key, (name, cpu) in after.items():
                    spent[name] += cpu - before.get(key, (name, 0.0))[1]
                results.append((wall, spent))
                page.close()
            if outside:
                raise SystemExit(f"the page asked for addresses off the machine: {outside}")
    finally:
        server.shutdown()
        server.server_close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=None, help="a built site (default: build one)")
    parser.add_argument("--app", default="xeri_table", choices=sorted(QUERIES))
    parser.add_argument("--node-only", action="store_true", help="skip the browser")
    parser.add_argument("--browser-only", action="store_true", help="skip Node.js")
    parser.add_argument("--afresh", action="store_true",
                        help="under Node.js, start Python afresh even if the site has the "
                             "kernel's saved image")
    parser.add_argument("--views", type=int, default=2,
                        help="first views in one browser: a cold one, then warm ones (2)")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the start")
    tmp = None
    if args.site:
        site = Path(args.site)
    else:
        from cardkit.lite import build_site

        tmp = Path(tempfile.mkdtemp(prefix="cardkit-lite-cpu-"))
        site = tmp / "site"
        build_site(site, notebooks=ROOT / "notebooks", log=False)
    try:
        if not args.browser_only:
            rows = node_phases(site, args.app, image=not args.afresh)
            print(f"\nPython's start and {args.app}'s first cell under Node.js (Pyodide {site}):")
            for name, cpu, wall in rows:
                print(f"  {name:<52} {cpu:6.2f} CPU-s {wall:7.2f} s wall")
            print(f"  {'total':<52} {sum(r[1] for r in rows):6.2f} CPU-s")
        if not args.node_only:
            views = browser_cpu(site, args.app, max(args.views, 1))
            for n, (wall, threads) in enumerate(views):
                label = "cold" if n == 0 else "warm"
                print(f"\nChromium, {label} first view of {args.app}: {wall:.2f} s wall, "
                      f"{sum(threads.values()):.2f} CPU-s in all; by thread:")
                for name, cpu in threads.most_common(8):
                    print(f"  {name:<24} {cpu:6.2f} CPU-s")
        print(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
