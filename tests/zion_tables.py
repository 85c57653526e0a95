"""The Zion Check tables the rollout tests play on: every preset at four players and the
options a hand's play depends on (2 to 8 players, 1 to 3 decks, claims with penalty cards and
limits, the first-player rules, going out without a discard, discarding the taken card, the
stuck penalty, the length guard, touching runs). Shared by tests/analysis/test_zion_rollout_core.py
and tests/flat/test_flat_hand.py::

    from tests.zion_tables import OPTIONS
"""

from __future__ import annotations

from cardkit.zioncheck.rules import PRESETS, Rules

OPTIONS: dict[str, tuple[int, Rules]] = {
    **{f"{name}, 4 players": (4, rules) for name, rules in PRESETS.items()},
    "2 players, 1 deck, claims cost two cards": (
        2, Rules(num_decks=1, claim_penalty_cards=2, max_turns_per_hand=120)),
    "3 players, draw two, one claim a hand": (
        3, Rules(first_player_rule="draw_two", max_claims_per_hand=1)),
    "5 players, go out without a discard, discard the taken card": (
        5, Rules(allow_go_out_without_discard=True, forbid_discard_of_taken_card=False)),
    "6 players, stuck penalty, touching runs allowed": (
        6, Rules(stuck_penalty=25, same_suit_touching_runs="allow")),
    "8 players, 2 decks, upcard, May I": (
        8, Rules(num_decks=2, first_player_rule="upcard", claim_penalty_cards=1,
                 max_claims_per_hand=3, deal_sizes=(6, 6, 6, 7, 7, 8))),
    "4 players, length guard of 30 turns, no natural needed": (
        4, Rules(max_turns_per_hand=30, min_natural_per_meld=0)),
    "7 players, 3 decks, touching runs forbidden, small deals": (
        7, Rules(same_suit_touching_runs="forbid", deal_sizes=(7, 7, 7, 8, 8, 9))),
}
