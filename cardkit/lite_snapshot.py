"""A saved memory image of the static site's started kernel, so that a page's Python starts from it.

Without it, a page's web worker spends about 5 CPU-seconds, one after another, before the app's
own cell runs: Pyodide's start (the interpreter, the standard library), unpacking the wheels,
``import IPython`` and the kernel's shell. `make_snapshot` does all of that once, at build time,
with the site's own Pyodide run by Node.js, and saves Pyodide's memory (about 30 MB; 9 MB
gzipped) as ``static/pyodide/kernel-snapshot.bin.gz`` (`SNAPSHOT`). `patch_worker` changes the
Pyodide kernel's web-worker code so that it fetches that file, unpacks it with the browser's
``DecompressionStream`` and passes it to ``loadPyodide`` (``_loadSnapshot``), and falls back to the
normal start if the file is missing or anything in that start fails (an image from another
Pyodide is refused by Pyodide's own build-id check, so it falls back too).

What the image cannot hold, and how each is handled:

- **Files.** Pyodide's memory image holds Python's objects (the modules already imported), not
  the in-memory file system, so the page still loads the wheels (``loadPyodideOptions.packages``,
  as before): modules imported later (plotly, a lazily imported submodule) find their files.
- **JavaScript objects Python held when the image was made.** Two, both Pyodide's own API (the
  ``pyodide_js`` module and its ``loadPackagesFromImports``, which the kernel imports); the image
  names them (``{"cardkit": "pyodide"}``) and the worker hands the page's own back. Anything
  else makes `make_snapshot` refuse, and the site is built without an image.
- **Pyodide's record of loaded packages** must be as a fresh start has it, or Pyodide refuses the
  image ("Unexpected hiwire entry"): it is emptied before saving, and the page's load of the
  wheels fills it again.
- **Random state.** Every page would start with the same state of Python's ``random`` module;
  the worker reseeds it from the browser's entropy right after the start. (Python's string-hash
  key is in the image too, so every page hashes strings alike: harmless in a page.)
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["SNAPSHOT", "make_snapshot", "patch_worker"]

SNAPSHOT = "kernel-snapshot.bin.gz"

# Run by Node.js with the site's Pyodide: what the Pyodide kernel 0.7.0 does as it starts
# (`initPackageManager`, `initKernel`), and the widget libraries every app imports; then the
# image. Argument: the site's Pyodide folder, the packages to load, the output file.
_NODE = r"""
const fs = require("fs");
const [dir, packagesJson, out] = process.argv.slice(2);
const { loadPyodide } = require(dir + "/pyodide.js");
(async () => {
  const py = await loadPyodide({ indexURL: dir + "/", packages: JSON.parse(packagesJson),
                                 _makeSnapshot: true });
  await py.runPythonAsync(`
import piplite.piplite
piplite.piplite._PIPLITE_DISABLE_PYPI = True
piplite.piplite._PIPLITE_URLS = []
import pyodide_kernel
import ipywidgets, anywidget
`);
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
  fs.writeFileSync(out, image);
})().catch((error) => { console.error(String(error)); process.exit(1); });
"""


def make_snapshot(site: Path, packages: list[str]) -> Path:
    """The started kernel's memory image for the built ``site`` (its Pyodide, these
    ``packages`` loaded), gzipped into its ``static/pyodide/`` (`SNAPSHOT`). Needs Node.js;
    raises OSError when the image cannot be made (the site then works without it)."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise OSError("the kernel's saved image is made with Node.js (apt-get install nodejs)")
    pyodide = (site / "static" / "pyodide").resolve()
    with tempfile.TemporaryDirectory(prefix="cardkit-snapshot-") as tmp:
        script, raw = Path(tmp) / "snapshot.js", Path(tmp) / "image.bin"
        script.write_text(_NODE)
        done = subprocess.run([node, str(script), str(pyodide), json.dumps(packages), str(raw)],
                              capture_output=True, text=True)
        if done.returncode != 0 or not raw.is_file():
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-6:])
            raise OSError(f"the kernel's saved image was not made:\n{tail}")
        dest = pyodide / SNAPSHOT
        with raw.open("rb") as source, gzip.GzipFile(dest, "wb", compresslevel=6,
                                                      mtime=0) as packed:
            shutil.copyfileobj(source, packed, 1 << 20)
    return dest


# Appended to the kernel's worker code: start Pyodide from the image, or as before.
_START = """
;self.__cardkitStart = async function (load, options) {
  // cardkit.lite_snapshot: start from the kernel's saved image when there is one.
  try {
    const url = new URL("%(snapshot)s", options.indexURL || self.location.href);
    const response = await fetch(url);
    if (!response.ok) throw new Error("HTTP " + response.status);
    const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
    const image = new Uint8Array(await new Response(unpacked).arrayBuffer());
    let api = null;
    const restore = (named) => named.cardkit === "pyodide"
      ? new Proxy({}, { get: (_t, key) => api[key], has: (_t, key) => key in api })
      : (...args) => api.loadPackagesFromImports(...args);
    api = await load({ ...options, _loadSnapshot: image, _snapshotDeserializer: restore });
    api.runPython("import random; random.seed()");
    return api;
  } catch (error) {
    console.warn("cardkit: starting Python afresh (no saved kernel image:", String(error), ")");
    return await load(options);
  }
};
"""
# The kernel's one call of loadPyodide in its worker code (0.7.0, both of its workers).
_LOAD_CALL = re.compile(r"this\._pyodide=await (\w+)\(\{indexURL:")
_STARTED = r"this._pyodide=await self.__cardkitStart(\1,{indexURL:"


def patch_worker(site: Path) -> list[Path]:
    """The Pyodide kernel's worker code in the built ``site`` made to start from `SNAPSHOT`;
    the files patched. Raises OSError if the kernel's code is not as expected (its pin moved)."""
    static = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    patched = {}
    for script in sorted(static.glob("*.js")):
        text = script.read_text()
        if len(_LOAD_CALL.findall(text)) == 1:
            started = _LOAD_CALL.sub(_STARTED, text)
            patched[script] = started + _START % {"snapshot": SNAPSHOT}
    if len(patched) != 2:  # its worker, and the one for cross-origin-isolated pages
        raise OSError(f"the Pyodide kernel's worker code was not found as expected in {static} "
                      f"(found {len(patched)} files, expected 2): update cardkit/lite_snapshot")
    for script, text in patched.items():
        script.write_text(text)
    return list(patched)
