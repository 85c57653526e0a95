"""Many Xeri rounds at once as numpy arrays: random and greedy play, for `cardkit.sim`.

The reference engine (`XeriMatch` with `RandomBot`/`GreedyBot`) plays one card at a time; this
module plays the same rules for thousands of rounds in one pass, one array row per round::

    >>> from cardkit.xeri import Rules
    >>> cols = simulate_matches(Rules(), ["random"] * 4, seed=1, start=0, stop=256)
    >>> len(cols["points_0"]), int((cols["cards_0"] + cols["cards_1"]).max())
    (1024, 52)

Why it plays the same game:

- A round starts from a uniformly shuffled deck (the cut of XR-2.2 keeps it uniform); hands are
  dealt 6 by 6 from the player left of the dealer, then 4 pile cards, whose last is the top.
  A pile that must be dealt again (XR-2.4, XR-8.2) is reshuffled with the 24 stock cards.
- A random player plays each card of its hand with equal chance. Its hand is a uniformly
  ordered part of a shuffled deck, so playing the cards in the order dealt has the same law.
- The greedy player scores every card of its hand exactly as `GreedyBot.value` does (card
  points, majority weight, Xeri risk from the unseen ranks and the next player's hand size,
  keeping jacks) and plays the best; ties go to a uniformly random card, as in the bot.
- Captures, Xeris (XR-4.1–4.3, XR-8.3), the last pile (XR-5.1) and the score (XR-6) follow
  the rules core; the suite compares every column with the reference engine
  (``tests/sim/test_vector.py``).

Rows come in matches of ``rules.rounds`` rounds with the deal passing left (XR-2.1), like the
reference engine's rows. Each block of `BLOCK` matches draws from its own generator,
``numpy.random.SeedSequence(seed, spawn_key=(block,))``, so results do not depend on how blocks
are grouped into chunks. Not vectorised (`unsupported` says why): ``cut_shows_bottom`` and
``target``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardkit.xeri.bots import CARD_WEIGHT, JACK_KEEP
from cardkit.xeri.rules import Rules

__all__ = ["BLOCK", "simulate_matches", "unsupported"]

BLOCK = 256
"""Matches drawn from one seed block."""

JACK = 11
_RANK = np.arange(52) % 13 + 1  # card id = suit * 13 + rank - 1, suits C D H S


def _points_table(rules: Rules) -> np.ndarray:
    table = np.isin(_RANK, (1, 10, 11, 12, 13)).astype(np.int64)
    table[1] += 1  # 2♣
    if rules.ten_of_diamonds_counts_as_ten:
        table[13 + 9] += 1  # 10♦: 1 as a ten, 1 more
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
    return ((r[:, 0] == r[:, 1]) | (r[:, 0] == r[:, 2]) | (r[:, 0] == r[:, 3])
            | (r[:, 1] == r[:, 2]) | (r[:, 1] == r[:, 3]) | (r[:, 2] == r[:, 3]))


def _allow_top(ranks: np.ndarray) -> np.ndarray:
    r = ranks  # every pair but the two top cards' (columns 2 and 3)
    return ((r[:, 0] == r[:, 1]) | (r[:, 0] == r[:, 2]) | (r[:, 0] == r[:, 3])
            | (r[:, 1] == r[:, 2]) | (r[:, 1] == r[:, 3]))


_REDEAL = {
    "any_pair_or_top_jack": lambda r: (r[:, 3] == JACK) | _any_pair(r),
    "allow_top_pair_and_top_jack": _allow_top,
    "top_two_pair_or_top_jack": lambda r: (r[:, 3] == JACK) | (r[:, 2] == r[:, 3]),
    "never": lambda r: np.zeros(len(r), dtype=bool),
}


def _shuffled(rng: np.random.Generator, rows: int, cards: int) -> np.ndarray:
    """``rows`` uniform orders of ``cards`` cards (argsort of uniform keys)."""
    return rng.random((rows, cards)).argsort(axis=1).astype(np.int8)


def _deal_block(rules: Rules, seed: int, block: int, greedy: bool
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """One block's decks after any redeals, dealers, redeal counts and tie-break noise."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(block,)))
    rounds = rules.rounds
    rows = BLOCK * rounds
    first = rng.integers(0, 4, BLOCK)
    dealer = ((first[:, None] + np.arange(rounds)[None, :]) % 4).reshape(-1)
    deck = _shuffled(rng, rows, 52)
    needs = _REDEAL[str(rules.initial_pile_redeal)]
    redeals = np.zeros(rows, dtype=np.int64)
    todo = np.flatnonzero(needs(_RANK[deck[:, 24:28]]))
    while len(todo):  # XR-2.4: the pile goes back into the stock, 4 new cards
        redeals[todo] += 1
        rest = deck[todo, 24:]
        deck[todo, 24:] = np.take_along_axis(rest, _shuffled(rng, len(todo), 28), axis=1)
        todo = todo[needs(_RANK[deck[todo, 24:28]])]
    noise = rng.random((rows, 48, 6)) if greedy else None
    return deck, dealer, redeals, noise


def simulate_matches(rules: Rules, kinds: Sequence[str], seed: int, start: int, stop: int
                     ) -> dict[str, np.ndarray]:
    """Play matches ``start`` to ``stop`` (whole blocks) and return the columns of
    `cardkit.sim.XERI_COLUMNS` (``game_seed`` is -1: the rounds have no game seed)."""
    why = unsupported(rules)
    if why:
        raise ValueError(f"the vector engine cannot play these rules: {why}")
    if len(kinds) != 4 or any(k not in ("random", "greedy") for k in kinds):
        raise ValueError(f"the vector engine plays four seats of 'random' or 'greedy', not "
                         f"{list(kinds)!r}")
    if start % BLOCK:
        raise ValueError(f"start must be a whole number of blocks of {BLOCK} matches")
    greedy = any(k == "greedy" for k in kinds)
    blocks = range(start // BLOCK, -(-stop // BLOCK))
    parts = [_deal_block(rules, seed, b, greedy) for b in blocks]
    deck = np.concatenate([p[0] for p in parts])
    dealer = np.concatenate([p[1] for p in parts])
    redeals = np.concatenate([p[2] for p in parts])
    noise = np.concatenate([p[3] for p in parts]) if greedy else None
    cols = _play(rules, kinds, deck, dealer, noise)
    rows = (stop - start) * rules.rounds
    rounds = rules.rounds
    match = start + np.arange(len(deck)) // rounds
    cols.update(seed=np.full(len(deck), seed), match=match,
                round=np.arange(len(deck)) % rounds + 1, game_seed=np.full(len(deck), -1),
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


def _play(rules: Rules, kinds: Sequence[str], deck: np.ndarray, dealer: np.ndarray,
          noise: np.ndarray | None) -> dict[str, np.ndarray]:
    rows = len(deck)
    idx = np.arange(rows)
    points = _points_table(rules)
    xp, jxp = rules.xeri_points, rules.jack_xeri_points
    jack_single = rules.jack_on_single_is_xeri
    no_last = rules.dealer_last_card_no_xeri
    greedy_seat = np.array([k == "greedy" for k in kinds])
    any_greedy = bool(greedy_seat.any())
    deck = deck.astype(np.int64)

    pile = deck[:, 24:28]
    psize = np.full(rows, 4)
    top = _RANK[pile[:, 3]]
    ppts = points[pile].sum(axis=1)
    cards = np.zeros((2, rows), dtype=np.int64)
    cpts = np.zeros((2, rows), dtype=np.int64)
    xeris = np.zeros((2, rows), dtype=np.int64)
    jxs = np.zeros((2, rows), dtype=np.int64)
    caps = np.zeros((2, rows), dtype=np.int64)
    first_xeri = np.zeros(rows, dtype=np.int64)
    last_team = np.full(rows, -1)
    if any_greedy:
        # cards of each rank in the round's face-up pile and the plays so far
        seen = (_RANK[pile][:, :, None] == np.arange(14)).sum(axis=1)

    for t in range(48):
        deal, k = divmod(t, 24)
        p = k % 4  # the player's place after the dealer: the same in every row
        if k == 0:  # hands[p] = the 6 cards of the p-th player from the dealer's left
            base = 0 if deal == 0 else 28
            hands = deck[:, base:base + 24].reshape(rows, 4, 6).copy()
        seat = (dealer + 1 + p) % 4
        hand = hands[:, p, :]
        slot = np.full(rows, k // 4)
        if any_greedy:
            use = greedy_seat[seat]
            if use.any():
                best = _greedy_slots(rules, hands, p, hand, psize, top, ppts, seen, points,
                                     noise[:, t, :], deal, t)
                slot = np.where(use, best, slot)
        card = hand[idx, slot]
        hands[idx, p, slot] = -1
        r = _RANK[card]
        v = points[card]
        if any_greedy:
            seen[idx, r] += 1
        team = seat & 1
        cap = (psize > 0) & ((r == top) | (r == JACK))
        single = cap & (psize == 1)
        xeri = single & ((r == top) | jack_single)
        if no_last and t == 47:
            xeri[:] = False  # the dealer's last card never makes a Xeri (XR-8.3)
        jack_xeri = xeri & (r == top) & (r == JACK)
        taken = np.where(cap, psize + 1, 0)
        gained = np.where(cap, ppts + v, 0)
        for side in (0, 1):
            mine = team == side
            cards[side] += np.where(mine, taken, 0)
            cpts[side] += np.where(mine, gained, 0)
            caps[side] += mine & cap
            xeris[side] += mine & xeri & ~jack_xeri
            jxs[side] += mine & jack_xeri
        first_xeri = np.where((first_xeri == 0) & xeri, t + 1, first_xeri)
        last_team = np.where(cap, team, last_team)
        psize = np.where(cap, 0, psize + 1)
        ppts = np.where(cap, 0, ppts + v)
        top = np.where(cap, 0, r)

    # XR-5.1: the last pile goes to the last capturer's team (the dealer's if nobody captured).
    taker = np.where(last_team >= 0, last_team, dealer & 1)
    left = psize > 0
    for side in (0, 1):
        mine = left & (taker == side)
        cards[side] += np.where(mine, psize, 0)
        cpts[side] += np.where(mine, ppts, 0)
    cpts[0] += 3 * (cards[0] > cards[1])  # XR-6: more captured cards
    cpts[1] += 3 * (cards[1] > cards[0])
    xpts = xp * xeris + jxp * jxs
    total = cpts + xpts
    winner = np.where(total[0] == total[1], -1, np.where(total[0] > total[1], 0, 1))
    cols = {"winner": winner, "first_xeri_play": first_xeri, "leftover_cards": psize,
            "leftover_team": np.where(left, taker, -1)}
    for side in (0, 1):
        cols.update({f"points_{side}": total[side], f"cards_{side}": cards[side],
                     f"card_points_{side}": cpts[side], f"xeri_points_{side}": xpts[side],
                     f"xeris_{side}": xeris[side], f"jack_xeris_{side}": jxs[side],
                     f"captures_{side}": caps[side]})
    return cols


def _greedy_slots(rules: Rules, hands: np.ndarray, p: int, hand: np.ndarray,
                  psize: np.ndarray, top: np.ndarray, ppts: np.ndarray, seen: np.ndarray,
                  points: np.ndarray, noise: np.ndarray, deal: int, t: int) -> np.ndarray:
    """The slot of ``hand`` that `GreedyBot` plays, for every row (as `GreedyBot.value`)."""
    rows = len(hand)
    valid = hand >= 0
    safe = np.where(valid, hand, 0)
    hr = np.where(valid, _RANK[safe], 0)
    hv = np.where(valid, points[safe], 0)
    # Unseen by this seat: not in its hand, the round's face-up pile or the plays so far.
    same_in_hand = ((hr[:, :, None] == hr[:, None, :]) & valid[:, None, :]).sum(axis=2)
    u_hand = 4 - np.take_along_axis(seen, hr, axis=1) - same_in_hand
    in_hand = valid.sum(axis=1)
    unknown = 52 - 4 - t - in_hand
    jacks_held = ((hr == JACK) & valid).sum(axis=1)
    unseen_jacks = 4 - seen[:, JACK] - jacks_held
    following = (hands[:, (p + 1) % 4, :] >= 0).sum(axis=1)
    chance = _CHANCE[unknown, following]
    p_same = np.take_along_axis(chance, np.clip(u_hand, 0, 4), axis=1)
    p_jack = (chance[np.arange(rows), np.clip(unseen_jacks, 0, 4)] * 0.7)[:, None]
    pile_value = (ppts + CARD_WEIGHT * psize)[:, None]
    own = hv + CARD_WEIGHT
    last_cards = (deal == 1) & (in_hand[:, None] <= 2)
    xp, jxp = rules.xeri_points, rules.jack_xeri_points
    is_jack = hr == JACK
    same = hr == top[:, None]
    cap = (psize[:, None] > 0) & (same | is_jack)
    xeri = cap & (psize[:, None] == 1) & (same | rules.jack_on_single_is_xeri)
    if rules.dealer_last_card_no_xeri and t == 47:
        xeri = np.zeros_like(xeri)
    won = np.where(xeri, np.where(same & is_jack, jxp, xp), 0)
    cap_value = won + pile_value + own - JACK_KEEP * (is_jack & ~xeri & ~last_cards)
    left = pile_value + own
    bonus = np.where(is_jack, jxp, xp)
    jack_bonus = xp if rules.jack_on_single_is_xeri else 0
    risk_empty = p_same * (left + bonus) + np.where(
        is_jack, 0.0, (1 - p_same) * p_jack * (left + jack_bonus))
    risk_pile = (1 - (1 - p_same) * (1 - p_jack)) * left
    risk = np.where(psize[:, None] == 0, risk_empty, risk_pile)
    keep_value = -risk - 0.01 * u_hand - JACK_KEEP * (is_jack & ~last_cards)
    value = np.where(cap, cap_value, keep_value) + noise * 1e-9
    value = np.where(valid, value, -np.inf)
    return value.argmax(axis=1)
