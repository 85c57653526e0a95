"""The class experiment board: every student's simulation of one question, kept in a database.

For example::

    board = Board("class.sqlite")                 # one SQLite file (WAL), nothing to install
    code = board.open("xeri_redeal", n=2000, rules={"option": "redeal_if_three"})
    board.submit(code, student="s-81f3", estimate=0.093, low=0.081, high=0.106, n=2000,
                 seed=7, nickname="Ana")
    board.results(code)                           # a pandas DataFrame, one row per submission
    board.close(code); board.experiments()

``Board("postgresql://user@host/db")`` keeps the same board in PostgreSQL (needs ``psycopg``),
for a class served by several Voila servers at once. The schema is versioned (`SCHEMA_VERSION`,
the table ``board_schema``); opening an older database migrates it in one transaction
(`MIGRATIONS`), so a board made by an older cardkit keeps its experiments.

Nothing a student sends is trusted: a nickname is at most `MAX_NICKNAME` characters, a student
sends at most `MAX_PER_STUDENT` results per experiment and an experiment holds at most
`MAX_ROWS`; estimates and intervals are numbers in [0, 1] with low <= estimate <= high; the
number of samples is the experiment's. A result sent twice (a double click: the same student
and seed) is stored once. Students only add rows: nothing here lets a row be changed or
deleted, and only the teacher's board opens, reveals or closes an experiment. Every refusal is
a `BoardRefused` (a ValueError) saying why in words.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import secrets
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pandas as pd

from cardkit.probability import wilson_interval

__all__ = ["BOARD_ENV", "CLASS_URL_ENV", "MAX_NICKNAME", "MAX_PER_STUDENT", "MAX_ROWS",
           "MIGRATIONS", "SCHEMA_VERSION", "Board", "BoardRefused", "ClassSummary",
           "board_location", "data_dir", "summarize"]

MAX_NICKNAME = 24
MAX_PER_STUDENT = 5
MAX_ROWS = 500
MAX_SAMPLES = 1_000_000
MAX_STUDENT_ID = 64
MAX_RULES_CHARS = 500
MAX_SEED = 2**63 - 1
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed on phones
CODE_LENGTH = 5
_QUESTION = re.compile(r"[a-z][a-z0-9_]{0,39}")
COLUMNS = ["student", "nickname", "estimate", "low", "high", "n", "seed", "sent"]
EXPERIMENT_COLUMNS = ["code", "question", "rules", "n", "opened", "closed", "revealed", "rows"]


BOARD_ENV = "CARDKIT_BOARD_DB"  # where `cardkit serve` tells its apps the board is
BOARD_FILE = "class_board.sqlite"
CLASS_URL_ENV = "CARDKIT_CLASS_URL"  # the students' lab address, set by `cardkit serve --class`


def data_dir() -> Path:
    """cardkit's folder in this user's data directory (``~/.local/share/cardkit`` on Linux,
    ``$XDG_DATA_HOME/cardkit`` where that is set, the platform's own place elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "cardkit"


def board_location(environ: dict[str, str] | None = None) -> str:
    """The class board's database: ``$CARDKIT_BOARD_DB`` (a file or a ``postgresql://`` URL,
    set by ``cardkit serve``), else `BOARD_FILE` in `data_dir`."""
    found = (os.environ if environ is None else environ).get(BOARD_ENV)
    return found or str(data_dir() / BOARD_FILE)


class BoardRefused(ValueError):
    """A request the board does not carry out; the message says why."""


# Each migration takes the schema from the version before it to its own, for SQLite and for
# PostgreSQL. Version 1 was the first board; version 2 remembers Reveal and stores a result
# sent twice once (the duplicates an older board kept are dropped, the first one stays).
MIGRATIONS: dict[int, dict[str, tuple[str, ...]]] = {
    1: {
        "sqlite": (
            "CREATE TABLE experiments (code TEXT PRIMARY KEY, question TEXT NOT NULL, "
            "rules TEXT NOT NULL, n INTEGER NOT NULL, opened TEXT NOT NULL, closed TEXT)",
            "CREATE TABLE submissions (id INTEGER PRIMARY KEY AUTOINCREMENT, "
            "code TEXT NOT NULL REFERENCES experiments(code), student TEXT NOT NULL, "
            "nickname TEXT NOT NULL, estimate REAL NOT NULL, low REAL NOT NULL, "
            "high REAL NOT NULL, n INTEGER NOT NULL, seed INTEGER NOT NULL, sent TEXT NOT NULL)",
        ),
        "postgresql": (
            "CREATE TABLE experiments (code TEXT PRIMARY KEY, question TEXT NOT NULL, "
            "rules TEXT NOT NULL, n INTEGER NOT NULL, opened TEXT NOT NULL, closed TEXT)",
            "CREATE TABLE submissions (id BIGSERIAL PRIMARY KEY, "
            "code TEXT NOT NULL REFERENCES experiments(code), student TEXT NOT NULL, "
            "nickname TEXT NOT NULL, estimate DOUBLE PRECISION NOT NULL, "
            "low DOUBLE PRECISION NOT NULL, high DOUBLE PRECISION NOT NULL, "
            "n INTEGER NOT NULL, seed BIGINT NOT NULL, sent TEXT NOT NULL)",
        ),
    },
    2: dict.fromkeys(("sqlite", "postgresql"), (
        "ALTER TABLE experiments ADD COLUMN revealed INTEGER NOT NULL DEFAULT 0",
        "DELETE FROM submissions WHERE id NOT IN "
        "(SELECT MIN(id) FROM submissions GROUP BY code, student, seed)",
        "CREATE UNIQUE INDEX submissions_once ON submissions (code, student, seed)",
    )),
}
SCHEMA_VERSION = max(MIGRATIONS)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Board:
    """The class's experiments and every result sent to them, in one database.

    ``path``: a SQLite file (made with its folder when missing) or a ``postgresql://`` URL.
    Each call uses a connection of its own, so one board may be used from any thread, and any
    number of processes may use the same file or database at once.
    """

    def __init__(self, path: str | Path) -> None:
        text = str(path)
        self.dialect = "postgresql" if text.startswith(("postgresql://", "postgres://")) \
            else "sqlite"
        self.path = text
        if self.dialect == "sqlite":
            Path(text).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.path = str(Path(text).expanduser())
        self.migrate()

    def __repr__(self) -> str:
        shown = re.sub(r"//[^@/]*@", "//…@", self.path)  # never print a password
        return f"Board({shown!r})"

    # ------------------------------------------------------------------ the database

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Any]:
        """A cursor in one write transaction (taken at once: writers queue, none fails)."""
        if self.dialect == "sqlite":
            connection = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            try:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA foreign_keys=ON")
                connection.execute("BEGIN IMMEDIATE")
                try:
                    yield _Cursor(connection.cursor(), "?")
                    connection.execute("COMMIT")
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
            finally:
                connection.close()
            return
        import psycopg

        with psycopg.connect(self.path) as server, server.transaction():
            yield _Cursor(server.cursor(), "%s")

    def schema_version(self) -> int:
        """The schema version of this board's database (0: none yet)."""
        with self._transaction() as cursor:
            return self._version(cursor)

    def _version(self, cursor: _Cursor) -> int:
        if self.dialect == "sqlite":
            found = cursor.one("SELECT name FROM sqlite_master WHERE name = 'board_schema'")
        else:
            found = cursor.one("SELECT to_regclass('board_schema')")
            found = found if found and found[0] else None
        if not found:
            return 0
        row = cursor.one("SELECT version FROM board_schema")
        return int(row[0]) if row else 0

    def migrate(self) -> int:
        """Bring the database to `SCHEMA_VERSION` (every missing step, in one transaction);
        the version it had. A database newer than this cardkit is refused."""
        with self._transaction() as cursor:
            if self.dialect == "postgresql":  # several servers may start at once
                cursor.run("SELECT pg_advisory_xact_lock(20260121)")
            found = self._version(cursor)
            if found > SCHEMA_VERSION:
                raise BoardRefused(
                    f"the class board {self!r} has schema version {found}, newer than this "
                    f"cardkit's {SCHEMA_VERSION}: upgrade cardkit to use it")
            if found == 0:
                cursor.run("CREATE TABLE board_schema (version INTEGER NOT NULL)")
                cursor.run("INSERT INTO board_schema (version) VALUES (0)")
            for version in range(found + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[version][self.dialect]:
                    cursor.run(statement)
                cursor.run("UPDATE board_schema SET version = ?", (version,))
            return found

    # ------------------------------------------------------------------ the teacher's side

    def open(self, question: str, *, n: int, rules: dict[str, Any] | None = None) -> str:
        """Open an experiment of ``question`` with ``n`` samples per student; its join code."""
        if not isinstance(question, str) or not _QUESTION.fullmatch(question):
            raise BoardRefused(f"a question is a short key such as 'xeri_redeal', "
                               f"not {str(question)[:40]!r}")
        _whole(n, "n (the samples per student)", 1, MAX_SAMPLES)
        text = json.dumps(rules or {}, sort_keys=True)
        if not isinstance(rules or {}, dict) or len(text) > MAX_RULES_CHARS:
            raise BoardRefused(f"rules are a dict of at most {MAX_RULES_CHARS} characters "
                               "as JSON")
        with self._transaction() as cursor:
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if not cursor.one("SELECT 1 FROM experiments WHERE code = ?", (code,)):
                    break
            cursor.run("INSERT INTO experiments (code, question, rules, n, opened) "
                       "VALUES (?, ?, ?, ?, ?)", (code, question, text, n, _now()))
        return code

    def close(self, code: str) -> None:
        """End an experiment: it takes no more results (it stays on the board to be shown)."""
        with self._transaction() as cursor:
            self._experiment(cursor, code)
            cursor.run("UPDATE experiments SET closed = ? WHERE code = ? AND closed IS NULL",
                       (_now(), _code(code)))

    def reveal(self, code: str) -> None:
        """Remember that the exact value of an experiment has been shown to the class."""
        with self._transaction() as cursor:
            self._experiment(cursor, code)
            cursor.run("UPDATE experiments SET revealed = 1 WHERE code = ?", (_code(code),))

    def experiment(self, code: str) -> dict[str, Any]:
        """One experiment: its code, question, rules (a dict), n, when opened and closed."""
        with self._transaction() as cursor:
            return self._experiment(cursor, code)

    def experiments(self) -> pd.DataFrame:
        """Every experiment, newest first, with how many results each holds."""
        with self._transaction() as cursor:
            rows = cursor.all(
                "SELECT e.code, e.question, e.rules, e.n, e.opened, e.closed, e.revealed, "
                "(SELECT COUNT(*) FROM submissions s WHERE s.code = e.code) "
                "FROM experiments e ORDER BY e.opened DESC, e.code")
        frame = pd.DataFrame(rows, columns=EXPERIMENT_COLUMNS)
        frame["revealed"] = frame["revealed"].astype(bool)
        return frame

    def results(self, code: str) -> pd.DataFrame:
        """The results sent to an experiment, in the order they came (open or closed)."""
        with self._transaction() as cursor:
            self._experiment(cursor, code)
            rows = cursor.all(f"SELECT {', '.join(COLUMNS)} FROM submissions WHERE code = ? "
                              "ORDER BY id", (_code(code),))
        frame = pd.DataFrame(rows, columns=COLUMNS)
        return frame.astype({"estimate": float, "low": float, "high": float, "n": int,
                             "seed": "int64"})

    # ------------------------------------------------------------------ the students' side

    def submit(self, code: str, *, student: str, estimate: float, low: float, high: float,
               n: int, seed: int, nickname: str = "") -> bool:
        """Add one student's result to an open experiment. True when stored, False when the
        same student had already sent this seed (a double click: stored once)."""
        row = _checked_row(student, estimate, low, high, n, seed, nickname)
        with self._transaction() as cursor:
            experiment = self._experiment(cursor, code, lock=True)
            code = experiment["code"]
            if experiment["closed"]:
                raise BoardRefused(f"the experiment {code} is closed: the teacher has ended "
                                   "it, and it takes no more results")
            if n != experiment["n"]:
                raise BoardRefused(f"the experiment {code} asks for {experiment['n']:,} "
                                   f"samples per student, not {n:,}")
            if cursor.one("SELECT 1 FROM submissions WHERE code = ? AND student = ? AND "
                          "seed = ?", (code, student, seed)):
                return False
            sent = cursor.one("SELECT COUNT(*), SUM(CASE WHEN student = ? THEN 1 ELSE 0 END) "
                              "FROM submissions WHERE code = ?", (student, code))
            if int(sent[1] or 0) >= MAX_PER_STUDENT:
                raise BoardRefused(f"you have already sent {MAX_PER_STUDENT} results to the "
                                   f"experiment {code}, the most one student can send")
            if int(sent[0]) >= MAX_ROWS:
                raise BoardRefused(f"the experiment {code} is full: it holds {MAX_ROWS} "
                                   "results, the most one experiment keeps")
            cursor.run(f"INSERT INTO submissions (code, {', '.join(COLUMNS)}) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (code, *row, _now()))
        return True

    def _experiment(self, cursor: _Cursor, code: str, lock: bool = False) -> dict[str, Any]:
        # lock: a submission holds its experiment's row to the end, so that PostgreSQL's
        # concurrent writers count the rows one after the other (SQLite's writers queue anyway)
        last = " FOR UPDATE" if lock and self.dialect == "postgresql" else ""
        found = cursor.one("SELECT code, question, rules, n, opened, closed, revealed "
                           f"FROM experiments WHERE code = ?{last}", (_code(code),))
        if not found:
            raise BoardRefused(f"there is no experiment with the code {str(code)[:12]!r}: "
                               "check the code shown on the class board")
        keys = ("code", "question", "rules", "n", "opened", "closed", "revealed")
        experiment = dict(zip(keys, found, strict=True))
        experiment["rules"] = json.loads(experiment["rules"])
        experiment["revealed"] = bool(experiment["revealed"])
        return experiment


@dataclass
class _Cursor:
    """A DB-API cursor with the queries written once, ``?`` for each value."""

    cursor: Any
    mark: str

    def run(self, query: str, values: tuple[Any, ...] = ()) -> None:
        self.cursor.execute(query.replace("?", self.mark), values)

    def one(self, query: str, values: tuple[Any, ...] = ()) -> Any:
        self.run(query, values)
        return self.cursor.fetchone()

    def all(self, query: str, values: tuple[Any, ...] = ()) -> list[Any]:
        self.run(query, values)
        return list(self.cursor.fetchall())


def _code(code: Any) -> str:
    """A join code as typed: case and spaces do not matter."""
    if not isinstance(code, str) or len(code) > 40:
        raise BoardRefused("a join code is a short word such as K7QMP")
    return code.strip().upper()


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BoardRefused(f"{name} must be a whole number from {low:,} to {high:,}, "
                           f"not {str(value)[:30]!r}")
    return value


def _checked_row(student: Any, estimate: Any, low: Any, high: Any, n: Any, seed: Any,
                 nickname: Any) -> tuple[Any, ...]:
    if not isinstance(student, str) or not 0 < len(student) <= MAX_STUDENT_ID:
        raise BoardRefused(f"a student is named by a word of 1 to {MAX_STUDENT_ID} characters")
    if not isinstance(nickname, str):
        raise BoardRefused("a nickname is text")
    nickname = " ".join(nickname.split())  # no line breaks or tabs on the board
    if len(nickname) > MAX_NICKNAME or not nickname.isprintable():
        raise BoardRefused(f"a nickname is at most {MAX_NICKNAME} printable characters, "
                           f"not {len(nickname)}")
    numbers = []
    for name, value in (("estimate", estimate), ("low", low), ("high", high)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value) or not 0 <= value <= 1:
            raise BoardRefused(f"the {name} must be a number from 0 to 1, not "
                               f"{str(value)[:30]!r}")
        numbers.append(float(value))
    if not numbers[1] <= numbers[0] <= numbers[2]:
        raise BoardRefused(f"an interval holds its estimate: low <= estimate <= high, not "
                           f"{numbers[1]:g} <= {numbers[0]:g} <= {numbers[2]:g}")
    _whole(n, "n (the samples)", 1, MAX_SAMPLES)
    _whole(seed, "the seed", 0, MAX_SEED)
    hits = numbers[0] * n
    if abs(hits - round(hits)) > 1e-6 * n:
        raise BoardRefused(f"an estimate from {n:,} samples is a count of them divided by "
                           f"{n:,}; {numbers[0]!r} is not")
    return (student, nickname, *numbers, n, seed)


@dataclass(frozen=True)
class ClassSummary:
    """What the board says of an experiment's results."""

    rows: int  # m: the intervals on the board
    contain: int | None  # k: how many hold the exact value (None: no exact value known)
    units: int  # the independent runs pooled: distinct seeds (two rows of one seed count once)
    samples: int
    pooled: float | None
    pooled_low: float | None
    pooled_high: float | None

    def sentence(self) -> str:
        """``"27 of 30 intervals contain the exact value"`` (or what is known)."""
        if self.contain is None:
            return f"{self.rows} intervals; no exact value is known for this question"
        plural = "interval contains" if self.rows == 1 else "intervals contain"
        return f"{self.contain} of {self.rows} {plural} the exact value"


def summarize(results: pd.DataFrame, exact: float | None = None) -> ClassSummary:
    """k of m intervals holding ``exact``, and the pooled estimate with its Wilson interval.

    The pool adds up the samples of independent runs: each seed once (students who typed the
    same seed ran the same samples, and counting them twice would narrow the interval for
    nothing).
    """
    rows = len(results)
    contain = None if exact is None else int(
        ((results["low"] <= exact) & (exact <= results["high"])).sum())
    runs = results.drop_duplicates(subset=["seed"])
    samples = int(runs["n"].sum()) if rows else 0
    if not samples:
        return ClassSummary(rows, contain, 0, 0, None, None, None)
    hits = int((runs["estimate"] * runs["n"]).round().sum())
    low, high = wilson_interval(hits, samples)
    return ClassSummary(rows, contain, len(runs), samples, hits / samples, low, high)
