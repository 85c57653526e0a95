"""The Xeri analyst bot's tie-break on rounds won (``win_tie_break``): between cards whose
margins the analysis cannot tell apart, it plays the one that won the round in the most worlds
instead of the greedy card when that one won in more than the given share of worlds more."""

from __future__ import annotations

import pytest

from cardkit.pimc import decide
from cardkit.xeri import GreedyBot, new_game
from cardkit.xeri.analyst import WIN_TIE_BREAK, AnalystBot
from cardkit.zioncheck.analyst import AnalystBot as ZionAnalyst


def test_the_default_is_the_games_and_bad_values_get_a_clear_error() -> None:
    assert AnalystBot(0).win_tie_break == WIN_TIE_BREAK == 0.05
    assert AnalystBot(0, win_tie_break=False).win_tie_break is None
    assert AnalystBot(0, win_tie_break=0.2).win_tie_break == 0.2
    assert ZionAnalyst(0).win_tie_break is None  # Zion Check keeps the greedy move
    for bad in (-0.1, 1.5, float("nan"), "0.1", None):
        with pytest.raises(ValueError, match="win_tie_break is True"):
            AnalystBot(0, win_tie_break=bad)  # type: ignore[arg-type]  # wrong on purpose


def test_between_close_cards_it_plays_the_one_that_won_most_when_it_won_enough_more() -> None:
    kept = broken = overruled = 0
    for seed in range(8):
        match = new_game(seed=seed)
        greedy = [GreedyBot(s, seed=s) for s in range(4)]
        while match.round_number == 1 and len(match.history) < 24:
            seat = match.current_player
            view = match.observe(seat)
            if len(view.hand) > 2 and seat == 0:
                bot = AnalystBot(seat, seed=seed, seconds=None, max_samples=40)
                bot.decisions = len(match.history)  # a fresh seed at every decision
                chosen = bot.choose(view)
                analysis = bot.last
                assert analysis is not None
                heuristic = GreedyBot(seat, seed=(seed * 1_000_003 + bot.decisions)
                                      & 0x7FFFFFFF).choose(view)
                close = [m for m in analysis.moves if m.loss_low <= 0]
                rated = analysis.value_of(heuristic)
                if rated not in close:
                    assert chosen == analysis.best.action
                    overruled += 1
                else:
                    top = max(close, key=lambda m: (m.chance, m.mean))
                    if top.chance > rated.chance + WIN_TIE_BREAK:
                        assert chosen == top.action != heuristic
                        broken += 1
                    else:
                        assert chosen == heuristic
                        kept += 1
                    same = AnalystBot(seat, seed=seed, seconds=None, max_samples=40,
                                      win_tie_break=False)
                    same.decisions = len(match.history)
                    assert same.choose(view) == heuristic  # off: the greedy card
            match.apply(decide(greedy[seat], match))
    assert kept and broken and overruled, (kept, broken, overruled)


def test_in_zion_check_the_tie_break_prefers_fewer_penalty_points_between_equal_chances(
        ) -> None:
    """Where lower results are better (Zion Check's penalty points, ZC-14.1), a tie in the
    chance to go out first (ZC-13.1) goes to the move with the fewer points, not the more."""
    from cardkit.zioncheck import GreedyBot as ZionGreedy
    from cardkit.zioncheck import new_game as new_zion
    from cardkit.zioncheck.analyst import move_key

    game = new_zion(seed=4, players=4)
    greedy = [ZionGreedy(s, seed=s) for s in range(4)]
    rated = 0
    while rated < 4 and not game.is_over:
        seat = game.current_player
        view = game.observe(seat)
        if seat == 0 and len(game.legal_actions()) > 2:
            bot = ZionAnalyst(seat, seed=3, seconds=None, max_samples=8, win_tie_break=0.0)
            chosen = bot.choose(view)
            analysis = bot.last
            assert analysis is not None
            heuristic = ZionGreedy(seat, seed=(3 * 1_000_003 + bot.decisions)
                                   & 0x7FFFFFFF).choose(view)
            close = [m for m in analysis.moves if m.loss_low <= 0]
            kept = analysis.value_of(heuristic)
            if kept in close:
                top = max(close, key=lambda m: (m.chance, -m.mean))
                expected = top.action if top.chance > kept.chance else heuristic
                assert move_key(chosen) == move_key(expected)
                rated += 1
        game.apply(decide(greedy[seat], game))
    assert rated == 4
