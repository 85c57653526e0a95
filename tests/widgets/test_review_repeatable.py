"""Issue 19: "Analyse this game" gives the same marks each time, on a quiet or a busy machine.

With the app's own limits (`limits.MAX_REVIEW_MOVE_SAMPLES` with the review's fixed seed decides
each decision; `limits.MAX_REVIEW_MOVE_SECONDS` is only a safety cap), the same record is
reviewed twice: once with the real clock, once with the analysis' clock slowed as on a loaded
machine (each look at the clock 5 ms later than the last: no timed assertion, the slowness is
simulated). The marks, losses and sample counts must agree. A clock slow enough to reach the
safety cap stops decisions early, and the review says so.

(Before, each decision had 0.3 s of wall time: the slowed clock stopped them at other sample
counts, and the marks moved with the machine's load.)
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterator

import pytest

import cardkit.pimc as pimc
from cardkit.analysis import Mark
from cardkit.widgets import limits
from cardkit.widgets.review_panel import ReviewPanel
from cardkit.widgets.stepper import TurnStepper, sample_game


def first_steps(game: str, seed: int, actions: int) -> str:
    data = json.loads(sample_game(game, seed).to_json())
    data["actions"] = data["actions"][:actions]
    return json.dumps(data)


@pytest.fixture(autouse=True)
def no_sample_override(monkeypatch):
    """The app's own sample budget (the browser tests' $CARDKIT_ANALYSIS_SAMPLES unset)."""
    monkeypatch.delenv(limits.ANALYSIS_SAMPLES_ENV, raising=False)


class SlowClock:
    """The analysis' clock (`cardkit.pimc`'s ``time.perf_counter``), each look ``step``
    seconds after the last."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def reviewed(record: str, seat: int, monkeypatch, clock: SlowClock | None = None) -> ReviewPanel:
    with monkeypatch.context() as patch:
        if clock is not None:
            patch.setattr(pimc, "time", types.SimpleNamespace(perf_counter=clock.perf_counter))
        panel = ReviewPanel(TurnStepper(record), background=False)
        panel.seat.value = seat
        panel.analyse_button.click()
    assert panel.review is not None and panel.review.complete
    return panel


def ratings(panel: ReviewPanel) -> list[tuple[int, Mark, float, int]]:
    return [(m.index, m.mark, round(m.loss, 9), 0 if m.analysis is None else m.analysis.samples)
            for m in panel.review.moves]


def marked(panel: ReviewPanel) -> Iterator[Mark]:
    return (m.mark for m in panel.review.moves if m.mark is not Mark.GOOD)


def test_the_same_xeri_record_reviewed_twice_gets_the_same_marks_at_any_load(monkeypatch):
    record = first_steps("xeri", 2, 48)  # East's first 12 decisions
    quiet = reviewed(record, 1, monkeypatch)
    busy = reviewed(record, 1, monkeypatch, SlowClock(0.005))
    assert ratings(quiet) == ratings(busy)
    assert {Mark.MISTAKE, Mark.BLUNDER} <= set(marked(quiet)), "marks to agree on (seed 2)"
    for panel in (quiet, busy):
        assert not panel.review.timed_out
        assert "time bound" not in panel.message.text and "done" in panel.message.text
        # the sample budget decided: no decision ran past the app's budget
        assert all(m.analysis is None or m.analysis.samples <= limits.MAX_REVIEW_MOVE_SAMPLES
                   for m in panel.review.moves)
    assert "drawn with a fixed seed, so the same game gets the same marks" in quiet.rules.value


def test_the_same_zion_check_record_reviewed_twice_gets_the_same_marks(monkeypatch):
    record = first_steps("zioncheck", 2, 12)
    quiet = reviewed(record, 1, monkeypatch, SlowClock(0.0))
    busy = reviewed(record, 1, monkeypatch, SlowClock(0.005))
    assert ratings(quiet) == ratings(busy) and quiet.review.moves
    assert not busy.review.timed_out


def test_a_decision_stopped_by_the_time_cap_is_said(monkeypatch):
    """A clock a second a look reaches the 10 s cap within a few samples: those decisions are
    flagged, and the panel and the review's text say their marks may differ."""
    record = first_steps("xeri", 1, 48)
    panel = reviewed(record, 0, monkeypatch, SlowClock(1.0))
    review = panel.review
    assert review.timed_out
    for move in review.timed_out:
        assert move.analysis.stopped is pimc.StopReason.TIME
        assert move.analysis.samples < limits.MAX_REVIEW_MOVE_SAMPLES
    count = len(review.timed_out)
    said = (f"{count} decisions were stopped by the time bound before their sample budget: "
            "their marks may differ in another review" if count > 1 else
            "1 decision was stopped by the time bound before its sample budget: its mark may "
            "differ in another review")
    assert said in panel.message.text
    assert said in review.text
    assert review.to_frame()["timed_out"].sum() == count
