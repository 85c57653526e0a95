"""Bots decide from their seat's view only (issue 24): every caller hands ``choose`` the view,
a function of the view is a bot, a bot that peeks fails with a sentence that says why (XR-9.1,
ZC-3.3), and an old bot whose ``choose`` reads the game still plays, with a warning."""

from __future__ import annotations

import contextlib
import warnings

import pytest

from cardkit import play_out
from cardkit.engine import PeekError, decider, is_bot_factory, takes_game
from cardkit.games import get_game
from cardkit.xeri import GreedyBot, RandomBot, XeriView, new_game
from cardkit.zioncheck import GreedyBot as ZionGreedy
from cardkit.zioncheck import Observation
from cardkit.zioncheck import new_game as new_zion


class OldBot:
    """A bot written the old way: it reads the game, other hands included."""

    def __init__(self, seat, seed=None):
        self.seat = seat

    def choose(self, game):
        assert len(game.hand((self.seat + 1) % 4)) >= 0  # peeks at the next hand: allowed
        return game.observe(self.seat).legal_actions()[0]


class NewBot:
    """A bot written the new way, with no marker: its parameter says it takes the view."""

    def __init__(self, seat, seed=None):
        self.seat = seat

    def choose(self, view):
        return view.legal_actions()[-1]


class Peeker:
    takes_view = True  # said outright, whatever the parameter is called

    def __init__(self, seat, seed=None):
        self.seat = seat

    def choose(self, game):
        return game.hands[self.seat]


def first_card(view):
    return view.legal_actions()[0]


@contextlib.contextmanager
def no_warnings():
    """No DeprecationWarning inside: every call is the new one."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        yield


def test_xr_9_1_play_out_hands_each_bot_its_seats_view_and_nothing_else():
    seen = []

    def spy(view):
        seen.append(view)
        return view.legal_actions()[0]

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        match = play_out(new_game(seed=4), [spy] * 4, max_actions=12)
    assert len(seen) == 12 and all(type(view) is XeriView for view in seen)
    again = new_game(seed=4)
    for view, card in zip(seen, match.history, strict=True):
        assert view == again.observe(again.current_player) and view.seat == again.current_player
        again.apply(card)


def test_zc_3_3_a_zion_bot_is_handed_the_observation():
    seen = []

    def spy(view):
        seen.append(type(view))
        return view.legal_actions()[0]

    play_out(new_zion(players=3, seed=2), [spy] * 3, max_actions=10)
    assert seen == [Observation] * 10


@pytest.mark.parametrize(("game", "rule"), [("xeri", "XR-9.1"), ("zioncheck", "ZC-3.3")])
@pytest.mark.parametrize("asks", ["hands", "stock", "game", "observe"])
def test_a_bot_that_asks_for_what_its_seat_may_not_see_fails_with_the_sentence(game, rule, asks):
    def peek(view):
        return getattr(view, asks)

    spec = get_game(game)
    before = spec.new(seed=3)
    with pytest.raises(PeekError) as error:
        play_out(before, [peek] * spec.default_players)
    message = str(error.value)
    assert message.startswith(f"A bot sees only its own seat ({rule}): the bot function peek")
    assert f"asked its view for {asks!r}" in message and "legal_actions()" in message
    assert "offers" in message and " hand," in message
    assert isinstance(error.value, AttributeError)  # what it is, too
    assert before.history == ()  # nothing was played


def test_a_class_bot_that_peeks_fails_too_and_its_own_attribute_errors_pass_through():
    with pytest.raises(PeekError, match=r"XR-9.1\): Peeker, at seat 1, asked its view for "
                                        r"'hands'"):
        play_out(new_game(seed=1), [Peeker(s) for s in range(4)])

    def clumsy(view):
        return view.hand.first  # a bug of the bot's own, not a peek

    with pytest.raises(AttributeError, match="'tuple' object has no attribute 'first'") as error:
        play_out(new_game(seed=1), [clumsy] * 4)
    assert not isinstance(error.value, PeekError)


def test_an_old_bot_still_plays_for_one_release_with_a_warning_that_says_what_to_change():
    assert takes_game(OldBot(0)) and not takes_game(NewBot(0)) and not takes_game(first_card)
    assert not takes_game(Peeker(0))  # the marker wins over the parameter's name
    with pytest.warns(DeprecationWarning, match=r"OldBot.choose reads the game; bots are given "
                                                r"their seat's view: write choose\(self, view\)"):
        match = play_out(new_game(seed=2), [OldBot(s) for s in range(4)])
    assert match.is_over
    with no_warnings():
        assert play_out(new_game(seed=2), [NewBot(s) for s in range(4)]).is_over


def test_a_fair_caller_refuses_an_old_bot_with_the_same_advice():
    with pytest.raises(TypeError, match=r"a fair match gives each bot only its seat's view: "
                                        r"OldBot.choose reads the game"):
        decider(OldBot(0), fair=True)
    with pytest.raises(TypeError, match="a bot is an object with choose"):
        decider(42)


def test_the_built_in_bots_take_views_and_their_old_call_warns():
    match = new_game(seed=6)
    seat = match.current_player
    view = match.observe(seat)
    with no_warnings():
        on_view = GreedyBot(seat, seed=1).choose(view)
    with pytest.warns(DeprecationWarning, match=r"GreedyBot.choose\(match\) is deprecated"):
        on_match = GreedyBot(seat, seed=1).choose(match)
    assert on_view == on_match
    zion = new_zion(players=3, seed=5)
    mover = zion.current_player
    with pytest.warns(DeprecationWarning, match=r"GreedyBot.choose\(game\) is deprecated"):
        assert ZionGreedy(mover).choose(zion) == ZionGreedy(mover).choose(zion.observe(mover))


@pytest.mark.parametrize(("bot", "rule"), [(RandomBot, "XR-9.1"), (ZionGreedy, "ZC-3.3")])
def test_a_bot_handed_another_seats_view_refuses_it(bot, rule):
    game = new_game(seed=6) if bot is RandomBot else new_zion(players=3, seed=5)
    other = (game.current_player + 1) % game.num_players
    with pytest.raises(ValueError, match=rf"given .*view: a bot decides from its own seat's "
                                         rf"view only \({rule}\)"):
        bot(game.current_player).choose(game.observe(other))


def test_factories_and_function_bots_are_told_apart():
    assert is_bot_factory(GreedyBot) and is_bot_factory(lambda seat, seed=None: None)
    assert not is_bot_factory(first_card) and not is_bot_factory(GreedyBot(0))


def test_simulate_takes_function_bots_and_hands_them_views():
    pytest.importorskip("pandas")
    from cardkit.sim import simulate

    with no_warnings():
        frame = simulate("xeri", 4, players=[first_card, "greedy"], seed=3, progress=False,
                         engine="reference")
        again = simulate("xeri", 4, players=[first_card, "greedy"], seed=3, progress=False,
                         engine="reference")
    assert len(frame) == 4 and frame.equals(again)
    with pytest.raises(PeekError, match=r"seat 0 \(North\): A bot sees only its own seat "
                                        r"\(XR-9.1\).*'hands'.*\(unit 0, game seed"):
        simulate("xeri", 2, players=[lambda view: view.hands], progress=False,
                 engine="reference")
    with pytest.warns(DeprecationWarning, match="OldBot.choose reads the game"):
        assert len(simulate("xeri", 2, players=[OldBot], progress=False,
                            engine="reference")) == 2


def test_the_command_line_narration_hands_bots_views():
    from cardkit.play_cli import play_narrated

    spec = get_game("xeri")
    lines = []
    with no_warnings():
        game = play_narrated(spec, spec.new(seed=2, rules=spec.Rules(rounds=1)),
                             [first_card, *spec.make_bots("greedy", seed=2)[1:]], quiet=True,
                             say=lines.append)
    assert game.is_over and "North first_card" in lines[-1]


def test_the_tables_hand_their_bots_views():
    pytest.importorskip("ipywidgets")
    from cardkit.widgets.xeri_table import XeriTable

    seen = []

    def spy(view):
        seen.append(view)
        return view.legal_actions()[0]

    table = XeriTable(seed=3, seat=2, bot_delay=0)
    table.bots = {seat: spy for seat in table.bots}  # the table's bots, replaced by spies
    card = table.match.hand(2)[0]
    table.hand.toggle(table.hand.cards.index(card.to_text()))
    with no_warnings():
        table.play_button.click()
    assert [view.seat for view in seen] == [3, 0, 1]  # West, North, East answer
    assert all(type(view) is XeriView for view in seen)
    assert table.match.history[-3:] == tuple(view.legal_actions()[0] for view in seen)


@pytest.mark.parametrize("game", ["xeri", "zioncheck"])
def test_the_stepper_sample_games_and_the_command_line_hand_bots_views(game, capsys):
    from cardkit.cli import main
    from cardkit.widgets.stepper import sample_game

    spec = get_game(game)
    with no_warnings():  # no bot anywhere is called the old way
        sampled = sample_game(game, seed=2)
        assert main([spec.command or spec.name, "--seed", "2", "--quiet"]) == 0
    again = play_out(spec.new(seed=2), [
        lambda view, bot=bot: bot.choose(view) for bot in spec.make_bots("greedy", seed=2)])
    assert sampled.history == again.history  # greedy bots, each handed its view
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert f"{spec.seat_name(0)} GreedyBot" in last  # the closing line names the bots
