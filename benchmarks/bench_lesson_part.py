"""How long a lesson part's cells take, run from the **student edition** as a class runs them.

    .venv/bin/python benchmarks/bench_lesson_part.py [--lesson 03] [--part 1] [--answers]

It writes both editions (`cardkit.editions.write_editions`, as ``make lessons``) into a
temporary folder, starts a fresh kernel in the student edition's folder (where a learner's
notebook runs), and runs the cells from the top of the notebook to the end of part ``--part``
(a part starts at a Markdown heading ``## Part N``), in order, one at a time. For each code
cell it prints the kernel's CPU seconds (its own process, so other work on the machine does
not count) and the wall-clock seconds (which do, so the load is printed beside them), and the
first line of what the cell showed. A cell that raises stops the run: the student edition
must run alone, without its teacher's cells.

With ``--answers`` the exercises are answered and the predictions made as a learner who got
them right would (the answers come from `cardkit.lessons`, as the teacher edition's key says),
so the run shows "Right!" where the class would see it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import psutil
from jupyter_client.manager import KernelManager

from cardkit.editions import write_editions
from cardkit.lessons import EXERCISES, PREDICTIONS

ROOT = Path(__file__).resolve().parents[1]
PART = re.compile(r"^## Part (\d+)", re.MULTILINE)


def cells_to_part(cells: list[dict], part: int) -> list[dict]:
    """The cells from the top up to the end of part ``part``."""
    out = []
    for cell in cells:
        found = PART.search("".join(cell["source"])) if cell["cell_type"] == "markdown" else None
        if found and int(found.group(1)) > part:
            break
        out.append(cell)
    return out


def answered(code: str) -> str:
    """``code`` with the ``...`` of its exercises and predictions replaced by a right answer."""
    def check(match: re.Match[str]) -> str:
        solution, _ = EXERCISES[match.group(2)].solution()
        if isinstance(solution, list):
            solution = solution[0]
        return f'{match.group(1)}("{match.group(2)}", {str(solution)!r})'

    def predict(match: re.Match[str]) -> str:
        answer, _ = PREDICTIONS[match.group(2)].solve()
        return f'{match.group(1)}("{match.group(2)}", {str(answer)!r})'

    code = re.sub(r'(check)\("([\w-]+)", \.\.\.\)', check, code)
    return re.sub(r'(predict)\("([\w-]+)", \.\.\.\)', predict, code)


def run(lesson: str, part: int, answers: bool) -> int:
    source = next((ROOT / "tutorials").glob(f"{lesson}_*.ipynb"), None)
    if source is None:
        raise SystemExit(f"no tutorial {lesson}_….ipynb in tutorials/")
    with tempfile.TemporaryDirectory() as out:
        student = write_editions(source, Path(out))["student"]
        cells = cells_to_part(json.loads(student.read_text())["cells"], part)
        start = time.perf_counter()
        manager = KernelManager(kernel_name="python3")
        manager.start_kernel(cwd=str(student.parent))
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        kernel = psutil.Process(manager.provisioner.process.pid)  # type: ignore[union-attr]
        print(f"{source.name}, part {part}, student edition; load {os.getloadavg()[0]:.1f}; "
              f"the kernel started in {time.perf_counter() - start:.1f} s (wall clock)")
        print(f"{'cell':>4} {'cpu s':>6} {'wall s':>6}  first line shown")
        total_cpu = total_wall = 0.0
        status = 0
        try:
            for number, cell in enumerate(cells):
                if cell["cell_type"] != "code":
                    continue
                code = "".join(cell["source"])
                if answers:
                    code = answered(code)
                shown: list[str] = []

                def keep(message: dict, shown: list[str] = shown) -> None:
                    content = message["content"]
                    text = content.get("text") or content.get("data", {}).get("text/plain", "")
                    if message["msg_type"] == "error":
                        text = f"{content['ename']}: {content['evalue']}"
                    if text:
                        shown.append(text.strip().splitlines()[0] if text.strip() else "")

                before = sum(kernel.cpu_times()[:2])
                start = time.perf_counter()
                reply = client.execute_interactive(code, timeout=600, output_hook=keep)
                wall = time.perf_counter() - start
                cpu = sum(kernel.cpu_times()[:2]) - before
                total_cpu += cpu
                total_wall += wall
                print(f"{number:>4} {cpu:6.2f} {wall:6.2f}  {(shown or [''])[0][:70]}")
                if reply["content"]["status"] != "ok":
                    print(f"cell {number} failed: {shown[-1] if shown else ''}")
                    status = 1
                    break
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
        print(f"in all: {total_cpu:.1f} s of the kernel's CPU, {total_wall:.1f} s of wall "
              f"clock; load {os.getloadavg()[0]:.1f}")
        return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default="03", help="the tutorial's number (default 03)")
    parser.add_argument("--part", type=int, default=1, help="run up to the end of this part")
    parser.add_argument("--answers", action="store_true",
                        help="answer the exercises and predictions right")
    args = parser.parse_args()
    return run(args.lesson, args.part, args.answers)


if __name__ == "__main__":
    sys.exit(main())
