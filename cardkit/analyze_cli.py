"""``cardkit analyze RECORD.json --seat N [--samples K] [--seconds S]``: the analyst's review of
one seat's decisions in a saved game, printed (`cardkit.analysis.review`)::

    cardkit analyze game.json --seat 0 --samples 200

Each decision of the seat is rated from its view at that moment, with its expected loss
against the best move and a mark (inaccuracy, mistake, blunder: the thresholds are printed).
``--samples`` (64 unless given, as the replay viewer's review) with the seed decides each
rating, so the same command prints the same review on any machine; ``--seconds`` (10 unless
given) is only a safety cap per decision, and a decision it stops is said. ``--samples 0``
rates by time alone (``--seconds`` a decision). The whole review is bounded by ``--budget``
seconds (what is done by then is printed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardkit import bounds
from cardkit.analysis import MAX_REVIEW_SECONDS, MAX_SAMPLES, MAX_SECONDS, review
from cardkit.i18n import Domain

_ = Domain("cardkit").gettext

DESCRIPTION = (
    "Rate each decision of one seat in a saved game record (JSON) with the analyst: its "
    "expected loss against the best move, from what the seat could see, marked as an "
    "inaccuracy, a mistake or a blunder.")


# As the replay viewer's review (cardkit.widgets.limits): samples decide, seconds only cap.
DEFAULT_SAMPLES = 64
DEFAULT_SECONDS = 10.0


def _samples(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of samples: {text!r}") from None
    if not 0 <= value <= MAX_SAMPLES:
        raise argparse.ArgumentTypeError(f"give 0 to {MAX_SAMPLES:,} samples, not {text}")
    return value


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
    parser.add_argument("--samples", type=_samples, default=DEFAULT_SAMPLES,
                        help=f"sampled deals per decision, which with the seed decide each "
                             f"rating (default {DEFAULT_SAMPLES}; 0: by time alone)")
    parser.add_argument("--seconds", type=lambda t: _seconds(t, MAX_SECONDS),
                        default=DEFAULT_SECONDS,
                        help=f"at most this many seconds per decision (default "
                             f"{DEFAULT_SECONDS:g}); a decision it stops is said")
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

    result = review(text, args.seat, seconds_per_move=args.seconds,
                    max_samples_per_move=args.samples or None, seconds=args.budget,
                    seed=args.seed, progress=progress)
    print(file=sys.stderr)
    print(result.text)
    return 0
