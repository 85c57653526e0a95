"""The tables' drawings, pure functions of a game (or a result): the Zion Check finished hand's
table and results sheet, the Xeri score sheet, scoreboard and round result, and the teaching
view that draws the learner's cards once. Each is asked of seeded games or hand-made results."""

from __future__ import annotations

import re
from types import MappingProxyType, SimpleNamespace

import pytest

from cardkit import play_out
from cardkit.cards import parse_cards
from cardkit.xeri import GreedyBot, Rules, new_game
from cardkit.xeri import draw as xeri_draw
from cardkit.zioncheck import HandResult
from cardkit.zioncheck import Rules as ZionRules
from cardkit.zioncheck import draw as zion_draw

RESULT = HandResult(
    hand_number=2, dealer=0, winner=1, points={0: 27, 1: 0, 2: 9}, stuck=(0,),
    reason="went out", turns=14,
    hands={0: tuple(parse_cards("KS QH 5D")), 1: (), 2: tuple(parse_cards("9C"))})


def aria_cards(page: str) -> set[str]:
    return set(re.findall(r'aria-label="([a-z]+ of [a-z]+)"', page))


def test_zc_14_1_the_finished_hands_table_shows_each_seats_cards_left_and_points():
    page = zion_draw.hand_end_html(RESULT, ZionRules(), you=2)
    assert 'data-hand="2"' in page and "Hand 2 of 6 is over: Seat 1 went out" in page
    assert "Contract: 1 set + 1 run (ZC-4)" in page
    assert "3 cards left: 27 penalty points for hand 2" in page
    assert "1 card left: 9 penalty points for hand 2" in page
    assert "0 cards left: 0 penalty points for hand 2" in page
    assert "stuck: not gone down" in page and "went out" in page  # ZC-13.2 and the winner
    # the seats in order from the learner's; their own cards are the app's hand row
    assert [int(s) for s in re.findall(r'data-seat="(\d)"', page)] == [2, 0, 1]
    assert "Seat 2 (you)" in page and "Your 1 card left, shown in your hand row" in page
    assert aria_cards(page) == {"king of spades", "queen of hearts", "five of diamonds"}


def test_zc_14_1_the_finished_hands_table_without_a_learner_draws_every_seats_cards():
    page = zion_draw.hand_end_html(RESULT, ZionRules())
    assert [int(s) for s in re.findall(r'data-seat="(\d)"', page)] == [0, 1, 2]
    assert "nine of clubs" in aria_cards(page) and "(you)" not in page


def hand_made_game(*, over: bool) -> SimpleNamespace:
    """What results_html reads of a game: two finished hands (or a finished game)."""
    first = HandResult(hand_number=1, dealer=2, winner=None, points={0: 5, 1: 12, 2: 3},
                       stuck=(), reason="stock exhausted", turns=60,
                       hands={0: (), 1: (), 2: ()})
    return SimpleNamespace(players=3, results=(first, RESULT),
                           totals=MappingProxyType({0: 32, 1: 12, 2: 12}), is_over=over,
                           winners=(1, 2) if over else ())


def test_zc_14_1_the_results_sheet_has_a_row_per_hand_with_the_totals():
    page = zion_draw.results_html(hand_made_game(over=False), you=0)
    rows = re.findall(r"<tr><td[^>]*>Hand (\d)</td>(.*?)</tr>", page)
    assert [number for number, _ in rows] == ["1", "2"]
    assert re.findall(r"<td[^>]*>([^<]*)</td>", rows[1][1]) == [
        "27 (stuck)", "0", "9", "Seat 1 went out"]
    assert "nobody went out (stock exhausted)" in rows[0][1]
    assert re.search(r"<th[^>]*>Seat 0 \(you\)</th>", page)
    assert re.findall(r"<td[^>]*><b>(\d+)</b></td>", page) == ["32", "12", "12"]
    assert "Game over" not in page


def test_zc_14_2_the_results_sheet_names_the_winners_once_the_game_is_over():
    page = zion_draw.results_html(hand_made_game(over=True))
    assert "Game over: Seat 1 and Seat 2 win with the lowest total (ZC-14.2)." in page


@pytest.fixture(scope="module")
def one_round():
    """A Xeri match after its first round (48 plays)."""
    return play_out(new_game(seed=7), [GreedyBot(s, seed=s) for s in range(4)],
                    max_actions=48)


def test_xr_6_the_score_sheet_itemises_each_teams_points_with_their_rules(one_round):
    sheets = one_round.round_scores[0]
    page = xeri_draw.score_sheet_html(sheets, round_number=1)
    assert 'data-round="1"' in page and "Round 1 score sheet" in page
    for team, name in enumerate(("North–South", "East–West")):
        table = re.search(rf'<table class="ck-score-sheet" data-team="{team}".*?</table>',
                          page).group(0)
        assert name in table and f"Cards taken: {sheets[team].cards}." in table
        for line in sheets[team].lines:
            assert line.rule in table
        assert re.search(rf">{sheets[team].total}</td><td[^>]*>total<", table)
    with pytest.raises(ValueError, match="expected"):
        xeri_draw.score_sheet_html({0: sheets[0]})


def test_xr_6_1_the_round_result_says_who_won_it_by_how_much(one_round):
    assert xeri_draw.round_end_html(new_game(seed=7)) == ""  # no round over yet
    page = xeri_draw.round_end_html(one_round)
    totals = sorted(sheet.total for sheet in one_round.round_scores[0].values())
    assert re.search(rf"Round 1 over: (North–South|East–West) win {totals[1]} to {totals[0]} "
                     r"\(XR-6\.1\)\.", page) or "a tie at" in page
    assert "ck-match-end" not in page  # the match goes on


def test_xr_7_the_scoreboard_puts_what_decides_the_match_first(one_round):
    board = xeri_draw.scoreboard_html(one_round)
    assert board.index("Rounds won") < board.index("Points")
    assert "(rounds decide the match, XR-7.1)" in board
    target = xeri_draw.scoreboard_html(new_game(seed=1, rules=Rules(target=151)))
    assert target.index("Points") < target.index("Rounds won")
    assert "(first to 151 wins, XR-7.2)" in target


def test_xr_9_1_the_teaching_view_draws_the_learners_cards_once():
    match = new_game(seed=3)
    south = set(match.hand(2))
    others = {card for seat in (0, 1, 3) for card in match.hand(seat)}
    page = xeri_draw.table_html(match, view=None, own_hand_note="in the hand row", note_seat=2)
    names = aria_cards(page)
    assert {card.name for card in others} <= names  # every other hand open
    assert not {card.name for card in south - others - set(match.pile)} & names
    assert "in the hand row" in page
    # without note_seat the open view draws every hand, as before
    assert {card.name for card in south} <= aria_cards(xeri_draw.table_html(match))
