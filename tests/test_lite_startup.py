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
from cardkit.lite_snapshot import SNAPSHOT, patch_worker

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
        assert f'new URL("{SNAPSHOT}"' in text and "DecompressionStream" in text
        # the fallback: any failure starts Pyodide as before, and says so
        assert "catch (error)" in text and "return await load(options);" in text
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
    (f"/static/pyodide/{SNAPSHOT}", "no-cache"),
    ("/voici/render/xeri_table.html?seed=3", "no-cache"),
    ("/jupyter-lite.json", "no-cache"),
    ("/voici/build/1650.js", f"max-age={lite.PYODIDE_MAX_AGE}"),
])
def test_the_served_site_lets_browsers_keep_pyodide_and_revalidate_each_builds_files(
        path: str, header: str) -> None:
    assert lite.cache_control(path) == header
