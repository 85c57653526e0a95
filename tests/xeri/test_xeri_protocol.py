"""The names both games share (issue 8, TEAM.md): phase, seats, views, results, loaders, and the
old Xeri names kept one release as aliases that warn."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from cardkit import play_out
from cardkit.engine import Game
from cardkit.games import get_game, load_record
from cardkit.xeri import (
    PRESETS,
    SEAT_NAMES,
    EventKind,
    GreedyBot,
    Phase,
    PlayKind,
    RandomBot,
    RoundResult,
    Rules,
    XeriMatch,
    XeriView,
    draw,
    new_game,
    resolve_play,
    seat_name,
)


def finished(seed: int = 7, rules: Rules | None = None) -> XeriMatch:
    return play_out(new_game(seed=seed, rules=rules), [GreedyBot(s, seed=s) for s in range(4)])


def test_phase_num_players_and_seat_names():
    match = new_game(seed=2)
    assert isinstance(match, Game)
    assert match.phase is Phase.PLAY and match.num_players == 4 and XeriMatch.num_players == 4
    assert [match.seat_name(s) for s in range(4)] == list(SEAT_NAMES)
    assert [seat_name(s) for s in range(4)] == ["North", "East", "South", "West"]
    for bad in (4, -1, True, 1.0):
        with pytest.raises(ValueError, match="a seat is 0, 1, 2 or 3"):
            seat_name(bad)
        with pytest.raises(ValueError, match="a seat is 0, 1, 2 or 3"):
            match.seat_name(bad)
    over = finished()
    assert over.phase is Phase.OVER and over.is_over and over.current_player is None


def test_events_and_history_are_read_only_tuples():
    match = new_game(seed=5)
    card = match.legal_actions()[0]
    match.apply(card)
    assert isinstance(match.events, tuple) and isinstance(match.history, tuple)
    assert match.history == (card,)
    with pytest.raises(AttributeError):
        match.events.append(None)
    with pytest.raises(TypeError):
        match.history[0] = None


def test_xr_9_1_observe_is_a_frozen_value_that_does_not_follow_the_match():
    match = new_game(seed=11)
    seat = match.current_player
    view = match.observe(seat)
    assert isinstance(view, XeriView) and view.my_turn
    assert view.legal_actions() == match.legal_actions()
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), XeriMatch)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()
    before = dataclasses.astuple(view)
    match.apply(match.legal_actions()[0])
    assert dataclasses.astuple(view) == before  # the old view did not move
    after = match.observe(seat)
    assert after.hand != view.hand and not after.my_turn and after.legal_actions() == []
    assert after.played == match.round_plays and after.hand_sizes == match.hand_sizes
    with pytest.raises(ValueError, match="a seat is 0, 1, 2 or 3"):
        match.observe(4)


def test_results_hold_one_frozen_round_result_per_finished_round():
    match = finished(7, PRESETS["seed_variants"])
    results = match.results
    assert isinstance(results, tuple) and len(results) == match.round_number
    assert len(results) == len(match.round_scores)
    running = [0, 0]
    for number, (result, sheets) in enumerate(zip(results, match.round_scores, strict=True), 1):
        assert isinstance(result, RoundResult) and result.number == number
        assert result.sheets == sheets
        assert result.points == (sheets[0].total, sheets[1].total)
        assert result.captured == (sheets[0].cards, sheets[1].cards)
        assert sum(result.captured) == 52
        p0, p1 = result.points
        assert result.winner == (None if p0 == p1 else (0 if p0 > p1 else 1))
        assert result.winners == (() if result.winner is None else
                                  (result.winner, result.winner + 2))
        assert sum(result.xeris) == sum(1 for line in (*sheets[0].lines, *sheets[1].lines)
                                        if "Xeri" in line.label)
        assert result.redeals >= 0 and result.dealer in range(4)
        running = [running[0] + p0, running[1] + p1]
        assert result.totals == tuple(running)
        with pytest.raises(dataclasses.FrozenInstanceError):
            result.winner = None
    assert results[-1].totals == (match.totals[0], match.totals[1])
    dealers = [e.seat for e in match.events if e.kind is EventKind.NEW_ROUND]
    assert [r.dealer for r in results] == dealers
    redeals = [0] * len(results)
    number = 0
    for event in match.events:
        if event.kind is EventKind.NEW_ROUND:
            number = event.number
        elif event.kind is EventKind.REDEAL:
            redeals[number - 1] += 1
    assert [r.redeals for r in results] == redeals
    assert match.winners == (match.winner, match.winner + 2)
    assert new_game(seed=1).results == () and new_game(seed=1).winners == ()


def test_xr_5_1_a_round_result_names_the_last_capturer_and_the_leftover():
    captures = (EventKind.CAPTURE, EventKind.XERI, EventKind.JACK_XERI)
    checked = 0
    for seed in range(12):
        match = finished(seed, Rules(rounds=2))
        last, leftover, number = None, (), 0
        for event in match.events:
            if event.kind is EventKind.NEW_ROUND:
                last, leftover = None, ()
            elif event.kind in captures:
                last = event.seat
            elif event.kind is EventKind.LEFTOVER:
                leftover = event.cards
            elif event.kind is EventKind.ROUND_SCORED:
                result = match.results[number]
                assert (result.last_capturer, result.leftover) == (last, leftover)
                number += 1
                checked += bool(leftover)
    assert checked > 5


def test_totals_is_a_fresh_copy():
    match = finished(4)
    totals = match.totals
    totals[0] = -1
    assert match.totals[0] != -1


def test_load_record_and_rules_from_dict_replay_and_read_back():
    match = finished(6, PRESETS["target_151"])
    again = load_record(match.to_json())
    assert isinstance(again, XeriMatch) and again.snapshot() == match.snapshot()
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match="unknown Xeri rule option 'targte'"):
        Rules.from_dict({"targte": 151})
    with pytest.raises(ValueError, match="played by 4 players"):
        new_game(seed=1, players=3)


def test_play_kind_says_what_a_play_does():
    from cardkit import parse_card, parse_cards

    cases = {
        ((), "5D"): PlayKind.NEW_PILE,
        (("9C",), "5D"): PlayKind.STAYS,
        (("9C", "5C"), "5D"): PlayKind.CAPTURE,
        (("5C",), "JD"): PlayKind.CAPTURE,
        (("5C",), "5D"): PlayKind.XERI,
        (("JC",), "JD"): PlayKind.JACK_XERI,
    }
    for (pile, card), kind in cases.items():
        outcome = resolve_play(parse_cards(" ".join(pile)), parse_card(card))
        assert outcome.kind is kind, (pile, card)
        assert outcome.captures == (kind in (PlayKind.CAPTURE, PlayKind.XERI,
                                             PlayKind.JACK_XERI))
        assert outcome.xeri == (kind in (PlayKind.XERI, PlayKind.JACK_XERI))


def test_the_table_is_drawn_beside_the_game():
    import cardkit.render as render

    match = new_game(seed=3)
    assert match._repr_html_() == draw.table_html(match)
    assert get_game("xeri").table_html(match, 2) == draw.table_html(match, 2)
    assert not hasattr(render, "xeri_table_html")
    source = Path(render.__file__).read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from|import) cardkit\.xeri", source, re.MULTILINE)


# ----------------------------------------------------------------- the old names warn


def test_new_match_is_a_deprecated_alias_of_new_game():
    from cardkit.xeri import new_match

    with pytest.warns(DeprecationWarning, match="use cardkit.xeri.new_game"):
        old = new_match(3, dealer=1)
    assert old.snapshot() == new_game(seed=3, dealer=1).snapshot()


def test_rules_from_dict_is_a_deprecated_alias_of_rules_from_dict():
    from cardkit.xeri import rules_from_dict

    with pytest.warns(DeprecationWarning, match="use cardkit.xeri.Rules.from_dict"):
        rules = rules_from_dict({"target": 151})
    assert rules == Rules.from_dict({"target": 151})


def test_observation_is_a_deprecated_alias_of_observe():
    match = new_game(seed=8)
    with pytest.warns(DeprecationWarning, match="use XeriMatch.observe"):
        view = match.observation(2)
    assert view == match.observe(2)


def test_view_legal_is_a_deprecated_alias_of_legal_actions():
    match = new_game(seed=8)
    view = match.observe(match.current_player)
    with pytest.warns(DeprecationWarning, match="use XeriView.legal_actions"):
        legal = view.legal
    assert list(legal) == view.legal_actions()


def test_bots_play_through_the_new_names_without_warnings(recwarn):
    play_out(new_game(seed=2), [RandomBot(s, seed=s) for s in range(2)] +
             [GreedyBot(s, seed=s) for s in range(2, 4)])
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]
