"""What ``cardkit serve`` adds for a class: the class board's data, the teacher's address, and
kernels preheated for the whole class.

    cardkit serve --class                        students' and teacher's addresses, board kept
                                                 in ~/.local/share/cardkit (printed)
    cardkit serve --class --data DIR             the board's SQLite file in DIR
    cardkit serve --class --board-db postgresql://user@host/cardkit   one board, many servers
    cardkit serve --class --students 30          30 kernels of the class's app preheated first:
                                                 "ready for 30 students" once they are
    cardkit serve --class --students 30 --app probability_lab

Behind a token (``--class``, or ``--token``) the server also has a teacher's token
(``--teacher-token``, or one made up): the class board's page and its kernel need it
(`cardkit.widgets.class_voila`). The apps find the board in ``$CARDKIT_BOARD_DB``
(`cardkit.classroom.board_location`) and the students' lab address in ``$CARDKIT_CLASS_URL``.
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from cardkit.classroom import BOARD_ENV, BOARD_FILE, CLASS_URL_ENV, Board, data_dir
from cardkit.widgets import limits

__all__ = ["CLASS_URL_ENV", "ClassSetup", "add_arguments", "class_setup", "wait_until_ready"]

DEFAULT_APP = "xeri_table"
READY_TIMEOUT_S = 1800.0


@dataclass(frozen=True)
class ClassSetup:
    """How a ``cardkit serve`` serves its class."""

    board: str  # the board's SQLite file or PostgreSQL URL
    teacher_token: str | None
    preheat: int  # kernels of `app` to have ready before saying so (0: do not wait)
    app: str
    said: str  # where the board is, as printed at start

    def env(self, students_lab: str) -> dict[str, str]:
        """What the apps' kernels are told: where the board is, the students' lab address."""
        env = {BOARD_ENV: self.board}
        if students_lab:
            env[CLASS_URL_ENV] = students_lab
        return env


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The class options of ``cardkit serve``."""
    parser.add_argument("--data", metavar="DIR", default=None,
                        help=f"folder of the class board's data ({BOARD_FILE}); default: "
                             f"{data_dir()}")
    parser.add_argument("--board-db", metavar="URL", default=None,
                        help="keep the class board in PostgreSQL (postgresql://user@host/db), "
                             "shared by several servers (needs: pip install 'cardkit[postgres]')")
    parser.add_argument("--teacher-token", default=None,
                        help="the teacher's token (the class board's page needs it; made up "
                             "behind a token when not given)")
    parser.add_argument("--app", default=DEFAULT_APP,
                        help=f"with --class --students N: the app whose N kernels are "
                             f"preheated before the class comes ({DEFAULT_APP})")


def class_setup(args: argparse.Namespace, token: str | None, notebooks: Path) -> ClassSetup:
    """The board (checked, migrated: a wrong one is refused before anything starts) and the
    teacher's token."""
    if args.board_db:
        if not args.board_db.startswith(("postgresql://", "postgres://")):
            raise ValueError("--board-db takes a PostgreSQL address such as "
                             "postgresql://user@host/cardkit")
        location = args.board_db
    else:
        location = str(Path(args.data or data_dir()).expanduser().resolve() / BOARD_FILE)
    try:
        board = Board(location)
    except ImportError:
        raise ValueError("--board-db needs psycopg: pip install 'cardkit[postgres]'") from None
    except Exception as error:  # the database's own reason (no such host, bad password...)
        raise ValueError(f"cannot open the class board {location!r}: {error}") from None
    kept = len(board.experiments())
    said = f"class board: {board!r} ({kept} experiment{'' if kept == 1 else 's'} kept there)"
    teacher = None
    if token:
        teacher = args.teacher_token or secrets.token_urlsafe(12)
        if teacher == token:
            raise ValueError("--teacher-token must differ from the students' token")
    app = args.app.removesuffix(".ipynb")
    preheat = args.students if args.classroom and args.students else 0
    if preheat and not (notebooks / f"{app}.ipynb").is_file():
        raise ValueError(f"--app {args.app}: there is no app {app}.ipynb in {notebooks}")
    if preheat and preheat * limits.KERNEL_MB > 0.9 * _free_mb():
        print(f"warning: {preheat} kernels take about {preheat * limits.KERNEL_MB:,} MB, more "
              "than this machine has free", flush=True)
    return ClassSetup(location, teacher, preheat, f"{app}.ipynb", said)


def _free_mb() -> int:
    from cardkit.widgets.serve import available_mb

    return available_mb()


def wait_until_ready(local: str, token: str | None, setup: ClassSetup,
                     server: subprocess.Popen[bytes], timeout: float = READY_TIMEOUT_S) -> bool:
    """Print the preheating's progress until `ClassSetup.preheat` kernels of its app are ready
    (then "ready for N students"); False if the server stopped or the time ran out."""
    wanted = setup.preheat
    address = f"{local}/cardkit/ready" + (f"?token={token}" if token else "")
    print(f"preheating {wanted} kernels of {setup.app} for the class…", flush=True)
    shown, deadline = -1, time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(address, timeout=10) as answer:
                ready = int(json.load(answer)["ready"].get(setup.app, 0))
        except (OSError, ValueError, KeyError, urllib.error.URLError):
            ready = 0  # not listening yet
        if ready != shown:
            print(f"  {ready} of {wanted} ready", flush=True)
            shown = ready
        if ready >= wanted:
            print(f"ready for {wanted} students", flush=True)
            return True
        time.sleep(1.0)
    print(f"the kernels for the class were not all ready ({max(shown, 0)} of {wanted})",
          file=sys.stderr, flush=True)
    return False
