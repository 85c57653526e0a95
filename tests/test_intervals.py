"""The lessons' intervals, and the sentences about them, which must be true of their numbers."""

from __future__ import annotations

import math

import pytest

from cardkit.intervals import (
    Interval,
    comparison_sentence,
    from_estimate,
    mean_interval,
    overlap_sentence,
    share_interval,
)
from cardkit.probability import estimate, wilson_interval


def test_lesson_four_intervals_that_overlap_are_said_to_overlap() -> None:
    # The intervals printed under lesson 4's old sentence "do not overlap": they do.
    two, four = Interval(0.093, 0.081, 0.107, 2000), Interval(0.117, 0.104, 0.132, 2000)
    said = overlap_sentence("2 decks", two, "4 decks", four)
    assert two.overlaps(four) and four.overlaps(two)
    assert " overlap, so " in said and "do not overlap" not in said
    assert "(0.081 to 0.107)" in said and "(0.104 to 0.132)" in said


def test_intervals_apart_are_said_not_to_overlap_and_name_the_larger() -> None:
    low, high = Interval(0.10, 0.08, 0.12, 500), Interval(0.20, 0.15, 0.25, 500)
    said = overlap_sentence("low", low, "high", high)
    assert not low.overlaps(high)
    assert "do not overlap" in said and said.endswith("high gives the larger value.")
    assert overlap_sentence("high", high, "low", low).endswith("high gives the larger value.")
    touching = Interval(0.2, 0.12, 0.3, 500)  # shares its end with `low`
    assert low.overlaps(touching) and "do not" not in overlap_sentence("a", low, "b", touching)


def test_a_mean_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    values = [1, 5, 3, 8, 2, 6, 4, 7]
    mean = sum(values) / 8
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 7)
    got = mean_interval(values, "rounds")
    assert got.estimate == mean and got.n == 8 and got.unit == "rounds"
    assert got.high - mean == pytest.approx(1.96 * sd / math.sqrt(8))
    assert mean - got.low == pytest.approx(1.96 * sd / math.sqrt(8))
    with pytest.raises(ValueError, match="at least 2 values"):
        mean_interval([3])


def test_a_share_interval_is_wilsons_over_the_samples_it_names() -> None:
    got = share_interval(224, 400, "rounds")
    assert (got.low, got.high) == wilson_interval(224, 400) and got.estimate == 0.56
    assert str(got) == "0.560 (95% interval 0.511 to 0.608, from 400 rounds)"
    assert got.contains(0.56) and not got.contains(0.5)
    with pytest.raises(ValueError, match="at least one sample"):
        share_interval(0, 0)
    with pytest.raises(ValueError, match="between 0 and n"):
        share_interval(5, 4)
    est = estimate(30, 100, "coin flips")
    assert from_estimate(est, "flips") == Interval(0.3, est.low, est.high, 100, "flips")


def test_an_interval_against_a_value_says_above_below_or_cannot_tell() -> None:
    above, below = Interval(2.0, 0.5, 3.5, 400, "rounds"), Interval(-2.0, -3.5, -0.5, 400, "rounds")
    across = Interval(1.9, -0.4, 4.2, 400, "rounds")
    assert "lies entirely above 0" in comparison_sentence("the lead", above, 0, "0")
    assert "lies entirely below 0" in comparison_sentence("the lead", below, 0, "0")
    said = comparison_sentence("the lead", across, 0, "0")
    assert "contains 0" in said and "entirely" not in said and "more rounds" in said
