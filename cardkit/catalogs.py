"""Extract, update and compile the message catalogs (`cardkit.i18n`): ``make catalogs``.

For each domain, Babel extracts every marked sentence from the domain's modules into
``cardkit/locale/<domain>.pot``, merges it into each translation
(``cardkit/locale/<lang>/LC_MESSAGES/<domain>.po``: a new sentence arrives untranslated, a sentence
no longer used is dropped, a translation is never lost for a sentence still used) and compiles
the ``.mo`` that cardkit reads at run time. ``--check`` changes nothing and fails when a catalog is
out of date with the code (``tests/i18n`` runs it).

Babel is needed here only (the ``test`` extra); reading the catalogs needs the standard library.
"""

from __future__ import annotations

import argparse
import gettext as _gettext
import io
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.i18n import DOMAINS, GAME_DOMAINS, LANGUAGES, LOCALE_DIR

if TYPE_CHECKING:
    from datetime import datetime

    from babel.messages.catalog import Catalog

PACKAGE = Path(__file__).parent

# Which modules each domain's sentences come from (paths relative to the package).
# A game package's domain is named after the package and holds the words of its modules.
SOURCES: dict[str, tuple[str, ...]] = {
    "cardkit": ("*.py",),
    "apps": ("widgets/**/*.py",),
    **{domain: (f"{domain}/**/*.py",) for domain in GAME_DOMAINS},
}
# Not sentences for a learner: the catalog machinery itself.
SKIP = {"i18n.py", "catalogs.py"}
TRANSLATIONS = tuple(lang for lang in LANGUAGES if lang != "en")


def source_files(domain: str) -> list[Path]:
    """The modules whose marked sentences belong to ``domain``, in a stable order."""
    files: set[Path] = set()
    for pattern in SOURCES[domain]:
        files.update(p for p in PACKAGE.glob(pattern) if p.name not in SKIP)
    return sorted(files)


def extract(domain: str) -> Catalog:
    """A Babel ``Catalog`` of every sentence marked in ``domain``'s modules."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    catalog = Catalog(project="cardkit", domain=domain, charset="utf-8")
    for path in source_files(domain):
        relative = path.relative_to(PACKAGE.parent).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, None, [(relative, lineno)], auto_comments=comments,
                        context=context)
    return catalog


def _po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def _write_po(catalog: Catalog, *, width: int = 100) -> bytes:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=width, sort_by_file=False, omit_header=False,
             ignore_obsolete=True, include_previous=False, include_lineno=False)
    return buffer.getvalue()


def _write_mo(catalog: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def updated(domain: str, lang: str) -> tuple[bytes, bytes, bytes]:
    """The ``.pot``, ``.po`` and ``.mo`` of ``domain`` in ``lang`` as they should be now."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    template = extract(domain)
    path = _po_path(lang, domain)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="cardkit", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    for each in (template, catalog):
        each.revision_date = each.creation_date = _FIXED_DATE
        each.project, each.version = "cardkit", "1"
        each.last_translator = each.language_team = "cardkit"
        each.msgid_bugs_address = ""
        each.copyright_holder = "the cardkit authors"
        each.fuzzy = False  # else the .mo leaves out its header, and with it the plural forms
    return _write_po(template), _write_po(catalog), _write_mo(catalog)


def _fixed_date() -> datetime:
    from datetime import datetime, timezone

    # A fixed date in the headers, so that the files change only when their sentences do.
    return datetime(2026, 1, 1, tzinfo=timezone.utc)


_FIXED_DATE = _fixed_date()


def _same(path: Path, data: bytes) -> bool:
    """Whether ``path`` holds ``data``, but for the Babel version that wrote it."""
    old = path.read_bytes()
    if path.suffix == ".mo":
        def messages(raw: bytes) -> dict[object, str]:
            found = dict(_gettext.GNUTranslations(io.BytesIO(raw))._catalog)  # type: ignore[attr-defined]  # the parsed .mo
            found.pop("", None)  # the header, which names the Babel version
            return found
        return messages(old) == messages(data)
    return _without_generator(old) == _without_generator(data)


def _without_generator(text: bytes) -> bytes:
    return b"\n".join(line for line in text.splitlines() if b"Generated-By:" not in line)


def run(domains: Iterable[str] = DOMAINS, *, check: bool = False) -> list[Path]:
    """Write (or with ``check``, compare) every catalog; the files that were out of date."""
    stale: list[Path] = []
    for domain in domains:
        for lang in TRANSLATIONS:
            pot, po, mo = updated(domain, lang)
            for path, data in ((LOCALE_DIR / f"{domain}.pot", pot), (_po_path(lang, domain), po),
                               (_po_path(lang, domain).with_suffix(".mo"), mo)):
                if path.exists() and _same(path, data):
                    continue
                stale.append(path)
                if not check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardkit.catalogs", description=__doc__)
    parser.add_argument("domains", nargs="*", metavar="DOMAIN",
                        help=f"the catalogs to update: {', '.join(DOMAINS)} (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a catalog is out of date")
    args = parser.parse_args(argv)
    unknown = [d for d in args.domains if d not in DOMAINS]
    if unknown:
        parser.error(f"no catalog named {', '.join(unknown)}: cardkit's are {', '.join(DOMAINS)}")
    stale = run(args.domains or DOMAINS, check=args.check)
    for path in stale:
        print(("out of date: " if args.check else "wrote ") + str(path.relative_to(PACKAGE.parent)))
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
