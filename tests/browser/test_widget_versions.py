"""The widget packages pinned in pyproject.toml suit the JupyterLab that Voila's page carries.

Voila 0.5.13's page carries JupyterLab 4.2.5's modules and its own copy of the widget manager
(@jupyter-widgets/jupyterlab-manager 5.0.13, built against JupyterLab 4.5.10). An installed
jupyterlab_widgets newer than 3.0.13 (3.0.14+, which ipywidgets 8.1.6+ need) brings a manager
built for JupyterLab 4.4–4.6 that replaces Voila's own and logs nine "Unsatisfied version …
(required ^4.6.2)" warnings on every page. The pinned set (ipywidgets 8.1.5, jupyterlab_widgets
3.0.13) leaves Voila's own manager in charge; the warnings that remain come from Voila's own
build (required ^4.5.10) and no pin removes them (docs/serving.md, "Console warnings").
"""

from __future__ import annotations

import re
from importlib.metadata import version

from playwright.sync_api import expect

SHARED_MODULE = re.compile(r"(Unsatisfied version|No satisfying version) .*?\((\^[\d.]+)\)"
                           r"|No satisfying version \((\^[\d.]+)\)")
# What Voila 0.5.13's own widget manager asks for (JupyterLab 4.5.10 and its services 7.5.10,
# coreutils 6.5.10): logged by Voila itself whatever is installed.
VOILA_OWN = {"^4.5.10", "^6.5.10", "^7.5.10"}


def test_the_pinned_widget_packages_are_installed():
    assert version("ipywidgets") == "8.1.5"
    assert version("jupyterlab_widgets") == "3.0.13"


def test_no_page_logs_a_widget_manager_built_for_a_newer_jupyterlab(page, open_app,
                                                                    page_errors):
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" else None)
    for name, ready in (("zion_table", ".ck-zion-turn"), ("xeri_table", ".cardkit-turn")):
        open_app(name, "seed=9&bot_delay=0")
        expect(page.locator(ready)).to_contain_text("turn")
    required = set()
    for text in warnings:
        found = SHARED_MODULE.search(text)
        if found:
            required.add(found.group(2) or found.group(3))
    assert required, "Voila's own version warnings were expected (the test reads the console)"
    assert required <= VOILA_OWN, sorted(required - VOILA_OWN)
    page_errors()
