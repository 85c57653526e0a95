"""What a hostile or unlucky address does in a real browser (issue 12): an address that tries
to put a script into the page is refused as plain text, and Chromium runs nothing."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("query", [
    'theme="><script>window.injected=1;alert(1)</script>',
    'template=reveal',
])
def test_an_address_override_is_refused_and_runs_no_script(browser, voila_server, query):
    context = browser.new_context(base_url=voila_server)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        response = page.goto(f"/voila/render/xeri_table.ipynb?{query}")
        assert response.status == 400
        assert "does not take ?" in page.locator("body").inner_text()
        assert page.evaluate("() => window.injected") is None
        assert page.locator("script").count() == 0
        assert dialogs == []
    finally:
        context.close()
