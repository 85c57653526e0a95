"""The probability lab's pure-Python path (what runs in the static site, where numpy and pandas
are missing): the same chart, table and CSV, the questions it asks, no class row, and runs on
the event loop where no thread starts."""

from __future__ import annotations

import asyncio
import base64
import csv
import io
import subprocess
import sys
import threading

import pytest

from cardkit import probability as P
from cardkit.widgets.probability_lab import ProbabilityLab


def _csv_rows(lab: ProbabilityLab) -> list[dict[str, str]]:
    data = base64.b64decode(lab.download.value.split("base64,")[1].split('"')[0])
    return list(csv.DictReader(io.StringIO(data.decode())))


def test_a_pure_run_draws_the_estimate_the_table_and_the_csv() -> None:
    lab = ProbabilityLab("xeri_redeal", n=2500, seed=3, background=False, pure=True)
    lab.run_button.click()
    low, high, estimate, exact = lab.chart.data
    assert list(estimate.x) == [1024, 2048, 2500]
    assert all(lo <= e <= hi for lo, e, hi in zip(low.y, estimate.y, high.y, strict=True))
    truth = float(P.first_pile_redeal("any_pair_or_top_jack"))
    assert list(exact.y) == [truth, truth] and exact.visible
    assert lab.message.text.startswith("Done: 2,500 samples")
    assert lab.histogram is None and lab.charts.children == (lab.chart,)  # no rounds played
    (row,) = lab.result_rows()
    assert row["n"] == 2500 and row["exact"] == pytest.approx(truth)
    assert row["estimate"] == pytest.approx(lab.successes / 2500)
    assert "<table" in lab.table.value and f"{truth:.5f}" in lab.table.value
    rows = _csv_rows(lab)
    assert list(rows[0]) == ["sample", "pile", "redealt"] and len(rows) == 2500
    assert sum(r["redealt"] == "True" for r in rows) == lab.successes


def test_the_pure_lab_asks_the_quick_questions_and_says_which_it_leaves_out() -> None:
    lab = ProbabilityLab(background=False, pure=True)
    offered = [key for _label, key in lab.question.options]
    assert offered == ["xeri_redeal", "zion_set", "zion_run", "zion_contract"]
    assert "the dealer&#x27;s team wins the round" in lab.note.value
    assert "at least one Xeri" in lab.note.value and "cardkit serve" in lab.note.value
    with pytest.raises(ValueError, match="needs the simulator"):
        ProbabilityLab("xeri_dealer_wins", pure=True)
    assert ProbabilityLab(background=False).note.value == ""  # with numpy: every question


def test_the_pure_lab_has_no_class_row_and_says_so_when_asked_to_join() -> None:
    lab = ProbabilityLab(background=False, pure=True, class_code="K7QMP")
    assert lab.send is None
    assert not [w for w in lab.children if "ck-lab-class" in getattr(w, "_dom_classes", ())]
    assert "no class server" in lab.message.text


def test_a_zion_run_gives_the_same_rows_whatever_the_chunks() -> None:
    def rows(chunk: int) -> list[dict]:
        lab = ProbabilityLab("zion_contract", n=60, seed=7, chunk=chunk, background=False,
                             pure=True)
        lab.option.value = 2
        lab.run()
        assert len(lab.chart.data[2].x) == -(-60 // chunk)
        return lab.rows

    assert rows(60) == rows(25)


def test_without_threads_a_run_steps_on_the_event_loop_and_stops() -> None:
    """In the browser no thread starts: the run goes on as a task, a chunk between messages."""
    failures: list[BaseException] = []

    def no_threads(self) -> None:
        raise RuntimeError("can't start new thread")

    def run_and_stop() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            lab = ProbabilityLab("zion_set", n=100_000, chunk=20, seed=1, pure=True)
            # the type: ignore below: patched for this test, put back below
            threading.Thread.start = no_threads  # type: ignore[method-assign]
            try:
                lab.run()
            finally:
                # the type: ignore below: the real method put back
                threading.Thread.start = real_start  # type: ignore[method-assign]
            assert lab._thread is None and lab.running
            loop.run_until_complete(asyncio.sleep(0.3))
            assert 0 < lab.done < 100_000
            lab.stop_button.click()
            loop.run_until_complete(asyncio.sleep(0.3))
            assert not lab.running and lab.message.text.startswith("Stopped:")
            assert not lab.run_button.disabled
        except BaseException as failure:  # re-raised in the test's own thread below
            failures.append(failure)
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    # In a thread of its own: after the browser tests Playwright's loop runs in this one.
    real_start = threading.Thread.start
    runner = threading.Thread(target=run_and_stop)
    runner.start()
    runner.join(timeout=60)
    assert not runner.is_alive()
    if failures:
        raise failures[0]


def test_where_numpy_and_pandas_are_missing_the_lab_runs_without_importing_them() -> None:
    code = """
import sys
for name in ("numpy", "pandas", "numba"):
    sys.modules[name] = None  # importing them fails, as in the browser
from cardkit.widgets.probability_lab import ProbabilityLab
lab = ProbabilityLab("zion_run", n=300, seed=2, background=False)
lab.run()
assert lab.pure and lab.send is None, lab
print(lab.message.text)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("Done: 300 samples")
