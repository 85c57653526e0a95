"""The documentation site builds offline with warnings as errors, and has what it promises.

The build runs once per test session (about half a minute) into a temporary folder, as
``make docs`` runs it: a broken reference, a missing page or a bad docstring fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.rulebook import RULE_ID_PATTERN, rule_anchor

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
         "-d", str(out / ".doctrees"), str(DOCS), str(out)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"the docs build failed:\n{done.stderr[-5000:]}"
    japanese = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-t", "ja", "-W", "--keep-going", "-q",
         "-d", str(out / ".doctrees-ja"), str(DOCS), str(out / "ja")],
        capture_output=True, text=True, timeout=600)
    assert japanese.returncode == 0, f"the Japanese build failed:\n{japanese.stderr[-5000:]}"
    return out


def stated_rule_ids() -> list[str]:
    """The IDs where RULES.md states a rule: at the start of a heading or a list item."""
    text = (DOCS / "RULES.md").read_text(encoding="utf-8")
    found = re.findall(rf"^(?:#+|\s*-)\s+({RULE_ID_PATTERN})\b", text, flags=re.M)
    return sorted(set(found))


def test_every_rule_id_has_an_anchor_on_the_rules_page(site: Path) -> None:
    page = (site / "rules.html").read_text(encoding="utf-8")
    ids = stated_rule_ids()
    assert len(ids) > 60 and "XR-4.1" in ids and "ZC-10" in ids
    missing = [rule for rule in ids if f'id="{rule_anchor(rule)}"' not in page]
    assert not missing, f"rules without an anchor: {missing}"


def test_the_tutorials_are_shown_with_their_stored_outputs(site: Path) -> None:
    for notebook in sorted((ROOT / "tutorials").glob("[0-9][0-9]_*.ipynb")):
        page = (site / "tutorials" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert "Replace ... with your answer" in page
        assert "By the end of this lesson you can" in page
    xeri = (site / "tutorials" / "01_playing_xeri.html").read_text(encoding="utf-8")
    assert "South deals 6 cards to each player" in xeri  # a stored output, not only the code
    assert 'href="../rules.html#xr-4-1"' in xeri  # a cited rule ID links to its rule


def test_the_api_reference_comes_from_the_docstrings(site: Path) -> None:
    xeri = (site / "api" / "xeri.html").read_text(encoding="utf-8")
    assert 'id="cardkit.xeri.resolve_play"' in xeri
    zion = (site / "api" / "zioncheck.html").read_text(encoding="utf-8")
    assert 'id="cardkit.zioncheck.find_go_down"' in zion
    widgets = (site / "api" / "widgets.html").read_text(encoding="utf-8")
    for name in ("TurnStepper", "MeldChecker", "XeriTable", "ZionTable"):
        assert f"{name}" in widgets and f'.{name}"' in widgets
    assert (site / "api" / "games.html").exists() and (site / "api" / "lessons.html").exists()


def test_the_gallery_shows_every_screenshot(site: Path) -> None:
    page = (site / "apps.html").read_text(encoding="utf-8")
    for shot in sorted((DOCS / "screenshots").glob("*.png")):
        assert shot.name in page
        assert (site / "_images" / shot.name).exists()


def test_the_site_loads_nothing_from_the_internet(site: Path) -> None:
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<(?:script|link)\b[^>]*>", text):
            assert "://" not in tag or 'rel="canonical"' in tag, f"{page.name}: {tag}"


def test_pages_with_charts_serve_plotly_js_themselves(site: Path) -> None:
    with_charts = [p for p in site.rglob("*.html") if "plotly-graph-div" in p.read_text("utf-8")]
    for page in with_charts:
        assert "_static/plotly.min.js" in page.read_text(encoding="utf-8")
    assert (site / "_static" / "plotly.min.js").stat().st_size > 1_000_000


def test_the_teachers_page_links_binder_and_the_address_options(site: Path) -> None:
    page = (site / "teachers.html").read_text(encoding="utf-8")
    assert "urlpath=voila/render/notebooks/xeri_table.ipynb" in page
    assert "?seed=7" in page and "hot_seat" in page


# ----------------------------------------------------------------------
# Issue 23: the rule book, the teachers' page and a glossary in Japanese (make docs builds them
# into ja/ with `-t ja`, from the sphinx-intl catalogs in docs/locale/ja/LC_MESSAGES).

def test_the_japanese_rule_book_has_every_rule_anchor_and_speaks_japanese(site: Path) -> None:
    page = (site / "ja" / "rules.html").read_text(encoding="utf-8")
    assert '<html lang="ja"' in page
    missing = [rule for rule in stated_rule_ids() if f'id="{rule_anchor(rule)}"' not in page]
    assert not missing, f"rules without an anchor in the Japanese book: {missing}"
    assert "XR-4.1 山にちょうど1枚だけあるときに" in page  # the Xeri rule, translated
    assert "ゼリ" in page and "ダウン" in page and "メルド" in page  # the seeds' own words


def test_each_page_links_its_other_language(site: Path) -> None:
    for page in ("rules", "teachers", "glossary"):
        english = (site / f"{page}.html").read_text(encoding="utf-8")
        japanese = (site / "ja" / f"{page}.html").read_text(encoding="utf-8")
        assert f'href="ja/{page}.html"' in english
        assert f'href="../{page}.html"' in japanese
    assert (site / "ja" / "index.html").read_text("utf-8") == (
        site / "ja" / "ja.html").read_text("utf-8")
    assert 'href="ja/ja.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_japanese_pages_link_english_only_pages_on_the_english_site(site: Path) -> None:
    teachers = (site / "ja" / "teachers.html").read_text(encoding="utf-8")
    assert 'href="../serving.html' in teachers and 'href="../tutorials.html"' in teachers
    assert not (site / "ja" / "serving.html").exists()


def test_the_glossary_gives_each_word_in_both_languages_with_its_rule(site: Path) -> None:
    page = (site / "glossary.html").read_text(encoding="utf-8")
    for english, japanese in (("Xeri", "ゼリ"), ("go down", "ダウンする"), ("meld", "メルド"),
                              ("stock", "山札"), ("discard pile", "捨て札の山")):
        assert re.search(rf"<td><p>{re.escape(english)}</p></td>\s*<td><p>{japanese}", page), (
            english)
    assert 'href="rules.html#xr-4-1"' in page


def _japanese_catalog(page: str):
    from babel.messages.pofile import read_po

    with (DOCS / "locale" / "ja" / "LC_MESSAGES" / f"{page}.po").open("rb") as f:
        return read_po(f, locale="ja")


def _words(message: str) -> str:
    """A paragraph's English words: without its code, roles and tags (they stay as they are)."""
    return re.sub(r"`[^`]*`|\{doc\}|<[^>]*>|\]\([^)]*\)", "", message)


@pytest.mark.parametrize("page", ["rules", "teachers"])
def test_every_paragraph_of_the_japanese_pages_has_its_japanese(page: str) -> None:
    catalog = _japanese_catalog(page)
    wordy = [m for m in catalog if m.id and re.search(r"[A-Za-z]{3}", _words(m.id))
             and not re.fullmatch(rf"[\s,]*({RULE_ID_PATTERN}[\s,]*)+", m.id)]
    untranslated = [m.id for m in wordy if not m.string or m.fuzzy]
    assert len(wordy) > 100 and not untranslated, (
        f"{len(untranslated)} paragraphs of {page}.md have no Japanese (make docs-catalogs, "
        f"then write them in docs/locale/ja/LC_MESSAGES/{page}.po): {untranslated[:3]}")


def test_the_rule_book_catalog_follows_the_rule_book() -> None:
    # An entry whose English is gone from the book is stale: `make docs-catalogs`.
    rules_text = (DOCS / "RULES.md").read_text(encoding="utf-8")
    stated = [m.id.split()[0] for m in _japanese_catalog("rules")
              if m.id.startswith(("ZC-", "XR-"))]
    assert len(stated) > 70 and all(rule in rules_text for rule in stated)


# ----------------------------------------------------------------------
# Issue 8: the README, docs, tutorials, app notebooks, benchmarks and the library's own code and
# docstrings use the names both games share; the old names live on only where they are defined
# as deprecated aliases (and in the tests of those aliases, under tests/).

OLD_NAMES = re.compile(
    r"(?<![.\w])(?<!def )new_match\(|\bis_my_move\b|\.observation\(|\brules_from_dict\b"
    r"|\bhand_results\b|\bview\.legal\b(?!_)|\bSEAT_NAMES\[")
# Where an old name may stay: its definition as a deprecated alias (the module exports it, and
# the alias says it is deprecated), and the code that reads seat names inside a game package.
ALIAS_HOMES = {
    "cardkit/xeri/__init__.py", "cardkit/xeri/match.py", "cardkit/xeri/rules.py",
    "cardkit/xeri/view.py", "cardkit/zioncheck/view.py", "cardkit/zioncheck/game.py",
}
SEAT_NAMES_HOMES = ("cardkit/xeri/", "cardkit/widgets/xeri_table.py")


def places() -> list[Path]:
    found = [ROOT / "README.md"]
    for folder, pattern in (("docs", "*.md"), ("tutorials", "*.ipynb"), ("notebooks", "*.ipynb"),
                            ("cardkit", "*.py"), ("benchmarks", "*.py")):
        found += [p for p in (ROOT / folder).rglob(pattern) if "_build" not in p.parts
                  and ".ipynb_checkpoints" not in p.parts]
    return found


def test_the_old_names_appear_only_as_deprecated_aliases():
    stray = []
    for path in places():
        where = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = OLD_NAMES.search(line)
            if match is None or "deprecat" in line.lower() or "still work" in line:
                continue
            if where in ALIAS_HOMES and "SEAT_NAMES" not in match.group():
                continue
            if "SEAT_NAMES" in match.group() and where.startswith(SEAT_NAMES_HOMES):
                continue  # the constant behind seat_name(), read where the game is made
            stray.append(f"{where}:{number}: {line.strip()}")
    assert not stray, "old names outside their alias definitions:\n" + "\n".join(stray)


def test_the_scan_sees_an_old_name():
    assert OLD_NAMES.search("m = new_match(3)") and OLD_NAMES.search("view.is_my_move")
    assert OLD_NAMES.search("game.hand_results") and OLD_NAMES.search("SEAT_NAMES[seat]")
    assert not OLD_NAMES.search("table.new_match(seed)")  # the Xeri app's own button method
