"""`ProgressBar`: a progress bar that a screen reader reads.

ipywidgets' ``IntProgress`` draws plain ``div`` elements with no role, so a screen reader
announced nothing while the replay viewer's review worked. This bar is one ``role="progressbar"``
element with ``aria-valuemin``, ``aria-valuemax`` and ``aria-valuenow``, a label
(``aria-label``) and, once there is one, the visible words ("3 of 12") as
``aria-valuetext``; all are written again at each `ProgressBar.show`.

>>> bar = ProgressBar("Progress of the analysis")
>>> bar.show(3, 12, "3 of 12")
>>> 'role="progressbar"' in bar.value and 'aria-valuenow="3"' in bar.value
True
>>> (bar.done, bar.total, bar.text)
(3, 12, '3 of 12')
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

__all__ = ["ProgressBar"]


class ProgressBar(widgets.HTML):
    """``done`` of ``total`` (``total`` at least 1), labelled ``label`` for screen readers,
    with ``text`` shown beside the bar."""

    def __init__(self, label: str, *, width: int = 160, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.width = width
        self.done, self.total, self.text = 0, 1, ""
        self.add_class("ck-progress")
        self._draw()

    def show(self, done: int, total: int, text: str = "") -> None:
        """Show ``done`` of ``total`` (clamped to 0 … ``total``, ``total`` at least 1)."""
        self.total = max(int(total), 1)
        self.done = min(max(int(done), 0), self.total)
        self.text = text
        self._draw()

    def _draw(self) -> None:
        share = 100 * self.done / self.total
        words = html.escape(self.text)
        said = f' aria-valuetext="{words}"' if words else ""
        self.value = (
            '<div style="display:flex;align-items:center;gap:8px">'
            f'<div role="progressbar" aria-label="{html.escape(self.label)}" '
            f'aria-valuemin="0" aria-valuemax="{self.total}" aria-valuenow="{self.done}"{said} '
            f'style="width:{self.width}px;height:14px;background:#e5e7eb;'
            'border:1px solid #94a3b8;border-radius:3px;overflow:hidden">'
            f'<div style="width:{share:.1f}%;height:100%;background:#2563eb"></div></div>'
            f'<span class="ck-progress-text">{words}</span></div>')
