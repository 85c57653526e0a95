"""What both games share: verdicts, the illegal-action error, the game protocol, bots and records.

Every rule check answers with a `Verdict`: whether the thing is allowed, why (in plain words) and
which rule of the rule book says so. An illegal `apply` raises `IllegalAction`, which carries the
verdict, and leaves the game exactly as it was::

    >>> v = Verdict(False, "it is East's turn, not North's", "XR-3.1")
    >>> bool(v), str(v)
    (False, "it is East's turn, not North's (XR-3.1)")
    >>> IllegalAction(v).verdict.rule
    'XR-3.1'

A game is fully determined by its rules options, its seed and its list of actions, so a record
(`to_json`) is just those, and `from_json` replays it.

**Languages** (`cardkit.i18n`). A verdict's reason is written when it is read, in the language
of that moment, so one verdict reads in English or Japanese. Code that refuses something passes
the reason as a plain string (English only, as before) or as a function of no arguments that
writes it (``lambda: _("{card} is not in {seat}'s hand").format(...)``, the gettext call inside);
``Verdict(ok, reason, rule)``, ``verdict.reason`` (always a ``str``), ``str(verdict)``, ``==``
and ``repr`` work the same for both. `IllegalAction`'s message is its verdict's, read when the
error is printed. ``text_in(lang)`` on a verdict, an error or an event (each game's event base
class) gives its words in a language for one call; `written_in` is the helper they share::

    >>> v = Verdict(False, lambda: team_name(1), "XR-1.1")  # a game passes a whole sentence
    >>> str(v), v.text_in("ja"), v == Verdict(False, "East–West", "XR-1.1")
    ('East–West (XR-1.1)', '東西チーム (XR-1.1)', True)

The shared words every game uses are here too, in the ``cardkit`` catalog: `seat_name` (the
compass seats), `team_name` (the partnerships) and `numbered_seat` ("Seat 2"); card names are
`cardkit.cards.card_name`.
"""

from __future__ import annotations

import inspect
import json
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Protocol, TypeVar, cast, runtime_checkable

from cardkit import bounds
from cardkit.i18n import LANGUAGES, Domain, get_language, language

__all__ = ["RECORD_VERSION", "Bot", "BotLike", "Event", "FrozenDict", "Game", "IllegalAction",
           "PeekError", "Reason", "Verdict", "decider", "deciders", "declare_view",
           "is_bot_factory", "numbered_seat", "play_out", "read_record", "seat_name",
           "takes_game", "team_name", "written_in"]

_t = Domain("cardkit")
_, pgettext = _t.gettext, _t.pgettext

T = TypeVar("T")


def written_in(lang: str, write: Callable[..., T], *args: Any) -> T:
    """``write(*args)`` with every sentence in ``lang`` ("en", "ja"): the one helper behind
    each ``text_in`` (events, verdicts, errors). The language around it is unchanged.

        >>> written_in("ja", seat_name, 0), seat_name(0)
        ('北', 'North')
    """
    with language(lang):
        return write(*args)


# ----------------------------------------------------------------- shared words (XR-1.1)

def seat_name(seat: int) -> str:
    """The compass name of seat 0-3 (clockwise from North) in the language of the moment:
    North, East, South, West; 北, 東, 南, 西."""
    if get_language() == "en":
        return _SEATS[seat]
    return (pgettext("seat", "North"), pgettext("seat", "East"), pgettext("seat", "South"),
            pgettext("seat", "West"))[seat]


def team_name(team: int) -> str:
    """The name of partnership 0 (North and South) or 1 (East and West): North–South,
    East–West; 南北チーム, 東西チーム."""
    if get_language() == "en":
        return _TEAMS[team]
    return (pgettext("team", "North–South"), pgettext("team", "East–West"))[team]


def numbered_seat(seat: int) -> str:
    """A seat named by its number, as in games without compass seats: "Seat 2"."""
    return pgettext("seat", "Seat {number}").format(number=seat)


_SEATS = ("North", "East", "South", "West")
_TEAMS = ("North–South", "East–West")

# ----------------------------------------------------------------- verdicts

Reason = str | Callable[[], str]
"""A verdict's reason: the sentence itself (English), or a function of no arguments that writes
it in the language of the moment."""


class _Written:
    """A reason written out in every language: what a pickled verdict keeps of a function."""

    __slots__ = ("texts",)

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts

    def __call__(self) -> str:
        return self.texts.get(get_language()) or self.texts["en"]


@dataclass(frozen=True, slots=True, init=False, eq=False, repr=False)
class Verdict:
    """The answer to "may I?": ``ok``, a plain-language ``reason`` and the ``rule`` ID.

    A verdict is truthy exactly when ``ok`` is true, so ``if game.check(action): ...`` reads well.
    ``reason`` is written when read, in the language of the moment (the module docstring says
    how); two verdicts are equal when they say the same thing by the same rule.
    """

    ok: bool
    said: Reason
    """The reason as given: a string, or the function that writes it (read ``reason``)."""
    rule: str | None

    def __init__(self, ok: bool, reason: Reason, rule: str | None = None) -> None:
        object.__setattr__(self, "ok", ok)
        object.__setattr__(self, "said", reason)
        object.__setattr__(self, "rule", rule)

    @property
    def reason(self) -> str:
        """Why, in plain words, in the language of the moment."""
        said = self.said
        return said if isinstance(said, str) else said()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        reason = self.reason
        if not self.rule or f"({self.rule}" in reason or f" {self.rule})" in reason:
            return reason  # the reason already cites its rule
        return f"{reason} ({self.rule})"

    def text_in(self, lang: str) -> str:
        """``str(verdict)`` in ``lang`` ("en" or "ja"), whatever the language of the moment."""
        return written_in(lang, str, self)

    def __repr__(self) -> str:
        return f"Verdict(ok={self.ok!r}, reason={self.reason!r}, rule={self.rule!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Verdict:
            return NotImplemented
        assert isinstance(other, Verdict)
        return (self.ok == other.ok and self.rule == other.rule
                and (self.said is other.said or self.reason == other.reason))

    def __hash__(self) -> int:
        return hash((self.ok, self.reason, self.rule))

    def __reduce__(self) -> tuple[Any, ...]:
        # A function may not pickle (a lambda): its words in every language do.
        said = self.said
        if not isinstance(said, str | _Written):
            said = _Written({lang: written_in(lang, said) for lang in LANGUAGES})
        return (Verdict, (self.ok, said, self.rule))


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action the rules refuse; ``.verdict`` says why. Its message
    is the verdict's, written when read (``str(error)``), so it follows the language."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict)
        self.verdict = verdict

    def __str__(self) -> str:
        return str(self.verdict)

    def text_in(self, lang: str) -> str:
        """The message in ``lang`` ("en" or "ja")."""
        return self.verdict.text_in(lang)

    @property
    def rule(self) -> str | None:
        return self.verdict.rule

    @property
    def reason(self) -> str:
        return self.verdict.reason


class FrozenDict(dict[str, Any]):  # a dict subclass: json, pickle and == treat it as a dict
    """A dict that refuses every change once made: the values an event carries.

    It reads, compares, prints and serialises as a dict (``json.dumps``, ``pickle``,
    ``copy``), so records and narrations are unchanged, but nobody can edit what happened::

        >>> data = FrozenDict(card="7♥")
        >>> data["card"], data == {"card": "7♥"}
        ('7♥', True)
        >>> data["card"] = "8♥"
        Traceback (most recent call last):
        ...
        TypeError: event data is read-only: FrozenDict refuses __setitem__
    """

    __slots__ = ()

    def _refuse(name: str) -> Any:  # type: ignore[misc]  # builds the refusing methods below
        def refuse(self: FrozenDict, *args: Any, **kwargs: Any) -> Any:
            raise TypeError(f"event data is read-only: FrozenDict refuses {name}")
        refuse.__name__ = name
        return refuse

    __setitem__ = _refuse("__setitem__")
    __delitem__ = _refuse("__delitem__")
    __ior__ = _refuse("__ior__")
    clear = _refuse("clear")
    pop = _refuse("pop")
    popitem = _refuse("popitem")
    setdefault = _refuse("setdefault")
    update = _refuse("update")
    del _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy rebuild it from a plain dict
        return (FrozenDict, (dict(self),))


class Event(Protocol):
    """Something that happened in a game. The contract every game's events keep:

    - **One class per kind.** Each kind of event is its own ``@dataclass(frozen=True,
      slots=True)`` with typed fields that mean one thing (no ``value`` or ``extra`` whose
      meaning depends on the kind, no mapping of keys described in docstrings). Fields hold
      values only (cards, numbers, tuples, enums, frozen values), never the game, so an event
      cannot change once made, compares by value and pickles.
    - **One base class per game**, ``<Game>Event`` (``XeriEvent``, ``ZionEvent``), with
      ``__slots__ = ()``, that every event class of the game subclasses: it holds what they
      share (``text``, ``__str__``), and ``isinstance(e, XeriEvent)`` and annotations use it.
    - ``kind``: a class attribute (``ClassVar``) naming the class's member of the game's
      ``EventKind`` enum, so code branches on ``event.kind is EventKind.X`` (or on
      ``isinstance``), never on text.
    - ``seat``: the seat that acted, or ``None`` for an event of the whole table (a field, or a
      ``ClassVar`` set to ``None`` on a class whose events never have a seat).
    - ``rule``: the ID of the rule of the book that applied (``None`` only where no rule
      speaks).
    - ``text``: a property that builds the narration when it is read, never when the event is
      made, so that simulations pay nothing for words they never read; ``str(event)`` is the
      same text.
    - How something ended (a round, a hand, the match) is a member of an enum, never a string.
    """

    @property
    def kind(self) -> Enum: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def rule(self) -> str | None: ...

    @property
    def text(self) -> str: ...


G = TypeVar("G", bound="Game")


@runtime_checkable
class Game(Protocol):
    """The protocol both games follow (after OpenSpiel's ``State``); the same word means the
    same thing in every game, and `cardkit.games` creates, loads and draws any of them.

    ``current_player`` is the seat that must act now (also a player asked out of turn, as in
    Zion Check's claim window), or ``None`` when the game is over. ``check`` and ``apply`` take
    an optional ``seat``: who is trying. An app passes the seat that clicked, and any seat but
    the one to act is refused by the rules, so an out-of-turn try never changes the game.

    - ``phase``: the game's ``Phase`` enum; ``is_over`` once it is over.
    - ``legal_actions()``: every action ``current_player`` may take; each passes ``check``.
    - ``check(action, seat)``: a `Verdict`; ``apply(action, seat)``: the list of events it
      caused, or `IllegalAction` with the verdict and the game unchanged.
    - ``events`` and ``history``: read-only tuples of every event and every action so far.
    - ``observe(seat)``: a frozen value of what ``seat`` may see (the input of bots and views);
      ``hidden_from(seat)``: the cards ``seat`` may not see; ``locations()``: every card by place.
    - ``results``: one frozen result per finished round or hand; ``totals``: the running score
      per team or seat; ``winners``: the seats that won, once the game is over.
    - ``clone()``, ``to_json()`` and ``from_json(text)``: a game is its rules, its seed and its
      actions, so a record replays exactly; ``snapshot()`` is comparable data of the whole state.
    """

    game_name: ClassVar[str]

    @property
    def num_players(self) -> int: ...

    @property
    def phase(self) -> Any: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> Sequence[Any]: ...

    @property
    def events(self) -> Sequence[Any]: ...

    @property
    def results(self) -> Sequence[Any]: ...

    @property
    def totals(self) -> Any: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    def legal_actions(self) -> list[Any]: ...

    def check(self, action: Any, seat: int | None = None) -> Verdict: ...

    def apply(self, action: Any, seat: int | None = None) -> list[Any]: ...

    def clone(self: G) -> G: ...

    def observe(self, seat: int) -> Any: ...

    def seat_name(self, seat: int) -> str: ...

    def hand(self, seat: int) -> Sequence[Any]: ...

    def locations(self) -> dict[str, tuple[Any, ...]]: ...

    def hidden_from(self, seat: int) -> frozenset[Any]: ...

    def snapshot(self) -> Any: ...

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls: type[G], text: str) -> G: ...


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose(view)`` returns a legal action from its seat's view alone.

    The caller (`play_out`, `cardkit.sim.simulate`, the tables, the command line, the
    tournament) hands ``choose`` the frozen view of the seat to act (``game.observe(seat)``:
    its own hand, what is public and ``legal_actions()``), never the game, so a bot cannot
    look at another hand or the stock: asking its view for them raises `PeekError`. A plain
    function of the view, ``def my_bot(view) -> action``, is accepted wherever a bot is.
    Old bots whose ``choose`` reads the game still play for one release (`takes_game`).
    """

    seat: int

    def choose(self, view: Any) -> Any: ...


BotLike = Bot | Callable[[Any], Any]
"""A bot object with ``choose(view)`` or a plain function of the view (also an old bot)."""

OLD_PARAMETERS = ("game", "match")
"""The parameter names of an old bot's ``choose`` (the protocol before views said
``choose(self, game)``): such a bot is handed the game, with a DeprecationWarning."""

_VIEW_RULES: dict[type, str] = {}


class PeekError(AttributeError):
    """A bot asked its view for something its seat may not see (another hand, the stock's
    order, the game): the message says so, with the game's rule ID and what the view offers.
    An ``AttributeError``, as the missing attribute is one; raised by the caller of the bot."""


def declare_view(view_class: type, rule: str) -> None:
    """Record that ``view_class`` is a game's seat view and ``rule`` the rule of its book
    that says what a seat sees (XR-9.1): `PeekError` messages cite it. Each game's bots
    module declares its view."""
    _VIEW_RULES[view_class] = rule


def view_offers(view: Any) -> list[str]:
    """The public names of ``view`` (its fields, properties and methods, the last with
    ``()``), deprecated ones left out: what a bot may read."""
    names = []
    for name in dir(type(view)):
        if name.startswith("_") or name in ("count", "index"):  # a named tuple's own methods
            continue
        member = getattr(type(view), name, None)
        if (member.__doc__ or "").startswith("Deprecated") and isinstance(member, property):
            continue
        names.append(f"{name}()" if callable(member) and not isinstance(member, type) else name)
    return names


def peek_message(bot: Any, view: Any, name: str) -> str:
    """The sentence of a `PeekError`: ``bot`` asked ``view`` for ``name``."""
    rule = _VIEW_RULES.get(type(view))
    seat = getattr(view, "seat", None)
    said = {"bot": bot_name(bot), "seat": seat, "rule": rule, "name": name,
            "view": type(view).__name__, "offers": ", ".join(view_offers(view))}
    if rule and seat is not None:
        return _("A bot sees only its own seat ({rule}): {bot}, at seat {seat}, asked its view for "
                 "{name!r}, which that seat may not see (another hand, the stock's order or the "
                 "game itself are never in a view); its view ({view}) offers {offers}"
                 ).format(**said)
    if rule:
        return _("A bot sees only its own seat ({rule}): {bot} asked its view for {name!r}, which "
                 "that seat may not see (another hand, the stock's order or the game itself are "
                 "never in a view); its view ({view}) offers {offers}").format(**said)
    if seat is not None:
        return _("A bot sees only its own seat: {bot}, at seat {seat}, asked its view for "
                 "{name!r}, which that seat may not see (another hand, the stock's order or the "
                 "game itself are never in a view); its view ({view}) offers {offers}"
                 ).format(**said)
    return _("A bot sees only its own seat: {bot} asked its view for {name!r}, which that seat "
             "may not see (another hand, the stock's order or the game itself are never in a "
             "view); its view ({view}) offers {offers}").format(**said)


def bot_name(bot: Any) -> str:
    """How messages name a bot: its class, or a function's name."""
    if not hasattr(bot, "choose") and hasattr(bot, "__name__"):
        return _("the bot function {name}").format(name=bot.__name__)
    return type(bot).__name__


def takes_game(bot: Any) -> bool:
    """Is ``bot`` an old bot whose ``choose`` reads the game (deprecated)?

    How the caller tells the two apart: a class attribute ``takes_view`` (True or False)
    says it outright; without one, a ``choose`` whose first parameter is named ``game`` or
    ``match`` (`OLD_PARAMETERS`, the old protocol's own spelling) is old, any other is a view
    bot. Why so: an old bot may read anything of the game (``game.hands``, ``game.observe``),
    so only the game itself keeps every old bot playing, and the caller has to know before
    the call; a marker alone would hand the game to every new bot that forgot it (learners
    forget), and a view that answered for the game would refuse the old bots that read it.
    A function bot is always a function of the view (functions are new here).
    """
    if not hasattr(bot, "choose"):
        return False
    said = getattr(type(bot), "takes_view", None)
    if isinstance(said, bool):
        return not said
    cls = type(bot)
    if "choose" in getattr(bot, "__dict__", ()):  # a choose of the object's own
        return _first_parameter_is_old(bot.choose)
    if cls not in _TAKES_GAME:  # asked per class once: simulations make bots per game
        _TAKES_GAME[cls] = _first_parameter_is_old(bot.choose)
    return _TAKES_GAME[cls]


_TAKES_GAME: dict[type, bool] = {}


def _first_parameter_is_old(choose: Any) -> bool:
    try:
        parameters = list(inspect.signature(choose).parameters)
    except (TypeError, ValueError):  # a builtin without a signature: a view bot
        return False
    return bool(parameters) and parameters[0] in OLD_PARAMETERS


def is_bot_factory(entry: Any) -> bool:
    """Does ``entry`` make bots, ``entry(seat, seed=...)``, rather than play as one? A class
    does, and a function with a ``seed`` parameter (or any keyword); a function without one
    is a bot function of the view."""
    if isinstance(entry, type):
        return True
    if hasattr(entry, "choose") or not callable(entry):
        return False
    try:
        parameters = inspect.signature(entry).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "seed" or p.kind is p.VAR_KEYWORD for p in parameters)


def decider(bot: BotLike, *, fair: bool = False) -> Callable[[Any], Any]:
    """The function ``game -> action`` that asks ``bot`` for the move of the seat to act.

    A view bot or a function bot is given ``game.observe(game.current_player)``; asking that
    view for what it lacks raises `PeekError`. An old bot (`takes_game`) is given the game,
    with one DeprecationWarning here that says what to change; with ``fair`` (the
    tournament) it is refused instead: a ``TypeError`` with the same advice.
    """
    choose = cast("Callable[[Any], Any]", getattr(bot, "choose", bot))  # a function: itself
    if not callable(choose):
        raise TypeError(f"a bot is an object with choose(view) or a function of the view, "
                        f"not {bot!r}")
    if takes_game(bot):
        advice = (f"{type(bot).__name__}.choose reads the game; bots are given their seat's "
                  f"view: write choose(self, view) and use the view it is given (its hand, "
                  f"what is public, view.legal_actions()) instead of game.observe(seat)")
        if fair:
            raise TypeError(f"a fair match gives each bot only its seat's view: {advice}")
        warnings.warn(f"cardkit.engine.Bot.choose(game) is deprecated: {advice}; old bots are "
                      f"handed the game for one release only", DeprecationWarning, stacklevel=3)
        return choose

    def decide(game: Any) -> Any:
        view = game.observe(game.current_player)
        try:
            return choose(view)
        except PeekError:
            raise
        except AttributeError as error:
            if getattr(error, "obj", None) is view and error.name:
                raise PeekError(peek_message(bot, view, error.name)) from error
            raise

    return decide


def deciders(bots: Sequence[BotLike], *, fair: bool = False) -> list[Callable[[Any], Any]]:
    """`decider` of each bot, in seat order (an old bot's warning once per bot)."""
    return [decider(bot, fair=fair) for bot in bots]


def play_out(game: G, bots: Sequence[BotLike], *, max_actions: int | None = None) -> G:
    """Let ``bots`` (one per seat, indexed by seat: bot objects or functions of the view)
    play ``game`` to the end; returns the game. Each is given its seat's view (`decider`).

    ``max_actions`` stops early (useful to reach a position in the middle of a game).
    """
    players = deciders(bots)
    taken = 0
    while not game.is_over and (max_actions is None or taken < max_actions):
        seat = game.current_player
        game.apply(players[seat](game))  # type: ignore[index]  # not over: a seat acts
        taken += 1
    return game


RECORD_VERSION = 1
"""The version of the JSON record format written by both games' ``to_json``."""


def read_record(text: str, game_name: str, title: str,
                required: Sequence[str] = ("rules", "seed"),
                actions_are: str = "action texts") -> dict[str, Any]:
    """Parse and check a game record: a JSON object for ``game_name`` at `RECORD_VERSION`
    with the ``required`` keys and ``"actions"`` as a list of texts.

    ``title`` names the game and ``actions_are`` its actions in messages. Every problem is a
    ``ValueError`` that says what a record must hold, so a mangled file never fails deep inside
    a replay; sizes past `cardkit.bounds` (text, nesting, players, seed, decks, rule values,
    action texts) are refused before any game is built::

        >>> read_record('{"game": "xeri"}', "xeri", "Xeri")
        Traceback (most recent call last):
        ...
        ValueError: unsupported Xeri record version None; this cardkit reads version 1
    """
    bounds.check_record_text(text)  # before parsing: its size and nesting
    try:
        record = json.loads(text)
    except (TypeError, ValueError) as error:  # ValueError: an integer of over 4300 digits
        raise ValueError(_("not a {title} record: the text is not valid JSON ({error})").format(
            title=title, error=error)) from None
    if not isinstance(record, dict) or record.get("game") != game_name:
        raise ValueError(_('not a {title} record: expected a JSON object with "game": "{game}"'
                           ).format(title=title, game=game_name))
    if type(record.get("version")) is not int or record["version"] != RECORD_VERSION:
        raise ValueError(_("unsupported {title} record version {version!r}; this cardkit reads "
                           "version {supported}").format(title=title,
                                                         version=record.get("version"),
                                                         supported=RECORD_VERSION))
    missing = [key for key in (*required, "actions") if key not in record]
    if missing:
        raise ValueError(_("the {title} record lacks {keys}").format(
            title=title, keys=", ".join(map(repr, missing))))
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError(_('the {title} record\'s "actions" must be a list of {actions}').format(
            title=title, actions=actions_are))
    bounds.check_record_values(record)
    return record
