"""Wheels that the static site loads when Python first imports them, not as the page starts.

A page of the static site (`cardkit.lite`) has Pyodide load every wheel it names as it starts,
and unpacking plotly's (11 MB, the largest) took about 1.1 CPU-seconds of a first view's 8
(under Node.js) for charts that the tables draw only at a round's end and the meld checker and
replay viewer never draw. So the build leaves `LAZY` out of the wheels loaded at start (they stay
in Pyodide's lock, beside the others), and `install` puts a finder first in ``sys.meta_path``:
the first import of one of their modules fetches their wheels from the site (a synchronous
request, which a web worker may make; the browser's cache answers it after the first visit),
unpacks them into site-packages and lets Python's own finders go on. `start_loading` has Pyodide
load them in the background instead, when a page knows it will need them soon (a table, at the
learner's first move), so the round's end does not wait for them.

Outside the browser (``sys.platform != "emscripten"``) both do nothing.
"""

from __future__ import annotations

import importlib
import importlib.abc
import io
import sys
import sysconfig
import zipfile
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["LAZY", "LazyWheels", "install", "start_loading", "version"]

LAZY = ("plotly", "narwhals")
"""Pyodide lock names of the wheels loaded at their first import (plotly needs narwhals)."""


def _in_browser() -> bool:
    return sys.platform == "emscripten"


class LazyWheels(importlib.abc.MetaPathFinder):
    """Loads ``wheels`` (lock name -> (file address, import names)) at the first import of one
    of their import names, all of them at once, then steps aside for Python's own finders."""

    def __init__(self, wheels: dict[str, tuple[str, list[str]]], site: str) -> None:
        self.wheels = wheels
        self.site = site
        self.names = {name for _url, names in wheels.values() for name in names}

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> None:
        if path is None and fullname in self.names:
            self.load()
        return None  # Python's own finders find the unpacked files

    def load(self) -> None:
        """Fetch and unpack every wheel (once), and leave ``sys.meta_path``."""
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        for url, _names in self.wheels.values():
            with zipfile.ZipFile(io.BytesIO(_fetch(url))) as archive:
                archive.extractall(self.site)
        importlib.invalidate_caches()


def _fetch(url: str) -> bytes:
    """The bytes at ``url``, by a synchronous request (allowed in the page's web worker)."""
    from js import XMLHttpRequest  # type: ignore[import-not-found]  # Pyodide's

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise ImportError(f"the static site's wheel {url} did not load (HTTP {request.status})")
    return bytes(request.response.to_bytes())


def version(name: str) -> str:
    """The version of the package ``name``: as installed, or in the browser, if its wheel has
    not loaded yet, as Pyodide's lock names it."""
    import importlib.metadata

    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        if not _in_browser():
            raise
        import pyodide_js  # type: ignore[import-not-found]  # Pyodide's

        entry = getattr(pyodide_js.lockfile.packages, name, None)
        if entry is None:
            raise
        return str(entry.version)


def _finder() -> LazyWheels | None:
    return next((f for f in sys.meta_path if isinstance(f, LazyWheels)), None)


def install() -> bool:
    """In the browser: put the finder of the `LAZY` wheels not loaded yet first in
    ``sys.meta_path`` (once). Whether it is there."""
    if not _in_browser():
        return False
    if _finder() is not None:
        return True
    import pyodide_js

    lock: Any = pyodide_js.lockfile.packages
    base = str(pyodide_js.lockfileBaseUrl or "")
    loaded = pyodide_js.loadedPackages
    wheels = {}
    for name in LAZY:
        entry = getattr(lock, name, None)
        if entry is None or getattr(loaded, name, None) is not None:
            continue  # not in this site, or loaded at start
        wheels[name] = (base + str(entry.file_name), [str(n) for n in entry.imports])
    if not wheels:
        return False
    sys.meta_path.insert(0, LazyWheels(wheels, sysconfig.get_path("purelib")))
    return True


def start_loading() -> bool:
    """In the browser: have Pyodide load the `LAZY` wheels in the background now (between the
    page's messages), so that their first import finds them unpacked. Whether it started."""
    finder = _finder() if _in_browser() else None
    if finder is None:
        return False
    import pyodide_js
    from pyodide.ffi import to_js  # type: ignore[import-not-found]  # Pyodide's

    sys.meta_path.remove(finder)
    pending = pyodide_js.loadPackage(to_js(list(finder.wheels)))
    sys.meta_path.insert(0, _Waiting(finder, pending))
    return True


class _Waiting(importlib.abc.MetaPathFinder):
    """While Pyodide's background load runs: an import of one of its modules loads them itself
    (a synchronous Python call cannot wait for the load); once the load is done, it steps aside."""

    def __init__(self, finder: LazyWheels, pending: Any) -> None:
        self.finder = finder
        self.done = False

        def finished(_value: object) -> None:
            import pyodide_js

            # Pyodide reports a wheel that failed to load, and resolves all the same
            self.done = all(getattr(pyodide_js.loadedPackages, name, None) is not None
                            for name in finder.wheels)
            if self.done and self in sys.meta_path:
                sys.meta_path.remove(self)

        pending.then(finished)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> None:
        if path is None and fullname in self.finder.names:
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            if not self.done:
                self.finder.load()
        return None
