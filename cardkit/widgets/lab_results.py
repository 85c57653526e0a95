"""What the probability lab shows of a run without pandas: its results table as HTML, its
rows as CSV, the download link; and how a run steps on the event loop where there are no
threads (Python in the browser)."""

from __future__ import annotations

import asyncio
import base64
import csv
import html
import io
from collections.abc import Callable, Iterator
from typing import Any

from cardkit.i18n import Domain
from cardkit.widgets.common import N_

_ = Domain("apps").gettext

__all__ = ["MAX_CSV_ROWS", "csv_text", "download_link", "html_table", "step_through"]

MAX_CSV_ROWS = 200_000
"""The most rows the lab offers as a download (a data: link in the page)."""


def html_table(rows: list[dict[str, Any]]) -> str:
    """An HTML table of ``rows`` (dicts with the same keys) as pandas' ``to_html(index=False)``
    draws the lab's: numbers to 5 places, NaN for a missing number."""
    def cell(value: Any) -> str:
        if isinstance(value, float):
            return "NaN" if value != value else f"{value:.5f}"
        return html.escape(str(value))

    head = "".join(f"<th>{html.escape(column_word(str(name)))}</th>" for name in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row.values()) + "</tr>"
                   for row in rows)
    return (f'<table border="1" class="dataframe"><thead><tr style="text-align: right;">'
            f"{head}</tr></thead><tbody>{body}</tbody></table>")


def csv_text(rows: list[dict[str, Any]]) -> str:
    """``rows`` (dicts with the same keys) as CSV, a header first."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue()


def download_link(count: int, text: Callable[[], str]) -> str:
    """The link that saves ``count`` rows as probability_lab.csv (``text()`` makes the CSV),
    or why there is none: "" for no rows, a sentence for more than `MAX_CSV_ROWS`."""
    if not count:
        return ""
    if count > MAX_CSV_ROWS:
        return "<p>" + html.escape(_("Too many rows to download here: use cardkit simulate.")
                                   ) + "</p>"
    data = base64.b64encode(text().encode()).decode()
    return (f'<a download="probability_lab.csv" href="data:text/csv;base64,{data}" '
            'class="ck-lab-csv">' + _("Download the {count} simulated rows as CSV").format(
                count=f"{count:,}") + "</a>")


_COLUMNS = {"question": N_("question"), "exact": N_("exact"), "estimate": N_("estimate"),
            "low": N_("low"), "high": N_("high"), "n": "n", "inside": N_("inside"), "z": "z",
            "option": N_("option")}


def column_word(name: str) -> str:
    """The heading of the results table's column ``name`` in the language of the moment (the
    CSV keeps the English names: a file for programs)."""
    return _(_COLUMNS[name]) if name in _COLUMNS and _COLUMNS[name] not in ("n", "z") else name


async def step_through(steps: Iterator[None]) -> None:
    """Run ``steps`` on the event loop, letting the kernel take its messages (a Stop click)
    and send the page its updates between them."""
    for _ in steps:
        await asyncio.sleep(0)
