"""Every ``# type: ignore`` in the package and the tests names its error code and says why
(issue 18): after it on the same line, or, where the line has no room, in a comment on the line
just above (the tests write ``# the type: ignore below: <why>``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IGNORE = re.compile(r"# type: ignore(?P<code>\[[^\]]+\])?(?P<rest>.*)$")


def unexplained() -> list[str]:
    found = []
    for folder in ("cardkit", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            lines = path.read_text(encoding="utf-8").splitlines()
            if path == Path(__file__).resolve():
                continue  # its own docstring and examples
            for number, line in enumerate(lines, 1):
                match = IGNORE.search(line)
                if match is None:
                    continue
                reason = re.match(r"\s+#\s*\S", match["rest"]) is not None
                above = number > 1 and lines[number - 2].strip().startswith("#")
                if not match["code"] or not (reason or above):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_every_type_ignore_has_a_code_and_a_reason():
    assert unexplained() == []


def test_the_scan_finds_a_bare_ignore(tmp_path):
    assert IGNORE.search("x = 1  # type: ignore")["code"] is None
    match = IGNORE.search("x = 1  # type: ignore[misc]")
    assert match["code"] == "[misc]" and not re.match(r"\s+#\s*\S", match["rest"])
