"""The static site's cache of built folders (`cardkit.lite`: built sites, kernel images,
downloads and compiled wheels in ~/.cache/cardkit-lite), shared by builds that run at once: the
folders builds used last are kept, the others deleted, but never one another build holds. A
cache in tmp_path; no build (a download or a compilation is replaced by its folder's marker)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit import lite

# A time long past, for a stamp or a folder (seconds since 1970).
LONG_AGO = 1_000_000_000


def built(cache: Path, name: str, used: float | None = None, made: float = LONG_AGO) -> Path:
    """A built folder of the cache, made at ``made``, last used at ``used`` (no stamp: None)."""
    folder = cache / name
    folder.mkdir()
    (folder / "done").write_text(name)
    os.utime(folder, (made, made))
    if used is not None:
        lite._stamp(folder).touch()
        os.utime(lite._stamp(folder), (used, used))
    return folder


def test_the_folders_used_last_are_kept_the_others_go_with_their_stamps(tmp_path: Path) -> None:
    keep = built(tmp_path, "site-keep", used=LONG_AGO + 50)
    # made last but used long ago: its stamp, not its own time, says when it was used
    made_late = built(tmp_path, "site-made-late", used=LONG_AGO + 1, made=LONG_AGO + 99)
    used_late = built(tmp_path, "site-used-late", used=LONG_AGO + 40)
    older = built(tmp_path, "site-older", used=LONG_AGO + 30)
    before_stamps = built(tmp_path, "site-before-stamps", made=LONG_AGO + 20)
    kernel = built(tmp_path, "kernel-other", used=LONG_AGO)
    lite._forget_old(tmp_path, "site-*", keep=keep, kept=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kernel-other", "kernel-other.used", "site-keep", "site-keep.used", "site-older",
        "site-older.used", "site-used-late", "site-used-late.used"]
    assert not made_late.exists() and not before_stamps.exists()
    assert used_late.is_dir() and older.is_dir() and kernel.is_dir()
    lite._forget_old(tmp_path, "site-*", keep=keep, kept=2)
    assert not older.exists() and not lite._stamp(older).exists() and used_late.is_dir()


def test_a_folder_another_build_holds_is_kept_until_it_lets_go(tmp_path: Path) -> None:
    keep = built(tmp_path, "site-new", used=LONG_AGO + 9)
    held = built(tmp_path, "site-held", used=LONG_AGO)
    other = built(tmp_path, "site-other", used=LONG_AGO + 1)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys\nfrom pathlib import Path\nfrom cardkit import lite\n"
         f"with lite._using(Path({str(held)!r}), 'done') as ready:\n"
         "    print(ready, flush=True)\n"
         "    sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline() == "True\n"  # the other build holds it now
        # its use touched the stamp: it is now the last used of the three
        assert lite._last_used(held) > LONG_AGO + 9
        lite._forget_old(tmp_path, "site-*", keep=keep, kept=1)
        assert held.is_dir() and (held / "done").is_file() and lite._stamp(held).exists()
        assert not other.exists()
        holder.stdin.close()
        assert holder.wait(timeout=60) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    lite._forget_old(tmp_path, "site-*", keep=keep, kept=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site-new", "site-new.used"]


def test_a_build_making_a_folder_holds_it_alone_one_using_it_shares_it(tmp_path: Path) -> None:
    folder = tmp_path / "kernel-k"
    stamp = lite._stamp(folder)
    with lite._using(folder, "done") as ready:
        assert not ready
        with pytest.raises(BlockingIOError):  # another build waits for it to be made
            lite._lock(stamp, alone=False, wait=False)
        folder.mkdir()
        (folder / "done").write_text("k")
    os.utime(stamp, (LONG_AGO, LONG_AGO))
    with lite._using(folder, "done") as ready:
        assert ready and stamp.stat().st_mtime > LONG_AGO  # touched: used now
        os.close(lite._lock(stamp, alone=False, wait=False))  # another build may use it too
        with pytest.raises(BlockingIOError):  # but none may delete it
            lite._lock(stamp, alone=True, wait=False)
    os.close(lite._lock(stamp, alone=True, wait=False))


def test_a_lock_on_a_stamp_removed_meanwhile_is_taken_again_on_the_new_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stamp = tmp_path / "site-s.used"
    stamp.touch()
    real_flock = fcntl.flock
    removed: list[int] = []

    def flock(fd: int, operation: int) -> None:
        if not removed:  # another build forgets the folder while this one waits for it
            removed.append(fd)
            stamp.unlink()
        real_flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", flock)
    fd = lite._lock(stamp, alone=False)
    try:
        assert removed and os.fstat(fd).st_ino == os.stat(stamp).st_ino
    finally:
        os.close(fd)


def test_stamps_of_folders_never_made_go_unless_a_build_is_making_one(tmp_path: Path) -> None:
    keep = built(tmp_path, "site-keep", used=LONG_AGO)
    (tmp_path / "site-failed.used").touch()
    making = tmp_path / "site-making"
    with lite._using(making, "jupyter-lite.json") as ready:
        assert not ready
        lite._forget_old(tmp_path, "site-*", keep=keep, kept=2)
        assert not (tmp_path / "site-failed.used").exists()
        assert lite._stamp(making).exists()


def test_without_flock_a_folder_used_lately_counts_as_in_use(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lite, "_FLOCK", False)
    keep = built(tmp_path, "site-keep", used=LONG_AGO)
    lately = built(tmp_path, "site-lately")
    with lite._using(lately, "done"):
        pass
    old = built(tmp_path, "site-old", used=LONG_AGO)
    lite._forget_old(tmp_path, "site-*", keep=keep, kept=1)
    assert lately.is_dir() and not old.exists() and not lite._stamp(old).exists()


# --- downloads and compiled wheels: pyodide-*, wheels-*, bytecode-* -----------------------

def fetch(kind: str, cache: Path, monkeypatch: pytest.MonkeyPatch, hold=None) -> Path:
    """The build's step that gives the folder of ``kind``, with its making (a download, a
    compilation) replaced by writing the folder's marker; the folder."""
    from cardkit import lite_bytecode

    def make(folder: Path, marker: str) -> None:
        folder.mkdir()
        (folder / marker).write_text("made")

    monkeypatch.setattr(lite, "_make_pyodide",
                        lambda cache, folder, *_: make(folder, "pyodide-lock.json"))
    monkeypatch.setattr(lite, "_make_wheels",
                        lambda cache, folder, pins: make(folder, "requirements.txt"))
    monkeypatch.setattr(lite_bytecode, "compile_wheels",
                        lambda wheels, pyodide, dest: dest.mkdir())
    if kind == "pyodide":
        return lite.fetch_pyodide(cache, hold)
    if kind == "wheels":
        return lite.fetch_wheels(cache, ["plotly==7.1.0"], hold)
    wheel = cache.parent / "a-1-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    return lite.compiled_wheels(cache, cache / "pyodide-x", [wheel], hold)[0].parent


KINDS = ["pyodide", "wheels", "bytecode"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_builds_download_is_kept_with_the_one_used_before_the_others_go(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    before = built(cache, f"{kind}-before", used=LONG_AGO + 9)
    older = built(cache, f"{kind}-older", used=LONG_AGO + 1)
    no_stamp = built(cache, f"{kind}-no-stamp", made=LONG_AGO)  # cached before the stamps
    other = built(cache, "site-other", used=LONG_AGO)  # another kind: not this step's
    folder = fetch(kind, cache, monkeypatch)
    assert folder.name.startswith(f"{kind}-") and lite._stamp(folder).is_file()
    assert folder.is_dir() and before.is_dir() and other.is_dir()
    assert not older.exists() and not lite._stamp(older).exists() and not no_stamp.exists()
    # the next pin change: the folder of this build and the one before it stay
    monkeypatch.setattr(lite, "PYODIDE_NPM", "pyodide@9.9.9")
    again = fetch(kind, cache, monkeypatch) if kind != "wheels" else \
        lite.fetch_wheels(cache, ["plotly==9.9.9"])
    assert again != folder and again.is_dir() and folder.is_dir() and not before.exists()
    assert len(list(cache.glob(f"{kind}-*.used"))) == lite.KEPT_DOWNLOADS


@pytest.mark.parametrize("kind", KINDS)
def test_a_download_a_build_holds_is_not_pruned_until_the_build_ends(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build holds its downloads until it ends: another build that prunes the cache
    meanwhile (in another process, with a newer folder of each kind) leaves them whole."""
    cache = tmp_path / "cache"
    cache.mkdir()
    newer = built(cache, f"{kind}-newer", used=LONG_AGO + 9)
    prune = [sys.executable, "-c",
             "from pathlib import Path\nfrom cardkit import lite\n"
             f"lite._forget_old(Path({str(cache)!r}), {kind + '-*'!r}, "
             f"keep=Path({str(newer)!r}), kept=1)\n"]
    with contextlib.ExitStack() as hold:
        folder = fetch(kind, cache, monkeypatch, hold)
        subprocess.run(prune, check=True, timeout=60)
        assert folder.is_dir() and lite._stamp(folder).is_file()
    subprocess.run(prune, check=True, timeout=60)
    assert not folder.exists() and newer.is_dir()


@pytest.mark.parametrize("kind", KINDS)
def test_a_download_this_build_made_is_shared_with_other_builds_while_it_holds_it(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Made, the folder is held shared for the rest of the build: another build that wants it
    uses it at once (it does not wait for this build's end), and none may delete it."""
    cache = tmp_path / "cache"
    cache.mkdir()
    with contextlib.ExitStack() as hold:
        folder = fetch(kind, cache, monkeypatch, hold)
        stamp = lite._stamp(folder)
        os.close(lite._lock(stamp, alone=False, wait=False))  # another build may use it
        with pytest.raises(BlockingIOError):  # but none may delete it
            lite._lock(stamp, alone=True, wait=False)
    os.close(lite._lock(stamp, alone=True, wait=False))  # the build over: it may go


def test_a_download_another_build_holds_stays_when_this_one_prunes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    held = built(cache, "wheels-held", used=LONG_AGO)
    older = built(cache, "wheels-older", used=LONG_AGO + 1)
    newer = built(cache, "wheels-newer", used=LONG_AGO + 2)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys\nfrom pathlib import Path\nfrom cardkit import lite\n"
         f"with lite._using(Path({str(held)!r}), 'done') as ready:\n"
         "    print(ready, flush=True)\n"
         "    sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline() == "True\n"
        os.utime(lite._stamp(held), (LONG_AGO, LONG_AGO))  # held, yet the oldest used
        folder = fetch("wheels", cache, monkeypatch)
        assert held.is_dir() and (held / "done").is_file()
        assert folder.is_dir() and newer.is_dir() and not older.exists()
        holder.stdin.close()
        assert holder.wait(timeout=60) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    # the other build's use ended just now: its folder is the one used before this build's
    fetch("wheels", cache, monkeypatch)
    assert held.is_dir() and not newer.exists()
