"""Intervals for the lessons' simulated figures, and the sentences that describe them.

A sentence printed under a simulated result must be true of the numbers printed above it, so
the lessons never write "overlap" or "above 0" by hand: they ask this module, which reads the
intervals::

    >>> two = share_interval(186, 2_000, "deals")
    >>> four = share_interval(234, 2_000, "deals")
    >>> print(two)
    0.093 (95% interval 0.081 to 0.107, from 2,000 deals)
    >>> print(overlap_sentence("2 decks", two, "4 decks", four))  # doctest: +NORMALIZE_WHITESPACE
    The intervals of 2 decks (0.081 to 0.107) and 4 decks (0.104 to 0.132) overlap, so these
    deals alone cannot show which is larger.

Every interval here is a 95% interval over an **independent unit** (a deal, a round, a
match), named in ``unit``: counting the cards of one round as separate samples would make an
interval look narrower than it is, because they are not independent.
This module is part of the rules core: it imports no widget package.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["Interval", "comparison_sentence", "from_estimate", "mean_interval",
           "overlap_sentence", "share_interval"]

Z95 = 1.96
"""A normal curve holds 95% of its area within 1.96 standard deviations of its middle."""


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval, ``low`` to ``high``, from ``n`` samples of ``unit``."""

    estimate: float
    low: float
    high: float
    n: int
    unit: str = "samples"
    digits: int = 3

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies inside the interval (ends included)."""
        return self.low <= value <= self.high

    def overlaps(self, other: Interval) -> bool:
        """Whether the two intervals share at least one value."""
        return self.low <= other.high and other.low <= self.high

    @property
    def width(self) -> float:
        return self.high - self.low

    def span(self) -> str:
        """``low to high`` at the interval's precision."""
        return f"{self.low:.{self.digits}f} to {self.high:.{self.digits}f}"

    def __str__(self) -> str:
        return (f"{self.estimate:.{self.digits}f} (95% interval {self.span()}, "
                f"from {self.n:,} {self.unit})")


def share_interval(successes: int, n: int, unit: str = "samples", digits: int = 3) -> Interval:
    """The share ``successes / n`` with its Wilson 95% interval (`wilson_interval`).

    Each of the ``n`` samples must be independent of the others: one per deal, round or match.
    """
    from cardkit.probability import wilson_interval  # pandas comes with it: only when asked

    successes, n = int(successes), int(n)
    if n <= 0:
        raise ValueError(f"a share needs at least one sample, not n = {n}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie between 0 and n = {n}, not {successes}")
    low, high = wilson_interval(successes, n)
    return Interval(successes / n, low, high, n, unit, digits)


def from_estimate(estimate: Any, unit: str = "samples", digits: int = 3) -> Interval:
    """The `Interval` of a `cardkit.probability.Estimate` (a simulated share, such as
    `contract_probability` returns), with its unit named."""
    return Interval(estimate.successes / estimate.n, estimate.low, estimate.high, estimate.n,
                    unit, digits)


def mean_interval(values: Iterable[float], unit: str = "samples", digits: int = 2) -> Interval:
    """The mean of ``values`` with its 95% interval: mean ± 1.96 × standard error.

    The **standard error** is the standard deviation of the values divided by √n: how much the
    mean itself would vary from one simulation to the next. The means of many simulations
    spread out like a normal curve, and 95% of a normal curve lies within 1.96 of its standard
    deviations of the middle, hence the 1.96. Each value must come from an independent unit
    (one per round, say).
    """
    numbers = [float(v) for v in values]
    n = len(numbers)
    if n < 2:
        raise ValueError(f"an interval for a mean needs at least 2 values, not {n}")
    mean = sum(numbers) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in numbers) / (n - 1))
    half = Z95 * spread / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n, unit, digits)


def overlap_sentence(first_name: str, first: Interval, second_name: str,
                     second: Interval) -> str:
    """Whether two intervals overlap, in a sentence that is true of their numbers.

    Intervals that do not overlap show a real difference; intervals that overlap do not
    prove that there is none: the samples are too few to tell.
    """
    spans = (f"The intervals of {first_name} ({first.span()}) and {second_name} "
             f"({second.span()})")
    if first.overlaps(second):
        return (f"{spans} overlap, so these {first.unit} alone cannot show which is larger.")
    larger = first_name if first.low > second.high else second_name
    return (f"{spans} do not overlap, so the difference is real: {larger} gives the larger "
            "value.")


def comparison_sentence(name: str, interval: Interval, value: float, value_name: str) -> str:
    """Where an interval lies against a reference value such as 0 or 0.5, in a sentence."""
    shown = f"The interval of {name} ({interval.span()})"
    if interval.low > value:
        return f"{shown} lies entirely above {value_name}: {name} is really larger."
    if interval.high < value:
        return f"{shown} lies entirely below {value_name}: {name} is really smaller."
    return (f"{shown} contains {value_name}: these {interval.unit} cannot tell whether it is "
            f"above or below {value_name}; more {interval.unit} would narrow the interval.")
