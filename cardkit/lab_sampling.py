"""The probability lab's questions sampled in pure Python: no numpy, no pandas, no numba.

Python in the browser (the static site, `cardkit.lite`) has none of them, so the probability
lab samples there with these. A `random.Random` seeded with the run's seed draws each sample,
and the rules core judges it. Each sampler is an endless iterator of rows (plain dicts, the
CSV's columns), so a run takes them chunk by chunk, and the same seed gives the same rows
whatever the chunk size::

    >>> from itertools import islice
    >>> [row["redealt"] for row in islice(first_piles("any_pair_or_top_jack", seed=1), 6)]
    [False, False, True, True, True, False]
    >>> [row["holds"] for row in islice(dealt_hands("set", hand_number=1, seed=3), 5)]
    [True, False, True, False, True]

They draw with Python's generator, not numpy's, so for the same seed their samples are not the
samples of the lab with numpy (`cardkit.sim.simulate`, `cardkit.probability.dealt_hand_checks`):
both estimate the same probability.

Only questions whose samples are quick to judge are here (`SAMPLERS`): a first pile of four
cards, a dealt hand. A question about whole Xeri rounds plays 48 moves with bots for each
sample, too slow for 20,000 samples in a browser page (`ROUND_QUESTIONS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from cardkit.cards import Card, make_pack

__all__ = ["ROUND_QUESTIONS", "SAMPLERS", "dealt_hands", "first_piles", "sampler"]

Row = dict[str, Any]


def first_piles(option: Any, seed: int = 0) -> Iterator[Row]:
    """First piles of four dealt from a shuffled deck, each judged by the Xeri core: must it
    be dealt again under the ``option`` of ``initial_pile_redeal`` (XR-2.4, XR-8.2)?

    Rows: ``sample``, ``pile`` (the four cards, bottom to top) and ``redealt``.
    """
    from cardkit.xeri import Rules
    from cardkit.xeri.play import pile_needs_redeal

    mode = Rules(initial_pile_redeal=option).initial_pile_redeal  # refuses a bad option
    rng = random.Random(seed)
    pack = make_pack()
    sample = 0
    while True:
        pile = rng.sample(pack, 4)
        yield {"sample": sample, "pile": " ".join(card.ascii for card in pile),
               "redealt": pile_needs_redeal([card.rank for card in pile], mode)}
        sample += 1


def dealt_hands(meld: str, *, hand_number: int = 1, seed: int = 0) -> Iterator[Row]:
    """Zion Check hands of hand ``hand_number``'s size dealt from a four-player pack (two
    decks and four jokers, ZC-1.2), each judged by the Zion Check solver: does it hold a
    ``"set"``, a ``"run"``, or meet the hand's ``"contract"`` (ZC-4)?

    Rows: ``sample``, ``hand`` (its number), ``meld``, ``cards`` and ``holds``.
    """
    from cardkit.zioncheck import Contract, Rules, can_go_down

    if meld not in ("set", "run", "contract"):
        raise ValueError(f"meld is 'set', 'run' or 'contract', not {meld!r}")
    if isinstance(hand_number, bool) or hand_number not in range(1, 7):
        raise ValueError(f"hand_number is 1 to 6 (ZC-3.1), not {hand_number!r}")
    rules = Rules()
    decks = rules.decks_for(4)
    pack = make_pack(decks) + [Card(0, None, deck) for deck in range(2 * decks)]
    size = rules.deal_sizes[hand_number - 1]
    target = {"set": Contract(1, 0), "run": Contract(0, 1)}.get(meld) \
        or rules.contract(hand_number)
    rng = random.Random(seed)
    sample = 0
    while True:
        cards = rng.sample(pack, size)
        yield {"sample": sample, "hand": hand_number, "meld": meld,
               "cards": " ".join(card.to_text() for card in cards),
               "holds": can_go_down(cards, target, rules)}
        sample += 1


SAMPLERS: dict[str, Callable[[Any, int], Iterator[Row]]] = {
    "xeri_redeal": first_piles,
    "zion_set": lambda hand, seed: dealt_hands("set", hand_number=hand, seed=seed),
    "zion_run": lambda hand, seed: dealt_hands("run", hand_number=hand, seed=seed),
    "zion_contract": lambda hand, seed: dealt_hands("contract", hand_number=hand, seed=seed),
}
"""The lab's questions that pure Python answers at a usable speed: key -> sampler(option,
seed), whose rows carry the outcome in their last column."""

ROUND_QUESTIONS = ("xeri_dealer_wins", "xeri_xeri")
"""The lab's questions about whole Xeri rounds, which need the simulator (numpy)."""


def sampler(key: str, option: Any, seed: int) -> tuple[Iterator[Row], str]:
    """The rows of question ``key`` under ``option``, and the name of their outcome column."""
    if key not in SAMPLERS:
        raise ValueError(f"the question {key!r} has no pure-Python sampler; those that have "
                         f"one are {', '.join(SAMPLERS)}")
    outcome = "redealt" if key == "xeri_redeal" else "holds"
    return SAMPLERS[key](option, seed), outcome
