"""What cardkit's "any game" parts ask of Xeri: simulation rows, the scores box, action words.

`cardkit.games` builds Xeri's `GameSpec` from these, so that the simulator, the turn stepper and
the command line never name the game::

    >>> from cardkit.xeri import GreedyBot, new_game
    >>> from cardkit import play_out
    >>> match = play_out(new_game(seed=3), [GreedyBot(s, seed=s) for s in range(4)])
    >>> rows = RoundRows(match)
    >>> [row["round"] for row in rows.rows()] == list(range(1, match.round_number + 1))
    True
    >>> action_words("North", match.history[0]).startswith("North plays ")
    True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from cardkit.cards import Card, card_name
from cardkit.engine import team_name
from cardkit.i18n import N_, Domain
from cardkit.xeri.events import EventKind, FirstDealer, MatchWon
from cardkit.xeri.match import XeriMatch

_t = Domain("xeri")
_, ngettext = _t.gettext, _t.ngettext

__all__ = ["COLUMNS", "MATCH_COLUMNS", "MATCH_NON_INTEGER", "RoundRows", "action_words",
           "chunk_rows", "match_row", "narrate", "rows_per_match", "scores_html", "summary",
           "vector_engine"]

# The descriptions are marked (N_) and translated where they are read (`cardkit.sim.columns`):
# this dict is made once, at import, before any language is chosen. Names such as rules.rounds
# or `match` are code, kept in a translation.
COLUMNS: dict[str, str] = {
    "seed": N_("the master seed of the run"),
    "match": N_("the unit: a match, from 0 (rules.rounds rounds; with a target, every round "
                "until a team reaches it, XR-7.2)"),
    "round": N_("the round in its match, from 1"),
    "game_seed": N_("the seed of the match (reference engine; -1 for the vector engine)"),
    "dealer": N_("the dealer's seat 0-3 (XR-2.1)"),
    "dealer_team": N_("the dealer's team: 0 (North–South) or 1 (East–West)"),
    "redeals": N_("how often the first pile was dealt again (XR-2.4)"),
    "points_0": N_("team 0's points for the round (XR-6)"),
    "points_1": N_("team 1's points for the round"),
    "cards_0": N_("cards team 0 captured (the last pile included, XR-5.1)"),
    "cards_1": N_("cards team 1 captured"),
    "card_points_0": N_("team 0's points from cards: majority, honours, 2♣, 10♦ (XR-6)"),
    "card_points_1": N_("team 1's points from cards"),
    "xeri_points_0": N_("team 0's points from Xeris (XR-4)"),
    "xeri_points_1": N_("team 1's points from Xeris"),
    "xeris_0": N_("team 0's Xeris other than jack Xeris (XR-4.1)"),
    "xeris_1": N_("team 1's Xeris other than jack Xeris"),
    "jack_xeris_0": N_("team 0's jack Xeris (XR-4.2)"),
    "jack_xeris_1": N_("team 1's jack Xeris"),
    "captures_0": N_("plays by team 0 that captured (Xeris included, XR-3.2)"),
    "captures_1": N_("plays by team 1 that captured"),
    "first_xeri_play": N_("the play of the round's first Xeri, counting every seat's plays "
                          "(1-48), 0 when there was none"),
    "leftover_cards": N_("cards left on the pile at the end of the round (XR-5.1)"),
    "leftover_team": N_("the team that took them, -1 when none were left"),
    "winner": N_("the team with more points (XR-6.1), -1 for equal points"),
}
"""The columns of a Xeri frame, one row per round: ``cardkit.sim.columns("xeri")`` (the
deprecated ``cardkit.sim.XERI_COLUMNS`` is the same)."""

MATCH_COLUMNS: dict[str, str] = {
    "seed": N_("the master seed of the run"),
    "match": N_("the match, from 0: the same match as the rows of match number `match` in a "
                "frame of rounds with the same seed"),
    "game_seed": N_("the seed of the match"),
    "first_dealer": N_("the seat that dealt the first round (XR-2.1)"),
    "rounds": N_("rounds played in the match, extra rounds included (XR-7.1, XR-7.2)"),
    "extra_rounds": N_("rounds played after the agreed rules.rounds because the teams were level "
                       "(XR-7.1); 0 in a match to a target"),
    "target": N_("the target at the end: 151, or 251, 351, … after both teams reached it in the "
                 "same round (XR-7.2); 0 in a match of agreed rounds"),
    "decided_by": N_("what decided the match: 'rounds' (more rounds won), 'points' (more points "
                     "after the agreed rounds) or 'target' (XR-7.1, XR-7.2)"),
    "winner": N_("the team that won the match: 0 (North–South) or 1 (East–West)"),
    "points_0": N_("team 0's points over the whole match (XR-6, XR-7.2)"),
    "points_1": N_("team 1's points over the whole match"),
    "rounds_won_0": N_("rounds team 0 won (XR-6.1; a round of equal points counts for nobody)"),
    "rounds_won_1": N_("rounds team 1 won"),
}
"""The columns of a frame of whole Xeri matches, ``simulate("xeri", n, unit="match")``."""

MATCH_NON_INTEGER = frozenset({"decided_by"})
"""The columns of a frame of matches that are not whole numbers."""


def rows_per_match(rules: Any) -> int:
    """The rounds of a match of agreed rounds without its extra rounds; for a match to a target
    about the most it lasts (a round shares 25 card points, so a team reaches the target after
    about 2 × target / 25 rounds). The simulator only sizes its chunks by it."""
    if rules.target is None:
        return int(rules.rounds)
    return -(-2 * int(rules.target) // 25) + 1


def match_row(match: XeriMatch) -> dict[str, Any]:
    """The row of a finished match (`MATCH_COLUMNS`, but for the simulator's seed columns)."""
    rules = match.rules
    played = match.round_number
    decided = next(e for e in reversed(match.events) if isinstance(e, MatchWon))
    first = next(e for e in match.events if isinstance(e, FirstDealer))
    totals, won = match.totals, match.rounds_won
    return {"first_dealer": first.seat, "rounds": played,
            "extra_rounds": 0 if rules.target is not None else played - rules.rounds,
            "target": match.target or 0, "decided_by": str(decided.how),
            "winner": decided.winner, "points_0": totals[0], "points_1": totals[1],
            "rounds_won_0": won[0], "rounds_won_1": won[1]}


class RoundRows:
    """The rows of one simulated match: complete after ``rules.rounds`` scored rounds (no
    tie-break round is played, so every round is dealt and scored alike). A match to a target
    (XR-7.2) has no agreed number of rounds: it is played to its end, every round a row."""

    __slots__ = ("_match", "_scored", "_want")

    def __init__(self, match: XeriMatch) -> None:
        self._match = match
        # No cap with a target: capping it at rules.rounds (4 by default) used to stop every
        # match of the target_151 preset after 4 rounds, long before a team reached 151.
        self._want = match.rules.rounds if match.rules.target is None else None
        self._scored = 0

    def after(self, events: Sequence[Any]) -> bool:
        for event in events:
            if event.kind is EventKind.ROUND_SCORED:
                self._scored += 1
        return self._want is not None and self._scored >= self._want

    def rows(self) -> list[dict[str, Any]]:
        rows = []
        for number, events in enumerate(_split_rounds(self._match.events), start=1):
            row = _round_row(events)
            if row is None:
                break  # a round still being played when the unit was complete
            row["round"] = number
            rows.append(row)
        return rows if self._want is None else rows[:self._want]


def _split_rounds(events: Sequence[Any]) -> list[list[Any]]:
    rounds: list[list[Any]] = []
    for event in events:
        if event.kind is EventKind.NEW_ROUND:
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


def _round_row(events: list[Any]) -> dict[str, Any] | None:
    kinds = EventKind
    dealer = events[0].seat
    row: dict[str, Any] = {"dealer": dealer, "dealer_team": dealer & 1, "redeals": 0,
                           "captures_0": 0, "captures_1": 0, "xeris_0": 0, "xeris_1": 0,
                           "jack_xeris_0": 0, "jack_xeris_1": 0, "first_xeri_play": 0,
                           "leftover_cards": 0, "leftover_team": -1}
    plays = 0
    scored = False
    for e in events:
        kind = e.kind
        if kind is kinds.REDEAL:
            row["redeals"] += 1
        elif kind in (kinds.PLAY, kinds.CAPTURE, kinds.XERI, kinds.JACK_XERI):
            plays += 1
            if kind is kinds.PLAY:
                continue
            team = e.seat & 1
            row[f"captures_{team}"] += 1
            if kind is not kinds.CAPTURE:
                row[f"{'xeris' if kind is kinds.XERI else 'jack_xeris'}_{team}"] += 1
                if not row["first_xeri_play"]:
                    row["first_xeri_play"] = plays
        elif kind is kinds.LEFTOVER:
            row["leftover_cards"] = len(e.cards)
            row["leftover_team"] = e.seat & 1
        elif kind is kinds.ROUND_SCORED:
            sheets = e.sheets
            for team in (0, 1):
                sheet = sheets[team]
                row[f"points_{team}"] = sheet.total
                row[f"cards_{team}"] = sheet.cards
                row[f"card_points_{team}"] = sheet.card_points
                row[f"xeri_points_{team}"] = sheet.xeri_points
            scored = True
    if not scored:
        return None
    p0, p1 = row["points_0"], row["points_1"]
    row["winner"] = -1 if p0 == p1 else (0 if p0 > p1 else 1)
    return row


def chunk_rows(kinds: Sequence[str | None]) -> int:
    """Rows per chunk of a reference run: random play is quicker, so its chunks are longer."""
    return 200 if all(kind == "random" for kind in kinds) else 100


def vector_engine() -> ModuleType:
    """`cardkit.xeri.vector`, the array engine (ImportError when numpy is missing)."""
    from cardkit.xeri import vector

    return vector


def narrate(event: Any) -> list[str]:
    """An event's text, and each team's itemised score sheet when it scores a round."""
    lines = [event.text]
    if event.kind is EventKind.ROUND_SCORED:
        for team, sheet in dict(event.sheets).items():
            # TRANSLATORS: the heading of a team's score sheet
            lines.append("  " + _("{team}:").format(team=team_name(team)))
            lines += [f"    {line}" for line in str(sheet).splitlines()]
    return lines


def summary(match: XeriMatch) -> str:
    """Who won the finished match, after how many rounds, by how much."""
    totals, won = match.totals, match.rounds_won
    played = match.round_number
    if match.winner is None:
        raise ValueError(_("the match is not over: no summary yet"))
    return _("{team} win the match after {rounds}: rounds won {won0}–{won1}, points "
             "{points0}–{points1}").format(
        team=team_name(match.winner),
        rounds=ngettext("{count} round", "{count} rounds", played).format(count=played),
        won0=won[0], won1=won[1], points0=totals[0], points1=totals[1])


def scores_html(match: XeriMatch) -> str:
    """Each team's points and rounds won so far."""
    totals, won = match.totals, match.rounds_won
    parts = [_("{team}: {points} points, rounds won: {won}").format(
        team=team_name(t), points=totals.get(t, 0), won=won.get(t, 0)) for t in (0, 1)]
    done = len(match.round_scores)
    head = (_("Scores after round {number}").format(number=done) if done else
            _("Scores: no round finished yet"))
    items = "".join(f"<li>{html.escape(p)}</li>" for p in parts)
    return f'<div><b>{html.escape(head)}</b><ul style="margin:2px 0">{items}</ul></div>'


def action_words(who: str, card: Any) -> str:
    """"North plays 7♥" (in the language of the moment; ``who`` is the seat's name)."""
    # Any action is said: a card by its name, anything else as it prints (a stepper of an
    # unknown record still narrates).
    said = card_name(card) if isinstance(card, Card) else str(card)
    return _("{seat} plays {card}").format(seat=who, card=said)
