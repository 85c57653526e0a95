"""Score charts: trace values and names from real seeded games and hand-made score data."""

from __future__ import annotations

import re
from types import SimpleNamespace

import plotly.graph_objects as go
import pytest

from cardkit import play_out
from cardkit.cards import parse_cards
from cardkit.games import get_game
from cardkit.widgets import charts
from cardkit.xeri import Rules, ScoreLine, new_game, score_round


@pytest.fixture(scope="module")
def match():
    return play_out(new_game(seed=7), get_game("xeri").make_bots("greedy", seed=7))


@pytest.fixture(scope="module")
def target_match():
    return play_out(new_game(seed=3, rules=Rules(target=151)),
                    get_game("xeri").make_bots("greedy", seed=3))


def _round(team0: str, team1: str, xeris0: str = "", xeris1: str = "") -> dict:
    """One round scored by the core from the cards each team captured."""
    return score_round({0: parse_cards(team0), 1: parse_cards(team1)},
                       {0: parse_cards(xeris0), 1: parse_cards(xeris1)})


_LOW = [f"{rank}{suit}" for rank in range(3, 10) for suit in "CDHS"] + ["2D", "2H", "2S"]
_LOW.remove("7H")
HAND_MADE = [
    # North–South: 30 cards with A♣, 2♣ and a Xeri on 7♥: 3 + 1 + 1 + 10 = 15.
    # East–West: 5 cards with 10♦, J♦ and a jack Xeri on J♠ (taken by the J♦):
    # 1 + 1 + 1 + 1 + 20 = 24. (score_round refuses a jack Xeri without a second jack.)
    _round("AC 2C 7H " + " ".join(_LOW[:27]), "10D JS JD " + " ".join(_LOW[27:29]),
           xeris0="7H", xeris1="JS"),
    _round("KS " + " ".join(_LOW[:3]), "QD " + " ".join(_LOW[3:6])),
]


def by_name(fig: go.Figure) -> dict[str, object]:
    return {trace.name: trace for trace in fig.data}


@pytest.mark.parametrize(
    ("line", "item"),
    [
        (ScoreLine("more cards: 27 against 25", 3, "XR-6"), "majority of cards"),
        (ScoreLine("ace A♣", 1, "XR-6"), "honours (A K Q J 10)"),
        (ScoreLine("ten 10♦", 1, "XR-6"), "honours (A K Q J 10)"),
        (ScoreLine("the 10♦, one more", 1, "XR-6"), "2♣ and 10♦ extra"),
        (ScoreLine("the 2♣", 1, "XR-6"), "2♣ and 10♦ extra"),
        (ScoreLine("Xeri with 7♥", 10, "XR-4.1"), "Xeris"),
        (ScoreLine("jack Xeri with J♠", 20, "XR-4.2"), "jack Xeris"),
    ],
)
def test_xr_6_score_lines_fall_into_their_stack(line, item):
    assert charts.xeri_item(line) == item


def test_xeri_round_chart_stacks_hand_made_sheets_by_item():
    fig = charts.xeri_round_chart(HAND_MADE)
    traces = by_name(fig)
    assert list(traces) == list(charts.XERI_ITEMS)
    # bars run Round 1 N–S, Round 1 E–W, Round 2 N–S, Round 2 E–W
    assert list(traces["majority of cards"].y) == [3, 0, 0, 0]
    assert list(traces["honours (A K Q J 10)"].y) == [1, 3, 1, 1]
    assert list(traces["2♣ and 10♦ extra"].y) == [1, 1, 0, 0]
    assert list(traces["Xeris"].y) == [10, 0, 0, 0]
    assert list(traces["jack Xeris"].y) == [0, 20, 0, 0]
    x_round, x_team = fig.data[0].x
    assert list(x_round) == ["Round 1", "Round 1", "Round 2", "Round 2"]
    assert list(x_team) == ["North–South", "East–West"] * 2
    assert fig.layout.barmode == "relative"
    assert "+10 Xeri with 7♥ (XR-4.1)" in traces["Xeris"].customdata[0]


def test_xeri_round_chart_of_a_real_match_adds_up_to_each_sheet(match):
    fig = charts.xeri_round_chart(match)
    rounds = match.round_scores
    assert len(fig.data[0].y) == 2 * len(rounds)
    for index, (number, team) in enumerate((n, t) for n in range(len(rounds)) for t in (0, 1)):
        stacked = sum(trace.y[index] for trace in fig.data)
        assert stacked == rounds[number][team].total


def test_xeri_running_chart_totals_reach_the_match_totals(match):
    fig = charts.xeri_running_chart(match)
    north_south, east_west = fig.data
    assert (north_south.name, east_west.name) == ("North–South", "East–West")
    assert north_south.y[0] == 0 and east_west.y[0] == 0
    assert north_south.y[-1] == match.totals[0] and east_west.y[-1] == match.totals[1]
    assert list(north_south.x) == list(range(len(match.round_scores) + 1))
    assert not fig.layout.shapes  # a match over a number of rounds has no target line


def test_xr_7_2_running_chart_draws_the_target_line(target_match):
    fig = charts.xeri_running_chart(target_match)
    (line,) = fig.layout.shapes
    assert line.y0 == line.y1 == target_match.target
    assert f"target {target_match.target}" in fig.layout.annotations[0].text
    assert max(fig.data[target_match.winner].y) >= target_match.target


def test_charts_update_a_figure_widget_in_place(match):
    widget = go.FigureWidget(charts.xeri_round_chart([]))
    assert widget.layout.annotations[0].text == "no round finished yet"
    assert charts.xeri_round_chart(HAND_MADE, fig=widget) is widget
    assert list(widget.data[3].y) == [10, 0, 0, 0]
    assert not widget.layout.annotations
    charts.xeri_round_chart(match, fig=widget)
    assert len(widget.data) == len(charts.XERI_ITEMS)
    assert len(widget.data[0].y) == 2 * len(match.round_scores)

    running = go.FigureWidget(charts.xeri_running_chart([], target=151))
    assert charts.xeri_running_chart(HAND_MADE, target=151, fig=running) is running
    assert list(running.data[0].y) == [0, 15, 16]
    assert list(running.data[1].y) == [0, 24, 25]
    assert running.layout.shapes[0].y0 == 151


def test_bad_xeri_sources_are_refused():
    with pytest.raises(ValueError, match="XeriMatch or a list"):
        charts.xeri_round_chart(42)
    with pytest.raises(ValueError, match="round 1"):
        charts.xeri_running_chart([{0: HAND_MADE[0][0]}])


def test_xeri_score_table_itemises_both_teams():
    html = charts.xeri_score_table(HAND_MADE[0], round_number=1)
    assert "Round 1 score sheet" in html
    assert html.count('class="ck-score-sheet"') == 2
    assert "more cards: 30 against 5" in html and "jack Xeri with J♠" in html
    assert re.search(r">15</td><td[^>]*>total</td></tr><tr>.*?Cards taken: 30\.</td>", html)
    assert re.search(r">24</td><td[^>]*>total</td></tr><tr>.*?Cards taken: 5\.</td>", html)
    assert "XR-4.2" in html
    with pytest.raises(ValueError, match="ScoreSheet"):
        charts.xeri_score_table({0: HAND_MADE[0][0]})


def test_xeri_score_table_escapes_text():
    odd = SimpleNamespace(cards=1, card_points=1, xeri_points=0, total=1,
                          lines=(ScoreLine("<b>odd</b>", 1, "XR-6"),))
    empty = SimpleNamespace(cards=0, card_points=0, xeri_points=0, total=0, lines=())
    html = charts.xeri_score_table({0: odd, 1: empty})
    assert "<b>odd" not in html and "&lt;b&gt;odd" in html
    assert "no points" in html


def test_xeri_score_charts_bundle_updates(match):
    bundle = charts.XeriScoreCharts()
    assert bundle.sheet.value == ""
    round_fig, running_fig = bundle.round_fig, bundle.running_fig
    bundle.update(match)
    assert bundle.round_fig is round_fig and bundle.running_fig is running_fig
    assert running_fig.data[0].y[-1] == match.totals[0]
    assert f"Round {len(match.round_scores)} score sheet" in bundle.sheet.value


ZION_HANDS = [{0: 0, 1: 35, 2: 60}, {0: 20, 1: 0, 2: 15}, {0: 5, 1: 40, 2: 0}]


def test_zion_totals_chart_bars_per_hand_and_running_totals():
    fig = charts.zion_totals_chart(ZION_HANDS)
    traces = by_name(fig)
    assert [t.name for t in fig.data] == [
        "Seat 0", "Seat 1", "Seat 2", "Seat 0 total", "Seat 1 total", "Seat 2 total"]
    assert list(traces["Seat 1"].y) == [35, 0, 40]
    assert list(traces["Seat 1"].x) == ["Hand 1", "Hand 2", "Hand 3"]
    assert list(traces["Seat 0 total"].y) == [0, 20, 25]
    assert list(traces["Seat 2 total"].y) == [60, 75, 75]
    assert traces["Seat 2 total"].xaxis == "x2"


def test_zion_totals_chart_reads_results_and_games():
    results = [SimpleNamespace(points=points) for points in ZION_HANDS]
    game = SimpleNamespace(players=4, results=tuple(results))
    fig = charts.zion_totals_chart(game)
    assert len(fig.data) == 8  # four players, even one with no points yet
    assert list(by_name(fig)["Seat 3"].y) == [0, 0, 0]
    assert list(by_name(fig)["Seat 1 total"].y) == [35, 35, 75]
    with pytest.raises(ValueError, match="hand 2"):
        charts.zion_totals_chart([{0: 1}, {"x": 1}])
    with pytest.raises(ValueError, match="ZionGame"):
        charts.zion_totals_chart(3.5)


def test_zion_score_charts_update_in_place():
    bundle = charts.ZionScoreCharts(players=3)
    fig = bundle.fig
    assert isinstance(fig, go.FigureWidget) and len(fig.data) == 6
    assert fig.layout.annotations[0].text == "no hand finished yet"
    bundle.update(ZION_HANDS[:2])
    assert bundle.fig is fig
    assert list(fig.data[0].y) == [0, 20]
    assert not fig.layout.annotations


def test_xeri_score_table_of_a_match_gives_every_round_latest_first(match):
    html = charts.xeri_score_table(match)
    rounds = re.findall(r'data-round="(\d+)"', html)
    assert rounds == [str(n) for n in range(len(match.round_scores), 0, -1)]
    assert html.count('class="ck-score-sheet"') == 2 * len(match.round_scores)
    last = match.round_scores[-1][0]
    assert f"Cards taken: {last.cards}." in html
    assert "no round finished yet" in charts.xeri_score_table([])


def test_widget_flag_gives_figure_widgets_that_fit_in_boxes(match):
    import ipywidgets

    figures = [charts.xeri_round_chart(match, widget=True),
               charts.xeri_running_chart(match, widget=True),
               charts.zion_totals_chart(ZION_HANDS, widget=True)]
    assert all(isinstance(fig, go.FigureWidget) for fig in figures)
    assert len(ipywidgets.VBox(figures).children) == 3
    assert type(charts.xeri_round_chart(match)) is go.Figure


def test_zion_totals_chart_of_a_real_game_reaches_its_totals():
    from cardkit.zioncheck import new_game

    game = play_out(new_game(players=3, seed=2),
                    get_game("zioncheck").make_bots("greedy", seed=2, players=3))
    fig = charts.zion_totals_chart(game)
    traces = by_name(fig)
    assert len(fig.data) == 6
    assert len(traces["Seat 0"].y) == len(game.results) == 6
    for seat in range(3):
        assert list(traces[f"Seat {seat}"].y) == [r.points[seat] for r in game.results]
        assert traces[f"Seat {seat} total"].y[-1] == game.totals[seat]
