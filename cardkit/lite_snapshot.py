"""A saved memory image of the static site's started kernel, with the apps' modules imported, and
the files its Python needs, so that a page's Python starts from them.

Without it, a page's web worker spends about 6 CPU-seconds, one after another, before the app
shows: Pyodide's start (the interpreter, the standard library), unpacking the wheels, ``import
IPython``, the kernel's shell, and the app cell's imports of cardkit. `make_snapshot` does all
of that once, at build time, with the site's own Pyodide run by Node.js, and saves two files:

- **the image**: Pyodide's memory (about 30 MB; 9 MB gzipped), with the kernel started and the
  modules that the static gallery's notebooks import (`app_modules`: cardkit's apps) imported;
- **the files**: everything the wheels loaded at start put into site-packages (and the
  bytecode Python wrote there for cardkit's modules), one gzipped stream (`pack` format below).

Both are named by a key of everything they are made from (`install_snapshot`: the built site's
key, the cardkit wheel's hash, the modules), and ``static/pyodide/kernel-image.json`` (`INDEX`,
rewritten by every build and revalidated by browsers) names them: a browser never pairs an image
with another build's cardkit, since another build's image has another name. The wheels the files
replace are left out of the site (the site stays under its size bound).

`patch_worker` changes the Pyodide kernel's web-worker code so that it reads `INDEX`, fetches both
files (unpacked with the browser's ``DecompressionStream``), passes the image to ``loadPyodide``
(``_loadSnapshot``) and writes the files into Pyodide's file system with a few JavaScript calls,
instead of Pyodide fetching and unpacking some thirty wheels in Python at every start. If the
image is missing or anything in that start fails (an image from another Pyodide is refused by
Pyodide's own build-id check), it starts Python afresh, with the same files; without `INDEX`
(a site built without Node.js) it starts as the kernel always did, from the wheels.

What the image cannot hold, and how each is handled:

- **Files.** Pyodide's memory image holds Python's objects (the modules already imported), not
  the in-memory file system: hence the second file, written before any Python runs.
- **JavaScript objects Python held when the image was made.** Two, both Pyodide's own API (the
  ``pyodide_js`` module and its ``loadPackagesFromImports``, which the kernel imports); the image
  names them (``{"cardkit": "pyodide"}``) and the worker hands the page's own back. Anything
  else makes `make_snapshot` refuse, and the site is built without an image.
- **Pyodide's record of loaded packages** must be as a fresh start has it, or Pyodide refuses the
  image ("Unexpected hiwire entry"): it is emptied before saving; the worker fills it from the
  files' header once they are written, so that the kernel and ``loadPackagesFromImports`` load
  none of them again.
- **What was set up for the build's own addresses.** ``import cardkit.widgets`` puts the finder of
  plotly's lazily loaded wheels (`cardkit.lite_loader`) into ``sys.meta_path`` with the
  addresses of the build's Pyodide: it is taken out before saving, and put back after the start
  with the page's addresses.
- **Random state.** Every page would start with the same state of Python's ``random`` module;
  the worker reseeds it from the browser's entropy right after the start. (The apps' fresh
  deals come from ``random.SystemRandom``, the browser's entropy, which no image holds; Python's
  string-hash key is in the image too, so every page hashes strings alike: harmless in a page.)
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["AFTER_IMAGE", "INDEX", "app_modules", "files_header", "install_snapshot",
           "make_snapshot", "patch_worker", "snapshot_key"]

INDEX = "kernel-image.json"
"""In the site's ``static/pyodide/``: the names of the image and files the worker starts from."""

# Run by Node.js with the site's Pyodide: what the Pyodide kernel 0.7.0 does as it starts
# (`initPackageManager`, `initKernel`), the widget libraries and the apps' modules; then the
# image and the files. Arguments: the site's Pyodide folder, the packages to load, the modules
# to import, the two output files.
_NODE = r"""
const fs = require("fs");
const [dir, packagesJson, modulesJson, imageOut, filesOut] = process.argv.slice(2);
const { loadPyodide } = require(dir + "/pyodide.js");
(async () => {
  const py = await loadPyodide({ indexURL: dir + "/", packages: JSON.parse(packagesJson),
                                 _makeSnapshot: true });
  const loaded = { ...py.loadedPackages };
  await py.runPythonAsync(`
import piplite.piplite
piplite.piplite._PIPLITE_DISABLE_PYPI = True
piplite.piplite._PIPLITE_URLS = []
import pyodide_kernel
import ipywidgets, anywidget


def _cardkit_prepare():
    import compileall, importlib, os

    import cardkit
    import cardkit.lite_loader as loader

    # bytecode beside cardkit's sources (the files keep their times): what a page imports
    # later (a chart, a hint) is not compiled in the page
    compileall.compile_dir(os.path.dirname(cardkit.__file__), quiet=1)

    # No finder of plotly's lazily loaded wheels: it would hold this build's addresses (the
    # page puts its own in), and a module importing plotly as it is imported is left out.
    install, loader.install = loader.install, lambda: False
    left_out = []
    try:
        for name in ${modulesJson}:
            try:
                importlib.import_module(name)
            except ImportError as error:
                left_out.append(f"{name} ({error})")
        # every game's spec, as an app asks for it (its package, picture and analyst)
        from cardkit.games import game_names, get_game

        for name in game_names():
            try:
                get_game(name)
            except ImportError as error:
                left_out.append(f"the game {name} ({error})")
    finally:
        loader.install = install
    return left_out


_cardkit_left_out = _cardkit_prepare()
del _cardkit_prepare
`);
  const leftOut = py.globals.get("_cardkit_left_out").toJs();
  py.runPython("del _cardkit_left_out");
  console.log(JSON.stringify(leftOut));
  // The files: site-packages as the wheels and the imports left it, one stream (see `pack`).
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const dirs = [], files = [], chunks = [];
  const walk = (folder) => {
    dirs.push(folder);
    for (const name of py.FS.readdir(folder).sort()) {
      if (name === "." || name === "..") continue;
      const file = folder + "/" + name, stat = py.FS.stat(file);
      if (py.FS.isDir(stat.mode)) { walk(file); continue; }
      const data = py.FS.readFile(file);
      const mtime = stat.mtime instanceof Date ? stat.mtime.getTime() : Number(stat.mtime);
      // sources keep their time, so that the bytecode Python wrote for them stays valid
      files.push([file, data.length, file.endsWith(".py") ? mtime : null]);
      chunks.push(data);
    }
  };
  walk(site);
  const header = Buffer.from(JSON.stringify({ loaded, dirs, files }));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length);
  fs.writeFileSync(filesOut, Buffer.concat([size, header, ...chunks]));
  // Pyodide compares this record with a fresh start's when it restores the image.
  for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
  const foreign = [];
  const image = py.makeMemorySnapshot({ serializer: (value) => {
    if (value === py) return { cardkit: "pyodide" };
    if (value === py.loadPackagesFromImports) return { cardkit: "loadPackagesFromImports" };
    foreign.push(String(value).slice(0, 80));
    return { cardkit: "unknown" };
  } });
  if (foreign.length) throw new Error("JavaScript objects that cannot be restored: " + foreign);
  fs.writeFileSync(imageOut, image);
})().catch((error) => {
  console.error(error.type || "", error.message || String(error));  // a PythonError's type
  process.exit(1);
});
"""


# Modules the apps import as they open, not at their top level (measured with each app built in
# CPython: the replay viewer's analyst, every app's language switch; the games' pictures,
# specs and analysts come from the
# registry, whose every game the image asks for): imported into the image too. A name that no
# longer imports is left out of the image, and the build's cache says so.
OPENING_MODULES = ("cardkit.games", "cardkit.analysis", "cardkit.pimc", "statistics",
                   "cardkit.widgets.language_switch")


def app_modules(contents: Path) -> list[str]:
    """The modules that the notebooks in ``contents`` import at their top level, the cardkit
    ones (the apps the static gallery shows), and `OPENING_MODULES`: imported into the image."""
    found: dict[str, None] = {}
    for notebook in sorted(contents.glob("*.ipynb")):
        cells = json.loads(notebook.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        for node in ast.walk(ast.parse(code)):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     and not node.level else [])
            found.update((name, None) for name in names if name.split(".")[0] == "cardkit")
    return [*found, *(name for name in OPENING_MODULES if name not in found)]


def snapshot_key(site_key: str, cardkit_wheel: Path, modules: Iterable[str]) -> str:
    """The key the image and files are named and cached by: the built site's key (its pins,
    tools and this module's code), the cardkit wheel's hash and the modules imported."""
    digest = hashlib.sha256(f"{site_key}\0{json.dumps(list(modules))}\0".encode())
    digest.update(hashlib.sha256(cardkit_wheel.read_bytes()).digest())
    return digest.hexdigest()[:16]


def make_snapshot(pyodide: Path, packages: list[str], modules: list[str],
                  dest: Path) -> tuple[Path, Path]:
    """The started kernel's memory image and its files for the site's Pyodide folder
    ``pyodide`` (these ``packages`` loaded from it, these ``modules`` imported), gzipped into
    ``dest`` as ``image.bin.gz`` and ``files.bin.gz``. Needs Node.js; raises OSError when the
    image cannot be made (the site then works without it)."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise OSError("the kernel's saved image is made with Node.js (apt-get install nodejs)")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardkit-snapshot-") as tmp:
        script, image, files = Path(tmp) / "snapshot.js", Path(tmp) / "image", Path(tmp) / "files"
        script.write_text(_NODE)
        done = subprocess.run([node, str(script), str(pyodide.resolve()), json.dumps(packages),
                               json.dumps(modules), str(image), str(files)],
                              capture_output=True, text=True)
        if done.returncode != 0 or not image.is_file() or not files.is_file():
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-6:])
            raise OSError(f"the kernel's saved image was not made:\n{tail}")
        left_out = json.loads(done.stdout.strip().splitlines()[-1])
        made = []
        for raw, name in ((image, "image.bin.gz"), (files, "files.bin.gz")):
            with raw.open("rb") as source, gzip.GzipFile(dest / name, "wb", compresslevel=6,
                                                          mtime=0) as packed:
                shutil.copyfileobj(source, packed, 1 << 20)
            made.append(dest / name)
        # what the page imports as the app opens instead (plotly's importers: its wheels load
        # at their first import, and the image holds no files)
        (dest / "left-out.json").write_text(json.dumps(left_out, indent=1))
    return made[0], made[1]


def files_header(files: Path) -> dict[str, Any]:
    """The header of a gzipped files stream: ``loaded`` (Pyodide's record of the packages in
    it), ``dirs`` and ``files`` ([path, size, mtime or None] in the order of their bytes)."""
    with gzip.open(files, "rb") as stream:
        size = int.from_bytes(stream.read(4), "little")
        return json.loads(stream.read(size))


def install_snapshot(site: Path, image: Path, files: Path, key: str) -> list[str]:
    """Put ``image`` and ``files`` into the built ``site`` under names of ``key``, name them in
    `INDEX`, and take out the wheels the files replace; those wheels' names."""
    pyodide = site / "static" / "pyodide"
    names = {"image": f"kernel-image-{key}.bin.gz", "files": f"kernel-files-{key}.bin.gz"}
    shutil.copy(image, pyodide / names["image"])
    shutil.copy(files, pyodide / names["files"])
    from packaging.utils import canonicalize_name

    lock = {canonicalize_name(name): entry for name, entry
            in json.loads((pyodide / "pyodide-lock.json").read_text())["packages"].items()}
    removed = []
    for name in files_header(files)["loaded"]:
        wheel = pyodide / lock[canonicalize_name(name)]["file_name"]
        if wheel.is_file():
            wheel.unlink()
            removed.append(wheel.name)
    (pyodide / INDEX).write_text(json.dumps(names))
    return removed


# Writes the saved files (a stream: a 4-byte header size, the JSON header, then the files' bytes
# in the header's order) into a started Pyodide's file system, and gives back the header. One
# copy for the patched worker (`_START`) and for `benchmarks/bench_lite_cpu.py`, which replays
# the worker's start under Node.js.
WRITE_FILES_JS = """(api, bytes) => {
    const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size)));
    let at = 4 + size;
    for (const folder of header.dirs) api.FS.mkdirTree(folder);
    for (const [file, length, mtime] of header.files) {
      api.FS.writeFile(file, bytes.subarray(at, at + length), { canOwn: true });
      if (mtime !== null) api.FS.utime(file, mtime, mtime);
      at += length;
    }
    // as if Pyodide had loaded them: nothing loads them again
    Object.assign(api.loadedPackages, header.loaded);
    return header;
  }"""

# Appended to the kernel's worker code: start Pyodide from the image and the files, or as before.
_START = """
;self.__cardkitStart = async function (load, options) {
  // cardkit.lite_snapshot: start from the kernel's saved image and files when there are some.
  const base = options.indexURL || self.location.href;
  const gunzip = async (name) => {
    const response = await fetch(new URL(name, base));
    if (!response.ok) throw new Error(name + ": HTTP " + response.status);
    const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  };
  const writeFiles = %(write_files)s;
  let saved = null;
  try {
    const index = await fetch(new URL("%(index)s", base));
    if (index.ok) saved = await index.json();
  } catch (error) {
    saved = null;
  }
  if (!saved) {
    console.warn("cardkit: starting Python afresh (no saved kernel image in this site)");
    return await load(options);
  }
  // Both download while Pyodide fetches its own files (it awaits the image when it needs it).
  const files = gunzip(saved.files);
  const image = gunzip(saved.image);
  files.catch(() => {});
  image.catch(() => {});
  const bare = { ...options, packages: [] };
  try {
    let api = null;
    const restore = (named) => named.cardkit === "pyodide"
      ? new Proxy({}, { get: (_t, key) => api[key], has: (_t, key) => key in api })
      : (...args) => api.loadPackagesFromImports(...args);
    api = await load({ ...bare, _loadSnapshot: image, _snapshotDeserializer: restore });
    writeFiles(api, await files);
    api.runPython(`%(after)s`);
    return api;
  } catch (error) {
    console.warn("cardkit: starting Python afresh (no saved kernel image:", String(error), ")");
  }
  const api = await load(bare);
  writeFiles(api, await files);
  api.runPython("import importlib; importlib.invalidate_caches()");
  return api;
};
"""
# Python run right after the start from the image: fresh random state for this page, the import
# system told of the files just written, plotly's lazy wheels' finder with the page's
# addresses (`cardkit.lite_loader`; the image holds none), and sys.path without the second
# "" that Pyodide's start adds to the image's (each "" costs an import a look at the current
# folder, which in a page is the contents drive: a request to the page).
AFTER_IMAGE = ("import importlib, random, sys; random.seed(); importlib.invalidate_caches(); "
               "sys.path[:] = list(dict.fromkeys(sys.path)); "
               "'cardkit.lite_loader' in sys.modules and "
               "sys.modules['cardkit.lite_loader'].install(); del importlib, random, sys")
# The kernel's one call of loadPyodide in its worker code (0.7.0, both of its workers).
_LOAD_CALL = r"this\._pyodide=await (\w+)\(\{indexURL:"
_STARTED = r"this._pyodide=await self.__cardkitStart(\1,{indexURL:"


def patch_worker(site: Path) -> list[Path]:
    """The Pyodide kernel's worker code in the built ``site`` made to start from the image
    `INDEX` names; the files patched. Raises OSError if the kernel's code is not as expected
    (its pin moved)."""
    static = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    load_call = re.compile(_LOAD_CALL)
    patched = {}
    for script in sorted(static.glob("*.js")):
        text = script.read_text()
        if len(load_call.findall(text)) == 1:
            started = load_call.sub(_STARTED, text)
            patched[script] = started + _START % {"index": INDEX, "after": AFTER_IMAGE,
                                                   "write_files": WRITE_FILES_JS}
    if len(patched) != 2:  # its worker, and the one for cross-origin-isolated pages
        raise OSError(f"the Pyodide kernel's worker code was not found as expected in {static} "
                      f"(found {len(patched)} files, expected 2): update cardkit/lite_snapshot")
    for script, text in patched.items():
        script.write_text(text)
    return list(patched)
