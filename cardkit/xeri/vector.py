"""Many Xeri rounds at once as numpy arrays: random and greedy play, for `cardkit.sim`.

The reference engine (`XeriMatch` with `RandomBot`/`GreedyBot`) plays one card at a time; this
module plays the same rules for thousands of rounds in one pass, one array row per round::

    >>> from cardkit.xeri import Rules
    >>> cols = simulate_matches(Rules(), ["random"] * 4, seed=1, start=0, stop=256)
    >>> len(cols["points_0"]), int((cols["cards_0"] + cols["cards_1"]).max())
    (1024, 52)

Why it plays the same game:

- A round starts from a uniformly shuffled deck (the cut of XR-2.2 keeps it uniform): a
  Fisher–Yates shuffle from uniform draws (`_fisher_yates`, or the compiled kernel's). Which
  deck positions make the pile and which the hands does not change the game's law, so the
  engine lays a deck out in the order it is used: the 4 pile cards (the last on top), then the
  24 cards of the first deal, then the 24 of the second (each player's cards every fourth one).
  A pile that must be dealt again (XR-2.4, XR-8.2) is reshuffled with the 24 stock cards.
- A random player plays each card of its hand with equal chance. Its hand is a uniformly
  ordered part of a shuffled deck, so playing the cards in the order dealt has the same law.
- The greedy player scores every card of its hand exactly as `GreedyBot.value` does (card
  points, majority weight, Xeri risk from the unseen ranks and the next player's hand size,
  keeping jacks) and plays the best; ties go to a uniformly random card, as in the bot.
- Captures, Xeris (XR-4.1–4.3, XR-8.3), the last pile (XR-5.1) and the score (XR-6) follow
  the rules core, computed for all rounds and plays at once (`_score`); the suite compares
  every column with the reference engine (``tests/sim/test_vector.py``).

Rows come in matches of ``rules.rounds`` rounds with the deal passing left (XR-2.1), like the
reference engine's rows. Each block of `BLOCK` matches draws from its own generator,
``numpy.random.SeedSequence(seed, spawn_key=(block,))``, so results do not depend on how blocks
are grouped into chunks. Not vectorised (`unsupported` says why): ``cut_shows_bottom`` and
``target``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardkit.xeri.bots import CARD_WEIGHT, JACK_KEEP
from cardkit.xeri.rules import Rules

__all__ = ["BLOCK", "compiled", "kernel_name", "simulate_matches", "unsupported"]

BLOCK = 256
"""Matches drawn from one seed block."""

JACK = 11
_RANK = (np.arange(53) % 13 + 1).astype(np.int8)  # card id = suit * 13 + rank - 1, suits C D H S
_RANK[52] = 0  # id -1 (a played slot) reads the 53rd entry: no rank
_TEAM_CARDS = 52

# Deck positions: 0-3 the first pile (3 its top card), 4 + t the card played at play t (0-47):
# 4-27 the first deal, 28-51 the second. The deck is a uniform shuffle, so which positions make
# which hand does not change the game; a redeal (XR-2.4) shuffles the pile back into the stock.
_RESHUFFLE = np.r_[0:4, 28:52]


def _points_table(rules: Rules) -> np.ndarray:
    """Card points by card id (XR-6); id -1 (a played slot) scores 0."""
    table = np.isin(_RANK, (1, 10, 11, 12, 13)).astype(np.int8)
    table[1] += 1  # 2♣
    if rules.ten_of_diamonds_counts_as_ten:
        table[13 + 9] += 1  # 10♦: 1 as a ten, 1 more
    table[52] = 0
    return table


def unsupported(rules: Rules) -> str | None:
    """Why these rules cannot be vectorised, or None when they can."""
    if rules.cut_shows_bottom:
        return "the cut_shows_bottom option (XR-8.1) is not vectorised"
    if rules.target is not None:
        return "a match to a target (XR-7.2) lasts a varying number of rounds"
    if str(rules.initial_pile_redeal) not in _REDEAL:
        return f"the pile option {str(rules.initial_pile_redeal)!r} is not vectorised"
    return None


def _any_pair(ranks: np.ndarray) -> np.ndarray:
    r = ranks
    pairs: np.ndarray = ((r[:, 0] == r[:, 1]) | (r[:, 0] == r[:, 2]) | (r[:, 0] == r[:, 3])
                         | (r[:, 1] == r[:, 2]) | (r[:, 1] == r[:, 3]) | (r[:, 2] == r[:, 3]))
    return pairs


def _allow_top(ranks: np.ndarray) -> np.ndarray:
    r = ranks  # every pair but the two top cards' (columns 2 and 3)
    pairs: np.ndarray = ((r[:, 0] == r[:, 1]) | (r[:, 0] == r[:, 2]) | (r[:, 0] == r[:, 3])
                         | (r[:, 1] == r[:, 2]) | (r[:, 1] == r[:, 3]))
    return pairs


def _top_jack_or_pair(ranks: np.ndarray) -> np.ndarray:
    needs: np.ndarray = (ranks[:, 3] == JACK) | _any_pair(ranks)
    return needs


def _top_jack_or_top_pair(ranks: np.ndarray) -> np.ndarray:
    needs: np.ndarray = (ranks[:, 3] == JACK) | (ranks[:, 2] == ranks[:, 3])
    return needs


def _never(ranks: np.ndarray) -> np.ndarray:
    return np.zeros(len(ranks), dtype=bool)


_PILE_RULES = ("any_pair_or_top_jack", "allow_top_pair_and_top_jack",
               "top_two_pair_or_top_jack", "never")  # the compiled kernel's numbering
_REDEAL: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "any_pair_or_top_jack": _top_jack_or_pair,
    "allow_top_pair_and_top_jack": _allow_top,
    "top_two_pair_or_top_jack": _top_jack_or_top_pair,
    "never": _never,
}
"""Which rows' piles (ranks, bottom to top) are dealt again, by option: the numpy copy of
`cardkit.xeri.play.redeal_positions`, tested equal to it on every pile of ranks."""


REDEAL_DRAWS = 2
"""Redeals (XR-2.4) whose draws are made with the deck's; the rarer later ones draw more."""


def _fisher_yates(cards: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Each row of ``cards`` (m cards) shuffled by Fisher–Yates: at step n the card at
    position ``i = m - 1 - n`` swaps with the one at ``int(u[row, n] * (i + 1))``, a uniform
    choice of positions 0 to i. Vectorised over the rows; the compiled kernel does the same."""
    cards = np.ascontiguousarray(cards)  # so that its flat view runs row after row
    rows, m = cards.shape
    pick = (u * np.arange(m, 1, -1, dtype=np.float64)).astype(np.intp)
    flat = cards.reshape(-1)
    row_start = np.arange(rows) * m
    for n in range(m - 1):
        i = m - 1 - n
        where = row_start + pick[:, n]
        card = cards[:, i].copy()
        cards[:, i] = flat.take(where)
        flat.put(where, card)
    return cards


def _draw_block(rules: Rules, seed: int, block: int, greedy: bool
                ) -> tuple[np.random.Generator, np.ndarray, np.ndarray, np.ndarray,
                           np.ndarray | None]:
    """One block's generator, dealers and draws: shuffles, the first redeals' shuffles and
    the greedy tie-breaks, in this order."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(block,)))
    rounds = rules.rounds
    rows = BLOCK * rounds
    first = rng.integers(0, 4, BLOCK)
    dealer = ((first[:, None] + np.arange(rounds)[None, :]) % 4).reshape(-1).astype(np.int8)
    u = rng.random((rows, 51))
    again = rng.random((rows, REDEAL_DRAWS, 27))
    # GreedyBot breaks ties at random: one uniform draw per play picks among the best cards.
    noise = rng.random((rows, 48)) if greedy else None
    return rng, dealer, u, again, noise


def _late_redeals(rules: Rules, rngs: list[np.random.Generator], size: int, deck: np.ndarray,
                  redeals: np.ndarray, todo: np.ndarray) -> None:
    """Deal the pile again (XR-2.4, XR-8.2) in the rows ``todo`` of ``deck``, which were dealt
    again `REDEAL_DRAWS` times already, until it stands, counting in ``redeals``: the pile
    goes back into the stock and the 28 cards are shuffled. Each row draws from its block's
    generator (block ``row // size``), the rows of a block in order, a round at a time; the
    shuffles of all blocks are done together."""
    needs = _REDEAL[str(rules.initial_pile_redeal)]
    while len(todo):
        block = todo // size
        draws = np.concatenate([rngs[b].random((int(count), 27))
                                for b, count in zip(*np.unique(block, return_counts=True),
                                                    strict=True)])
        redeals[todo] += 1
        cards = _fisher_yates(deck[todo][:, _RESHUFFLE], draws)
        deck[todo[:, None], _RESHUFFLE] = cards
        todo = todo[needs(_RANK[cards[:, :4]])]


def compiled() -> Any:
    """The compiled kernel, `cardkit.xeri.kernel`, or None when numba is not installed."""
    try:
        from cardkit.xeri import kernel
    except ImportError:
        return None
    return kernel


def kernel_name(kernel: str = "auto") -> str:
    """The kernel that plays the rounds: "numba" when asked for or, for "auto", when numba is
    installed (``pip install 'cardkit[fast]'``); else "numpy". Both play the same rounds."""
    if kernel not in ("auto", "numba", "numpy"):
        raise ValueError(f"kernel is 'auto', 'numba' or 'numpy', not {kernel!r}")
    if kernel == "numpy":
        return kernel
    if compiled() is not None:
        return "numba"
    if kernel == "numba":
        raise ValueError("the numba kernel needs numba: pip install 'cardkit[fast]'")
    return "numpy"


def simulate_matches(rules: Rules, kinds: Sequence[str], seed: int, start: int, stop: int,
                     kernel: str = "auto") -> dict[str, np.ndarray]:
    """Play matches ``start`` to ``stop`` (whole blocks) and return the columns of
    `cardkit.xeri.spec.COLUMNS`, what ``cardkit.sim.columns("xeri")`` lists (``game_seed``
    is -1: the rounds have no game seed).

    ``kernel`` picks who plays the dealt rounds (`kernel_name`); the deal is numpy's either
    way, so every kernel gives the same columns."""
    why = unsupported(rules)
    if why:
        raise ValueError(f"the vector engine cannot play these rules: {why}")
    if len(kinds) != 4 or any(k not in ("random", "greedy") for k in kinds):
        raise ValueError(f"the vector engine plays four seats of 'random' or 'greedy', not "
                         f"{list(kinds)!r}")
    if start % BLOCK:
        raise ValueError(f"start must be a whole number of blocks of {BLOCK} matches")
    kernel = kernel_name(kernel)
    greedy = any(k == "greedy" for k in kinds)
    blocks = range(start // BLOCK, -(-stop // BLOCK))
    parts = [_draw_block(rules, seed, b, greedy) for b in blocks]
    dealer = np.concatenate([p[1] for p in parts])
    u = np.concatenate([p[2] for p in parts])
    again = np.concatenate([p[3] for p in parts])
    noise = np.concatenate([p[4] for p in parts]) if greedy else _NO_NOISE
    redeals = np.zeros(len(u), dtype=np.int16)
    compiled_kernel = compiled() if kernel == "numba" else None
    needs = _REDEAL[str(rules.initial_pile_redeal)]
    if compiled_kernel is not None:
        deck = np.empty((len(u), 52), dtype=np.int8)
        compiled_kernel.deal(u, again, _PILE_RULES.index(str(rules.initial_pile_redeal)),
                             _RANK, deck, redeals)
    else:  # the same, a step for all rows at a time
        deck = _fisher_yates(np.tile(np.arange(52, dtype=np.int8), (len(u), 1)), u)
        todo = np.flatnonzero(needs(_RANK[deck[:, :4]]))
        for r in range(REDEAL_DRAWS):
            if not len(todo):
                break
            redeals[todo] += 1
            cards = _fisher_yates(deck[todo][:, _RESHUFFLE], again[todo, r])
            deck[todo[:, None], _RESHUFFLE] = cards
            todo = todo[needs(_RANK[cards[:, :4]])]
    todo = np.flatnonzero(redeals == REDEAL_DRAWS)
    todo = todo[needs(_RANK[deck[todo, :4]])]
    _late_redeals(rules, [p[0] for p in parts], BLOCK * rules.rounds, deck, redeals, todo)
    if compiled_kernel is not None:
        out = np.empty((len(compiled_kernel.COLUMNS), len(deck)), dtype=np.int64)
        compiled_kernel.play(deck, dealer, np.array([k == "greedy" for k in kinds]), noise,
                             _RANK, _points_table(rules), _CHANCE, rules.xeri_points,
                             rules.jack_xeri_points, rules.jack_on_single_is_xeri,
                             rules.dealer_last_card_no_xeri, CARD_WEIGHT, JACK_KEEP, out)
        cols = dict(zip(compiled_kernel.COLUMNS, out, strict=True))
    else:
        # random play: the cards in the order dealt (see the module docstring)
        order = _greedy_order(rules, kinds, deck, dealer, noise) if greedy else deck.T.copy()
        cols = _score(rules, order, dealer)
    rows = (stop - start) * rules.rounds
    rounds = rules.rounds
    count = len(deck)
    cols.update(seed=np.full(count, seed), match=start + np.arange(count) // rounds,
                round=np.arange(count) % rounds + 1, game_seed=np.full(count, -1),
                dealer=dealer, dealer_team=dealer & 1, redeals=redeals)
    return {name: np.asarray(values[:rows], dtype=np.int64) for name, values in cols.items()}


def _chance_lookup() -> np.ndarray:
    """[unknown, hand, k]: the chance that ``hand`` of ``unknown`` unknown cards hold one of k
    given cards, computed by the bot's own function (`cardkit.xeri.bots._holding_chance`)."""
    from cardkit.xeri.bots import _holding_chance

    table = np.zeros((53, 7, 5))
    for unknown in range(53):
        for hand in range(7):
            chance = _holding_chance(unknown, hand)
            table[unknown, hand] = [chance(k) for k in range(5)]
    return table


_CHANCE = _chance_lookup()
_NO_NOISE = np.zeros((0, 48))


def _score(rules: Rules, order: np.ndarray, dealer: np.ndarray) -> dict[str, np.ndarray]:
    """Score rounds from their cards in order, ``order[j, row]``: the first pile (j = 0-3, 3 on
    top) then the 48 plays. Whole arrays, one short pass over the plays.

    A play captures when it matches the card below it or is a jack (XR-3.2), unless the play
    before captured and left the pile empty (XR-3.3); it is a Xeri when the pile held one card,
    that is when the play two before captured (XR-4). Every card goes to the team of the next
    capture, or of the last capture when none follows (XR-5.1; the dealer's if nobody
    captured). Plays alternate between the teams: odd plays (1, 3, …, 47 from 0) are the
    dealer's team's, so sums over even and odd plays give both teams' figures.
    """
    rank = np.take(_RANK, order)  # np.take: much faster than indexing with an int8 array
    points = np.take(_points_table(rules), order)
    same = rank[4:] == rank[3:51]
    jack = rank[4:] == JACK
    match = same | jack
    cap = np.empty_like(match)
    cap[0] = match[0]
    for t in range(1, 48):  # a capture leaves an empty pile: the next card captures nothing
        np.greater(match[t], cap[t - 1], out=cap[t])
    # the last capture, -1 when nobody captured
    last = np.where(cap.any(axis=0), 47 - cap[::-1].argmax(axis=0), -1).astype(np.int8)
    xeri = np.zeros_like(cap)
    np.logical_and(cap[2:], cap[:-2], out=xeri[2:])
    if not rules.jack_on_single_is_xeri:
        xeri &= same
    if rules.dealer_last_card_no_xeri:
        xeri[47] = False  # the dealer's last card never makes a Xeri (XR-8.3)
    jack_xeri = xeri & same & jack
    xeri ^= jack_xeri
    # odd[t]: the card of play t goes to an odd play's team, the dealer's (XR-5.1: after the
    # last capture, to the last capturer's team; the dealer's if nobody captured)
    odd = np.empty_like(cap)
    own = (last < 0) | ((last & 1) == 1)
    last_odd = own.copy()
    for t in range(47, -1, -1):
        (np.logical_or if t & 1 else np.greater)(own, cap[t], out=odd[t])
        own = odd[t]
    any_xeri = xeri | jack_xeri
    first = np.where(any_xeri.any(axis=0), any_xeri.argmax(axis=0) + 1, 0)
    pile_odd = odd[0]
    odd_cards = odd.view(np.uint8).sum(axis=0, dtype=np.int16) + 4 * pile_odd
    odd_points = (np.multiply(odd, points[4:]).sum(axis=0, dtype=np.int16)
                  + points[:4].sum(axis=0, dtype=np.int16) * pile_odd)
    all_points = 22 if rules.ten_of_diamonds_counts_as_ten else 21

    def teams(even: np.ndarray, odd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dealer_is_0 = (dealer & 1) == 0  # then the odd plays are team 0's
        return np.where(dealer_is_0, odd, even), np.where(dealer_is_0, even, odd)

    def by_parity(flags: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        flags = flags.view(np.uint8)
        return teams(flags[0::2].sum(axis=0, dtype=np.uint8).astype(np.int16),
                     flags[1::2].sum(axis=0, dtype=np.uint8).astype(np.int16))

    cards = teams(_TEAM_CARDS - odd_cards, odd_cards)
    won = teams(all_points - odd_points, odd_points)
    caps, xeris, jxs = by_parity(cap), by_parity(xeri), by_parity(jack_xeri)
    leftover = np.where(last < 0, 52, 47 - last)
    leftover_team = np.where(leftover > 0, np.where(last_odd, dealer & 1, 1 - (dealer & 1)), -1)
    cpts = [won[s] + 3 * (cards[s] > cards[1 - s]) for s in (0, 1)]  # XR-6: more cards
    xpts = [rules.xeri_points * xeris[s] + rules.jack_xeri_points * jxs[s] for s in (0, 1)]
    total = [cpts[s] + xpts[s] for s in (0, 1)]
    winner = np.where(total[0] == total[1], -1, np.where(total[0] > total[1], 0, 1))
    cols = {"winner": winner, "first_xeri_play": first,
            "leftover_cards": leftover, "leftover_team": leftover_team}
    for side in (0, 1):
        cols.update({f"points_{side}": total[side], f"cards_{side}": cards[side],
                     f"card_points_{side}": cpts[side], f"xeri_points_{side}": xpts[side],
                     f"xeris_{side}": xeris[side], f"jack_xeris_{side}": jxs[side],
                     f"captures_{side}": caps[side]})
    return cols


def _greedy_order(rules: Rules, kinds: Sequence[str], deck: np.ndarray, dealer: np.ndarray,
                  noise: np.ndarray) -> np.ndarray:
    """The cards in order (as `_score` takes them) when some seats play greedily; the others
    play their cards in the order dealt."""
    rows = len(deck)
    idx = np.arange(rows)
    points = _points_table(rules)
    greedy_seat = np.array([k == "greedy" for k in kinds])
    order = np.empty((52, rows), dtype=np.int8)
    order[:4] = deck[:, :4].T
    psize = np.full(rows, 4, dtype=np.int8)
    top = _RANK[deck[:, 3]]
    ppts = points[deck[:, :4]].sum(axis=1, dtype=np.int16)
    seen = np.zeros((rows, 14), dtype=np.int8)  # cards of each rank in the pile and the plays
    for c in range(4):
        seen[idx, _RANK[deck[:, c]]] += 1
    for t in range(48):
        deal, k = divmod(t, 24)
        p = k % 4  # the player's place after the dealer: the same in every row
        if k == 0:  # hands[:, p, s]: the cards of the p-th player from the dealer's left
            base = 4 + 24 * deal
            hands = deck[:, base:base + 24].reshape(rows, 6, 4).transpose(0, 2, 1).copy()
        hand = hands[:, p, :]
        use = greedy_seat[(dealer + 1 + p) & 3]
        slot: Any = k // 4
        if use.any():
            best = _greedy_slots(rules, hand, psize, top, ppts, seen, points, noise[:, t], deal,
                                 k, t)
            slot = np.where(use, best, slot)
            card = hand[idx, slot]
            hand[idx, slot] = -1
        else:
            card = hand[:, slot].copy()
            hand[:, slot] = -1
        order[4 + t] = card
        r = _RANK[card]
        seen[idx, r] += 1
        cap = (psize > 0) & ((r == top) | (r == JACK))
        psize = np.where(cap, 0, psize + 1).astype(np.int8)
        ppts = np.where(cap, 0, ppts + points[card]).astype(np.int16)
        top = np.where(cap, 0, r).astype(np.int8)
    return order


def _greedy_slots(rules: Rules, hand: np.ndarray, psize: np.ndarray, top: np.ndarray,
                  ppts: np.ndarray, seen: np.ndarray, points: np.ndarray, noise: np.ndarray,
                  deal: int, k: int, t: int) -> np.ndarray:
    """The slot of ``hand`` that `GreedyBot` plays, for every row (as `GreedyBot.value`).

    Every player plays one card per turn round, so hand sizes are the same in every row: the
    player holds ``6 - k // 4`` cards, the next player as many (one fewer after the dealer).
    """
    valid = hand >= 0
    hr = _RANK[hand]
    hv = points[hand]
    # Unseen by this seat: not in its hand, the round's face-up pile or the plays so far.
    same_in_hand = (hr[:, :, None] == hr[:, None, :]).sum(axis=2, dtype=np.int8)
    u_hand = 4 - np.take_along_axis(seen, hr.astype(np.intp), axis=1) - same_in_hand
    in_hand = 6 - k // 4
    following = in_hand - (1 if k % 4 == 3 else 0)
    unknown = 52 - 4 - t - in_hand
    is_jack = hr == JACK
    unseen_jacks = 4 - seen[:, JACK] - is_jack.sum(axis=1, dtype=np.int8)
    chance = _CHANCE[unknown, following]
    p_same = chance[np.clip(u_hand, 0, 4)]
    p_jack = (chance[np.clip(unseen_jacks, 0, 4)] * 0.7)[:, None]
    pile_value = (ppts + CARD_WEIGHT * psize)[:, None]
    own = hv + CARD_WEIGHT
    last_cards = deal == 1 and in_hand <= 2
    xp, jxp = rules.xeri_points, rules.jack_xeri_points
    same = hr == top[:, None]
    cap = (psize[:, None] > 0) & (same | is_jack)
    xeri = cap & (psize[:, None] == 1) & (same | rules.jack_on_single_is_xeri)
    if rules.dealer_last_card_no_xeri and t == 47:
        xeri[:] = False
    won = np.where(xeri, np.where(same & is_jack, jxp, xp), 0)
    keep_jack = 0.0 if last_cards else JACK_KEEP
    cap_value = won + pile_value + own - keep_jack * (is_jack & ~xeri)
    left = pile_value + own
    bonus = np.where(is_jack, jxp, xp)
    jack_bonus = xp if rules.jack_on_single_is_xeri else 0
    risk_empty = p_same * (left + bonus) + np.where(
        is_jack, 0.0, (1 - p_same) * p_jack * (left + jack_bonus))
    risk_pile = (1 - (1 - p_same) * (1 - p_jack)) * left
    risk = np.where(psize[:, None] == 0, risk_empty, risk_pile)
    keep_value = -risk - 0.01 * u_hand - keep_jack * is_jack
    value = np.where(cap, cap_value, keep_value)
    value[~valid] = -np.inf
    # Ties go to a uniformly random best card: the int(noise * m)-th of the m best.
    ties = value == value.max(axis=1, keepdims=True)
    pick = (noise * ties.sum(axis=1)).astype(np.int8)
    slots: np.ndarray = (ties.cumsum(axis=1, dtype=np.int8) > pick[:, None]).argmax(axis=1)
    return slots
