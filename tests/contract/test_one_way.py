"""One way to say one thing (issue 18): one factory signature, one way to load a record, and
the old ways still working for one release, with a DeprecationWarning."""

from __future__ import annotations

import re
import warnings

import pytest

from cardkit import records, xeri, zioncheck
from cardkit.games import get_game, load_record


@pytest.mark.parametrize(("name", "package"), [("xeri", xeri), ("zioncheck", zioncheck)])
def test_both_factories_take_seed_players_and_rules_by_keyword(name, package) -> None:
    spec = get_game(name)
    rules = spec.preset(list(spec.PRESETS)[-1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the keyword form never warns
        game = package.new_game(seed=7, players=4, rules=rules)
        default = package.new_game()
    assert (game.seed, game.num_players, game.rules) == (7, 4, rules)
    assert (default.seed, default.num_players, default.rules) == (0, 4, spec.Rules())
    assert game.to_json() == spec.new(rules=rules, seed=7, players=4).to_json()


def test_the_old_positional_forms_warn_and_still_mean_what_they_meant() -> None:
    with pytest.warns(DeprecationWarning, match="keywords only"):
        match = xeri.new_game(7, xeri.PRESETS["standard"])  # seed, rules
    assert match.seed == 7 and match.rules == xeri.PRESETS["standard"]
    with pytest.warns(DeprecationWarning, match="keywords only"):
        game = zioncheck.new_game(3, 5)  # players, seed
    assert game.num_players == 3 and game.seed == 5
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="once each"):
        xeri.new_game(7, seed=8)
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="once each"):
        zioncheck.new_game(3, players=4)


def test_load_record_is_the_one_way_and_the_others_warn() -> None:
    record = xeri.new_game(seed=2).to_json()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_record(record).to_json() == record
    zion = zioncheck.new_game(seed=2, players=3).to_json()
    from cardkit.xeri import match as xeri_match
    from cardkit.zioncheck import game as zion_game

    for old in (records.load_record, get_game("xeri").load, xeri.load, xeri_match.load):
        with pytest.warns(DeprecationWarning, match="cardkit.games.load_record"):
            assert old(record).to_json() == record
    for old in (zioncheck.load, zion_game.load):
        with pytest.warns(DeprecationWarning, match="cardkit.games.load_record"):
            assert old(zion).to_json() == zion


def test_every_bot_of_a_seeded_game_is_seeded_by_the_one_rule() -> None:
    from cardkit.games import bot_seed

    spec = get_game("zioncheck")
    bots = spec.make_bots("greedy,random", seed=9, players=3)
    again = [spec.seated_bot(kind, seat, 9) for seat, kind in
             enumerate(["greedy", "random", "greedy"])]
    game_a, game_b = spec.new(seed=9, players=3), spec.new(seed=9, players=3)
    for _ in range(40):
        game_a.apply(bots[game_a.current_player].choose(game_a))
        game_b.apply(again[game_b.current_player].choose(game_b))
    assert game_a.to_json() == game_b.to_json() and bot_seed(9, 2) == 9002


@pytest.mark.parametrize(("name", "first", "unreadable"), [("xeri", None, "ZZ"),
                                                            ("zioncheck", "draw", "bogus")])
def test_replay_errors_number_the_action_from_1_in_both_games(name, first, unreadable) -> None:
    import json

    game = get_game(name).new(seed=3)
    data = json.loads(game.to_json())
    good = first if first is not None else game.legal_actions()[0].to_text()
    for bad in (unreadable, good):  # an action that cannot be read, one the rules refuse
        data["actions"] = [good, bad]
        with pytest.raises(ValueError, match=rf"^action 2 \({re.escape(bad)}\) cannot be "
                                             r"replayed: .+"):
            load_record(json.dumps(data))
