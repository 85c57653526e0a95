"""Exact answers to the lesson questions, and confidence intervals for simulated ones.

Every exact answer is a `fractions.Fraction` counted by combinatorics (its docstring says how);
where no exact count is feasible the function returns an `Estimate`: a simulated proportion
with its Wilson interval, clearly labelled as such::

    >>> from cardkit.probability import first_pile_redeal, wilson_interval
    >>> first_pile_redeal("any_pair_or_top_jack")
    Fraction(20353, 54145)
    >>> float(first_pile_redeal("never"))
    0.0
    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)

Simulated answers come from `cardkit.sim.simulate`; `compare` puts exact and simulated answers
side by side (the chart of that table is `cardkit.widgets.probability_lab.compare_chart`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb, perm
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas is imported where a table is made: the exact answers need none
    import pandas as pd

__all__ = [
    "COMPARE_COLUMNS",
    "PILE_OPTIONS",
    "Estimate",
    "compare",
    "compare_rows",
    "contract_probability",
    "dealer_team_last_pile_share",
    "dealt_hand_checks",
    "estimate",
    "even_split_estimate",
    "even_split_from",
    "even_split_probability",
    "expected_redeals",
    "first_pile_redeal",
    "first_play_xeri",
    "goes_down_within",
    "leader_can_capture",
    "needed_card_in_stock",
    "next_draw_is_needed",
    "next_player_can_xeri",
    "pile_needs_redeal",
    "redeal_distribution",
    "redeal_probability",
    "run_probability",
    "set_probability",
    "summary",
    "wilson_interval",
]

JACK = 11
PILE_OPTIONS: tuple[str, ...] = (
    "any_pair_or_top_jack",
    "allow_top_pair_and_top_jack",
    "top_two_pair_or_top_jack",
    "never",
)
"""The values of the Xeri option ``initial_pile_redeal`` (XR-2.4, XR-8.2)."""


# ---------------------------------------------------------------- intervals and estimates

def _z(level: float) -> float:
    """The two-sided normal quantile for a confidence ``level`` (0.95 → 1.95996…)."""
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise ValueError(f"a confidence level is between 0 and 1, not {level!r}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson_interval(successes: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` in ``n`` trials.

    Unlike the textbook ``p ± z·√(p(1−p)/n)`` it stays inside [0, 1] and keeps its coverage
    for small ``n`` and for proportions near 0 or 1::

        >>> [round(x, 4) for x in wilson_interval(0, 10)]
        [0.0, 0.2775]
    """
    if isinstance(successes, bool) or isinstance(n, bool):
        raise ValueError("successes and n are whole numbers, not True/False")
    if not (isinstance(n, int) and isinstance(successes, int)) or n < 1 \
            or not 0 <= successes <= n:
        raise ValueError(f"need whole numbers 0 <= successes <= n and n >= 1, "
                         f"not successes={successes!r}, n={n!r}")
    z = _z(level)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Estimate:
    """A simulated proportion: ``successes`` of ``n``, with its Wilson interval.

    Functions return one where no exact count is feasible; ``how`` says what was simulated.
    ``float(estimate)`` is the point estimate; ``error`` is the half-width of the interval.
    """

    successes: int
    n: int
    level: float
    how: str
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.successes / self.n

    @property
    def error(self) -> float:
        return (self.high - self.low) / 2

    def __float__(self) -> float:
        return self.value

    def __str__(self) -> str:
        return (f"≈ {self.value:.4f} ± {self.error:.4f} (estimate, {self.level:.0%} interval "
                f"from {self.n:,} samples: {self.how})")


def estimate(successes: int, n: int, how: str = "simulation", level: float = 0.95) -> Estimate:
    """An `Estimate` of a proportion from a simulation (Wilson interval at ``level``).

    >>> print(estimate(30, 100, "coin flips"))
    ≈ 0.3000 ± 0.0884 (estimate, 95% interval from 100 samples: coin flips)
    """
    low, high = wilson_interval(int(successes), int(n), level)
    return Estimate(int(successes), int(n), level, how, low, high)


COMPARE_COLUMNS = ("question", "exact", "estimate", "low", "high", "n", "inside", "z")
"""The columns of `compare`'s table (and the keys of `compare_rows`' dicts)."""


def compare(exact: Mapping[str, Fraction | float | None],
            simulated: Mapping[str, Estimate | tuple[int, int] | Sequence[bool]],
            level: float = 0.95) -> pd.DataFrame:
    """Exact and simulated answers side by side, one row per question.

    ``simulated`` gives, per question, an `Estimate`, a pair ``(successes, n)`` or the
    simulated outcomes as booleans (such as a DataFrame column). Columns: ``question``,
    ``exact`` (a float, NaN where none is known), ``estimate``, ``low``, ``high`` (the Wilson
    interval), ``n``, ``inside`` (is the exact value within the interval?) and ``z`` (the
    distance from the exact value in standard errors)::

        >>> table = compare({"heads": Fraction(1, 2)}, {"heads": (52, 100)})
        >>> table[["question", "exact", "estimate", "inside"]].to_dict("records")
        [{'question': 'heads', 'exact': 0.5, 'estimate': 0.52, 'inside': True}]
    """
    import pandas as pd

    return pd.DataFrame(compare_rows(exact, simulated, level), columns=list(COMPARE_COLUMNS))


def compare_rows(exact: Mapping[str, Fraction | float | None],
                 simulated: Mapping[str, Estimate | tuple[int, int] | Sequence[bool]],
                 level: float = 0.95) -> list[dict[str, Any]]:
    """`compare`'s rows as plain dicts (no pandas: for Python in the browser)."""
    rows = []
    for question in dict.fromkeys([*exact, *simulated]):
        truth = exact.get(question)
        sim = simulated.get(question)
        row: dict[str, Any] = {"question": question,
                               "exact": math.nan if truth is None else float(truth)}
        if sim is None:
            row.update(estimate=math.nan, low=math.nan, high=math.nan, n=0, inside=None,
                       z=math.nan)
        else:
            est = _as_estimate(question, sim, level)
            row.update(estimate=est.value, low=est.low, high=est.high, n=est.n)
            if truth is None:
                row.update(inside=None, z=math.nan)
            else:
                t = float(truth)
                se = math.sqrt(max(t * (1 - t), 1e-300) / est.n)
                row.update(inside=bool(est.low <= t <= est.high), z=(est.value - t) / se)
        rows.append(row)
    return rows


def _as_estimate(question: str, sim: Any, level: float) -> Estimate:
    if isinstance(sim, Estimate):
        return sim
    if isinstance(sim, tuple) and len(sim) == 2:
        return estimate(sim[0], sim[1], question, level)
    values = list(sim)
    if not values:
        raise ValueError(f"no simulated outcomes for {question!r}")
    return estimate(sum(bool(v) for v in values), len(values), question, level)


# ---------------------------------------------------------------- Xeri: the first pile

def pile_needs_redeal(ranks: Sequence[int], option: str = "any_pair_or_top_jack") -> bool:
    """Must a new pile (ranks bottom to top, 11 = jack) be dealt again (XR-2.4, XR-8.2)?

    An independent oracle: the rule as RULES.md words it, written out here on purpose rather
    than taken from the game (`cardkit.xeri.play.redeal_positions`), so that the counts below
    check the game's rule instead of repeating it (``tests/xeri/test_xeri_redeal_copies.py``
    compares the two on every pile)::

        >>> pile_needs_redeal([3, 7, 5, 11]), pile_needs_redeal([3, 7, 5, 11], "never")
        (True, False)
        >>> pile_needs_redeal([3, 7, 5, 5], "allow_top_pair_and_top_jack")
        False
        >>> pile_needs_redeal([5, 7, 3, 5], "allow_top_pair_and_top_jack")
        True
    """
    option = _pile_option(option)
    if option == "never":
        return False
    top = ranks[-1]
    if option == "top_two_pair_or_top_jack":
        return top == JACK or ranks[-2] == top
    if option == "allow_top_pair_and_top_jack":
        # Only the pair made by the two top cards is allowed; any other pair forces a redeal.
        return any(ranks[i] == ranks[j] for i in range(len(ranks))
                   for j in range(i + 1, len(ranks)) if (i, j) != (len(ranks) - 2,
                                                             len(ranks) - 1))
    return top == JACK or len(set(ranks)) != len(ranks)


def _pile_option(option: Any) -> str:
    value = getattr(option, "initial_pile_redeal", option)  # a Rules value, an enum or text
    if getattr(option, "cut_shows_bottom", False):
        raise ValueError("with cut_shows_bottom (XR-8.1) the shown bottom card stays out of the "
                         "reshuffles; these exact counts assume it is off: simulate instead")
    value = getattr(value, "value", value)
    if value not in PILE_OPTIONS:
        raise ValueError(f"initial_pile_redeal must be one of "
                         f"{', '.join(map(repr, PILE_OPTIONS))}, not {option!r} (XR-2.4)")
    return value


def _set_partitions(n: int) -> list[list[list[int]]]:
    """All ways to split positions 0..n-1 into blocks (equal ranks within a block)."""
    if n == 0:
        return [[]]
    result = []
    for part in _set_partitions(n - 1):
        for i in range(len(part)):
            result.append([*part[:i], [*part[i], n - 1], *part[i + 1:]])
        result.append([*part, [n - 1]])
    return result


_PATTERNS = _set_partitions(4)


def _falling(n: int, k: int) -> int:
    return perm(n, k) if 0 <= k <= n else 0


@cache
def _injective(sizes: tuple[int, ...], profile: tuple[int, ...]) -> int:
    """Ordered ways to give each block (of ``sizes`` cards) its own rank and pick its cards,
    when ``profile[k]`` ranks have ``k`` cards each."""
    return sum(_injective_top(sizes[0], sizes[1:], profile)) if sizes else 1


def _standing_shapes(jacks: int, option: str) -> Iterator[tuple[list[int], list[Any], int]]:
    """Every shape of an ordered 4-card pile that stands (which positions hold equal ranks,
    and which of those blocks are jacks): its ranks by position (`JACK` for a jack, else the
    block's number), its blocks of other ranks, and the ways to choose its jacks from
    ``jacks``; shapes whose jacks cannot be chosen are left out."""
    for pattern in _PATTERNS:
        for jack_block in (None, *range(len(pattern))):
            ranks = [0] * 4
            others = [b for i, b in enumerate(pattern) if i != jack_block]
            for rank, block in enumerate(others, start=1):
                for pos in block:
                    ranks[pos] = rank
            if jack_block is not None:
                for pos in pattern[jack_block]:
                    ranks[pos] = JACK
            if pile_needs_redeal(ranks, option):
                continue
            ways = 1 if jack_block is None else _falling(jacks, len(pattern[jack_block]))
            if ways:
                yield ranks, others, ways


@cache
def _standing(profile: tuple[int, ...], jacks: int, option: str) -> int:
    """Ordered 4-card piles that stand, from ``jacks`` jacks and other ranks by ``profile``."""
    return sum(ways * _injective(tuple(sorted(len(b) for b in others)), profile)
               for _ranks, others, ways in _standing_shapes(jacks, option))


def _check_deck(ranks: int, suits: int, hand_cards: int) -> None:
    for name, value, low in (("ranks", ranks, 2), ("suits", suits, 1),
                             ("hand_cards", hand_cards, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
    if ranks * suits - hand_cards < 4:
        raise ValueError("the deck must keep at least 4 cards for the pile after the hands")


def first_pile_redeal(option: Any = "any_pair_or_top_jack", *, ranks: int = 13,
                      suits: int = 4) -> Fraction:
    """The chance that the first pile of a round must be dealt again (XR-2.4, XR-8.2).

    How it is counted: the 4 pile cards are dealt after the hands, but by symmetry they are a
    uniformly random ordered draw of 4 of the 52 cards. The piles that stand are counted by
    their pattern of equal ranks (which positions share a rank, and which one is the jacks)
    and the ways to pick cards for each pattern, out of 52·51·50·49 ordered draws. ``option``
    is an ``initial_pile_redeal`` value or a Xeri ``Rules``; ``ranks`` and ``suits`` shrink the
    deck (one of the ranks is always the jack) for checks by brute force::

        >>> [float(round(first_pile_redeal(o), 4)) for o in PILE_OPTIONS]
        [0.3759, 0.2732, 0.1312, 0.0]
    """
    option = _pile_option(option)
    _check_deck(ranks, suits, 0)
    profile = tuple((ranks - 1) if k == suits else 0 for k in range(suits + 1))
    total = perm(ranks * suits, 4)
    return 1 - Fraction(_standing(profile, suits, option), total)


def _rest_compositions(ranks: int, suits: int, rest: int
                       ) -> Iterable[tuple[int, tuple[int, ...], int]]:
    """The compositions of the ``rest`` cards left after the hands: (ways, profile of the
    non-jack ranks, jacks), where ways counts the card subsets with that composition."""
    others = ranks - 1

    def profiles(k: int, left_ranks: int, left_cards: int) -> Iterable[tuple[int, ...]]:
        if k < 0:
            if left_ranks == 0 and left_cards == 0:
                yield ()
            return
        for n_k in range(left_ranks + 1):
            if n_k * k > left_cards:
                break
            for tail in profiles(k - 1, left_ranks - n_k, left_cards - n_k * k):
                yield (*tail, n_k)

    for jacks in range(min(suits, rest) + 1):
        for profile in profiles(suits, others, rest - jacks):
            ways = comb(suits, jacks)
            left = others
            for k, n_k in enumerate(profile):
                ways *= comb(left, n_k) * comb(suits, k) ** n_k
                left -= n_k
            yield ways, profile, jacks


@lru_cache(maxsize=64)
def _redeal_chances(option: str, ranks: int, suits: int, hand_cards: int
                    ) -> tuple[tuple[Fraction, Fraction], ...]:
    """(probability of a composition of the rest, chance a pile from it is dealt again)."""
    rest = ranks * suits - hand_cards
    total = comb(ranks * suits, rest)
    piles = perm(rest, 4)
    out = []
    for ways, profile, jacks in _rest_compositions(ranks, suits, rest):
        redeal = 1 - Fraction(_standing(profile, jacks, option), piles)
        out.append((Fraction(ways, total), redeal))
    return tuple(out)


def redeal_probability(k: int, option: Any = "any_pair_or_top_jack", *, ranks: int = 13,
                       suits: int = 4, hand_cards: int = 24) -> Fraction:
    """The chance that the first pile of a round is dealt again exactly ``k`` times.

    How it is counted: the 24 hand cards stay out (XR-2.4: hands are kept), so every pile,
    the first and each redeal, is a fresh uniform draw from the same 28 other cards. Given
    those 28 cards the number of redeals is geometric, P(k) = pᵏ(1 − p), with p counted as in
    `first_pile_redeal` on those 28 cards; the answer averages that over every composition of
    the 28 cards (how many jacks, how many ranks with 0–4 cards), weighted by the number of
    ways to leave it::

        >>> float(round(redeal_probability(0), 4)), float(round(redeal_probability(1), 4))
        (0.6241, 0.2336)
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"k counts redeals: a whole number of at least 0, not {k!r}")
    option = _pile_option(option)
    _check_deck(ranks, suits, hand_cards)
    return sum((w * p ** k * (1 - p) for w, p in _redeal_chances(option, ranks, suits,
                                                                   hand_cards)), Fraction(0))


def redeal_distribution(option: Any = "any_pair_or_top_jack", up_to: int = 8, **deck: int
                        ) -> dict[int | str, Fraction]:
    """P(0 redeals), …, P(``up_to`` redeals) and ``"more"`` for the rest (they sum to 1).

    >>> dist = redeal_distribution(up_to=2)
    >>> sum(dist.values()) == 1, list(dist)
    (True, [0, 1, 2, 'more'])
    """
    out: dict[int | str, Fraction] = {k: redeal_probability(k, option, **deck)
                                      for k in range(up_to + 1)}
    out["more"] = 1 - sum(out.values(), Fraction(0))
    return out


def expected_redeals(option: Any = "any_pair_or_top_jack", *, ranks: int = 13, suits: int = 4,
                     hand_cards: int = 24) -> Fraction:
    """The mean number of redeals of a round's first pile: the average of p / (1 − p) over the
    compositions of the 28 cards outside the hands (see `redeal_probability`).

    >>> float(round(expected_redeals(), 3))
    0.606
    """
    option = _pile_option(option)
    _check_deck(ranks, suits, hand_cards)
    total = Fraction(0)
    for w, p in _redeal_chances(option, ranks, suits, hand_cards):
        if p == 1:
            raise ValueError("some deals can never make a pile that stands")
        total += w * p / (1 - p)
    return total


def first_play_xeri(option: Any = "any_pair_or_top_jack") -> Fraction:
    """The chance of a Xeri on the very first play of a round: exactly 0 under every option.

    How it is counted: a Xeri needs a pile of exactly one card (XR-4.1), and the first play
    always meets the 4 face-up cards of XR-2.3 (a redeal deals 4 again, and "never" keeps 4).
    The earliest possible Xeri is the third play: the leader captures, the next player starts
    a new pile, the third matches it. ``cardkit.sim`` counts the play of each round's first
    Xeri (column ``first_xeri_play``)::

        >>> first_play_xeri()
        Fraction(0, 1)
    """
    _pile_option(option)
    return Fraction(0)


@cache
def _injective_top(top: int, sizes: tuple[int, ...], profile: tuple[int, ...]
                   ) -> tuple[int, ...]:
    """As `_injective` for the blocks ``(top, *sizes)``, split by the class of the first block
    (the top card's rank): item ``k`` counts the ways in which that rank has ``k`` cards."""
    out = [0] * len(profile)
    blocks = (top, *sizes)
    for classes in product(range(len(profile)), repeat=len(blocks)):
        ways = 1
        for k in set(classes):
            ways *= _falling(profile[k], classes.count(k))
        if ways:
            for size, k in zip(blocks, classes, strict=True):
                ways *= _falling(k, size)
            out[classes[0]] += ways
    return tuple(out)


@cache
def _standing_by_top(profile: tuple[int, ...], jacks: int, option: str
                     ) -> tuple[int, tuple[int, ...]]:
    """The ordered 4-card piles that stand (as `_standing` counts them), split by their top
    card: (piles topped by a jack, piles topped by a rank with k cards in the rest, by k)."""
    by_jack = 0
    by_rank = [0] * len(profile)
    for ranks, others, ways in _standing_shapes(jacks, option):
        if ranks[3] == JACK:
            by_jack += ways * _injective(tuple(sorted(len(b) for b in others)), profile)
            continue
        top = next(b for b in others if 3 in b)
        rest = tuple(sorted(len(b) for b in others if b is not top))
        for k, count in enumerate(_injective_top(len(top), rest, profile)):
            by_rank[k] += ways * count
    return by_jack, tuple(by_rank)


def leader_can_capture(option: Any = "any_pair_or_top_jack", *, ranks: int = 13,
                       suits: int = 4, hand_size: int = 6, players: int = 4) -> Fraction:
    """The chance that the leader (left of the dealer, XR-3.1) can capture on the very first
    play of a round: it holds a card of the pile's top rank or a jack (XR-3.2).

    How it is counted: the hands are dealt first and kept through any redeal (XR-2.4), so the
    pile that stands is a uniform choice among the ordered 4-card piles that stand from the 28
    other cards (the *rest*). For every composition of the rest (how many jacks, how many
    ranks with 0–4 cards, weighted by the ways to leave it, as in `redeal_probability`) the
    standing piles are counted by their top card: a jack, or a rank with k cards in the rest.
    The leader's 6 cards are a uniform draw from the 24 hand cards, which hold the other
    4 − k cards of that rank and the jacks not in the rest; it captures unless it has none
    of them: 1 − C(24 − a, 6) / C(24, 6) for those a cards. The answer is the weighted mean of
    that over the standing piles and the compositions. ``ranks``, ``suits`` (one rank is the
    jack), ``hand_size`` and ``players`` shrink the deal for checks by brute force::

        >>> float(round(leader_can_capture(), 4))
        0.614
        >>> [float(round(leader_can_capture(o), 3)) for o in PILE_OPTIONS]
        [0.614, 0.592, 0.607, 0.586]

    The default pile check helps the leader a little: a standing pile has no jack on top (then
    only a jack would capture) and no pair (which leaves fewer cards of the top rank to hold).
    """
    option = _pile_option(option)
    for name, value, low in (("hand_size", hand_size, 1), ("players", players, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
    held = hand_size * players
    _check_deck(ranks, suits, held)
    rest = ranks * suits - held
    total = comb(ranks * suits, rest)
    hands = comb(held, hand_size)

    def capture(cards_for_it: int) -> Fraction:  # a = the leader's capturing cards in the hands
        return 1 - Fraction(comb(held - cards_for_it, hand_size), hands)

    chance = Fraction(0)
    for ways, profile, jacks in _rest_compositions(ranks, suits, rest):
        by_jack, by_rank = _standing_by_top(profile, jacks, option)
        standing = by_jack + sum(by_rank)
        if standing == 0:
            raise ValueError("some deals can never make a pile that stands")
        hand_jacks = suits - jacks
        here = by_jack * capture(hand_jacks)
        for k, count in enumerate(by_rank):
            if count:
                here += count * capture(hand_jacks + suits - k)
        chance += Fraction(ways, total) * here / standing
    return chance


def even_split_probability(cards: int = 52) -> Fraction:
    """The chance of a 26–26 split of the cards (nobody gets XR-6's 3 points for most cards)
    **in a model**: if every card went to either team with an even chance, independently.
    Counted as the binomial C(52, 26) / 2⁵², about 0.110.

    The game is far from that model: cards go to a team a whole pile at a time, and who takes
    each pile depends on the play, so the split spreads much wider than a coin per card would
    spread it. Simulated rounds split 26–26 in only about 2% (random play) to 5% (greedy play)
    of rounds: `even_split_estimate` measures it from a frame of rounds, with its interval.

    **Why the game's own chance is not counted exactly.** It is an average over every deal of
    the 52 cards (hands, pile, the stock's order for the two later deals) and, for each deal,
    over every order of play: even counted by ranks, with equal positions merged, one last
    deal alone (24 cards in the hands, random play) has about 1.6 million positions, and the
    round's first two deals multiply that by the stock's orders, beyond any count. What can be
    counted exactly is the chance *from a position of the last deal*: `even_split_from`.

    So there are three numbers, and a sentence must say which it shows: this model (exact, not
    the game), `even_split_estimate` (the game with the bots that played, estimated), and
    `even_split_from` (the game from one position with random play, exact).
    ``tests/sim/test_exact_questions.py`` checks each against a simulation of its own model::

        >>> float(round(even_split_probability(), 4))
        0.1101
    """
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 0 or cards % 2:
        raise ValueError(f"cards must be an even whole number of at least 0, not {cards!r}")
    return Fraction(comb(cards, cards // 2), 2 ** cards)


def even_split_estimate(frame: pd.DataFrame, level: float = 0.95) -> Estimate:
    """The share of rounds of a `cardkit.sim.simulate` frame of Xeri rounds that split the
    cards 26–26 (XR-6): an **estimate** with its Wilson interval, over rounds (each round is
    one independent split).

    >>> from cardkit.sim import simulate
    >>> est = even_split_estimate(simulate("xeri", 400, seed=1, progress=False))
    >>> est.n, est.value < float(even_split_probability())
    (400, True)
    """
    if "cards_0" not in frame.columns:
        raise ValueError("a frame of Xeri rounds from cardkit.sim.simulate has a column "
                         "'cards_0'; this one has not")
    return estimate(int((frame["cards_0"] == 26).sum()), len(frame),
                    f"rounds that split the cards 26-26, of {len(frame):,}", level)


def even_split_from(match: Any, *, max_cards: int = 20) -> Fraction:
    """The chance that this Xeri round ends 26–26 (XR-6: nobody gets the 3 points for most
    cards) from the position of ``match``, in its last deal, when from here on every player
    plays a card of its hand chosen at random (as the kit's ``random`` bot does).

    What is counted: every hand is known (a teaching view sees them all) and the stock is
    empty (XR-2.5: the last deal), so nothing is left to chance but the order in which each
    player plays its cards. Random play makes each player's order one of its n! orders, all
    equally likely and independent, so the answer is the share of the combined orders
    (the product of the n!) whose round ends with the team of North and South holding
    exactly 26 cards: the cards it has captured, its captures from here (XR-3.2: a card of the
    top card's rank or a jack takes the pile), and the pile left at the end if its side
    captured last (XR-5.1; if nobody captured in the round, the dealer's team takes it, as
    the match does). How it is counted: play by play, every card a player could play, weighted
    by how many of its cards have that rank; positions that are the same up to ranks (the
    hands' ranks, the pile's size and top rank, who captured last) are counted once.

    The count grows fast with the cards in the hands (CPU time and memory measured on one
    core): from 16 cards (4 each) it takes 0.05 s, from 20 about 1.3 s and 130 MB, from a whole
    last deal (24 cards) about 15 s and 0.9 GB, so ``max_cards`` (20 by default) bounds it.
    Before the last deal, or from a fresh deal, no exact count is possible (see
    `even_split_probability`). Three cards each, from a seeded round played at random::

        >>> import random
        >>> from cardkit.xeri import new_game
        >>> game, rng = new_game(seed=21), random.Random(21)
        >>> while game.stock_size or sum(game.hand_sizes) > 12:
        ...     _ = game.apply(rng.choice(game.hand(game.current_player)))
        >>> even_split_from(game)
        Fraction(14, 27)
    """
    from cardkit.xeri.play import TAKES

    for name in ("stock_size", "hand", "pile", "captured", "dealer", "current_player"):
        if not hasattr(match, name):
            raise ValueError(f"even_split_from takes a Xeri match (cardkit.xeri), not "
                             f"{type(match).__name__}")
    if isinstance(max_cards, bool) or not isinstance(max_cards, int) or max_cards < 0:
        raise ValueError(f"max_cards must be a whole number of at least 0, not {max_cards!r}")
    mover = match.current_player
    if mover is None:
        raise ValueError("the round is over: no play is left to count (XR-5.1)")
    if match.stock_size:
        raise ValueError(f"the stock still holds {match.stock_size} cards: the count starts "
                         f"in the last deal, when the stock is empty (XR-2.5)")
    hands = tuple(tuple(sorted(card.rank for card in match.hand((mover + i) % 4)))
                  for i in range(4))
    held = sum(len(hand) for hand in hands)
    if held > max_cards:
        raise ValueError(f"the hands hold {held} cards, more than max_cards={max_cards}: the "
                         f"count grows fast with them (see the docstring)")
    need = 26 - len(match.captured(0))  # North–South's cards still to come
    last = match.last_capturer
    last_team = (match.dealer if last is None else last) & 1
    memo: dict[tuple[Any, ...], dict[int, int]] = {}

    def orders(hands: tuple[tuple[int, ...], ...], turn: int, size: int, top: int,
               last_team: int) -> dict[int, int]:
        """Orders of play from here, by the cards North–South gets from here."""
        key = (hands, turn, size, top, last_team)
        found = memo.get(key)
        if found is not None:
            return found
        hand = hands[turn]
        out: dict[int, int] = {}
        if not hand:  # the last deal is over: the pile goes to the last capturer (XR-5.1)
            out[size if last_team == 0 else 0] = 1
        else:
            team = (mover + turn) & 1
            for j, rank in enumerate(hand):
                if j and hand[j - 1] == rank:
                    continue
                copies = hand.count(rank)
                after = (*hands[:turn], hand[:j] + hand[j + 1:], *hands[turn + 1:])
                if size and TAKES[top][rank]:  # a capture (XR-3.2)
                    rest = orders(after, (turn + 1) & 3, 0, 0, team)
                    gain = size + 1 if team == 0 else 0
                else:  # the card stays on the pile (XR-3.3)
                    rest = orders(after, (turn + 1) & 3, size + 1, rank, last_team)
                    gain = 0
                for cards, ways in rest.items():
                    out[cards + gain] = out.get(cards + gain, 0) + copies * ways
        memo[key] = out
        return out

    pile = match.pile
    counts = orders(hands, 0, len(pile), pile[-1].rank if pile else 0, last_team)
    return Fraction(counts.get(need, 0), sum(counts.values()))


def next_player_can_xeri(unseen_of_rank: int, unseen: int, hand_size: int) -> Fraction:
    """The chance that the next player holds a card of a rank, so can Xeri a single card of it.

    How it is counted: from the player's point of view the next hand is ``hand_size`` cards
    drawn without replacement from the ``unseen`` cards, ``unseen_of_rank`` of which have the
    rank: 1 − C(unseen − k, h) / C(unseen, h). On a fresh deal a single 7 with the three other
    7s unseen among 41 cards, and 6 cards in the next hand::

        >>> float(round(next_player_can_xeri(3, 41, 6), 4))
        0.386
    """
    _check_counts(unseen_of_rank, unseen, hand_size, "unseen_of_rank", "hand_size")
    return 1 - Fraction(comb(unseen - unseen_of_rank, hand_size), comb(unseen, hand_size))


def dealer_team_last_pile_share(frame: pd.DataFrame, level: float = 0.95) -> Estimate:
    """The share of rounds in which the dealer's team took the last pile (XR-5.1): an
    **estimate** from a `cardkit.sim.simulate` frame of Xeri rounds, since it depends on how
    everyone plays.

    Counted over **rounds**, the independent unit: of the rounds of ``frame`` that ended with
    cards left on the pile, the share in which the dealer's team took them, with its Wilson
    interval over those rounds. The cards are not counted one by one: all the cards left in
    one round go to the same team, so they are one outcome, and pooling them as separate
    samples would make the interval look narrower than it is.
    """
    for column in ("dealer", "leftover_team", "leftover_cards"):
        if column not in frame.columns:
            raise ValueError(f"a frame of Xeri rounds from cardkit.sim.simulate has a column "
                             f"{column!r}; this one has not")
    with_pile = frame[frame["leftover_cards"] > 0]
    if len(with_pile) == 0:
        raise ValueError("no round of this frame ended with cards on the pile")
    to_dealer = int((with_pile["leftover_team"] == with_pile["dealer"] % 2).sum())
    return estimate(to_dealer, len(with_pile),
                    f"rounds whose last pile went to the dealer's team, of the "
                    f"{len(with_pile):,} of {len(frame):,} rounds that left one", level)


# ---------------------------------------------------------------- Zion Check: a dealt hand

def _check_counts(part: int, whole: int, draw: int, part_name: str, draw_name: str) -> None:
    for name, value in ((part_name, part), ("unseen", whole), (draw_name, draw)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number of at least 0, not {value!r}")
    if part > whole or draw > whole:
        raise ValueError(f"{part_name} ({part}) and {draw_name} ({draw}) cannot exceed the "
                         f"unseen cards ({whole})")


def _zion_deck(decks: int, jokers: int | None, ranks: int, suits: int) -> int:
    for name, value, low in (("decks", decks, 1), ("ranks", ranks, 4), ("suits", suits, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
    if ranks > 13:
        raise ValueError(f"ranks counts A, 2, 3, …: at most 13, not {ranks!r}")
    jokers = 2 * decks if jokers is None else jokers
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise ValueError(f"jokers must be a whole number of at least 0, not {jokers!r}")
    return jokers


def _hand_size(hand_size: int, pack: int) -> None:
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) \
            or not 1 <= hand_size <= pack:
        raise ValueError(f"hand_size must be between 1 and the {pack} cards of the pack, "
                         f"not {hand_size!r}")


def _poly_mul(a: list[int], b: list[int], limit: int) -> list[int]:
    out = [0] * min(len(a) + len(b) - 1, limit + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:limit + 1 - i]):
                out[i + j] += x * y
    return out


def _power(poly: list[int], times: int, limit: int) -> list[int]:
    out = [1]
    for _ in range(times):
        out = _poly_mul(out, poly, limit)
    return out


def set_probability(hand_size: int = 10, *, decks: int = 2, jokers: int | None = None,
                    ranks: int = 13, suits: int = 4) -> Fraction:
    """The chance that a dealt Zion Check hand already holds a set (ZC-5.1, ZC-5.3).

    A set is 3 cards of a rank with at least one natural card (``min_natural_per_meld`` = 1),
    jokers standing in for the rest (ZC-5.4 allows it). So a hand with j jokers holds one when
    some rank has at least 3 − j cards. How it is counted: the hands *without* a set are
    counted for each number of jokers j by a generating function over the ranks, each rank
    giving at most 2 − j cards (C(copies, c) ways to take c of them): the coefficient of
    x^(hand − j) in (Σ_c C(copies, c) xᶜ)^ranks, times C(jokers, j). The pack is ``decks``
    decks (``ranks`` × ``suits`` each) and ``jokers`` jokers (2 per deck by default)::

        >>> float(round(set_probability(10, decks=2), 4))
        0.5466
    """
    jokers = _zion_deck(decks, jokers, ranks, suits)
    copies = decks * suits
    pack = ranks * copies + jokers
    _hand_size(hand_size, pack)
    no_set = 0
    for j in range(min(jokers, hand_size) + 1):
        most = 2 - j  # more cards of one rank than this make a set with the j jokers
        if hand_size == j:
            no_set += comb(jokers, j)  # only jokers: every meld needs a natural card
            continue
        if most < 0 or (most == 0 and hand_size > j):
            continue  # any natural card makes a set with two jokers
        rank_poly = [comb(copies, c) for c in range(most + 1)]
        naturals = _power(rank_poly, ranks, hand_size - j)
        if hand_size - j < len(naturals):
            no_set += comb(jokers, j) * naturals[hand_size - j]
    return 1 - Fraction(no_set, comb(pack, hand_size))


def _suit_without_run(ranks: int, copies: int, jokers: int, limit: int) -> list[int]:
    """Generating polynomial (by number of cards) of the holdings in one suit that make no
    run with ``jokers`` jokers: no window of 4 consecutive places (A low … K, A high when all
    13 ranks are in play) with 4 − jokers or more ranks present."""
    need = 4 - jokers
    held = [comb(copies, c) for c in range(copies + 1)]
    held[0] = 0  # a present rank holds 1..copies cards
    wrap = ranks == 13
    # state: (ace present, presence of the last 3 ranks as a tuple) -> polynomial
    states: dict[tuple[bool, tuple[bool, ...]], list[int]] = {(False, ()): [1]}
    for rank in range(1, ranks + 1):
        nxt: dict[tuple[bool, tuple[bool, ...]], list[int]] = {}
        for (ace, last), poly in states.items():
            for present in (False, True):
                window = (*last, present)
                if len(window) == 4 and sum(window) >= need:
                    continue
                new_poly = _poly_mul(poly, held, limit) if present else poly
                key = (ace or (rank == 1 and present), window[-3:])
                old = nxt.get(key)
                if old is None:
                    nxt[key] = list(new_poly)
                else:
                    if len(old) < len(new_poly):
                        old.extend([0] * (len(new_poly) - len(old)))
                    for i, v in enumerate(new_poly):
                        old[i] += v
        states = nxt
    out = [0] * (limit + 1)
    for (ace, last), poly in states.items():
        if wrap and sum((*last, ace)) >= need:
            continue  # J-Q-K-A (ZC-2.1: the ace is high at this end)
        for i, v in enumerate(poly[:limit + 1]):
            out[i] += v
    return out


def run_probability(hand_size: int = 10, *, decks: int = 2, jokers: int | None = None,
                    ranks: int = 13, suits: int = 4) -> Fraction:
    """The chance that a dealt Zion Check hand already holds a run (ZC-5.2, ZC-5.3).

    A run is 4 consecutive ranks of one suit (the ace low, A-2-3-4, or high, J-Q-K-A; ZC-2.1)
    with at least one natural card, jokers filling the gaps. With j jokers a hand holds one when
    some suit has 4 − j of the ranks of some window of 4 places. How it is counted: for each j,
    a transfer over the ranks of one suit (remembering the last three places and the ace) gives
    the generating polynomial of the suit holdings with no such window; the four suits
    multiply, and the coefficient of x^(hand − j) times C(jokers, j) counts the hands without
    a run. ``ranks`` below 13 drops K, Q, … (and so the high ace) for checks by brute force::

        >>> float(round(run_probability(10, decks=2), 4))
        0.1523
    """
    jokers = _zion_deck(decks, jokers, ranks, suits)
    copies = decks
    pack = ranks * suits * copies + jokers
    _hand_size(hand_size, pack)
    no_run = 0
    for j in range(min(jokers, hand_size) + 1):
        if j >= 3:
            break  # any natural card makes a run with three jokers
        limit = hand_size - j
        suit = _suit_without_run(ranks, copies, j, limit)
        all_suits = _power(suit, suits, limit)
        if limit < len(all_suits):
            no_run += comb(jokers, j) * all_suits[limit]
    if 3 <= hand_size <= jokers:
        no_run += comb(jokers, hand_size)  # only jokers: every meld needs a natural card
    return 1 - Fraction(no_run, comb(pack, hand_size))


def contract_probability(hand_number: int = 1, n: int = 2_000, *, players: int = 4,
                         decks: int | None = None, jokers: int | None = None,
                         rules: Any = None, seed: int = 0,
                         on_progress: Callable[[int], None] | None = None) -> Estimate:
    """The chance that a dealt hand already meets hand ``hand_number``'s contract (ZC-4): an
    **estimate**, since the contracts with two or three melds interact (shared jokers, the
    same-suit runs of ZC-10) beyond a closed count.

    Counted by dealing ``n`` hands of that hand's size (``rules.deal_sizes``) from the pack
    (``decks`` decks, by default as ZC-1.2 gives for ``players``, with ``jokers`` jokers, 2 per
    deck by default) with a seeded numpy generator, and asking the Zion Check solver whether
    each can go down (`cardkit.zioncheck.can_go_down`); the Wilson interval is its error.
    One-meld questions have exact answers: `set_probability`, `run_probability`::

        >>> est = contract_probability(1, 400, seed=1)
        >>> 0.0 < est.value < 0.3, est.n
        (True, 400)
    """
    outcomes = dealt_hand_checks("contract", n, hand_number=hand_number, players=players,
                                 decks=decks, jokers=jokers, rules=rules, seed=seed,
                                 on_progress=on_progress)
    rules = _zion_rules(rules)
    decks = rules.decks_for(players) if decks is None else decks
    jokers = _zion_deck(decks, jokers, 13, 4)
    size = rules.deal_sizes[hand_number - 1]
    return estimate(int(outcomes.sum()), n,
                    f"dealt {size}-card hands meeting hand {hand_number}'s contract "
                    f"({rules.contract(hand_number)}), {decks} decks, {jokers} jokers")


def _zion_rules(rules: Any) -> Any:
    from cardkit.zioncheck import Rules

    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a cardkit.zioncheck.Rules or None, not "
                         f"{type(rules).__name__}")
    return rules


def dealt_hand_checks(meld: str, n: int, *, hand_number: int = 1, players: int = 4,
                      decks: int | None = None, jokers: int | None = None, rules: Any = None,
                      seed: int = 0, on_progress: Callable[[int], None] | None = None) -> Any:
    """Deal ``n`` Zion Check hands of hand ``hand_number``'s size and say, for each, whether it
    holds a ``"set"``, a ``"run"`` or meets the hand's ``"contract"`` (a numpy bool array).

    The hands are dealt by a numpy generator seeded with ``seed`` from the pack of ``decks``
    decks (ZC-1.2 for ``players`` by default) and ``jokers`` jokers (2 per deck by default); the
    Zion Check solver (`cardkit.zioncheck.can_go_down`) judges each. This is the sampling behind
    `contract_probability`, and what the probability lab runs chunk by chunk::

        >>> dealt_hand_checks("set", 5, seed=3).tolist()
        [False, True, False, True, False]
    """
    import numpy as np

    from cardkit.cards import Card, make_pack
    from cardkit.zioncheck import Contract, can_go_down

    rules = _zion_rules(rules)
    if meld not in ("set", "run", "contract"):
        raise ValueError(f"meld is 'set', 'run' or 'contract', not {meld!r}")
    if isinstance(hand_number, bool) or hand_number not in range(1, 7):
        raise ValueError(f"hand_number is 1 to 6 (ZC-3.1), not {hand_number!r}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n is the number of hands to deal: a whole number of at least 0, "
                         f"not {n!r}")
    decks = rules.decks_for(players) if decks is None else decks
    jokers = _zion_deck(decks, jokers, 13, 4)
    pack = make_pack(decks) + [Card(0, None, deck) for deck in range(jokers)]
    size = rules.deal_sizes[hand_number - 1]
    target = {"set": Contract(1, 0), "run": Contract(0, 1)}.get(meld) \
        or rules.contract(hand_number)
    rng = np.random.default_rng(seed)
    out = np.zeros(n, dtype=bool)
    for i in range(n):
        picks = rng.choice(len(pack), size, replace=False)
        out[i] = can_go_down([pack[k] for k in picks], target, rules)
        if on_progress is not None and (i + 1) % 500 == 0:
            on_progress(i + 1)
    return out


def goes_down_within(hand: Iterable[Any] | str, k: int, hand_number: int = 1, *,
                     rules: Any = None, players: int = 4, seen: Iterable[Any] | str = (),
                     max_k: int = 4) -> Fraction:
    """The chance that *this* Zion Check hand can go down (meet hand ``hand_number``'s
    contract, ZC-4, ZC-9) within its next ``k`` draws from the stock.

    How it is counted: the pack (``rules.decks_for(players)`` decks with their jokers, ZC-1.2)
    less ``hand`` and the ``seen`` cards (the discard pile, melds on the table) leaves the
    *unseen* cards. From the player's point of view every unseen card is equally likely to be
    the next one drawn, and that stays so when the others draw in between (their cards are
    unseen too), so the k draws are a uniform draw of k unseen cards without replacement. The
    hand can go down within k draws exactly when it can with all k cards (more cards never
    spoil a go-down), so the answer sums, over every multiset of k unseen faces, its
    hypergeometric weight (the product of C(copies unseen, copies drawn), over C(unseen, k))
    when the Zion Check solver finds a go-down in the hand and those cards
    (`cardkit.zioncheck.can_go_down`); a branch whose first cards already go down counts all
    its completions at once.

    What it assumes about the others and the play: the player draws from the stock every turn
    (takes no discard and claims none), nobody claims or takes a card it would draw, the stock
    does not run out, and it never discards a card it needs later (with 10 or more cards in
    hand a player can keep every card of its go-down, so this is what a far-sighted player
    achieves: an upper bound for real play, where discards are chosen without seeing ahead).
    Exact, and bounded: every multiset is checked, so the time grows about tenfold with each
    draw. Measured on one core (CPU time) for the hand below: k = 3 takes about 1 s, k = 4
    about 11 s, and k = 5 would take minutes, so a ``k`` above ``max_k`` (4 by default) is
    refused; pass a larger ``max_k`` to wait for it, or simulate instead::

        >>> hand = "8C 8D 8H KD KS 2D 5S 9H QC 4C"     # a set of 8s and a pair of kings
        >>> goes_down_within(hand, 0), float(round(goes_down_within(hand, 1), 4))
        (Fraction(0, 1), 0.102)
    """
    from cardkit.cards import Card, make_pack, parse_cards
    from cardkit.zioncheck import can_go_down

    rules = _zion_rules(rules)
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"k counts draws: a whole number of at least 0, not {k!r}")
    if isinstance(max_k, bool) or not isinstance(max_k, int) or max_k < 0:
        raise ValueError(f"max_k must be a whole number of at least 0, not {max_k!r}")
    if k > max_k:
        raise ValueError(f"k={k} is more than max_k={max_k}: the count takes about ten times "
                         f"longer with each draw (k=4 about 11 s); pass max_k={k} to wait for "
                         f"it (ZC-9)")
    if isinstance(hand_number, bool) or hand_number not in range(1, 7):
        raise ValueError(f"hand_number is 1 to 6 (ZC-3.1), not {hand_number!r}")
    held = list(parse_cards(hand) if isinstance(hand, str) else hand)
    shown = list(parse_cards(seen) if isinstance(seen, str) else seen)
    pack = make_pack(rules.decks_for(players), jokers=True)
    unseen: dict[tuple[int, str | None], list[Card]] = {}
    for card in pack:
        unseen.setdefault(card.face, []).append(card)
    for card in (*held, *shown):
        if not isinstance(card, Card):
            raise ValueError(f"hand and seen hold cards (Card or text such as '7H'), not "
                             f"{card!r}")
        copies = unseen.get(card.face)
        if not copies:
            raise ValueError(f"{card} is more often in hand and seen than the "
                             f"{rules.decks_for(players)}-deck pack holds it (ZC-1.2)")
        copies.remove(card if card in copies else copies[-1])
    faces = [cards for cards in unseen.values() if cards]
    left = sum(len(cards) for cards in faces)
    if k > left:
        raise ValueError(f"k ({k}) cannot exceed the {left} unseen cards")
    after = [0] * (len(faces) + 1)  # unseen cards of the faces from index i on
    for i in range(len(faces) - 1, -1, -1):
        after[i] = after[i + 1] + len(faces[i])

    def goes_down(drawn: list[Card]) -> bool:
        return can_go_down([*held, *drawn], hand_number, rules)

    def ways(start: int, draws: int, drawn: list[Card]) -> int:
        """Weighted draws of ``draws`` more cards of faces ``start`` on that go down."""
        if draws == 0:
            return 1 if goes_down(drawn) else 0
        if drawn and goes_down(drawn):
            return comb(after[start], draws)
        total = 0
        for i in range(start, len(faces)):
            copies = faces[i]
            for m in range(1, min(len(copies), draws) + 1):
                total += comb(len(copies), m) * ways(i + 1, draws - m, drawn + copies[:m])
        return total

    if goes_down([]):
        return Fraction(1)
    return Fraction(ways(0, k, []), comb(left, k)) if k else Fraction(0)


def needed_card_in_stock(unseen: int, stock: int, copies: int = 1) -> Fraction:
    """The chance that at least one of ``copies`` needed cards is still in the stock.

    How it is counted: from a player's point of view the ``unseen`` cards (the stock and the
    other hands) are in random places, so the stock is a uniform draw of ``stock`` of them;
    none of the copies is there with chance C(unseen − copies, stock) / C(unseen, stock).
    With 33 unseen cards, 20 of them in the stock, and either of the two 7♥ needed::

        >>> needed_card_in_stock(33, 20, copies=2)
        Fraction(75, 88)
    """
    _check_counts(copies, unseen, stock, "copies", "stock")
    return 1 - Fraction(comb(unseen - copies, stock), comb(unseen, stock))


def next_draw_is_needed(unseen: int, copies: int = 1) -> Fraction:
    """The chance that the next card from the stock is one of ``copies`` needed unseen cards:
    copies / unseen (every unseen card is equally likely to be on top).

    >>> next_draw_is_needed(40, 2)
    Fraction(1, 20)
    """
    _check_counts(copies, unseen, 0, "copies", "draw")
    if unseen == 0:
        raise ValueError("no unseen card is left to draw")
    return Fraction(copies, unseen)


# ---------------------------------------------------------------- summaries of simulations


def summary(frame: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Means with confidence intervals of a `cardkit.sim.simulate` frame, and win rates.

    One row per measure: ``mean``, ``low``, ``high`` (a normal interval for means, a Wilson
    interval for rates), ``n``. Win rates are the share of rows (rounds, hands, or with
    ``unit=`` whole matches, games) each team (seat) won, and for Xeri the dealer's team's.
    """
    import pandas as pd

    z = _z(level)
    rows = []
    n = len(frame)
    if n == 0:
        return pd.DataFrame(columns=["measure", "mean", "low", "high", "n"])
    is_xeri = "match" in frame.columns
    skip = {"seed", "match", "round", "game_seed", "game", "hand", "players", "dealer",
            "winner", "leftover_team", "dealer_team", "first_dealer", "first_player"}
    for name in frame.columns:
        if name in skip or not pd.api.types.is_numeric_dtype(frame[name]) \
                or pd.api.types.is_bool_dtype(frame[name]):
            continue
        values = frame[name].to_numpy(dtype=float)
        mean = float(values.mean())
        half = z * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
        rows.append({"measure": f"mean {name}", "mean": mean, "low": mean - half,
                     "high": mean + half, "n": n})
    sides = (0, 1) if is_xeri else range(int(frame["players"].iloc[0]))
    word = "team" if is_xeri else "seat"
    for side in sides:
        wins = int((frame["winner"] == side).sum())
        low, high = wilson_interval(wins, n, level)
        rows.append({"measure": f"win rate {word} {side}", "mean": wins / n, "low": low,
                     "high": high, "n": n})
    if is_xeri:  # XR-2.1 calls dealing a disadvantage: a round's dealer, a match's first one
        dealer, who = (("dealer_team", "dealer's team") if "dealer_team" in frame.columns
                       else ("first_dealer", "first dealer's team"))
        wins = int((frame["winner"] == frame[dealer] % 2).sum())
        low, high = wilson_interval(wins, n, level)
        rows.append({"measure": f"win rate {who}", "mean": wins / n, "low": low,
                     "high": high, "n": n})
    return pd.DataFrame(rows, columns=["measure", "mean", "low", "high", "n"])
