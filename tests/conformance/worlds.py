"""The conformance checks of a game's world sampler (``GameSpec.sample_world``), for every
registered game: a world sampled from one seat's view

- is a real game of the spec's class that the rules core plays on;
- agrees with the view in everything visible: its ``observe(seat)`` equals the view;
- hides exactly the cards the true game hides from that seat, in other places: its hidden
  cards are a permutation of the truly unseen ones, and the pack is the same;
- depends on the view only: two games with the same view (the true one and a sampled one) give
  the same world for the same seed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardkit.games import GameSpec, get_game
from cardkit.pimc import decide
from tests.conformance.suite import pack_of

STATES_PER_GAME = 6


def world_places(world: Any) -> tuple[Any, ...]:
    """Every card's place and who acts: equal for equal worlds."""
    return (world.locations(), world.current_player, world.phase)


def check_world(spec: GameSpec, game: Any, seat: int, seed: int) -> None:
    """One sampled world of ``game`` from ``seat``'s view keeps every promise above."""
    assert spec.sample_world is not None, f"{spec.title} has no world sampler"
    view = game.observe(seat)
    world = spec.sample_world(view, random.Random(seed))
    assert isinstance(world, spec.game_class)
    assert world.observe(seat) == view, "a sampled world shows the seat something else"
    assert Counter(world.hidden_from(seat)) == Counter(game.hidden_from(seat))
    assert pack_of(world) == pack_of(game), "a sampled world holds another pack"
    if seat == game.current_player:
        assert world.legal_actions() == game.legal_actions()
    # the same view from another game (the world itself): the same world for the same seed
    again = spec.sample_world(world.observe(seat), random.Random(seed))
    assert world_places(again) == world_places(world)
    # the rules core plays on: a few bot moves, each checked
    bots = spec.make_bots("greedy", seed=seed, players=world.num_players)
    for _ in range(8):
        if world.is_over:
            break
        action = decide(bots[world.current_player], world)
        assert world.check(action), f"the world refuses a bot's move {action}"
        world.apply(action)


def check_game_sampled_worlds(name: str) -> int:
    """Sampled worlds of ``name`` at states of a seeded game under each preset, for the seat
    to act and another seat; returns how many worlds were checked."""
    spec = get_game(name)
    checked = 0
    for index, rules in enumerate(spec.PRESETS.values()):
        seed = 700 + index
        game = spec.new(rules=rules, seed=seed)
        bots = spec.make_bots("greedy,random", seed=seed, players=game.num_players)
        step = 0
        states = 0
        while not game.is_over and states < STATES_PER_GAME:
            if step % 5 == 0:
                mover = game.current_player
                for seat in (mover, (mover + 1) % game.num_players):
                    check_world(spec, game, seat, seed * 100 + step)
                    checked += 1
                states += 1
            game.apply(decide(bots[game.current_player], game))
            step += 1
    return checked
