"""The Fraud from Trandosha variants: spike dice (FR9), suit die (FR10), chance cube (FR11),
and how they meet where the rulings leave it to the bot (games/fraud/showdown.py)."""

from __future__ import annotations

import pytest

from games.core.game import Event
from games.fraud import GAME
from games.fraud.model import (
    Bid,
    CallFraud,
    CallOnTarget,
    CubeRolled,
    Fate,
    GameWon,
    RoundEnded,
    RoundStarted,
    Showdown,
    SpikeRolled,
    SuitRolled,
)
from tests.games.fraud.build import table, with_luck


def showdown(events: list[Event]) -> Showdown:
    return next(event.showdown for event in events if isinstance(event, RoundEnded))


def fate(events: list[Event], seat: int) -> Fate:
    found = showdown(events).fate(seat)
    assert found is not None
    return found


def lost(events: list[Event]) -> dict[int, int]:
    return {f.seat: f.lost for f in showdown(events).fates if f.lost}


def doubles_next(events: list[Event]) -> bool:
    """The first spike roll in these events shows doubles."""
    roll = next(event for event in events if isinstance(event, SpikeRolled))
    return roll.doubles


# -- FR9: spike dice ----------------------------------------------------------------------------


def test_fr9_the_seat_on_turn_rolls_at_the_start_of_every_turn() -> None:
    state = GAME.new(3, seed=2, options=GAME.options({"spike_dice": True}))
    assert state.spike_dice is not None
    opener = state.turn
    events = GAME.apply(state, opener, Bid(1, 1))
    rolls = [event for event in events if isinstance(event, SpikeRolled)]
    assert rolls and rolls[0].seat == (opener + 1) % 3 and rolls[0].audience is None
    assert GAME.view(state, None).spike_dice is not None


def test_fr9_doubles_with_a_bid_cost_everyone_but_the_best_matching_hand() -> None:
    state = table("+2c +2t", "+2s +5c", "+1c +3c", spike_dice=True)
    after, events = with_luck(state, 0, Bid(1, 2), doubles_next)
    ended = showdown(events)
    assert ended.trigger == "spike" and ended.seat == 1 and ended.bidder == 0
    assert ended.spike_dice is not None and ended.spike_dice[0] == ended.spike_dice[1]
    assert lost(events) == {1: 1, 2: 1}
    assert after.round == state.round + 1  # the round ends as after a call
    assert after.opener == 1


def test_fr9_every_seat_tied_for_the_most_is_spared() -> None:
    state = table("+2c +4t", "-2s +5c", "+1c +3c", spike_dice=True)
    _, events = with_luck(state, 0, Bid(3, 2), doubles_next)
    assert lost(events) == {2: 1}


def test_fr9_doubles_with_no_bid_standing_do_nothing() -> None:
    state = table("+1c +4t", "-2s +5c", spike_dice=True, bids=[(0, 4, 6)])

    def opener_rolls_doubles(events: list[Event]) -> bool:
        started = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
        return doubles_next(events[started:])

    after, events = with_luck(state, 1, CallFraud(), opener_rolls_doubles)
    assert sum(isinstance(event, RoundEnded) for event in events) == 1
    assert after.bids == [] and after.turn == after.opener
    assert after.spike_dice is not None and after.spike_dice[0] == after.spike_dice[1]


def test_fr9_without_the_option_nobody_rolls() -> None:
    state = table("+1c +4t", "-2s +5c")
    events = GAME.apply(state, 0, Bid(1, 1))
    assert not any(isinstance(event, SpikeRolled) for event in events)
    assert state.spike_dice is None


# -- FR10: the suit die -------------------------------------------------------------------------


def test_fr10_the_suit_die_is_rolled_each_round_and_public() -> None:
    state = table("+1c +4t", "-2s +5c", suit_die=True, bids=[(0, 4, 6)])
    events = GAME.apply(state, 1, CallFraud())
    rolled = [event for event in events if isinstance(event, SuitRolled)]
    assert len(rolled) == 1 and rolled[0].audience is None
    assert GAME.view(state, None).suit == rolled[0].suit
    suits = {GAME.new(2, seed, GAME.options({"suit_die": True})).suit for seed in range(30)}
    assert suits == {"circle", "triangle", "square"}


def test_fr10_a_hand_mostly_of_the_suit_cannot_lose_a_card() -> None:
    # Seat 1 calls fraud on a true bid, but two of its three cards are circles.
    state = table("+1c +1t", "+2c +3c +4t", "+5s", suit_die=True, suit="circle", bids=[(0, 1, 1)])
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 1).shield == "suit"
    assert lost(events) == {}
    assert showdown(events).protected == 1


def test_fr10_half_is_not_a_majority_and_sylops_have_no_suit() -> None:
    state = table(
        "+1c +1t", "+2c +3t", "+2s 0", deck_kind="modern", suit_die=True, bids=[(0, 2, 1)]
    )
    events = GAME.apply(state, 1, CallFraud())  # more than two 1s (a sylop): the caller loses
    assert showdown(events).suit_candidates == ()
    assert lost(events) == {1: 1}


def test_fr10_a_seat_can_see_its_own_protection_before_the_call() -> None:
    state = table("+1c +2c +3t", "+2s +3s", suit_die=True, suit="circle")
    assert GAME.view(state, 0).suit_majority
    assert not GAME.view(state, 1).suit_majority
    assert not GAME.view(state, None).suit_majority


def test_fr10_when_several_hands_qualify_one_of_them_is_picked_at_random() -> None:
    picked = set()
    for seed in range(30):
        state = table(
            "+1c +2c", "+3c", "+4t +5s", suit_die=True, suit="circle", bids=[(0, 3, 6)], seed=seed
        )
        events = GAME.apply(state, 1, CallOnTarget())  # no 6s: the caller is wrong
        ended = showdown(events)
        assert ended.suit_candidates == (0, 1)
        picked.add(ended.protected)
        assert lost(events) == ({} if ended.protected == 1 else {1: 1})
    assert picked == {0, 1}


@pytest.mark.parametrize(("call", "bid"), [(CallFraud(), (0, 3, 6)), (CallOnTarget(), (0, 1, 4))])
def test_fr10_a_correct_call_wins_back_a_lost_card(
    call: CallFraud | CallOnTarget, bid: tuple[int, int, int]
) -> None:
    state = table("+1c +2t", "+3t +4s", "+5s", suit_die=True, suit="circle", bids=[bid])
    events = GAME.apply(state, 1, call)
    assert showdown(events).correct
    assert fate(events, 1).won_back == ("call",)
    assert state.hand_sizes[1] == 3


def test_fr10_a_wrong_call_wins_nothing_back() -> None:
    state = table("+1c +2t", "+3t +4s", "+5s", suit_die=True, bids=[(0, 1, 1)])
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 1).won_back == ()
    assert state.hand_sizes[1] == 1


def test_fr10_a_full_hand_has_nothing_to_win_back() -> None:
    state = table("+1c +2t", "+3t +4s +5s +6t +1s", suit_die=True, bids=[(0, 3, 6)])
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 1).won_back == ()
    assert state.hand_sizes[1] == 5


def test_fr10_without_the_option_a_correct_call_wins_nothing() -> None:
    state = table("+1c +2t", "+3t +4s", bids=[(0, 3, 6)])
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 1).won_back == ()


# -- FR11: the chance cube ----------------------------------------------------------------------


def test_fr11_the_cube_is_rolled_each_round_and_public() -> None:
    state = table("+1c +4t", "-2s +5c", chance_cube=True, bids=[(0, 4, 6)])
    events = GAME.apply(state, 1, CallFraud())
    rolled = [event for event in events if isinstance(event, CubeRolled)]
    assert len(rolled) == 1 and rolled[0].audience is None
    assert GAME.view(state, None).sign == rolled[0].sign
    signs = {GAME.new(2, seed, GAME.options({"chance_cube": True})).sign for seed in range(30)}
    assert signs == {"positive", "negative"}


def test_fr11_a_hand_leaning_the_other_way_loses_a_card_before_the_bid_is_judged() -> None:
    # Negative rolled. Seat 2 leans positive: it loses to the cube though the call spares it.
    state = table(
        "+1c -2t", "-3t -4s", "+5s +6s -1s", chance_cube=True, sign="negative", bids=[(0, 3, 6)]
    )
    events = GAME.apply(state, 1, CallFraud())  # one 6, fewer than three: the bidder loses
    assert fate(events, 2).hit == ("cube",)
    assert lost(events) == {0: 1, 2: 1}


def test_fr11_a_hand_leaning_to_the_rolled_sign_loses_nothing_from_the_bid() -> None:
    # Positive rolled. The bidder (seat 0) made a fraud but leans positive: safe.
    state = table("+1c +2t -3s", "-3t +4s", "+5s -6s", chance_cube=True, bids=[(0, 3, 6)])
    events = GAME.apply(state, 1, CallFraud())
    assert showdown(events).correct
    assert fate(events, 0).shield == "cube"
    assert lost(events) == {}


def test_fr11_an_even_hand_and_sylops_are_neither_safe_nor_exposed() -> None:
    state = table(
        "+1c -2t 0", "+3t -4s", "0 +5s -6s", deck_kind="modern", chance_cube=True, bids=[(0, 3, 9)]
    )
    assert GAME.view(state, 0).cube_standing == "even"
    events = GAME.apply(state, 1, CallFraud())  # two sylops, fewer than three: the bidder loses
    assert fate(events, 0).hit == ("call",)
    assert lost(events) == {0: 1}


def test_fr11_a_hand_can_lose_two_cards_in_one_round() -> None:
    state = table(
        "-1c -2t +3s", "-3t +4s", "+5s", chance_cube=True, sign="positive", bids=[(0, 3, 6)]
    )
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 0).hit == ("cube", "call")
    assert fate(events, 0).lost == 2 and fate(events, 0).paid == 2
    assert state.hand_sizes[0] == 1


def test_fr11_a_seat_never_loses_more_cards_than_it_holds() -> None:
    state = table("-1c", "+3t +4s", "+5s", chance_cube=True, bids=[(0, 3, 6)])
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 0).hit == ("cube", "call")
    assert fate(events, 0).lost == 1 and fate(events, 0).paid == 1 and fate(events, 0).out


@pytest.mark.parametrize(
    ("hand", "wins_back"),
    [("+1c +2t", True), ("+1c +2t +3s +4c", True), ("+1c", False), ("+1c -2t", False)],
)
def test_fr11_a_hand_all_of_the_rolled_sign_wins_back_a_card(hand: str, wins_back: bool) -> None:
    state = table(hand, "+3t -4s", "-5s", chance_cube=True, bids=[(0, 1, 1)])
    events = GAME.apply(state, 1, CallOnTarget())
    assert fate(events, 0).won_back == (("cube",) if wins_back else ())


def test_fr11_a_sylop_spoils_a_hand_all_of_one_sign() -> None:
    state = table(
        "+1c +2t 0", "+3t -4s", "-5s", deck_kind="modern", chance_cube=True, bids=[(0, 1, 9)]
    )
    events = GAME.apply(state, 1, CallOnTarget())
    assert fate(events, 0).won_back == ()


def test_fr7_fr11_everyone_out_at_once_lets_the_chance_cube_pick_the_winner() -> None:
    winners = set()
    for seed in range(40):
        state = table("-1c", "-2t", chance_cube=True, sign="positive", bids=[(0, 1, 6)], seed=seed)
        events = GAME.apply(state, 1, CallFraud())
        assert {f.seat for f in showdown(events).fates if f.out} == {0, 1}
        won = events[-1]
        assert isinstance(won, GameWon) and won.by_cube and won.among == (0, 1)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners == (won.seat,)
        assert sorted(outcome.places) == [1, 2]
        assert state.credits[won.seat] == 6 and state.pot == 0  # 5 - 1, plus the pot of 2
        winners.add(won.seat)
    assert winners == {0, 1}


# -- how the variants meet (games/fraud/showdown.py) -------------------------------------------


def test_a_suit_protected_seat_loses_nothing_to_an_on_target_call() -> None:
    state = table(
        "+1c +2t", "+1t +3s", "+4c +5c -6s", suit_die=True, suit="circle", bids=[(0, 2, 1)]
    )
    events = GAME.apply(state, 1, CallOnTarget())  # right: only seat 2 would lose
    assert fate(events, 2).shield == "suit"
    assert lost(events) == {}


def test_a_suit_protected_seat_loses_nothing_to_the_cube() -> None:
    state = table(
        "-1c -2c +3t",
        "+1t -3s",
        "+4s",
        suit_die=True,
        chance_cube=True,
        suit="circle",
        sign="positive",
        bids=[(0, 1, 1)],
    )
    events = GAME.apply(state, 1, CallOnTarget())  # two 1s: wrong, the caller loses
    assert fate(events, 0).shield == "suit" and fate(events, 0).hit == ()
    assert lost(events) == {1: 1}


def test_a_suit_protected_seat_loses_nothing_to_spike_dice() -> None:
    state = table("+2c +3c +4t", "+1t +1s", "+5s", suit_die=True, spike_dice=True, suit="circle")
    _, events = with_luck(state, 0, Bid(1, 1), doubles_next)
    assert fate(events, 0).shield == "suit"
    assert lost(events) == {2: 1}


def test_the_cube_acts_at_spike_doubles_too() -> None:
    state = table(
        "-1c -2c +3t", "+1t +1s", "+5s +6t", spike_dice=True, chance_cube=True, sign="positive"
    )
    _, events = with_luck(state, 0, Bid(1, 1), doubles_next)
    # Seat 1 holds the most 1s; seat 2 leans positive, so it is safe; seat 0 leans
    # negative: it loses to the cube and to the dice.
    assert fate(events, 2).shield == "cube"
    assert fate(events, 0).hit == ("cube", "spike")
    assert lost(events) == {0: 2}


def test_spike_doubles_never_earn_the_correct_call_win_back() -> None:
    state = table("+2c +2t", "+2s +5c", "+1c +3c", spike_dice=True, suit_die=True, suit="square")
    _, events = with_luck(state, 0, Bid(1, 2), doubles_next)
    assert all(f.won_back == () for f in showdown(events).fates)


def test_a_cube_loss_and_a_correct_call_settle_together() -> None:
    # Seat 1 has one card, leans negative with positive rolled, and calls fraud correctly.
    state = table("+1c +2t", "-3t", "+5s", suit_die=True, chance_cube=True, bids=[(0, 3, 6)])
    events = GAME.apply(state, 1, CallFraud())
    f = fate(events, 1)
    assert f.hit == ("cube",) and f.won_back == ("call",) and not f.out
    assert state.hand_sizes[1] == 1
    assert f.paid == 1  # the lost card is paid for; the card won back refunds nothing


def test_both_win_backs_can_come_at_once() -> None:
    state = table(
        "+1c -2t",
        "+3t +4s +5c",
        "-5s",
        suit_die=True,
        chance_cube=True,
        suit="square",
        sign="positive",
        bids=[(0, 3, 6)],
    )
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 1).won_back == ("call", "cube")
    assert state.hand_sizes[1] == 5


def test_win_backs_never_grow_a_hand_past_five() -> None:
    state = table(
        "+1c -2t",
        "+3t +4s +5c +1t",
        "-5s",
        suit_die=True,
        chance_cube=True,
        suit="square",
        bids=[(0, 3, 6)],
    )
    events = GAME.apply(state, 1, CallFraud())
    assert fate(events, 1).won_back == ("call",)
    assert state.hand_sizes[1] == 5
