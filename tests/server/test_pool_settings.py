"""The preheated pool's settings (issue 12): `cardkit serve --pool` and ``make demo`` give
Voila its pools through cardkit's own options, without the deprecated dict form on the
command line, and ``make demo`` sizes its pool for one person trying the apps."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

from cardkit.widgets.serve import POOL_APPS, voila_command
from cardkit.widgets.voila_app import CardkitVoila

ROOT = Path(__file__).resolve().parents[2]


def test_the_pool_options_parse_without_a_deprecation_warning():
    command = voila_command(ROOT / "notebooks", 8866, pool=3)
    assert not [part for part in command if "kernel_pools_config" in part]
    app = CardkitVoila()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.parse_command_line(command[3:])  # after "python -m cardkit.widgets.voila_app"
    assert not [w for w in caught if issubclass(w.category, DeprecationWarning)], \
        [str(w.message) for w in caught]
    assert app.pool_size == 3 and list(app.pool_apps) == list(POOL_APPS)
    assert float(app.config.VoilaKernelManager.fill_delay) > 0


def test_no_pool_means_no_preheating():
    command = voila_command(ROOT / "notebooks", 8866, pool=0)
    assert not [part for part in command if "pool" in part or "preheat" in part]


def test_make_demo_preheats_one_kernel_per_class_app_and_more_for_a_class():
    def dry_run(*variables: str) -> str:
        return subprocess.run(["make", "-n", "demo", *variables], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.replace("\\\n", " ")

    assert re.search(r"cardkit serve .*--pool 1\b", dry_run())
    assert re.search(r"cardkit serve .*--class.*--pool 4\b|--pool 4\b.*--class",
                     dry_run("CLASS=1"))
    assert re.search(r"--pool 0\b", dry_run("POOL=0"))


def test_a_kernel_lowers_its_own_priority_as_told():
    from cardkit.widgets.class_kernel import lower_priority

    script = ("import os; from cardkit.widgets.class_kernel import lower_priority; "
              "before = os.nice(0); print(lower_priority(), os.nice(0) - before)")
    for told, expected in (({}, "5 5"), ({"CARDKIT_KERNEL_NICE": "0"}, "0 0"),
                           ({"CARDKIT_KERNEL_NICE": "x"}, "0 0")):
        out = subprocess.run([sys.executable, "-c", script], env={**os.environ, **told},
                             capture_output=True, text=True, check=True).stdout.split()
        assert " ".join(out) == expected, (told, out)
    assert lower_priority({"CARDKIT_KERNEL_NICE": "25"}) == 0  # out of range: nothing done


class Manager:
    """The parts of Voila's pooling kernel manager that the app adjusts."""

    fill_delay = 15.0

    def __init__(self) -> None:
        self._pools: dict = {}
        self.fills: list = []
        self.initialized: list = []

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs) -> None:
        self.fills.append(delay)

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, []))

    async def get_rendered_notebook(self, notebook_name: str, **kwargs):
        return await self._pools[notebook_name].pop(0)

    async def _initialize(self, notebook_path: str, kernel_id=None, **kwargs) -> str:
        self.initialized.append(notebook_path)
        return notebook_path


def run_apart(scenario):
    """Run a coroutine in a thread of its own: the browser tests' Playwright may keep a loop
    running in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario).result()


def test_pages_take_only_started_pool_kernels_and_refills_start_apart():
    async def scenario() -> tuple:
        loop = asyncio.get_running_loop()
        waiting, started = loop.create_future(), loop.create_future()
        started.set_result("started kernel")
        app = CardkitVoila(refill_every=5.0)
        app.kernel_manager = manager = Manager()
        app._stagger_refills()
        manager._pools["xeri_table.ipynb"] = [waiting, started]  # a refill not yet started first
        size = manager.get_pool_size("xeri_table.ipynb")
        taken = await manager.get_rendered_notebook("xeri_table.ipynb")
        for _ in range(3):  # three pages took kernels: their replacements start 5 s apart
            manager.fill_if_needed(delay=None, notebook_name="xeri_table.ipynb")
        manager.fill_if_needed(delay=0, notebook_name="xeri_table.ipynb")  # start-up: at once
        waiting.cancel()
        return size, taken, manager.fills

    size, taken, fills = run_apart(scenario())
    assert size == 1 and taken == "started kernel"
    assert [round(f) for f in fills] == [15, 20, 25, 0]


def test_fresh_kernels_start_in_turns_and_refills_wait_for_the_pages():
    async def scenario() -> tuple:
        app = CardkitVoila(fresh_starts=2, refill_every=5.0)
        app.kernel_manager = manager = Manager()
        app._stagger_refills()
        starting: list[int] = []
        most = 0

        async def page(name: str) -> None:
            nonlocal most
            async with app.fresh_start_turn():
                starting.append(1)
                most = max(most, len(starting))
                await asyncio.sleep(0.05)  # the kernel's start-up
                starting.pop()

        pages = [asyncio.create_task(page(f"student {i}")) for i in range(5)]
        await asyncio.sleep(0.01)
        refill = asyncio.create_task(manager._initialize("xeri_table.ipynb"))
        await asyncio.sleep(0.1)  # two turns done, three pages still queued or starting
        refilled_while_pages_waited = list(manager.initialized)
        await asyncio.gather(*pages)
        await asyncio.wait_for(refill, 5)
        return most, refilled_while_pages_waited, manager.initialized, app._fresh_pages

    most, early, late, left = run_apart(scenario())
    assert most == 2  # never more than fresh_starts at once
    assert early == []  # the refill waited for the students
    assert late == ["xeri_table.ipynb"] and left == 0


def test_no_limit_on_fresh_starts_when_told():
    async def scenario() -> int:
        app = CardkitVoila(fresh_starts=0)
        starting = 0
        most = 0

        async def page() -> None:
            nonlocal starting, most
            async with app.fresh_start_turn():
                starting += 1
                most = max(most, starting)
                await asyncio.sleep(0.02)
                starting -= 1

        await asyncio.gather(*(page() for _ in range(4)))
        return most

    assert run_apart(scenario()) == 4
