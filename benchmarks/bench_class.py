"""A class at once: N students open the Xeri table on one `cardkit serve` and play turns.

    python benchmarks/bench_class.py                 N = 10, 20, 30; pool 10; 4 turns each
    python benchmarks/bench_class.py --students 5 --pool 2 --turns 2
    python benchmarks/bench_class.py --students 30   as `cardkit serve --class --students 30`:
                                                     30 Xeri kernels preheated, then the class

Each student is a protocol-level client (a page's HTTP load, then the kernel websocket in the
v1 protocol, as JupyterLab's services speak it; Chromium pages would measure the browser on 2
cores, not the server): it loads ``xeri_table.ipynb?seed=<i>``, asks its widgets' states (the
moment a page can draw the table: "first view"), then for each turn selects its first card
(``selected`` of the hand widget) and clicks Play, timing click to the first view update and
to the kernel's idle (the bots have answered). All students start together.

Afterwards each student's game is checked: the same seed and the same cards played through a
local `XeriTable` give every turn the hand the server showed, and the local record survives
``load_record(to_json())`` unchanged (a record that validates). A probe asks the server for a
small file every 0.5 s throughout: its slowest answer is "server answers within". Memory is
the peak of the server and all its kernels together.

Aims (issue 12): 30 students with a preheated pool, first view under 5 s p95 for the students
the pool holds, nobody lost, the server answering within 1 s throughout. Issue 21 raised the
first: with one class size and no ``--pool``, the server preheats a kernel of the Xeri table for
every student, as ``cardkit serve --class --students N`` does, waits until all of them are
ready (``/cardkit/ready``: each has run the app up to the page's request) and quiet, and then
every student's first view should be under 5 s p95. Runs on 127.0.0.1 only.

After each class it prints the CPU seconds per student that the server and the student's own
kernel used while the class ran (psutil; with ``--turns 0``, one first view each): unlike the
times, these hardly depend on what else the machine runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from cardkit.widgets.guard import V1, v1_frame
from cardkit.widgets.serve import POOL_APPS, voila_command, voila_env

ROOT = Path(__file__).resolve().parents[1]

APP = "xeri_table.ipynb"
TIMEOUT_S = 420.0  # one student's whole session, at most


def parse_frame(data: bytes) -> tuple[str, dict, dict, dict]:
    """Channel, header, parent header and content of a v1 frame from the server."""
    count = int.from_bytes(data[:8], "little")
    at = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    part = [data[at[i]:at[i + 1]] for i in range(count - 1)]
    return part[0].decode(), json.loads(part[1]), json.loads(part[2]), json.loads(part[4])


@dataclass
class Student:
    seed: int
    first_view: float | None = None
    clicks: list[float] = field(default_factory=list)  # click to first update
    turns: list[float] = field(default_factory=list)  # click to idle (bots answered)
    played: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)  # the hand shown after each turn
    kernel: str = ""
    page_bytes: int = 0
    error: str = ""
    valid: bool = False


class Session:
    """One student's kernel websocket: send widget messages, follow their state."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.states: dict[str, dict[str, Any]] = {}

    def send(self, msg_type: str, content: dict[str, Any],
             metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "student",
                  "session": "bench", "version": "5.3",
                  # the page's clock: the kernel drops clicks stamped while it was busy
                  "date": datetime.now(timezone.utc).isoformat()}
        self.ws.write_message(v1_frame("shell", header, {}, metadata or {}, content),
                              binary=True)
        return msg_id

    async def until(self, parent: str, *, first_update: list[float] | None = None,
                    start: float = 0.0, want: str = "idle") -> dict[str, Any] | None:
        """Read messages until ``parent``'s kernel status is idle (or its ``update_states``)."""
        while True:
            data = await self.ws.read_message()
            if data is None:
                raise ConnectionError("the server closed the kernel socket")
            if isinstance(data, str):
                continue
            channel, header, parent_header, content = parse_frame(data)
            if channel != "iopub" or parent_header.get("msg_id") != parent:
                continue
            kind = header["msg_type"]
            if kind == "comm_msg":
                payload = content.get("data", {})
                if payload.get("method") == "update":
                    if first_update is not None and not first_update:
                        first_update.append(time.perf_counter() - start)
                    self.states.setdefault(content["comm_id"], {}).update(payload["state"])
                elif payload.get("method") == "update_states" and want == "states":
                    for model, value in payload["states"].items():
                        self.states[model] = dict(value["state"])
                    return payload
            elif kind == "error":
                raise RuntimeError(f"{content.get('ename')}: {content.get('evalue')}")
            elif kind == "status" and content.get("execution_state") == "idle" and want == "idle":
                return None

    def find(self, test: Any) -> str:
        matches = [model for model, state in self.states.items() if test(state)]
        if not matches:
            raise LookupError("no such widget on the page")
        return matches[0]


async def play_student(base: str, student: Student, turns: int) -> None:
    start = time.perf_counter()
    client = AsyncHTTPClient()
    response = await client.fetch(f"{base}/voila/render/{APP}?seed={student.seed}&bot_delay=0",
                                  request_timeout=TIMEOUT_S, raise_error=False)
    if response.code != 200:
        raise RuntimeError(f"page load answered {response.code}")
    student.page_bytes = len(response.body)
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', response.body.decode())
    if kernel is None:
        raise RuntimeError("the page names no kernel")
    student.kernel = kernel.group(1)
    url = (f"{base.replace('http', 'ws', 1)}/api/kernels/{student.kernel}/channels"
           f"?session_id={uuid.uuid4().hex}")
    ws = await websocket_connect(HTTPRequest(url), subprotocols=[V1],
                                 max_message_size=64 * 2**20)
    session = Session(ws)
    try:
        control = uuid.uuid4().hex
        session.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                   "data": {}}, {"version": "1.0.0"})
        ask = session.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await session.until(ask, want="states")
        student.first_view = time.perf_counter() - start
        hand = session.find(lambda s: "_items" in s and s.get("multiple") is False)
        play = session.find(lambda s: s.get("description") == "Play")
        for _ in range(turns):
            items = session.states[hand]["_items"]
            if not items or session.states[hand].get("disabled"):
                break
            student.played.append(items[0]["card"])
            select = session.send("comm_msg", {"comm_id": hand, "data": {
                "method": "update", "state": {"selected": [0]}, "buffer_paths": []}})
            await session.until(select)
            clicked = time.perf_counter()
            first: list[float] = []
            click = session.send("comm_msg", {"comm_id": play, "data": {
                "method": "custom", "content": {"event": "click"}}})
            await session.until(click, first_update=first, start=clicked)
            student.turns.append(time.perf_counter() - clicked)
            student.clicks.append(first[0] if first else student.turns[-1])
            student.hands.append([item["card"] for item in session.states[hand]["_items"]])
    finally:
        ws.close()


def check_record(student: Student) -> bool:
    """The server's game, replayed here: same hands every turn, and a record that validates."""
    from cardkit.games import load_record
    from cardkit.widgets.xeri_table import XeriTable

    table = XeriTable(seed=student.seed, seat=2, bot_delay=0)
    for card, shown in zip(student.played, student.hands, strict=True):
        if table.play(card) is None:
            return False
        if [item["card"] for item in table.hand._items] != shown:
            return False
    record = table.match.to_json()
    return load_record(record).to_json() == record and bool(student.played)


def probe(base: str, stop: Any, answers: Any) -> None:
    """Ask the server for a small file every 0.5 s until ``stop`` is set; send the list of
    (seconds since start, answer time) back through ``answers``.

    It runs in a process of its own, like one more student's browser: in the students' own
    process its answers would also wait for that process's event loop, busy with 30 clients'
    frames, and measure the benchmark rather than the server."""
    import urllib.request

    times: list[tuple[float, float]] = []
    begin = time.perf_counter()
    while not stop.is_set():
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=30) as answer:
                answer.read()
            times.append((start - begin, time.perf_counter() - start))
        except Exception:
            times.append((start - begin, float("inf")))
        stop.wait(0.5)
    answers.send(times)


async def watch_memory(pid: int, stop: asyncio.Event, peak: list[int]) -> None:
    server = psutil.Process(pid)
    while not stop.is_set():
        total = 0
        for process in [server, *server.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                total += process.memory_info().rss
        peak[0] = max(peak[0], total)
        await asyncio.sleep(0.5)


@dataclass(frozen=True)
class ClassRun:
    """What one class's arrival measured: each student, and the server's side of it."""

    students: list[Student]
    cpu: CpuUse
    worst: float  # the probe's slowest answer from the server, in seconds
    worst_at: float  # when it came, in seconds after the class arrived
    peak: int  # the server's and its kernels' peak memory, in bytes


async def run_class(base: str, pid: int, n: int, turns: int, seed0: int) -> ClassRun:
    # every student's page load at once, as a class's browsers would (not 10 at a time)
    AsyncHTTPClient.configure(None, max_clients=max(10, 2 * n))
    students = [Student(seed=seed0 + i) for i in range(n)]
    stop, peak = asyncio.Event(), [0]
    spawn = multiprocessing.get_context("spawn")
    probe_stop = spawn.Event()
    answers, probe_end = spawn.Pipe(duplex=False)
    prober = spawn.Process(target=probe, args=(base, probe_stop, probe_end), daemon=True)
    prober.start()
    watchers = [asyncio.ensure_future(watch_memory(pid, stop, peak))]
    server = psutil.Process(pid)
    kernels = kernel_processes(pid)
    kernels_before = {kid: _cpu_s(process) for kid, process in kernels.items()}
    server_before = _cpu_s(server)

    async def one(student: Student) -> None:
        try:
            await asyncio.wait_for(play_student(base, student, turns), TIMEOUT_S)
        except Exception as error:
            student.error = f"{type(error).__name__}: {error}"

    await asyncio.gather(*(one(s) for s in students))
    kernels.update({k: p for k, p in kernel_processes(pid).items() if k not in kernels})
    cpu = CpuUse.measure(server, kernels_before, server_before,
                         kernels, [s for s in students if s.kernel])
    stop.set()
    probe_stop.set()
    await asyncio.gather(*watchers)
    times = answers.recv() or [(0.0, 0.0)]
    prober.join()
    at, worst = max(times, key=lambda t: t[1])
    return ClassRun(students, cpu, worst, at, peak[0])


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def wait_for_pool(pid: int, pool: int, timeout: float = 1800, apps: int = 2,
                  base: str = "") -> float:
    """Wait until only the pool's kernels run (``apps`` class apps), the server says all of
    them ready (``/cardkit/ready``, as ``cardkit serve --class --students N`` waits for: each
    has run its app up to the page's request) and together they used under 5 % of a core
    over 3 s; the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        kernels = psutil.Process(pid).children()
        if len(kernels) == apps * pool and _server_ready(base, pool * apps) and _quiet(kernels):
            return time.monotonic() - start
        time.sleep(1)
    raise RuntimeError("the preheated pool did not fill")


def _server_ready(base: str, wanted: int) -> bool:
    import urllib.request

    if not base:
        return True
    try:
        with urllib.request.urlopen(f"{base}/cardkit/ready", timeout=10) as answer:
            return sum(json.load(answer)["ready"].values()) >= wanted
    except (OSError, ValueError, KeyError):
        return False


def _quiet(kernels: list[psutil.Process], seconds: float = 3.0) -> bool:
    before = [_cpu_s(k) for k in kernels]
    time.sleep(seconds)
    used = sum(_cpu_s(k) for k in kernels) - sum(before)
    return used < 0.05 * seconds


def _cpu_s(process: psutil.Process) -> float:
    """The CPU seconds (user and system) ``process`` has used so far."""
    with contextlib.suppress(psutil.Error):
        times = process.cpu_times()
        return times.user + times.system
    return 0.0


def kernel_processes(pid: int) -> dict[str, psutil.Process]:
    """The server's kernels by kernel id (from each one's connection file's name)."""
    found = {}
    for child in psutil.Process(pid).children():
        with contextlib.suppress(psutil.Error):
            named = re.search(r"kernel-([0-9a-f-]+)\.json", " ".join(child.cmdline()))
            if named:
                found[named.group(1)] = child
    return found


@dataclass
class CpuUse:
    """CPU seconds per student spent during a class: by the server, by the student's own
    kernel, and by the other kernels (the pool's refills)."""

    server: float
    own: float
    others: float

    @classmethod
    def measure(cls, server: psutil.Process, before: dict[str, float], server_before: float,
                kernels: dict[str, psutil.Process], students: list[Student]) -> CpuUse:
        n = max(1, len(students))
        now = {kid: _cpu_s(process) for kid, process in kernels.items()}
        own_ids = {s.kernel for s in students}
        own = sum(now[k] - before.get(k, 0.0) for k in now if k in own_ids)
        others = sum(now[k] - before.get(k, 0.0) for k in now if k not in own_ids)
        return cls((_cpu_s(server) - server_before) / n, own / n, others / n)


async def _fetch(request: HTTPRequest) -> None:
    await AsyncHTTPClient().fetch(request, raise_error=False)


def kernels_of(pid: int) -> int:
    return len(psutil.Process(pid).children())


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f}, {five:.1f}, {fifteen:.1f}"


def profile_summary(raw: Path, top: int = 12) -> list[str]:
    """The event loop's busiest functions in a py-spy raw profile (self time, main thread)."""
    own: dict[str, int] = {}
    total = 0
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if "Voila.listen" not in stack or not count.isdigit():
            continue  # only the thread that runs the event loop
        total += int(count)
        for frame in stack.split(";")[-3:]:  # a little context: the caller's callers too
            own[frame] = own.get(frame, 0) + int(count)
    ranked = sorted(own.items(), key=lambda item: -item[1])[:top]
    return [f"    {100 * n / max(1, total):5.1f}%  {frame[:110]}" for frame, n in ranked]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", default="10,20,30",
                        help="class sizes, one class after the other (10,20,30)")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels per class app (10; with one class size: "
                             "the whole class, of the Xeri table only, as cardkit serve "
                             "--class --students N)")
    parser.add_argument("--turns", type=int, default=4, help="turns each student plays (4)")
    parser.add_argument("--port", type=int, default=18877)
    parser.add_argument("--profile", metavar="DIR", default=None,
                        help="record the server with py-spy during each class into DIR and "
                             "print where its event loop spent the time")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.students.split(",")]
    whole_class = args.pool is None and len(sizes) == 1
    if args.pool is None:
        args.pool = sizes[0] if whole_class else 10
    apps = (APP,) if whole_class else POOL_APPS
    log = Path(tempfile.mkdtemp(prefix="bench_class_")) / "voila.log"
    command = voila_command(ROOT / "notebooks", args.port, "127.0.0.1", students=max(sizes) + 5,
                            pool=args.pool, pool_apps=apps)
    env = voila_env(dict(os.environ, CARDKIT_BOT_DELAY="0"))
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{args.port}"
    print(f"cardkit serve, pool {args.pool} of {', '.join(apps)}, {args.turns} turns per student, "
          f"{psutil.cpu_count()} cores, {load_average()} at the start")
    header = (f"{'N':>3} {'pooled':>6} {'view p50':>9} {'view p95':>9} {'pool p95':>9} "
              f"{'cold p95':>9} {'click p95':>9} {'turn p95':>9} {'answers':>8} {'peak MB':>8} "
              f"{'lost':>5} {'valid':>6}")
    seed0 = 1
    verdicts: list[str] = []
    try:
        for n in sizes:
            ready = wait_for_pool(server.pid, args.pool, apps=len(apps),
                                  base=base if whole_class else "")
            print(f"(pool warm after {ready:.0f} s; {load_average()})")
            print(header)
            spy = None
            if args.profile:
                Path(args.profile).mkdir(parents=True, exist_ok=True)
                raw = Path(args.profile) / f"server-{n}.raw"
                py_spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
                spy = subprocess.Popen([py_spy, "record", "-p", str(server.pid), "-r", "50",
                                        "--format", "raw", "-o", str(raw)],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            pooled_before = log.read_text(errors="replace").count("Using pre-heated kernel")
            run = asyncio.run(run_class(base, server.pid, n, args.turns, seed0))
            students = run.students
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=60)
            text = log.read_text(errors="replace")
            pooled_ids = set(re.findall(r"Using pre-heated kernel: ([0-9a-f-]+)", text))
            seed0 += n
            for student in students:
                student.valid = not student.error and check_record(student)
            ok = [s for s in students if not s.error]
            views = [s.first_view for s in ok if s.first_view is not None]
            pool_views = [s.first_view for s in ok if s.kernel in pooled_ids and s.first_view]
            cold_views = [s.first_view for s in ok if s.kernel not in pooled_ids and s.first_view]
            clicks = [c for s in ok for c in s.clicks]
            turns = [t for s in ok for t in s.turns]
            pooled = text.count("Using pre-heated kernel") - pooled_before
            lost = len(students) - len(ok)
            valid = sum(s.valid for s in students)
            print(f"{n:>3} {pooled:>6} {pct(views, .5):>8.1f}s {pct(views, .95):>8.1f}s "
                  f"{pct(pool_views, .95):>8.1f}s {pct(cold_views, .95):>8.1f}s "
                  f"{pct(clicks, .95) * 1000:>7.0f}ms {pct(turns, .95) * 1000:>7.0f}ms "
                  f"{run.worst:>7.2f}s {run.peak / 2**20:>8.0f} "
                  f"{lost:>5} {valid:>3}/{n}   ({load_average()})", flush=True)
            for student in students:
                if student.error:
                    print(f"    seed {student.seed}: {student.error}")
            sizes_kb = sorted(s.page_bytes // 1024 for s in ok)
            if sizes_kb:
                print(f"    page {sizes_kb[len(sizes_kb) // 2]} kB (median); the server's "
                      f"slowest answer came {run.worst_at:.0f} s "
                      f"after the class arrived")
            cpu = run.cpu
            print(f"    CPU per student: server {cpu.server:.3f} s, own kernel {cpu.own:.3f} s, "
                  f"other kernels {cpu.others:.3f} s ("
                  + ("one first view each" if args.turns == 0 else
                     f"first view and {args.turns} turns") + ")")
            if spy is not None and raw.exists():
                print(f"  where the server's event loop spent its time ({raw}):")
                print("\n".join(profile_summary(raw)))

            def aim(ok: bool) -> str:
                return "met" if ok else "NOT met"

            pool_p95 = pct(pool_views, .95)
            verdicts.append(
                f"{n:>3} students: first view of pooled students p95 {pool_p95:.1f} s < 5 s: "
                f"{aim(bool(pool_views) and pool_p95 < 5)}; nobody lost: {aim(lost == 0)}; "
                f"server answered within 1 s (worst {run.worst:.2f} s): {aim(run.worst < 1)}; "
                f"every record valid: {aim(valid == n)}; every student's first view p95 "
                f"{pct(views, .95):.1f} s < 5 s (issue 21): "
                f"{aim(bool(views) and pct(views, .95) < 5)}")
            # free the class's kernels before the next, bigger class
            for student in students:
                if student.kernel:
                    request = HTTPRequest(f"{base}/api/kernels/{student.kernel}",
                                          method="DELETE")
                    asyncio.run(_fetch(request))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    print("aims (issue 12), on this machine at", load_average())
    print("\n".join(verdicts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
