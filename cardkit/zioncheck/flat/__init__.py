"""Zion Check over card codes: the analyst's greedy rollout as flat integer code, one source
that runs as plain Python (Pyodide, no numba) and compiled by numba (`jit.kernel`).

Under construction across sessions: nothing in the kit calls it yet. Each piece is checked for
exact equality with the rules core it copies (``tests/flat``); the rollout switches to it only
when the whole hand plays the very hand `cardkit.zioncheck.rollout_core.play_hand` plays.

The shared layout (`codes`):

- a card is its `cardkit.cards.Card.code`; `rank_of` (0 for a joker) and `suit_of` (0–3 in
  ♣ ♦ ♥ ♠, -1 for a joker) read it;
- a meld is a row of an int64 array: kind, rank or suit, run's low position, length, owner,
  then the card codes in `Meld.cards` order (`MELD_*` columns; `meld_row`, `meld_from_row`);
- the rules of one hand are an int64 array (`P_*` indices; `rules_row`).
"""
