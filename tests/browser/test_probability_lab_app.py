"""The probability lab in a real browser: run, watch the chart update, stop."""

from __future__ import annotations

from playwright.sync_api import expect


def estimate_points(page) -> int:
    """How many points the running-estimate line has in the drawn plotly chart."""
    return page.evaluate(
        """() => {
            const plot = document.querySelector('.cardkit-probability-lab .js-plotly-plot');
            if (!plot || !plot.data) return 0;
            const line = plot.data.find(t => t.name === 'estimate');
            return line && line.x ? line.x.length : 0;
        }""")


def test_a_teacher_runs_a_question_watches_it_converge_and_stops(page, open_app, page_errors,
                                                                  screenshot):
    open_app("probability_lab", "question=xeri_redeal&n=6144&seed=1")
    lab = page.locator(".cardkit-probability-lab")
    expect(lab.get_by_role("combobox").first).to_have_value(
        "Xeri: the first pile must be dealt again")
    lab.get_by_role("button", name="Run").click()
    expect(lab.locator(".ck-lab-answer")).to_contain_text("Exact answer")
    expect(lab).to_contain_text("Done: 6,144 samples", timeout=60_000)
    page.wait_for_function(
        """() => {
            const plot = document.querySelector('.cardkit-probability-lab .js-plotly-plot');
            const line = plot && plot.data && plot.data.find(t => t.name === 'estimate');
            return line && line.x && line.x.length === 6;
        }""", timeout=20_000)
    expect(lab.locator(".ck-lab-table table")).to_contain_text("0.37")
    expect(lab.locator("a.ck-lab-csv")).to_have_attribute("download", "probability_lab.csv")
    screenshot("probability_lab")

    # A long Zion Check run: the chart grows while it runs, and Stop ends it.
    lab.get_by_role("combobox").first.select_option(
        label="Zion Check: a dealt hand already meets its contract")
    lab.get_by_role("spinbutton").first.fill("500000")
    lab.get_by_role("spinbutton").first.press("Enter")
    lab.get_by_role("button", name="Run").click()
    expect(lab).to_contain_text("Running 500,000 samples")
    page.wait_for_function(
        """() => {
            const plot = document.querySelector('.cardkit-probability-lab .js-plotly-plot');
            const line = plot && plot.data && plot.data.find(t => t.name === 'estimate');
            return line && line.x && line.x.length >= 2;
        }""", timeout=60_000)
    first = estimate_points(page)
    page.wait_for_function(
        f"""() => {{
            const plot = document.querySelector('.cardkit-probability-lab .js-plotly-plot');
            const line = plot.data.find(t => t.name === 'estimate');
            return line.x.length > {first};
        }}""", timeout=60_000)
    lab.get_by_role("button", name="Stop").click()
    expect(lab).to_contain_text("Stopped:", timeout=60_000)
    expect(lab.get_by_role("button", name="Run")).to_be_enabled()
    expect(lab.locator(".ck-lab-answer")).to_contain_text("No exact answer")
    page_errors()
