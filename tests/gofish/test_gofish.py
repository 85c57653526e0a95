"""Go Fish, the third game: registering its `GameSpec` from this test is all it takes for it to
pass the conformance suite and to work in `simulate`, the turn stepper and replay viewer,
``cardkit replay``, ``cardkit gofish`` and `load_record`, with no line of cardkit changed.

The game itself lives in ``tests/gofish/gofish`` (rules, events, game, bots, drawing, spec);
its rule IDs are GF-… (the rule book is the docstring of ``gofish/rules.py``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from gofish import Ask, EventKind, GoFishGame, Rules, new_game
from gofish.spec import SPEC

from cardkit.cli import main
from cardkit.engine import IllegalAction, play_out
from cardkit.games import game_names, get_game, load_record, register, unregister
from tests.conformance.suite import (
    LINEUPS,
    MIN_GAMES,
    check_game_bots_decide_from_the_view,
    check_game_bots_keep_every_invariant,
    check_game_registry_describes_it,
    check_game_same_seed_same_game,
    play_through,
)


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    register(SPEC)
    yield
    unregister(SPEC.name)


def played(seed: int = 3, players: int = 3, rules: Rules | None = None) -> GoFishGame:
    game = new_game(seed=seed, players=players, rules=rules)
    return play_out(game, SPEC.make_bots("greedy,random", seed=seed, players=players))


# -- the registry and the conformance suite ---------------------------------------------

def test_registering_adds_the_game_and_its_alias() -> None:
    assert "gofish" in game_names() and get_game("go-fish") is SPEC
    with pytest.raises(ValueError, match="taken"):
        register(SPEC)
    with pytest.raises(ValueError, match="not a game added by register"):
        unregister("xeri")


@pytest.mark.parametrize("lineup", LINEUPS)
def test_conformance_bots_keep_every_invariant(lineup: str) -> None:
    assert check_game_bots_keep_every_invariant("gofish", lineup) >= MIN_GAMES


def test_conformance_same_seed_same_game() -> None:
    check_game_same_seed_same_game("gofish")


def test_conformance_the_registry_describes_the_game() -> None:
    check_game_registry_describes_it("gofish")


def test_conformance_bots_decide_from_their_seats_view_only() -> None:
    check_game_bots_decide_from_the_view("gofish")


# -- the rules, by ID ---------------------------------------------------------------------

def test_gf_2_deal_sizes_by_players_and_option() -> None:
    assert [len(new_game(players=n).hand(0)) for n in (2, 3, 4)] == [7, 5, 5]
    assert len(new_game(rules=Rules(hand_size=9)).hand(1)) == 9
    with pytest.raises(ValueError, match="GF-1"):
        new_game(players=5)


def test_gf_3_2_ask_only_for_a_rank_you_hold_and_nothing_changes() -> None:
    game = new_game(seed=1)
    missing = next(rank for rank in range(1, 14) if rank not in {c.rank for c in game.hand(0)})
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Ask(1, missing))
    assert refused.value.rule == "GF-3.2" and game.snapshot() == before
    assert game.check(Ask(0, game.hand(0)[0].rank)).rule == "GF-3.3"
    assert game.check(game.legal_actions()[0], seat=1).rule == "GF-3.1"


def test_gf_3_4_a_catch_gives_every_card_of_the_rank_and_another_ask() -> None:
    for seed in range(40):
        game = new_game(seed=seed)
        wanted = {c.rank for c in game.hand(0)} & {c.rank for c in game.hand(1)}
        if wanted:
            break
    rank = min(wanted)
    theirs = [c for c in game.hand(1) if c.rank == rank]
    events = game.apply(Ask(1, rank))
    caught = next(e for e in events if e.kind is EventKind.CATCH)
    assert list(caught.cards) == theirs and game.current_player == 0
    assert not any(c.rank == rank for c in game.hand(1))
    once = new_game(seed=seed, rules=Rules(again_after_catch=False))
    once.apply(Ask(1, rank))
    assert once.current_player == 1


def test_gf_4_1_go_fish_draws_the_top_of_the_stock_and_passes_the_turn() -> None:
    game = new_game(seed=2, rules=Rules(again_after_lucky_draw=False))
    theirs = {c.rank for c in game.hand(1)}
    rank = next(c.rank for c in game.hand(0) if c.rank not in theirs)
    top = game.locations()["stock"][0]
    events = game.apply(Ask(1, rank))
    fished = next(e for e in events if e.kind is EventKind.FISH)
    assert fished.card == top and fished.rule == "GF-4.1" and game.current_player == 1


def test_gf_7_2_most_books_win_and_every_book_is_down() -> None:
    game = played()
    assert game.is_over and sum(game.totals.values()) == 13
    best = max(game.totals.values())
    assert game.winners == tuple(s for s, n in game.totals.items() if n == best)
    assert game.events[-1].kind is EventKind.GAME_END


def test_events_are_typed_frozen_dataclasses_with_text_and_rule() -> None:
    event = played().events[-1]
    with pytest.raises(AttributeError):
        event.books = ()  # type: ignore[misc]  # frozen event: the refused write is the test
    assert event.rule == "GF-7.2" and "books are down" in event.text


def test_presets_play_through_with_every_invariant() -> None:
    for index, name in enumerate(SPEC.PRESETS):
        game = new_game(seed=index, players=2 + index % 3, rules=SPEC.preset(name))
        bots = SPEC.make_bots("greedy", seed=index, players=game.num_players)
        assert play_through(SPEC, game, bots, random.Random(index)).is_over


# -- the "any game" parts of cardkit serve it ---------------------------------------------

def test_simulate_gives_its_columns_reproducibly_and_resumes() -> None:
    import threading

    from cardkit.sim import columns, resume, simulate

    frame = simulate("gofish", 6, players="greedy,random,greedy", seed=4, progress=False)
    assert list(frame.columns) == SPEC.sim.frame_columns(3) and len(frame) == 6
    assert set(columns("gofish")) == set(SPEC.sim.columns)
    assert (frame[["books_0", "books_1", "books_2"]].sum(axis=1) == 13).all()
    assert frame.attrs["engine"] == "reference"
    assert frame.equals(simulate("gofish", 6, players="greedy,random,greedy", seed=4,
                                 progress=False, chunk_size=2))
    halt = threading.Event()
    halt.set()
    part = simulate("gofish", 6, players="greedy,random,greedy", seed=4, progress=False,
                    stop=halt)
    assert resume(part, progress=False).equals(frame)
    with pytest.raises(ValueError, match="no array engine"):
        simulate("gofish", 2, engine="vector", progress=False)


def test_the_turn_stepper_and_the_replay_viewer_show_it() -> None:
    from cardkit.widgets.stepper import ReplayViewer, TurnStepper, seat_names

    game = played(seed=5, players=2)
    stepper = TurnStepper(game.to_json())
    assert seat_names(stepper.start) == ("Seat 0", "Seat 1")
    stepper.go(1)
    assert "Seat 0 asks: ask seat 1 for" in stepper.caption.value
    assert "Books so far" in stepper.scores.value and "ck-gofish-table" in stepper.table.value
    viewer = ReplayViewer(game="gofish", seed=2)
    assert ("Go Fish", "gofish") in viewer.kind.options and viewer.stepper is not None
    assert viewer.stepper.start.game_name == "gofish"
    assert viewer.load_record(game.to_json())
    assert viewer.resume_from(f"step 3 {game.to_json()}") and viewer.stepper.position == 3


def test_cardkit_replay_and_cardkit_gofish_narrate_it(tmp_path, capsys) -> None:
    record = tmp_path / "game.json"
    record.write_text(played().to_json(), encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Each player is dealt 5 cards")
    assert lines[-1].startswith("-- ") and "Winner" in lines[-1]
    assert main(["gofish", "--seed", "2", "--players", "3", "--quiet"]) == 0
    assert capsys.readouterr().out.strip().startswith("All thirteen books are down")
    assert main(["simulate", "gofish", "--games", "3", "--no-progress"]) == 0
    assert "Go Fish: 3 games" in capsys.readouterr().out


def test_load_record_replays_it_and_numbers_a_bad_action() -> None:
    game = played()
    assert load_record(game.to_json()).snapshot() == game.snapshot()
    data = json.loads(game.to_json())
    data["actions"][2] = "9 K"
    with pytest.raises(ValueError, match=r"action 3 \(9 K\) cannot be replayed: .*GF-3.3"):
        load_record(json.dumps(data))


def test_conformance_sampled_worlds() -> None:
    from tests.conformance.worlds import check_game_sampled_worlds

    assert check_game_sampled_worlds("gofish") >= 10
