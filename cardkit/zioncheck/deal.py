"""Scripted deals: a game whose current hand starts from a given position (for tests, lessons
and records that keep one). `scripted_game` is ``ZionGame.from_deal``; `set_deal` lays a deal
out, when it is made and when its record is replayed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardkit.cards import Card, parse_card
from cardkit.zioncheck.actions import GoDown, parse_action
from cardkit.zioncheck.core import HANDS
from cardkit.zioncheck.melds import Meld, make_meld
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.state import TableMeld
from cardkit.zioncheck.words import gettext as _
from cardkit.zioncheck.words import seat_name

if TYPE_CHECKING:
    from cardkit.zioncheck.game import ZionGame

__all__ = ["scripted_game", "set_deal"]


def scripted_game(cls: type[ZionGame], hands: Sequence[Sequence[Card] | str],
                  stock: Sequence[Card] | str, *,
                  discard: Sequence[Card] | str = (), table: Sequence[tuple[Any, int]] = (),
                  dealer: int | None = None, hand_number: int = 1, rules: Rules | None = None,
                  seed: int = 0) -> ZionGame:
    """A game whose current hand starts from a scripted position (for tests and lessons).

    ``hands[s]`` is seat s's hand; ``stock`` lists the stock from its top (the next card
    drawn first); ``discard`` the discard pile from bottom to top (nobody discarded it);
    ``table`` holds ``(meld, owner)`` pairs already laid down (a `Meld`, or cards that
    `check_meld` accepts; jokers may be written ``JK=7C``): their owners have gone down.
    ``dealer`` defaults to the seat before seat 0, so seat 0 plays first. The first
    player's compensation (ZC-7.1: a double turn or drawing two) is given only when the
    discard pile is empty, as it exists because there is no discard to take. Cards may be
    given as text (``"7C 7D JK"``; a card repeated in the texts is the next deck's copy,
    as in `parse_cards`). Later hands are dealt by the seeded generator. The
    record (`to_json`) keeps the scripted position so that it replays. Impossible
    positions (an empty hand, a card twice, a deck or a joker the game's pack does not
    have) raise ``ValueError``.

    >>> from cardkit.zioncheck.game import ZionGame
    >>> g = ZionGame.from_deal(["7C 7D 7H 8S", "2C 3C 4C 5C"], "9D KH")
    >>> g.current_player, [str(c) for c in g.hand(0)], g.stock_size
    (0, ['7♣', '7♦', '7♥', '8♠'], 2)
    """
    seen: set[Card] = set()

    def card(token: str) -> Card:
        found = parse_card(token)
        if "@" not in token:  # a repeated card in text is the next deck's copy
            while found in seen:
                found = Card(found.rank, found.suit, found.deck + 1)
        seen.add(found)
        return found

    def cards(value: Sequence[Card] | str) -> list[Card]:
        if not isinstance(value, str):
            seen.update(value)
            return list(value)
        return [card(token) for token in value.replace(",", " ").split()]

    def meld_spec(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        words = []
        for token in value.replace(",", " ").split():
            body, sep, face = token.partition("=")
            words.append(card(body).to_text() + sep + face)
        return " ".join(words)

    hand_lists = [cards(h) for h in hands]
    players = len(hand_lists)
    game = cls(players, seed, rules)
    if not 1 <= hand_number <= HANDS:
        raise ValueError(f"hand_number must be 1 to 6, not {hand_number!r}")
    stock_cards = cards(stock)
    discard_cards = cards(discard)
    deal = {"hands": [[c.to_text() for c in h] for h in hand_lists],
            "stock": [c.to_text() for c in stock_cards],
            "discard": [c.to_text() for c in discard_cards],
            "table": [[_table_text(meld_spec(meld), game._rules), owner]
                      for meld, owner in table],
            "dealer": (players - 1) if dealer is None else dealer,
            "hand_number": hand_number}
    set_deal(game, deal)
    return game


def set_deal(game: ZionGame, deal: dict[str, Any]) -> None:
    """Start ``game``'s current hand from ``deal`` (a record's scripted position)."""
    try:
        hands = [[parse_card(t) for t in h] for h in deal["hands"]]
        stock = [parse_card(t) for t in deal["stock"]]
        discard = [parse_card(t) for t in deal["discard"]]
        dealer, hand_number = int(deal["dealer"]), int(deal["hand_number"])
        table = [TableMeld(Meld.from_text(text), int(owner))
                 for text, owner in deal.get("table", ())]
    except (KeyError, TypeError) as error:
        raise ValueError(_("bad scripted deal: {error}").format(error=error)) from None
    if len(hands) != game._players or not 0 <= dealer < game._players:
        raise ValueError(_("a scripted deal needs one hand per player and a valid dealer"))
    if any(not 0 <= tm.owner < game._players for tm in table):
        raise ValueError(_("a table meld's owner must be a seat of the game"))
    for seat, hand in enumerate(hands):
        if not hand:
            raise ValueError(_("{seat}'s hand is empty: every seat of a scripted deal holds at "
                               "least one card (a player with none has gone out and the hand is "
                               "over, ZC-13.1)").format(seat=seat_name(seat)))
    every = [c for h in hands for c in h] + stock + discard
    every += [c for tm in table for c in tm.meld.cards]
    seen: set[Card] = set()
    pack = set(game._pack)
    decks = len(game._pack) // 54
    for card in every:
        if card in seen:
            raise ValueError(_("a scripted deal holds {card} twice: name other copies by deck, "
                               "e.g. {code}@1 (ZC-1.1)").format(card=card.to_text(),
                                                              code=card.ascii))
        if card not in pack:
            if card.is_joker:
                raise ValueError(_("a scripted deal holds {card}, but the {decks} decks of this "
                                   "game hold only {jokers} jokers, JK to JK@{last} (ZC-1.1)")
                                 .format(card=card.to_text(), decks=decks, jokers=2 * decks,
                                         last=2 * decks - 1))
            raise ValueError(_("a scripted deal holds {card}, but this game has {decks} decks, "
                               "@0 to @{last} (ZC-1.1, ZC-1.2)").format(
                                   card=card.to_text(), decks=decks, last=decks - 1))
        seen.add(card)
    game._events.clear()
    game._hand_number = hand_number - 1
    game._dealer = dealer
    game._start_hand(game._events)
    del game._events[1:]  # a random upcard of the unscripted deal is not part of this one
    game._hands = hands
    game._stock = stock[::-1]
    game._discard = discard
    game._discard_by = [None] * len(discard)
    game._table = table
    for tm in table:
        game._down[tm.owner] = True
    if discard:  # the first player may take a discard: no compensation is owed (ZC-7.1)
        game._bonus_turn = game._draw_two = False
    game._deal = deal


def _table_text(meld: Any, rules: Rules) -> str:
    """The record text of a scripted table meld (a `Meld`, or cards as a list or text)."""
    if isinstance(meld, Meld):
        return meld.to_text()
    if isinstance(meld, str):
        down = parse_action("down " + meld)
        assert isinstance(down, GoDown)  # a "down" text is read as a GoDown
        specs = down.melds  # cards with optional JK=7C placements
        if len(specs) != 1:
            raise ValueError(_("bad table meld {meld}: give one meld per (meld, owner) pair")
                             .format(meld=repr(meld)))
        meld = specs[0]
    built, verdict = make_meld(meld, rules)
    if built is None:
        raise ValueError(_("bad table meld: {reason}").format(reason=verdict))
    return built.to_text()
