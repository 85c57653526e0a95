"""``simulate(..., unit="match" | "game")``: one row per whole Xeri match or Zion Check game,
played to its end, and the same units as the frames of rounds and hands."""

from __future__ import annotations

import pandas as pd
import pytest

from cardkit import probability as P
from cardkit.sim import columns, resume, simulate


def run(game="xeri", n=4, **kw):
    kw.setdefault("progress", False)
    kw.setdefault("engine", "reference")
    return simulate(game, n, **kw)


def per_seat(names, players):
    out = []
    for name in names:
        out += [name.format(s=s) for s in range(players)] if "{s}" in name else [name]
    return out


def test_xr_7_2_a_target_match_is_played_to_its_end():
    matches = run(n=4, unit="match", rules="target_151", seed=1)
    assert list(matches.columns) == list(columns("xeri", unit="match"))
    assert (matches["decided_by"] == "target").all() and (matches["extra_rounds"] == 0).all()
    best = matches[["points_0", "points_1"]].max(axis=1)
    assert (best >= matches["target"]).all() and (matches["target"] >= 151).all()
    assert (matches["rounds"] > 4).all()  # random play needs many more than 4 rounds to 151
    winners = matches.apply(lambda m: m[f"points_{m['winner']}"], axis=1)
    assert (winners == best).all()
    # The frame of rounds holds the same matches to their end (it used to stop at round 4).
    rounds = run(n=int(matches["rounds"].sum()), rules="target_151", seed=1)
    by_match = rounds.groupby("match")
    assert by_match.size().tolist() == matches["rounds"].tolist()
    for team in (0, 1):
        assert by_match[f"points_{team}"].sum().tolist() == matches[f"points_{team}"].tolist()
    # Before the last round no team had reached the target it then had (XR-7.2).
    for number, match in by_match:
        totals = match[["points_0", "points_1"]].cumsum().iloc[:-1]
        assert not (totals.max(axis=1) >= 151).any() or matches.loc[number, "target"] > 151


def test_xr_7_2_both_at_the_target_raise_it_to_251():
    matches = run(n=40, unit="match", rules="target_151", seed=2, chunk_size=8)
    raised = matches[matches["target"] > 151]
    assert len(raised), "no match of these 40 raised its target: choose another seed"
    assert (raised["target"] % 100 == 51).all()
    assert (raised[["points_0", "points_1"]].min(axis=1) >= 151).all()


def test_xr_7_1_a_tied_match_plays_its_extra_round():
    matches = run(n=30, unit="match", seed=3)
    assert (matches["rounds"] == 4 + matches["extra_rounds"]).all()
    assert (matches["decided_by"] == "rounds").all() and (matches["target"] == 0).all()
    tied = matches[matches["extra_rounds"] > 0]
    assert len(tied), "no match of these 30 was tied: choose another seed"
    for _, m in matches.iterrows():
        w = m["winner"]
        assert m[f"rounds_won_{w}"] > m[f"rounds_won_{1 - w}"]
    # The frame of rounds plays the 4 agreed rounds of each of these matches, dealt alike.
    rounds = run(n=4 * len(matches), seed=3)
    assert rounds.groupby("match").size().eq(4).all()
    plain = matches["extra_rounds"] == 0
    sums = rounds.groupby("match")[["points_0", "points_1"]].sum()
    assert (sums[plain.to_numpy()].to_numpy()
            == matches.loc[plain, ["points_0", "points_1"]].to_numpy()).all()
    assert (matches["first_dealer"] == rounds.groupby("match")["dealer"].first()).all()


def test_match_rows_are_the_same_whatever_the_chunks_and_workers():
    base = run(n=6, unit="match", seed=5, players="greedy,random")
    assert base.equals(run(n=6, unit="match", seed=5, players="greedy,random", chunk_size=4))
    assert base.equals(run(n=6, unit="match", seed=5, players="greedy,random", workers=2,
                           chunk_size=2))
    assert simulate("xeri", 6, unit="match", seed=5, players="greedy,random",
                    progress=False).attrs["engine"] == "reference"  # auto: whole matches


def test_a_stopped_run_of_matches_resumes():
    halt = []
    part = run(n=6, unit="match", seed=7, chunk_size=2, stop=lambda: bool(halt),
               on_chunk=lambda chunk, done, total: halt.append(done))
    assert part.attrs["stopped"] and len(part) == 2
    assert resume(part, progress=False).equals(run(n=6, unit="match", seed=7))


def test_zion_game_rows_add_up_the_hands():
    games = run("zioncheck", 2, unit="game", players="greedy", seed=1)
    assert list(games.columns) == per_seat(columns("zioncheck", unit="game"), 4)
    assert games.attrs["unit"] == "game" and (games["hands"] == 6).all()
    hands = run("zioncheck", 12, players="greedy", seed=1)
    by_game = hands.groupby("game")
    for s in range(4):
        assert by_game[f"points_{s}"].sum().tolist() == games[f"totals_{s}"].tolist()
        assert (by_game["winner"].apply(lambda w, s=s: int((w == s).sum())).tolist()
                == games[f"hands_won_{s}"].tolist())
        assert by_game[f"claims_{s}"].sum().tolist() == games[f"claims_{s}"].tolist()
    for _, g in games.iterrows():
        totals = [g[f"totals_{s}"] for s in range(4)]
        low = [s for s, t in enumerate(totals) if t == min(totals)]
        assert g["winners"] == len(low) and g["winner"] == (low[0] if len(low) == 1 else -1)
    assert (games["first_dealer"] == by_game["dealer"].first()).all()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"unit": "hand"}, "unit is 'round' .* or 'match' .*not 'hand'"),
    ({"unit": "match", "engine": "vector"}, "vector engine cannot run this: it plays rounds, "
                                            "not whole matches"),
    ({"game": "zioncheck", "unit": "match"}, "unit is 'hand' .* or 'game'"),
])
def test_bad_units_are_refused_clearly(kwargs, message):
    args = {"game": "xeri", "n": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        run(**args)


def test_zero_matches_is_an_empty_frame_with_the_columns():
    frame = run(n=0, unit="match")
    assert len(frame) == 0 and list(frame.columns) == list(columns("xeri", unit="match"))


def test_summary_of_matches_has_win_rates_and_the_first_dealer():
    matches = run(n=12, unit="match", seed=4)
    rows = P.summary(matches).set_index("measure")
    assert rows.loc["mean rounds", "mean"] == pytest.approx(matches["rounds"].mean())
    first = (matches["winner"] == matches["first_dealer"] % 2).mean()
    assert rows.loc["win rate first dealer's team", "mean"] == pytest.approx(first)
    assert "mean first_dealer" not in rows.index


def test_round_frames_are_unchanged_by_units():
    """The default unit is the game's row; naming it gives the same frame."""
    assert run(n=8, seed=2).equals(run(n=8, seed=2, unit="round"))
    assert isinstance(run(n=8, seed=2, unit="round"), pd.DataFrame)


def test_a_game_without_whole_units_keeps_its_rows(monkeypatch):
    """Go Fish (registered from outside) has no `WholeUnits`: its unit "game" is its row."""
    from pathlib import Path

    from cardkit.games import register, unregister

    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "gofish"))
    from gofish.spec import SPEC

    register(SPEC)
    try:
        rows = run("gofish", 3, players="greedy,random", seed=2)
        assert rows.equals(run("gofish", 3, players="greedy,random", seed=2, unit="game"))
        assert rows.attrs["unit"] == "game"
        with pytest.raises(ValueError, match=r"unit is 'game' .*for Go Fish, not 'match'"):
            run("gofish", 3, unit="match")
    finally:
        unregister(SPEC.name)
