"""The events contract (cardkit.engine.Event) for every Xeri event kind, and every verdict's
sentence and rule ID."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
import typing
from pathlib import Path

import pytest

from cardkit import Card, parse_card, parse_cards
from cardkit.engine import Verdict
from cardkit.xeri import PRESETS, EventKind, PileRedeal, Rules, XeriEvent, check_initial_pile
from cardkit.xeri import events as xeri_events
from cardkit.xeri.match import PACK
from cardkit.xeri.play import PlayKind, resolve_play
from tests.xeri.xeri_helpers import deck_for_plays, play_in_order, scripted

WEST = 3
RULE_IDS = set(re.findall(r"\b(XR-\d+(?:\.\d+)?)\b",
                          (Path(__file__).parents[2] / "docs" / "RULES.md").read_text("utf-8")))
EVENT_CLASSES = [cls for cls in vars(xeri_events).values()
                 if isinstance(cls, type) and issubclass(cls, XeriEvent)
                 and dataclasses.is_dataclass(cls)]


def _random_match(seed: int, rules: Rules | None = None):
    from cardkit.xeri import new_game

    match = new_game(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def events_of_every_kind() -> dict[EventKind, XeriEvent]:
    """One real event of each kind, from a few matches that between them make all of them."""
    from cardkit.xeri import new_game

    found: dict[EventKind, XeriEvent] = {}
    matches = [_random_match(206, PRESETS["target_151"]),  # the target is raised (XR-7.2)
               new_game(seed=0, deck=deck_for_plays(WEST, "7C 2D 7H KS", ""), dealer=WEST),
               new_game(seed=0, rules=PRESETS["cut_shows_bottom"])]
    jack = scripted(WEST, "2C 3D 4S 5H", "4H JD JC")
    play_in_order(jack, 3)
    matches.append(jack)
    for seed in range(60):  # a match of 2 rounds that ends level plays an extra round
        match = _random_match(seed, Rules(rounds=2))
        if match.round_number > 2:
            matches.append(match)
            break
    matches.append(_random_match(5, PRESETS["jack_on_single_xeri"]))
    for match in matches:
        for event in match.events:
            found.setdefault(event.kind, event)
    return found


def test_every_event_kind_has_exactly_one_class():
    kinds = [cls.kind for cls in EVENT_CLASSES]
    assert sorted(kinds, key=lambda k: k.value) == sorted(EventKind, key=lambda k: k.value)


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda cls: cls.__name__)
def test_each_event_class_is_a_frozen_slotted_dataclass_with_typed_fields(cls):
    assert cls.__dataclass_params__.frozen and "__slots__" in vars(cls)
    hints = typing.get_type_hints(cls)
    for field in dataclasses.fields(cls):
        assert hints[field.name] is not typing.Any, f"{cls.__name__}.{field.name} is Any"
        assert field.name not in ("value", "extra"), "a field whose meaning depends on the kind"
    assert isinstance(cls.kind, EventKind)


def test_every_real_event_keeps_the_contract():
    found = events_of_every_kind()
    assert set(found) == set(EventKind), set(EventKind) - set(found)
    for kind, event in found.items():
        assert type(event) in EVENT_CLASSES  # the class itself, never maker's twin
        assert type(event).kind is kind and not hasattr(event, "__dict__")
        assert event.rule in RULE_IDS, (kind, event.rule)
        assert event.text.endswith(f"({event.rule})") and str(event) == event.text
        assert event.seat is None or event.seat in range(4)
        for field in dataclasses.fields(event):  # type: ignore[arg-type]  # events are dataclasses
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(event, field.name, None)
        assert pickle.loads(pickle.dumps(event)) == event


@pytest.mark.parametrize("kind", list(EventKind), ids=lambda kind: kind.name)
def test_maker_builds_the_same_frozen_event_as_the_class(kind):
    # `maker` fills a same-layout twin and then makes it the event's class: what comes out
    # must be an event of exactly that class, equal to and as frozen as one built by it.
    event = events_of_every_kind()[kind]
    cls = type(event)
    values = [getattr(event, field.name) for field in dataclasses.fields(cls)]
    made = xeri_events.maker(cls)(*values)
    assert type(made) is cls and cls in EVENT_CLASSES
    assert made == event == cls(*values) and hash(made) == hash(event)
    assert repr(made) == repr(event) and made.text == event.text
    assert not hasattr(made, "__dict__") and pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, dataclasses.fields(cls)[0].name, None)


def test_xr_7_how_a_match_ends_is_an_enum():
    found = events_of_every_kind()
    won = found[EventKind.MATCH_WON]
    assert isinstance(won, xeri_events.MatchWon) and won.how is xeri_events.MatchEnd.TARGET
    extra = found[EventKind.EXTRA_ROUND]
    assert isinstance(extra, xeri_events.ExtraRound)
    assert extra.tied_on is xeri_events.MatchEnd.ROUNDS


def test_xr_3_3_a_play_event_is_made_once_and_shared():
    # Play events are values: the match reuses one object for the same seat, card and top card.
    from cardkit.xeri import new_game

    first = new_game(seed=4).apply(new_game(seed=4).legal_actions()[0])
    again = new_game(seed=4)
    second = again.apply(again.legal_actions()[0])
    assert first == second
    made = xeri_events.maker(xeri_events.Play)(0, parse_card("7H"), None)
    assert made == xeri_events.Play(0, parse_card("7H"), None) and made.cards == ()


# ----------------------------------------------------------------- every verdict says why

def _verdicts() -> list[tuple[str, Verdict]]:
    from cardkit.xeri import new_game

    match = new_game(seed=3)
    mover = match.current_player
    hand = match.hand(mover)
    other = next(c for c in PACK if c not in hand)
    out = [("a card in hand", match.check(hand[0])),
           ("not in hand", match.check(other)),
           ("not a card", match.check("7C")),
           ("a joker", match.check(Card.joker())),
           ("a second deck", match.check(Card(7, "C", deck=1))),
           ("out of turn", match.check(hand[0], seat=(mover + 1) % 4)),
           ("no such seat", match.check(hand[0], seat=7))]
    for preset in ("standard", "target_151", "most_points"):
        over = _random_match(1, PRESETS[preset])
        out.append((f"match over, {preset}", over.check(parse_card("7C"))))
    for mode in PileRedeal:  # the pile stands, or is dealt again
        rules = Rules(initial_pile_redeal=mode)
        for pile in ("2C 5D 9H KS", "7C 2D 7H KS", "2C 5D 9H JS", "2C 5D 9H 9S"):
            out.append((f"pile {pile} {mode}", check_initial_pile(parse_cards(pile), rules)))
    return out


def _outcomes():
    """Every kind of play, as `resolve_play` and the match's `check` explain it."""
    cases = [("", "7H", Rules()), ("2C 9D", "5H", Rules()), ("2C 9D", "9H", Rules()),
             ("2C 9D", "JH", Rules()), ("9D", "9H", Rules()), ("9D", "JH", Rules()),
             ("JD", "JH", Rules()), ("JD", "JH", PRESETS["jack_xeri_25"]),
             ("9D", "JH", PRESETS["jack_on_single_xeri"])]
    return [(pile, card, rules, resolve_play(parse_cards(pile), parse_card(card), rules))
            for pile, card, rules in cases]


@pytest.mark.parametrize(("what", "verdict"), _verdicts(), ids=[w for w, _ in _verdicts()])
def test_every_xeri_verdict_gives_a_sentence_and_a_rule_id(what, verdict):
    assert isinstance(verdict, Verdict)
    assert verdict.rule in RULE_IDS, (what, verdict)
    assert len(verdict.reason.split()) >= 4 and verdict.reason[0].isalnum(), verdict.reason


def test_every_kind_of_play_is_explained_with_its_rule():
    kinds = set()
    for pile, card, _rules, outcome in _outcomes():
        kinds.add(outcome.kind)
        assert outcome.rule in RULE_IDS and len(outcome.reason.split()) >= 4, (pile, card)
    assert kinds == set(PlayKind)


def test_xr_8_4_a_25_point_jack_xeri_cites_the_variant():
    for _pile, _card, rules, outcome in _outcomes():
        if outcome.kind is PlayKind.JACK_XERI:
            assert outcome.rule == ("XR-8.4" if rules.jack_xeri_points == 25 else "XR-4.2")
