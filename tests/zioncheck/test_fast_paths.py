"""The hot path's checks without words (`laid_meld_ok`, `contract_ok`, `_lay_off_end`,
`_exchange_index`, `lay_off_places`) agree with the explained checks on many random cases."""

from __future__ import annotations

import random
from dataclasses import replace

from cardkit.cards import SUITS, Card, make_pack
from cardkit.zioncheck.contract import check_go_down, contract_ok
from cardkit.zioncheck.melds import (
    MeldKind,
    _exchange,
    _exchange_index,
    _lay_off,
    _lay_off_end,
    can_lay_off,
    check_laid_meld,
    check_meld,
    laid_meld_ok,
    lay_off_options,
    lay_off_places,
)
from cardkit.zioncheck.rules import Contract, Rules

RULES = [Rules(), Rules(min_natural_per_meld=2), Rules(same_suit_touching_runs="forbid")]


def random_melds(rng: random.Random, count: int) -> list:
    """Legal melds (runs and sets, with jokers) and corrupted copies of them."""
    pack = make_pack(3, jokers=True)
    jokers = [c for c in pack if not c.rank]
    out = []
    while len(out) < count:
        if rng.random() < 0.6:
            suit = rng.choice(SUITS)
            low = rng.randint(1, 11)
            high = rng.randint(low + 3, min(14, low + 8))
            cards = [Card(1 if p == 14 else p, suit, rng.randrange(3))
                     for p in range(low, high + 1)]
        else:
            rank = rng.randint(1, 13)
            cards = [Card(rank, rng.choice(SUITS), d) for d in range(rng.randint(3, 5))]
        for k, i in enumerate(rng.sample(range(len(cards)), rng.randint(0, 2))):
            cards[i] = jokers[k]
        verdict = check_meld(list(dict.fromkeys(cards)), Rules(min_natural_per_meld=0))
        if not verdict.ok:
            continue
        meld = verdict.meld
        out.append(meld)
        shuffled = list(meld.cards)
        rng.shuffle(shuffled)
        out.append(replace(meld, cards=tuple(shuffled)))
        out.append(replace(meld, cards=(*meld.cards[:-1], rng.choice(pack))))
    return out


def test_laid_meld_ok_agrees_with_check_laid_meld():
    rng = random.Random(1)
    melds = random_melds(rng, 3000)
    for rules in RULES:
        agree = [laid_meld_ok(m, rules) == check_laid_meld(m, rules).ok for m in melds
                 if laid_meld_ok(m, rules) or any(c.rank for c in m.cards)]
        assert all(agree)
        assert any(laid_meld_ok(m, rules) for m in melds)
        assert not all(laid_meld_ok(m, rules) for m in melds)


def test_lay_off_and_exchange_fast_paths_agree_with_the_explained_ones():
    rng = random.Random(2)
    melds = [m for m in random_melds(rng, 600) if check_laid_meld(m, Rules(
        min_natural_per_meld=0)).ok]
    pack = make_pack(3, jokers=True)
    for meld in melds:
        for card in rng.sample(pack, 30):
            for end in (None, "low", "high"):
                verdict, where = _lay_off(card, meld, end)
                fast = _lay_off_end(card, meld, end)
                assert (fast is not False) == verdict.ok
                if verdict.ok:
                    assert fast == where
            assert (_exchange_index(card, meld) >= 0) == _exchange(card, meld)[0].ok
    sample = melds[:40]
    for card in rng.sample(pack, 60):
        slow = [(o.meld_index, o.end) for o in lay_off_options(card, sample)]
        assert lay_off_places(card, sample) == slow
        assert all(can_lay_off(card, sample[i], end=e).ok for i, e in slow)


def test_contract_ok_agrees_with_check_go_down():
    rng = random.Random(3)
    melds = [m for m in random_melds(rng, 900) if check_laid_meld(m).ok]
    for rules in RULES:
        for _ in range(2000):
            chosen = rng.sample(melds, rng.randint(2, 3))
            cards = [c for m in chosen for c in m.cards]
            if len(set(cards)) != len(cards):
                continue
            contract = Contract(sum(m.kind is MeldKind.SET for m in chosen),
                                sum(m.kind is MeldKind.RUN for m in chosen))
            if rng.random() < 0.2:
                contract = Contract(contract.sets + 1, contract.runs)
            if not all(check_laid_meld(m, rules).ok for m in chosen):
                continue
            assert contract_ok(chosen, contract, rules) == check_go_down(chosen, contract,
                                                                         rules).ok


def test_exchange_actions_offer_what_asking_every_card_of_every_meld_offers():
    # legal.exchange_actions looks only at cards of a face a joker stands for on the table;
    # the plain way asks joker_exchanges for every natural face held
    from cardkit import play_out
    from cardkit.games import get_game
    from cardkit.zioncheck import ExchangeJoker, new_game
    from cardkit.zioncheck.legal import exchange_actions
    from cardkit.zioncheck.melds import joker_exchanges

    spec = get_game("zioncheck")
    offered = 0
    for seed in range(2):
        game = new_game(players=4, seed=seed)
        bots = spec.make_bots("random", seed=seed, players=4)
        while not game.is_over:
            melds = [tm.meld for tm in game.table]
            for seat in range(game.players):
                hand = game.observe(seat).hand
                plain, seen = [], set()
                for card in hand:
                    if card.rank and card.face not in seen:
                        seen.add(card.face)
                        plain += [ExchangeJoker(card, i) for i in joker_exchanges(card, melds)]
                assert exchange_actions(hand, melds) == plain
                offered += len(plain)
            play_out(game, bots, max_actions=1)
    assert offered > 0
