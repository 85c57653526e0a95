"""The English words left on a page that should speak Japanese (issue 23's browser check).

`page_texts` (a script run in the page) collects what a person reads or hears: the visible text
of every element, and the accessible names and hints (aria-label, title, placeholder, alt)
of visible elements, leaving out code (``<code>``, what a learner types: card codes, address
options). `english_words` then keeps the words that are English: runs of Latin letters, apart
from what stays in any language: card codes (``7♣``, ``10D``, ``JK``), rule IDs (``XR-4.1``),
numbers, addresses, code named in a sentence (``to_json()``, ``.json``), and the few names and
abbreviations in `ALLOWED`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["ALLOWED", "PAGE_TEXTS_JS", "english_words", "in_context"]

ALLOWED = frozenset({
    # names of things that are the same in Japanese text
    "cardkit", "Python", "Voila", "JSON", "CSV", "QR", "JK", "ID", "numpy", "pandas",
    # units, symbols, language names written in their own language
    "px", "vs", "English",
    # plotly's own toolbar and the card faces' rank letters
    "A", "K", "Q", "J", "C", "D", "H", "S",
})
_RULE_ID = re.compile(r"\b(?:XR|ZC)-(?:\d+(?:\.\d+)*\b|…)")  # "ZC-…": the rules' family
_CARD = re.compile(r"(?<![A-Za-z])(?:10|[2-9AKQJ])[♣♦♥♠CDHS](?:@\d+)?(?![A-Za-z])|\bJK\b")
_ADDRESS = re.compile(r"https?://\S+|\?\S+")  # an address (a share link) is not prose
# code named in a sentence: to_json(), play_out, a .json file
_CODE = re.compile(r"[A-Za-z]\w*\(\)|[A-Za-z]\w*_\w+|(?<![\w.])\.[a-z]+\b")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")

PAGE_TEXTS_JS = """(scope) => {
  const root = document.querySelector(scope) || document.body;
  const seen = (el) => el.getClientRects().length > 0 &&
                       getComputedStyle(el).visibility !== 'hidden';
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('code, script, style, [aria-hidden=true]')) continue;
    if (!seen(el) || !node.textContent.trim()) continue;
    texts.push(node.textContent.trim());
  }
  for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!seen(el) || el.closest('[aria-hidden=true]')) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      // ipywidgets 8 writes title="null" on a described widget without a tooltip: the apps
      // give each a tooltip, so a "null" a person would see on hovering is English left
      if (value && value.trim()) texts.push(value.trim());
    }
  }
  return texts;
}"""
"""Run with Playwright's ``page.evaluate(PAGE_TEXTS_JS, scope)``: the page's texts (above)."""


def english_words(texts: Iterable[str]) -> list[str]:
    """The English words in ``texts``, once each in the order found, card codes, rule IDs and
    `ALLOWED` left out.

    >>> english_words(["クラブの7 を出しました (XR-4.1)", "7♣ 10D JK", "Play", "ゼリ +10点"])
    ['Play']
    """
    found: dict[str, None] = {}
    for text in texts:
        text = _CARD.sub(" ", _RULE_ID.sub(" ", _CODE.sub(" ", _ADDRESS.sub(" ", text))))
        for word in _WORD.findall(text):
            # a token with a digit is a code (K7QMP, 3rd-party ids), not a word
            if word not in ALLOWED and not any(ch.isdigit() for ch in word):
                found.setdefault(word, None)
    return list(found)


def in_context(texts: Iterable[str], words: Iterable[str], most: int = 12) -> list[str]:
    """The first texts that hold each of ``words``: what a failure shows."""
    wanted = set(words)
    return [text[:160] for text in texts
            if wanted & set(_WORD.findall(text))][:most]
