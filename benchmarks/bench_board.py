"""The class board's refresh with a full experiment: 500 results against a class's 30.

    python benchmarks/bench_board.py              SQLite in a temporary folder
    python benchmarks/bench_board.py --repeat 20

What the page's timer costs the board's kernel every 2 s (`cardkit.widgets.class_board`): a
refresh that finds nothing new reads the experiment and its rows and stops; a refresh after a
new result also draws the sorted intervals, the histogram and the summary again. Each is timed
for an experiment of 30 results (one class: the baseline) and of 500 (the most one experiment
keeps, `cardkit.classroom.MAX_ROWS`); the ratio says what the full board costs more. Also the
submit of one result into the full experiment (what each student's Send costs the database).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from cardkit.classroom import MAX_ROWS, Board
from cardkit.widgets.class_board import ClassBoard


def fill(board: Board, rows: int) -> str:
    code = board.open("xeri_redeal", n=1000, rules={"option": "top_two_pair_or_top_jack"})
    for i in range(rows):
        hits = 100 + (i * 37) % 60
        board.submit(code, student=f"s{i}", estimate=hits / 1000, low=(hits - 20) / 1000,
                     high=(hits + 22) / 1000, n=1000, seed=i, nickname=f"student {i}")
    return code


def timed(action, repeat: int) -> float:
    """The median seconds of ``action()``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(folder: Path, rows: int, repeat: int) -> dict[str, float]:
    board = Board(folder / f"board_{rows}.sqlite")
    code = fill(board, rows)
    screen = ClassBoard(board)
    screen.show(code)

    def redraw() -> None:
        screen._seen = ()  # as after a new result: everything is drawn again
        screen.refresh()

    return {"quiet": timed(screen.refresh, repeat), "redraw": timed(redraw, repeat)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = measure(folder, 30, args.repeat)
        full = measure(folder, MAX_ROWS, args.repeat)
        board = Board(folder / f"board_{MAX_ROWS}.sqlite")
        code = board.experiments().loc[0, "code"]
        board.close(code)  # a closed experiment refuses at once: time the open one's submit
        spare = fill(board, MAX_ROWS - 1)
        start = time.perf_counter()
        board.submit(spare, student="last", estimate=0.1, low=0.08, high=0.12, n=1000, seed=9999)
        submit = time.perf_counter() - start
    one, five, fifteen = os.getloadavg()
    print(f"class board refresh, median of {args.repeat} (load average {one:.1f}, {five:.1f}, "
          f"{fifteen:.1f}; {os.cpu_count()} cores)")
    print(f"{'rows':>5} {'nothing new':>12} {'redraw':>9}")
    for rows, numbers in ((30, base), (MAX_ROWS, full)):
        print(f"{rows:>5} {numbers['quiet'] * 1000:>10.1f}ms {numbers['redraw'] * 1000:>7.0f}ms")
    print(f"ratio {MAX_ROWS}/30: nothing new {full['quiet'] / base['quiet']:.1f}x, redraw "
          f"{full['redraw'] / base['redraw']:.1f}x; the 500th submit {submit * 1000:.0f} ms; "
          f"the page's timer asks every 2 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
