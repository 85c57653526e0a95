"""The probability lab widget in plain pytest: run, watch the chart and table, stop."""

from __future__ import annotations

import base64
import io
import time

import pandas as pd
import pytest

from cardkit import probability as P
from cardkit.widgets import ProbabilityLab, compare_chart
from cardkit.widgets.probability_lab import QUESTIONS


def test_run_draws_the_running_estimate_closing_on_the_exact_value():
    lab = ProbabilityLab("xeri_redeal", n=4096, seed=2, chunk=1024, background=False)
    lab.option.value = "top_two_pair_or_top_jack"
    lab.run_button.click()
    low, high, estimate, exact = lab.chart.data
    assert list(estimate.x) == [1024, 2048, 3072, 4096]
    assert all(lo <= e <= hi for lo, e, hi in zip(low.y, estimate.y, high.y, strict=True))
    truth = float(P.first_pile_redeal("top_two_pair_or_top_jack"))
    assert list(exact.y) == [truth, truth]
    assert high.y[-1] - low.y[-1] < high.y[0] - low.y[0]  # the band narrows
    assert (lab.progress.done, lab.progress.total) == (4096, 4096)
    drawn = lab.progress.value
    assert 'role="progressbar"' in drawn and 'aria-valuenow="4096"' in drawn
    assert lab.message.text.startswith("Done: 4,096 samples")
    assert "0.13" in lab.answer.value  # the exact answer shown, 0.1312…
    assert "counted exactly" in lab.answer.value and "cardkit." not in lab.answer.value
    table = lab.results()
    assert table.loc[0, "n"] == 4096 and table.loc[0, "exact"] == pytest.approx(truth)
    assert "<table" in lab.table.value
    # The histograms show Xeri points by the dealer's team.
    assert len(lab.histogram.data) == 2 and len(lab.histogram.data[0].x) == 4096


def test_the_results_download_as_csv():
    lab = ProbabilityLab("zion_set", n=300, seed=1, chunk=100, background=False)
    lab.run()
    link = lab.download.value
    assert 'download="probability_lab.csv"' in link
    data = base64.b64decode(link.split("base64,")[1].split('"')[0])
    rows = pd.read_csv(io.BytesIO(data))
    assert len(rows) == 300 and rows["holds"].mean() == pytest.approx(lab.successes / 300)
    assert len(lab.chart.data[2].x) == 3


def test_stop_ends_a_background_run_between_chunks():
    lab = ProbabilityLab("zion_contract", n=200_000, chunk=50)
    lab.run()
    deadline = time.monotonic() + 30
    while lab.done == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert lab.running and lab.stop_button.disabled is False
    lab.stop_button.click()
    lab.wait(30)
    assert not lab.running and 0 < lab.done < 200_000
    assert lab.message.text.startswith("Stopped:") and not lab.run_button.disabled
    assert "No exact answer" in lab.answer.value


def test_choosing_a_question_offers_its_options():
    lab = ProbabilityLab(background=False)
    lab.question.value = "zion_run"
    assert lab.option.description == "Hand (cards dealt)" and lab.option.value == 1
    lab.question.value = "xeri_redeal"
    assert [v for _, v in lab.option.options] == list(P.PILE_OPTIONS)
    assert set(QUESTIONS) >= {"xeri_redeal", "zion_set", "zion_run", "zion_contract"}


def test_errors_show_in_the_app_and_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown question 'luck'"):
        ProbabilityLab("luck")
    with pytest.raises(ValueError, match="n must be"):
        ProbabilityLab(n=0)
    lab = ProbabilityLab("xeri_redeal", n=10, background=False)
    lab.option.options = [("nonsense", "sometimes")]
    lab.run()
    assert lab.message.kind == "error" and "initial_pile_redeal" in lab.message.text


def test_compare_chart_shows_estimates_and_exact_values():
    table = P.compare({"a": 0.5}, {"a": (40, 100)})
    fig = compare_chart(table)
    assert [t.name for t in fig.data] == ["simulated", "exact"]
    assert list(fig.data[1].x) == [0.5]
