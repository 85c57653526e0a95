"""Fair match-ups of bots: duplicate deals, swapped seats, win rates with their interval.

A tournament plays every pairing of bots on the same seeded deals, in the *duplicate* format
of bridge clubs: every deal is played twice, the second time with the seats exchanged (the
partnerships swapped: the first bot sits where the second sat, and the other way round), so
whatever luck a deal brings goes to both bots alike and cancels out. Each bot is handed only
its seat's view (`cardkit.engine.decider` with ``fair``): a bot that asks it for another hand
fails with a `cardkit.engine.PeekError` that says why, and an old bot whose ``choose`` reads
the game is refused (a fair match cannot hand it the game)::

    >>> from cardkit.tournament import tournament
    >>> def first_card(view):
    ...     return view.legal_actions()[0]
    >>> table = tournament("xeri", {"first card": first_card, "greedy": "greedy"}, deals=4,
    ...                    seed=1, rules={"rounds": 1})
    >>> [(p.first, p.second, p.deals, len(p.games)) for p in table.pairings]
    [('first card', 'greedy', 4, 8)]
    >>> 0 <= table.pairings[0].low <= table.pairings[0].rate <= table.pairings[0].high <= 1
    True

**Seats.** The first bot of a pairing sits at the even seats (0, 2, …), the second at the odd
ones (Xeri's partnerships North–South and East–West); the deal's second game swaps them. Each
seat's bot is made, or copied, afresh for every game and seeded by `cardkit.games.bot_seed`:
with its seat in the deal's first game, with its seat plus the number of players in the second,
so that a bot's own chance (a random bot's choices) is not replayed: the cards are the same,
the bots' coin flips are new, and a random bot against itself varies as chance does.

**Win rate.** A game scores 1 for the first bot when every winning seat is its own, 0 when
none is, and its share of the winning seats when both sides won (a tie). The *independent
unit is the deal pair*, not the game: the two games of a deal share its cards, so they are not
independent; each pair's score is the mean of its two games, and the win rate is the mean
over the pairs. Its 95% interval is the normal interval of that mean (1.96 standard errors of
the pairs' scores) after one lost and one won pseudo pair are added, as Agresti and Coull add
pseudo counts to a binomial interval: so that a few pairs that all came out alike still get an
interval of honest width, never a point. Clipped to 0–1.
"""

from __future__ import annotations

import copy
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from cardkit.engine import decider, is_bot_factory
from cardkit.games import GameSpec, bot_seed, get_game

__all__ = ["Pairing", "PlayedGame", "Standings", "deal_seed", "pairing", "tournament"]

MAX_DEALS = 100_000
"""The most deals a pairing plays (each deal is two whole games)."""


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` of a tournament of ``seed``: every pairing plays the
    same deals.

    >>> deal_seed(5, 3)
    500003
    """
    return seed * 100_000 + deal


@dataclass(frozen=True)
class PlayedGame:
    """One game of a pairing: its deal, its game seed, the seats of the pairing's first bot,
    and the first bot's score (1 won, 0 lost, a share for a tie)."""

    deal: int
    seed: int
    first_seats: tuple[int, ...]
    score: float
    record: str | None = None  # the game's JSON record, with ``keep_records``


@dataclass(frozen=True)
class Pairing:
    """``first`` against ``second`` over ``deals`` deal pairs: ``rate`` is the first bot's
    win rate, ``low``–``high`` its 95% interval over the deal pairs (the module docstring)."""

    first: str
    second: str
    deals: int
    rate: float
    low: float
    high: float
    games: tuple[PlayedGame, ...]

    @property
    def name(self) -> str:
        return f"{self.first} vs {self.second}"

    def pair_scores(self) -> list[float]:
        """Each deal pair's score for the first bot: the mean of its two games."""
        return [(a.score + b.score) / 2 for a, b in zip(self.games[::2], self.games[1::2],
                                                        strict=True)]

    def __str__(self) -> str:
        return (f"{self.name}: {self.first} wins {self.rate:.3f} (95% interval "
                f"{self.low:.3f} to {self.high:.3f}) over {self.deals} deals played twice")


@dataclass(frozen=True)
class Standings:
    """A tournament's result: its pairings in order (`tournament`)."""

    game: str
    seed: int
    deals: int
    pairings: tuple[Pairing, ...]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per pairing: first, second, deals, rate, low, high."""
        return [{"first": p.first, "second": p.second, "deals": p.deals, "rate": p.rate,
                 "low": p.low, "high": p.high} for p in self.pairings]

    def __getitem__(self, name: str) -> Pairing:
        """The pairing named ``"first vs second"``."""
        for p in self.pairings:
            if p.name == name:
                return p
        raise KeyError(f"no pairing {name!r}; the pairings are "
                       + ", ".join(repr(p.name) for p in self.pairings))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.pairings)


def interval(scores: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``scores`` (each 0–1, one per independent unit) and its interval: the
    normal interval after one pseudo score 0 and one pseudo score 1 are added (the module
    docstring says why), clipped to 0–1.

    >>> [round(x, 3) for x in interval([1.0] * 10)]
    [1.0, 0.753, 1.0]
    >>> [round(x, 3) for x in interval([0.5, 1.0, 0.0, 0.5])]
    [0.5, 0.142, 0.858]
    """
    if not scores:
        raise ValueError("an interval needs at least one score")
    if not 0 < level < 1:
        raise ValueError(f"the confidence level is between 0 and 1, not {level!r}")
    mean = sum(scores) / len(scores)
    padded = [*scores, 0.0, 1.0]
    n = len(padded)
    centre = sum(padded) / n
    spread = math.sqrt(sum((x - centre) ** 2 for x in padded) / (n - 1))
    half = NormalDist().inv_cdf(0.5 + level / 2) * spread / math.sqrt(n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


# ----------------------------------------------------------------- seating the bots


def _maker(spec: GameSpec, name: str, entry: Any) -> Callable[[int, int, int], Any]:
    """How to seat ``entry`` for a game: ``make(seat, game_seed, seed_seat)`` gives the seat's
    bot, seeded by `bot_seed` with ``seed_seat``."""
    if isinstance(entry, str):
        kind = entry.strip().lower()
        if kind not in spec.bots:
            raise ValueError(f"bot {name!r}: unknown bot kind {entry!r} for {spec.title}; "
                             f"the kinds are " + ", ".join(spec.bots))
        return lambda seat, game_seed, seed_seat: spec.bot(kind, seat,
                                                           seed=bot_seed(game_seed, seed_seat))
    if hasattr(entry, "choose") and not isinstance(entry, type):
        def copied(seat: int, game_seed: int, seed_seat: int) -> Any:
            bot = copy.deepcopy(entry)  # a fresh copy per game: no memory carried over
            if getattr(bot, "seat", seat) != seat:
                bot.seat = seat
            return bot
        return copied
    if is_bot_factory(entry):
        return lambda seat, game_seed, seed_seat: entry(seat,
                                                        seed=bot_seed(game_seed, seed_seat))
    if callable(entry):
        return lambda seat, game_seed, seed_seat: entry  # a function of the view
    raise ValueError(f"bot {name!r} is a bot kind ({', '.join(spec.bots)}), a bot class, a bot "
                     f"with choose(view) or a function of the view, not {entry!r}")


def _score(winners: Sequence[int], mine: set[int]) -> float:
    if not winners:
        return 0.5  # no winner (a game stopped short): neither side
    return sum(seat in mine for seat in winners) / len(winners)


def _play(spec: GameSpec, rules: Any, players: int, game_seed: int,
          makers: Sequence[Callable[[int, int, int], Any]], swapped: bool) -> Any:
    game = spec.new(rules=rules, seed=game_seed, players=players)
    shift = players if swapped else 0  # the second game's bots draw new coin flips
    bots = [makers[(seat + swapped) % 2](seat, game_seed, seat + shift)
            for seat in range(players)]
    deciding = [decider(bot, fair=True) for bot in bots]
    while not game.is_over:
        game.apply(deciding[game.current_player](game))  # type: ignore[index]  # a seat acts
    return game


def pairing(game: str, first: tuple[str, Any], second: tuple[str, Any], *, deals: int = 100,
            seed: int = 0, rules: Any = None, players: int | None = None,
            keep_records: bool = False) -> Pairing:
    """``first`` against ``second`` (each ``(name, bot)``) on ``deals`` seeded deals, each
    played twice with the seats swapped. A bot is a kind ("greedy"), a bot class, a bot object
    with ``choose(view)`` (copied for every game) or a function of the view. ``rules`` is the
    game's ``Rules``, a preset name, a dict of options or None; ``players`` None is the game's
    usual number. ``keep_records`` keeps each game's JSON record (to replay it)."""
    spec = get_game(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals is the number of deals each pairing plays twice: a whole "
                         f"number from 1 to {MAX_DEALS}, not {deals!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= 10**12:
        raise ValueError(f"seed must be a whole number from 0 to 10**12, not {seed!r}")
    rules = spec.rules_from(rules)
    count = spec.new(rules=rules, seed=0, players=players).num_players
    (first_name, first_bot), (second_name, second_bot) = first, second
    makers = [_maker(spec, first_name, first_bot), _maker(spec, second_name, second_bot)]
    games: list[PlayedGame] = []
    for deal in range(deals):
        game_seed = deal_seed(seed, deal)
        for swapped in (False, True):
            played = _play(spec, rules, count, game_seed, makers, swapped)
            mine = set(range(1 if swapped else 0, count, 2))
            games.append(PlayedGame(deal, game_seed, tuple(sorted(mine)),
                                    _score(played.winners, mine),
                                    played.to_json() if keep_records else None))
    pairs = [(a.score + b.score) / 2 for a, b in zip(games[::2], games[1::2], strict=True)]
    rate, low, high = interval(pairs)
    return Pairing(first_name, second_name, deals, rate, low, high, tuple(games))


def tournament(game: str, bots: Mapping[str, Any], *,
               pairs: Sequence[tuple[str, str]] | None = None, deals: int = 100,
               seed: int = 0, rules: Any = None, players: int | None = None,
               keep_records: bool = False) -> Standings:
    """Every pairing of ``bots`` (a mapping of names to bots: kinds, classes, bot objects or
    functions of the view), or the ``pairs`` of names given (a bot may meet itself: a
    baseline), each on the same ``deals`` seeded deals played twice with the seats swapped
    (`pairing`). Returns the `Standings`: each pairing's win rate with its 95% interval."""
    if not isinstance(bots, Mapping) or not bots:
        raise ValueError("bots maps each bot's name to the bot (a kind, a class, a bot or a "
                         "function of the view)")
    if pairs is None:
        pairs = list(itertools.combinations(bots, 2))
        if not pairs:
            raise ValueError("a tournament needs two bots, or pairs=[(name, name)] for a bot "
                             "against itself")
    for a, b in pairs:
        for name in (a, b):
            if name not in bots:
                raise ValueError(f"no bot named {name!r}; the bots are "
                                 + ", ".join(map(repr, bots)))
    played = tuple(pairing(game, (a, bots[a]), (b, bots[b]), deals=deals, seed=seed,
                           rules=rules, players=players, keep_records=keep_records)
                   for a, b in pairs)
    return Standings(get_game(game).name, seed, deals, played)
