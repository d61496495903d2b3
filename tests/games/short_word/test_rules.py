"""The Short Word Game scenarios: one per rule of seeds/004 and ruling SW1-SW9."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.core.chance import Chance
from games.core.errors import IllegalAction
from games.short_word.cards import COPIES, POINTS, full_deck
from games.short_word.game import BONUS, ShortWordGame, cards_dealt
from games.short_word.lexicon import DICTIONARIES
from games.short_word.model import (
    Challenge,
    ChallengeOpened,
    ChallengesResolved,
    Discard,
    Discarded,
    Draw,
    Drew,
    DrewCard,
    GameOver,
    HandDealt,
    HandScored,
    Laid,
    Lay,
    LetStand,
    StockRefilled,
    TurnStarted,
    WordAnswer,
    YourLayout,
)
from tests.games.short_word.helpers import GAME, cards, refused, table

# -- SW1: the deck ------------------------------------------------------------------------------


def test_sw1_the_deck_has_118_cards_with_the_rulebook_letter_counts() -> None:
    deck = Counter(full_deck())
    assert sum(deck.values()) == 118
    assert deck["A"] == 10 and deck["E"] == 12 and deck["I"] == 8 and deck["O"] == 8
    assert deck["N"] == 6 and deck["R"] == 6 and deck["T"] == 6 and deck["U"] == 6
    assert all(deck[card] == 2 for card in ("QU", "IN", "ER", "CL", "TH", "Q", "Z", "X"))
    assert deck == Counter(COPIES)


def test_sw1_card_points() -> None:
    assert POINTS["A"] == 2 and POINTS["Q"] == 15 and POINTS["Z"] == 14 and POINTS["J"] == 13
    assert (POINTS["QU"], POINTS["IN"], POINTS["ER"], POINTS["CL"], POINTS["TH"]) == (
        9,
        7,
        7,
        10,
        9,
    )
    assert len(POINTS) == 31


# -- SW2: the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [1, 2, 5, 8])
def test_sw2_the_first_hand_deals_three_cards_and_left_of_the_dealer_starts(seats: int) -> None:
    state = GAME.new(seats, seed=3)
    assert [len(hand) for hand in state.hands] == [3] * seats
    assert len(state.discards) == 1
    assert len(state.stock) == 118 - 3 * seats - 1
    assert state.turn == (state.dealer + 1) % seats
    assert state.step == "draw"


def test_sw2_the_first_dealer_is_random() -> None:
    assert len({GAME.new(5, seed).dealer for seed in range(30)}) > 2


def test_sw2_each_hand_deals_one_card_more_up_to_ten() -> None:
    assert [cards_dealt(hand) for hand in range(1, 9)] == [3, 4, 5, 6, 7, 8, 9, 10]


def test_sw2_after_a_hand_the_deal_passes_left_and_a_card_more_is_dealt() -> None:
    state = table("C A T X", "E R E", turn=0, dealer=1)
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    events = GAME.apply(state, 1, Discard("E"))
    dealt = next(e for e in events if isinstance(e, HandDealt))
    assert (dealt.hand, dealt.cards, dealt.dealer, dealt.first) == (2, 4, 0, 1)
    assert state.hand == 2 and state.dealer == 0 and state.turn == 1
    assert [len(hand) for hand in state.hands] == [4, 4]
    assert sum(len(hand) for hand in state.hands) + len(state.stock) + len(state.discards) == 118


# -- SW3: a turn --------------------------------------------------------------------------------


def test_sw3_drawing_from_the_stock_is_news_only_for_the_drawer() -> None:
    state = table("C A T", "E R E", draws="Z", step="draw")
    events = GAME.apply(state, 0, Draw("stock"))
    assert Drew(seat=0, source="stock", card=None) in events
    assert DrewCard(audience=0, card="Z") in events
    assert state.hands[0] == cards("A C T Z")
    assert state.step == "discard"


def test_sw3_taking_the_top_discard_is_public() -> None:
    state = table("C A T", "E R E", discards="B X", step="draw")
    events = GAME.apply(state, 0, Draw("discard"))
    assert events == [Drew(seat=0, source="discard", card="X")]
    assert state.hands[0] == cards("A C T X") and state.discards == ["B"]
    assert state.known[0] == ["X"]


@pytest.mark.parametrize("hand", ["C A X", "C A T"], ids=["another X hidden", "no other X"])
def test_sw3_giving_up_a_card_like_a_taken_one_unknows_it(hand: str) -> None:
    # The table saw an X taken and an X discarded, not which copy went: what it knows
    # must not depend on a second X behind the screen (that would reveal it).
    state = table(hand, "E R E", discards="B X", step="draw")
    GAME.apply(state, 0, Draw("discard"))
    GAME.apply(state, 0, Discard("X"))
    assert state.known[0] == []
    assert GAME.view(state, None).known == ((), ())


def test_sw4_words_laid_on_a_last_turn_unknow_the_cards_they_used() -> None:
    # Seat 1 was seen taking an A and holds a second; its last turn lays an A, and seat 2's
    # last turn is still to come: the table must not learn that an A is left.
    state = table("C A T X", "T E A A Z", "E R E", draws="Y", known=["", "A", ""])
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    GAME.apply(state, 1, Lay(("tea",)))
    assert GAME.to_act(state) == (2,) and "A" in state.hands[1]
    assert GAME.view(state, None).known[1] == ()


def test_sw3_a_turn_starts_with_a_draw() -> None:
    state = table("C A T", "E R E", step="draw")
    assert "drawing" in refused(state, 0, Discard("C"))
    assert "drawing" in refused(state, 0, Lay(("cat",)))


def test_sw3_one_draw_per_turn() -> None:
    state = table("C A T X", "E R E")
    assert "already drawn" in refused(state, 0, Draw("stock"))


def test_sw3_a_discard_ends_the_turn() -> None:
    state = table("C A T X", "E R E")
    events = GAME.apply(state, 0, Discard("X"))
    assert events == [Discarded(seat=0, card="X", last_turn=False), TurnStarted(seat=1, last=False)]
    assert state.discards[-1] == "X" and state.turn == 1 and state.step == "draw"


def test_sw3_only_the_seat_on_turn_acts() -> None:
    state = table("C A T X", "E R E")
    assert "not your turn" in refused(state, 1, Discard("E"))


def test_sw3_a_card_not_in_hand_cannot_be_discarded() -> None:
    state = table("C A T X", "E R E")
    assert "no Z card" in refused(state, 0, Discard("Z"))


def test_sw3_going_out_lays_every_card_but_the_discard() -> None:
    state = table("C A T X", "E R E")
    events = GAME.apply(state, 0, Lay(("cat",)))
    laid = next(e for e in events if isinstance(e, Laid))
    assert laid.went_out and laid.discard == "X"
    assert [m.word for m in laid.words] == ["cat"]
    assert state.hands[0] == [] and state.went_out == 0 and state.discards[-1] == "X"


def test_sw3_going_out_with_cards_to_spare_is_refused() -> None:
    state = table("C A T X E", "E R E")
    assert "E X would be left over" in refused(state, 0, Lay(("cat",)))


def test_sw3_going_out_keeps_a_card_to_discard() -> None:
    state = table("C A T S", "E R E")
    assert "Keep one card" in refused(state, 0, Lay(("cats",)))


def test_sw3_the_seat_may_name_its_discard() -> None:
    state = table("T A X E", "E R E")
    assert "need your X" in refused(state, 0, Lay(("tax",), "X"))
    GAME.apply(state, 0, Lay(("tax",), "E"))
    assert state.discards[-1] == "E"


# -- SW4: last turns ----------------------------------------------------------------------------


def test_sw4_every_other_seat_has_one_last_turn_in_order() -> None:
    state = table("E R E", "C A T X", "Z O O", "T E A", turn=1)
    events = GAME.apply(state, 1, Lay(("cat",)))
    assert events[-1] == TurnStarted(seat=2, last=True)
    assert state.last_turns == [3, 0]
    for seat in (2, 3, 0):
        assert GAME.to_act(state) == (seat,)
        GAME.apply(state, seat, Draw("stock"))
        events = GAME.apply(state, seat, Discard(state.hands[seat][0]))
    assert isinstance(events[1], HandScored)
    assert state.hand == 2


def test_sw4_a_last_turn_lays_any_words_and_the_rest_counts_against() -> None:
    state = table("C A T X", "T E A Z Q", turn=0, draws="Y")
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    events = GAME.apply(state, 1, Lay(("tea",)))
    layout = next(e for e in events if isinstance(e, YourLayout))
    assert layout.audience == 1 and layout.discard == "Q"  # the costliest card goes
    assert layout.left == ("Y", "Z")
    scored = next(e for e in events if isinstance(e, HandScored)).result
    assert scored.seats[1].score == 7 - 4 - 14
    assert scored.seats[1].left == layout.left


def test_sw4_a_last_turn_without_words_counts_every_card_kept() -> None:
    state = table("C A T X", "Z O Q", turn=0, draws="J")
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    events = GAME.apply(state, 1, Discard("J"))
    assert Discarded(seat=1, card="J", last_turn=True) in events
    scored = next(e for e in events if isinstance(e, HandScored)).result
    assert scored.seats[1].score == -(14 + 2 + 15)
    assert scored.seats[1].words == ()


def test_sw4_a_last_turn_must_keep_a_card_to_discard() -> None:
    state = table("C A T X", "T E A A", turn=0, draws="T")
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    assert "Keep one card" in refused(state, 1, Lay(("tea", "at")))


# -- SW5: typed words and the cards that spell them ---------------------------------------------


def test_sw5_qu_or_q_and_u_whichever_scores_best() -> None:
    state = table("C A T X", "Q U QU I T E", turn=0)
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("discard"))  # takes the X back
    events = GAME.apply(state, 1, Lay(("quit",)))
    layout = next(e for e in events if isinstance(e, YourLayout))
    # Q + U + I + T (24) beats QU + I + T (14), the X goes and QU and E count against.
    assert layout.words[0].cards == ("Q", "U", "I", "T")
    assert layout.discard == "X" and layout.left == ("E", "QU")
    assert layout.score == 24 - 2 - 9


def test_sw5_going_out_spells_qu_with_whichever_cards_leave_one() -> None:
    state = table("QU Q U I T", "E R E")
    GAME.apply(state, 0, Lay(("quit",)))
    laid = state.laid[0]
    assert laid is not None and laid[0].cards == ("Q", "U", "I", "T")
    assert state.discards[-1] == "QU"


def test_sw5_a_named_discard_decides_the_spelling() -> None:
    state = table("C A T X", "Q U QU I T E", turn=0)
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("discard"))
    events = GAME.apply(state, 1, Lay(("quit",), "Q"))
    laid = next(e for e in events if isinstance(e, Laid))
    assert laid.words[0].cards == ("QU", "I", "T") and laid.discard == "Q"


def test_sw5_thin_can_use_the_th_and_in_cards() -> None:
    state = table("TH IN X", "E R E")
    GAME.apply(state, 0, Lay(("thin",)))
    laid = state.laid[0]
    assert laid is not None and laid[0].cards == ("TH", "IN")


def test_sw5_a_word_needs_two_cards() -> None:
    state = table("IN T X", "E R E")
    assert "single card IN" in refused(state, 0, Lay(("in",)))


def test_sw5_a_letter_the_hand_lacks() -> None:
    state = table("Z O T X", "E R E")
    assert "no card with the letter A" in refused(state, 0, Lay(("tax",)))
    assert "ZOO needs 2 Os" in refused(state, 0, Lay(("zoo",)))


def test_sw5_a_double_card_spells_its_letters_together_in_order() -> None:
    state = table("IN T X", "E R E")
    assert "double-letter card" in refused(state, 0, Lay(("nit",)))


def test_sw5_a_card_cannot_be_used_twice() -> None:
    state = table("C A T X", "E R E", turn=0)
    assert "needed twice" in refused(state, 0, Lay(("cat", "tax")))


def test_sw5_a_word_not_in_the_dictionary_is_refused() -> None:
    state = table("T C A X", "E R E")
    assert refused(state, 0, Lay(("tca",))) == "TCA is not in the modern word-game list."


def test_sw5_the_dictionary_is_the_one_chosen() -> None:
    state = table("X I E", "E R E", dictionary="webster")
    GAME.apply(state, 0, Lay(("xi",)))
    state = table("X I E", "E R E")
    assert "XI is not in" in refused(state, 0, Lay(("xi",)))


@pytest.mark.parametrize("typed", ["Cat", "c-at", "c at", "ca7", "", "é"])
def test_sw5_words_are_letters_a_to_z(typed: str) -> None:
    state = table("C A T X", "E R E")
    assert "letters a to z" in refused(state, 0, Lay((typed,)))


# -- SW6: scoring -------------------------------------------------------------------------------


def _score_hand(*layouts: tuple[str, ...], hands: tuple[str, ...], **options: Any) -> HandScored:
    """Seat 0 goes out with the first words; the others lay theirs on their last turns."""
    state = table(*hands, turn=0, draws=" ".join(["E"] * (len(hands) - 1)), **options)
    events = GAME.apply(state, 0, Lay(layouts[0]))
    for seat, words in enumerate(layouts[1:], start=1):
        GAME.apply(state, seat, Draw("stock"))
        events = GAME.apply(state, seat, Lay(words) if words else Discard("E"))
    return next(e for e in events if isinstance(e, HandScored))


def test_sw6_words_count_for_and_cards_left_count_against() -> None:
    scored = _score_hand(("cat",), ("tea",), hands=("C A T X", "T E A Z B"))
    ann, bo = scored.result.seats
    assert ann.score == 8 + 2 + 3  # one word each, three letters each: no bonus
    assert bo.score == 7 - 8 - 2  # Z (14) is discarded; B and the E drawn count against
    assert bo.left == ("B", "E")


def test_sw6_the_longest_word_is_counted_in_letters_not_cards() -> None:
    # QUIT is three cards but four letters, so it beats CAT and ties nothing.
    scored = _score_hand(("quit",), ("tea",), hands=("QU I T X", "T E A Z"))
    ann, bo = scored.result.seats
    assert ann.longest_word and not bo.longest_word
    scored = _score_hand(("quit",), ("rate",), hands=("QU I T X", "R A T E Z"))
    ann, bo = scored.result.seats
    assert not ann.longest_word and not bo.longest_word  # four letters each: a tie


def test_sw6_a_tie_for_most_words_gives_nobody_the_bonus() -> None:
    scored = _score_hand(("cat",), ("tea",), hands=("C A T X", "T E A Z"))
    ann, bo = scored.result.seats
    assert not ann.most_words and not bo.most_words
    scored = _score_hand(("at", "ax"), ("tea",), hands=("A T A X E", "T E A Z"))
    ann, bo = scored.result.seats
    assert ann.most_words and not bo.most_words


def test_sw6_both_bonuses_can_go_to_one_seat() -> None:
    scored = _score_hand(("tea", "at"), ("at",), hands=("T E A A T X", "A T Z"))
    ann, bo = scored.result.seats
    assert ann.most_words and ann.longest_word and not bo.most_words
    assert ann.score == (3 + 2 + 2) + (2 + 3) + 2 * BONUS


def test_sw6_no_words_no_bonus() -> None:
    scored = _score_hand(("cat",), (), hands=("C A T X", "Z O Q"))
    assert not scored.result.seats[1].most_words


def test_sw6_scores_add_up_over_hands() -> None:
    state = table("C A T X", "Z O Q", turn=0, draws="E")
    state.scores = [5, 7]
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    GAME.apply(state, 1, Discard("E"))
    assert state.scores == [5 + 13 + 2 * BONUS, 7 - 31]
    assert state.hand_scores == [[13 + 2 * BONUS, -31]]
    assert state.last_result is not None and state.last_result.seats[0].total == state.scores[0]


# -- SW7: challenges ----------------------------------------------------------------------------


def test_sw7_in_challenge_mode_any_spellable_word_is_accepted_as_laid() -> None:
    state = table("T C A X", "E R E", "A T E", validation="challenge")
    events = GAME.apply(state, 0, Lay(("tca",)))
    assert events[-1] == ChallengeOpened(layer=0, waiting=(1, 2))
    assert GAME.to_act(state) == (1, 2)


def test_sw7_the_window_waits_for_every_other_seat() -> None:
    state = table("T C A X", "E R E", "A T E", validation="challenge")
    GAME.apply(state, 0, Lay(("tca",)))
    assert "deciding" in refused(state, 0, LetStand())
    assert "challenge one of them" in refused(state, 1, Draw("stock"))
    assert "Pick one of the 1 words" in refused(state, 1, Challenge(1))
    GAME.apply(state, 1, LetStand())
    assert "already answered" in refused(state, 1, LetStand())
    assert GAME.to_act(state) == (2,)


def test_sw7_a_challenged_invalid_word_counts_against_the_seat_that_laid_it() -> None:
    state = table("T C A X", "E R E", "A T E", validation="challenge", draws="E E")
    GAME.apply(state, 0, Lay(("tca",)))
    GAME.apply(state, 1, LetStand())
    events = GAME.apply(state, 2, Challenge(0))
    resolved = next(e for e in events if isinstance(e, ChallengesResolved))
    assert not resolved.results[0].valid and resolved.results[0].challengers == (2,)
    assert state.struck[0] == [0]
    for seat in (1, 2):
        GAME.apply(state, seat, Draw("stock"))
        events = GAME.apply(state, seat, Discard("E"))
    ann = next(e for e in events if isinstance(e, HandScored)).result.seats[0]
    assert ann.score == -(3 + 8 + 2) and ann.words == () and len(ann.struck) == 1
    assert not ann.most_words and not ann.longest_word


def test_sw7_challenging_a_valid_word_costs_the_challenger_its_points() -> None:
    state = table("C A T X", "E R E", "A T E", validation="challenge", draws="E E")
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Challenge(0))
    events = GAME.apply(state, 2, Challenge(0))
    resolved = next(e for e in events if isinstance(e, ChallengesResolved))
    assert resolved.results[0].valid and resolved.results[0].challengers == (1, 2)
    assert state.penalties == [0, 13, 13] and state.struck[0] == []
    for seat in (1, 2):
        GAME.apply(state, seat, Draw("stock"))
        events = GAME.apply(state, seat, Discard("E"))
    seats = next(e for e in events if isinstance(e, HandScored)).result.seats
    assert seats[0].score == 13 + 2 * BONUS
    assert seats[1].penalty == 13 and seats[1].score == -13 - (2 + 5 + 2)


def test_sw7_words_nobody_challenges_stand_even_if_invalid() -> None:
    state = table("T C A X", "E R E", validation="challenge", draws="E")
    GAME.apply(state, 0, Lay(("tca",)))
    events = GAME.apply(state, 1, LetStand())
    assert not any(isinstance(e, ChallengesResolved) for e in events)
    GAME.apply(state, 1, Draw("stock"))
    events = GAME.apply(state, 1, Discard("E"))
    assert next(e for e in events if isinstance(e, HandScored)).result.seats[0].score == 33


def test_sw7_a_challenge_is_secret_until_everyone_has_answered() -> None:
    state = table("C A T X", "E R E", "A T E", validation="challenge")
    GAME.apply(state, 0, Lay(("cat",)))
    events = GAME.apply(state, 1, Challenge(0))
    assert WordAnswer(audience=1, word="cat") in events
    assert all(e.audience == 1 for e in events if isinstance(e, WordAnswer))
    assert GAME.view(state, None).my_challenge is None
    assert GAME.view(state, 2).my_challenge is None
    assert GAME.view(state, 1).my_challenge == 0 and GAME.view(state, 1).answered


def test_sw7_a_silent_or_computer_seat_challenges_only_words_not_in_the_dictionary() -> None:
    state = table("T C A X", "E R E", validation="challenge")
    GAME.apply(state, 0, Lay(("tca",)))
    assert GAME.random_action(state, 1, random.Random(0)) == Challenge(0)
    state = table("C A T X", "E R E", validation="challenge")
    GAME.apply(state, 0, Lay(("cat",)))
    assert GAME.random_action(state, 1, random.Random(0)) == LetStand()


def test_sw7_in_dictionary_mode_there_is_no_window() -> None:
    state = table("C A T X", "E R E", "A T E")
    GAME.apply(state, 0, Lay(("cat",)))
    assert state.window is None and GAME.to_act(state) == (1,)


def test_sw7_alone_there_is_nobody_to_challenge() -> None:
    state = table("T C A X", validation="challenge", hands=1)
    events = GAME.apply(state, 0, Lay(("tca",)))
    assert isinstance(events[-1], GameOver)


# -- SW8: the stock runs out --------------------------------------------------------------------


def test_sw8_an_empty_stock_is_refilled_from_the_discards_but_the_top() -> None:
    state = table("C A T", "E R E", discards="B D F G", step="draw")
    rest = state.stock
    state.stock = []
    state.discards += rest  # every other card was discarded; G is no longer the top
    top = state.discards[-1]
    events = GAME.apply(state, 0, Draw("stock"))
    assert events[0] == StockRefilled(cards=len(rest) + 3)
    assert state.discards == [top]
    assert len(state.stock) == len(rest) + 2
    drawn = next(e for e in events if isinstance(e, DrewCard)).card
    assert Counter([*state.stock, drawn]) == Counter([*"BDFG", *rest[:-1]])
    GAME.check_state(state)


def test_sw8_a_draw_from_the_stock_is_a_random_card_of_it() -> None:
    drawn = set()
    for seed in range(30):
        state = table("C A T", "E R E", step="draw")
        state.chance = Chance(seed)
        drawn |= {
            next(e for e in GAME.apply(state, 0, Draw("stock")) if isinstance(e, DrewCard)).card
        }
    assert len(drawn) > 10


# -- SW9: the end -------------------------------------------------------------------------------


def test_sw9_after_the_last_hand_the_highest_total_wins() -> None:
    state = table("C A T X", "Z O Q", turn=0, draws="E", hand=8)
    state.scores = [0, 40]
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    events = GAME.apply(state, 1, Discard("E"))
    assert events[-1] == GameOver(scores=(33, 9), winners=(0,))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == (1, 2) and outcome.scores == (33, 9)
    assert GAME.to_act(state) == ()


def test_sw9_tied_leaders_share_the_win() -> None:
    state = table("C A T X", "Z O Q", turn=0, draws="E", hand=8)
    state.scores = [0, 64]
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    GAME.apply(state, 1, Discard("E"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)


def test_sw9_one_seat_plays_the_game_alone() -> None:
    real = ShortWordGame()  # the packaged dictionary: random play goes out soon enough
    state = real.new(1, seed=2, options=real.options({"hands": 2}))
    rng = random.Random(1)
    while real.to_act(state):
        real.apply(state, 0, real.random_action(state, 0, rng))
    assert len(state.hand_scores) == 2
    outcome = real.outcome(state)
    assert outcome is not None and outcome.places == (1,)


def test_sw9_a_shorter_game_plays_the_first_hands() -> None:
    state = table("C A T X", "Z O Q", turn=0, draws="E", hand=3, hands=3)
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    GAME.apply(state, 1, Discard("E"))
    assert state.step == "over"


# -- the house list -----------------------------------------------------------------------------


def test_house_words_are_accepted_and_banned_words_refused() -> None:
    state = table("T C A X", "E R E", house_add=("tca",))
    GAME.apply(state, 0, Lay(("tca",)))
    state = table("C A T X", "E R E", house_remove=("cat",))
    assert "CAT is not in" in refused(state, 0, Lay(("cat",)))


def test_house_words_are_found_for_the_listed_word_actions() -> None:
    state = table("T C A X", "E R E", house_add=("tca",), house_remove=("cat",))
    lays = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Lay)]
    assert Lay(("tca",), "X") in lays and not any("cat" in lay.words for lay in lays)


# -- listed actions, views and hidden cards -----------------------------------------------------


def test_listed_actions_are_each_discard_and_found_ways_to_go_out() -> None:
    state = table("C A T X", "E R E")
    legal = GAME.legal_actions(state, 0)
    assert [a for a in legal if isinstance(a, Discard)] == [Discard(c) for c in cards("A C T X")]
    assert Lay(("cat",), "X") in legal
    assert Lay(("tax",), "C") in legal
    for action in legal:
        GAME.check(state, 0, action)
    assert GAME.legal_actions(state, 1) == []


def test_the_public_view_shows_no_hand() -> None:
    state = table("C A T X", "E R E")
    public = GAME.view(state, None)
    assert public.hand_cards is None and public.card_counts == (4, 3)
    assert GAME.view(state, 1).hand_cards == tuple(cards("E E R"))


def test_the_lobby_options_are_in_every_view() -> None:
    """The dictionary, house words and word check are public, so a computer seat reads
    them from its view like a person reads the lobby, not from a sampled world."""
    state = table("C A T X", "E R E")
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert view.options == state.options
        assert view.validation == state.options.validation
        assert view.dictionary == DICTIONARIES[state.options.dictionary]


def test_laid_words_are_public() -> None:
    state = table("C A T X", "E R E")
    GAME.apply(state, 0, Lay(("cat",)))
    laid = GAME.view(state, None).laid[0]
    assert laid is not None and laid[0].word == "cat"


def test_redeal_keeps_cards_taken_from_the_discards() -> None:
    state = table("C A T", "E R E", "Z O O", discards="B X", step="draw")
    GAME.apply(state, 0, Draw("discard"))
    for seed in range(20):
        other = GAME.redeal(state, 1, random.Random(seed))
        assert "X" in other.hands[0]
        assert other.hands[1] == state.hands[1]
        assert GAME.view(other, 1) == GAME.view(state, 1)
        GAME.check_state(other)
    worlds = {tuple(GAME.redeal(state, 1, random.Random(seed)).hands[0]) for seed in range(20)}
    assert len(worlds) > 10


def test_a_refused_move_changes_nothing_and_explains() -> None:
    state = table("C A T X", "E R E")
    with pytest.raises(IllegalAction, match="not in the modern"):
        GAME.apply(state, 0, Lay(("tca",)))
    assert state.hands[0] == cards("A C T X") and state.step == "discard"
