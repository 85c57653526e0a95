"""`play_worlds`: every move's result in every sampled world, the worlds of `analyze` (its
means are the column averages), never peeking, and bounded."""

from __future__ import annotations

import pytest

from cardkit import play_out
from cardkit.analysis import MAX_WORLDS, Worlds, analyze, play_worlds
from cardkit.xeri import GreedyBot
from cardkit.xeri import new_game as new_xeri
from cardkit.zioncheck import new_game as new_zion


def xeri_position(seed: int = 4, plays: int = 9):
    return play_out(new_xeri(seed=seed), [GreedyBot(s, seed=s) for s in range(4)],
                    max_actions=plays)


def test_the_columns_average_to_the_analysts_means_on_the_same_worlds() -> None:
    game = xeri_position()
    worlds = play_worlds(game, samples=12, seed=5)
    analysis = analyze(game, max_samples=12, seconds=None, seed=5)
    assert isinstance(worlds, Worlds) and len(worlds) == 12
    assert len(worlds.actions) == len(analysis.moves) == len(set(game.observe(
        game.current_player).hand))
    assert analysis.samples == 12  # it stopped at the budget: the same 12 worlds
    for move in analysis.moves:
        column = worlds.column(move.action)
        assert sum(column) / len(column) == pytest.approx(move.mean)
    frame = worlds.to_frame()
    assert frame.shape == (12, len(worlds.actions))
    assert list(frame.columns) == [f"Play {card}" for card in worlds.actions]


def test_the_worlds_are_those_of_analyze_for_a_seed_even_when_it_stops_early() -> None:
    game = xeri_position(20, 40)  # two cards left: the analyst separates them quickly
    analysis = analyze(game, max_samples=200, seconds=None, seed=0)
    worlds = play_worlds(game, samples=analysis.samples, seed=0)
    for move in analysis.moves:
        column = worlds.column(move.action)
        assert sum(column) / len(column) == pytest.approx(move.mean)


def test_it_reads_only_the_seats_view_and_is_deterministic() -> None:
    game = xeri_position()
    seat = game.current_player
    first = play_worlds(game, samples=6, seed=2)
    assert play_worlds(game, samples=6, seed=2) == first
    assert play_worlds(game, samples=6, seed=3) != first
    # The same view with other hidden cards: a world sampled from the view is such a game.
    from random import Random

    from cardkit.xeri.worlds import sample_world

    other = sample_world(game.observe(seat), Random(99))
    assert other.observe(seat) == game.observe(seat)
    assert [other.hand(s) for s in range(4) if s != seat] != \
        [game.hand(s) for s in range(4) if s != seat]  # the others hold other cards
    assert play_worlds(other, seat, samples=6, seed=2).results == first.results


def test_zion_check_worlds_keep_merged_moves_and_penalty_points() -> None:
    game = new_zion(seed=3, players=3)
    worlds = play_worlds(game, samples=2, seed=0)
    assert len(worlds) == 2 and worlds.game == "zioncheck"
    assert "penalty" in worlds.measure
    for action in game.legal_actions():
        assert len(worlds.column(action)) == 2  # every legal action is rated, once


def test_bad_budgets_and_finished_games_get_clear_errors() -> None:
    game = xeri_position()
    for samples in (0, -1, MAX_WORLDS + 1, 2.5, True, "10"):
        with pytest.raises(ValueError, match="samples must be a whole number from 1"):
            play_worlds(game, samples=samples)
    with pytest.raises(ValueError, match="unknown rollout bot 'clever'"):
        play_worlds(game, samples=1, rollout="clever")
    with pytest.raises(ValueError, match="seed must be a whole number"):
        play_worlds(game, samples=1, seed=1.5)
    with pytest.raises(ValueError, match="not one of the rated actions"):
        play_worlds(game, samples=1).column("not a card")
    over = play_out(new_xeri(seed=1), [GreedyBot(s) for s in range(4)])
    with pytest.raises(ValueError, match="the game is over"):
        play_worlds(over, samples=1)


def test_zion_check_moves_shown_worse_are_set_aside_and_rated_on_their_first_worlds() -> None:
    """Zion Check's analyst sets aside a move once it is shown worse than the best
    (`Profile.set_aside`): its mean, and its loss against the best, are those of the first
    worlds of `play_worlds`, the ones it was played in; the others use every world."""
    from cardkit.pimc import CHECKPOINTS, decide
    from cardkit.zioncheck import GreedyBot as ZionGreedy

    game = new_zion(players=3, seed=7)
    bots = [ZionGreedy(s) for s in range(3)]
    play_out(game, bots, max_actions=6)
    while not (game.phase.value == "play" and len(game.legal_actions()) > 3):
        game.apply(decide(bots[game.current_player], game))
    analysis = analyze(game, max_samples=64, seconds=None, seed=0)
    aside = [move for move in analysis.moves if move.samples < analysis.samples]
    assert aside and all(move.samples in CHECKPOINTS for move in aside)
    assert analysis.moves[-len(aside):] == tuple(aside)  # listed after the others
    worlds = play_worlds(game, samples=analysis.samples, seed=0)
    assert len(worlds.actions) == len(analysis.moves)  # every move rated, once
    best = worlds.column(analysis.best.action)
    for move in analysis.moves:
        played = worlds.column(move.action)[:move.samples]
        assert sum(played) / move.samples == pytest.approx(move.mean)
        extra = [mine - theirs for mine, theirs in zip(played, best, strict=False)]
        assert move.loss == pytest.approx(max(sum(extra) / move.samples, 0.0))
    assert all(move.loss_low > 0 for move in aside)  # worse than the best on their worlds
    assert f"{len(aside)} moves were set aside" in analysis.text
