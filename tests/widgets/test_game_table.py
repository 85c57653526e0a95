"""What the tables share (`GameTable`, `NarrationLog`, the shared address) and the fixes that
came with it: one option check, one seed series, the narration's order and bounds, and the
Xeri teaching view drawing the learner's cards once."""

from __future__ import annotations

import re

import pytest

from cardkit.widgets.game_table import check_bot_options
from cardkit.widgets.narration import LogLine, NarrationLog
from cardkit.widgets.xeri_table import XeriTable
from cardkit.widgets.zion_table import ZionTable

KINDS = {"greedy": object, "random": object}


@pytest.mark.parametrize("delay", [-1, float("nan"), "0.5", None])
def test_a_bot_delay_that_is_not_seconds_is_refused_the_same_way_at_both_tables(delay):
    with pytest.raises(ValueError, match=r"bot_delay is a number of seconds >= 0, not "):
        check_bot_options("greedy", delay, KINDS)
    for table in (XeriTable, ZionTable):
        with pytest.raises(ValueError, match=r"bot_delay is a number of seconds >= 0"):
            table(seed=1, bot_delay=delay)


def test_both_tables_deal_the_same_seed_series_from_a_seed():
    """A table made with a seed deals the same games one after another on every machine."""
    xeri, zion = XeriTable(seed=8, bot_delay=0), ZionTable(players=3, seed=8, bot_delay=0)
    assert xeri.match.seed == zion.game.seed == 8
    xeri.new_button.click()
    zion.new_game_button.click()
    assert xeri.match.seed == zion.game.seed != 8  # the same series: the next seed of 8
    assert f"Seed <b>{zion.game.seed}</b>" in zion.seed_line.value


def test_the_round_end_button_says_so_when_no_round_is_waiting():
    xeri, zion = XeriTable(seed=3, bot_delay=0), ZionTable(players=3, seed=1, bot_delay=0)
    xeri.next_round()
    assert xeri.message.text == "No round is waiting: play on."
    zion.on_next_hand()
    assert zion.message.text == "No hand is waiting: play on."


def test_a_record_of_the_other_game_is_refused_and_changes_nothing():
    xeri, zion = XeriTable(seed=3, bot_delay=0), ZionTable(players=3, seed=1, bot_delay=0)
    xeri_before, zion_before = xeri.match.to_json(), zion.game.to_json()
    assert not xeri.resume_from(zion_before)
    assert xeri.message.text.startswith("Could not bring the match back: this is a record of "
                                        "zioncheck")
    assert not zion.resume_from(xeri_before)
    assert zion.message.text.startswith("Could not bring the game back: this is a record of "
                                        "xeri")
    assert xeri.match.to_json() == xeri_before and zion.game.to_json() == zion_before


def test_the_narration_log_is_newest_first_bounded_and_escaped():
    log = NarrationLog(css_class="ck-test-log", max_lines=3, styles={"score": "font-weight:700"})
    log.add(LogLine(f"line {n}") for n in range(5))
    log.add([LogLine("<b>score</b>", "score")])
    assert log.texts() == ["<b>score</b>", "line 4", "line 3"]
    assert "&lt;b&gt;score&lt;/b&gt;" in log.value and "<b>score</b>" not in log.value
    assert re.search(r'<li class="ck-log-line ck-log-score" style="margin:2px 0;font-weight:700">'
                     r"&lt;b&gt;score", log.value)
    assert 'role="log"' in log.value and "<ol reversed" in log.value
    log.clear()
    assert log.texts() == [] and log.lines == []


def test_a_step_narration_is_in_order_with_rule_badges():
    steps = NarrationLog(css_class="ck-test-steps", newest_first=False)
    steps.show([LogLine("North deals (XR-2.2)"), LogLine("Seat 1 draws", rule="ZC-6")])
    assert steps.texts() == ["North deals (XR-2.2)", "Seat 1 draws"]
    assert 'role="status"' in steps.value and "<ul" in steps.value
    assert steps.value.count('class="cardkit-rule"') == 1 and ">ZC-6</span>" in steps.value


def test_xr_9_1_show_all_hands_draws_the_learners_cards_once():
    table = XeriTable(seed=3, seat=2, bot_delay=0)
    table.show_all.value = True
    shown = table.table.value
    assert 'data-view="all"' in shown
    mine = set(table.match.hand(2))
    elsewhere = {card for seat in (0, 1, 3) for card in table.match.hand(seat)}
    assert all(f'aria-label="{card.name}"' in shown for card in elsewhere)
    only_mine = mine - elsewhere - set(table.match.pile)
    assert only_mine and not any(f'aria-label="{card.name}"' in shown for card in only_mine)
    assert f"{len(mine)} cards, shown in the hand row" in shown


def test_the_tables_seat_their_bots_by_the_registrys_one_seed_rule(monkeypatch) -> None:
    """Issue 18: every bot is made through the registry (`GameSpec.seated_bot`, seeded by
    `bot_seed`), so a table's bots of seed 5 are the bots a simulation or the replay viewer
    seats for seed 5."""
    from cardkit.games import GameSpec
    from cardkit.widgets import XeriTable, ZionTable

    seated: list[tuple[str, str, int, int]] = []
    real = GameSpec.seated_bot

    def recording(self, kind, seat, game_seed):
        seated.append((self.name, kind, seat, game_seed))
        return real(self, kind, seat, game_seed)

    monkeypatch.setattr(GameSpec, "seated_bot", recording)
    for table, name in ((XeriTable(seed=5, bot_delay=0), "xeri"),
                        (ZionTable(seed=5, bot_delay=0), "zioncheck")):
        made = {(kind, seat, seed) for game, kind, seat, seed in seated if game == name}
        assert table.bots and {(table.bot_kind, seat, 5) for seat in table.bots} <= made
