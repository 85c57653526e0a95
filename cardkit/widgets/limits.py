"""The bounds on everything a student controls when the apps are served to a class.

One place for every limit, so that a teacher (or a reviewer) reads them at a glance and the
server, the page options and the apps all use the same numbers. Each limit is far above what a
real page or a real game needs, and far below what costs the shared machine seconds or hundreds
of megabytes. A value past a limit is refused with a `ValueError` that says which limit, never
served slowly.

Kernel websocket (checked by `cardkit.widgets.guard` before jupyter_server decodes a frame):

- `MAX_FRAME_BYTES`: one message from a page (a widget click is under 1 kB; a pasted record
  travels as one message, so this is `MAX_RECORD_BYTES` plus room).
- `MAX_FRAME_BUFFERS`: binary buffers after the four JSON parts (widgets send none or one).
- `MAX_JSON_DEPTH`: nesting of any JSON part (a widget state is 3-4 deep).
- `MAX_MESSAGES_PER_SECOND` / `MESSAGE_BURST`: a token bucket per socket; a page clicking as
  fast as a person can stays under a tenth of it.
- `MAX_COMM_OPENS`: ``comm_open`` messages per socket (a page opens one control comm).

Students and kernels (used by `cardkit serve`):

- `KERNEL_MB`: the memory one app's kernel holds (measured: 80-110 MB), for sizing a class
  from a memory budget (`students_for_memory`).
- `IDLE_CULL_S`, `ABANDONED_S`, `MAX_KERNEL_LIFETIME_S`: an idle kernel, a kernel whose page has
  been gone that long (even if busy), and any kernel older than that, is shut down.

Page options and app inputs:

- `MAX_QUERY_CHARS`, `MAX_OPTION_INT`, `MAX_BOT_DELAY`: a page address.
- `MAX_BOT_SECONDS`: the longest one bot decision may think at a table (``?bot=analyst``: the
  analyst's time budget per decision, 0.2 s by default, is within it). Every table seats its
  bots through `bounded_bot`, which lowers a longer budget (or none) to it; no page option sets
  a bot's budget, so an address cannot raise it (`cardkit.pimc.MAX_SECONDS` bounds any
  analysis).
- `MAX_HINT_SECONDS`, `MAX_HINT_SAMPLES`: one press of a table's Hint (`cardkit.widgets.hint`)
  thinks at most this long and samples at most this many worlds; the kernel answers nothing
  else meanwhile, and one hint at a time is thought of per page.
- `MAX_REVIEW_SECONDS`, `MAX_REVIEW_MOVE_SAMPLES`, `MAX_REVIEW_MOVE_SECONDS`: the replay
  viewer's "Analyse this game" (`cardkit.widgets.review_panel`) in all (tighter than the
  core's `cardkit.analysis.MAX_REVIEW_SECONDS`), and per decision: the sample budget, with
  the review's fixed seed, decides each decision's rating, so the same game gets the same
  marks on a quiet or a busy machine; the seconds are only a safety cap, far above what a
  decision takes (a Zion Check decision among 13 moves: about 2.5 CPU s), and a decision it
  stops is said in the review. Stop ends a review between two sampled worlds; in the static
  site, which has no threads, the review gives the page way to answer clicks at least every
  `REVIEW_YIELD_SECONDS` (0.1 s), even within a decision. ``$CARDKIT_ANALYSIS_SAMPLES``
  (`ANALYSIS_SAMPLES_ENV`) lowers the sample budgets of both for every app served (the browser
  tests set it small); it never raises them.
- `MAX_TABLE_PLAYERS`: the seats of the Zion Check table app (``?players=``, 2 to 8), tighter
  than the core's 16 (`cardkit.bounds.PLAYERS`): a learner playing against bots follows at
  most seven of them on one screen. The replay viewer and a pasted record seat all 16.
- `MAX_TYPED_CARDS`, `MAX_TYPED_CHARS`: the cards typed into the meld checker.
- `MAX_RECORD_BYTES`, `MAX_RULE_VALUE`, `MAX_DECKS`, `MAX_PLAYERS`: a pasted or uploaded game
  record; these are the rules core's own bounds (`cardkit.bounds`), which every record load
  checks, repeated here so that all limits read in one place.

>>> check_bot_delay(0.5)
0.5
>>> check_bot_delay(1e308)
Traceback (most recent call last):
...
ValueError: bot_delay is at most 5 seconds, not 1e+308
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

from cardkit import bounds
from cardkit.bounds import json_depth
from cardkit.i18n import Domain

_ = Domain("apps").gettext

__all__ = [
    "ABANDONED_S",
    "ANALYSIS_SAMPLES_ENV",
    "IDLE_CULL_S",
    "KERNEL_MB",
    "MAX_BOT_DELAY",
    "MAX_BOT_SECONDS",
    "MAX_COMM_OPENS",
    "MAX_DECKS",
    "MAX_FRAME_BUFFERS",
    "MAX_FRAME_BYTES",
    "MAX_HINT_SAMPLES",
    "MAX_HINT_SECONDS",
    "MAX_JSON_DEPTH",
    "MAX_KERNEL_LIFETIME_S",
    "MAX_MESSAGES_PER_SECOND",
    "MAX_OPTION_INT",
    "MAX_QUERY_CHARS",
    "MAX_RECORD_BYTES",
    "MAX_REVIEW_MOVE_SAMPLES",
    "MAX_REVIEW_MOVE_SECONDS",
    "MAX_REVIEW_SECONDS",
    "MAX_RULE_VALUE",
    "MAX_TABLE_PLAYERS",
    "MAX_TYPED_CARDS",
    "MAX_TYPED_CHARS",
    "MESSAGE_BURST",
    "REVIEW_YIELD_SECONDS",
    "analysis_samples",
    "bounded_bot",
    "check_bot_delay",
    "check_record_text",
    "check_typed_cards",
    "json_depth",
    "students_for_memory",
]

# Kernel websocket
MAX_FRAME_BYTES = 1_200_000
MAX_FRAME_BUFFERS = 8
MAX_JSON_DEPTH = 32
MAX_MESSAGES_PER_SECOND = 40.0
MESSAGE_BURST = 200
MAX_COMM_OPENS = 16

# Students and kernels
KERNEL_MB = 110
IDLE_CULL_S = 300
ABANDONED_S = 120
MAX_KERNEL_LIFETIME_S = 3 * 3600

# Page options and app inputs
MAX_QUERY_CHARS = 500
MAX_OPTION_INT = 10**9
MAX_BOT_DELAY = 5.0
MAX_BOT_SECONDS = 3.0  # one bot decision's thinking time at a table (the analyst's bound)
# The analyst in the apps: one Hint, and "Analyse this game" in the replay viewer
MAX_HINT_SECONDS = 2.0  # within the 3 s: pimc overshoots by at most one rollout
MAX_HINT_SAMPLES = 400
MAX_REVIEW_SECONDS = 60.0
MAX_REVIEW_MOVE_SAMPLES = 64  # decides each decision's rating (with the review's fixed seed)
MAX_REVIEW_MOVE_SECONDS = 10.0  # only a safety cap: a decision it stops is said
REVIEW_YIELD_SECONDS = 0.1  # a review gives way this often within a decision (page clicks)
ANALYSIS_SAMPLES_ENV = "CARDKIT_ANALYSIS_SAMPLES"
MAX_TABLE_PLAYERS = 8
MAX_TYPED_CARDS = 120  # two decks and their jokers, with room
MAX_TYPED_CHARS = 1_000
# A pasted record: the core's own bounds (every record load checks them), so that an app and
# `cardkit.games.load_record` refuse the same records.
MAX_PLAYERS = bounds.PLAYERS[1]  # a pasted record's table (16), for games whose rules set none
MAX_RECORD_BYTES = bounds.MAX_RECORD_BYTES
MAX_RULE_VALUE = bounds.MAX_RULE_VALUE
MAX_DECKS = bounds.MAX_DECKS


def students_for_memory(budget_mb: int, pool: int = 0) -> int:
    """How many students' kernels fit in ``budget_mb`` megabytes, after a preheated ``pool``.

    >>> students_for_memory(4000, pool=4)
    32
    """
    if budget_mb <= 0:
        raise ValueError(f"a memory budget is a positive number of MB, not {budget_mb}")
    return max(1, budget_mb // KERNEL_MB - pool)


def analysis_samples(bound: int, environ: dict[str, str] | None = None) -> int:
    """A sample budget of at most ``bound``: ``$CARDKIT_ANALYSIS_SAMPLES`` when it is a whole
    number from 1 below ``bound`` (the browser tests' small budgets), else ``bound``.

    >>> analysis_samples(MAX_HINT_SAMPLES, {"CARDKIT_ANALYSIS_SAMPLES": "8"})
    8
    >>> analysis_samples(MAX_HINT_SAMPLES, {"CARDKIT_ANALYSIS_SAMPLES": "1e9"})
    400
    """
    text = (os.environ if environ is None else environ).get(ANALYSIS_SAMPLES_ENV, "")
    try:
        asked = int(text)
    except ValueError:
        return bound
    return asked if 0 < asked < bound else bound


def bounded_bot(bot: Any) -> Any:
    """``bot``, its thinking time per decision at most `MAX_BOT_SECONDS`: a bot that thinks by
    the clock (``bot.seconds``: the analyst) and would think longer, or with no time limit
    (None), is given `MAX_BOT_SECONDS`; any other bot is returned as it is.

    >>> class Slow:
    ...     seconds = 60.0
    >>> bounded_bot(Slow()).seconds
    3.0
    """
    if hasattr(bot, "seconds"):
        seconds = bot.seconds
        bot.seconds = (MAX_BOT_SECONDS if seconds is None
                       else min(float(seconds), MAX_BOT_SECONDS))
    return bot


def check_bot_delay(seconds: float) -> float:
    """A bot pause a page may ask for: a number from 0 to `MAX_BOT_DELAY` seconds."""
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds >= 0):
        raise ValueError(_("bot_delay is a number of seconds of 0 or more, not {value}").format(
            value=repr(seconds)))
    if seconds > MAX_BOT_DELAY:
        raise ValueError(_("bot_delay is at most {most} seconds, not {value}").format(
            most=f"{MAX_BOT_DELAY:g}", value=f"{seconds:g}"))
    return float(seconds)


def check_typed_cards(text: str) -> str:
    """Typed cards the meld checker may read: at most `MAX_TYPED_CHARS` characters and
    `MAX_TYPED_CARDS` cards (the checker's work grows with the square of the cards).

    >>> check_typed_cards("5C 6C JK | 8C")
    '5C 6C JK | 8C'
    """
    if not isinstance(text, str):
        raise ValueError(f"cards are typed as text, not {type(text).__name__}")
    if len(text) > MAX_TYPED_CHARS:
        raise ValueError(_("type at most {most} characters of cards, not {count}").format(
            most=MAX_TYPED_CHARS, count=len(text)))
    count = len(text.replace(",", " ").replace("|", " ").split())
    if count > MAX_TYPED_CARDS:
        raise ValueError(_("type at most {most} cards, not {count}").format(
            most=MAX_TYPED_CARDS, count=count))
    return text


def _check_players(data: dict[str, Any]) -> None:
    # The cores build whatever table a record names; 53 players would be dealt from 7 decks.
    if "players" not in data:
        return
    from cardkit.games import game_names, get_game

    players = data["players"]
    if data.get("game") not in game_names():
        return  # load_record says which games there are
    low, high = get_game(data["game"]).players
    high = MAX_PLAYERS if high is None else min(high, MAX_PLAYERS)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(_("a {game} record has {low} to {high} players, not {value}").format(
            game=data["game"], low=low, high=high, value=repr(players)))


def check_record_text(text: str) -> dict[str, Any]:
    """A pasted or uploaded game record, bounded before any game is built from it: the core's
    `cardkit.bounds` (at most `MAX_RECORD_BYTES`, JSON nested at most `MAX_JSON_DEPTH` deep,
    at most `MAX_DECKS` decks, rule values at most `MAX_RULE_VALUE`), a JSON object, and a
    table the game's registry seats. Returns the parsed object.

    >>> check_record_text('{"rules": {"num_decks": 20000}}')
    Traceback (most recent call last):
    ...
    ValueError: the record's rules.num_decks asks for 20000 decks; accepted: 1 to 8 decks
    """
    bounds.check_record_text(text)
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(_("it is not JSON ({error})").format(error=error)) from None
    if not isinstance(data, dict):
        raise ValueError(_("a record is a JSON object, not a {kind}").format(
            kind=type(data).__name__))
    _check_players(data)
    bounds.check_record_values(data)
    return data
