"""Honest faults (issue 12): when a page's kernel dies, or its server goes away, the page says
so in plain words and offers "Start again"; a server stopped and started again on the same
port serves the page again; an app that plays a game comes back at the same position."""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from fault_helpers import (
    READY_MS,
    expect_the_game_fault_and_start_again,
    kill_the_kernel,
    open_in_new_context,
)
from playwright.sync_api import expect

from cardkit.widgets.serve import voila_command, voila_env

ROOT = Path(__file__).resolve().parents[2]
APP = "/voila/render/meld_checker.ipynb"


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(port: int, log: Path) -> subprocess.Popen[bytes]:
    env = voila_env(dict(os.environ, CARDKIT_BOT_DELAY="0"))
    with log.open("ab") as out:
        process = subprocess.Popen(voila_command(ROOT / "notebooks", port, "127.0.0.1",
                                                 cull_idle=60),
                                   stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2)
            return process
        except OSError:
            if process.poll() is not None:
                pytest.fail(f"the server did not start:\n{log.read_text()}")
            time.sleep(0.3)
    process.kill()
    pytest.fail("the server did not answer within 60 s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _open(browser, base: str, app: str = APP):
    return open_in_new_context(browser, base, app)


def test_a_dead_kernel_is_said_in_plain_words_with_a_way_to_start_again(browser, voila_server):
    context, page = _open(browser, voila_server)
    try:
        expect(page.locator(".cardkit-fault")).to_have_count(0)
        kill_the_kernel(page, voila_server)
        fault = page.locator(".cardkit-fault")
        expect(fault).to_be_visible(timeout=30_000)
        expect(fault).to_contain_text("game engine stopped")
        page.get_by_role("button", name="Start again").click()
        page.locator(".cardkit-app").first.wait_for(state="visible", timeout=READY_MS)
        expect(page.locator(".cardkit-fault")).to_have_count(0)
    finally:
        context.close()


def test_a_server_gone_is_said_and_start_again_works_once_it_is_back(browser, tmp_path):
    port = _free_port()
    log = tmp_path / "voila.log"
    server = _start(port, log)
    context = None
    try:
        context, page = _open(browser, f"http://127.0.0.1:{port}")
        _stop(server)
        fault = page.locator(".cardkit-fault")
        expect(fault).to_be_visible(timeout=30_000)
        expect(fault).to_contain_text("lost its connection to the server")
        # the same port at once: open connections of the old server left it in TIME_WAIT
        server = _start(port, log)
        page.get_by_role("button", name="Start again").click()
        page.locator(".cardkit-app").first.wait_for(state="visible", timeout=READY_MS)
        expect(page.locator(".cardkit-fault")).to_have_count(0)
    finally:
        if context is not None:
            context.close()
        _stop(server)


XERI = "/voila/render/xeri_table.ipynb?seed=3&bot_delay=0"


def _hand(page) -> list[str]:
    return page.locator(".cardkit-xeri-table button.ck-hand-card").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))")


def test_start_again_after_a_dead_kernel_brings_the_game_back_where_it_was(browser,
                                                                            voila_server):
    context, page = _open(browser, voila_server, XERI)
    try:
        turn = page.locator(".cardkit-turn")
        for played in range(2):  # two plays (and the bots' answers) past the deal
            expect(turn).to_contain_text("It is your turn")
            page.locator(".cardkit-xeri-table button.ck-hand-card").first.click()
            page.get_by_role("button", name="Play", exact=True).click()
            expect(page.locator(".cardkit-log li", has_text="South plays")).to_have_count(
                played + 1)
        expect(turn).to_contain_text("It is your turn")
        record = page.locator(".cardkit-record-data").text_content()
        assert len(json.loads(record)["actions"]) >= 8  # two plays and the bots' answers
        hand = _hand(page)
        kill_the_kernel(page, voila_server)
        expect_the_game_fault_and_start_again(page)
        # a fresh kernel deals seed 3 afresh, then the page gives the kept record back
        expect(page.locator(".cardkit-message")).to_contain_text(
            "Your match is back where it was", timeout=READY_MS)
        expect(page.locator(".cardkit-fault")).to_have_count(0)
        assert page.locator(".cardkit-record-data").text_content() == record
        # the kept hand, card by card (the table's picture may reach the page a moment after
        # the record and the message: until then it shows the fresh deal's six cards)
        cards = page.locator(".cardkit-xeri-table button.ck-hand-card")
        expect(cards).to_have_count(len(hand))
        for index, label in enumerate(hand):
            expect(cards.nth(index)).to_have_attribute("aria-label", label)
        assert _hand(page) == hand
        expect(turn).to_contain_text("It is your turn")
        # and it plays on from there
        page.locator(".cardkit-xeri-table button.ck-hand-card").first.click()
        page.get_by_role("button", name="Play", exact=True).click()
        expect(page.locator(".cardkit-log li", has_text="South plays")).to_have_count(3)
    finally:
        context.close()
