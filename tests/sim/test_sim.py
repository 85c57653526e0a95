"""cardkit.sim.simulate: columns, reproducibility across workers/executors/chunks, stopping,
resuming and refusals."""

from __future__ import annotations

import concurrent.futures as cf
import threading

import pandas as pd
import pytest

from cardkit import probability as P
from cardkit.sim import columns, resume, simulate
from cardkit.xeri import GreedyBot, RandomBot

XERI_COLUMNS = columns("xeri")
ZION_COLUMNS = columns("zioncheck")


def run(game="xeri", n=24, **kw):
    kw.setdefault("progress", False)
    kw.setdefault("engine", "reference")
    return simulate(game, n, **kw)


def test_xeri_rows_are_rounds_with_the_documented_columns():
    frame = run(n=10, players="greedy,random", seed=3)
    assert list(frame.columns) == list(XERI_COLUMNS) and len(frame) == 10
    assert (frame["round"].tolist()[:8] == [1, 2, 3, 4, 1, 2, 3, 4])
    # The deal passes to the left in each match (XR-2.1).
    first = frame[frame["match"] == 0]["dealer"].tolist()
    assert first == [(first[0] + i) % 4 for i in range(4)]
    # Card points are 25 a round (22 at 26-26), and the parts add up to the points (XR-6).
    tie = frame["cards_0"] == 26
    assert ((frame["card_points_0"] + frame["card_points_1"]) == 25 - 3 * tie).all()
    for t in (0, 1):
        assert (frame[f"card_points_{t}"] + frame[f"xeri_points_{t}"]
                == frame[f"points_{t}"]).all()
        assert (frame[f"xeri_points_{t}"] == 10 * frame[f"xeris_{t}"]
                + 20 * frame[f"jack_xeris_{t}"]).all()
    assert ((frame["cards_0"] + frame["cards_1"]) == 52).all()
    assert frame["winner"].isin([-1, 0, 1]).all()
    assert frame.attrs["engine"] == "reference" and not frame.attrs["stopped"]


def test_zion_rows_are_hands_with_the_documented_columns():
    frame = run("zioncheck", 7, players=["greedy", "greedy", "random"], seed=1)
    expected = []
    for name in ZION_COLUMNS:
        expected += [name.format(s=s) for s in range(3)] if "{s}" in name else [name]
    assert list(frame.columns) == expected and len(frame) == 7
    assert frame["hand"].tolist() == [1, 2, 3, 4, 5, 6, 1]
    assert frame["contract"].iloc[0] == "2 sets" and frame["cards_dealt"].iloc[5] == 14
    went_out = frame[frame["winner"] >= 0]
    for _, row in went_out.iterrows():
        assert row[f"points_{row['winner']}"] == 0 and row[f"down_turn_{row['winner']}"] > 0
    assert (frame["went_down"] == sum((frame[f"down_turn_{s}"] > 0) for s in range(3))).all()


def test_same_frame_whatever_the_chunks_and_workers():
    base = run(n=30, players="greedy,random", seed=5)
    assert base.equals(run(n=30, players="greedy,random", seed=5, chunk_size=7))
    assert base.equals(run(n=30, players="greedy,random", seed=5, workers=2, chunk_size=8))
    with cf.ThreadPoolExecutor(2) as pool:
        assert base.equals(run(n=30, players="greedy,random", seed=5, executor=pool,
                               chunk_size=4))
    assert not base.equals(run(n=30, players="greedy,random", seed=6))


def test_dask_executor_gives_the_same_frame():
    distributed = pytest.importorskip("distributed")
    base = run(n=12, seed=9)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address=None) as client:
        frame = run(n=12, seed=9, executor=client.get_executor(), chunk_size=4)
    assert frame.equals(base)


def test_on_chunk_streams_every_chunk_in_order():
    seen = []
    frame = run(n=20, seed=2, chunk_size=8,
                on_chunk=lambda part, done, total: seen.append((len(part), done, total)))
    assert [d for _, d, _ in seen] == [8, 16, 20] and all(t == 20 for *_, t in seen)
    assert sum(k for k, _, _ in seen) == len(frame) == 20


def test_stop_returns_finished_rows_and_resume_completes_the_run():
    halt = threading.Event()

    def on_chunk(part, done, total):
        if done >= 8:
            halt.set()

    part = run(n=24, seed=4, chunk_size=4, stop=halt, on_chunk=on_chunk)
    assert part.attrs["stopped"] and len(part) == 8
    whole = run(n=24, seed=4)
    assert part.equals(whole.iloc[:8])
    assert resume(part, progress=False).equals(whole)


def test_keyboard_interrupt_stops_cleanly():
    calls = []

    def on_chunk(part, done, total):
        calls.append(done)
        if done >= 8:
            raise KeyboardInterrupt

    frame = run(n=40, seed=1, chunk_size=4, on_chunk=on_chunk)
    assert frame.attrs["stopped"] and len(frame) == 8


def test_bots_as_classes_factories_and_objects():
    by_kind = run(n=8, players=["greedy", "random"], seed=2)
    by_class = run(n=8, players=[GreedyBot, RandomBot], seed=2)
    assert by_kind.equals(by_class)
    one = run(n=8, players=RandomBot(0, seed=1), seed=2)
    assert len(one) == 8
    each = run(n=8, players=[RandomBot(s, seed=1) for s in range(4)], seed=2)
    assert each.equals(one)  # a copy of the object per seat and game: the same play


class Exploding:
    def choose(self, game):
        raise RuntimeError("out of ideas")

    def __repr__(self):
        return "Exploding()"


class Cheater:
    """Plays a card that is not in its hand."""

    def choose(self, game):
        from cardkit.cards import Card

        hand = set(game.legal_actions())
        return next(Card(r, s) for r in range(1, 14) for s in "CDHS" if Card(r, s) not in hand)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"n": -1}, "n is the number of rounds to play"),
    ({"n": 2.5}, "n is the number"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"players": "random,clever"}, r"seat 1 \(East\): unknown bot kind 'clever'"),
    ({"players": "random,random,random"}, "give 1, 2 or 4 players"),
    ({"players": ["random", Exploding()]}, r"seat 1 \(East\).*raised RuntimeError: out of"),
    ({"players": [Cheater()]}, r"seat \d \(\w+\).*illegal action .*XR-3.1"),
    ({"workers": 0}, "workers must be"),
    ({"chunk_size": 0}, "chunk_size must be"),
    ({"engine": "warp"}, "engine is 'auto', 'vector' or 'reference'"),
    ({"rules": "fast"}, "unknown 4-Player Xeri rules preset 'fast'"),
    ({"stop": 3}, "stop is a threading.Event"),
])
def test_bad_arguments_are_refused_clearly(kwargs, message):
    args = {"game": "xeri", "n": 4, **kwargs}
    with pytest.raises(ValueError, match=message):
        run(**args)


def test_zion_bad_players_name_the_seat():
    with pytest.raises(ValueError, match=r"seat 2: unknown bot kind 'smart'"):
        run("zioncheck", 3, players="greedy,random,smart")
    with pytest.raises(ValueError, match="2 to 16 players"):
        run("zioncheck", 3, players=["random"] * 17)


def test_zero_rows_is_an_empty_frame_with_the_columns():
    frame = run(n=0)
    assert len(frame) == 0 and list(frame.columns) == list(XERI_COLUMNS)


def test_summary_gives_means_with_intervals_and_win_rates():
    frame = run(n=40, players="greedy,random", seed=8)
    table = P.summary(frame)
    rows = table.set_index("measure")
    mean = frame["points_0"].mean()
    assert rows.loc["mean points_0", "mean"] == pytest.approx(mean)
    assert rows.loc["mean points_0", "low"] < mean < rows.loc["mean points_0", "high"]
    assert rows.loc["win rate team 0", "mean"] == pytest.approx((frame["winner"] == 0).mean())
    assert "win rate dealer's team" in rows.index


def test_dealer_team_share_of_the_last_pile_is_an_estimate():
    frame = run(n=40, seed=3)
    est = P.dealer_team_last_pile_share(frame)
    assert est.n == frame["leftover_cards"].sum() and 0 <= est.value <= 1
    with pytest.raises(ValueError, match="leftover_team"):
        P.dealer_team_last_pile_share(pd.DataFrame({"dealer": [0]}))


def test_the_old_column_names_still_work_with_a_warning():
    import cardkit.sim as sim

    with pytest.warns(DeprecationWarning, match="columns"):
        assert columns("xeri") == sim.XERI_COLUMNS
    with pytest.warns(DeprecationWarning):
        assert columns("zioncheck") == sim.ZION_COLUMNS
    with pytest.raises(AttributeError):
        sim.NO_SUCH_THING  # noqa: B018
