"""``cardkit analyze RECORD.json --seat N [--seconds S]``: the analyst's review of one seat's
decisions in a saved game, printed (`cardkit.analysis.review`)::

    cardkit analyze game.json --seat 0 --seconds 0.3

Each decision of the seat is rated from its view at that moment, with its expected loss
against the best move and a mark (inaccuracy, mistake, blunder: the thresholds are printed).
The whole review is bounded by ``--budget`` seconds (what is done by then is printed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardkit import bounds
from cardkit.analysis import MAX_REVIEW_SECONDS, MAX_SECONDS, review
from cardkit.i18n import Domain

_ = Domain("cardkit").gettext

DESCRIPTION = (
    "Rate each decision of one seat in a saved game record (JSON) with the analyst: its "
    "expected loss against the best move, from what the seat could see, marked as an "
    "inaccuracy, a mistake or a blunder.")


def _seconds(text: str, most: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= most:
        raise argparse.ArgumentTypeError(f"give more than 0 and at most {most:g} seconds, "
                                         f"not {text}")
    return value


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``analyze`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser("analyze", help="rate one seat's decisions in a saved game",
                            description=DESCRIPTION)
    parser.add_argument("record", type=Path, help="a record written by `cardkit GAME --json`")
    parser.add_argument("--seat", type=int, required=True, help="the seat to review, from 0")
    parser.add_argument("--seconds", type=lambda t: _seconds(t, MAX_SECONDS), default=0.3,
                        help="seconds per decision (default 0.3)")
    parser.add_argument("--budget", type=lambda t: _seconds(t, MAX_REVIEW_SECONDS),
                        default=120.0, help="seconds for the whole review (default 120)")
    parser.add_argument("--seed", type=int, default=0, help="the analysis seed (default 0)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the review of ``args.seat`` in the record ``args.record``."""
    text = args.record.read_text(encoding="utf-8")
    bounds.check_record_text(text)

    def progress(done: int, total: int) -> None:
        print("\r" + _("analysing decision {done} of {total}").format(done=done, total=total),
              end="", file=sys.stderr, flush=True)

    result = review(text, args.seat, seconds_per_move=args.seconds, seconds=args.budget,
                    seed=args.seed, progress=progress)
    print(file=sys.stderr)
    print(result.text)
    return 0
