"""`NarrationLog`: what happened, one line per event, for the tables and the replay stepper.

The tables append every move's events as it is made (newest first, in a region that scrolls
and takes the keyboard focus, with a polite live announcement for screen readers); the replay
stepper shows one step's events at a time, oldest first. A line is text with a kind (its CSS
class ``ck-log-<kind>`` and colour) and, when the text does not cite it already, a rule badge::

    >>> log = NarrationLog(css_class="ck-demo-log", max_lines=2)
    >>> log.add([LogLine("North plays 7♣"), LogLine("East plays 7♥", "capture")])
    >>> log.add([LogLine("South plays 2♦")])
    >>> log.texts()
    ['South plays 2♦', 'East plays 7♥']
    >>> 'class="ck-log-line ck-log-capture"' in log.value
    True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import ipywidgets as widgets

from cardkit.i18n import Domain

_ = Domain("apps").gettext

__all__ = ["LogLine", "NarrationLog"]


@dataclass(frozen=True, slots=True)
class LogLine:
    """One narrated event: its text, its kind (for the colour) and a rule ID to show as a
    badge (None when the text cites its rule itself)."""

    text: str
    kind: str = ""
    rule: str | None = None


_BADGE = ('<span class="cardkit-rule" style="font-size:11px;background:#eef;border-radius:3px;'
          'padding:0 4px">{}</span>')


class NarrationLog(widgets.HTML):
    """The narration as one HTML widget.

    ``newest_first`` (a table's log): lines are appended with `add`, at most ``max_lines`` are
    kept, and they show newest first in a numbered list that scrolls past ``max_height``
    pixels. Otherwise (the stepper) `show` replaces the lines, shown in order. ``styles`` maps
    a line's kind to its inline style; ``list_class`` is the list's own CSS class.
    """

    def __init__(self, *, css_class: str, styles: Mapping[str, str] | None = None,
                 max_lines: int = 400, newest_first: bool = True, max_height: int = 300,
                 list_class: str = "") -> None:
        super().__init__()
        self.add_class(css_class)
        self.styles = dict(styles or {})
        self.max_lines, self.newest_first = max_lines, newest_first
        self.max_height, self.list_class = max_height, list_class
        self.lines: list[LogLine] = []  # oldest first
        self._draw()

    def add(self, lines: Iterable[LogLine]) -> None:
        """Append ``lines`` (the newest last), keep the last ``max_lines``, and redraw."""
        self.lines.extend(lines)
        del self.lines[:-self.max_lines]
        self._draw()

    def show(self, lines: Iterable[LogLine]) -> None:
        """Show exactly ``lines``."""
        self.lines = list(lines)[-self.max_lines:]
        self._draw()

    def clear(self) -> None:
        self.show(())

    def texts(self) -> list[str]:
        """The lines' texts as shown (newest first in a log)."""
        ordered = reversed(self.lines) if self.newest_first else self.lines
        return [line.text for line in ordered]

    def _item(self, line: LogLine) -> str:
        kind = line.kind or "play"
        style = f"margin:2px 0;{self.styles.get(line.kind, '')}" if self.newest_first else ""
        badge = " " + _BADGE.format(html.escape(line.rule)) if line.rule else ""
        style_attr = f' style="{style}"' if style else ""
        return (f'<li class="ck-log-line ck-log-{kind}"{style_attr}>'
                f"{html.escape(line.text)}{badge}</li>")

    def _draw(self) -> None:
        ordered = reversed(self.lines) if self.newest_first else self.lines
        items = "".join(self._item(line) for line in ordered)
        if not self.newest_first:
            self.value = (f'<div role="status"><ul style="margin:2px 0 6px;padding-left:1.4em">'
                          f"{items}</ul></div>")
            return
        list_class = f' class="{self.list_class}"' if self.list_class else ""
        # the log region scrolls, so it takes the keyboard focus (tabindex) too
        name = _("What happened")  # (outside the f-string: Babel reads calls, not f-strings)
        self.value = (
            f'<div role="log" aria-live="polite" aria-label="{name}" tabindex="0" '
            f'style="max-height:{self.max_height}px;overflow-y:auto">'
            f"<ol reversed{list_class} style=\"margin:0;padding-left:3.4em;font-size:13px;"
            f'line-height:1.35">{items}</ol></div>'
        )
