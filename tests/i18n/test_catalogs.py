"""The Japanese catalogs are complete and faithful to the English sentences (cardkit.i18n).

Every sentence marked in the code has a Japanese entry; an entry keeps exactly the English
sentence's named placeholders and rule IDs (a rule ID is never translated, a placeholder never
dropped or renamed); and the compiled catalogs are up to date with the code (`make catalogs`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardkit import catalogs
from cardkit.i18n import DOMAINS, LOCALE_DIR

PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)[^{}]*\}(?!\})")
RULE_ID = re.compile(r"\b(?:XR|ZC)-\d+(?:\.\d+)*\b")


def _catalog(domain: str):
    path = LOCALE_DIR / "ja" / "LC_MESSAGES" / f"{domain}.po"
    with Path(path).open("rb") as f:
        return read_po(f, locale="ja", domain=domain)


def _entries(domain: str):
    for message in _catalog(domain):
        if message.id:
            yield message


def test_catalogs_are_up_to_date_with_the_code() -> None:
    stale = catalogs.run(check=True)
    assert not stale, ("run `make catalogs` (python -m cardkit.catalogs): out of date: "
                       + ", ".join(str(p) for p in stale))


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_sentence_has_its_japanese(domain: str) -> None:
    missing = [m.id for m in _entries(domain)
               if m.fuzzy or not (all(m.string) if m.pluralizable else m.string)]
    assert not missing, f"{len(missing)} sentences of {domain!r} have no Japanese: {missing[:5]}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_japanese_keeps_placeholders_and_rule_ids(domain: str) -> None:
    for message in _entries(domain):
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        wanted = {name for text in ids for name in PLACEHOLDER.findall(text)}
        rules = {rule for text in ids for rule in RULE_ID.findall(text)}
        for text in strings:
            if not text:
                continue
            assert set(PLACEHOLDER.findall(text)) == wanted, (message.id, text)
            assert set(RULE_ID.findall(text)) == rules, (message.id, text)
