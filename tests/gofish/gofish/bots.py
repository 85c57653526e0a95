"""Go Fish bots: each chooses from its seat's view (`View`), which its caller hands it."""

from __future__ import annotations

import random
from collections import Counter

from cardkit.engine import declare_view
from gofish.game import View
from gofish.rules import Ask

declare_view(View, "GF-2")  # each hand is dealt to its player; the rest is the stock


class RandomBot:
    """Asks a random player for a random rank it holds."""

    takes_view = True  # choose is handed the seat's view (cardkit.engine.takes_game)

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Ask:
        return self._rng.choice(view.legal_actions())


class GreedyBot:
    """Asks for the rank it holds most of, from a player known to hold it (they asked for it
    and still have it), else from the player with the most cards; ties by seed."""

    takes_view = True

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Ask:
        counts = Counter(card.rank for card in view.hand)
        others = [s for s in range(len(view.hand_sizes)) if s != self.seat]
        for rank, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            holders = [s for s in others if rank in view.known[s]]
            if holders:
                return Ask(self._rng.choice(holders), rank)
        rank = max(counts, key=lambda r: (counts[r], -r))
        most = max(view.hand_sizes[s] for s in others)
        return Ask(self._rng.choice([s for s in others if view.hand_sizes[s] == most]), rank)
