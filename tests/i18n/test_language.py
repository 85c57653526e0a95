"""Choosing the language: the process's, a block's, and what is refused (cardkit.i18n)."""

from __future__ import annotations

import threading

import pytest

from cardkit.i18n import Domain, get_language, language, normalize_language, set_language


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def test_set_language_is_for_the_process_and_a_block_overrides_it() -> None:
    set_language("ja_JP.UTF-8")
    assert get_language() == "ja"
    with language("en"):
        assert get_language() == "en"
    assert get_language() == "ja"


def test_a_block_language_belongs_to_its_thread() -> None:
    seen: list[str] = []
    with language("ja"):
        thread = threading.Thread(target=lambda: seen.append(get_language()))
        thread.start()
        thread.join()
        assert get_language() == "ja"
    assert seen == ["en"]


@pytest.mark.parametrize("name", ["fr", "", "jp", "english"])
def test_an_unknown_language_is_refused_saying_what_is_accepted(name: str) -> None:
    with pytest.raises(ValueError, match=r"en \(English\) and ja \(Japanese\)"):
        normalize_language(name)
    with pytest.raises(ValueError), language(name):
        pass
    assert get_language() == "en"


def test_english_is_the_source_language() -> None:
    _t = Domain("xeri")
    assert _t.gettext("No such sentence") == "No such sentence"
    assert _t.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert _t.pgettext("seat", "North") == "North"


def test_an_unknown_domain_is_refused() -> None:
    with pytest.raises(ValueError, match="no catalog named 'poker'"):
        Domain("poker")
