"""The replay's step slider: a labelled native range input that a screen reader names."""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from cardkit.i18n import Domain

_ = Domain("apps").gettext

__all__ = ["StepSlider"]


class StepSlider(anywidget.AnyWidget):
    """A step slider that a screen reader names ("Step, 12 of 210"): a native range input.

    ipywidgets' IntSlider draws a handle without an accessible name; this one is a labelled
    ``<input type="range">``, so the arrow keys move it too. The kernel keeps ``value`` within
    0…``max``; its words are in the language it was made in.
    """

    _esm = """
    function render({ model, el }) {
      const label = document.createElement("label");
      label.className = "ck-step-slider";
      label.style.cssText = "display:flex;align-items:center;gap:8px;font-size:14px";
      const input = document.createElement("input");
      input.type = "range"; input.min = "0"; input.style.width = "360px";
      const out = document.createElement("output");
      label.append(model.get("word"), input, out);
      el.appendChild(label);
      function show() {
        input.max = String(model.get("max"));
        input.value = String(model.get("value"));
        out.textContent = model.get("of").replace("{value}", String(model.get("value")))
                                         .replace("{max}", String(model.get("max")));
        input.setAttribute("aria-valuetext", out.textContent);
      }
      input.addEventListener("change", () => {
        model.set("value", Number(input.value)); model.save_changes();
      });
      model.on("change:value", show); model.on("change:max", show); show();
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    word = traitlets.Unicode("Step").tag(sync=True)
    of = traitlets.Unicode("{value} of {max}").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(word=_("Step"), of=_("{value} of {max}"), **kwargs)

    @traitlets.validate("value")
    def _clamp(self, proposal: dict) -> int:
        return max(0, min(self.max, int(proposal["value"])))
