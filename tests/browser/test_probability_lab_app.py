"""The probability lab in a real browser: run, watch the chart update, stop."""

from __future__ import annotations

import re

from playwright.sync_api import expect

# the running estimate's plot (the lab's first chart) as plotly keeps it in the page
ESTIMATE_PLOT = "document.querySelector('.cardkit-probability-lab .js-plotly-plot')"


def test_a_teacher_runs_a_question_watches_it_converge_and_stops(page, open_app, page_errors,
                                                                  screenshot):
    open_app("probability_lab", "question=xeri_redeal&n=6144&seed=1")
    lab = page.locator(".cardkit-probability-lab")
    expect(lab.get_by_role("combobox").first).to_have_value(
        "Xeri: the first pile must be dealt again")
    expect(page.get_by_role("heading", name="Probability lab")).to_have_count(1)  # not twice
    lab.get_by_role("button", name="Run").click()
    # The first Run makes the charts, loading plotly.js into the page: a few seconds.
    expect(lab).to_contain_text("Done: 6,144 samples", timeout=90_000)
    expect(lab.locator(".ck-lab-answer")).to_contain_text("Exact answer")
    expect(lab.locator(".js-plotly-plot").first).to_be_visible()
    # The running estimate's x axis has grown to the samples run (its drawn range, not a tick
    # label: plotly picks the ticks from the chart's width).
    page.wait_for_function(f"() => {{ const plot = {ESTIMATE_PLOT}; return plot && "
                           "plot._fullLayout.xaxis.range[1] >= 6000; }", timeout=20_000)
    expect(lab.locator(".ck-lab-table table")).to_contain_text("0.37")
    expect(lab.locator("a.ck-lab-csv")).to_have_attribute("download", "probability_lab.csv")
    screenshot("probability_lab")

    # A long Zion Check run: the chart is redrawn from 0 as chunks arrive, and Stop ends it.
    lab.get_by_role("combobox").first.select_option(
        label="Zion Check: a dealt hand already meets its contract")
    samples = lab.get_by_role("spinbutton").first
    samples.fill("500000")
    samples.press("Enter")
    lab.get_by_role("button", name="Run").click()
    expect(lab.locator(".ck-lab-answer")).to_contain_text("No exact answer")
    expect(lab).to_contain_text(re.compile(r"\b[1-9][\d,]* done"), timeout=60_000)
    # the estimate starts afresh: its samples rise from the first chunk, never falling back as
    # they would if this run's points followed the last run's 6,144
    page.wait_for_function(f"() => {{ const x = {ESTIMATE_PLOT}.data[2].x; return x.length "
                           "> 0 && Array.from(x).every((v, i) => i === 0 || v > x[i - 1]); }",
                           timeout=20_000)
    lab.get_by_role("button", name="Stop").click()
    expect(lab).to_contain_text("Stopped:", timeout=60_000)
    expect(lab.get_by_role("button", name="Run")).to_be_enabled()
    page_errors()


def test_the_lab_passes_axe_core_with_its_charts_drawn(page, open_app, page_errors,
                                                       accessibility):
    """Issue 9: every app is checked with axe-core, the lab too, with its charts and table."""
    open_app("probability_lab", "question=xeri_redeal&n=2048&seed=1")
    lab = page.locator(".cardkit-probability-lab")
    lab.get_by_role("button", name="Run").click()
    expect(lab).to_contain_text("Done: 2,048 samples", timeout=90_000)
    expect(lab.locator(".js-plotly-plot").first).to_be_visible()
    accessibility()
    page_errors()
