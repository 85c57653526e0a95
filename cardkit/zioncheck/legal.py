"""What the player to act may do, worked out from what that player can see.

`ZionGame.legal_actions` and `Observation.legal_actions` both ask `legal_actions_for`, so a bot
that holds only its observation gets the very same list as the game (and no reference to the
live game is needed)."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.cards import Card
from cardkit.engine import Verdict
from cardkit.zioncheck.actions import (
    Action,
    Claim,
    Discard,
    DrawStock,
    ExchangeJoker,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
)
from cardkit.zioncheck.melds import Meld, joker_exchanges, lay_off_places
from cardkit.zioncheck.rules import Rules
from cardkit.zioncheck.solver import can_go_down, find_go_down
from cardkit.zioncheck.state import Phase
from cardkit.zioncheck.words import N_, Later, Said, ngettext, seat_name
from cardkit.zioncheck.words import gettext as _

__all__ = ["best_go_down_for", "claim_verdict", "leaves_discard", "legal_actions_for"]

_MAY_CLAIM = Verdict(True, Said(N_("the seat asked may claim the discard out of turn")), "ZC-8.1")


def leaves_discard(hand: Sequence[Card], used: Sequence[Card], taken: Card | None,
                   rules: Rules) -> bool:
    """Would the hand keep a card it may discard after ``used`` leave it (ZC-13.1, ZC-6.1)?
    With `allow_go_out_without_discard` an empty hand is fine (the player goes out)."""
    left = len(hand) - len(used)
    if left == 0:
        return rules.allow_go_out_without_discard
    if left == 1 and taken is not None and rules.forbid_discard_of_taken_card:
        return taken in used or taken not in hand
    return True


def claim_verdict(seat: int, claims_made: int, rules: Rules) -> Verdict:
    """May ``seat`` claim, having claimed ``claims_made`` times this hand (ZC-8.3)?"""
    limit = rules.max_claims_per_hand
    if limit is not None and claims_made >= limit:
        return Verdict(False, Later(_claimed_enough, seat, limit), "ZC-8.3")
    return _MAY_CLAIM


def _claimed_enough(seat: int, limit: int) -> str:
    if limit == 1:
        words = _("{seat} has already claimed once this hand, the most allowed")
    elif limit == 2:
        words = _("{seat} has already claimed twice this hand, the most allowed")
    else:
        words = ngettext("{seat} has already claimed {count} time this hand, the most allowed",
                         "{seat} has already claimed {count} times this hand, the most allowed",
                         limit)
    return words.format(seat=seat_name(seat), count=limit)


def exchange_actions(hand: Sequence[Card], melds: Sequence[Meld]) -> list[Action]:
    """Every joker exchange of these cards on these melds, one copy per face (ZC-12.1)."""
    if not melds:
        return []
    acts: list[Action] = []
    seen: set[tuple[int, str | None]] = set()
    for card in hand:
        face = (card.rank, card.suit)
        if card.rank == 0 or face in seen:
            continue
        seen.add(face)
        acts += [ExchangeJoker(card, index) for index in joker_exchanges(card, melds)]
    return acts


def best_go_down_for(hand: Sequence[Card], hand_number: int, rules: Rules,
                     taken: Card | None, *, only_polite: bool = False) -> tuple[Meld, ...] | None:
    """The solver's go-down for this hand, keeping a card to discard (ZC-13.1) other than the
    card ``taken`` from the discard pile this turn (ZC-6.1), with no joker in a set when any
    go-down without one exists (ZC-5.4)."""
    keep = 0 if rules.allow_go_out_without_discard else 1
    taken = taken if rules.forbid_discard_of_taken_card else None
    if not only_polite and not can_go_down(hand, hand_number, rules, keep_at_least=keep):
        return None  # most hands: one search, stopping at the first go-down, says there is none
    return find_go_down(hand, hand_number, rules, keep_at_least=keep, taken=taken,
                        only_polite=only_polite)


def legal_actions_for(phase: Phase, seat: int, hand: Sequence[Card], melds: Sequence[Meld],
                      gone_down: bool, taken: Card | None, can_take: bool, claims_made: int,
                      hand_number: int, rules: Rules) -> list[Action]:
    """Every legal action of ``seat``, the player to act, in ``phase``: going down is offered
    as the solver's best arrangement (any other legal arrangement is accepted by `check`)."""
    if phase is Phase.OVER:
        return []
    if phase is Phase.DRAW:
        return [DrawStock(), TakeDiscard()] if can_take else [DrawStock()]
    if phase is Phase.CLAIM:
        acts: list[Action] = [Claim()] if claim_verdict(seat, claims_made, rules).ok else []
        acts += exchange_actions(hand, melds)
        acts.append(Pass())
        return acts
    acts = []
    if not gone_down:
        best = best_go_down_for(hand, hand_number, rules, taken)
        if best is not None:
            acts.append(GoDown(best))
    elif len(hand) > (0 if rules.allow_go_out_without_discard else 1):
        seen: set[tuple[int, str | None]] = set()
        for card in hand:
            face = (card.rank, card.suit)
            # one copy per face, but a copy that may leave the hand (ZC-6.1): with two copies
            # of a card, laying off the taken one may be the legal choice
            if face in seen or not leaves_discard(hand, (card,), taken, rules):
                continue
            seen.add(face)
            for index, end in lay_off_places(card, melds):
                acts.append(LayOff(card, index, end))
    acts += exchange_actions(hand, melds)
    forbidden = taken if rules.forbid_discard_of_taken_card else None
    acts += [Discard(card) for card in hand if card != forbidden]
    return acts
