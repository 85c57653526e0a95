"""The shared protocol pieces: verdicts, the illegal-action error, and play_out."""

import re
import sys

import pytest

from cardkit import IllegalAction, Verdict, play_out
from cardkit.engine import read_record


def test_verdict_is_truthy_exactly_when_ok_and_prints_its_rule():
    yes, no = Verdict(True, "fine", "XR-3.2"), Verdict(False, "not your turn", "XR-3.1")
    assert yes and not no
    assert str(no) == "not your turn (XR-3.1)"
    assert str(Verdict(False, "no rule")) == "no rule"


def test_illegal_action_is_a_value_error_carrying_the_verdict():
    verdict = Verdict(False, "7♣ is not in North's hand", "XR-3.1")
    with pytest.raises(ValueError, match="not in North's hand") as error:
        raise IllegalAction(verdict)
    assert error.value.verdict is verdict
    assert (error.value.rule, error.value.reason) == ("XR-3.1", verdict.reason)


class _CountDown:
    """A tiny game: players 0 and 1 alternately take 1 or 2 from a counter."""

    game_name = "countdown"

    def __init__(self, n):
        self.n, self.turn = n, 0

    @property
    def current_player(self):
        return None if self.n == 0 else self.turn

    @property
    def is_over(self):
        return self.n == 0

    def apply(self, action):
        self.n -= action
        self.turn ^= 1
        return []

    def observe(self, seat):
        return (seat, self.n)  # what a seat sees: a frozen value


class _TakeOne:
    def __init__(self, seat):
        self.seat = seat

    def choose(self, view):
        seat, _left = view
        assert seat == self.seat  # handed its own seat's view
        return 1


def test_play_out_asks_the_bot_of_the_current_seat_until_the_end():
    game = play_out(_CountDown(5), [_TakeOne(0), _TakeOne(1)])
    assert game.is_over and game.turn == 1


def test_play_out_can_stop_after_some_actions():
    game = play_out(_CountDown(5), [_TakeOne(0), _TakeOne(1)], max_actions=2)
    assert game.n == 3 and not game.is_over


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a Zion Check record: the text is not valid JSON"),
        ('{"game": "xeri", "version": 1}', 'expected a JSON object with "game": "zioncheck"'),
        ('{"game": "zioncheck", "version": 2}', "unsupported Zion Check record version 2"),
        ('{"game": "zioncheck", "version": 1, "rules": {}, "seed": 1, "actions": []}',
         "lacks 'players'"),
        ('{"game": "zioncheck", "version": 1, "rules": {}, "seed": 1, "players": 4, '
         '"actions": "draw"}', 'must be a list of action texts such as "draw"'),
    ],
)
def test_a_mangled_record_is_refused_with_what_a_record_holds(text, message):
    from cardkit.zioncheck import ZionGame

    with pytest.raises(ValueError, match=re.escape(message)):
        ZionGame.from_json(text)


def test_read_record_returns_the_checked_record():
    record = read_record('{"game": "g", "version": 1, "rules": {}, "seed": 3, "actions": []}',
                         "g", "Test")
    assert record["seed"] == 3 and record["actions"] == []


def test_the_package_exports_the_engine_protocol_and_its_errors():
    import cardkit
    import cardkit.engine
    import cardkit.tournament

    assert cardkit.PeekError is cardkit.engine.PeekError
    assert issubclass(cardkit.PeekError, AttributeError)
    for name in cardkit.__all__:
        assert getattr(cardkit, name) is not None, name
    # the tournament stays in its module (as simulate stays in cardkit.sim): a package-level
    # function named tournament would hide the module cardkit.tournament
    assert "tournament" not in cardkit.__all__
    assert cardkit.tournament is sys.modules["cardkit.tournament"]


def test_quick_init_makes_the_same_values_as_the_dataclass_init():
    from dataclasses import FrozenInstanceError, dataclass, field

    from cardkit.engine import quick_init

    @dataclass(frozen=True, slots=True)
    class Slow:
        a: int
        b: str = "x"
        c: tuple[int, ...] = field(default=(), kw_only=True)

    @dataclass(frozen=True, slots=True)
    class Quick:
        a: int
        b: str = "x"
        c: tuple[int, ...] = field(default=(), kw_only=True)

    quick_init(Quick)
    for args, kwargs in (((1,), {}), ((1, "y"), {}), ((1,), {"c": (2,)}), ((), {"a": 3})):
        slow, quick = Slow(*args, **kwargs), Quick(*args, **kwargs)
        assert (quick.a, quick.b, quick.c) == (slow.a, slow.b, slow.c)
    with pytest.raises(TypeError):
        Quick(1, "y", (2,))  # c stays keyword-only
    with pytest.raises(TypeError):
        Quick()  # a is required
    with pytest.raises(FrozenInstanceError):
        Quick(1).a = 2  # type: ignore[misc]  # frozen: the assignment is the point


def test_quick_init_refuses_a_class_it_would_change():
    from dataclasses import dataclass, field

    from cardkit.engine import quick_init

    @dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = field(default_factory=list)

    @dataclass(slots=True)
    class Open:
        a: int

    for cls in (Checked, Factory, Open):
        with pytest.raises(TypeError, match=cls.__name__):
            quick_init(cls)
