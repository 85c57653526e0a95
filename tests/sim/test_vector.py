"""The vectorised Xeri simulator plays the same game as the reference engine: every column has
the same distribution (two-sample Kolmogorov–Smirnov per column at a strict level)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cardkit.sim import columns, simulate
from cardkit.xeri import Rules, vector

XERI_COLUMNS = columns("xeri")

# Columns that describe the row rather than the play.
OUTCOMES = [c for c in XERI_COLUMNS if c not in ("seed", "match", "round", "game_seed")]
ALPHA_C = 1.9495  # the KS critical coefficient for a level of 0.001


def ks_statistic(a: np.ndarray, b: np.ndarray) -> float:
    values = np.union1d(a, b)
    fa = np.searchsorted(np.sort(a), values, side="right") / len(a)
    fb = np.searchsorted(np.sort(b), values, side="right") / len(b)
    return float(np.abs(fa - fb).max())


def assert_same_distributions(vec, ref):
    n, m = len(vec), len(ref)
    critical = ALPHA_C * math.sqrt((n + m) / (n * m))
    far = {c: round(ks_statistic(vec[c].to_numpy(), ref[c].to_numpy()), 4) for c in OUTCOMES}
    assert all(d <= critical for d in far.values()), (critical, far)


@pytest.mark.parametrize(("players", "reference_rounds"), [("random", 1200),
                                                            ("greedy,random", 480)])
def test_vector_engine_matches_the_reference_engine(players, reference_rounds):
    vec = simulate("xeri", 8192, players=players, seed=3, progress=False, engine="vector")
    ref = simulate("xeri", reference_rounds, players=players, seed=4, progress=False,
                   engine="reference")
    assert list(vec.columns) == list(ref.columns) and vec.attrs["engine"] == "vector"
    assert_same_distributions(vec, ref)
    # Means too, within 4.5 standard errors of the difference.
    for c in ("points_0", "points_1", "xeris_0", "captures_1", "leftover_cards"):
        se = math.sqrt(vec[c].var() / len(vec) + ref[c].var() / len(ref))
        assert abs(vec[c].mean() - ref[c].mean()) <= 4.5 * se, c


def test_the_check_detects_a_different_game():
    # The same test refuses greedy against random play: it has the power to see a difference.
    vec = simulate("xeri", 8192, players="greedy", seed=3, progress=False, engine="vector")
    ref = simulate("xeri", 1200, players="random", seed=4, progress=False, engine="reference")
    with pytest.raises(AssertionError):
        assert_same_distributions(vec, ref)


def test_vector_rows_keep_the_rules_invariants():
    frame = simulate("xeri", 2048, seed=1, progress=False, engine="vector",
                     rules=Rules(jack_xeri_points=25, ten_of_diamonds_counts_as_ten=False))
    assert ((frame["cards_0"] + frame["cards_1"]) == 52).all()
    tie = frame["cards_0"] == 26  # 26-26: nobody gets the 3 points for more cards (XR-6)
    assert ((frame["card_points_0"] + frame["card_points_1"]) == 24 - 3 * tie).all()
    assert (frame["xeri_points_0"] == 10 * frame["xeris_0"] + 25 * frame["jack_xeris_0"]).all()
    assert (frame["dealer"] == (frame["dealer"].iloc[0] + frame["round"] - 1) % 4)[:4].all()
    never = simulate("xeri", 1024, seed=1, progress=False, engine="vector",
                     rules=Rules(initial_pile_redeal="never"))
    assert (never["redeals"] == 0).all()


def test_auto_picks_the_vector_engine_only_when_it_can():
    assert simulate("xeri", 4, progress=False).attrs["engine"] == "vector"
    assert simulate("xeri", 4, progress=False, rules=Rules(cut_shows_bottom=True)
                    ).attrs["engine"] == "reference"
    with pytest.raises(ValueError, match="cut_shows_bottom"):
        simulate("xeri", 4, progress=False, engine="vector", rules=Rules(cut_shows_bottom=True))
    with pytest.raises(ValueError, match="Zion Check has no array engine"):
        simulate("zioncheck", 4, progress=False, engine="vector")
    assert vector.unsupported(Rules(target=151))


def test_vector_frames_do_not_depend_on_chunks_or_workers():
    base = simulate("xeri", 3000, players="greedy,random", seed=7, progress=False,
                    engine="vector")
    assert base.equals(simulate("xeri", 3000, players="greedy,random", seed=7, progress=False,
                                engine="vector", chunk_size=1, workers=2))


# The compiled kernel (the `fast` extra): the same rounds as the numpy kernel, so the same
# distributions as the reference engine.
needs_numba = pytest.mark.skipif(vector.compiled() is None,
                                 reason="numba is not installed (pip install 'cardkit[fast]')")


@needs_numba
@pytest.mark.parametrize("players", ["random", "greedy", "greedy,random", "random,greedy"])
@pytest.mark.parametrize("rules", [Rules(), Rules(jack_on_single_is_xeri=True,
                                                  dealer_last_card_no_xeri=True,
                                                  ten_of_diamonds_counts_as_ten=False,
                                                  jack_xeri_points=25, rounds=3),
                                   Rules(initial_pile_redeal="allow_top_pair_and_top_jack")])
def test_numba_kernel_plays_the_same_rounds_as_numpy(players, rules):
    kw = {"players": players, "rules": rules, "seed": 11, "progress": False}
    fast = simulate("xeri", 3000, engine="numba", **kw)
    slow = simulate("xeri", 3000, engine="numpy", **kw)
    assert (fast.attrs["kernel"], slow.attrs["kernel"]) == ("numba", "numpy")
    assert fast.attrs["engine"] == slow.attrs["engine"] == "vector"
    assert fast.equals(slow)


@needs_numba
@pytest.mark.parametrize(("players", "reference_rounds"), [("random", 1200),
                                                            ("greedy,random", 480)])
def test_numba_kernel_matches_the_reference_engine(players, reference_rounds):
    fast = simulate("xeri", 8192, players=players, seed=5, progress=False, engine="numba")
    ref = simulate("xeri", reference_rounds, players=players, seed=6, progress=False,
                   engine="reference")
    assert_same_distributions(fast, ref)


def test_auto_uses_numba_when_installed_and_numpy_otherwise(monkeypatch):
    want = "numpy" if vector.compiled() is None else "numba"
    assert simulate("xeri", 4, progress=False).attrs["kernel"] == want
    assert simulate("xeri", 4, progress=False, engine="reference").attrs["kernel"] is None
    monkeypatch.setattr(vector, "compiled", lambda: None)
    assert simulate("xeri", 4, progress=False).attrs["kernel"] == "numpy"
    with pytest.raises(ValueError, match=r"needs numba: pip install 'cardkit\[fast\]'"):
        simulate("xeri", 4, progress=False, engine="numba")


def test_the_apps_install_the_compiled_kernel():
    # `make demo` installs the `apps` extra: the probability lab's Xeri runs get numba.
    from pathlib import Path

    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    extras = project["project"]["optional-dependencies"]
    assert "cardkit[fast]" in extras["apps"]
    assert any(requirement.startswith("numba") for requirement in extras["fast"])
