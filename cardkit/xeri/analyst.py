"""The analyst for Xeri: what `cardkit.pimc` rates (the round margin, XR-6) and `AnalystBot`.

A card is rated by the expected margin of the seat's team at the end of the round (its round
points minus the other team's, XR-6) when the round is played out by the rollout bots from
worlds dealt by `cardkit.xeri.worlds.sample_world`, and by its chance to win the round
(XR-6.1)::

    >>> from cardkit import play_out
    >>> from cardkit.xeri import GreedyBot, new_game
    >>> bots = [AnalystBot(0, max_samples=4, seconds=None), GreedyBot(1), GreedyBot(2),
    ...         GreedyBot(3)]
    >>> play_out(new_game(seed=2), bots, max_actions=8).round_number
    1
"""

from __future__ import annotations

from typing import Any

from cardkit.cards import Card, card_name
from cardkit.engine import team_name
from cardkit.i18n import N_, Domain
from cardkit.pimc import AnalystBase, Profile
from cardkit.xeri.bots import GreedyBot, RandomBot
from cardkit.xeri.rollout import play_cards, play_round
from cardkit.xeri.rules import seat_name
from cardkit.xeri.view import XeriView
from cardkit.xeri.worlds import sample_world

_ = Domain("xeri").gettext

__all__ = ["PROFILE", "ROLLOUT_BOTS", "THRESHOLDS", "WIN_TIE_BREAK", "AnalystBot", "rollout"]

ROLLOUT_BOTS: dict[str, type] = {"greedy": GreedyBot, "random": RandomBot}
"""The bots a rollout may be played by."""
WIN_TIE_BREAK = 0.05
"""`AnalystBot`'s default ``win_tie_break``: between cards whose margins the analysis cannot
tell apart, play the one that won the round in the most worlds instead of the greedy bot's card
when it won in more than 5% more of them (the ladder of docs/analysis.md counts rounds won)."""
THRESHOLDS = (2.0, 5.0, 10.0)
"""The expected loss in round points of an inaccuracy, a mistake and a blunder (a Xeri is
10, XR-4.1; a card point 1, XR-6)."""


def rollout(world: Any, seat: int, card: Card, kind: str, seed: int) -> tuple[float, bool]:
    """Play ``card`` in ``world``, then the round to its end with bots of ``kind``
    (`play_round`); the margin of ``seat``'s team (its round points minus the other team's,
    XR-6) and whether it won the round (XR-6.1)."""
    team = seat & 1
    before = world._totals[team] - world._totals[team ^ 1]
    number = world._round
    world.apply(card)
    if world._round == number and world._current is not None:
        play_round(world, kind, seed)
    margin = world._totals[team] - world._totals[team ^ 1] - before
    return float(margin), margin > 0


def _measure(view: XeriView) -> str:
    return _("points for {team} by the end of the round").format(team=team_name(view.seat & 1))


def _words(card: Card) -> str:
    return _("Play {card}").format(card=card_name(card))


PROFILE = Profile(
    game="xeri", sample_world=sample_world, rollout=rollout, key=lambda card: card,
    words=_words, better=1, measure=_measure, chance_words=N_("chance to win the round"),
    rules=("XR-6", "XR-6.1", "XR-9.1"), thresholds=THRESHOLDS,
    rollout_kinds=tuple(ROLLOUT_BOTS), seat_name=seat_name, rollout_all=play_cards)
"""Xeri's analyst profile (`cardkit.pimc.Profile`)."""


class AnalystBot(AnalystBase):
    """Plays the card the analyst rates best from its seat's view (XR-9.1): flat Monte Carlo
    over worlds consistent with what the seat has seen, rolled out by greedy bots.

    ``AnalystBot(seat, *, seed=0, seconds=0.2, win_tie_break=True)``; give ``max_samples``
    (and ``seconds=None``) for a bot that plays the same cards on every machine. Between cards
    the analysis cannot tell apart by margin it keeps the greedy bot's card, unless another won
    the round in more than `WIN_TIE_BREAK` more of the worlds (``win_tie_break``: a share,
    True for that default, False for the greedy card always; `cardkit.pimc.AnalystBase`)."""

    profile = PROFILE
    prefer = GreedyBot  # the greedy move when the analysis cannot tell it worse than the best
    default_win_tie_break = WIN_TIE_BREAK
