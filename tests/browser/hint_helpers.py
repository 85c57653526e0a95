"""Shared steps of the browser tests of the analyst in the apps (issue 19): watch what a text
on the page says from one moment on, as a person watching it would see each of its states."""

from __future__ import annotations

WATCH = """(selector) => {
  const seen = [];
  const target = document.querySelector(selector);
  const note = () => seen.push(target.textContent);
  new MutationObserver(note).observe(target, {subtree: true, childList: true,
                                              characterData: true});
  window.__cardkitSeen = seen;
}"""


def watch_text(page, selector: str) -> None:
    """From now on, keep every text the element at ``selector`` shows (``seen_texts``)."""
    page.evaluate(WATCH, selector)


def seen_texts(page) -> list[str]:
    """The texts the watched element showed, in order."""
    return page.evaluate("() => window.__cardkitSeen.slice()")
