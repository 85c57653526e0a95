"""``cardkit lite``: the game apps as a static site whose Python runs in each student's browser.

    cardkit lite                     build the site into build/lite (as `make lite` does)
    cardkit lite --out DIR           build it into DIR
    cardkit lite --serve             build it, then serve it on http://127.0.0.1:8000/ to try

Voici renders every app notebook of the static gallery into a page; the page starts Python
(Pyodide, in a web worker) and runs the notebook there, so any static web host, a laptop's
``python -m http.server`` or a USB stick serves a whole class, and nothing runs on a server.
The recipe (SERVERLESS.md in the project's notes has the trial it rests on):

- Pyodide's core is the npm package ``pyodide`` (`PYODIDE_NPM`), fetched with ``npm pack``;
  its lock is trimmed to the files present, and micropip (`MICROPIP`) is the one package added.
- The Python packages the pages import are pure wheels from PyPI, fetched with ``pip download``
  for Pyodide's Python and indexed in the site's ``pypi/`` folder; the Pyodide kernel is told
  never to fall back to PyPI, so a page fetches nothing from outside its own site.
- Those wheels and the kernel's own are compiled to bytecode by the site's Pyodide, run by
  Node.js (`compiled_wheels`, `cardkit.lite_bytecode`), so that a page imports IPython and the
  widget libraries without compiling them from source every time it opens. jedi (code
  completion, which no app offers) is replaced by an empty placeholder (`PLACEHOLDERS`), and
  piplite (the kernel's run-time installer, which imports micropip as the kernel starts) by a
  stand-in that installs nothing (`piplite_standin`): a page loads all it uses as it starts.
- Pyodide loads the wheels as it starts, except plotly's (`cardkit.lite_loader.LAZY`): they
  load at plotly's first import, or in the background from a table's first move, since only
  the charts need them.
- cardkit itself is a wheel of the cardkit this environment imports (a checkout's files when it
  is installed editable, as ``make lite`` does), with no dependencies: the rules core, the bots
  and the game apps are pure Python. A notebook whose cardkit imports reach numpy, pandas or
  numba (which cannot run in the browser here) is left out of the static gallery, which says so.
  The probability lab comes along: without numpy it samples in pure Python
  (`cardkit.lab_sampling`), and its gallery line says what it does differently there.
- plotly's widget code is put beside the pages, and the figure widgets name it by its address
  (`cardkit.widgets.lite_page`: anywidget gives a new widget 2 s to start, too little for
  compiling 5 MB of code a widget carries on a loaded machine).
- IPython's wheel is patched so that ``import IPython`` leaves its terminal shell (and
  prompt_toolkit) out (`cardkit.lite_patches`), and the kernel's start, with the apps' modules
  imported, is saved as a memory image and the files it needs, which the pages start Python
  from (`cardkit.lite_snapshot`, made for each cardkit wheel and cached by its hash; without
  Node.js, as before, from the wheels). JupyterLite's page code is patched to record its
  version when it registers its service worker (`remember_service_worker`), so that a
  browser's second view does not unregister it again.
- ``cardkit lite --serve`` lets browsers keep Pyodide's core an hour (`cache_control`): Chromium
  then reuses the machine code it compiled from the WebAssembly instead of compiling it again.

Downloads are cached under ``~/.cache/cardkit-lite`` (or ``$CARDKIT_LITE_CACHE``), keyed by
their pins, so a second build fetches nothing. So is Voici's output, keyed by the pins, the
build tools and the notebooks: the cardkit wheel, made afresh every time, is put into a copy.
Builds share the cache (two checkouts, a test beside ``make lite``): a build holds a lock on
each built folder it uses (`_using`), and of those folders the cache keeps the ones builds
used last, but never deletes one that another build holds (`_forget_old`). The downloads and
the compiled wheels (``pyodide-*``, ``wheels-*``, ``bytecode-*``: one more of each per pin
change) are held and pruned the same way (`_held_download`, `KEPT_DOWNLOADS` of each kind).
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import copy
import functools
import hashlib
import http.server
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cardkit.lite_loader import LAZY
from cardkit.lite_patches import patch_wheel
from cardkit.lite_snapshot import patch_worker

__all__ = [
    "BROWSER_PACKAGES",
    "MICROPIP",
    "PYODIDE_NPM",
    "LeftOut",
    "add_parser",
    "build_site",
    "cache_dir",
    "left_out",
    "remember_service_worker",
    "serve_site",
]

# Pyodide's core (13 MB: the interpreter, the standard library, its lock). 0.29 because
# jupyterlite-core < 0.8 (which voici-core 0.10.0 needs) runs the 0.29 line; the npm package
# is the only place these machines reach that holds it (the CDN is never used). The kernel's
# saved image (`cardkit.lite_snapshot`) uses 0.29's private snapshot options (_makeSnapshot,
# _loadSnapshot, which 0.29 awaits, so the worker passes the image's download as it goes,
# _snapshotDeserializer): check them again before moving this pin (if they change, the image
# is not made or is refused, and pages start afresh, 3-5 CPU-s slower).
PYODIDE_NPM = "pyodide@0.29.3"
# 0.11 refuses the site's relative wheel addresses ("Cannot download from a non-remote
# location"), so no package installs; 0.10.1 is the newest that accepts them.
MICROPIP = "micropip==0.10.1"
# Pyodide's Python: the wheels are chosen for it.
PYTHON_VERSION = "3.13"
# What the pages import, besides cardkit (and what the Pyodide kernel installs when it starts:
# comm, ipython; and jedi, which `placeholders` stands in for). Their versions are this
# environment's (`_pinned`): the page's widget frontends are this environment's labextensions,
# and the kernel side must match them.
BROWSER_PACKAGES = ("ipywidgets", "anywidget", "plotly", "ipython", "comm")
# Imports that cannot run in the browser: a notebook reaching one is left out.
NOT_IN_BROWSER = ("numpy", "pandas", "numba", "pyarrow", "dask", "tqdm", "psutil")
# Pyodide's files that a page loads; the rest of the npm package (type stubs, source maps,
# the REPL pages) stays out of the site.
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json", "package.json")
CACHE_ENV = "CARDKIT_LITE_CACHE"
DEFAULT_OUT = Path("build") / "lite"
GALLERY = "index.ipynb"
MAX_SITE_MB = 80


def cache_dir() -> Path:
    """Where downloads are kept between builds: ``$CARDKIT_LITE_CACHE`` or ~/.cache/cardkit-lite."""
    return Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "cardkit-lite")


def _run(command: list[str], what: str, cwd: Path | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
        raise OSError(f"{what} failed ({' '.join(command[:3])} …):\n{tail}")


def _pinned(name: str) -> str:
    """``name==version`` of the package as installed here."""
    try:
        return f"{name}=={importlib.metadata.version(name)}"
    except importlib.metadata.PackageNotFoundError:
        raise OSError(f"the static site needs {name!r} installed here (its frontend goes into "
                      f"the pages): pip install 'cardkit[lite]'") from None


# --- downloads (cached by their pins) ------------------------------------------------------


def fetch_pyodide(cache: Path, hold: contextlib.ExitStack | None = None) -> Path:
    """Pyodide's core from the npm package, with micropip, in ``cache``; its folder, held in
    use as long as ``hold`` (`_held_download`)."""
    name, version = PYODIDE_NPM.split("@")
    micropip_version = MICROPIP.split("==")[1]
    folder = cache / f"pyodide-{version}-micropip-{micropip_version}"
    _held_download(folder, "pyodide-lock.json", lambda: _make_pyodide(cache, folder, name, version),
                   hold)
    return folder


def _make_pyodide(cache: Path, folder: Path, name: str, version: str) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise OSError("the static site takes Pyodide from the npm package, and npm is not "
                      "installed (Debian: apt-get install npm)")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        work = Path(tmp)
        _run([npm, "pack", "--silent", PYODIDE_NPM], f"npm pack {PYODIDE_NPM}", cwd=work)
        (tarball,) = work.glob(f"{name}-{version}.tgz")
        unpacked = work / "pyodide"
        unpacked.mkdir()
        with tarfile.open(tarball) as archive:
            for member in archive.getmembers():
                file = member.name.removeprefix("package/")
                if member.isfile() and file in PYODIDE_FILES:
                    member.name = file
                    archive.extract(member, unpacked, filter="data")
        wheels = _pip_download([MICROPIP], work / "micropip")
        (micropip,) = wheels.glob("micropip-*.whl")
        shutil.copy(micropip, unpacked / micropip.name)
        _trim_lock(unpacked / "pyodide-lock.json", micropip)
        if folder.exists():  # left by a build that did not finish: not one another build holds
            shutil.rmtree(folder)
        unpacked.rename(folder)


def _trim_lock(lock_path: Path, micropip: Path) -> None:
    """Keep only the lock's entries whose files are in the folder, micropip as ``micropip``."""
    lock = json.loads(lock_path.read_text())
    version = micropip.name.split("-")[1]
    entry = dict(lock["packages"]["micropip"], file_name=micropip.name, version=version,
                 sha256=hashlib.sha256(micropip.read_bytes()).hexdigest(), depends=[])
    present = {name: package for name, package in lock["packages"].items()
               if (lock_path.parent / package["file_name"]).is_file()}
    present["micropip"] = entry
    lock["packages"] = present
    lock_path.write_text(json.dumps(lock))


def _preload(pyodide_dir: Path, wheels: Iterable[Path]) -> list[str]:
    """Put ``wheels`` beside Pyodide and into its lock, so that Pyodide loads them all as it
    starts (in parallel, unpacked by the browser) instead of micropip resolving and installing
    them one by one in Python, which took most of a page's first view. Their lock names."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    names = []
    for wheel in wheels:
        name, version, _build, _tags = parse_wheel_filename(wheel.name)
        shutil.copy(wheel, pyodide_dir / wheel.name)
        lock["packages"][str(name)] = {
            "name": str(name), "version": str(version), "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": _top_level_names(wheel), "depends": [],
            "unvendored_tests": False,
        }
        # The kernel skips installing what is preloaded, by these spellings (pyodide_kernel).
        names.append(str(canonicalize_name(name)).replace("-", "_"))
    lock_path.write_text(json.dumps(lock))
    return names


def _top_level_names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0].removesuffix(".py") for name in archive.namelist()
                if not name.split("/")[0].endswith((".dist-info", ".data"))}
    return sorted(top for top in tops if top.isidentifier())


def _kernel_wheels(standin: bool = True) -> list[Path]:
    """The Pyodide kernel's own wheels (piplite, pyodide_kernel, its ipykernel and
    widgetsnbextension shims), from its labextension in this environment; without piplite
    when ``standin`` (`piplite_standin` takes its place)."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        folder = Path(root) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if folder.is_dir():
            wheels = [w for w in sorted(folder.glob("*.whl"))
                      # ipywidgets 8 takes the 4.x shim; the 3.x one is for ipywidgets 7
                      if not w.name.startswith("widgetsnbextension-3")
                      and not (standin and w.name.startswith("piplite-"))]
            if wheels:
                return wheels
    raise OSError("the Pyodide kernel's labextension is not installed: "
                  "pip install 'cardkit[lite]'")


def _pip_download(requirements: Iterable[str], dest: Path) -> Path:
    """The pure wheels of exactly ``requirements`` (no dependencies) for Pyodide's Python."""
    dest.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
          "--no-deps", "--only-binary=:all:", "--python-version", PYTHON_VERSION,
          "--platform", "any", "--implementation", "py", "--abi", "none", "--dest", str(dest),
          *requirements], "downloading the browser's wheels from PyPI")
    return dest


# Pyodide's environment, for the dependencies' markers: pip would judge them for this machine
# (and ask for psutil and pexpect, which IPython does not need in a browser).
BROWSER_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten",
                   "platform_machine": "wasm32", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython",
                   "python_version": PYTHON_VERSION, "python_full_version": f"{PYTHON_VERSION}.2",
                   "extra": ""}
# The Pyodide kernel brings its own shim of widgetsnbextension (a classic-notebook extension
# that fails to install in the browser), so ipywidgets' dependency on it is not fetched.
SHIMMED = ("widgetsnbextension",)


# Where the browser's version must differ from this environment's. IPython 9.16 turned a
# deprecation into a TypeError (`should_run_async` no longer transforms the cell) that the
# Pyodide kernel 0.7.0 hits on every cell, so no page runs; 9.15 is the last that works.
BROWSER_PINS = {"ipython": "ipython==9.15.0"}


def browser_requirements(names: Iterable[str] = BROWSER_PACKAGES) -> list[str]:
    """``name==version`` for each of ``names``: the version installed here (the page's widget
    frontends are this environment's, so the kernel side must match), or `BROWSER_PINS`."""
    from packaging.utils import canonicalize_name

    pins = {}
    for name in names:
        key = canonicalize_name(name)
        pins[key] = BROWSER_PINS.get(key) or _pinned(key)
    return sorted(pins.values())


def _wheel_requires(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist()
                       if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
        text = archive.read(metadata).decode()
    return [line.split(":", 1)[1].strip() for line in text.splitlines()
            if line.startswith("Requires-Dist:")]


def _dependency_pin(text: str) -> str | None:
    """The pin for a dependency that the browser needs (None if it does not, by its marker):
    the version installed here when it fits, else the requirement as written."""
    from packaging.requirements import Requirement

    requirement = Requirement(text)
    if requirement.marker is not None and not requirement.marker.evaluate(BROWSER_MARKERS):
        return None
    if requirement.name.lower() in SHIMMED:
        return None
    try:
        here = importlib.metadata.version(requirement.name)
    except importlib.metadata.PackageNotFoundError:
        return f"{requirement.name}{requirement.specifier}"
    if requirement.specifier.contains(here, prereleases=True):
        return f"{requirement.name}=={here}"
    return f"{requirement.name}{requirement.specifier}"


def fetch_wheels(cache: Path, requirements: Iterable[str],
                 hold: contextlib.ExitStack | None = None) -> Path:
    """The pure wheels of ``requirements`` and of everything they need in the browser, in
    ``cache``, in a folder named by the pins (dependencies at this environment's versions),
    held in use as long as ``hold`` (`_held_download`)."""
    pins = sorted(requirements)
    key = hashlib.sha256(f"{PYTHON_VERSION}\n{chr(10).join(pins)}".encode()).hexdigest()[:16]
    folder = cache / f"wheels-{key}"
    _held_download(folder, "requirements.txt", lambda: _make_wheels(cache, folder, pins), hold)
    return folder


def _make_wheels(cache: Path, folder: Path, pins: list[str]) -> None:
    from packaging.utils import canonicalize_name, parse_wheel_filename

    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        work = Path(tmp) / "wheels"
        wanted, fetched = list(pins), set()
        while wanted:
            _pip_download(wanted, work)
            fetched |= {canonicalize_name(text.split("=")[0].split("<")[0].split(">")[0]
                                          .split("~")[0].split("!")[0]) for text in wanted}
            wanted = []
            for wheel in sorted(work.glob("*.whl")):
                for text in _wheel_requires(wheel):
                    pin = _dependency_pin(text)
                    if pin is None:
                        continue
                    name = canonicalize_name(re.split(r"[=<>~!; \[]", pin, maxsplit=1)[0])
                    if name not in fetched and pin not in wanted:
                        wanted.append(pin)
                        fetched.add(name)
        names = sorted(f"{parse_wheel_filename(w.name)[0]}=={parse_wheel_filename(w.name)[1]}"
                       for w in work.glob("*.whl"))
        (work / "requirements.txt").write_text("\n".join(names) + "\n")
        if folder.exists():  # left by a build that did not finish: not one another build holds
            shutil.rmtree(folder)
        work.rename(folder)


# --- wheels made here ---------------------------------------------------------------------


def _write_wheel(dest: Path, name: str, version: str, files: dict[str, bytes],
                 summary: str) -> Path:
    """A pure ``py3-none-any`` wheel holding ``files`` (archive path -> bytes)."""
    dist_info = f"{name}-{version}.dist-info"
    files = dict(files)
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {name}\nVersion: "
                                      f"{version}\nSummary: {summary}\n").encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: cardkit.lite\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in sorted(files.items()):
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return wheel


def cardkit_wheel(dest: Path) -> Path:
    """A wheel of the cardkit package this environment imports (a checkout's files when it is
    installed editable), declaring no dependencies: what runs in the browser is pure Python."""
    import cardkit

    package = Path(cardkit.__file__).resolve().parent
    files = {
        f"cardkit/{path.relative_to(package).as_posix()}": path.read_bytes()
        for path in sorted(package.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    return _write_wheel(dest, "cardkit", cardkit.__version__, files,
                        "cardkit's rules cores, bots and apps, for the browser")


# Packages the Pyodide kernel 0.7.0 installs as it starts that the apps never use, with why
# each is left out; an empty wheel of each name satisfies the kernel's install.
PLACEHOLDERS = {
    # Only in Pyodide's full distribution (not the npm core), and nothing here uses it.
    "sqlite3": "Pyodide's sqlite3 is not part of the static site",
    # Code completion, which no app page offers. IPython 9.15 imports it (and parso, which
    # compiles grammars) as the kernel starts when it is there, and its wheel is 4.9 MB; IPython
    # works without it (JEDI_INSTALLED is False).
    "jedi": "no app page completes code",
}


# What only the placeholders' real packages need: left out with them.
ONLY_FOR_PLACEHOLDERS = ("parso",)


def placeholders(dest: Path) -> list[Path]:
    """Empty wheels named as `PLACEHOLDERS`, so the kernel's installs of them succeed."""
    return [_write_wheel(dest, name, "0.0.0", {}, f"placeholder: {why}")
            for name, why in PLACEHOLDERS.items()]


def _needed(wheel: Path) -> bool:
    """Whether a downloaded wheel goes into the site (not one a placeholder stands in for)."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    name = canonicalize_name(parse_wheel_filename(wheel.name)[0])
    return name not in {*PLACEHOLDERS, *ONLY_FOR_PLACEHOLDERS}


# The kernel imports piplite as it starts (to install packages at run time, for `%pip`), and
# piplite imports micropip: 0.9 CPU-seconds of every first view under Node.js. The site loads
# everything its pages use as they start, and a page runs no code but its app's, so a stand-in
# with what the kernel sets and calls takes its place.
_PIPLITE_STANDIN = b'''"""A stand-in for piplite in cardkit's static site: it installs nothing."""

_PIPLITE_DISABLE_PYPI = True
_PIPLITE_URLS: list = []


async def install(requirements, *args, **kwargs):
    raise RuntimeError("cardkit's static site installs no packages at run time: a page loads "
                       "everything its app uses as it starts")
'''


def piplite_standin(dest: Path) -> Path:
    """The wheel of `_PIPLITE_STANDIN`, named and versioned as the kernel's piplite."""
    (real,) = [w for w in _kernel_wheels(standin=False) if w.name.startswith("piplite-")]
    version = real.name.split("-")[1]
    return _write_wheel(dest, "piplite", version,
                        {"piplite/__init__.py": b"from .piplite import install\n",
                         "piplite/piplite.py": _PIPLITE_STANDIN},
                        "stand-in: cardkit's static site installs nothing at run time")


def compiled_wheels(cache: Path, pyodide: Path, wheels: list[Path],
                    hold: contextlib.ExitStack | None = None) -> list[Path]:
    """``wheels`` compiled to bytecode by the site's Pyodide (`cardkit.lite_bytecode`: pages
    then import without compiling), kept in ``cache`` by the wheels' and Pyodide's hashes,
    held in use as long as ``hold`` (`_held_download`)."""
    from cardkit import lite_bytecode

    digest = hashlib.sha256(f"{PYODIDE_NPM}\0".encode())
    digest.update(Path(lite_bytecode.__file__).read_bytes())
    for wheel in wheels:
        digest.update(wheel.name.encode() + b"\0" + hashlib.sha256(wheel.read_bytes()).digest())
    folder = cache / f"bytecode-{digest.hexdigest()[:16]}"

    def make() -> None:
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            lite_bytecode.compile_wheels(wheels, pyodide, Path(tmp) / "wheels")
            (Path(tmp) / "wheels" / "done").write_text("\n".join(w.name for w in wheels))
            if folder.exists():
                shutil.rmtree(folder)
            (Path(tmp) / "wheels").rename(folder)

    _held_download(folder, "done", make, hold)
    return [folder / wheel.name for wheel in wheels]


# --- the notebooks ------------------------------------------------------------------------


@dataclass(frozen=True)
class LeftOut:
    """A notebook left out of the static gallery, and why."""

    notebook: str
    reason: str


@functools.cache
def _module_imports(module: str) -> tuple[str, ...]:
    """The modules that ``module`` (a cardkit module) imports when it is imported: its
    module-level imports, not those inside functions (which run only when called)."""
    import cardkit

    base = Path(cardkit.__file__).resolve().parent.parent
    path = base / Path(*module.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    if not source.is_file():
        return ()
    return tuple(_top_level_imports(ast.parse(source.read_text()), module))


def _top_level_imports(tree: ast.Module, module: str = "") -> list[str]:
    found: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: from . import x
                    parent = module.rsplit(".", node.level)[0]
                    name = f"{parent}.{node.module}" if node.module else parent
                else:
                    name = node.module or ""
                found.append(name)
                found.extend(f"{name}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If) and not _is_type_checking(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)

    visit(tree.body)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _blocked_import(names: Iterable[str]) -> list[str] | None:
    """The chain of imports from ``names`` to a module that cannot run in the browser."""
    seen: set[str] = set()
    todo: list[list[str]] = [[name] for name in names]
    while todo:
        chain = todo.pop(0)
        name = chain[-1]
        if name.split(".")[0] in NOT_IN_BROWSER:
            return chain
        if name in seen or not name.startswith("cardkit"):
            continue
        seen.add(name)
        parts = name.split(".")
        # Importing a.b.c imports a and a.b first.
        for k in range(1, len(parts) + 1):
            todo.extend([*chain, imported] for imported in _module_imports(".".join(parts[:k])))
    return None


def _code_of(notebook: dict) -> str:
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "code")


# Apps whose point is a server shared by a class: a page running alone in a browser has none.
NEEDS_A_SHARED_SERVER = {
    "class_board.ipynb": "the class board gathers every student's results on one server",
}
# What an app in the static site does differently, said in its gallery line.
IN_THE_STATIC_SITE = {
    "probability_lab.ipynb": (
        "In this static site the lab draws its samples in plain Python in your browser: the "
        "first-pile and dealt-hand questions, not the two about whole Xeri rounds (they need "
        "the simulator), and no “Send to the class” button (there is no class server here)"),
}


def left_out(notebook_path: Path) -> LeftOut | None:
    """Why a notebook cannot run in the browser (it needs a server shared by the class, or it
    reaches numpy, pandas or numba), or None."""
    if notebook_path.name in NEEDS_A_SHARED_SERVER:
        return LeftOut(notebook_path.name, NEEDS_A_SHARED_SERVER[notebook_path.name])
    notebook = json.loads(notebook_path.read_text())
    chain = _blocked_import(_top_level_imports(ast.parse(_code_of(notebook))))
    if chain is None:
        return None
    path = " → ".join(dict.fromkeys(name for name in chain if name.startswith("cardkit")))
    return LeftOut(notebook_path.name,
                   f"it needs {chain[-1].split('.')[0]} ({path}), which cannot run in a browser")


_LINK = re.compile(r"\]\(([\w.-]+)\.ipynb\)")


def _gallery(notebook: dict, dropped: list[LeftOut]) -> dict:
    """The gallery for the static site: links to its pages; the apps left out said so."""
    from cardkit.widgets.lite_page import gallery_words

    gallery = copy.deepcopy(notebook)
    names = {item.notebook.removesuffix(".ipynb"): item for item in dropped}
    words = gallery_words("ja")  # for the cells of the Japanese gallery (tagged "ja")
    for cell in gallery["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        japanese = "ja" in cell.get("metadata", {}).get("tags", [])
        lines = []
        for line in "".join(cell["source"]).splitlines():
            linked = _LINK.search(line)
            in_table = bool(linked) and line.lstrip().startswith("|")
            if linked and in_table and linked.group(1) in names:
                columns = line.split("|")
                reason = names[linked.group(1)].reason
                columns[-2] = (f" {words['left_out']} " if japanese else
                               f" *Not in this static site: {reason}. Run it with `make demo` "
                               f"or `cardkit serve`.* ")
                columns[1] = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", columns[1])
                line = "|".join(columns)
            elif linked and in_table and f"{linked.group(1)}.ipynb" in IN_THE_STATIC_SITE:
                columns = line.split("|")
                note = (words if japanese else IN_THE_STATIC_SITE)[f"{linked.group(1)}.ipynb"]
                columns[-2] = f"{columns[-2].rstrip()} *{note}.* "
                line = "|".join(columns)
            lines.append(_LINK.sub(r"](\1.html)", line))
        cell["source"] = "\n".join(lines)
    note = ("*This is the static site (`cardkit lite`): each app runs its Python in your "
            "browser, so the first app you open takes a few seconds to start, and nothing you "
            "do is sent anywhere.*")
    tagged = [cell for cell in gallery["cells"]
              if "ja" in cell.get("metadata", {}).get("tags", [])]
    if tagged:  # a note in each language, shown with the gallery's cells of that language
        at = gallery["cells"].index(tagged[0]) + 1
        gallery["cells"].insert(at, {"cell_type": "markdown", "id": "cardkit-lite-note-ja",
                                     "metadata": {"tags": ["ja"]}, "source": words["note"]})
    gallery["cells"].insert(1, {"cell_type": "markdown", "id": "cardkit-lite-note",
                                "metadata": {"tags": ["en"]} if tagged else {}, "source": note})
    return gallery


def prepare_contents(notebooks: Path, dest: Path) -> list[LeftOut]:
    """The notebooks of the static gallery, ready for Voici, in ``dest``; those left out."""
    dest.mkdir(parents=True, exist_ok=True)
    dropped: list[LeftOut] = []
    apps: list[tuple[Path, dict]] = []
    for path in sorted(notebooks.glob("*.ipynb")):
        if path.name == GALLERY:
            continue
        reason = left_out(path)
        if reason is not None:
            dropped.append(reason)
            continue
        apps.append((path, json.loads(path.read_text())))
    for path, _notebook in apps:
        shutil.copy(path, dest / path.name)
    gallery = json.loads((notebooks / GALLERY).read_text())
    (dest / GALLERY).write_text(json.dumps(_gallery(gallery, dropped), indent=1))
    return dropped


# --- the build ----------------------------------------------------------------------------


def _lite_config(pyodide_url: str, packages: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": pyodide_url,
                    # Never fetch a package from PyPI at run time: the site holds them all.
                    "disablePyPIFallback": True,
                    # Loaded as Pyodide starts; the kernel then skips its own installs.
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


# Font Awesome is the one outside address in Voici's page template (the apps use no icons).
_OUTSIDE_STYLESHEET = re.compile(r'<link[^>]+href="https?://[^"]*font-?awesome[^"]*"[^>]*>\s*')


def _finish(out: Path) -> None:
    for page in out.rglob("*.html"):
        text = page.read_text()
        kept = _OUTSIDE_STYLESHEET.sub("", text)
        if kept != text:
            page.write_text(kept)
    for source_map in out.rglob("*.map"):
        source_map.unlink()


# The static gallery runs no Python (its cells are words and links), so nothing else gives it
# its language: this does, as cardkit's Voila template does for ``cardkit serve`` (keep the two
# in step). ?lang=en or ?lang=ja, else the browser's first language cardkit speaks, else
# English; the gallery's cells tagged "en" and "ja" (and its language switch) follow <html
# lang>. A gallery opened with ?lang= keeps it in its links to the apps.
GALLERY_LANGUAGE_SCRIPT = """<script>
(function () {
  "use strict";
  var asked = (new URLSearchParams(location.search).get("lang") || "").toLowerCase();
  var lang = /^(en|ja)([-_].*)?$/.test(asked) ? asked.slice(0, 2) : "";
  if (!asked) {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages
                                                                    : [navigator.language || ""];
    for (var i = 0; i < wanted.length && !lang; i++) {
      var code = String(wanted[i]).slice(0, 2).toLowerCase();
      if (code === "en" || code === "ja") { lang = code; }
    }
  }
  document.documentElement.lang = lang || "en";
  if (/^(en|ja)$/.test(asked)) {
    document.addEventListener("DOMContentLoaded", function () {
      document.querySelectorAll('a[href$=".html"]').forEach(function (link) {
        link.setAttribute("href", link.getAttribute("href") + "?lang=" + asked);
      });
    });
  }
})();
</script>
"""


def add_gallery_language(out: Path) -> bool:
    """Give the built gallery page its language (`GALLERY_LANGUAGE_SCRIPT`), at the end of its
    head (before the cells show); whether it could (Voici's page as expected)."""
    page = out / "voici" / "render" / GALLERY.replace(".ipynb", ".html")
    text = page.read_text() if page.is_file() else ""
    end = text.find("</head>")
    if end < 0:
        return False
    page.write_text(text[:end] + GALLERY_LANGUAGE_SCRIPT + text[end:])
    return True


def site_size_mb(out: Path) -> float:
    """The size of the built folder in MB."""
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 2**20


def _site_key(requirements: list[str], contents: Path) -> str:
    tools = [_pinned(name) for name in ("voici-core", "jupyterlite-core",
                                        "jupyterlite-pyodide-kernel")]
    digest = hashlib.sha256()
    from cardkit import lite_bytecode, lite_loader, lite_patches, lite_snapshot
    from cardkit.widgets.lite_page import chart_code_path

    for part in [*requirements, *tools, PYODIDE_NPM, MICROPIP, chart_code_path(),
                 *(Path(str(m.__file__)).read_text()
                   for m in (sys.modules[__name__], lite_bytecode, lite_loader, lite_patches,
                             lite_snapshot))]:
        digest.update(part.encode() + b"\0")
    for notebook in sorted(contents.iterdir()):
        digest.update(notebook.name.encode() + b"\0" + notebook.read_bytes())
    return digest.hexdigest()[:16]


def _voici_build(work: Path, cache: Path, pyodide: Path, wheels: Path, wheel: Path,
                 made: Path, contents: Path, dest: Path) -> None:
    lite_dir = work / "lite"
    static_pyodide = lite_dir / "static" / "pyodide"
    shutil.copytree(pyodide, static_pyodide)
    needed = [patch_wheel(w, made / "patched")  # `cardkit.lite_patches`
              for w in sorted(wheels.glob("*.whl")) if _needed(w)]
    with contextlib.ExitStack() as hold:  # the compiled wheels kept until copied in
        compiled = compiled_wheels(cache, pyodide, [*needed, *_kernel_wheels()], hold)
        preloaded = _preload(static_pyodide,
                             [*compiled, *placeholders(made), piplite_standin(made), wheel])
    # plotly's wheels stay in the lock but load at their first import (`cardkit.lite_loader`)
    at_start = [name for name in preloaded if name not in LAZY]
    (lite_dir / "jupyter-lite.json").write_text(
        json.dumps(_lite_config("./static/pyodide/pyodide.js", ["micropip", *at_start]),
                   indent=1))
    # Built in a temporary folder of the cache (its name matches no built folder's, so
    # `_forget_old` leaves it alone), then renamed: ``dest`` is whole or absent.
    with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        building = Path(tmp) / dest.name
        voici = Path(sys.executable).with_name("voici")
        command = [str(voici) if voici.exists() else "voici", "build", "--no-sourcemaps",
                   "--lite-dir", str(lite_dir), "--contents", str(contents),
                   "--output-dir", str(building)]
        _run(command, "voici build", cwd=work)
        _finish(building)
        if not add_gallery_language(building):
            print("cardkit lite: the gallery's page was not found as expected: it shows only "
                  "its English cells", file=sys.stderr)
        _add_chart_code(building)
        if not remember_service_worker(building):
            print("cardkit lite: JupyterLite's service-worker code was not found as expected: "
                  "a browser's second view of the site starts 2 s slower", file=sys.stderr)
        try:  # the worker starts from the image when the site has one (`_add_snapshot`)
            patch_worker(building)
        except OSError as error:
            print(f"cardkit lite: no saved kernel image, pages start Python afresh ({error})",
                  file=sys.stderr)
        if dest.exists():  # left by a build that did not finish: not one another build holds
            shutil.rmtree(dest)
        building.rename(dest)


def _add_snapshot(out: Path, cache: Path, site_key: str, wheel: Path,
                  contents: Path) -> None:
    """The started kernel's memory image, with the apps' modules imported, and its files, put
    into the built site ``out`` (`cardkit.lite_snapshot`), kept in ``cache`` by their key (the
    site's, the cardkit wheel's hash, the modules): a build with the same cardkit makes none.
    Without them (no Node.js, a kernel or Pyodide that no longer fits) the site starts Python
    as before, and the build says why."""
    from cardkit.lite_snapshot import app_modules, install_snapshot, make_snapshot, snapshot_key

    modules = app_modules(contents)
    key = snapshot_key(site_key, wheel, modules)
    folder = cache / f"kernel-{key}"
    try:
        with _using(folder, "done") as ready:
            if not ready:
                settings = json.loads((out / "jupyter-lite.json").read_text())[
                    "jupyter-config-data"]
                options = settings["litePluginSettings"][
                    "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
                with tempfile.TemporaryDirectory(dir=cache) as tmp:
                    made = Path(tmp) / "kernel"
                    make_snapshot(out / "static" / "pyodide", options["packages"], modules, made)
                    (made / "done").write_text(key)
                    if folder.exists():
                        shutil.rmtree(folder)
                    made.rename(folder)
                _forget_old(cache, "kernel-*", keep=folder, kept=3)
            install_snapshot(out, folder / "image.bin.gz", folder / "files.bin.gz", key)
    except OSError as error:
        print(f"cardkit lite: no saved kernel image, pages start Python afresh ({error})",
              file=sys.stderr)


# JupyterLite 0.7's page unregisters every service worker when the version it last recorded
# differs, and records the version only in that check, which runs when a service worker
# already controls the page: so a browser's second view of the site always unregisters the one
# the first view registered (2 s of a warm first view here, the kernel waiting on it). The
# patch records the version when the page registers its service worker too, as the check does.
_SW_CHECK = re.compile(r"async _unregisterOldServiceWorkers\((\w+)\)\{const (\w+)=`\$\{\1\}"
                       r"-version`,(\w+)=localStorage\.getItem\(\2\);if\(\3&&\3!==(\w+)\|\|!\3\)")
_SW_REGISTER = re.compile(r'(\w+)=await (\w+)\.register\((\w+)\),console\.info\("JupyterLite '
                          r'ServiceWorker was sucessfully registered"\)')


def remember_service_worker(out: Path) -> list[Path]:
    """JupyterLite's page code in the built site ``out`` made to record its version when it
    registers its service worker (`_SW_CHECK`); the files patched (none if the code moved:
    pages then only start slower the second time)."""
    patched = []
    for script in sorted(out.rglob("*.js")):
        text = script.read_text(errors="surrogateescape")
        check, register = _SW_CHECK.search(text), _SW_REGISTER.findall(text)
        if check is None or len(register) != 1:
            continue
        worker, container, url = register[0]
        text = _SW_REGISTER.sub(
            f"{worker}=await {container}.register({url}),"
            f"localStorage.setItem(`${{{url}}}-version`,{check.group(4)}),"
            'console.info("JupyterLite ServiceWorker was sucessfully registered")', text)
        script.write_text(text, errors="surrogateescape")
        patched.append(script)
    return patched


def _add_chart_code(out: Path) -> None:
    """plotly's widget code beside the pages, where the figure widgets in the browser name it
    by its address (`cardkit.widgets.lite_page.use_site_chart_code`: the 2 s that anywidget
    gives a new widget to start are then not spent compiling 5 MB of it)."""
    import plotly

    from cardkit.widgets.lite_page import chart_code_path

    code = Path(plotly.__file__).resolve().parent / "package_data" / "widgetbundle.js"
    dest = out / chart_code_path()
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(code, dest)


def _replace_cardkit_wheel(pyodide_dir: Path, wheel: Path) -> None:
    """Put this checkout's cardkit wheel into a built site, and its hash into the lock."""
    for old in pyodide_dir.glob("cardkit-*.whl"):
        old.unlink()
    shutil.copy(wheel, pyodide_dir / wheel.name)
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["cardkit"]
    entry.update(file_name=wheel.name, version=wheel.name.split("-")[1],
                 sha256=hashlib.sha256(wheel.read_bytes()).hexdigest())
    lock_path.write_text(json.dumps(lock))


# --- the cache's built folders: the last used kept, none deleted while a build uses it ------

# Without flock (Windows), a folder a build used in the last IN_USE_HOURS is taken to be in use.
IN_USE_HOURS = 6.0
_FLOCK = sys.platform != "win32"


def _stamp(folder: Path) -> Path:
    """The file beside a built folder of the cache that a build using the folder locks, and
    whose time says when a build last used it (touched by the build itself: noatime mounts
    keep no access times)."""
    return folder.with_name(folder.name + ".used")


def _lock(stamp: Path, alone: bool, wait: bool = True) -> int:
    """An open descriptor of ``stamp`` (made if missing) that holds a lock on it, shared or
    ``alone``; BlockingIOError if ``wait`` is false and another build holds one that
    conflicts."""
    while True:
        fd = os.open(stamp, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if _FLOCK:
                import fcntl

                fcntl.flock(fd, (fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
                            | (0 if wait else fcntl.LOCK_NB))
            held = os.fstat(fd).st_ino == os.stat(stamp).st_ino
        except FileNotFoundError:
            held = False
        except BaseException:  # BlockingIOError: another build holds it
            os.close(fd)
            raise
        if held:
            return fd
        os.close(fd)  # its folder was forgotten while this waited, the stamp removed: again


@contextlib.contextmanager
def _using(folder: Path, marker: str) -> Iterator[bool]:
    """Hold the built folder ``folder`` of the cache in use for the block, which is told
    whether the folder is made (its file ``marker`` is there). If it is not, this build holds
    it alone, to make it, and another build that wants it waits; once it is made, builds share
    it. `_forget_old` deletes no folder a build holds. Its stamp is touched as the use begins
    and as it ends."""
    stamp = _stamp(folder)
    fd = _lock(stamp, alone=False)
    if not (folder / marker).is_file():
        os.close(fd)
        fd = _lock(stamp, alone=True)
    try:
        os.utime(stamp)
        yield (folder / marker).is_file()
    finally:
        with contextlib.suppress(FileNotFoundError):  # without flock, another may delete it
            os.utime(stamp)
        os.close(fd)


def _last_used(folder: Path) -> float:
    """When a build last used the built folder: its stamp's time (a folder made before the
    stamps: its own); 0 if it is gone."""
    for path in (_stamp(folder), folder):
        with contextlib.suppress(FileNotFoundError):
            return path.stat().st_mtime
    return 0.0


def _forget(folder: Path) -> bool:
    """Delete the built folder of the cache, and its stamp, unless a build holds it (without
    flock: used it in the last IN_USE_HOURS); whether it went."""
    if not _FLOCK and time.time() - _last_used(folder) < IN_USE_HOURS * 3600:
        return False
    stamp = _stamp(folder)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix="forgotten-",
                                     ignore_cleanup_errors=True) as trash:
        try:
            fd = _lock(stamp, alone=True, wait=False)
        except BlockingIOError:  # a build holds it
            return False
        try:
            # renamed at once, deleted after: a build finds the folder whole or not at all
            folder.rename(Path(trash) / folder.name)
            if _FLOCK:  # under the lock: a build waiting for it then finds the stamp gone
                stamp.unlink()
        except OSError:  # gone already (another build forgot it), or Windows: a file open
            return False
        finally:
            os.close(fd)
        if not _FLOCK:  # Windows deletes no open file
            stamp.unlink(missing_ok=True)
    return True


def _forget_old(cache: Path, pattern: str, keep: Path, kept: int) -> None:
    """Keep ``keep`` and the ``kept - 1`` other folders of ``pattern`` in the cache that builds
    used last (built sites are 77 MB each, kernel images 20 MB); delete the others, except
    those another build holds now (`_using`), and the stamps of folders never made."""
    folders = sorted((p for p in cache.glob(pattern) if p.is_dir() and p != keep),
                     key=_last_used, reverse=True)
    for old in folders[kept - 1:]:
        _forget(old)
    for stamp in cache.glob(f"{pattern}.used") if _FLOCK else ():
        if not stamp.with_name(stamp.name.removesuffix(".used")).exists():
            with contextlib.suppress(BlockingIOError):  # a build holds it, to make its folder
                fd = _lock(stamp, alone=True, wait=False)
                stamp.unlink()
                os.close(fd)


# Downloads and compiled wheels kept of each kind (``pyodide-*``, ``wheels-*``, ``bytecode-*``,
# 50 MB or so each): the one a build uses and the one used before it, so that two checkouts
# with different pins built in turn do not fetch theirs again each time.
KEPT_DOWNLOADS = 2


def _held_download(folder: Path, marker: str, make: Callable[[], None],
                   hold: contextlib.ExitStack | None) -> None:
    """Hold the cache's folder of a download (or of compiled wheels) in use until ``hold``
    closes (the build's end; without ``hold``, while it is made), ``make`` it first if it is
    not made (its file ``marker`` missing), then prune its kind: the folders of the same kind
    that builds used last are kept (`KEPT_DOWNLOADS`), the others deleted, but never one
    another build holds (`_forget_old`)."""
    if hold is not None:
        # made holding it alone (another build that wants it waits), then let go: held alone
        # for the whole build, it would keep a build that wants it too waiting that long
        with _using(folder, marker) as ready:
            if not ready:
                make()
    with contextlib.ExitStack() as local:
        # shared now that it is made: another build may use it, none may delete it (made
        # again, held alone, if it went in the moment between)
        if not (local if hold is None else hold).enter_context(_using(folder, marker)):
            make()
    kind = folder.name.split("-")[0]
    _forget_old(folder.parent, f"{kind}-*", keep=folder, kept=KEPT_DOWNLOADS)


def build_site(out: Path = DEFAULT_OUT, notebooks: Path | None = None,
               cache: Path | None = None, log: bool = True) -> list[LeftOut]:
    """Build the static site into ``out`` (replacing it); the notebooks left out of it."""
    import importlib.util

    from cardkit.widgets.serve import find_notebooks

    missing = [name for name in ("voici_core", "jupyterlite_pyodide_kernel", "anywidget")
               if importlib.util.find_spec(name) is None]
    if missing:
        raise OSError(f"`cardkit lite` needs {', '.join(missing)}, which is not installed: "
                      "pip install 'cardkit[lite]'")
    started = time.perf_counter()
    source = find_notebooks(notebooks)
    cache = cache_dir() if cache is None else cache
    cache.mkdir(parents=True, exist_ok=True)
    requirements = browser_requirements()
    out = out.resolve()
    # Pyodide and the wheels are held in use for the whole build: another build that prunes
    # the cache meanwhile leaves them alone.
    with contextlib.ExitStack() as hold, \
            tempfile.TemporaryDirectory(prefix="cardkit-lite-") as tmp:
        pyodide = fetch_pyodide(cache, hold)
        wheels = fetch_wheels(cache, requirements, hold)
        work = Path(tmp)
        contents = work / "contents"
        dropped = prepare_contents(source, contents)
        made = work / "made"
        made.mkdir()
        wheel = cardkit_wheel(made)
        # Voici's build depends on everything but the cardkit wheel's contents: a site built
        # from the same pins, tools and notebooks is reused, with this checkout's wheel put in.
        base = cache / f"site-{_site_key(requirements, contents)}"
        with _using(base, "jupyter-lite.json") as ready:
            if not ready:
                _voici_build(work, cache, pyodide, wheels, wheel, made, contents, base)
                _forget_old(cache, "site-*", keep=base, kept=2)
            if out.exists():
                shutil.rmtree(out)
            shutil.copytree(base, out)
        _replace_cardkit_wheel(out / "static" / "pyodide", wheel)
        _add_snapshot(out, cache, base.name, wheel, contents)
    if log:
        print(f"cardkit lite: {out} ({site_size_mb(out):.0f} MB) built in "
              f"{time.perf_counter() - started:.0f} s; open {out / 'voici' / 'render'}"
              "/index.html through a web server (cardkit lite --serve)")
        for item in dropped:
            print(f"  left out {item.notebook}: {item.reason}")
    return dropped


# --- serving ------------------------------------------------------------------------------


# How long a browser may reuse Pyodide's core files (fixed by the `PYODIDE_NPM` pin) without
# asking again. Chromium keeps the machine code it compiled from pyodide.asm.wasm (3 CPU-seconds
# of V8's threads) only while the cached response is used as it is: a response revalidated
# (`no-cache`, or a stale one answered "304 Not Modified") is compiled again. An hour covers a
# lesson; after a cardkit upgrade that moves the pin, a browser may hold the old files for that
# hour at most (Pyodide then stops with "Pyodide version does not match").
PYODIDE_MAX_AGE = 3600
# Files that change with every build (the pages, the configuration, Pyodide's lock and the
# cardkit wheel it names by hash): always revalidated, so a rebuilt site is seen at once.
_EVERY_BUILD = (".html", ".json", ".ipynb")
_KEYED = re.compile(r"kernel-(image|files)-[0-9a-f]{16}\.bin\.gz")


def cache_control(path: str) -> str:
    """The Cache-Control header `cardkit lite --serve` sends for the site's file ``path``."""
    name = path.split("?")[0].rsplit("/", 1)[-1]
    if "/static/pyodide/" in path and name in PYODIDE_FILES and not name.endswith(".json"):
        return f"max-age={PYODIDE_MAX_AGE}"
    if "/static/pyodide/" in path and _KEYED.fullmatch(name):
        # the kernel's image and files, named by a key of all they are made from (a build
        # that changes them names them anew, in kernel-image.json): kept without asking
        return f"max-age={PYODIDE_MAX_AGE}"
    if name.endswith(_EVERY_BUILD) or name.startswith("cardkit-") or "/static/pyodide/" in path:
        return "no-cache"
    # Voici's and the widgets' bundles and the chart code (fixed by their pins): as Pyodide's
    # core, so that V8's code caches of them are kept too.
    return f"max-age={PYODIDE_MAX_AGE}"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (http.server's own attribute, copied and extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        # application/wasm: Pyodide compiles pyodide.asm.wasm while it downloads
        # (instantiateStreaming), which refuses any other type.
        ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
        ".json": "application/json", ".whl": "application/zip", ".gz": "application/gzip"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve_site(folder: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.HTTPServer:
    """A web server for the built site on ``host:port`` (not started: call serve_forever)."""
    handler = functools.partial(_Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer((host, port), handler)


def gallery_url(port: int, host: str = "127.0.0.1") -> str:
    """The gallery's address on a server of the site."""
    return f"http://{host}:{port}/voici/render/index.html"


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    build_site(out, notebooks=args.notebooks)
    size = site_size_mb(out)
    if size > MAX_SITE_MB:
        print(f"cardkit lite: warning: the site is {size:.0f} MB, more than {MAX_SITE_MB} MB",
              file=sys.stderr)
    if args.serve:
        server = serve_site(out, args.port)
        print(f"serving the static site on {gallery_url(server.server_address[1])} "
              "(Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = sub.add_parser(
        "lite", help="build the apps as a static site that runs in the browser (no server)",
        description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(DEFAULT_OUT),
                        help=f"the folder to build into (default: {DEFAULT_OUT})")
    parser.add_argument("--notebooks", default=None,
                        help="the app notebooks' folder (default: the installed cardkit's)")
    parser.add_argument("--serve", action="store_true",
                        help="then serve the folder on 127.0.0.1 to try it")
    parser.add_argument("--port", type=int, default=8000, help="the port for --serve (8000)")
    parser.set_defaults(run=run)
    return parser
