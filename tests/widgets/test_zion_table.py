"""ZionTable in plain pytest: the learner's clicks go through the widget's own handlers.

Bots answer at once (``bot_delay=0``). A scripted deal checks each kind of move and its words;
a seeded game is played through a whole hand by a simple learner who only presses buttons.
"""

from __future__ import annotations

import re

import pytest

from cardkit.cards import Card, make_pack, parse_card, parse_cards
from cardkit.widgets.zion_table import ZionTable
from cardkit.zioncheck import (
    Discard,
    DrawStock,
    Pass,
    Phase,
    Rules,
    ZionGame,
    hand_points,
    lay_off_options,
)

ME = 0


def scripted_game(hands: list[str], stock_top: str = "", rules: Rules | None = None) -> ZionGame:
    """Seat 0 plays first with these hands; the stock starts with ``stock_top`` and then holds
    the rest of a two-deck pack in pack order."""
    dealt = [parse_cards(hand) for hand in hands]
    top = parse_cards(stock_top)
    used = {card for hand in dealt for card in hand} | set(top)
    rest = [card for card in make_pack(2, jokers=True) if card not in used]
    return ZionGame.from_deal(dealt, top + rest, rules=rules, seed=11)


SCRIPT = [
    "7C 7D 7H KC KD KS 2C 5D 9H 4S",  # the learner: two sets ready, 7♠ on top of the stock
    "2D 4D 6D 8D 10D QD 3H 5H 9S JS",
    "2H 4H 6H 8H 10H QH 3S 5S 9C JC",
]


@pytest.fixture
def table() -> ZionTable:
    table = ZionTable(players=3, seed=1, bot_delay=0)
    table.start(scripted_game(SCRIPT, "7S AD"))
    return table


def offered(button) -> bool:
    """Does the button show that the core allows its action now (coloured, class ck-offered)?
    No button is ever disabled: one not offered still says why when pressed."""
    assert not button.disabled
    return "ck-offered" in button._dom_classes


def next_hand(table: ZionTable) -> None:
    """Press Next hand when a finished hand is shown (as a person does)."""
    if table.held_hand is not None:
        table.next_hand_button.click()


def select(table: ZionTable, *texts: str) -> None:
    """Click these cards of the learner's hand (as a person does)."""
    table.hand.clear_selection()
    for text in texts:
        card = parse_card(text)
        index = next(i for i, held in enumerate(table.hand.card_objects) if held == card)
        table.hand.toggle(index)


def test_the_learner_starts_and_sees_what_to_do(table):
    game = table.game
    assert game.current_player == ME
    assert table.hand.card_objects == tuple(sorted(game.hand(ME)))  # by suit, then rank
    assert "Your turn: draw from the stock (ZC-6)." in table.status.value
    assert "Hand 1 of 6" in table.status.value and "2 sets" in table.status.value
    assert offered(table.draw_button)
    assert not offered(table.take_button)  # nothing discarded yet: the tooltip says why
    assert "(ZC-7.1)" in table.take_button.tooltip
    assert not offered(table.discard_button)  # draw first
    assert "ck-zion-table" in table.table_view.value
    deal = table.log_text()[-1]
    assert deal.startswith("Hand 1") and "Seat 2 deals 10 cards" in deal


def test_zc_6_a_hand_of_moves_through_the_buttons_with_their_words(table):
    game = table.game
    table.draw_button.click()
    assert parse_card("7S") in game.hand(ME)
    assert table.message.text == "You draw from the stock."
    assert table.log_text()[0] == "Seat 0 (you) draws 7♠ from the stock (ZC-6)."
    assert not offered(table.draw_button)
    assert table.draw_button.tooltip == "Seat 0 has already drawn this turn (ZC-6)"

    # Go down: two melds built with Add meld, each with its live verdict
    select(table, "7C", "7D", "7H")
    table.add_meld_button.click()
    assert "Meld 1: <b>7♣ 7♦ 7♥</b>: a set." in table.melds_view.value
    assert "not the contract yet" in table.melds_view.value
    assert not offered(table.go_down_button)
    select(table, "KC", "KD", "KS")
    table.add_meld_button.click()
    assert "these melds make the contract" in table.melds_view.value
    assert offered(table.go_down_button)
    table.go_down_button.click()
    assert game.has_gone_down(ME)
    assert [str(placed.meld) for placed in game.table] == ["7♣ 7♦ 7♥", "K♣ K♦ K♠"]
    assert table.log_text()[0].startswith("Seat 0 (you) goes down with 2 sets")
    assert table.pending_melds == []

    # Lay off 7♠ on the sevens: the options say where it fits
    select(table, "7S")
    assert "7♠ fits on meld #1 (ZC-11.2)" in table.options_view.value  # numbered from 1
    assert table.meld_choice.options[0][0].startswith("#1 a set of sevens")
    table.meld_choice.value = 0
    assert offered(table.lay_off_button)
    table.lay_off_button.click()
    assert str(game.table[0].meld) == "7♣ 7♦ 7♥ 7♠"
    assert "lays off 7♠ on meld #1" in table.log_text()[0]  # the same number as offered

    # Discard; the first player plays twice (ZC-7.1), then the bots answer, narrated
    select(table, "9H")
    table.discard_button.click()
    assert game.discard_top == parse_card("9H")
    assert game.current_player == ME
    table.draw_button.click()  # the bots may claim 9♥ first (ZC-8.2)
    assert any(line.startswith(("Seat 1 ", "Seat 2 ")) for line in table.log_text())
    select(table, "2C")
    table.discard_button.click()
    assert parse_card("2C") not in game.hand(ME)
    bot_lines = [line for line in table.log_text() if line.startswith("Seat 1 draws")]
    assert bot_lines and all("draws a card from the stock" in line for line in bot_lines)


def test_a_card_not_in_hand_is_refused_by_the_core_and_nothing_changes(table):
    table.draw_button.click()
    before = table.game.to_json()
    assert table.act(Discard(parse_card("AS"))) is None  # a forged discard
    assert table.message.kind == "refused"
    assert table.message.text == "Seat 0 does not hold A♠ (ZC-6)"
    assert table.game.to_json() == before


def test_go_down_before_drawing_is_refused_with_its_rule_even_if_the_button_is_pressed(table):
    select(table, "7C", "7D", "7H")
    table.add_meld_button.click()
    select(table, "KC", "KD", "KS")
    table.add_meld_button.click()
    assert not offered(table.go_down_button)  # the button's tooltip says no ...
    assert "must draw first" in table.go_down_button.tooltip
    before = table.game.to_json()
    table.go_down_button.click()  # ... and so does a press: the core's words
    assert table.message.kind == "refused"
    assert "must draw first" in table.message.text and "(ZC-9.1)" in table.message.text
    assert table.game.to_json() == before


def test_zc_9_2_wrong_melds_are_refused_with_what_is_missing(table):
    table.draw_button.click()
    select(table, "7C", "7D", "7H")
    table.add_meld_button.click()
    assert "not the contract yet" in table.melds_view.value
    assert "hand 1 needs exactly 2 sets" in table.melds_view.value
    before = table.game.to_json()
    table.go_down_button.click()
    assert table.message.kind == "refused" and "ZC-9.2" in table.message.text
    assert table.game.to_json() == before
    table.clear_melds_button.click()
    assert table.pending_melds == []


def test_suggest_go_down_fills_the_melds_with_the_solver_arrangement(table):
    table.suggest_button.click()  # before drawing: the solver looks at the hand as it is
    assert "go down after you draw" in table.message.text
    table.draw_button.click()
    table.suggest_button.click()
    assert "Suggested go-down for 2 sets" in table.message.text
    assert len(table.pending_melds) == 2
    assert offered(table.go_down_button)
    table.go_down_button.click()
    assert table.game.has_gone_down(ME)
    assert len(table.game.table) == 2
    table.suggest_button.click()  # gone down: the core says why not again (ZC-9.3)
    assert table.message.kind == "refused" and "(ZC-9.3)" in table.message.text


def test_lay_off_before_going_down_is_refused_zc_11_1(table):
    table.draw_button.click()
    select(table, "7S")
    assert not offered(table.lay_off_button)
    before = table.game.to_json()
    table.lay_off_button.click()  # the core's refusal, with its rule
    assert table.message.kind == "refused" and "(ZC-11.1)" in table.message.text
    assert table.game.to_json() == before


def test_every_button_says_why_not_in_words_zc_6(table):
    """No silent refusal: a press that cannot act shows a reason with a rule ID."""
    table.draw_button.click()
    select(table, "7C", "7D")
    table.discard_button.click()
    assert table.message.kind == "refused"
    assert table.message.text == ("Discard needs exactly one card selected. Now 2 are "
                                  "selected (ZC-6).")
    for button in (table.take_button, table.claim_button, table.pass_button,
                   table.go_down_button, table.exchange_button, table.draw_button):
        table.message.clear()
        button.click()
        assert table.message.kind == "refused", button.description
        assert re.search(r"\(ZC-[\d.]+\)", table.message.text), table.message.text


def test_staged_cards_are_marked_and_double_staging_is_refused_at_once(table):
    table.draw_button.click()
    select(table, "7C", "7D", "7H")
    table.add_meld_button.click()
    marks = table.hand.marks
    staged = {table.hand.cards[i]: mark for i, mark in marks.items()}
    assert staged == {"7C": "meld 1", "7D": "meld 1", "7H": "meld 1"}
    assert any(item["label"] == "seven of clubs, meld 1" for item in table.hand._items)
    select(table, "7H", "7S")
    table.add_meld_button.click()
    assert table.message.kind == "refused"
    assert table.message.text == "7♥ is already in meld 1. A card goes in one meld only."
    assert len(table.pending_melds) == 1
    table.clear_melds_button.click()
    assert table.hand.marks == {}


def test_an_out_of_turn_click_is_refused_and_changes_nothing():
    table = ZionTable(players=4, seed=5, bot_delay=0)
    game = table.game
    assert game.current_player == ME
    # the learner's own move, made behind the widget's back, hands the turn to a bot
    if game.phase is Phase.CLAIM:  # asked about a discard: let it go
        game.apply(Pass())
    else:
        game.apply(DrawStock())
        while game.current_player != ME:  # the bots may be asked about the discard first
            game.apply(Pass())
        game.apply(Discard(game.hand(ME)[-1]))
    mover = game.current_player
    assert mover != ME
    before = game.to_json()
    for button in (table.draw_button, table.take_button, table.discard_button,
                   table.pass_button, table.claim_button):
        table.hand.clear_selection()
        table.hand.toggle(0)
        button.click()  # a forged click: the page's button state is no guard
        assert table.message.kind == "refused"
        # the core's own refusal of a seat that is not to act
        text = table.message.text
        assert (f"it is Seat {mover}'s turn, not Seat {ME}'s (ZC-6)" in text
                or (f"Seat {mover} is being asked about" in text and "(ZC-8.2)" in text)), text
        assert game.to_json() == before


def learner_move(table: ZionTable, seen: dict) -> None:
    """One move of a plain learner who only presses buttons (and sometimes claims)."""
    game = table.game
    next_hand(table)
    if game.is_over:
        return
    phase = game.phase
    if phase is Phase.CLAIM:
        if not seen["claims"]:
            before = game.to_json()
            table.draw_button.click()  # out of turn in the claim window: refused (ZC-8.2)
            assert table.message.kind == "refused" and "(ZC-8.2)" in table.message.text
            assert game.to_json() == before
            card = game.discard_top
            table.claim_button.click()
            assert card in game.hand(ME) or game.results
            assert any("(you) claims" in line for line in table.log_text())
        else:
            table.pass_button.click()
        seen["claims"] += 1
        return
    if phase is Phase.DRAW:
        table.draw_button.click()
        return
    if not game.has_gone_down(ME):
        table.suggest_button.click()
        if offered(table.go_down_button):
            table.go_down_button.click()
            seen["down"] = True
            return
    else:
        melds = [placed.meld for placed in game.table]
        for card in game.hand(ME):
            options = lay_off_options(card, melds)
            if options and len(game.hand(ME)) > 1:
                table.hand.select_cards([card])
                table.meld_choice.value = options[0].meld_index
                if offered(table.lay_off_button):
                    table.lay_off_button.click()
                    seen["lay_offs"] += 1
                    return
    for card in sorted(game.hand(ME), key=hand_points_of, reverse=True):
        table.hand.select_cards([card])
        if offered(table.discard_button):
            table.discard_button.click()
            return
    raise AssertionError("no card could be discarded")


def hand_points_of(card: Card) -> int:
    return hand_points([card])


def test_a_whole_hand_against_greedy_bots_through_the_buttons():
    table = ZionTable(players=4, seed=2, bot_delay=0, ask_claims=True)
    game = table.game
    seen = {"claims": 0, "down": False, "lay_offs": 0}
    for _ in range(400):
        if game.results:
            break
        assert game.current_player == ME, "the widget hands the turn back to the learner"
        learner_move(table, seen)
    assert game.results, "the first hand ends"
    result = game.results[0]
    log = table.log_text()
    assert any(line.startswith("Hand 1 ends") for line in log)
    assert "Hand results" in table.results_view.value
    assert re.search(rf"<td[^>]*>{result.points[ME]}\b", table.results_view.value)
    assert table.chart_box.children, "the totals chart appears after the hand"
    # the game pauses with the result in view until Next hand
    assert table.held_hand == 1 and table.hand_end_box.layout.display != "none"
    assert table.hand_end_view.value.count("Hand results") == 1
    assert "Press Next hand" in table.status.value
    # the core has dealt hand 2, but until Next hand the page describes hand 1
    assert game.hand_number == 2
    assert "Hand 1 of 6 (over)" in table.status.value and "Hand 2" not in table.status.value
    assert table.hand.card_objects == tuple(sorted(result.hands[ME])) and table.hand.disabled
    assert 'data-hand="1"' in table.table_view.value and "Hand 2" not in table.table_view.value
    assert not any(line.startswith("Hand 2") for line in log)  # its deal is narrated later
    table.next_hand_button.click()
    assert table.held_hand is None and table.hand_end_box.layout.display == "none"
    assert game.hand_number == 2 and "Hand 2 of 6" in table.status.value
    # resumed after a fault, a game in hand 2 plays on in hand 2: hand 1 is in the sheet only
    resumed = ZionTable(players=4, seed=9, bot_delay=0)
    assert resumed.resume_from(game.to_json())
    assert resumed.held_hand is None and resumed.hand_end_box.layout.display == "none"
    assert "Hand 2 of 6" in resumed.status.value and "(over)" not in resumed.status.value
    assert "Hand results" in resumed.results_view.value and not resumed.hand.disabled
    assert table.hand.card_objects == tuple(sorted(game.hand(ME)))
    assert any(line.startswith("Hand 2") for line in table.log_text())  # narrated now
    assert table.pending_melds == []
    # every move the learner made is narrated once, in the learner's name
    mine = [line for line in log if line.startswith("Seat 0 (you)")]
    answers = [line for line in mine if " claims " in line or " does not claim " in line]
    assert seen["claims"] >= 1 and len(answers) == seen["claims"]
    assert sum(" lays off " in line for line in mine) == seen["lay_offs"]
    assert any(" goes down " in line for line in mine) == seen["down"]
    if result.winner != ME:
        assert result.points[ME] == hand_points(result.hands[ME])


def test_zc_13_1_the_learner_goes_out_and_the_hand_results_and_chart_appear():
    table = ZionTable(players=3, seed=1, bot_delay=0)
    table.start(scripted_game(["7C 7D 7H KC KD KS 9H", *SCRIPT[1:]], "7S"))
    table.draw_button.click()
    table.suggest_button.click()
    table.go_down_button.click()
    assert table.game.hand(ME) == (parse_card("9H"),)
    select(table, "9H")
    table.discard_button.click()
    result = table.game.results[0]
    assert result.winner == ME and result.points[ME] == 0
    assert any(line.startswith("Seat 0 (you) goes out") for line in table.log_text())
    assert "Seat 0 went out" in table.results_view.value
    assert table.message.text == ("Hand 1 over: Seat 0 (you) went out. Your points for it: 0"
                                  " (ZC-14.1).")
    assert "Hand 1 over: Seat 0 (you) went out." in table.hand_end_view.value
    assert re.search(r"<th[^>]*>Seat 0 \(you\)</th>", table.results_view.value)
    for seat in (1, 2):  # the bots had not gone down: stuck (ZC-13.2)
        assert result.stuck == (1, 2)
        points = hand_points(result.hands[seat])
        assert re.search(rf"<td[^>]*>{points} \(stuck\)</td>", table.results_view.value)
    assert table.chart_box.children
    table.next_hand_button.click()
    assert table.game.hand_number == 2 and table.game.current_player == ME


def test_zc_14_2_a_whole_game_ends_with_six_hands_of_results_and_the_winner():
    table = ZionTable(players=3, seed=6, bot="random", bot_delay=0)
    game = table.game
    seen = {"claims": 0, "down": False, "lay_offs": 0}
    for _ in range(3000):
        if game.is_over:
            break
        learner_move(table, seen)
    assert game.is_over and len(game.results) == 6
    assert len(re.findall(r"<tr><td[^>]*>Hand \d", table.results_view.value)) == 6
    assert "Game over: " in table.results_view.value and "(ZC-14.2)" in table.results_view.value
    assert "The game is over: press New game to play again." in table.status.value
    assert not any(offered(button) for button in (table.draw_button, table.discard_button,
                                                  table.go_down_button))
    assert table.next_hand_button.layout.display == "none"  # no next hand after the sixth
    table.draw_button.click()  # a click after the end is refused by the core
    assert table.message.text == "the game is over (ZC-14.2)"


def test_new_game_deals_the_next_seed_and_starts_afresh():
    one = ZionTable(players=3, seed=8, bot_delay=0)
    two = ZionTable(players=3, seed=8, bot_delay=0)
    assert one.game.to_json() == two.game.to_json()
    first = one.game.seed
    one.new_game_button.click()
    two.new_game_button.click()
    assert one.game.seed == two.game.seed != first
    assert one.message.text == f"New game, seed {one.game.seed}."
    assert one.results_view.value == "" and not one.chart_box.children


def test_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        ZionTable(seat=4)
    with pytest.raises(ValueError, match="bot is one of analyst, greedy, random"):
        ZionTable(bot="clever")
    with pytest.raises(ValueError, match="bot_delay"):
        ZionTable(bot_delay=-1)
    with pytest.raises(ValueError, match="players"):
        ZionTable(players=1)


def test_random_bots_and_other_seats_work_too():
    table = ZionTable(players=3, seed=4, seat=2, bot="random", bot_delay=0)
    assert table.game.current_player == 2
    assert "Seat 2 (you)" in table.table_view.value


def test_zc_8_beginners_start_with_claim_prompts_off_and_claims_are_explained_once():
    table = ZionTable(players=4, seed=1, bot_delay=0)
    assert not table.ask_claims.value  # the default: a beginner's claim windows pass
    assert any(line.startswith("Seat 0 (you) does not claim J♠") for line in table.log_text())
    assert table.game.current_player == ME and table.game.phase.value == "draw"
    asked = ZionTable(players=4, seed=1, bot_delay=0, ask_claims=True)
    assert "What is a claim? (ZC-8, also called “May I”)" in asked.claim_help.value
    assert asked.claim_help_box.layout.display != "none"
    asked.claim_help_button.click()
    assert asked.claim_help_box.layout.display == "none"


def test_zc_8_2_a_learner_who_is_not_asked_about_claims_passes_automatically():
    table = ZionTable(players=4, seed=1, bot_delay=0, ask_claims=True)
    assert table.game.phase.value == "claim" and table.game.current_player == ME
    assert "Claim window: you may claim J♠" in table.status.value
    assert offered(table.claim_button) and offered(table.pass_button)
    table.ask_claims.value = False  # passing now, and at every later discard
    assert any(line.startswith("Seat 0 (you) does not claim J♠") for line in table.log_text())
    for _ in range(3):
        assert table.game.phase.value in ("draw", "play")
        assert table.game.current_player == ME
        if table.game.phase.value == "draw":
            table.draw_button.click()
        table.hand.toggle(0)
        table.discard_button.click()
    passes = [line for line in table.log_text() if line.startswith("Seat 0 (you) does not claim")]
    assert len(passes) >= 2


def test_zc_12_1_exchange_a_joker_through_the_button_and_lay_it_off_again():
    table = ZionTable(players=3, seed=1, bot_delay=0)
    hands = ["5C 6C JK 8C KD KH KS 9D 2C 4S", *SCRIPT[1:]]
    table.start(ZionGame.from_deal(
        [parse_cards(hand) for hand in hands],
        parse_cards("7C") + [card for card in make_pack(2, jokers=True)
                             if card not in set(parse_cards(" ".join(hands) + " 7C"))],
        hand_number=2, seed=3))
    assert "contract: <b>1 set + 1 run</b>" in table.status.value
    table.draw_button.click()
    select(table, "5C", "6C", "JK", "8C")
    table.add_meld_button.click()
    assert "Meld 1: <b>5♣ 6♣ JK 8♣</b>: a run." in table.melds_view.value
    assert "the joker stands for 7♣" in table.melds_view.value
    select(table, "KD", "KH", "KS")
    table.add_meld_button.click()
    table.go_down_button.click()
    assert table.game.has_gone_down(ME)

    select(table, "7C")
    assert "7♣ can free the joker of meld #1 (ZC-12.1)" in table.options_view.value
    table.meld_choice.value = 1  # the set of kings holds no joker: the button says no
    assert not offered(table.exchange_button)
    table.exchange_button.click()  # and so does the core
    assert table.message.kind == "refused" and "(ZC-12.1)" in table.message.text
    table.meld_choice.value = 0
    assert offered(table.exchange_button)
    table.exchange_button.click()
    assert str(table.game.table[0].meld) == "5♣ 6♣ 7♣ 8♣"
    assert Card.joker() in table.game.hand(ME)
    assert " in place of the joker and takes the joker" in table.log_text()[0]

    # the joker goes back at the low end of the run, as the learner chooses
    select(table, "JK")
    assert "JK fits on meld #1 (low end), #1 (high end), #2" in table.options_view.value
    table.end_choice.value = "low"
    table.lay_off_button.click()
    assert str(table.game.table[0].meld) == "JK(4♣) 5♣ 6♣ 7♣ 8♣"


def test_the_learners_hand_is_shown_once_as_the_clickable_row(table):
    """The table view names where the learner's cards are rather than drawing them twice; the
    seats' notes say that their points are the running total of the game (ZC-14.1)."""
    shown = table.table_view.value
    assert table.hand.card_objects == tuple(sorted(table.my_hand))
    assert not any(f'aria-label="{card.name}"' in shown for card in table.my_hand)
    assert "Your 10 cards, shown in your hand row" in shown
    assert shown.count("total so far: 0 penalty points") == 3
    assert "0 penalty points" not in shown.replace("total so far: 0 penalty points", "")
