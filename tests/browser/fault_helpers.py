"""Shared steps of the fault browser tests: open an app in its own browser context, kill the
page's kernel as an out-of-memory kill would, and press "Start again" once the page says so."""

from __future__ import annotations

import psutil
from playwright.sync_api import expect

READY_MS = 90_000


def open_in_new_context(browser, base: str, app: str, **context_options):
    """A fresh browser context (its own sessionStorage) with ``app`` loaded; (context, page)."""
    context = browser.new_context(base_url=base, **context_options)
    page = context.new_page()
    page.goto(app, wait_until="domcontentloaded", timeout=READY_MS)
    page.locator(".cardkit-app").first.wait_for(state="visible", timeout=READY_MS)
    return context, page


def kill_the_kernel(page, voila_server: str) -> None:
    """Kill the process of the page's kernel (a child of the Voila server on that port)."""
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
        ".kernelId")
    port = int(voila_server.rsplit(":", 1)[1])
    server = next(c for c in psutil.process_iter(["cmdline"])
                  if f"--port={port}" in (c.info["cmdline"] or []))
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            cmdline = child.cmdline()
        except (psutil.ZombieProcess, psutil.NoSuchProcess):
            continue  # an earlier test's kernel that ended and is not reaped yet
        if any(kernel_id in part for part in cmdline):
            child.kill()
            return
    raise AssertionError(f"no process for kernel {kernel_id}")


def expect_the_game_fault_and_start_again(page) -> None:
    """The page says its game engine stopped and that Start again brings the game back; press it."""
    fault = page.locator(".cardkit-fault")
    expect(fault).to_be_visible(timeout=30_000)
    expect(fault).to_contain_text("game engine stopped")
    expect(fault).to_contain_text("brings your game back where it was")
    page.get_by_role("button", name="Start again").click()
