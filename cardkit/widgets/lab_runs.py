"""How the probability lab draws a run's samples, chunk by chunk: with the simulator (numpy and
pandas: `cardkit.sim.simulate` for Xeri rounds, `cardkit.probability.dealt_hand_checks` for
dealt Zion Check hands) or in pure Python (`cardkit.lab_sampling`, where they are missing).

Each run calls ``update(hits, count, part)`` after every chunk (``part`` its rows: a DataFrame,
or a list of dicts on the pure path) and ends early once ``halt`` is set.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from typing import Any

from cardkit import lab_sampling
from cardkit import probability as P

__all__ = ["XERI_CHUNK", "ZION_CHUNK", "pure_run", "simulator_run", "team_points"]

XERI_CHUNK = 1024  # Xeri rounds (or first piles) per update
ZION_CHUNK = 250  # dealt hands per update: the solver judges each

Update = Callable[[int, int, Any], None]


def simulator_run(key: str, option: Any, seed: int, n: int, chunk: int | None,
                  halt: threading.Event, update: Update) -> None:
    """A run of question ``key`` with the simulator."""
    if key.startswith("xeri_"):
        _xeri(key, option, seed, n, chunk or XERI_CHUNK, halt, update)
    else:
        _zion(key.removeprefix("zion_"), option, seed, n, chunk or ZION_CHUNK, halt, update)


def _xeri(key: str, option: Any, seed: int, n: int, chunk: int, halt: threading.Event,
          update: Update) -> None:
    from cardkit.sim import simulate

    rules = None
    players = "random"
    if key == "xeri_redeal":
        from cardkit.xeri import Rules

        rules = Rules(initial_pile_redeal=option)
    else:
        players = option

    def on_chunk(part: Any, done: int, total: int) -> None:
        if key == "xeri_redeal":
            hits = part["redeals"] > 0
        elif key == "xeri_dealer_wins":
            hits = part["winner"] == part["dealer_team"]
        else:
            hits = (part["xeris_0"] + part["xeris_1"] + part["jack_xeris_0"]
                    + part["jack_xeris_1"]) > 0
        update(int(hits.sum()), len(part), part)

    simulate("xeri", n, players=players, rules=rules, seed=seed, progress=False,
             chunk_size=chunk, on_chunk=on_chunk, stop=halt)


def _zion(meld: str, hand: int, seed: int, n: int, chunk: int, halt: threading.Event,
          update: Update) -> None:
    import numpy as np
    import pandas as pd

    children = np.random.SeedSequence(seed)
    index = done = 0
    while done < n and not halt.is_set():
        count = min(chunk, n - done)
        chunk_seed = int(np.random.SeedSequence(children.entropy, spawn_key=(index,))
                         .generate_state(1)[0])
        hits = P.dealt_hand_checks(meld, count, hand_number=hand, seed=chunk_seed)
        part = pd.DataFrame({"chunk": index, "hand": hand, "meld": meld, "holds": hits})
        update(int(hits.sum()), count, part)
        done += count
        index += 1


def pure_run(key: str, option: Any, seed: int, n: int, chunk: int | None,
             halt: threading.Event, update: Update) -> Iterator[None]:
    """A run of question ``key`` in pure Python: one step per chunk (where there are no
    threads, the lab lets the page's messages in between steps)."""
    rows, outcome = lab_sampling.sampler(key, option, seed)
    step = chunk or (XERI_CHUNK if key.startswith("xeri_") else ZION_CHUNK)
    done = 0
    while done < n and not halt.is_set():
        part = list(itertools.islice(rows, min(step, n - done)))
        update(sum(bool(row[outcome]) for row in part), len(part), part)
        done += len(part)
        yield


def team_points(frame: Any) -> tuple[Any, Any]:
    """The points per round of the dealer's team and of the other team, from simulated rows."""
    import numpy as np

    dealer = np.where(frame["dealer_team"] == 0, frame["points_0"], frame["points_1"])
    other = np.where(frame["dealer_team"] == 0, frame["points_1"], frame["points_0"])
    return dealer, other
