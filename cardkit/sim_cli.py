"""``cardkit simulate GAME``: play many rounds or hands with bots, save them, print a summary.

    cardkit simulate xeri --rounds 100000 --workers 2 --players greedy,random --out results.csv
    cardkit simulate zioncheck --hands 600 --players greedy --out hands.parquet

The rows are those of `cardkit.sim.simulate` (one per Xeri round or Zion Check hand); ``--out``
writes CSV or Parquet (by the file's extension; Parquet needs ``pip install cardkit[parquet]``).
The summary gives means with confidence intervals and win rates (`cardkit.probability.summary`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pandas as pd

from cardkit.games import get_game
from cardkit.probability import summary
from cardkit.sim import simulate

__all__ = ["add_parser", "run", "write_frame"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``simulate`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser(
        "simulate", help="play many rounds/hands with bots; save them as CSV or Parquet",
        description="Play many Xeri rounds or Zion Check hands with bots, write one row per "
                    "round/hand, and print means with confidence intervals and win rates.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("game", help="xeri or zioncheck (zion)")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--rounds", type=int, help="Xeri rounds to play (default 1000)")
    count.add_argument("--hands", type=int, help="Zion Check hands to play (default 60)")
    parser.add_argument("--players", default="random",
                        help="bot kinds, one per seat or repeated round the table, "
                             "e.g. greedy,random")
    parser.add_argument("--seed", type=int, default=0, help="the master seed")
    parser.add_argument("--workers", type=int, default=1, help="processes to use")
    parser.add_argument("--chunk-size", type=int, default=None,
                        help="rows per chunk (the results do not depend on it)")
    parser.add_argument("--engine", choices=("auto", "vector", "reference", "numba", "numpy"),
                        default="auto",
                        help="vector: the array Xeri simulator for random/greedy bots (its numba "
                        "kernel when installed; numba/numpy pick one kernel)")
    parser.add_argument("--preset", default=None, help="a rules preset of the game")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the rows to this .csv or .parquet file")
    parser.add_argument("--level", type=float, default=0.95, help="confidence level")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def write_frame(frame: pd.DataFrame, path: Path) -> None:
    """Write ``frame`` as CSV or Parquet, chosen by the extension of ``path``."""
    suffix = path.suffix.lower()
    frame = frame.copy(deep=False)
    frame.attrs = {}  # the call (bots, rules) is Python objects, not file metadata
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    elif suffix in (".parquet", ".pq"):
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError("writing Parquet needs pyarrow: pip install 'cardkit[parquet]' "
                             "(or write a .csv file)") from None
        frame.to_parquet(path, index=False)
    else:
        raise ValueError(f"--out must end in .csv or .parquet, not {path.name!r}")


def run(args: argparse.Namespace) -> int:
    """Run the simulation the arguments describe, write it and print the summary."""
    spec = get_game(args.game)
    if spec.name == "xeri" and args.hands is not None:
        raise ValueError("Xeri is played in rounds: use --rounds, not --hands")
    if spec.name == "zioncheck" and args.rounds is not None:
        raise ValueError("Zion Check is played in hands: use --hands, not --rounds")
    n = args.rounds if spec.name == "xeri" else args.hands
    if n is None:
        n = 1000 if spec.name == "xeri" else 60
    if args.out is not None:
        _check_out(args.out)  # before a long run, not after it
    frame = simulate(spec.name, n, players=args.players, rules=args.preset, seed=args.seed,
                     workers=args.workers, progress=not args.no_progress,
                     chunk_size=args.chunk_size, engine=args.engine)
    if args.out is not None:
        write_frame(frame, args.out)
    print(summary_text(frame, spec.title, args.level, args.out))
    return 0 if not frame.attrs.get("stopped") else 130


def _check_out(path: Path) -> None:
    if path.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise ValueError(f"--out must end in .csv or .parquet, not {path.name!r}")
    if not path.parent.exists():
        raise ValueError(f"the folder {str(path.parent)!r} of --out does not exist")


def summary_text(frame: pd.DataFrame, title: str, level: float = 0.95,
                 out: Any = None) -> str:
    """The printed summary: what was played, then one line per measure."""
    attrs = frame.attrs
    unit = "rounds" if "match" in frame.columns else "hands"
    kernel = f", {attrs['kernel']} kernel" if attrs.get("kernel") else ""
    lines = [f"{title}: {len(frame):,} {unit} ({attrs.get('engine', '?')} engine{kernel}"
             + (", stopped early" if attrs.get("stopped") else "") + ")"]
    if out is not None:
        lines.append(f"rows written to {out}")
    table = summary(frame, level)
    width = max((len(m) for m in table["measure"]), default=10)
    lines.append(f"{'measure':<{width}}  {'mean':>9}  {int(level * 100)}% interval")
    for row in table.itertuples(index=False):
        lines.append(f"{row.measure:<{width}}  {row.mean:>9.4f}  [{row.low:.4f}, {row.high:.4f}]")
    return "\n".join(lines)
