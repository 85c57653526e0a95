"""``cardkit simulate GAME``: play many rounds or hands with bots, save them, print a summary.

    cardkit simulate xeri --rounds 100000 --workers 2 --players greedy,random --out results.csv
    cardkit simulate zioncheck --hands 600 --players greedy --out hands.parquet
    cardkit simulate xeri --matches 200 --preset target_151      one row per whole match
    cardkit simulate zion --games 50 --set first_player_rule=draw_two --set max_claims_per_hand=3

The rows are those of `cardkit.sim.simulate` (one per Xeri round or Zion Check hand, or with
``--matches`` / ``--games`` one per whole match or game); ``--set OPTION=VALUE`` changes one rule
option of the preset, read as ``cardkit xeri --set`` reads it (`cardkit.rule_options`).
``--out`` writes CSV or Parquet (by the file's extension; Parquet needs
``pip install cardkit[parquet]``). The summary gives means with confidence intervals and win
rates (`cardkit.probability.summary`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pandas as pd

from cardkit.games import GameSpec, game_names, get_game
from cardkit.i18n import Domain
from cardkit.probability import summary
from cardkit.rule_options import with_options
from cardkit.sim import plural, simulate

_t = Domain("cardkit")
_, pgettext = _t.gettext, _t.pgettext

__all__ = ["add_parser", "run", "write_frame"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``simulate`` sub-command to the ``cardkit`` command line."""
    parser = sub.add_parser(
        "simulate", help="play many rounds/hands with bots; save them as CSV or Parquet",
        description="Play many rounds or hands of a game with bots, write one row per "
                    "round/hand, and print means with confidence intervals and win rates.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    specs = [get_game(name) for name in game_names()]
    parser.add_argument("game", help=" or ".join(
        spec.name + (f" ({', '.join(spec.aliases[:1])})" if spec.aliases else "")
        for spec in specs))
    count = parser.add_mutually_exclusive_group()
    helps: dict[str, list[str]] = {}  # --rounds, --hands, --matches, --games
    for spec in specs:
        helps.setdefault(plural(spec.sim.row), []).append(
            f"{spec.title}: one row each, default {spec.sim.default_rows}")
        if spec.sim.whole is not None:
            helps.setdefault(plural(spec.sim.unit), []).append(
                f"{spec.title}: whole {plural(spec.sim.unit)} played to the end, one row each")
    for flag, texts in helps.items():
        count.add_argument(f"--{flag}", type=int, dest="counts", action=_Count,
                           metavar=flag.upper(), default=argparse.SUPPRESS,
                           help=f"{flag} to play ({'; '.join(texts)})")
    parser.add_argument("--players", default="random",
                        help="bot kinds, one per seat or repeated round the table, "
                             "e.g. greedy,random")
    parser.add_argument("--seed", type=int, default=0, help="the master seed")
    parser.add_argument("--workers", type=int, default=1, help="processes to use")
    parser.add_argument("--chunk-size", type=int, default=None,
                        help="rows per chunk (the results do not depend on it)")
    parser.add_argument("--engine", choices=("auto", "vector", "reference", "numba", "numpy"),
                        default="auto",
                        help="vector: the array simulator of a game that has one, for "
                        "random/greedy bots (its numba kernel when installed; numba/numpy pick "
                        "one kernel)")
    parser.add_argument("--preset", default=None, help="a rules preset of the game")
    examples = "; ".join(f"{spec.title}: {spec.option_examples}" for spec in specs
                         if spec.option_examples)
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        dest="options",
                        help="change one rule option of the preset (repeatable), read as the "
                             "game's own command reads it (cardkit <game> --set), such as "
                             f"{examples or 'rounds=2'}")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the rows to this .csv or .parquet file")
    parser.add_argument("--level", type=float, default=0.95, help="confidence level")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


class _Count(argparse.Action):
    """Keeps ``--rounds N`` / ``--hands N`` as ``{"rounds": N}`` in ``args.counts``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, {str(option_string).lstrip("-"): values})


def write_frame(frame: pd.DataFrame, path: Path) -> None:
    """Write ``frame`` as CSV or Parquet, chosen by the extension of ``path``."""
    suffix = path.suffix.lower()
    frame = frame.copy(deep=False)
    frame.attrs = {}  # the call (bots, rules) is Python objects, not file metadata
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    elif suffix in (".parquet", ".pq"):
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError("writing Parquet needs pyarrow: pip install 'cardkit[parquet]' "
                             "(or write a .csv file)") from None
        frame.to_parquet(path, index=False)
    else:
        raise ValueError(f"--out must end in .csv or .parquet, not {path.name!r}")


def run(args: argparse.Namespace) -> int:
    """Run the simulation the arguments describe, write it and print the summary."""
    spec = get_game(args.game)
    rules = spec.Rules() if args.preset is None else spec.preset(args.preset)
    rules = with_options(spec, rules, getattr(args, "options", ()))
    n, unit = _count(spec, getattr(args, "counts", None) or {})
    if args.out is not None:
        _check_out(args.out)  # before a long run, not after it
    frame = simulate(spec.name, n, players=args.players, rules=rules, seed=args.seed,
                     workers=args.workers, progress=not args.no_progress,
                     chunk_size=args.chunk_size, engine=args.engine, unit=unit)
    if args.out is not None:
        write_frame(frame, args.out)
    print(summary_text(frame, spec.title, args.level, args.out))
    return 0 if not frame.attrs.get("stopped") else 130


def _count(spec: GameSpec, given: dict[str, int]) -> tuple[int, str | None]:
    """How many rows to play, and the ``unit`` of `simulate` (None: the game's rows)."""
    rows = plural(spec.sim.row)
    units = plural(spec.sim.unit) if spec.sim.whole is not None else None
    for flag, n in given.items():
        if flag == rows:
            return n, None
        if flag == units:
            return n, spec.sim.unit
        whole = f" (or --{units} for whole {units})" if units else ""
        raise ValueError(f"{spec.title} is played in {rows}: use --{rows}{whole}, not --{flag}")
    return spec.sim.default_rows, None


def _check_out(path: Path) -> None:
    if path.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise ValueError(f"--out must end in .csv or .parquet, not {path.name!r}")
    if not path.parent.exists():
        raise ValueError(f"the folder {str(path.parent)!r} of --out does not exist")


def _unit_word(unit: str) -> str:
    """What a row or unit is, in the language of the moment ("rounds", "ラウンド")."""
    words = {"rounds": pgettext("units", "rounds"), "matches": pgettext("units", "matches"),
             "hands": pgettext("units", "hands"), "games": pgettext("units", "games"),
             "rows": pgettext("units", "rows")}
    return words.get(unit, unit)


def summary_text(frame: pd.DataFrame, title: str, level: float = 0.95,
                 out: Any = None) -> str:
    """The printed summary: what was played, then one line per measure."""
    attrs = frame.attrs
    game = attrs.get("call", {}).get("game")
    unit = plural(attrs.get("unit") or get_game(game).sim.row) if game else "rows"
    said = {"title": title, "count": f"{len(frame):,}", "unit": _unit_word(unit),
            "engine": attrs.get("engine", "?"), "kernel": attrs.get("kernel")}
    if said["kernel"]:
        head = (_("{title}: {count} {unit} ({engine} engine, {kernel} kernel, stopped early)")
                if attrs.get("stopped") else
                _("{title}: {count} {unit} ({engine} engine, {kernel} kernel)"))
    else:
        head = (_("{title}: {count} {unit} ({engine} engine, stopped early)")
                if attrs.get("stopped") else _("{title}: {count} {unit} ({engine} engine)"))
    lines = [head.format(**said)]
    if out is not None:
        lines.append(_("rows written to {path}").format(path=out))
    table = summary(frame, level)
    width = max((len(m) for m in table["measure"]), default=10)
    # TRANSLATORS: the headings of the summary table's columns
    measure, mean = _("measure"), _("mean")
    lines.append(f"{measure:<{width}}  {mean:>9}  "
                 + _("{percent}% interval").format(percent=int(level * 100)))
    for row in table.itertuples(index=False):
        lines.append(f"{row.measure:<{width}}  {row.mean:>9.4f}  [{row.low:.4f}, {row.high:.4f}]")
    return "\n".join(lines)
