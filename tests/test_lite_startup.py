"""The static site's start-up work at build time, without a browser or Node.js: the patch that
keeps IPython's terminal out of a page's start (`cardkit.lite_patches`), the kernel worker's
start from the saved image (`cardkit.lite_snapshot`) and the headers `cardkit lite --serve`
sends. (tests/browser/test_lite_site.py opens the real pages, with and without the image.)"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import pytest

from cardkit import lite
from cardkit.lite_patches import PATCHES, PatchError, patch_wheel
from cardkit.lite_snapshot import INDEX, patch_worker

IPYTHON_INIT = (b'"""IPython."""\nfrom .core.getipython import get_ipython\n'
                b"from .terminal.embed import embed\n\n__all__ = ['embed']\n")


def _wheel(folder: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
        archive.writestr(f"{name}-{version}.dist-info/RECORD", "stale\n")
    return wheel


def test_ipythons_embed_is_imported_at_first_use_and_the_record_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wheel = _wheel(tmp_path, "ipython", "9.15.0", {"IPython/__init__.py": IPYTHON_INIT})
    patched = patch_wheel(wheel, tmp_path / "out")
    assert patched.name == wheel.name and patched.parent == tmp_path / "out"
    with zipfile.ZipFile(patched) as archive:
        init = archive.read("IPython/__init__.py")
        record = archive.read("ipython-9.15.0.dist-info/RECORD").decode()
    digest = base64.urlsafe_b64encode(hashlib.sha256(init).digest()).rstrip(b"=").decode()
    assert f"IPython/__init__.py,sha256={digest},{len(init)}" in record.splitlines()
    # the patched package, with stand-ins for its submodules: importing it leaves the
    # terminal's shell unimported; IPython.embed imports it then; other names still fail
    package = tmp_path / "site" / "fake_ipython"
    (package / "core").mkdir(parents=True)
    (package / "terminal").mkdir()
    (package / "__init__.py").write_bytes(init)
    (package / "core" / "__init__.py").write_text("")
    (package / "core" / "getipython.py").write_text("def get_ipython(): return None\n")
    (package / "terminal" / "__init__.py").write_text("")
    (package / "terminal" / "embed.py").write_text("def embed(): return 'the shell'\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    import importlib
    import sys

    module = importlib.import_module("fake_ipython")
    try:
        assert "fake_ipython.terminal.embed" not in sys.modules
        assert module.embed() == "the shell"
        assert "fake_ipython.terminal.embed" in sys.modules
        with pytest.raises(AttributeError, match="no attribute 'nothing'"):
            module.nothing  # noqa: B018
    finally:
        for name in [n for n in sys.modules if n.startswith("fake_ipython")]:
            del sys.modules[name]
    # the same patch twice, or on a wheel without its text, stops the build
    with pytest.raises(PatchError, match="no longer fits"):
        patch_wheel(patched, tmp_path / "again")
    (tmp_path / "moved").mkdir()
    moved = _wheel(tmp_path / "moved", "ipython", "9.16.0", {"IPython/__init__.py": b"pass\n"})
    with pytest.raises(PatchError, match=r"cardkit/lite_patches\.py"):
        patch_wheel(moved, tmp_path / "other")


def test_a_wheel_without_a_patch_is_left_as_it_is(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path, "traitlets", "5.0.0", {"traitlets/__init__.py": b"x = 1\n"})
    assert patch_wheel(wheel, tmp_path / "out") == wheel
    assert {patch.package for patch in PATCHES} == {"ipython"}


WORKER = ('"use strict";class K{async initRuntime(e){let t,{pyodideUrl:n,indexUrl:s}=e;'
          'this._pyodide=await t({indexURL:s,stdout:e=>{},...e.loadPyodideOptions})}}\n')


def _kernel_static(site: Path) -> Path:
    static = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    static.mkdir(parents=True)
    return static


def test_the_kernels_workers_start_from_the_image_or_afresh(tmp_path: Path) -> None:
    static = _kernel_static(tmp_path)
    (static / "352.js").write_text(WORKER)
    (static / "620.js").write_text(WORKER.replace("t(", "r(").replace("let t", "let r"))
    (static / "872.js").write_text("new Worker(352)")
    patched = patch_worker(tmp_path)
    assert sorted(p.name for p in patched) == ["352.js", "620.js"]
    for script, load in (("352.js", "t"), ("620.js", "r")):
        text = (static / script).read_text()
        assert f"this._pyodide=await self.__cardkitStart({load},{{indexURL:s," in text
        assert f'new URL("{INDEX}"' in text and "DecompressionStream" in text
        # the fallback: any failure starts Pyodide afresh (with the saved files), and says
        # so; a site without the image starts as before
        assert "catch (error)" in text and "const api = await load(bare);" in text
        assert "return await load(options);" in text
        assert "random.seed()" in text  # pages do not share the image's random state
    assert (static / "872.js").read_text() == "new Worker(352)"


def test_a_kernel_whose_worker_code_moved_is_not_patched_at_all(tmp_path: Path) -> None:
    static = _kernel_static(tmp_path)
    (static / "352.js").write_text(WORKER)
    (static / "620.js").write_text("/* another kernel version */")
    with pytest.raises(OSError, match="update cardkit/lite_snapshot"):
        patch_worker(tmp_path)
    assert (static / "352.js").read_text() == WORKER


@pytest.mark.parametrize(("path", "header"), [
    ("/static/pyodide/pyodide.asm.wasm", f"max-age={lite.PYODIDE_MAX_AGE}"),
    ("/static/pyodide/python_stdlib.zip", f"max-age={lite.PYODIDE_MAX_AGE}"),
    ("/static/pyodide/pyodide-lock.json", "no-cache"),
    ("/static/pyodide/cardkit-0.1.0-py3-none-any.whl", "no-cache"),
    (f"/static/pyodide/{INDEX}", "no-cache"),
    ("/static/pyodide/kernel-image-0123456789abcdef.bin.gz", f"max-age={lite.PYODIDE_MAX_AGE}"),
    ("/static/pyodide/kernel-files-0123456789abcdef.bin.gz", f"max-age={lite.PYODIDE_MAX_AGE}"),
    ("/static/pyodide/kernel-image-latest.bin.gz", "no-cache"),
    ("/voici/render/xeri_table.html?seed=3", "no-cache"),
    ("/jupyter-lite.json", "no-cache"),
    ("/voici/build/1650.js", f"max-age={lite.PYODIDE_MAX_AGE}"),
])
def test_the_served_site_lets_browsers_keep_pyodide_and_revalidate_each_builds_files(
        path: str, header: str) -> None:
    assert lite.cache_control(path) == header


def _notebook(folder: Path, name: str, code: str) -> None:
    import json

    cell = {"cell_type": "code", "source": code, "metadata": {}, "outputs": [],
            "execution_count": None}
    (folder / name).write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4,
                                           "nbformat_minor": 5}))


def test_the_image_imports_the_cardkit_modules_the_gallerys_notebooks_import(
        tmp_path: Path) -> None:
    from cardkit.lite_snapshot import OPENING_MODULES, app_modules

    _notebook(tmp_path, "a.ipynb", "import random\nfrom cardkit.widgets.serve import show_app\n"
                                   "from cardkit.widgets.xeri_table import XeriTable\n")
    _notebook(tmp_path, "b.ipynb", "import cardkit.zioncheck, os\nfrom . import nothing\n"
                                   "def f():\n    from cardkit.widgets.charts import x\n")
    assert app_modules(tmp_path) == ["cardkit.widgets.serve", "cardkit.widgets.xeri_table",
                                     "cardkit.zioncheck", "cardkit.widgets.charts",
                                     *OPENING_MODULES]


def test_the_image_is_named_by_the_cardkit_wheel_it_was_made_with(tmp_path: Path) -> None:
    from cardkit.lite_snapshot import snapshot_key

    wheel = tmp_path / "cardkit-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"one build")
    key = snapshot_key("site-1", wheel, ["cardkit.widgets.serve"])
    assert key == snapshot_key("site-1", wheel, ["cardkit.widgets.serve"])
    assert key != snapshot_key("site-2", wheel, ["cardkit.widgets.serve"])
    assert key != snapshot_key("site-1", wheel, ["cardkit.zioncheck"])
    wheel.write_bytes(b"another build")  # cardkit changed: another name, never the old image
    assert key != snapshot_key("site-1", wheel, ["cardkit.widgets.serve"])


def test_the_saved_files_replace_their_wheels_in_the_site(tmp_path: Path) -> None:
    import gzip
    import json

    from cardkit.lite_snapshot import files_header, install_snapshot

    pyodide = tmp_path / "site" / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    lock = {"packages": {
        name: {"name": name, "file_name": f"{name.replace('-', '_')}-1-py3-none-any.whl"}
        for name in ("ipython-pygments-lexers", "cardkit", "plotly")}}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock))
    for entry in lock["packages"].values():
        (pyodide / entry["file_name"]).write_bytes(b"wheel")
    header = json.dumps({"loaded": {"ipython_pygments_lexers": "default channel",
                                    "cardkit": "default channel"},
                         "dirs": ["/lib"], "files": [["/lib/a.py", 3, 1000]]}).encode()
    files, image = tmp_path / "files.bin.gz", tmp_path / "image.bin.gz"
    files.write_bytes(gzip.compress(len(header).to_bytes(4, "little") + header + b"a=1"))
    image.write_bytes(gzip.compress(b"memory"))
    removed = install_snapshot(tmp_path / "site", image, files, "0123456789abcdef")
    assert sorted(removed) == ["cardkit-1-py3-none-any.whl",
                               "ipython_pygments_lexers-1-py3-none-any.whl"]
    assert (pyodide / "plotly-1-py3-none-any.whl").is_file()  # loaded lazily, kept
    names = json.loads((pyodide / INDEX).read_text())
    assert names == {"image": "kernel-image-0123456789abcdef.bin.gz",
                     "files": "kernel-files-0123456789abcdef.bin.gz"}
    assert gzip.decompress((pyodide / names["image"]).read_bytes()) == b"memory"
    assert files_header(pyodide / names["files"])["files"] == [["/lib/a.py", 3, 1000]]


SW_CODE = ('async _initialize(e){if(t){if(t.controller){const e=t.controller.scriptURL;'
           'await this._unregisterOldServiceWorkers(e)}if(!s&&t)try{console.info("Registering"),'
           's=await t.register(e),console.info("JupyterLite ServiceWorker was sucessfully '
           'registered")}catch(e){}}}async _unregisterOldServiceWorkers(e){const t=`${e}-version`,'
           's=localStorage.getItem(t);if(s&&s!==P||!s){console.info("New version");}'
           'localStorage.setItem(t,P)}')


def test_a_page_records_its_version_when_it_registers_its_service_worker(tmp_path: Path) -> None:
    # JupyterLite recorded it only when it checked an older worker, so a browser's second view
    # unregistered the worker its first view had registered (2 s of that view)
    (tmp_path / "voici").mkdir()
    (tmp_path / "voici" / "1650.js").write_text(SW_CODE)
    (tmp_path / "other.js").write_text("s=await t.register(e)")  # no check: left alone
    assert lite.remember_service_worker(tmp_path) == [tmp_path / "voici" / "1650.js"]
    text = (tmp_path / "voici" / "1650.js").read_text()
    assert ("s=await t.register(e),localStorage.setItem(`${e}-version`,P),"
            'console.info("JupyterLite ServiceWorker was sucessfully registered")') in text
    assert (tmp_path / "other.js").read_text() == "s=await t.register(e)"
    # its own check, with the key and version it records, is unchanged
    assert "if(s&&s!==P||!s)" in text and "localStorage.setItem(t,P)}" in text
