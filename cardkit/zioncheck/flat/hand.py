"""The hand loop of the flat Zion Check rollout: `play_hand` plays a hand to its end over card
codes exactly as `cardkit.zioncheck.rollout_core.play_hand` plays it with a fresh `GreedyBot`
at every seat: the bots' decisions (`GreedyBot.draw`, ``claim``, ``play``, with each bot's
memory of the go-downs it asked for, ``_asked``, which picks the solver answer ``_go_down``
uses) and the rules core's moves (`cardkit.zioncheck.moves`, and the checks a lay-off and a
go-down go through, ZC-6.1).

The state is the flat copy of a game in the middle of a hand that
`cardkit.zioncheck.flat.world.flat_world` makes: int64 arrays, changed in place, and the
scalars in ``state`` (`S_*`). What the loop does not do it leaves to the Python path, with a
negative status (`BAIL`): a reshuffle of the discards into the stock (ZC-6.2, which uses the
game's random generator), or a move whose check in the rules core would refuse it
(`BAIL_REFUSED`, which the greedy bot is not known to make).
"""

from __future__ import annotations

import numpy as np

from cardkit.zioncheck.flat.codes import (
    KIND_SET,
    MELD_CARDS,
    MELD_KIND,
    MELD_LEN,
    MELD_OWNER,
    P_FORBID_TAKEN,
    P_KEEP,
    P_MAX_CLAIMS,
    P_MAX_TURNS,
    P_PENALTY_CARDS,
    P_RUNS,
    P_SETS,
    P_STUCK,
    rank_of,
)
from cardkit.zioncheck.flat.jit import kernel
from cardkit.zioncheck.flat.solver import can_go_down, find_go_down
from cardkit.zioncheck.flat.table import (
    costliest_discard,
    exchange,
    hand_points,
    has_free_joker,
    joker_to_free,
    lay_off,
    lay_off_choice,
    may_fit,
)
from cardkit.zioncheck.flat.tally import (
    least_useful,
    might_go_down,
    summary,
    usefulness_counted,
)

__all__ = [
    "BAIL",
    "BAIL_REFUSED",
    "ENDS",
    "K_CLAIM",
    "K_DISCARD",
    "K_DRAW",
    "K_EXCHANGE",
    "K_GO_DOWN",
    "K_LAY_OFF",
    "K_PASS",
    "K_TAKE",
    "LENGTH_GUARD",
    "MEMO_SLOTS",
    "PH_CLAIM",
    "PH_DRAW",
    "PH_OVER",
    "PH_PLAY",
    "STOCK_EXHAUSTED",
    "S_ASK_FROM",
    "S_ASK_TO",
    "S_BONUS",
    "S_CURRENT",
    "S_DISCARD",
    "S_DRAW_TWO",
    "S_END",
    "S_MELDS",
    "S_PHASE",
    "S_SIZE",
    "S_STOCK",
    "S_TAKEN",
    "S_TRACE",
    "S_TURN",
    "S_TURNS",
    "S_WINDOW",
    "S_WINNER",
    "WENT_OUT",
    "new_memo",
    "play_after",
    "play_each",
    "play_hand",
]

# -- the state's scalars (``state[S_*]``) ----------------------------------------------------

S_PHASE = 0
"""`PH_DRAW`, `PH_CLAIM`, `PH_PLAY` or `PH_OVER` (the hand has ended)."""
S_CURRENT = 1
"""The seat to act."""
S_TURN = 2
"""The seat whose turn it is."""
S_TAKEN = 3
"""The card taken from the discard pile this turn (ZC-6.1), -1 for none."""
S_WINDOW = 4
"""The discard on offer in the claim window (ZC-8.2), -1 for none."""
S_BONUS = 5
S_DRAW_TWO = 6
"""1 while the first player's second turn, or two cards, is still to come (ZC-7.1)."""
S_TURNS = 7
"""Completed turns (the length guard, ZC-6.3)."""
S_STOCK = 8
"""Cards in the stock: ``stock[:state[S_STOCK]]``, the top last."""
S_DISCARD = 9
"""Cards in the discard pile: ``discard[:state[S_DISCARD]]``, the top last."""
S_MELDS = 10
"""Rows of ``table`` in use."""
S_ASK_FROM = 11
S_ASK_TO = 12
"""The claim window's seats still to be asked: ``asking[S_ASK_FROM:S_ASK_TO]``."""
S_WINNER = 13
"""Once the hand has ended: the seat that went out, -1 for none."""
S_END = 14
"""Once the hand has ended: how (`ENDS`)."""
S_TRACE = 15
"""Actions played by `play_hand` (the first ``len(trace)`` are written to ``trace``)."""
S_SIZE = 16

PH_DRAW, PH_CLAIM, PH_PLAY, PH_OVER = 0, 1, 2, 3

# -- how a hand ends (`cardkit.zioncheck.events.HandEnd`, in this order) and the bails ---------

WENT_OUT, STOCK_EXHAUSTED, LENGTH_GUARD = 0, 1, 2
ENDS = ("WENT_OUT", "STOCK_EXHAUSTED", "LENGTH_GUARD")
BAIL = -1
"""A reshuffle of the discards into the stock (ZC-6.2): play this world the Python way."""
BAIL_REFUSED = -2
"""The rules core's check would refuse the bot's move: play this world the Python way."""

# -- the trace: one row (kind, card code, meld index) per action played -----------------------

K_DRAW, K_TAKE, K_PASS, K_CLAIM, K_DISCARD, K_LAY_OFF, K_EXCHANGE, K_GO_DOWN = range(8)
"""A go-down's row is (K_GO_DOWN, -1, how many melds)."""

_BITS = 62
"""Card codes per int64 word of a hand's set of cards (the sign bit left alone)."""
_MAX_ASKED = 4096
"""`GreedyBot._solve` empties its memory when it holds more than this many go-downs."""


# -- small pieces -----------------------------------------------------------------------------

@kernel
def _remove(hands: np.ndarray, hn: np.ndarray, seat: int, card: int) -> bool:
    """The first copy of ``card`` (by code) leaves ``seat``'s hand, the rest keeping order."""
    n = hn[seat]
    for i in range(n):
        if hands[seat, i] == card:
            for j in range(i, n - 1):
                hands[seat, j] = hands[seat, j + 1]
            hn[seat] = n - 1
            return True
    return False


@kernel
def _holds(hand: np.ndarray, n: int, card: int) -> bool:
    # an explicit loop: numba compiles no generator for any()
    for i in range(n):  # noqa: SIM110
        if hand[i] == card:
            return True
    return False


@kernel
def _card_set(cards: np.ndarray, n: int, bits: np.ndarray) -> None:
    """``frozenset(cards[:n])`` as bits (codes are physical cards: no two equal)."""
    bits[:] = 0
    for i in range(n):
        code = cards[i]
        bits[code // _BITS] |= np.int64(1) << np.int64(code % _BITS)


@kernel
def _asked_has(asked: np.ndarray, nasked: np.ndarray, seat: int, bits: np.ndarray,
               keep: int) -> bool:
    """Is (this set of cards, ``keep``) in ``seat``'s bot's ``_asked``? (The hand number is
    the same for every key of one hand.)"""
    words = bits.shape[0]
    for e in range(nasked[seat]):
        if asked[seat, e, words] != keep:
            continue
        same = True
        for w in range(words):
            if asked[seat, e, w] != bits[w]:
                same = False
                break
        if same:
            return True
    return False


@kernel
def _asked_add(asked: np.ndarray, nasked: np.ndarray, seat: int, bits: np.ndarray,
               keep: int) -> np.ndarray:
    """Add a key not yet there to ``seat``'s ``_asked`` (emptied first when it holds more than
    `_MAX_ASKED`, as `GreedyBot._solve` does); ``asked``, grown when it was full."""
    if nasked[seat] > _MAX_ASKED:
        nasked[seat] = 0
    e = nasked[seat]
    words = bits.shape[0]
    if e == asked.shape[1]:
        grown = np.zeros((asked.shape[0], 2 * e, asked.shape[2]), np.int64)
        grown[:, :e, :] = asked
        asked = grown
    for w in range(words):
        asked[seat, e, w] = bits[w]
    asked[seat, e, words] = keep
    nasked[seat] = e + 1
    return asked


@kernel
def _in_melds(melds: np.ndarray, k: int, card: int) -> bool:
    for r in range(k):
        for c in range(MELD_CARDS, MELD_CARDS + melds[r, MELD_LEN]):
            if melds[r, c] == card:
                return True
    return False


@kernel
def _leaves_one(hand: np.ndarray, n: int, card: int, taken: int, params: np.ndarray) -> bool:
    """`cardkit.zioncheck.legal.leaves_discard` of one card ``card`` leaving the hand."""
    left = n - 1
    if left == 0:
        return bool(params[P_KEEP] == 0)
    if left == 1 and taken >= 0 and params[P_FORBID_TAKEN] != 0:
        return taken == card or not _holds(hand, n, taken)
    return True


# -- the solver's answers, remembered ---------------------------------------------------------
# The rollouts of one world (one per action of a decision) play the same opening turns many
# times over and ask the solver about the same hands: about five go-downs a hand, half of the
# kernel's time. An answer depends only on the cards as a set, ``keep`` and ``taken`` (the
# solver builds its melds from the cards in sorted order; `GreedyBot` shares its answers the
# same way, `cardkit.zioncheck.bots._ANSWERS`), and one world's rollouts share the rules and
# the hand number. So `play_each` keeps them in a small table: a direct-mapped slot per key,
# the whole key stored and compared, a new answer taking its slot.

MEMO_SLOTS = 512


@kernel
def new_memo(words: int, width: int, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty memo: its keys (in use, keep, taken, then the card set's ``words`` words of
    bits) and its answers (how many melds, then ``rows`` meld rows of ``width`` columns)."""
    keys = np.zeros((MEMO_SLOTS, 3 + words), np.int64)
    answers = np.zeros((MEMO_SLOTS, 1 + rows * width), np.int64)
    return keys, answers


@kernel
def _find(cards: np.ndarray, n: int, params: np.ndarray, keep: int, taken: int,
          melds: np.ndarray, keys: np.ndarray, answers: np.ndarray,
          scratch: np.ndarray) -> int:
    """`find_go_down(cards, n, params, keep, True, taken, melds)`, remembered in the memo
    ``keys``, ``answers`` (with no slot, ``keys.shape[0] == 0``, it remembers nothing);
    ``scratch`` holds the card set's bits."""
    avoid = True
    slots = keys.shape[0]
    if slots == 0:
        return find_go_down(cards, n, params, keep, avoid, taken, melds)
    _card_set(cards, n, scratch)
    words = scratch.shape[0]
    mix = np.int64(keep * 1000003 + taken + 7)
    for w in range(words):
        mix = mix * np.int64(1000000007) + (scratch[w] ^ (scratch[w] >> np.int64(31)))
    slot = (mix ^ (mix >> np.int64(17))) & np.int64(slots - 1)
    width = melds.shape[1]
    rows = (answers.shape[1] - 1) // width
    hit = keys[slot, 0] == 1 and keys[slot, 1] == keep and keys[slot, 2] == taken
    if hit:
        for w in range(words):
            if keys[slot, 3 + w] != scratch[w]:
                hit = False
                break
    if hit:
        k = int(answers[slot, 0])
        for r in range(k):
            for c in range(width):
                melds[r, c] = answers[slot, 1 + r * width + c]
        return k
    k = find_go_down(cards, n, params, keep, avoid, taken, melds)
    if k <= rows:  # an answer too big for the slot is not remembered
        keys[slot, 0] = 1
        keys[slot, 1] = keep
        keys[slot, 2] = taken
        for w in range(words):
            keys[slot, 3 + w] = scratch[w]
        answers[slot, 0] = k
        for r in range(k):
            for c in range(width):
                answers[slot, 1 + r * width + c] = melds[r, c]
    return k


# -- the greedy bot's pieces ------------------------------------------------------------------

@kernel
def _solve(cards: np.ndarray, n: int, params: np.ndarray, keep: int, melds: np.ndarray,
           asked: np.ndarray, nasked: np.ndarray, seat: int, bits: np.ndarray,
           keys: np.ndarray, answers: np.ndarray, scratch: np.ndarray) -> tuple[int, np.ndarray]:
    """`GreedyBot._solve`: the solver's go-down in ``melds`` (how many, -1 none), remembered in
    the bot's ``_asked``; and ``asked`` (maybe grown)."""
    if not might_go_down(cards, n, params, keep):
        return -1, asked
    _card_set(cards, n, bits)
    if not _asked_has(asked, nasked, seat, bits, keep):
        asked = _asked_add(asked, nasked, seat, bits, keep)
    no_card = -1
    return _find(cards, n, params, keep, no_card, melds, keys, answers, scratch), asked


@kernel
def _wants(hand: np.ndarray, n: int, card: int, params: np.ndarray, strong: bool,
           bigger: np.ndarray, counts: np.ndarray, masks: np.ndarray, melds: np.ndarray,
           asked: np.ndarray, nasked: np.ndarray, seat: int, bits: np.ndarray,
           keys: np.ndarray, answers: np.ndarray, scratch: np.ndarray) -> tuple[bool, np.ndarray]:
    """`GreedyBot._wants`: would ``card`` help this hand towards its contract?"""
    if card < 0:
        return False, asked
    if rank_of(card) == 0:
        return True, asked
    summary(hand, n, counts, masks)
    if usefulness_counted(card, counts, masks, params[P_SETS], params[P_RUNS]) >= (
            6 if strong else 4):
        return True, asked
    keep = params[P_KEEP]
    extra = 1 if (not strong and params[P_FORBID_TAKEN] != 0) else 0
    for i in range(n):
        bigger[i] = hand[i]
    bigger[n] = card
    if strong:
        return (might_go_down(bigger, n + 1, params, keep)
                and can_go_down(bigger, n + 1, params, keep)), asked
    k, asked = _solve(bigger, n + 1, params, keep + extra, melds, asked, nasked, seat, bits,
                      keys, answers, scratch)
    return k >= 0, asked


@kernel
def _go_down(hand: np.ndarray, n: int, taken: int, params: np.ndarray, melds: np.ndarray,
             asked: np.ndarray, nasked: np.ndarray, seat: int, bits: np.ndarray,
             keys: np.ndarray, answers: np.ndarray, scratch: np.ndarray) -> tuple[int, np.ndarray]:
    """`GreedyBot._go_down` (``taken``: the taken card when it may not be discarded, else -1):
    how many melds in ``melds`` (-1: no go-down); and ``asked``."""
    keep = params[P_KEEP]
    k = -1
    no_card = -1
    if taken >= 0:
        # the answer found when deciding to take this card (keeping one more) will do
        _card_set(hand, n, bits)
        if _asked_has(asked, nasked, seat, bits, keep + 1):
            k = _find(hand, n, params, keep + 1, no_card, melds, keys, answers, scratch)
    if k < 0:
        k, asked = _solve(hand, n, params, keep, melds, asked, nasked, seat, bits, keys,
                          answers, scratch)
    if k < 0:
        return -1, asked
    if taken >= 0:
        left = 0
        last = -1
        for i in range(n):
            if not _in_melds(melds, k, hand[i]):
                left += 1
                last = hand[i]
        if left == 1 and last == taken:  # ZC-6.1: keep another card to discard
            k = _find(hand, n, params, keep, taken, melds, keys, answers, scratch)
    return k, asked


# -- the moves (cardkit.zioncheck.moves) --------------------------------------------------------

@kernel
def _end_hand(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, down: np.ndarray,
              state: np.ndarray, points: np.ndarray, winner: int, reason: int) -> None:
    """ZC-13, ZC-14.1: each seat's points (the stuck penalty, ZC-13.2) and how it ended."""
    for s in range(hands.shape[0]):
        if s == winner:
            points[s] = 0
            continue
        p = hand_points(hands[s], hn[s], params)
        if winner >= 0 and down[s] == 0:
            p += params[P_STUCK]
        points[s] = p
    state[S_WINNER] = winner
    state[S_END] = reason
    state[S_PHASE] = PH_OVER


@kernel
def _draw_cards(want: int, hands: np.ndarray, hn: np.ndarray, seat: int, stock: np.ndarray,
                state: np.ndarray) -> int:
    """Up to ``want`` cards from the stock into ``seat``'s hand: how many (fewer when none is
    left and the discard pile holds only its top card), or `BAIL` for a reshuffle (ZC-6.2)."""
    got = 0
    for _ in range(want):
        if state[S_STOCK] == 0:
            if state[S_DISCARD] <= 1:
                break
            return BAIL
        top = state[S_STOCK] - 1
        hands[seat, hn[seat]] = stock[top]
        hn[seat] += 1
        state[S_STOCK] = top
        got += 1
    return got


@kernel
def _finish_draw(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, seat: int,
                 stock: np.ndarray, down: np.ndarray, state: np.ndarray,
                 points: np.ndarray) -> int:
    """`Moves._finish_draw`: the turn player draws (two cards for the draw_two first turn)."""
    state[S_ASK_FROM] = 0
    state[S_ASK_TO] = 0
    state[S_WINDOW] = -1
    want = 2 if state[S_DRAW_TWO] != 0 else 1
    state[S_DRAW_TWO] = 0
    got = _draw_cards(want, hands, hn, seat, stock, state)
    if got < 0:
        return got
    if got == 0:
        _end_hand(params, hands, hn, down, state, points, -1, STOCK_EXHAUSTED)
        return 0
    state[S_TURN] = seat
    state[S_CURRENT] = seat
    state[S_PHASE] = PH_PLAY
    return 0


@kernel
def _draw_stock(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, seat: int,
                stock: np.ndarray, discard: np.ndarray, discard_by: np.ndarray,
                table: np.ndarray, down: np.ndarray, claims: np.ndarray, asking: np.ndarray,
                state: np.ndarray, points: np.ndarray) -> int:
    """`Moves._do_draw_stock`: open the claim window on the top discard to the seats that may
    do something in it (ZC-8.2, ZC-8.3), else draw."""
    nd = state[S_DISCARD]
    if nd > 0:
        players = hands.shape[0]
        top_by = discard_by[nd - 1]
        limit = params[P_MAX_CLAIMS]
        m = state[S_MELDS]
        count = 0
        for k in range(1, players):
            other = (seat + k) % players
            if other == top_by:
                continue
            # a seat that could only pass is not asked (ZC-8.3 limit reached, no joker)
            if limit >= 0 and claims[other] >= limit:
                if not has_free_joker(table, m):
                    continue
                card, _index = joker_to_free(table, m, hands[other], hn[other])
                if card < 0:
                    continue
            asking[count] = other
            count += 1
        if count > 0:
            state[S_ASK_FROM] = 0
            state[S_ASK_TO] = count
            state[S_WINDOW] = discard[nd - 1]
            state[S_CURRENT] = asking[0]
            state[S_PHASE] = PH_CLAIM
            return 0
    return _finish_draw(params, hands, hn, seat, stock, down, state, points)


@kernel
def _take(hands: np.ndarray, hn: np.ndarray, seat: int, discard: np.ndarray,
          state: np.ndarray) -> int:
    """`Moves._do_take` (and the card taken by `Moves._do_claim`): the top discard."""
    nd = state[S_DISCARD] - 1
    card = int(discard[nd])
    state[S_DISCARD] = nd
    hands[seat, hn[seat]] = card
    hn[seat] += 1
    return card


@kernel
def _discard(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, seat: int, card: int,
             discard: np.ndarray, discard_by: np.ndarray, down: np.ndarray,
             state: np.ndarray, points: np.ndarray) -> None:
    """`Moves._do_discard`: going out (ZC-13.1), the length guard (ZC-6.3), the next turn
    (the first player's second turn, ZC-7.1)."""
    _remove(hands, hn, seat, card)
    nd = state[S_DISCARD]
    discard[nd] = card
    discard_by[nd] = seat
    state[S_DISCARD] = nd + 1
    state[S_TAKEN] = -1
    if hn[seat] == 0:
        _end_hand(params, hands, hn, down, state, points, seat, WENT_OUT)
        return
    state[S_TURNS] += 1
    if state[S_TURNS] >= params[P_MAX_TURNS]:
        _end_hand(params, hands, hn, down, state, points, -1, LENGTH_GUARD)
        return
    if state[S_BONUS] != 0:
        state[S_BONUS] = 0
        nxt = seat
    else:
        nxt = (seat + 1) % hands.shape[0]
    state[S_TURN] = nxt
    state[S_CURRENT] = nxt
    state[S_PHASE] = PH_DRAW


@kernel
def _exchange(hands: np.ndarray, hn: np.ndarray, seat: int, table: np.ndarray, k: int,
              card: int) -> None:
    """`Moves._do_exchange` (ZC-12.1): ``card`` frees the joker of row ``k``."""
    joker = exchange(table, k, card)
    _remove(hands, hn, seat, card)
    hands[seat, hn[seat]] = joker
    hn[seat] += 1


@kernel
def _lay_off(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, seat: int, card: int,
             k: int, table: np.ndarray, down: np.ndarray, state: np.ndarray,
             points: np.ndarray) -> int:
    """`ZionGame._verify_lay_off` then `Moves._do_lay_off`: the card laid off (the taken copy
    of its face when only that one may go, ZC-6.1), or `BAIL_REFUSED`."""
    hand = hands[seat]
    n = hn[seat]
    taken = state[S_TAKEN]
    if (taken >= 0 and card != taken and taken % 54 == card % 54
            and not _leaves_one(hand, n, card, taken, params)):
        card = taken
    if not may_fit(card, table, k) or not _leaves_one(hand, n, card, taken, params):
        return BAIL_REFUSED
    lay_off(table, k, card)
    _remove(hands, hn, seat, card)
    if hn[seat] == 0:
        _end_hand(params, hands, hn, down, state, points, seat, WENT_OUT)
    return card


@kernel
def _go_down_move(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, seat: int,
                  melds: np.ndarray, k: int, table: np.ndarray, down: np.ndarray,
                  state: np.ndarray, points: np.ndarray) -> int:
    """`ZionGame._verify_go_down` then `Moves._do_go_down`: 0, or `BAIL_REFUSED`."""
    hand = hands[seat]
    n = hn[seat]
    used = 0
    for r in range(k):
        used += melds[r, MELD_LEN]
    left = n - used
    taken = state[S_TAKEN]
    ok = True
    if left == 0:
        ok = params[P_KEEP] == 0
    elif left == 1 and taken >= 0 and params[P_FORBID_TAKEN] != 0:
        ok = _in_melds(melds, k, taken) or not _holds(hand, n, taken)
    if not ok:
        # `_with_taken_copy`: the first copy of the taken card's face in the melds becomes
        # the taken card, if that leaves a card to discard (ZC-6.1)
        if left != 1 or taken < 0:
            return BAIL_REFUSED
        swapped = False
        for r in range(k):
            for c in range(MELD_CARDS, MELD_CARDS + melds[r, MELD_LEN]):
                if not swapped and melds[r, c] != taken and melds[r, c] % 54 == taken % 54:
                    melds[r, c] = taken
                    swapped = True
        if not swapped:
            return BAIL_REFUSED
    m = state[S_MELDS]
    if m + k > table.shape[0]:
        return BAIL_REFUSED  # pragma: no cover - the world makes room for every go-down
    for r in range(k):
        for c in range(MELD_CARDS, MELD_CARDS + melds[r, MELD_LEN]):
            _remove(hands, hn, seat, melds[r, c])
        table[m + r, :] = melds[r, :]
        table[m + r, MELD_OWNER] = seat
    state[S_MELDS] = m + k
    down[seat] = 1
    if hn[seat] == 0:
        _end_hand(params, hands, hn, down, state, points, seat, WENT_OUT)
    return 0


@kernel
def _claim(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, seat: int, stock: np.ndarray,
           discard: np.ndarray, down: np.ndarray, claims: np.ndarray, state: np.ndarray,
           points: np.ndarray) -> int:
    """`Moves._do_claim`: the top discard and any penalty cards (ZC-8.1, ZC-8.3); the window
    closes at the first claim and the turn player draws."""
    _take(hands, hn, seat, discard, state)
    claims[seat] += 1
    status = 0
    wanted_cards = params[P_PENALTY_CARDS]
    if wanted_cards > 0:
        status = _draw_cards(wanted_cards, hands, hn, seat, stock, state)
    if status >= 0:
        status = _finish_draw(params, hands, hn, state[S_TURN], stock, down, state, points)
    return status


@kernel
def _pass(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, stock: np.ndarray,
          down: np.ndarray, asking: np.ndarray, state: np.ndarray, points: np.ndarray) -> int:
    """`Moves._do_pass`: the next seat asked, or the turn player draws (ZC-8.2)."""
    state[S_ASK_FROM] += 1
    if state[S_ASK_FROM] < state[S_ASK_TO]:
        state[S_CURRENT] = asking[state[S_ASK_FROM]]
        return 0
    return _finish_draw(params, hands, hn, state[S_TURN], stock, down, state, points)


@kernel
def _record(trace: np.ndarray, state: np.ndarray, kind: int, card: int, index: int) -> None:
    t = state[S_TRACE]
    if t < trace.shape[0]:
        trace[t, 0] = kind
        trace[t, 1] = card
        trace[t, 2] = index
    state[S_TRACE] = t + 1


# -- the loop ---------------------------------------------------------------------------------

@kernel
def play_hand(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, stock: np.ndarray,
              discard: np.ndarray, discard_by: np.ndarray, table: np.ndarray,
              down: np.ndarray, claims: np.ndarray, asking: np.ndarray, state: np.ndarray,
              points: np.ndarray, trace: np.ndarray, keys: np.ndarray,
              answers: np.ndarray) -> int:
    """Play the hand to its end, every seat a fresh `GreedyBot`: how it ended (`ENDS`: each
    seat's points in ``points``, the winner in ``state[S_WINNER]``), or a negative status
    (`BAIL`, `BAIL_REFUSED`) for a world the Python path must play.

    ``hands`` (seats × room for a whole pack) with ``hn`` cards each, in the game's order;
    ``stock``, ``discard`` and ``discard_by`` (-1: nobody) with room for the pack; ``table``
    of meld rows with room for every go-down; ``down`` and ``claims`` by seat; ``asking``
    with room for every seat; ``trace`` (rows of kind, card, meld index; may have no rows)
    receives the actions played; ``keys`` and ``answers`` are the solver's memo (`new_memo`;
    with no slot it remembers nothing)."""
    players = hands.shape[0]
    words = hands.shape[1] // _BITS + 1
    asked = np.zeros((players, 8, words + 1), np.int64)
    nasked = np.zeros(players, np.int64)
    bits = np.zeros(words, np.int64)
    scratch = np.zeros(words, np.int64)
    bigger = np.zeros(hands.shape[1] + 1, np.int64)
    melds = np.zeros((params[P_SETS] + params[P_RUNS] + 2, table.shape[1]), np.int64)
    counts = np.zeros(14, np.int64)
    masks = np.zeros(5, np.int64)
    forbid = params[P_FORBID_TAKEN] != 0
    while state[S_PHASE] != PH_OVER:
        seat = state[S_CURRENT]
        phase = state[S_PHASE]
        hand = hands[seat]
        n = hn[seat]
        m = state[S_MELDS]
        status = 0
        if phase == PH_DRAW:
            # GreedyBot.draw
            nd = state[S_DISCARD]
            top = discard[nd - 1] if nd > 0 else -1
            take = False
            if top >= 0 and discard_by[nd - 1] != seat:
                if down[seat] != 0:
                    # a card that can be laid off at once; a joker only onto a run (ZC-5.4)
                    for k in range(m):
                        if may_fit(top, table, k) and not (
                                rank_of(top) == 0 and table[k, MELD_KIND] == KIND_SET):
                            take = True
                            break
                else:
                    take, asked = _wants(hand, n, top, params, False, bigger, counts, masks,
                                         melds, asked, nasked, seat, bits, keys, answers,
                                         scratch)
            if take:
                state[S_TAKEN] = _take(hands, hn, seat, discard, state)
                state[S_PHASE] = PH_PLAY
                _record(trace, state, K_TAKE, -1, -1)
            else:
                _record(trace, state, K_DRAW, -1, -1)
                status = _draw_stock(params, hands, hn, seat, stock, discard, discard_by, table,
                                     down, claims, asking, state, points)
        elif phase == PH_CLAIM:
            # GreedyBot.claim
            act = K_PASS
            card = -1
            index = -1
            if down[seat] == 0:
                card, index = joker_to_free(table, m, hand, n)
                if card >= 0:
                    act = K_EXCHANGE
                else:
                    limit = params[P_MAX_CLAIMS]
                    if limit < 0 or claims[seat] < limit:
                        wanted, asked = _wants(hand, n, state[S_WINDOW], params, True, bigger,
                                               counts, masks, melds, asked, nasked, seat, bits,
                                               keys, answers, scratch)
                        if wanted:
                            act = K_CLAIM
            if act == K_EXCHANGE:
                _exchange(hands, hn, seat, table, index, card)
                _record(trace, state, K_EXCHANGE, card, index)
            elif act == K_CLAIM:
                _record(trace, state, K_CLAIM, -1, -1)
                status = _claim(params, hands, hn, seat, stock, discard, down, claims, state,
                                points)
            else:
                _record(trace, state, K_PASS, -1, -1)
                status = _pass(params, hands, hn, stock, down, asking, state, points)
        else:
            # GreedyBot.play
            taken = state[S_TAKEN] if forbid else -1
            act = K_DISCARD
            card = -1
            index = -1
            k = -1
            if down[seat] == 0:
                card, index = joker_to_free(table, m, hand, n)
                if card >= 0:
                    act = K_EXCHANGE
                else:
                    k, asked = _go_down(hand, n, taken, params, melds, asked, nasked, seat, bits,
                                        keys, answers, scratch)
                    if k >= 0:
                        act = K_GO_DOWN
                    else:
                        card = least_useful(hand, n, params, taken)
            else:
                card, index = lay_off_choice(table, m, params, hand, n, taken)
                if card >= 0:
                    act = K_LAY_OFF
                else:
                    # a natural card that frees a joker can leave the hand even when it fits
                    # nowhere else (ZC-12.1, ZC-11.2)
                    run_open = False
                    for r in range(m):
                        if table[r, MELD_KIND] != KIND_SET and table[r, MELD_LEN] < 14:
                            run_open = True
                            break
                    if n > 1 and run_open:
                        card, index = joker_to_free(table, m, hand, n)
                        if card >= 0:
                            act = K_EXCHANGE
                    if act == K_DISCARD:
                        card = costliest_discard(hand, n, taken, params)
            if act == K_DISCARD:
                _record(trace, state, K_DISCARD, card, -1)
                _discard(params, hands, hn, seat, card, discard, discard_by, down, state,
                         points)
            elif act == K_EXCHANGE:
                _exchange(hands, hn, seat, table, index, card)
                _record(trace, state, K_EXCHANGE, card, index)
            elif act == K_LAY_OFF:
                status = _lay_off(params, hands, hn, seat, card, index, table, down, state,
                                  points)
                if status >= 0:
                    _record(trace, state, K_LAY_OFF, status, index)
            else:
                status = _go_down_move(params, hands, hn, seat, melds, k, table, down, state,
                                       points)
                if status >= 0:
                    _record(trace, state, K_GO_DOWN, -1, k)
        if status < 0:
            return status
    return int(state[S_END])


@kernel
def play_after(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, stock: np.ndarray,
               discard: np.ndarray, discard_by: np.ndarray, table: np.ndarray,
               down: np.ndarray, claims: np.ndarray, asking: np.ndarray, state: np.ndarray,
               points: np.ndarray, trace: np.ndarray, kind: int, card: int, keys: np.ndarray,
               answers: np.ndarray) -> int:
    """Play the current seat's action ``kind`` (`K_DRAW`, `K_TAKE`, `K_PASS`, `K_CLAIM`, or
    `K_DISCARD` of ``card``), as `ZionGame.apply` plays it once its check has passed, then the
    hand to its end as `play_hand` does (the same arguments, with the memo, and result)."""
    seat = state[S_CURRENT]
    status = 0
    _record(trace, state, kind, card, -1)
    if kind == K_DISCARD:
        _discard(params, hands, hn, seat, card, discard, discard_by, down, state, points)
    elif kind == K_DRAW:
        status = _draw_stock(params, hands, hn, seat, stock, discard, discard_by, table, down,
                             claims, asking, state, points)
    elif kind == K_TAKE:
        state[S_TAKEN] = _take(hands, hn, seat, discard, state)
        state[S_PHASE] = PH_PLAY
    elif kind == K_CLAIM:
        status = _claim(params, hands, hn, seat, stock, discard, down, claims, state, points)
    elif kind == K_PASS:
        status = _pass(params, hands, hn, stock, down, asking, state, points)
    else:
        return BAIL_REFUSED
    if status < 0:
        return status
    return play_hand(params, hands, hn, stock, discard, discard_by, table, down, claims, asking,
                     state, points, trace, keys, answers)


@kernel
def play_each(params: np.ndarray, hands: np.ndarray, hn: np.ndarray, stock: np.ndarray,
              discard: np.ndarray, discard_by: np.ndarray, table: np.ndarray, down: np.ndarray,
              claims: np.ndarray, asking: np.ndarray, state: np.ndarray, seat: int,
              kinds: np.ndarray, cards: np.ndarray, status: np.ndarray, points: np.ndarray,
              won: np.ndarray) -> None:
    """`play_after` of each first action (``kinds[i]``, ``cards[i]``) on its own copy of the
    state (left unchanged), in one call: ``status[i]`` as `play_after` returns it, and when it
    is not negative ``seat``'s points in ``points[i]`` and whether it went out in ``won[i]``.
    An action with a negative kind is not played (its status is `BAIL_REFUSED`)."""
    hands_i, hn_i, stock_i = np.empty_like(hands), np.empty_like(hn), np.empty_like(stock)
    discard_i, discard_by_i = np.empty_like(discard), np.empty_like(discard_by)
    table_i, down_i, claims_i = np.empty_like(table), np.empty_like(down), np.empty_like(claims)
    asking_i, state_i = np.empty_like(asking), np.empty_like(state)
    seat_points = np.zeros(hands.shape[0], np.int64)
    no_trace = np.zeros((0, 3), np.int64)
    keys, answers = new_memo(hands.shape[1] // _BITS + 1, table.shape[1],
                             params[P_SETS] + params[P_RUNS])
    for i in range(kinds.shape[0]):
        if kinds[i] < 0:
            status[i] = BAIL_REFUSED
            continue
        hands_i[:] = hands
        hn_i[:] = hn
        stock_i[:] = stock
        discard_i[:] = discard
        discard_by_i[:] = discard_by
        table_i[:] = table
        down_i[:] = down
        claims_i[:] = claims
        asking_i[:] = asking
        state_i[:] = state
        done = play_after(params, hands_i, hn_i, stock_i, discard_i, discard_by_i, table_i,
                          down_i, claims_i, asking_i, state_i, seat_points, no_trace, kinds[i],
                          cards[i], keys, answers)
        status[i] = done
        if done >= 0:
            points[i] = seat_points[seat]
            won[i] = 1 if state_i[S_WINNER] == seat else 0
