"""``cardkit zion``: narration, quiet mode, the JSON record and clear errors."""

from __future__ import annotations

import json

from cardkit.cli import main
from cardkit.games import load_record
from cardkit.records import replay_steps
from cardkit.zioncheck import ZionGame


def test_zion_narrates_a_game_and_writes_a_record(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["zion", "--seed", "3", "--players", "3", "--json", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Hand 1 (ZC-3): Seat ")
    assert any("(ZC-8.2)" in line for line in out)
    assert out[-2].startswith("Winner")
    assert out[-1] == f"record written to {path}"
    record = path.read_text(encoding="utf-8")
    assert json.loads(record)["players"] == 3
    game = load_record(record)
    assert isinstance(game, ZionGame) and game.is_over


def test_zion_quiet_prints_hand_results_and_the_end(capsys):
    assert main(["zion", "--seed", "1", "--quiet", "--rules", "may_i",
                 "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 8
    assert all(line.startswith(f"Hand {n} ends") for n, line in enumerate(out[:6], 1))
    assert out[-2].startswith("The game is over after six hands")
    assert out[-1].startswith("Winner") and "Seat 1 RandomBot" in out[-1]


def test_zion_bad_options_give_clear_errors(capsys):
    assert main(["zion", "--rules", "nope"]) == 2
    assert "unknown Zion Check rules preset 'nope'" in capsys.readouterr().err
    assert main(["zion", "--bots", "clever"]) == 2
    assert "unknown bot kind 'clever' for Zion Check" in capsys.readouterr().err
    assert main(["zion", "--players", "1"]) == 2
    assert "played by 2 to 8 players, not 1" in capsys.readouterr().err


def test_zion_set_reaches_every_rule_option(tmp_path, capsys):
    path = tmp_path / "game.json"
    settings = {
        "contracts": "[[2,0],[1,1],[0,2],[3,0],[2,1],[0,3]]",
        "deal_sizes": "[9,9,9,9,10,12]",
        "num_decks": "3",
        "card_values": '{"ace": 20, "joker": 25}',
        "first_player_rule": "draw_two",
        "claim_penalty_cards": "1",
        "max_claims_per_hand": "2",
        "same_suit_touching_runs": "allow",
        "min_natural_per_meld": "2",
        "allow_go_out_without_discard": "true",
        "forbid_discard_of_taken_card": "False",
        "stuck_penalty": "20",
        "max_turns_per_hand": "60",
    }
    args = ["zion", "--seed", "2", "--quiet", "--json", str(path)]
    for name, value in settings.items():
        args += ["--set", f"{name}={value}"]
    assert main(args) == 0
    capsys.readouterr()
    rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
    assert set(rules) == set(settings)  # every option of Rules is listed above
    for name, value in settings.items():
        expected = json.loads(value.lower()) if value not in ("draw_two", "allow") else value
        assert rules[name] == (expected if name != "card_values"
                               else {"ace": 20, "joker": 25, "high": 10, "low": 5}), name


def test_zion_set_refuses_unknown_options_and_bad_values(capsys):
    assert main(["zion", "--set", "jokers=0"]) == 2
    err = capsys.readouterr().err
    assert "unknown Zion Check rule option 'jokers'" in err and "max_turns_per_hand" in err
    assert main(["zion", "--set", "max_claims_per_hand=x"]) == 2
    assert "max_claims_per_hand must be None or a non-negative int" in capsys.readouterr().err
    assert main(["zion", "--set", "stuck_penalty"]) == 2
    assert "OPTION=VALUE" in capsys.readouterr().err


def test_records_step_through_a_zion_game():
    game = ZionGame.from_deal(["7C 7D 7H 8S 8D 8H 2D", "5C 9D KH", "QS 4H 6C"], "3D 4S 5S")
    game.apply(game.legal_actions()[0])
    steps = replay_steps(game.to_json())
    assert len(steps) == 1 and steps[0].seat == 0
    assert steps[0].after.hand(0)[-1].ascii == "3D"


def test_a_game_draws_itself_in_a_notebook():
    game = ZionGame.from_deal(["7C 7D 7H", "5C 9D KH"], "3D 4S")
    html = game._repr_html_()
    assert html.startswith("<") and "Seat 0" in html
