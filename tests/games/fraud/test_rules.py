"""The Fraud from Trandosha scenarios: one per rule of seeds/003 and ruling FR1-FR8.

The variants (FR9-FR11) and how they meet are in ``test_variants.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from games.core.errors import CorruptState, InvalidAction, InvalidOptions
from games.core.game import Event
from games.fraud import GAME
from games.fraud.cards import Card, deck, matching
from games.fraud.game import legal_bids
from games.fraud.model import (
    Bid,
    BidMade,
    Called,
    CallFraud,
    CallOnTarget,
    Dealt,
    GameWon,
    Options,
    Reshuffled,
    RoundEnded,
    RoundStarted,
)
from tests.games.fraud.build import cards, refused, table


def showdown_of(events: Sequence[Event]) -> RoundEnded:
    return next(event for event in events if isinstance(event, RoundEnded))


def lost(events: Sequence[Event]) -> dict[int, int]:
    """Cards each seat lost at the round's end (only seats that lost any)."""
    return {fate.seat: fate.lost for fate in showdown_of(events).showdown.fates if fate.lost}


# -- FR1: the decks -----------------------------------------------------------------------------


def test_fr1_traditional_deck_is_1_to_6_both_signs_three_suits() -> None:
    cards_ = deck("traditional")
    assert len(cards_) == 36
    assert {card.value for card in cards_} == {*range(1, 7), *range(-6, 0)}
    assert Counter(card.suit for card in cards_) == {"circle": 12, "triangle": 12, "square": 12}


def test_fr1_modern_deck_is_1_to_10_plus_two_sylops() -> None:
    cards_ = deck("modern")
    assert len(cards_) == 62
    assert cards_.count(Card(0)) == 2
    assert {card.magnitude for card in cards_} == set(range(11))
    assert all(card.suit is None for card in cards_ if card.is_sylop)


def test_fr1_a_card_matches_by_magnitude_and_a_sylop_matches_everything() -> None:
    assert matching(cards("+3c -3t +4s"), 3) == 2
    assert matching(cards("0 -5t"), 5) == 2
    assert matching(cards("0"), 1) == matching(cards("0"), 10) == 1


def test_fr1_traditional_is_the_default_and_modern_is_the_option() -> None:
    assert GAME.options().deck == "traditional"
    state = GAME.new(3, seed=1, options=GAME.options({"deck": "modern"}))
    assert len(state.draw_pile) + len(state.discard_pile) + 15 == 62
    with pytest.raises(InvalidOptions, match="Deck must be one of its choices"):
        GAME.options({"deck": "galactic"})


def test_fr1_sylops_count_at_a_call() -> None:
    state = table("0 +2c", "-2t 0", "+5s +6s", deck_kind="modern", bids=[(0, 4, 2)])
    events = GAME.apply(state, 1, CallFraud())
    assert showdown_of(events).showdown.matching == 4
    assert lost(events) == {1: 1, 2: 1}  # exactly the bid: everyone but the bidder


# -- FR2: the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_fr2_everyone_starts_with_five_hidden_cards(seats: int) -> None:
    state = GAME.new(seats, seed=seats)
    assert [len(hand) for hand in state.hands] == [5] * seats
    assert state.hand_sizes == [5] * seats
    public = GAME.view(state, None)
    assert public.hand is None and public.hand_sizes == (5,) * seats
    assert GAME.view(state, 0).hand == state.hands[0]


def test_fr2_one_card_is_turned_face_up_to_start_the_discard_pile() -> None:
    """Rulebook set-up, step 4: the discard pile starts with one face-up card."""
    state = GAME.new(4, seed=2)
    assert len(state.discard_pile) == 1
    assert len(state.draw_pile) == 36 - 20 - 1
    assert GAME.view(state, None).discard_top == state.discard_pile[0]


def test_fr2_a_seat_that_lost_cards_is_dealt_fewer() -> None:
    state = table("+1c +1t", "+2c +2t +2s", "+3c", bids=[(0, 3, 1)])
    events = GAME.apply(state, 1, CallFraud())  # two 1s: short, the bidder loses one
    assert lost(events) == {0: 1}
    assert state.hand_sizes == [1, 3, 1]
    assert [len(hand) for hand in state.hands] == [1, 3, 1]
    dealt = {event.seat: event.hand for event in events if isinstance(event, Dealt)}
    assert {seat: len(hand) for seat, hand in dealt.items()} == {0: 1, 1: 3, 2: 1}
    assert all(event.audience == event.seat for event in events if isinstance(event, Dealt))


# -- FR3: the opening bidder --------------------------------------------------------------------


def test_fr3_the_first_opener_is_random() -> None:
    openers = Counter(GAME.new(4, seed).opener for seed in range(200))
    assert set(openers) == {0, 1, 2, 3}
    state = GAME.new(4, seed=9)
    assert GAME.to_act(state) == (state.opener,)


def test_fr3_the_opener_moves_one_seat_clockwise_each_round() -> None:
    state = table("+1c", "+2c +2t", "+3c", bids=[(0, 1, 4)], opener=0)
    events = GAME.apply(state, 1, CallOnTarget())  # no 4s: the caller loses one of two
    assert state.opener == 1 and state.turn == 1
    assert next(e for e in events if isinstance(e, RoundStarted)).opener == 1


def test_fr3_the_opener_skips_seats_that_are_out() -> None:
    # Seat 1 is out; the opener after seat 0 is seat 2.
    state = table("+1c +1t", "", "+3c +3t", "+4c", bids=[(0, 1, 5)], opener=0)
    assert state.turn == 2
    GAME.apply(state, 2, CallFraud())  # no 5s: the bidder (seat 0) loses one, keeps one
    assert state.opener == 2


# -- FR4: bids and raises -----------------------------------------------------------------------


def test_fr4_rulebook_raises_from_three_2s() -> None:
    """Three 2s may become four 2s, three 3s or four 3s, and never go down."""
    for raise_ in (Bid(4, 2), Bid(3, 3), Bid(4, 3), Bid(9, 6)):
        state = table("+1c +2c +3c", "+4c +5c +6c", "+1t +2t +3t", bids=[(0, 3, 2)])
        GAME.apply(state, 1, raise_)
        assert state.bids[-1] == BidMade(seat=1, bid=raise_)
    state = table("+1c +2c +3c", "+4c +5c +6c", "+1t +2t +3t", bids=[(0, 3, 2)])
    assert "already stands at three 2s" in refused(state, 1, Bid(3, 2))
    assert "cannot lower" in refused(state, 1, Bid(2, 5))
    assert "cannot lower" in refused(state, 1, Bid(5, 1))


def test_fr4_values_run_from_1_to_the_decks_top() -> None:
    state = table("+1c +2c", "+4c +5c")
    assert refused(state, 0, Bid(1, 7)) == "Bid a card value from 1 to 6."
    modern = table("+1c +2c", "+4c +10c", deck_kind="modern")
    GAME.apply(modern, 0, Bid(1, 10))


def test_fr4_counts_run_up_to_the_cards_at_the_table() -> None:
    state = table("+1c +2c", "+4c +5c +6c")
    assert refused(state, 0, Bid(6, 1)) == (
        "There are 5 cards at the table: bid a count from 1 to 5."
    )
    GAME.apply(state, 0, Bid(5, 1))


def test_fr4_the_listed_bids_are_exactly_the_legal_ones() -> None:
    state = table("+1c +2c", "+4c +5c +6c")
    assert GAME.legal_actions(state, 0) == [
        Bid(count, value) for count in range(1, 6) for value in range(1, 7)
    ]
    GAME.apply(state, 0, Bid(4, 5))
    listed = GAME.legal_actions(state, 1)
    assert listed[:2] == [CallFraud(), CallOnTarget()]
    assert listed[2:] == [Bid(4, 6), Bid(5, 5), Bid(5, 6)]
    assert list(legal_bids(Bid(4, 5), 5, 6)) == listed[2:]


def test_fr4_the_top_bid_leaves_only_the_calls() -> None:
    state = table("+1c +2c", "+4c +5c", bids=[(0, 4, 6)])
    assert GAME.legal_actions(state, 1) == [CallFraud(), CallOnTarget()]


def test_fr4_bids_outside_any_deck_never_parse() -> None:
    for raw in ({"type": "bid", "count": 0, "value": 1}, {"type": "bid", "count": 1, "value": 11}):
        with pytest.raises(InvalidAction):
            GAME.parse_action(raw)


# -- FR5: turns ---------------------------------------------------------------------------------


def test_fr5_the_opener_must_bid() -> None:
    state = table("+1c +2c", "+4c +5c")
    assert "you must bid" in refused(state, 0, CallFraud())
    assert "you must bid" in refused(state, 0, CallOnTarget())
    assert all(isinstance(action, Bid) for action in GAME.legal_actions(state, 0))


def test_fr5_each_next_seat_raises_or_calls_clockwise() -> None:
    state = table("+1c", "+2c", "+3c", opener=1)
    assert GAME.to_act(state) == (1,)
    GAME.apply(state, 1, Bid(1, 1))
    assert GAME.to_act(state) == (2,)
    GAME.apply(state, 2, Bid(1, 2))
    assert GAME.to_act(state) == (0,)
    assert refused(state, 1, Bid(3, 3)) == "It is not your turn."
    events = GAME.apply(state, 0, CallFraud())
    assert events[0] == Called(seat=0, call="fraud", bidder=2, bid=Bid(1, 2))


def test_fr5_a_seat_that_is_out_never_acts() -> None:
    state = table("+1c", "", "+3c", bids=[(0, 1, 1)])
    assert GAME.to_act(state) == (2,)
    assert refused(state, 1, CallFraud()) == "You are out of the game: you have no cards left."
    assert GAME.legal_actions(state, 1) == []


# -- FR6: the calls -----------------------------------------------------------------------------


def test_fr6_every_hand_is_revealed_publicly_at_a_call() -> None:
    state = table("+1c +2c", "+2t +5c", "-2s", bids=[(0, 3, 2)])
    hands = list(state.hands)
    events = GAME.apply(state, 1, CallOnTarget())
    ended = showdown_of(events)
    assert ended.audience is None
    assert [fate.hand for fate in ended.showdown.fates] == hands
    assert GAME.view(state, None).last_showdown == ended.showdown
    assert ended.showdown.matching == 3


def test_fr6_rulebook_example_three_2s_counts_every_hand_including_the_bidders() -> None:
    state = table("+2c +6c", "-2t +5c", "+2s +4t", bids=[(0, 3, 2)])
    events = GAME.apply(state, 1, CallOnTarget())
    assert showdown_of(events).showdown.correct
    assert lost(events) == {2: 1}


def test_fr6_on_target_right_costs_everyone_but_the_caller_and_the_bidder() -> None:
    state = table("+3c +1c", "+3t", "-3s +4s", "+5c +6c", bids=[(0, 3, 3)])
    events = GAME.apply(state, 1, CallOnTarget())
    assert lost(events) == {2: 1, 3: 1}
    assert state.hand_sizes == [2, 1, 1, 1]


@pytest.mark.parametrize("bid_count", [2, 4])
def test_fr6_on_target_wrong_costs_the_caller(bid_count: int) -> None:
    state = table("+3c +1c", "+3t +2t", "-3s +4s", bids=[(0, bid_count, 3)])
    events = GAME.apply(state, 1, CallOnTarget())
    assert not showdown_of(events).showdown.correct
    assert lost(events) == {1: 1}


def test_fr6_on_target_with_two_seats_right_costs_nobody() -> None:
    state = table("+3c +1c", "+3t +2t", bids=[(0, 2, 3)])
    events = GAME.apply(state, 1, CallOnTarget())
    assert lost(events) == {}
    assert state.hand_sizes == [2, 2]


def test_fr6_fraud_with_fewer_than_bid_costs_the_bidder() -> None:
    state = table("+3c +1c", "+3t +2t", "+4s", bids=[(0, 3, 3)])
    events = GAME.apply(state, 1, CallFraud())
    assert showdown_of(events).showdown.correct
    assert lost(events) == {0: 1}


def test_fr6_fraud_with_more_than_bid_costs_the_caller() -> None:
    state = table("+3c +1c", "+3t +2t", "-3s", bids=[(0, 2, 3)])
    events = GAME.apply(state, 1, CallFraud())
    assert not showdown_of(events).showdown.correct
    assert lost(events) == {1: 1}


def test_fr6_fraud_on_an_exact_bid_costs_everyone_but_the_bidder() -> None:
    state = table("+3c +1c", "+3t +2t", "-4s", "+6c", bids=[(0, 2, 3)])
    events = GAME.apply(state, 1, CallFraud())
    assert lost(events) == {1: 1, 2: 1, 3: 1}


def test_fr6_the_call_is_on_the_previous_seats_bid() -> None:
    state = table("+3c", "+3t", "+4s", bids=[(0, 1, 3), (1, 2, 3)])
    events = GAME.apply(state, 2, CallFraud())
    ended = showdown_of(events).showdown
    assert (ended.bidder, ended.bid, ended.seat) == (1, Bid(2, 3), 2)
    assert lost(events) == {0: 1, 2: 1}  # exactly two 3s: all but that bidder


# -- FR7: rounds, piles, elimination, the end ---------------------------------------------------


def test_fr7_hands_go_to_the_discard_pile_and_new_hands_come_from_the_draw_pile() -> None:
    state = table(
        "+1c +2c", "+3c +4c", bids=[(0, 1, 6)], draw="+1s +2s +3s +4s +5s +6s", discard="-6s"
    )
    # The draw pile's top is its end: +6s is dealt first, to the next opener (seat 1).
    GAME.apply(state, 1, CallFraud())  # no 6s: seat 0 loses one
    assert state.hands == [cards("+5s"), cards("+6s +4s")]
    assert state.draw_pile == list(cards("+1s +2s +3s"))
    assert state.discard_pile[-5:] == list(cards("-6s +1c +2c +3c +4c"))
    GAME.check_state(state)


def test_fr7_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile() -> None:
    state = table("+1c +2c", "+3c +4c", bids=[(0, 1, 6)], draw="+5s", discard="-6s -5s")
    discards_before = Counter([*state.discard_pile, *state.hands[0], *state.hands[1]])
    events = GAME.apply(state, 1, CallFraud())
    reshuffle = next(event for event in events if isinstance(event, Reshuffled))
    assert reshuffle.cards == len(discards_before)
    assert reshuffle.audience is None
    dealt = Counter([*state.hands[0], *state.hands[1]])
    assert Counter(state.draw_pile) + dealt == discards_before + Counter(cards("+5s"))
    assert state.discard_pile == []
    GAME.check_state(state)


def test_fr7_deck_exhaustion_over_a_long_traditional_game_keeps_one_deck() -> None:
    state = GAME.new(5, seed=4)
    shuffles = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.legal_actions(state, seat)[0]  # open low, call fraud at once
        shuffles += sum(isinstance(e, Reshuffled) for e in GAME.apply(state, seat, action))
        GAME.check_state(state)
    assert shuffles >= 2


def test_fr7_a_seat_with_no_cards_left_is_out() -> None:
    state = table("+1c", "+2c +2t", "+3c", bids=[(0, 2, 1)])
    events = GAME.apply(state, 1, CallFraud())  # one 1: short, seat 0 goes out
    fate = showdown_of(events).showdown.fate(0)
    assert fate is not None and fate.out
    assert state.hand_sizes == [0, 2, 1]
    assert state.out_round == [2, None, None]
    assert state.hands[0] == ()
    assert GAME.to_act(state) == (1,)


def test_fr7_the_last_seat_with_cards_wins() -> None:
    state = table("+1c", "+2c +2t", bids=[(0, 2, 1)], credits=[1, 3], pot=6)
    events = GAME.apply(state, 1, CallFraud())
    assert events[-1] == GameWon(seat=1, by_cube=False, pot=7)
    assert GAME.to_act(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.places == (2, 1)
    assert outcome.scores == (0, 10)
    assert "This game is over." in refused(state, 1, Bid(1, 1))


def test_fr7_a_call_always_leaves_someone_in_without_variants() -> None:
    """FR6 never hits the caller and the bidder together, so the basic game has no tie;
    the chance cube can cause one (see test_variants)."""
    state = table("+1c", "+2c", bids=[(0, 1, 2)])
    GAME.apply(state, 1, CallFraud())  # exactly one 2: everyone but the bidder loses
    assert state.winner == 0 and not state.won_by_cube


def test_fr7_seats_hit_by_one_call_go_out_together() -> None:
    state = table("+1c", "+1t", "+2c +3t", "+2t", bids=[(2, 2, 2)], opener=2, round=5)
    GAME.apply(state, 3, CallOnTarget())  # two 2s: right, so seats 0 and 1 lose their last card
    assert state.out_round == [5, 5, None, None]
    assert GAME.to_act(state) == (3,)  # the opener moves on from seat 2


def test_fr7_places_follow_the_order_seats_went_out() -> None:
    state = table("", "", "+2c +3t", "+2t", bids=[(2, 3, 2)], out_round=[1, 2], round=3, opener=2)
    GAME.apply(state, 3, CallFraud())  # two 2s, fewer than three: the bidder loses one
    assert state.phase == "bidding"
    state = table("", "", "+2c +3t", "+2t", bids=[(2, 1, 2)], out_round=[1, 2], round=3, opener=2)
    GAME.apply(state, 3, CallFraud())  # more than one 2: the caller goes out
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.places == (4, 3, 1, 2)
    assert outcome.winners == (2,)


def test_fr7_seats_out_in_the_same_round_share_a_place() -> None:
    state = table("", "", "+2c +3t", "+2t", bids=[(2, 1, 2)], out_round=[2, 2], round=3, opener=2)
    GAME.apply(state, 3, CallFraud())
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.places == (3, 3, 1, 2)


# -- FR8: credits and the pot -------------------------------------------------------------------


def test_fr8_each_seat_starts_with_five_credits() -> None:
    state = GAME.new(3, seed=1)
    assert state.credits == [5, 5, 5] and state.pot == 0
    assert GAME.view(state, None).pot_in_play


def test_fr8_one_credit_per_card_lost_goes_into_the_pot() -> None:
    state = table("+3c +1c", "+3t", "-3s +4s", "+5c +6c", bids=[(0, 3, 3)])
    events = GAME.apply(state, 1, CallOnTarget())
    assert [fate.paid for fate in showdown_of(events).showdown.fates] == [0, 0, 1, 1]
    assert state.credits == [5, 5, 4, 4] and state.pot == 2


def test_fr8_credits_never_block_play() -> None:
    state = table("+1c +2c", "+3c +4c", "+5c", bids=[(0, 2, 6)], credits=[0, 5, 5], pot=5)
    events = GAME.apply(state, 1, CallFraud())  # no 6s: seat 0 loses a card, with no credit
    fate = showdown_of(events).showdown.fate(0)
    assert fate is not None and fate.lost == 1 and fate.paid == 0
    assert state.credits == [0, 5, 5] and state.pot == 5
    assert GAME.to_act(state) == (1,)


def test_fr8_without_the_pot_there_are_no_credits() -> None:
    state = GAME.new(3, seed=1, options=GAME.options({"pot": False}))
    assert state.credits == [0, 0, 0]
    assert not GAME.view(state, None).pot_in_play
    state = table("+1c", "+2c +2t", bids=[(0, 2, 1)], use_pot=False)
    GAME.apply(state, 1, CallFraud())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0, 2)  # cards held at the end


def test_fr8_the_pot_is_on_by_default() -> None:
    options = GAME.options()
    assert options == Options()
    assert options.pot and not (options.spike_dice or options.suit_die or options.chance_cube)


# -- views and hidden information ---------------------------------------------------------------


def test_the_public_view_shows_no_hand_before_a_call() -> None:
    state = GAME.new(3, seed=5)
    public = GAME.view(state, None)
    assert public.hand is None and public.last_showdown is None and public.matching is None
    for seat in range(3):
        assert GAME.view(state, seat).hand == state.hands[seat]


def test_a_seats_view_counts_its_own_matching_cards() -> None:
    state = table("+3c 0 -3t", "+1c", deck_kind="modern", bids=[(1, 1, 3)], turn=0)
    assert GAME.view(state, 0).matching == 3
    assert GAME.view(state, None).matching is None


def test_redeal_keeps_sizes_the_discard_pile_and_the_observers_hand() -> None:
    import random

    state = GAME.new(4, seed=3)
    GAME.apply(state, state.turn, Bid(2, 2))
    seen = set()
    for n in range(20):
        other = GAME.redeal(state, 1, random.Random(n))
        GAME.check_state(other)
        assert other.hands[1] == state.hands[1]
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert other.discard_pile == state.discard_pile
        assert GAME.view(other, 1) == GAME.view(state, 1)
        seen.add(other.hands[0])
    assert len(seen) > 15


# -- the contract -------------------------------------------------------------------------------


def test_a_corrupt_state_is_refused_on_load() -> None:
    state = table("+1c +2c", "+3c +4c")
    text = GAME.dump_state(state).replace("[1,", "[2,", 1)
    with pytest.raises(CorruptState):
        GAME.load_state(text)
    with pytest.raises(CorruptState):
        GAME.load_state("{not json")


def test_a_seat_not_at_the_table_is_refused() -> None:
    state = table("+1c +2c", "+3c +4c")
    assert refused(state, 7, Bid(1, 1)) == "You are not seated at this table."


def test_a_clone_equals_the_state_and_shares_nothing_that_changes() -> None:
    from dataclasses import fields

    options = GAME.options({"spike_dice": True, "suit_die": True, "chance_cube": True})
    state = GAME.new(3, seed=6, options=options)
    while state.last_showdown is None or not state.bids:  # mid-round, after a reveal
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    copy = GAME.clone(state)
    assert copy == state
    for field in fields(state):
        value = getattr(state, field.name)
        if isinstance(value, list):
            assert getattr(copy, field.name) is not value, field.name
    assert copy.chance is not state.chance
