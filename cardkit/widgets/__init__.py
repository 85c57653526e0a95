"""Jupyter widgets and Voila apps. They contain no rules logic: they ask the core and show it.

Names are imported lazily so that ``import cardkit.widgets`` stays cheap and a Voila page only
loads the app it shows::

    from cardkit.widgets import XeriTable
    XeriTable(seed=3)
"""

from __future__ import annotations

import importlib
from typing import Any

from cardkit import lite_loader

# In the static site's browser: plotly's wheels load at plotly's first import (`lite_loader`).
lite_loader.install()

_EXPORTS = {
    "MessageArea": "cardkit.widgets.common",
    "HandWidget": "cardkit.widgets.hand",
    "TurnStepper": "cardkit.widgets.stepper",
    "XeriTable": "cardkit.widgets.xeri_table",
    "ZionTable": "cardkit.widgets.zion_table",
    "MeldChecker": "cardkit.widgets.meld_checker",
    "ProbabilityLab": "cardkit.widgets.probability_lab",
    "compare_chart": "cardkit.widgets.probability_lab",
    "xeri_round_chart": "cardkit.widgets.charts",
    "xeri_running_chart": "cardkit.widgets.charts",
    "xeri_score_table": "cardkit.widgets.charts",
    "zion_totals_chart": "cardkit.widgets.charts",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cardkit.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
