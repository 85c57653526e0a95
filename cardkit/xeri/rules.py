"""Xeri rule options (RULES.md Part 2) as one frozen value, seats, teams and named presets.

Every *(decision)* of the rule book is an option of `Rules`; the defaults are the book's::

    >>> r = Rules()
    >>> r.initial_pile_redeal, r.jack_xeri_points, r.rounds, r.target
    (<PileRedeal.ANY_PAIR_OR_TOP_JACK: 'any_pair_or_top_jack'>, 20, 4, None)
    >>> Rules(initial_pile_redeal="never").initial_pile_redeal is PileRedeal.NEVER
    True
    >>> PRESETS["target_151"].target
    151
    >>> Rules(rounds=0)
    Traceback (most recent call last):
    ...
    ValueError: rounds must be a whole number of at least 1, not 0 (XR-7.1)
"""

from __future__ import annotations

import warnings
from dataclasses import asdict, dataclass, fields
from enum import Enum
from typing import Any

from cardkit.engine import seat_name as _seat_name
from cardkit.i18n import Domain

_ = Domain("xeri").gettext

__all__ = [
    "PRESETS",
    "SEAT_NAMES",
    "TEAM_NAMES",
    "MatchWinner",
    "PileRedeal",
    "Rules",
    "jack_xeri_rule",
    "rules_from_dict",
    "rules_or_default",
    "seat_name",
    "team_of",
]

SEAT_NAMES: tuple[str, ...] = ("North", "East", "South", "West")
"""Seats 0–3 clockwise (XR-1.1)."""

TEAM_NAMES: tuple[str, ...] = ("North–South", "East–West")
"""Team 0 is seats 0 and 2, team 1 is seats 1 and 3 (partners face each other, XR-1.1)."""


def seat_name(seat: int) -> str:
    """The name of a seat, 0-3 clockwise (XR-1.1), in the language of the moment.

    >>> seat_name(3)
    'West'
    """
    team_of(seat)  # validates the seat
    return _seat_name(seat)


def team_of(seat: int) -> int:
    """The team (0 or 1) of a seat (XR-1.1).

    >>> [team_of(s) for s in range(4)]
    [0, 1, 0, 1]
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(_("a seat is 0, 1, 2 or 3 ({seats}), not {seat!r}").format(
            seats=", ".join(_seat_name(s) for s in range(4)), seat=seat))
    return seat & 1


class PileRedeal(str, Enum):
    """When the four face-up cards of a new pile are dealt again (XR-2.4, XR-8.2)."""

    ANY_PAIR_OR_TOP_JACK = "any_pair_or_top_jack"
    """Any two of the 4 cards share a rank, or the top card is a jack (the default)."""
    ALLOW_TOP_PAIR_AND_TOP_JACK = "allow_top_pair_and_top_jack"
    """The seed's second variant (XR-8.2): a pair on top, or a top jack, may stand; any other
    pair in the pile still forces a redeal."""
    TOP_TWO_PAIR_OR_TOP_JACK = "top_two_pair_or_top_jack"
    """An older reading of that variant, kept as an option: only the two top cards forming a
    pair, or a top jack, force a redeal."""
    NEVER = "never"
    """The pile is never dealt again: it may hold any pair or a top jack (XR-8.2 drops the
    check altogether)."""

    def __str__(self) -> str:
        return self.value


class MatchWinner(str, Enum):
    """What decides a match of agreed rounds (XR-7.1 *(decision)*; the seed says both)."""

    ROUNDS = "rounds"
    """The team that won more rounds wins (the seed's end-of-game section; the default)."""
    POINTS = "points"
    """The team with more points after the agreed rounds wins (the seed's first line)."""

    def __str__(self) -> str:
        return self.value


BOOK_JACK_XERI_POINTS = 20
"""A jack Xeri's worth in the rule book (XR-4.2); any other worth is the variant XR-8.4."""


def jack_xeri_rule(points: int) -> str:
    """The rule that gives a jack Xeri ``points``: XR-4.2 at the book's 20, else XR-8.4.

    >>> jack_xeri_rule(20), jack_xeri_rule(25)
    ('XR-4.2', 'XR-8.4')
    """
    return "XR-4.2" if points == BOOK_JACK_XERI_POINTS else "XR-8.4"


def _check_int(name: str, value: Any, low: int, rule: str) -> None:
    if type(value) is not int or value < low:
        raise ValueError(_("{name} must be a whole number of at least {low}, not {value!r} "
                           "({rule})").format(name=name, low=low, value=value, rule=rule))


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of 4-Player Xeri, with the rule book's defaults.

    - ``initial_pile_redeal`` (XR-2.4, XR-8.2): when a new pile of 4 is dealt again; the
      `PileRedeal` member or its string value ``"any_pair_or_top_jack"`` (default),
      ``"allow_top_pair_and_top_jack"`` (the seed's variant, XR-8.2),
      ``"top_two_pair_or_top_jack"`` (an older reading of it) or ``"never"``.
    - ``jack_on_single_is_xeri`` (XR-4.3): a jack taking a single card that is not a jack is
      a Xeri too (worth ``xeri_points``); off by default, when it only captures.
    - ``ten_of_diamonds_counts_as_ten`` (XR-6): the 10♦ scores 1 as a ten plus 1 (default),
      or, when off, 1 only (24 card points a round instead of 25).
    - ``xeri_points`` (XR-4.1) and ``jack_xeri_points`` (XR-4.2; 25 in XR-8.4).
    - ``cut_shows_bottom`` (XR-8.1): the bottom card (the first that is no jack) is shown.
    - ``dealer_last_card_no_xeri`` (XR-8.3): the last card played in a round (the dealer's)
      only captures, it never makes a Xeri.
    - ``rounds`` (XR-7.1): rounds agreed; more are played while the teams are level.
    - ``match_winner`` (XR-7.1): what decides a match of agreed rounds, the `MatchWinner`
      member or its value ``"rounds"`` (more rounds won; default) or ``"points"`` (more points
      after the agreed rounds); a tie on it adds a round. With a ``target`` points decide.
    - ``target`` (XR-7.2, XR-8.5): ``None`` (play ``rounds``) or the points that end the match,
      such as 151; it then replaces ``rounds``.
    - ``show_capture_counts`` (XR-9.1): the sizes of the captured piles are public.
    """

    initial_pile_redeal: PileRedeal = PileRedeal.ANY_PAIR_OR_TOP_JACK  # XR-2.4, XR-8.2
    jack_on_single_is_xeri: bool = False  # XR-4.3
    ten_of_diamonds_counts_as_ten: bool = True  # XR-6 (10♦ is 1 + 1)
    xeri_points: int = 10  # XR-4.1
    jack_xeri_points: int = 20  # XR-4.2, XR-8.4 (variant 25)
    cut_shows_bottom: bool = False  # XR-8.1
    dealer_last_card_no_xeri: bool = False  # XR-8.3
    rounds: int = 4  # XR-7.1
    target: int | None = None  # XR-7.2, XR-8.5 (variant 151)
    show_capture_counts: bool = False  # XR-9.1
    match_winner: MatchWinner = MatchWinner.ROUNDS  # XR-7.1

    def _as_member(self, name: str, kind: type[Enum], why: str | None, rule: str) -> None:
        """Store option ``name`` as a member of ``kind`` (its value may be given as text), or
        refuse it with the values accepted, ``why`` (what the option decides) and ``rule``."""
        value = getattr(self, name)
        if isinstance(value, kind):
            return
        try:
            member = kind(value)
        except ValueError:
            said = {"name": name, "accepted": ", ".join(repr(m.value) for m in kind),
                    "value": value, "rule": rule}
            if why is None:
                raise ValueError(_("{name} must be one of {accepted}, not {value!r} ({rule})"
                                   ).format(**said)) from None
            raise ValueError(_("{name} must be one of {accepted}, not {value!r}: {why} ({rule})"
                               ).format(why=why, **said)) from None
        object.__setattr__(self, name, member)

    def __post_init__(self) -> None:
        if not isinstance(self.match_winner, MatchWinner):
            self._as_member("match_winner", MatchWinner, _(
                "what decides a match of agreed rounds, more rounds won or more points"), "XR-7.1")
        self._as_member("initial_pile_redeal", PileRedeal, None, "XR-2.4")
        for name, rule in (("jack_on_single_is_xeri", "XR-4.3"),
                           ("ten_of_diamonds_counts_as_ten", "XR-6"),
                           ("cut_shows_bottom", "XR-8.1"),
                           ("dealer_last_card_no_xeri", "XR-8.3"),
                           ("show_capture_counts", "XR-9.1")):
            if type(getattr(self, name)) is not bool:
                raise ValueError(_("{name} must be True or False, not {value!r} ({rule})").format(
                    name=name, value=getattr(self, name), rule=rule))
        _check_int("xeri_points", self.xeri_points, 0, "XR-4.1")
        _check_int("jack_xeri_points", self.jack_xeri_points, 0, "XR-4.2")
        _check_int("rounds", self.rounds, 1, "XR-7.1")
        if self.target is not None:
            _check_int("target", self.target, 1, "XR-7.2")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (the enum options as their strings).

        ``match_winner`` is written only when it is not the default ``"rounds"``: records made
        before the option existed, and records of the same match made now, are the same text.
        """
        data = asdict(self)
        data["initial_pile_redeal"] = self.initial_pile_redeal.value
        if self.match_winner is MatchWinner.ROUNDS:
            del data["match_winner"]
        else:
            data["match_winner"] = self.match_winner.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        """Build `Rules` from a mapping such as `to_dict` gives; unknown keys are refused.

        >>> Rules.from_dict({"target": 151}).target
        151
        >>> Rules.from_dict({"targte": 151})
        Traceback (most recent call last):
        ...
        ValueError: unknown Xeri rule option 'targte'; the options are initial_pile_redeal, jack_on_single_is_xeri, ten_of_diamonds_counts_as_ten, xeri_points, jack_xeri_points, cut_shows_bottom, dealer_last_card_no_xeri, rounds, target, show_capture_counts, match_winner
        """  # noqa: E501
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError(_("Xeri rules must be a mapping of options, not {type}").format(
                type=type(data).__name__))
        names = [f.name for f in fields(cls)]
        for key in data:
            if key not in names:
                raise ValueError(_("unknown Xeri rule option {key!r}; the options are {options}"
                                   ).format(key=key, options=", ".join(names)))
        return cls(**data)

    def changes(self) -> dict[str, Any]:
        """Only the options that differ from the defaults (handy for short descriptions)."""
        default = Rules()
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}


def rules_or_default(rules: Rules | None) -> Rules:
    """``rules`` itself, or the default `Rules` for ``None``; anything else is refused clearly.

    >>> rules_or_default(None) == Rules()
    True
    >>> rules_or_default({"target": 151})
    Traceback (most recent call last):
    ...
    ValueError: rules must be a cardkit.xeri.Rules or None, not dict; build one with Rules(...) or take one of cardkit.xeri.PRESETS
    """  # noqa: E501
    if rules is None:
        return _DEFAULT
    if not isinstance(rules, Rules):
        raise ValueError(_("rules must be a cardkit.xeri.Rules or None, not {type}; build one "
                           "with Rules(...) or take one of cardkit.xeri.PRESETS").format(
            type=type(rules).__name__))
    return rules


def rules_from_dict(data: dict[str, Any] | None) -> Rules:
    """Deprecated: use `Rules.from_dict` (the same in both games)."""
    warnings.warn("cardkit.xeri.rules_from_dict is deprecated; use cardkit.xeri.Rules.from_dict",
                  DeprecationWarning, stacklevel=2)
    return Rules.from_dict(data)


_DEFAULT = Rules()

PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "allow_top_pair_and_top_jack": Rules(
        initial_pile_redeal=PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK),
    "top_two_pair": Rules(initial_pile_redeal=PileRedeal.TOP_TWO_PAIR_OR_TOP_JACK),
    "no_redeal": Rules(initial_pile_redeal=PileRedeal.NEVER),
    "jack_on_single_xeri": Rules(jack_on_single_is_xeri=True),
    "ten_of_diamonds_plain": Rules(ten_of_diamonds_counts_as_ten=False),
    "cut_shows_bottom": Rules(cut_shows_bottom=True),
    "dealer_last_card_no_xeri": Rules(dealer_last_card_no_xeri=True),
    "jack_xeri_25": Rules(jack_xeri_points=25),
    "target_151": Rules(target=151),
    "most_points": Rules(match_winner=MatchWinner.POINTS),
    "open_counts": Rules(show_capture_counts=True),
    "seed_variants": Rules(
        initial_pile_redeal=PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK,
        cut_shows_bottom=True,
        dealer_last_card_no_xeri=True,
        jack_xeri_points=25,
        target=151,
    ),
}
"""Named rule sets: the book's defaults and each variant (``seed_variants`` has all of XR-8).

``most_points`` reads the seed's first line: the most points after the agreed rounds wins
(XR-7.1). ``allow_top_pair_and_top_jack`` is the seed's second variant as the rule book reads it
(XR-8.2); ``top_two_pair`` keeps the older, opposite reading and ``no_redeal`` drops the check."""
