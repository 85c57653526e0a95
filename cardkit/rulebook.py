"""Where each rule of the rule book lives on the documentation site, for links from any page.

Every rule ID (``XR-4.1``, ``ZC-10``) has an anchor on the site's rule book page, its ID in
lower case with dots as dashes::

    >>> rule_anchor("XR-4.1")
    'xr-4-1'
    >>> rule_url("ZC-10", base="https://example.org/cardkit/")
    'https://example.org/cardkit/rules.html#zc-10'
    >>> link_rule_ids("a Xeri, +10 (XR-4.1)", base="")
    'a Xeri, +10 (<a href="rules.html#xr-4-1" target="_blank">XR-4.1</a>)'

The site's address is `DOCS_URL` (set ``CARDKIT_DOCS_URL`` to point links at another copy,
such as a locally built ``docs/_build/html/``). Part of the rules core: no widget imports.
"""

from __future__ import annotations

import html
import os
import re

__all__ = ["DOCS_URL", "RULES_PAGE", "RULE_ID_PATTERN", "link_rule_ids", "rule_anchor",
           "rule_url"]

DOCS_URL: str = os.environ.get("CARDKIT_DOCS_URL", "https://cardkit.readthedocs.io/en/latest/")
"""The documentation site's address, ending with a slash."""
RULES_PAGE = "rules.html"
RULE_ID_PATTERN = r"(?:XR|ZC)-\d+(?:\.\d+)?"
"""A rule ID as a regular expression: ``XR-`` or ``ZC-``, a number, and maybe ``.`` number."""
_RULE_ID = re.compile(rf"\b{RULE_ID_PATTERN}\b")
_WHOLE_ID = re.compile(rf"{RULE_ID_PATTERN}")


def rule_anchor(rule_id: str) -> str:
    """The page anchor of a rule ID: ``"XR-4.1"`` → ``"xr-4-1"``.

    >>> rule_anchor("zc-5.4")
    'zc-5-4'
    """
    text = str(rule_id).strip().upper()
    if not _WHOLE_ID.fullmatch(text):
        raise ValueError(f"a rule ID looks like XR-4.1 or ZC-10, not {rule_id!r}")
    return text.lower().replace(".", "-")


def rule_url(rule_id: str, base: str | None = None) -> str:
    """The address of a rule on the site: ``base`` (default `DOCS_URL`) + ``rules.html#…``."""
    return f"{DOCS_URL if base is None else base}{RULES_PAGE}#{rule_anchor(rule_id)}"


def link_rule_ids(text: str, base: str | None = None) -> str:
    """HTML of ``text`` (escaped) with every rule ID made a link to its rule (new tab)."""
    def link(match: re.Match[str]) -> str:
        return (f'<a href="{html.escape(rule_url(match.group(0), base))}" target="_blank">'
                f"{match.group(0)}</a>")
    return _RULE_ID.sub(link, html.escape(text, quote=False))
