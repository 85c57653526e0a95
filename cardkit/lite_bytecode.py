"""The static site's wheels compiled to bytecode by the page's own Python, so pages import faster.

A page's Python starts with an empty file system in memory each time it opens, so every module
it imports from a wheel of source files is compiled again: IPython (which the Pyodide kernel
imports as it starts), ipywidgets, anywidget, plotly. Pyodide's own packages ship compiled
instead (``.pyc`` files in place of the sources), and this module does the same for the pure
wheels from PyPI, with Pyodide's own interpreter run by Node.js from the npm package, so that
the bytecode is exactly the version the page runs (a CPython of the same minor version would
do, but the machine building the site need not have one).

    >>> compile_wheels(wheels, pyodide_dir, dest)      # doctest: +SKIP
    [PosixPath('dest/ipython-9.15.0-py3-none-any.whl'), ...]

Each compiled wheel keeps its name and metadata, holds ``module.pyc`` where the source was
(the layout Python imports without a source, PEP 3147's "sourceless" files) and lists the new
files with their hashes in its ``RECORD``. A file that does not compile (test data written for
Python 2, say) keeps its source. Tracebacks in the page still name the files and lines; only the
source lines are missing from them, as with Pyodide's own packages.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["compile_wheels"]

# Run in Pyodide: every wheel of /io/in rewritten into /io/out with its .py files compiled.
_COMPILE = r"""
import base64, hashlib, importlib._bootstrap_external as external, io, json, warnings, zipfile
from pathlib import Path

SITE = "/lib/python3.13/site-packages/"
warnings.simplefilter("ignore")  # old escape sequences in packages' test files


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


done = []
for wheel in sorted(Path("/io/in").glob("*.whl")):
    files, record = {}, None
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            data = archive.read(info)
            name = info.filename
            if name.endswith(".dist-info/RECORD"):
                record = name
                continue
            if name.endswith(".py") and not name.split("/")[0].endswith(".data"):
                try:
                    code = compile(data, SITE + name, "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    files[name] = data
                    continue
                files[name + "c"] = bytes(external._code_to_timestamp_pyc(code, 0, len(data)))
            else:
                files[name] = data
    lines = [record_line(name, data) for name, data in files.items()]
    if record is not None:
        lines.append(f"{record},,")
    files[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(Path("/io/out") / wheel.name, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    done.append(wheel.name)
print(json.dumps(done))
"""

_NODE = r"""
const { loadPyodide } = require(process.argv[2] + "/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: process.argv[2] + "/" });
  pyodide.FS.mkdirTree("/io");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: process.argv[3] }, "/io");
  pyodide.setStdout({ batched: (line) => console.log(line) });
  pyodide.runPython(require("fs").readFileSync(process.argv[4], "utf8"));
})().catch((error) => { console.error(String(error)); process.exit(1); });
"""


def compile_wheels(wheels: list[Path], pyodide_dir: Path, dest: Path) -> list[Path]:
    """``wheels`` compiled to bytecode for the Pyodide in ``pyodide_dir``, written into ``dest``
    under their own names; the new wheels, in the order given. Needs Node.js."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise OSError("compiling the static site's wheels needs Node.js (Debian: apt-get "
                      "install nodejs, which npm brings)")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardkit-bytecode-") as tmp:
        io_dir = Path(tmp)
        (io_dir / "in").mkdir()
        (io_dir / "out").mkdir()
        for wheel in wheels:
            shutil.copy(wheel, io_dir / "in" / wheel.name)
        script, program = io_dir / "compile.js", io_dir / "compile.py"
        script.write_text(_NODE)
        program.write_text(_COMPILE)
        done = subprocess.run([node, str(script), str(pyodide_dir.resolve()), str(io_dir),
                               str(program)], capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
            raise OSError(f"compiling the static site's wheels in Pyodide failed:\n{tail}")
        compiled = json.loads(done.stdout.strip().splitlines()[-1])
        if sorted(compiled) != sorted(w.name for w in wheels):
            raise OSError(f"Pyodide compiled {compiled}, not every wheel given")
        for wheel in wheels:
            shutil.move(io_dir / "out" / wheel.name, dest / wheel.name)
    return [dest / wheel.name for wheel in wheels]
