"""`ScrollIntoView`: bring a part of an app into the window when the kernel asks.

ipywidgets cannot scroll the page, and an ``HTML`` widget runs no script. This widget shows
nothing (a zero-height element, hidden from screen readers); each `ScrollIntoView.ask` has its
front end (a few lines of anywidget code, no network) find ``target`` (a CSS selector) inside
the nearest ``within`` around itself and scroll it into view as little as needed
(``block: "nearest"``): what is already in view does not move. The tables' Hint uses it, so
that at 1280×720 the hint's sentence is seen without scrolling, whatever grew above it (a
wider hand, staged melds).

>>> scroll = ScrollIntoView(".ck-hint p", within=".ck-hint-panel")
>>> scroll.ask(); scroll.asks
1
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["ScrollIntoView"]


class ScrollIntoView(anywidget.AnyWidget):
    """Scrolls ``target`` (inside the nearest ``within`` around this widget) into view at each
    `ask`; waits a few frames for the target to be drawn."""

    _esm = """
    export default {
      render({ model, el }) {
        el.setAttribute("aria-hidden", "true");
        el.style.cssText = "height:0;margin:0;padding:0;overflow:hidden";
        const bring = (frames) => {
          const root = el.closest(model.get("within")) || document;
          const target = root.querySelector(model.get("target"));
          if (target && target.getClientRects().length) {
            target.scrollIntoView({ block: "nearest", inline: "nearest" });
          } else if (frames > 0) {
            requestAnimationFrame(() => bring(frames - 1));
          }
        };
        model.on("change:asks", () => requestAnimationFrame(() => bring(60)));
      },
    };
    """
    target = traitlets.Unicode("").tag(sync=True)
    within = traitlets.Unicode("body").tag(sync=True)
    asks = traitlets.Int(0).tag(sync=True)

    def __init__(self, target: str, *, within: str = "body") -> None:
        super().__init__(target=target, within=within)

    def ask(self) -> None:
        """Scroll the target into view (in the page; nothing happens without one)."""
        self.asks += 1
