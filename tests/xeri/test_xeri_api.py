"""The Xeri building blocks on their own: options, one play, scoring, events, records, CLI."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cardkit import Card, Verdict, make_pack, parse_card, parse_cards
from cardkit.cli import main
from cardkit.engine import Game
from cardkit.games import get_game
from cardkit.play_cli import with_options as _with_options
from cardkit.xeri import (
    PRESETS,
    EventKind,
    PileRedeal,
    Rules,
    ScoreLine,
    XeriEvent,
    XeriMatch,
    card_points,
    check_initial_pile,
    new_game,
    resolve_play,
    score_round,
)

# ----------------------------------------------------------------- Rules and presets


def with_options(rules, settings):
    return _with_options(get_game("xeri"), rules, settings)


def test_rules_defaults_follow_the_rule_book():
    rules = Rules()
    assert rules.initial_pile_redeal is PileRedeal.ANY_PAIR_OR_TOP_JACK
    assert (rules.jack_on_single_is_xeri, rules.ten_of_diamonds_counts_as_ten) == (False, True)
    assert (rules.xeri_points, rules.jack_xeri_points) == (10, 20)
    assert (rules.cut_shows_bottom, rules.dealer_last_card_no_xeri) == (False, False)
    assert (rules.rounds, rules.target, rules.show_capture_counts) == (4, None, False)


@pytest.mark.parametrize(("options", "message"), [
    ({"initial_pile_redeal": "sometimes"},
     "'any_pair_or_top_jack', 'allow_top_pair_and_top_jack', 'top_two_pair_or_top_jack', 'never'"),
    ({"jack_on_single_is_xeri": 1}, "must be True or False"),
    ({"xeri_points": -1}, "xeri_points must be a whole number"),
    ({"jack_xeri_points": 2.5}, "jack_xeri_points"),
    ({"rounds": 0}, "rounds must be"),
    ({"target": 0}, "target must be"),
])
def test_rules_refuse_bad_options_with_the_accepted_forms(options, message):
    with pytest.raises(ValueError, match=message):
        Rules(**options)


def test_rules_round_trip_through_dicts_and_presets_are_rules():
    for name, rules in PRESETS.items():
        assert isinstance(rules, Rules), name
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert PRESETS["standard"] == Rules()
    assert PRESETS["seed_variants"].changes() == {
        "initial_pile_redeal": PileRedeal.ALLOW_TOP_PAIR_AND_TOP_JACK, "cut_shows_bottom": True,
        "dealer_last_card_no_xeri": True, "jack_xeri_points": 25, "target": 151}
    with pytest.raises(ValueError, match="unknown Xeri rule option 'colour'"):
        Rules.from_dict({"colour": "red"})


# ----------------------------------------------------------------- one play


def test_resolve_play_outcomes_and_reasons():
    empty = resolve_play([], parse_card("JS"))
    assert (empty.captures, empty.rule) == (False, "XR-3.3")
    assert "a jack starts a new pile and captures nothing" in empty.reason
    plain = resolve_play(parse_cards("3D 9S"), parse_card("9H"))
    assert (plain.captures, plain.xeri, plain.cards_taken, plain.points) == (True, False, 3, 0)
    miss = resolve_play(parse_cards("3D 9S"), parse_card("3H"))
    assert not miss.captures and "does not match the top card 9♠" in miss.reason
    jack_xeri = resolve_play(parse_cards("JD"), parse_card("JS"), Rules(jack_xeri_points=25))
    assert (jack_xeri.xeri, jack_xeri.jack_xeri, jack_xeri.points) == (True, True, 25)
    last = resolve_play(parse_cards("7C"), parse_card("7D"), Rules(dealer_last_card_no_xeri=True),
                        dealer_last_card=True)
    assert (last.captures, last.xeri, last.rule) == (True, False, "XR-8.3")
    assert str(last).endswith("(XR-8.3)")


def test_resolve_play_refuses_what_is_not_a_card():
    with pytest.raises(ValueError, match=r"rules must be a cardkit\.xeri\.Rules or None, not dict"):
        # the type: ignore below: a dict of options where Rules is typed: refused
        resolve_play([], parse_card("7C"), {"xeri_points": 5})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"rules must be a cardkit\.xeri\.Rules"):
        # the type: ignore below: a preset's name where Rules is typed: refused
        score_round({}, rules="standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"rules must be a cardkit\.xeri\.Rules"):
        # the type: ignore below: the presets mapping where Rules is typed: refused
        check_initial_pile(parse_cards("7C 8D 9H KS"), PRESETS)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a Card"):
        resolve_play([], "7C")  # type: ignore[arg-type]  # card text where a Card is typed: refused
    with pytest.raises(ValueError, match="each pile card must be a Card"):
        # the type: ignore below: card text in the pile where Cards are typed: refused
        resolve_play(["7C"], parse_card("7H"))  # type: ignore[list-item]


def test_check_initial_pile_needs_four_different_cards():
    with pytest.raises(ValueError, match="a new pile has 4 cards"):
        check_initial_pile(parse_cards("7C 8D 9H"))
    with pytest.raises(ValueError, match="4 different cards"):
        check_initial_pile([parse_card("7C")] * 4)
    verdict = check_initial_pile(parse_cards("7C 8D 9H KS"))
    assert isinstance(verdict, Verdict) and verdict and verdict.rule == "XR-2.4"


# ----------------------------------------------------------------- scoring


def test_score_round_itemises_every_point():
    pack = make_pack()
    clubs_and_diamonds = pack[:26]
    sheets = score_round({0: clubs_and_diamonds, 1: pack[26:]},
                         {0: parse_cards("7C JD"), 1: parse_cards("5H")})
    nine = sheets[0]
    labels = [line.label for line in nine.lines]
    assert labels[:3] == ["ace A♣", "ace A♦", "king K♣"]
    assert "the 2♣" in labels and "ten 10♦" in labels and "the 10♦, one more" in labels
    assert ScoreLine("jack Xeri with J♦", 20, "XR-4.2") in nine.lines
    assert ScoreLine("Xeri with 7♣", 10, "XR-4.1") in nine.lines
    assert not any(line.label.startswith("more cards") for line in nine.lines)  # 26–26
    assert (nine.cards, nine.card_points, nine.xeri_points, nine.total) == (26, 12, 30, 42)
    assert sheets[1].card_points == 10 and sheets[1].total == 20
    assert sum(line.points for line in nine.lines) == nine.total
    assert "42  total" in str(nine)


def test_score_round_majority_and_ten_of_diamonds_option():
    pack = make_pack()
    sheets = score_round({0: pack[:30], 1: pack[30:]})
    assert sheets[0].lines[0] == ScoreLine("more cards: 30 against 22", 3, "XR-6")
    assert sheets[0].card_points + sheets[1].card_points == 25
    plain = score_round({0: pack[:30], 1: pack[30:]},
                        rules=Rules(ten_of_diamonds_counts_as_ten=False))
    assert plain[0].card_points == sheets[0].card_points - 1
    assert [card_points(c) for c in parse_cards("10D 10C 2C 3S")] == [2, 1, 1, 0]


def test_score_round_refuses_impossible_piles():
    pack = make_pack()
    with pytest.raises(ValueError, match="captured twice"):
        score_round({0: pack[:30], 1: pack[29:]})
    with pytest.raises(ValueError, match="not among its captured cards"):
        score_round({0: pack[:30], 1: pack[30:]}, {1: [pack[0]]})
    with pytest.raises(ValueError, match="map team 0 and/or team 1"):
        score_round({2: pack})
    with pytest.raises(ValueError, match="without jokers"):
        score_round({0: [Card.joker()]})


# ----------------------------------------------------------------- events


def test_events_are_frozen_slotted_dataclasses_with_lazy_text_and_a_rule():
    match = new_game(seed=9)
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    for event in match.events:
        assert isinstance(event, XeriEvent) and dataclasses.is_dataclass(event)
        assert type(event).__dataclass_params__.frozen
        assert isinstance(event.kind, EventKind)
        assert event.text.endswith(f"({event.rule})") and event.rule.startswith("XR-")
        assert str(event) == event.text
    assert not hasattr(match.events[-1], "__dict__")


# ----------------------------------------------------------------- match protocol and records


def test_match_follows_the_engine_protocol():
    match = new_game(seed=1)
    assert isinstance(match, Game) and XeriMatch.game_name == "xeri"
    assert match.rules == Rules() and match.seed == 1 and match.round_number == 1
    assert match.totals == {0: 0, 1: 0} and match.rounds_won == {0: 0, 1: 0}
    assert match.winner is None and match.round_scores == () and match.history == ()
    assert repr(match).startswith("<XeriMatch seed=1 round 1, ")


def test_clone_is_independent():
    match = new_game(seed=12)
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    copy = match.clone()
    assert copy.snapshot() == match.snapshot()
    before = match.snapshot()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[0])
    assert match.snapshot() == before
    match.apply(match.legal_actions()[0])
    twin = XeriMatch.from_json(match.to_json())
    assert twin.snapshot() == match.snapshot()


def test_record_format():
    match = new_game(seed=3, rules=PRESETS["jack_xeri_25"])
    cards = [match.legal_actions()[0] for _ in range(1)]
    match.apply(cards[0])
    record = json.loads(match.to_json())
    assert record == {"game": "xeri", "version": 1, "rules": PRESETS["jack_xeri_25"].to_dict(),
                      "seed": 3, "actions": [cards[0].to_text()]}
    stacked = new_game(seed=0, deck=list(make_pack()), dealer=2)
    record = json.loads(stacked.to_json())
    assert record["dealer"] == 2 and len(record["deck"]) == 52
    assert XeriMatch.from_json(stacked.to_json()).snapshot() == stacked.snapshot()


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not valid JSON"),
    ('{"game": "zioncheck"}', '"game": "xeri"'),
    ('{"game": "xeri", "version": 2}', "unsupported Xeri record version 2"),
    ('{"game": "xeri", "version": 1, "rules": {}, "seed": 1}', "lacks 'actions'"),
    ('{"game": "xeri", "version": 1, "rules": {}, "seed": 1, "actions": [7]}', "card texts"),
    ('{"game": "xeri", "version": 1, "rules": {}, "seed": "x", "actions": []}', "seed must be"),
    ('{"game": "xeri", "version": 1, "rules": {"rounds": 0}, "seed": 1, "actions": []}',
     "rounds must be"),
    ('{"game": "xeri", "version": 1, "rules": {}, "seed": 1, "actions": ["ZZ"]}',
     "'ZZ' is not a card"),
])
def test_from_json_refuses_bad_records_clearly(text, message):
    with pytest.raises(ValueError, match=message):
        XeriMatch.from_json(text)


def test_from_json_names_the_first_illegal_action():
    match = new_game(seed=3)
    not_mine = match.hand((match.current_player + 1) % 4)[0]
    record = json.loads(match.to_json())
    record["actions"] = [not_mine.to_text()]
    with pytest.raises(ValueError, match=r"action 1 \(.*\) cannot be replayed: .* \(XR-3.1\)"):
        XeriMatch.from_json(json.dumps(record))


def test_new_match_refuses_bad_setup():
    with pytest.raises(ValueError, match="seed must be a whole number"):
        # the type: ignore below: a text seed on purpose: its clear refusal is tested
        new_game(seed="3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"cardkit\.xeri\.Rules or None, not dict; .*PRESETS"):
        # the type: ignore below: a dict of options where Rules is typed: refused
        new_game(seed=3, rules={"target": 151})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="each once"):
        new_game(seed=3, deck=make_pack()[:51])
    with pytest.raises(ValueError, match="a seat is"):
        new_game(seed=3, dealer=5)


def test_preview_and_check_explain_the_current_players_options():
    match = new_game(seed=3)
    for card in match.legal_actions():
        verdict = match.check(card)
        outcome = match.preview(card)
        assert verdict and verdict.rule == outcome.rule
        assert verdict.reason.endswith(outcome.reason)


# ----------------------------------------------------------------- command line


def test_cli_narrates_and_writes_the_record(tmp_path, capsys):
    path = tmp_path / "match.json"
    assert main(["xeri", "--seed", "3", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "is chosen at random as the first dealer (XR-2.1)" in out
    assert "win the match after" in out and f"record written to {path}" in out
    match = XeriMatch.from_json(path.read_text())
    assert match.is_over and f"points {match.totals[0]}–{match.totals[1]}" in out


def test_cli_quiet_presets_and_errors(capsys):
    assert main(["xeri", "--seed", "4", "--quiet", "--rules", "target_151",
                 "--bots", "greedy,random,greedy,random"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert all(" win round " in line for line in out[:-2]) and "(XR-7.2)" in out[-2]
    assert "win the match" in out[-1] and "North GreedyBot, East RandomBot" in out[-1]
    assert main(["xeri", "--rules", "house"]) == 2
    assert ("unknown 4-Player Xeri rules preset 'house'; choose one of standard"
            in capsys.readouterr().err)
    assert main(["xeri", "--bots", "clever"]) == 2
    assert "unknown bot kind 'clever' for 4-Player Xeri" in capsys.readouterr().err


def test_cli_set_reaches_every_rule_option(capsys):
    assert main(["xeri", "--seed", "3", "--quiet", "--set", "rounds=1"]) == 0
    assert " win the match after 1 round: rounds won " in capsys.readouterr().out
    changed = with_options(PRESETS["target_151"], [
        "initial_pile_redeal=top_two_pair_or_top_jack", "jack_on_single_is_xeri=true",
        "ten_of_diamonds_counts_as_ten=False", "xeri_points=5", "jack_xeri_points=25",
        "cut_shows_bottom=true", "dealer_last_card_no_xeri=true", "rounds=2", "target=251",
        "show_capture_counts=true"])
    assert set(changed.changes()) == set(Rules().to_dict())  # every option changed
    assert changed.target == 251 and changed.xeri_points == 5
    assert with_options(PRESETS["target_151"], ["target=none"]) == Rules()
    for bad, message in (("rouns=1", "unknown 4-Player Xeri rule option 'rouns'"),
                         ("rounds", "--set takes OPTION=VALUE"),
                         ("rounds=x", "rounds must be a whole number")):
        assert main(["xeri", "--quiet", "--set", bad]) == 2
        assert message in capsys.readouterr().err


def test_replay_narrates_the_opening_events_then_every_play(tmp_path, capsys):
    path = tmp_path / "match.json"
    assert main(["xeri", "--seed", "3", "--json", str(path)]) == 0
    live = capsys.readouterr().out.splitlines()
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    match = XeriMatch.from_json(path.read_text(encoding="utf-8"))
    opening = [e.text for e in new_game(seed=3).events]  # first dealer, cut, deal, redeals
    assert replayed[:len(opening)] == opening and opening[0].endswith("(XR-2.1)")
    # the same events and itemised score sheets as the live narration, then who won
    assert replayed[:-1] == live[:-2]
    assert any(line.startswith("    ") for line in replayed)  # the sheets' lines
    assert replayed[-1].startswith(f"-- {len(match.history)} actions replayed. ")
    assert "win the match after" in replayed[-1] and "rounds won" in replayed[-1]


def test_replay_of_a_record_without_actions_still_shows_the_deal(tmp_path, capsys):
    path = tmp_path / "start.json"
    path.write_text(new_game(seed=5).to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [e.text for e in new_game(seed=5).events] + \
        ["-- 0 actions replayed. The record stops here: the game is not over."]
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "No such file" in capsys.readouterr().err
