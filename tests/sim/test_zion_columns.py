"""The Zion Check frame's columns for a teacher's questions: the first player's double turn
(ZC-7.1), claims and what became of them (ZC-8), and turn counts that say whose turns they
count."""

from __future__ import annotations

import pytest

from cardkit.games import get_game
from cardkit.sim import columns, simulate
from cardkit.zioncheck import EventKind, GreedyBot
from cardkit.zioncheck.spec import DEPRECATED_COLUMNS

PLAYERS = 3


@pytest.fixture(scope="module")
def hands():
    return simulate("zioncheck", 12, players=["greedy"] * PLAYERS, rules="may_i", seed=4,
                    progress=False, engine="reference")


def test_zc_7_1_the_first_player_and_whether_it_won(hands):
    assert (hands["first_player"] == (hands["dealer"] + 1) % PLAYERS).all()
    assert (hands["first_player_won"] == (hands["winner"] == hands["first_player"])).all()
    assert hands["first_player_won"].dtype == bool


def test_zc_8_claims_made_used_and_their_penalty(hands):
    seats = range(PLAYERS)
    assert (hands["claims"] == sum(hands[f"claims_{s}"] for s in seats)).all()
    assert hands["claims"].sum() > 0, "no claim in these hands: choose another seed"
    for s in seats:
        assert (hands[f"claims_used_{s}"] <= hands[f"claims_{s}"]).all()
        # may_i: one penalty card a claim (ZC-8.3), unless the stock had run dry
        assert (hands[f"claim_penalty_{s}"] <= hands[f"claims_{s}"]).all()
    assert sum(hands[f"claim_penalty_{s}"].sum() for s in seats) > 0
    assert sum(hands[f"claims_used_{s}"].sum() for s in seats) > 0


def test_zc_8_claims_used_count_claimed_cards_laid_on_the_table():
    """An independent count from the events of one game: claimed cards later melded."""
    spec = get_game("zioncheck")
    game = spec.new(rules="may_i", seed=11, players=PLAYERS)
    rows = spec.sim.track(game)
    bots = [GreedyBot(s, seed=s) for s in range(PLAYERS)]
    while not game.is_over:
        rows.after(game.apply(bots[game.current_player].choose(game)))
    used = []
    hand = [0] * PLAYERS
    claimed: dict[int, set] = {s: set() for s in range(PLAYERS)}
    for e in game.events:
        if e.kind is EventKind.DEAL:
            if e.hand > 1:
                used.append(hand)
            hand, claimed = [0] * PLAYERS, {s: set() for s in range(PLAYERS)}
        elif e.kind is EventKind.CLAIM:
            claimed[e.seat].add(e.card)
        elif e.kind is EventKind.GO_DOWN:
            laid = {c for m in e.melds for c in m.cards}
            hand[e.seat] += len(laid & claimed[e.seat])
            claimed[e.seat] -= laid
        elif e.kind is EventKind.LAY_OFF and e.card in claimed[e.seat]:
            hand[e.seat] += 1
            claimed[e.seat].discard(e.card)
        elif e.kind is EventKind.DISCARD:
            claimed[e.seat].discard(e.card)
    used.append(hand)
    got = [[row[f"claims_used_{s}"] for s in range(PLAYERS)] for row in rows.rows()]
    assert got == used


def test_turn_counts_say_whose_turns_they_count(hands):
    seats = range(PLAYERS)
    assert (hands["table_turns"] == sum(hands[f"own_turns_{s}"] for s in seats)).all()
    # the old count left out the turn that went out
    assert (hands["turns"] == hands["table_turns"] - (hands["winner"] >= 0)).all()
    for s in seats:
        down_table, down_own = hands[f"down_table_turn_{s}"], hands[f"down_own_turn_{s}"]
        assert ((down_table > 0) == (down_own > 0)).all()
        assert (down_own <= hands[f"own_turns_{s}"]).all()
        assert (down_own <= down_table).all() and (down_table <= hands["table_turns"]).all()
        assert (hands[f"down_turn_{s}"] == down_table).all()  # the deprecated name
    # the first player's double turn (ZC-7.1): two own turns before the next seat's first
    first = hands.apply(lambda h: h[f"own_turns_{h['first_player']}"], axis=1)
    others = hands.apply(lambda h: min(h[f"own_turns_{s}"] for s in seats
                                       if s != h["first_player"]), axis=1)
    assert (first >= others).all()


def test_deprecated_columns_are_documented_with_their_replacement():
    docs = columns("zioncheck")
    for old, new in DEPRECATED_COLUMNS.items():
        assert old in docs and new in docs and docs[old].startswith(f"deprecated, use {new}")
