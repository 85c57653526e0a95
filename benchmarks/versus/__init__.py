"""The same workload on two commits in one run: ``--baseline-rev REV`` of the engine benchmarks.

A benchmark names its workloads (a function of a count that plays that many units and returns
what it played) and calls `main_versus`. Each workload then runs in fresh interpreters, once
with ``PYTHONPATH`` at a temporary ``git worktree`` of ``REV`` and once at this checkout, by
turns, so that both sides see the same machine: the figure is the ratio new / old.

Two measures, both per workload:

- CPU seconds of the worker process (``time.process_time``), the best of ``--repeat`` turns;
  on a loaded machine they still move with the load, so the load average is printed;
- with ``--instructions``, the instructions the timed run executes, counted by valgrind's
  callgrind (collecting only inside the worker's ``sys.call_tracing`` call, so start-up,
  imports and set-up are left out), which the machine's load does not change.

Both sides must play the same games: the units each played (plays, hands, turns) are printed
and a difference is reported, since a changed workload makes the ratio meaningless.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""This checkout (the "new" side)."""

Workload = Callable[[int], Callable[[], dict[str, int]]]
"""Sets up ``count`` units of play (untimed: imports, warm-up) and returns the timed run, which
plays them and returns what it played, e.g. ``{"plays": 123, "rounds": 9}``."""


@dataclass(frozen=True)
class Run:
    """One worker's answer: what it played and its CPU seconds (the workload only)."""

    units: dict[str, int]
    seconds: float


def worker(workloads: Mapping[str, Workload], name: str, count: int) -> None:
    """Run one workload in this process and print its `Run` as JSON (the child's side)."""
    import cardkit

    run = workloads[name](count)
    start = time.process_time()
    # through sys.call_tracing only so that callgrind can count this call alone (it toggles on
    # the C function sys_call_tracing); with no trace function set it is a plain call
    units = sys.call_tracing(run, ())
    seconds = time.process_time() - start
    print(json.dumps({"units": units, "seconds": seconds, "cardkit": cardkit.__file__}))


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """A temporary detached ``git worktree`` of ``rev`` (removed afterwards)."""
    place = Path(tempfile.mkdtemp(prefix="cardkit-baseline-"))
    tree = place / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree),
                    rev], check=True)
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                       check=False)
        shutil.rmtree(place, ignore_errors=True)


def _command(script: Path, name: str, count: int) -> list[str]:
    return [sys.executable, str(script), "--worker", name, "--count", str(count)]


def _env(tree: Path) -> dict[str, str]:
    # PYTHONPATH comes before the editable install's finder, so `import cardkit` is the tree's
    return {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}


def run_once(script: Path, tree: Path, name: str, count: int) -> Run:
    done = subprocess.run(_command(script, name, count), env=_env(tree), capture_output=True,
                          text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"the {name} worker at {tree} failed:\n{done.stderr}")
    answer = json.loads(done.stdout.splitlines()[-1])
    if not Path(answer["cardkit"]).is_relative_to(tree):
        raise RuntimeError(f"the worker at {tree} imported {answer['cardkit']}")
    return Run(answer["units"], answer["seconds"])


def instructions(script: Path, tree: Path, name: str, count: int) -> int:
    """Instructions the timed run executes, counted by callgrind inside the worker's
    ``sys.call_tracing`` call only (start-up, imports and set-up are not collected)."""
    with tempfile.TemporaryDirectory() as out:
        path = Path(out) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={path}",
             "--collect-atstart=no", "--toggle-collect=sys_call_tracing",
             *_command(script, name, count)],
            env=_env(tree), capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"callgrind of {name} at {tree} failed:\n{done.stderr}")
        return _total(path)


def _total(path: Path) -> int:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no instruction total in {path}")


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def compare(script: Path, rev: str, counts: Mapping[str, int], *, repeat: int,
            count_instructions: bool, cpu_only: Collection[str] = ()) -> None:
    """Print, per workload, the old and new figures and their ratio."""
    print(f"baseline {rev} ({_describe(rev)}) against this checkout ({_describe('HEAD')}"
          f"{', with local changes' if _dirty() else ''}); {_load()}")
    # a terminated run still removes its worktree (the context manager's finally)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(f"stopped; {rev}'s worktree removed"))
    with worktree(rev) as old:
        for name, count in counts.items():
            best: dict[str, Run] = {}
            for _ in range(repeat):  # by turns, so that both sides see the same load
                for side, tree in (("old", old), ("new", ROOT)):
                    run = run_once(script, tree, name, count)
                    if side not in best or run.seconds < best[side].seconds:
                        best[side] = run
            units = best["new"].units
            same = best["old"].units == units
            what = ", ".join(f"{v:,} {k}" for k, v in units.items())
            cpu_old, cpu_new = best["old"].seconds, best["new"].seconds
            line = (f"{name} ({count:,}: {what}): CPU old {cpu_old:.3f} s, new {cpu_new:.3f} s, "
                    f"new/old {cpu_new / cpu_old:.3f}")
            if count_instructions and name not in cpu_only:
                ir_old = instructions(script, old, name, count)
                ir_new = instructions(script, ROOT, name, count)
                line += (f"; instructions old {ir_old:,}, new {ir_new:,}, "
                         f"new/old {ir_new / ir_old:.3f}")
            print(line, flush=True)
            if not same:
                print(f"  NOT the same workload: the old side played {best['old'].units}")
    print(f"after: {_load()}")


def _describe(rev: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %ad", "--date=short",
                           rev], capture_output=True, text=True, check=False)
    return done.stdout.strip() or rev


def _dirty() -> bool:
    done = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "cardkit"],
                          capture_output=True, text=True, check=False)
    return bool(done.stdout.strip())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every engine benchmark takes for a same-run comparison."""
    parser.add_argument("--baseline-rev", metavar="REV",
                        help="run each workload on commit REV and on this checkout, by turns, "
                             "and print the ratios (see benchmarks/versus)")
    parser.add_argument("--instructions", action="store_true",
                        help="with --baseline-rev: also count instructions with callgrind "
                             "(unmoved by the machine's load; slow)")
    parser.add_argument("--only", action="append", metavar="WORKLOAD",
                        help="with --baseline-rev: only this workload (repeatable)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)


def handled(args: argparse.Namespace, script: str, workloads: Mapping[str, Workload],
            counts: Mapping[str, int], repeat: int, cpu_only: Collection[str] = ()) -> bool:
    """Run the worker or the comparison if the options ask for one; False otherwise.
    ``cpu_only`` names workloads never run under callgrind (a JIT compiler's, say)."""
    if args.worker:
        worker(workloads, args.worker, args.count)
        return True
    if not args.baseline_rev:
        return False
    chosen = {n: c for n, c in counts.items() if not args.only or n in args.only}
    unknown = set(args.only or ()) - set(counts)
    if unknown:
        raise SystemExit(f"unknown workload(s) {sorted(unknown)}; the workloads: {list(counts)}")
    compare(Path(script).resolve(), args.baseline_rev, chosen, repeat=repeat,
            count_instructions=args.instructions, cpu_only=cpu_only)
    return True
