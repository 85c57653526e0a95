"""Source patches the static site (`cardkit.lite`) makes to wheels from PyPI before compiling them.

Each patch names the exact text it replaces; when a pin moves and the text is gone, the build
stops with the patch's name (`PatchError`) instead of shipping a wheel patched halfway.

- **IPython: ``IPython.embed`` imported when first used.** IPython 9.15's package
  ``__init__`` imports ``IPython.terminal.embed`` (the terminal's shell) for its top-level name
  ``embed``, and with it the terminal's interactive shell, prompt_toolkit (116 modules) and
  wcwidth: about 0.4 of the 1.7 CPU-seconds that ``import IPython`` costs a page under Node.js,
  for a terminal that a page never opens. The Pyodide kernel 0.7.0 imports only
  ``IPython.core`` and ``IPython.display`` parts; the patch makes ``embed`` a module attribute
  resolved at first use (PEP 562), so ``IPython.embed`` and ``from IPython import embed`` still
  work. Without the patch nothing breaks: pages only start slower.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["PATCHES", "Patch", "PatchError", "patch_wheel"]


class PatchError(OSError):
    """A patch's text is not in the wheel (its pin moved): the build stops."""


@dataclass(frozen=True)
class Patch:
    """Replace ``old`` by ``new`` (exactly once) in ``path`` of the wheel of ``package``."""

    package: str
    path: str
    old: str
    new: str
    why: str


_LAZY_EMBED = '''

def __getattr__(name):
    # cardkit's static site (cardkit.lite_patches): the terminal's shell, and prompt_toolkit
    # with it, is imported when IPython.embed is first used, not as IPython is imported.
    if name == "embed":
        from .terminal.embed import embed

        return embed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
'''

PATCHES = (
    Patch("ipython", "IPython/__init__.py", "from .terminal.embed import embed\n", _LAZY_EMBED,
          "IPython.embed imported when first used (prompt_toolkit stays out of a page's start)"),
)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def patch_wheel(wheel: Path, dest: Path, patches: tuple[Patch, ...] = PATCHES) -> Path:
    """``wheel`` with the ``patches`` of its package applied, written into ``dest`` under its
    own name (its ``RECORD`` updated); ``wheel`` itself when no patch is for its package."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    name = canonicalize_name(parse_wheel_filename(wheel.name)[0])
    mine = [p for p in patches if canonicalize_name(p.package) == name]
    if not mine:
        return wheel
    with zipfile.ZipFile(wheel) as archive:
        files = {info.filename: archive.read(info) for info in archive.infolist()
                 if not info.is_dir()}
    for patch in mine:
        text = files.get(patch.path, b"").decode()
        if text.count(patch.old) != 1 or patch.new in text:
            raise PatchError(f"the static site's patch {patch.why!r} no longer fits "
                             f"{wheel.name} ({patch.path}): update or drop it in "
                             "cardkit/lite_patches.py")
        files[patch.path] = text.replace(patch.old, patch.new).encode()
    (record,) = [n for n in files if n.endswith(".dist-info/RECORD") and n.count("/") == 1]
    lines = [_record_line(n, data) for n, data in files.items() if n != record]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / wheel.name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return out
