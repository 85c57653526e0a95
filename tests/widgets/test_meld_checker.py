"""MeldChecker in plain pytest: typed cards, a dealt hand, and the solver's best go-down."""

from __future__ import annotations

import pytest

from cardkit.cards import parse_cards
from cardkit.widgets.meld_checker import MeldChecker, parse_meld_text
from cardkit.zioncheck import Rules, find_go_down, hand_points


def typed(text: str, hand_number: int = 1) -> MeldChecker:
    checker = MeldChecker(hand_number=hand_number)
    checker.cards_text.value = text  # the box checks on Enter / leaving it
    return checker


def test_zc_5_1_a_typed_set_is_named_a_set():
    checker = typed("8C 8c 8H")
    assert "a set" in checker.verdict_text
    assert "set of eights (ZC-5.1)" in checker.verdict_text
    assert "ck-verdict" in checker.verdict.value
    assert checker.message.text == ""


def test_zc_5_3_a_run_with_a_joker_says_what_the_joker_stands_for():
    checker = typed("5C 6C JK 8C")
    assert "a run" in checker.verdict_text
    assert "run of clubs, 5 to 8" in checker.verdict_text
    assert "Jokers: JK as 7♣." in checker.verdict_text
    assert "JK as 7♣" in checker.verdict.value


def test_zc_5_4_a_joker_in_a_set_stands_for_the_rank_and_the_etiquette_is_told():
    checker = typed("9D 9S JK")
    assert "Jokers: JK as any 9." in checker.verdict_text
    assert "ZC-5.4" in checker.verdict_text


def test_zc_2_1_king_ace_two_three_is_refused_with_the_ace_rule():
    checker = typed("KC AC 2C 3C")
    assert "not a meld" in checker.verdict_text
    assert "never in the middle (ZC-2.1)" in checker.verdict_text
    assert "✘" in checker.verdict.value


def test_bad_card_text_shows_a_clear_error_with_the_accepted_forms():
    checker = typed("5C 11X 7C")
    assert checker.message.kind == "refused"
    assert "'11X' is not a card" in checker.message.text
    assert "like 10♥, 10H or QS" in checker.message.text  # the accepted forms are shown
    assert checker.verdict_text == ""
    checker.cards_text.value = "5C 6C 7C 8C"  # fixing the text clears the error
    assert checker.message.text == ""
    assert "a run" in checker.verdict_text


def test_zc_9_2_melds_split_by_bars_are_checked_against_the_contract():
    checker = typed("5C 6C 7C 8C | 9H 10H JH QH", hand_number=3)
    assert "Meld 1 (5♣ 6♣ 7♣ 8♣): a run." in checker.verdict_text
    assert "Meld 2 (9♥ 10♥ J♥ Q♥): a run." in checker.verdict_text
    assert "Hand 3 contract (2 runs): these melds go down." in checker.verdict_text


def test_zc_9_2_the_wrong_melds_for_the_contract_are_refused_with_what_they_are():
    checker = typed("5C 6C 7C 8C | 9H 9S 9D", hand_number=3)
    assert "Hand 3 contract (2 runs): not met." in checker.verdict_text
    assert "1 set and 1 run" in checker.verdict_text


def test_changing_the_hand_number_rechecks_against_that_contract():
    checker = typed("5C 6C 7C 8C | 9H 9S 9D", hand_number=3)
    checker.hand_select.value = 2
    assert "Hand 2 contract (1 set + 1 run): these melds go down." in checker.verdict_text
    labels = [label for label, _ in checker.hand_select.options]
    assert labels[2] == "Hand 3: 2 runs"


def test_zc_10_two_touching_runs_of_one_suit_need_nine_cards():
    checker = typed("AC 2C 3C 4C | 5C 6C 7C 8C", hand_number=3)
    assert "not met" in checker.verdict_text
    assert "ZC-10" in checker.verdict_text


def test_one_group_that_is_not_a_meld_keeps_the_contract_unmet():
    checker = typed("8C 8D 8H | KD QS", hand_number=1)
    assert "Meld 2 (K♦ Q♠): not a meld." in checker.verdict_text
    # the contract's line is the core's verdict (explain_go_down), not the app's own words
    assert ("Hand 1 contract (2 sets): not met. Group 2 is not a meld yet. A go-down lays only "
            "melds (ZC-9.2).") in checker.verdict_text


def test_the_check_and_clear_buttons():
    checker = MeldChecker()
    checker.check_button.click()
    assert "Type some cards first" in checker.message.text
    checker.cards_text.value = "8C 8D 8H"
    checker.clear_button.click()
    assert checker.cards_text.value == ""
    assert checker.verdict_text == ""
    checker.deal_button.click()
    checker.best_button.click()
    checker.clear_button.click()  # the dealt hand goes away too: typed cards are asked again
    assert checker.dealt == () and checker.hand_box.children == ()
    assert checker.best_text == "" and checker.add_meld_button.button_style == ""
    checker.add_meld_button.click()  # never greyed out: it says what to do first
    assert checker.message.text.startswith("Add as meld takes cards from a dealt hand: press "
                                           "Deal me a random hand")
    checker.cards_text.value = "8C 8D 8H KD KS KH"
    checker.best_button.click()
    assert checker.best_text.startswith("Best go-down for the typed cards")


def test_best_go_down_of_typed_cards_shows_the_melds_and_the_points_left():
    checker = typed("8C 8D 8H KD KS KH 5C 2D", hand_number=1)
    checker.best_button.click()
    assert checker.best_text.startswith("Best go-down for the typed cards, hand 1 (2 sets)")
    assert "Left in hand: 5♣ 2♦, 10 points." in checker.best_text
    assert "10 points" in checker.best.value


def test_best_go_down_says_when_there_is_none():
    checker = typed("2C 5D 9H JS QS KD", hand_number=3)
    checker.best_button.click()
    assert checker.best_text.startswith("No go-down. The typed cards (6 cards) cannot make the "
                                        "contract of hand 3 yet. That contract is 2 runs "
                                        "(ZC-9.2).")
    assert checker.best_text.endswith("Points in hand if it ended now: 45 (ZC-2.3).")


def test_dealing_a_hand_and_adding_selected_cards_as_melds():
    checker = MeldChecker(hand_number=1, seed=4)
    checker.deal_button.click()
    dealt = checker.hand_widget.card_objects
    assert len(dealt) == 10 == len(checker.dealt)
    assert "Dealt 10 cards" in checker.message.text
    add = checker.add_meld_button
    assert not add.disabled and add.button_style == ""  # nothing selected yet
    assert add.tooltip == "Click cards of the dealt hand first, then press Add as meld"
    add.click()
    assert checker.message.text == "Click cards of the dealt hand first, then press Add as meld."
    assert checker.cards_text.value == ""
    checker.hand_widget.toggle(0)
    checker.hand_widget.toggle(1)
    checker.hand_widget.toggle(2)
    assert add.button_style == "info" and add.tooltip == "Append the selected cards as one meld"
    checker.add_meld_button.click()
    first = " ".join(card.ascii for card in dealt[:3])
    assert checker.cards_text.value == first
    assert checker.hand_widget.selected == []
    checker.hand_widget.toggle(3)
    checker.add_meld_button.click()
    assert checker.cards_text.value == f"{first} | {dealt[3].ascii}"
    assert "Meld 2" in checker.verdict_text


def test_the_same_seed_deals_the_same_hand():
    one, two = MeldChecker(seed=9), MeldChecker(seed=9)
    one.deal_button.click()
    two.deal_button.click()
    assert one.dealt == two.dealt


def test_best_go_down_of_a_dealt_hand_uses_the_whole_hand():
    checker = MeldChecker(hand_number=1, seed=16)  # a deal that can go down
    checker.deal_button.click()
    checker.cards_text.value = "8C 8D 8H"  # typed cards do not matter once a hand is dealt
    checker.best_button.click()
    melds = find_go_down(list(checker.dealt), 1)
    assert melds is not None
    used = {card for meld in melds for card in meld.cards}
    left = [card for card in checker.dealt if card not in used]
    assert checker.best_text.startswith("Best go-down for the dealt hand, hand 1 (2 sets): ")
    for number, meld in enumerate(melds, 1):
        assert f"Meld {number}: {' '.join(map(str, meld.cards))}" in checker.best_text
    assert checker.best_text.endswith(f", {hand_points(left)} points.")


def test_changing_the_hand_number_asks_the_solver_again():
    checker = MeldChecker(hand_number=1, seed=16)
    checker.deal_button.click()
    checker.best_button.click()
    checker.hand_select.value = 3
    assert checker.best_text.startswith("No go-down. The dealt hand (10 cards) cannot make the "
                                        "contract of hand 3 yet. That contract is 2 runs")


def test_rules_options_change_the_contract_table():
    rules = Rules(contracts=((1, 0), (1, 1), (0, 2), (3, 0), (2, 1), (0, 3)))
    checker = MeldChecker(hand_number=6, rules=rules)
    assert checker.hand_select.options[5][0] == "Hand 6: 3 runs"


def test_a_bad_hand_number_is_a_clear_error():
    with pytest.raises(ValueError, match="hand_number must be 1 to 6"):
        MeldChecker(hand_number=7)


def test_parse_meld_text_gives_repeated_cards_distinct_decks_across_melds():
    melds = parse_meld_text("8C 8C | 8C 9C |")
    assert melds == [parse_cards("8C 8C@1"), parse_cards("8C@2 9C")]


def test_a_new_random_hand_clears_the_old_verdict():
    checker = MeldChecker(hand_number=1, seed=4)
    checker.cards_text.value = "7C 7D 7H"
    assert checker.verdict_text
    checker.deal_button.click()
    assert checker.verdict_text == "" and checker.cards_text.value == ""
    assert checker.message.text.startswith("Dealt 10 cards")


def test_without_a_seed_each_checker_draws_its_own_and_shows_it():
    seeds = {MeldChecker().seed for _ in range(4)}
    assert len(seeds) > 1  # a fresh seed per page, not always the same hands
    checker = MeldChecker(seed=12, share=lambda n: f"http://h/m.ipynb?seed={n}")
    assert "Seed <b>12</b>" in checker.seed_line.value
    assert 'href="http://h/m.ipynb?seed=12"' in checker.seed_line.value
    assert [n for _label, n in checker.hand_select.options] == [1, 2, 3, 4, 5, 6]
