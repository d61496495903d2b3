"""Tricky scenarios: one per rule of seeds/001 and ruling TR1-TR9.

States are built directly (exact dice, exact auction) so each test shows one
rule; a refused move must leave the state byte-identical.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from games.core.chance import Chance
from games.core.errors import CorruptState, IllegalAction, NotYourTurn
from games.tricky import GAME
from games.tricky.dice import ALL_DICE, FACES, KINDS, WORDS_PER_SET, Die
from games.tricky.game import (
    BID_STEPS,
    reroll_sample,
)
from games.tricky.model import (
    Action,
    AllPassed,
    AuctionStarted,
    AuctionWon,
    Bid,
    BidMade,
    DicePlayed,
    GameWon,
    HandScored,
    HandStarted,
    NameTrump,
    Options,
    Pass,
    Play,
    Reroll,
    RerollChosen,
    Rerolled,
    TieAtTheTarget,
    TrickWon,
    TrickyState,
    TrumpNamed,
)
from games.tricky.scoring import hand_gains, next_first_bidder, winners_at_target
from games.tricky.tricks import trick_winner

D4, D6, D8, D10, D12, D20 = (tuple(range(n, n + 3)) for n in range(0, 18, 3))


def dice(
    d4: Sequence[int] = (1, 1, 1),
    d6: Sequence[int] = (1, 1, 1),
    d8: Sequence[int] = (1, 1, 1),
    d10: Sequence[int] = (1, 1, 1),
    d12: Sequence[int] = (1, 1, 1),
    d20: Sequence[int] = (1, 1, 1),
) -> list[int]:
    """A seat's 18 values, kind by kind (indices as in games/tricky/dice.py)."""
    return [*d4, *d6, *d8, *d10, *d12, *d20]


def phase_of(state: TrickyState) -> str:
    """The phase, read afresh: after ``assert state.phase == ...`` a type checker takes it
    for fixed, but a move changes it."""
    return state.phase


def auction(seats: int = 3, *, first: int = 0, scores: Sequence[int] | None = None) -> TrickyState:
    """A table whose auction is about to start with ``first`` bidding."""
    return TrickyState(
        options=Options(),
        chance=Chance(5),
        scores=list(scores or [0] * seats),
        first_bidder=first,
        values=[dice() for _ in range(seats)],
        unplayed=[ALL_DICE] * seats,
        rerolled=[0] * seats,
        reserve=[],
        phase="auction",
        turn=first,
        tricks_won=[0] * seats,
        taken=[0] * seats,
    )


def tricks(
    *values: list[int],
    bidder: int = 0,
    bid: int = 60,
    trump: int | None = None,
    scores: Sequence[int] | None = None,
    target_per_seat: int = 1000,
) -> TrickyState:
    """A table where ``bidder`` won the auction with ``bid``, named ``trump`` and leads."""
    seats = len(values)
    return TrickyState(
        options=Options(target_per_seat=target_per_seat),
        chance=Chance(5),
        scores=list(scores or [0] * seats),
        first_bidder=bidder,
        values=[list(v) for v in values],
        unplayed=[ALL_DICE] * seats,
        rerolled=[0] * seats,
        reserve=[],
        phase="tricks",
        turn=bidder,
        calls=[(bidder, bid)],
        high_bidder=bidder,
        high_bid=bid,
        trump=trump,
        tricks_won=[0] * seats,
        taken=[0] * seats,
    )


def refused(state: TrickyState, seat: int, action: Action) -> str:
    """Apply an action that must be refused; check the state is untouched; give the reason."""
    before = GAME.dump_state(state)
    with pytest.raises((IllegalAction, NotYourTurn)) as error:
        GAME.apply(state, seat, action)
    assert GAME.dump_state(state) == before
    return error.value.message


def play_trick(state: TrickyState, *pairs: tuple[int, int]) -> list[object]:
    """Every seat plays, from the seat on turn, the given pairs in turn order."""
    events: list[object] = []
    for pair in pairs:
        events += GAME.apply(state, state.turn, Play(pair))
    return events


def earlier_tricks(state: TrickyState, played: Sequence[Sequence[int]], won: Sequence[int]) -> None:
    """Mark ``played[seat]`` as played in earlier tricks, ``won[seat]`` of them won by each seat.

    Every earlier trick is worth the same (the played dice's values are set to 1),
    so the points taken follow from the tricks won and the state stays consistent.
    """
    seats = state.seats
    tricks_before = len(played[0]) // 2
    assert all(len(dice) == 2 * tricks_before for dice in played) and sum(won) == tricks_before
    for seat, dice in enumerate(played):
        for die in dice:
            state.values[seat][die] = 1
            state.unplayed[seat] &= ~(1 << die)
    state.tricks_played = tricks_before
    state.tricks_won = list(won)
    state.taken = [count * 2 * seats for count in won]
    if tricks_before:  # the last of them, led by seat 0 and won by a seat that won one
        state.last_plays = [(seat, dice[-2], dice[-1]) for seat, dice in enumerate(played)]
        state.last_trick_winner = next(seat for seat, count in enumerate(won) if count)
    GAME.check_state(state)


# -- TR1: the dice --------------------------------------------------------------------------------


def test_tr1_every_seat_rolls_three_of_each_kind() -> None:
    assert Counter(FACES) == dict.fromkeys(KINDS, 3)
    assert KINDS == (4, 6, 8, 10, 12, 20)
    state = GAME.new(4, seed=11)
    assert len(state.values) == 4
    for values in state.values:
        assert len(values) == 18
        assert all(1 <= value <= faces for value, faces in zip(values, FACES, strict=True))
    assert state.unplayed == [ALL_DICE] * 4


def test_tr1_rolls_use_every_face_and_differ_between_games() -> None:
    seen: dict[int, set[int]] = {faces: set() for faces in KINDS}
    rolls = set()
    # Seeds as the table service makes them (62 random bits); tiny seeds such as
    # 0 and 1 can share a generator in games/core/chance.py.
    for seed in (random.Random(n).getrandbits(62) for n in range(60)):
        values = GAME.new(2, seed).values[0]
        rolls.add(tuple(values))
        for value, faces in zip(values, FACES, strict=True):
            seen[faces].add(value)
    assert all(seen[faces] == set(range(1, faces + 1)) for faces in KINDS)
    assert len(rolls) == 60


# -- TR2: the private roll and the one re-roll ----------------------------------------------------


def test_tr2_every_seat_chooses_its_reroll_at_once() -> None:
    state = GAME.new(3, seed=2)
    assert state.phase == "reroll"
    assert GAME.to_act(state) == (0, 1, 2)
    GAME.apply(state, 1, Reroll(()))
    assert GAME.to_act(state) == (0, 2)


def test_tr2_a_reroll_changes_only_the_chosen_dice_and_only_the_count_is_public() -> None:
    state = GAME.new(3, seed=4)
    before = list(state.values[0])
    reserve = list(state.reserve[0])
    events = GAME.apply(state, 0, Reroll((17, 3, 9)))
    chosen = (3, 9, 17)
    assert [i for i in range(18) if state.values[0][i] != before[i]] == [
        i for i in chosen if reserve[i] != before[i]
    ]
    assert all(state.values[0][i] == reserve[i] for i in chosen)
    private = [e for e in events if isinstance(e, Rerolled)]
    assert private and private[0].audience == 0
    assert private[0].dice == chosen
    assert private[0].before == tuple(before[i] for i in chosen)
    public = [e for e in events if e.audience is None]
    assert public == [RerollChosen(seat=0, count=3)]
    assert GAME.view(state, None).rerolled == (3, None, None)
    assert GAME.view(state, None).dice is None
    assert GAME.view(state, 1).dice is not None
    assert [d.value for d in GAME.view(state, 1).dice or ()] == state.values[1]


def test_tr2_keeping_every_die_is_a_reroll_of_none() -> None:
    state = GAME.new(2, seed=4)
    before = list(state.values[1])
    events = GAME.apply(state, 1, Reroll(()))
    assert state.values[1] == before
    assert events == [RerollChosen(seat=1, count=0)]
    assert GAME.narrate(events[0], ["Ann", "Bo"]) == "Bo keeps all 18 dice."


def test_tr2_one_reroll_per_seat_and_only_real_dice() -> None:
    state = GAME.new(3, seed=4)
    assert "no such die" in refused(state, 0, Reroll((18,)))
    assert "no such die" in refused(state, 0, Reroll((-1,)))
    assert "at most once" in refused(state, 0, Reroll((2, 2)))
    assert "re-roll" in refused(state, 0, Bid(90))
    GAME.apply(state, 0, Reroll((1,)))
    assert "already chosen" in refused(state, 0, Reroll((2,)))
    assert GAME.legal_actions(state, 0) == []


def test_tr2_bidding_starts_when_every_seat_has_chosen() -> None:
    state = GAME.new(3, seed=8)
    first = state.first_bidder
    GAME.apply(state, 0, Reroll(()))
    GAME.apply(state, 2, Reroll((0,)))
    assert state.phase == "reroll"
    events = GAME.apply(state, 1, Reroll((5, 6)))
    assert phase_of(state) == "auction"
    assert GAME.to_act(state) == (first,)
    assert events[-1] == AuctionStarted(first_bidder=first, minimum=90)
    assert state.reserve == []


def test_tr2_the_listed_rerolls_are_a_documented_sample() -> None:
    values = dice(d4=(1, 2, 4), d6=(3, 4, 6), d8=(2, 5, 8), d20=(5, 10, 11))
    sample = reroll_sample(values)
    low_quarter = tuple(i for i, v in enumerate(values) if 4 * v <= FACES[i])
    below_half = tuple(i for i, v in enumerate(values) if 2 * v <= FACES[i])
    assert sample == [Reroll(()), Reroll(low_quarter), Reroll(below_half), Reroll(tuple(range(18)))]
    # Any other subset is legal too.
    state = GAME.new(2, seed=1)
    GAME.check(state, 0, Reroll((0, 5, 17)))


# -- TR3: who bids first --------------------------------------------------------------------------


def test_tr3_the_first_bidder_of_the_game_is_random() -> None:
    firsts = Counter(GAME.new(4, seed).first_bidder for seed in range(80))
    assert set(firsts) == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("gained", "previous", "first"),
    [
        ((10, 50, 20), 0, 1),  # the seat that scored most
        ((50, 10, 50), 0, 0),  # tie: the previous first bidder itself comes first
        ((50, 10, 50), 1, 2),  # tie: clockwise from the previous first bidder
        ((0, 0, 0, 0), 3, 3),
        ((30, 30, 0, 0), 2, 0),  # seats 2 and 3 scored less; from 2: 3, then 0
    ],
)
def test_tr3_later_hands_start_with_the_top_scorer_of_the_last_hand(
    gained: tuple[int, ...], previous: int, first: int
) -> None:
    assert next_first_bidder(gained, previous) == first


def test_tr3_the_next_hand_starts_with_the_top_scorer_through_the_engine() -> None:
    state = tricks(dice(), dice(), dice(), bidder=1, bid=900)
    assert state.first_bidder == 1
    last_trick(state, [(20, 20), (1, 1), (1, 1)], won=(2, 3, 3))
    # Seat 1 failed its bid; seat 0 took 12 + 44 and seat 2 took 18: 1.5x is 84 and 27.
    assert state.last_score is not None and state.last_score.gained == (84, 0, 27)
    assert state.hand == 2 and state.first_bidder == 0


# -- TR4: the auction -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_tr4_the_opening_bid_is_at_least_thirty_per_seat(seats: int) -> None:
    state = auction(seats)
    assert "opening bid is at least" in refused(state, 0, Bid(30 * seats - 1))
    assert GAME.view(state, None).minimum_bid == 30 * seats
    GAME.apply(state, 0, Bid(30 * seats))
    assert state.high_bid == 30 * seats and state.high_bidder == 0


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_tr4_a_raise_is_at_least_the_seat_count(seats: int) -> None:
    state = auction(seats)
    GAME.apply(state, 0, Bid(100 * seats))
    assert f"at least {101 * seats}" in refused(state, 1, Bid(101 * seats - 1))
    GAME.apply(state, 1, Bid(101 * seats))
    assert state.high_bidder == 1


def test_tr4_bids_are_open_ended_and_the_listed_ones_are_a_sample() -> None:
    state = auction(3)
    GAME.apply(state, 0, Bid(97))
    listed = GAME.legal_actions(state, 1)
    assert listed == [Pass(), *(Bid(100 + 3 * step) for step in BID_STEPS)]
    GAME.check(state, 1, Bid(101))
    GAME.check(state, 1, Bid(4321))


def test_tr4_random_calls_are_listed_ones_and_pass_about_half_the_time() -> None:
    state = auction(4)
    GAME.apply(state, 0, Bid(150))
    listed = GAME.legal_actions(state, 1)
    rng = random.Random(9)
    calls = Counter(GAME.random_action(state, 1, rng) for _ in range(4000))
    assert set(calls) == set(listed)
    assert 1800 < calls[Pass()] < 2200


def test_tr2_random_rerolls_are_the_listed_ones() -> None:
    state = GAME.new(3, seed=21)
    rng = random.Random(2)
    drawn = {GAME.random_action(state, 2, rng) for _ in range(200)}
    assert drawn == set(GAME.legal_actions(state, 2))


def test_tr4_a_seat_may_pass_and_bid_again_later() -> None:
    state = auction(3)
    GAME.apply(state, 0, Pass())
    GAME.apply(state, 1, Bid(90))
    GAME.apply(state, 2, Bid(93))
    GAME.apply(state, 0, Bid(96))  # re-enters
    assert state.high_bidder == 0
    assert state.calls == [(0, None), (1, 90), (2, 93), (0, 96)]


def test_tr4_the_auction_ends_when_all_others_pass_in_a_row_after_the_high_bid() -> None:
    state = auction(3)
    GAME.apply(state, 0, Bid(90))
    GAME.apply(state, 1, Pass())
    GAME.apply(state, 2, Bid(93))  # the run of passes starts again
    GAME.apply(state, 0, Pass())
    assert state.phase == "auction"
    events = GAME.apply(state, 1, Pass())
    assert phase_of(state) == "trump"
    assert GAME.to_act(state) == (2,)
    assert events[-1] == AuctionWon(seat=2, amount=93)


def test_tr4_passes_before_the_opening_bid_do_not_end_it_for_a_later_bidder() -> None:
    state = auction(3, first=1)
    GAME.apply(state, 1, Pass())
    GAME.apply(state, 2, Pass())
    GAME.apply(state, 0, Bid(90))  # the third seat opens: no all-pass
    GAME.apply(state, 1, Pass())
    assert state.phase == "auction"
    GAME.apply(state, 2, Pass())
    assert phase_of(state) == "trump" and state.high_bidder == 0


def test_tr4_two_seats_the_auction_ends_at_one_pass() -> None:
    state = auction(2)
    GAME.apply(state, 0, Bid(60))
    GAME.apply(state, 1, Pass())
    assert state.phase == "trump"


def test_tr4_all_pass_costs_everyone_twenty_and_rolls_a_new_hand_with_the_same_first_bidder() -> (
    None
):
    state = auction(3, first=2, scores=(100, 0, -5))
    old_values = [list(v) for v in state.values]
    GAME.apply(state, 2, Pass())
    GAME.apply(state, 0, Pass())
    events = GAME.apply(state, 1, Pass())
    assert state.scores == [80, -20, -25]
    assert AllPassed(hand=1, penalty=20, scores=(80, -20, -25)) in events
    assert events[-1] == HandStarted(hand=2, first_bidder=2)
    assert state.phase == "reroll" and state.hand == 2 and state.first_bidder == 2
    assert state.calls == [] and state.rerolled == [None] * 3
    assert state.values != old_values
    assert GAME.to_act(state) == (0, 1, 2)


def test_tr4_only_the_seat_on_turn_bids_and_only_bids_or_passes() -> None:
    state = auction(3)
    assert "another player's turn" in refused(state, 1, Bid(90))
    assert "bid or pass" in refused(state, 0, NameTrump(5))
    assert "bid or pass" in refused(state, 0, Play((0, 1)))


# -- TR5: trump -----------------------------------------------------------------------------------


def _won_auction(seats: int = 3, winner: int = 1) -> TrickyState:
    state = auction(seats, first=winner)
    GAME.apply(state, winner, Bid(30 * seats))
    for _ in range(seats - 1):
        GAME.apply(state, state.turn, Pass())
    assert state.phase == "trump"
    return state


@pytest.mark.parametrize("number", [None, 1, 7, 13, 20])
def test_tr5_the_high_bidder_names_trump_or_no_trump_and_leads(number: int | None) -> None:
    state = _won_auction(winner=1)
    events = GAME.apply(state, 1, NameTrump(number))
    assert events == [TrumpNamed(seat=1, trump=number)]
    assert state.trump == number and state.phase == "tricks"
    assert GAME.to_act(state) == (1,)  # TR6: the high bidder leads the first trick
    assert GAME.view(state, None).trump_named


def test_tr5_trump_is_one_to_twenty_and_only_the_high_bidder_names_it() -> None:
    state = _won_auction(winner=1)
    assert len(GAME.legal_actions(state, 1)) == 21
    assert "1 to 20" in refused(state, 1, NameTrump(0))
    assert "1 to 20" in refused(state, 1, NameTrump(21))
    assert "naming trump" in refused(state, 0, NameTrump(5))
    assert "name a trump" in refused(state, 1, Bid(200))


# -- TR6: playing to tricks -----------------------------------------------------------------------


def test_tr6_each_seat_plays_exactly_two_of_its_unplayed_dice() -> None:
    state = tricks(dice(), dice(), bidder=0)
    assert "two different dice" in refused(state, 0, Play((3, 3)))
    assert "no such die" in refused(state, 0, Play((0, 18)))
    assert "exactly two" in refused(state, 0, Play((0, 1, 2)))  # type: ignore[arg-type]  # three dice, on purpose
    GAME.apply(state, 0, Play((0, 3)))
    GAME.apply(state, 1, Play((1, 4)))
    state.turn = 0  # whoever won, seat 0 tries to reuse a die
    assert "already played that d4" in refused(state, 0, Play((0, 5)))


def test_tr6_a_follower_holding_a_leaders_kind_must_play_one() -> None:
    state = tricks(dice(), dice(), bidder=0)
    GAME.apply(state, 0, Play((D6[0], D20[0])))
    reason = refused(state, 1, Play((D4[0], D12[0])))
    assert "d6 or d20" in reason
    GAME.check(state, 1, Play((D6[1], D4[0])))  # one of the leader's kinds
    GAME.check(state, 1, Play((D20[1], D6[2])))  # both of the leader's kinds
    GAME.check(state, 1, Play((D20[1], D20[2])))  # both of one kind


def test_tr6_match_means_the_same_kind_not_the_same_value() -> None:
    state = tricks(dice(d6=(5, 5, 5)), dice(d8=(5, 5, 5)), bidder=0)
    GAME.apply(state, 0, Play((D6[0], D6[1])))
    assert "d6" in refused(state, 1, Play((D8[0], D8[1])))


def test_tr6_a_follower_without_the_leaders_kinds_plays_any_pair() -> None:
    state = tricks(dice(), dice(), bidder=0)
    earlier_tricks(state, [(*D4[:2], *D6[:2]), (*D20, D4[0])], won=(2, 0))
    GAME.apply(state, 0, Play((D20[0], D20[1])))
    legal = GAME.legal_actions(state, 1)
    assert len(legal) == 14 * 13 // 2  # every pair of its 14 dice
    GAME.check(state, 1, Play((D4[1], D12[2])))


def test_tr6_the_listed_follows_are_exactly_the_pairs_with_a_matching_die() -> None:
    state = tricks(dice(), dice(), bidder=0)
    GAME.apply(state, 0, Play((D6[0], D20[0])))
    legal = {action.dice for action in GAME.legal_actions(state, 1) if isinstance(action, Play)}
    matching = set(D6) | set(D20)
    expected = {
        (a, b) for a in range(18) for b in range(a + 1, 18) if a in matching or b in matching
    }
    assert legal == expected
    assert len(expected) == 6 * 5 // 2 + 6 * 12


def test_tr6_random_plays_are_legal_and_cover_every_legal_pair() -> None:
    state = tricks(dice(), dice(), bidder=0)
    GAME.apply(state, 0, Play((D6[0], D20[0])))
    legal = GAME.legal_actions(state, 1)
    rng = random.Random(3)
    drawn = Counter(GAME.random_action(state, 1, rng) for _ in range(20_000))
    assert set(drawn) == set(legal)
    # Uniform: every pair near 20_000 / 87 ≈ 230 times.
    assert min(drawn.values()) > 150 and max(drawn.values()) < 320


def test_tr6_the_trick_winner_leads_the_next_trick_and_takes_every_die() -> None:
    state = tricks(dice(d4=(4, 4, 4)), dice(d4=(1, 1, 1)), dice(d4=(2, 2, 2)), bidder=1)
    events = play_trick(state, (D4[0], D6[0]), (D4[0], D6[0]), (D4[0], D6[0]))
    # Totals: seat 1 → 2, seat 2 → 3, seat 0 → 5.
    assert events[-1] == TrickWon(seat=0, trick=1, points=10)
    assert state.taken == [10, 0, 0] and state.tricks_won == [1, 0, 0]
    assert state.turn == 0 and GAME.to_act(state) == (0,)
    assert GAME.view(state, None).last_trick_winner == 0


def test_tr6_nine_tricks_use_every_die_and_end_the_hand() -> None:
    state = tricks(dice(), dice(), bidder=0, bid=60)
    for trick in range(9):
        assert state.tricks_played == trick
        for _ in range(2):
            GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    assert state.hand == 2 and state.phase == "reroll"
    assert state.last_score is not None and sum(state.last_score.taken) == 36


def test_tr6_plays_are_public_with_kind_and_value() -> None:
    state = tricks(dice(d12=(7, 1, 1), d20=(15, 1, 1)), dice(), bidder=0)
    events = GAME.apply(state, 0, Play((D20[0], D12[0])))
    assert events == [DicePlayed(seat=0, dice=(Die(12, 7), Die(20, 15)))]
    assert GAME.narrate(events[0], ["Ann", "Bo"]) == "Ann plays d12:7 + d20:15."
    assert GAME.view(state, None).trick == ((0, Die(12, 7), Die(20, 15)),)


# -- TR7: who wins a trick ------------------------------------------------------------------------


def test_tr7_through_the_engine_a_trump_beats_a_higher_total() -> None:
    leader = dice(d20=(20, 19, 1))
    follower = dice(d4=(3, 1, 1), d20=(2, 1, 1))
    state = tricks(leader, follower, bidder=0, trump=3)
    events = play_trick(state, (D20[0], D20[1]), (D20[0], D4[0]))
    assert events[-1] == TrickWon(seat=1, trick=1, points=20 + 19 + 2 + 3)
    assert state.turn == 1


# Pure trick resolution, one branch per test (plays are in play order).


def _win(trump: int | None, *plays: tuple[Die, Die]) -> int:
    return trick_winner(plays, trump)


def test_tr7_no_trump_highest_total_wins() -> None:
    assert _win(None, (Die(4, 4), Die(6, 6)), (Die(20, 9), Die(4, 2)), (Die(8, 8), Die(6, 1))) == 1


def test_tr7_no_trump_a_tied_total_goes_to_the_earliest_play() -> None:
    assert _win(None, (Die(6, 3), Die(6, 6)), (Die(20, 9), Die(4, 4)), (Die(8, 8), Die(4, 1))) == 1
    assert _win(None, (Die(20, 13), Die(4, 1)), (Die(12, 12), Die(4, 2))) == 0


def test_tr7_a_trump_number_nobody_shows_means_highest_total() -> None:
    assert _win(7, (Die(4, 4), Die(6, 6)), (Die(20, 9), Die(4, 2))) == 1


def test_tr7_any_trump_beats_every_pair_without_one() -> None:
    assert _win(2, (Die(20, 20), Die(20, 19)), (Die(4, 2), Die(4, 1))) == 1


def test_tr7_two_trumps_beat_one_trump_with_a_high_second_die() -> None:
    assert _win(5, (Die(20, 5), Die(20, 20)), (Die(6, 5), Die(8, 5))) == 1


def test_tr7_one_trump_each_the_higher_second_die_wins() -> None:
    assert _win(3, (Die(20, 3), Die(6, 5)), (Die(4, 3), Die(8, 7))) == 1


def test_tr7_then_the_trump_die_with_more_faces() -> None:
    assert _win(3, (Die(4, 3), Die(10, 8)), (Die(20, 3), Die(12, 8))) == 1


def test_tr7_then_the_second_die_with_fewer_faces() -> None:
    assert _win(3, (Die(6, 3), Die(20, 8)), (Die(6, 3), Die(10, 8))) == 1


def test_tr7_then_the_earliest_play() -> None:
    assert _win(3, (Die(6, 3), Die(10, 8)), (Die(10, 8), Die(6, 3)), (Die(6, 3), Die(10, 8))) == 0


def test_tr7_double_trumps_the_bigger_die_is_the_trump_die() -> None:
    # Both pairs are all trumps with equal values: more faces on the trump die wins...
    assert _win(5, (Die(12, 5), Die(6, 5)), (Die(8, 5), Die(20, 5))) == 1
    # ...then fewer faces on the smaller (second) die...
    assert _win(5, (Die(12, 5), Die(8, 5)), (Die(6, 5), Die(12, 5))) == 1
    # ...then the earlier play.
    assert _win(5, (Die(12, 5), Die(6, 5)), (Die(6, 5), Die(12, 5))) == 0


def test_tr7_a_trump_only_some_kinds_can_show() -> None:
    # 15 shows only on a d20: the d20:15 with a d4:1 beats 40 points of non-trump.
    assert _win(15, (Die(20, 20), Die(20, 20)), (Die(4, 1), Die(20, 15))) == 1
    # Two d20s showing 15 beat one.
    assert _win(15, (Die(20, 15), Die(12, 12)), (Die(20, 15), Die(20, 15))) == 1
    # 11 shows on d12 and d20: the d20 is the better trump die on a tie.
    assert _win(11, (Die(12, 11), Die(4, 4)), (Die(20, 11), Die(4, 4))) == 1


def test_tr7_the_order_of_the_two_dice_in_a_play_does_not_matter() -> None:
    first = (Die(6, 3), Die(20, 8))
    second = (Die(6, 3), Die(10, 8))
    assert _win(3, first, second) == _win(3, first[::-1], second[::-1]) == 1


def test_tr7_equal_one_trump_pairs_in_opposite_order_the_earlier_keeps_the_tie() -> None:
    # Every pair of one trump die and one other die, against the same pair listed the other
    # way round (the trump die second): the two rank the same, so the earlier play wins,
    # whichever of the two orders comes first.
    checked = 0
    for trump in range(1, 21):
        for trump_faces in (faces for faces in KINDS if faces >= trump):
            for other_faces in KINDS:
                for other in (v for v in range(1, other_faces + 1) if v != trump):
                    pair = (Die(trump_faces, trump), Die(other_faces, other))
                    flipped = (pair[1], pair[0])
                    assert _win(trump, pair, flipped) == 0, (trump, pair)
                    assert _win(trump, flipped, pair) == 0, (trump, flipped)
                    checked += 1
    assert checked > 1000


def test_tr7_through_the_engine_equal_one_trump_pairs_go_to_the_earlier_play() -> None:
    # Seat 0 leads d4:3 with d20:9, seat 1 plays the same pair trump die last: seat 0 wins,
    # and with the two orders swapped seat 0 still wins.
    leader = dice(d4=(3, 1, 1), d20=(9, 1, 1))
    follower = dice(d4=(3, 1, 1), d20=(9, 1, 1))
    for lead, follow in (((D4[0], D20[0]), (D20[0], D4[0])), ((D20[0], D4[0]), (D4[0], D20[0]))):
        state = tricks(leader, follower, bidder=0, trump=3)
        events = play_trick(state, lead, follow)
        assert events[-1] == TrickWon(seat=0, trick=1, points=2 * (3 + 9))
        assert state.turn == 0


# -- TR8: scoring ---------------------------------------------------------------------------------


def _score(
    bidder: int, bid: int, trump: int | None, taken: tuple[int, ...]
) -> tuple[bool, tuple[int, ...]]:
    return hand_gains(bidder, bid, trump, taken)


def test_tr8_made_bid_times_a_trump_above_the_seat_count() -> None:
    assert _score(0, 90, 7, (120, 100, 80)) == (True, (630, 100, 80))


def test_tr8_made_bid_times_the_seat_count_when_trump_is_lower() -> None:
    assert _score(1, 120, 2, (60, 130, 100, 90)) == (True, (60, 480, 100, 90))


def test_tr8_made_bid_with_no_trump_counts_the_seats() -> None:
    assert _score(0, 60, None, (70, 90)) == (True, (120, 90))


def test_tr8_exactly_the_bid_is_made() -> None:
    assert _score(2, 95, 10, (100, 100, 95)) == (True, (100, 100, 950))


def test_tr8_failed_bid_scores_nothing_and_the_others_one_and_a_half_rounded_down() -> None:
    assert _score(0, 150, 20, (149, 101, 50)) == (False, (0, 151, 75))


def test_tr8_through_the_engine_a_whole_hand_is_scored() -> None:
    # Seat 0 holds high dice and names 20 trump; no d20 of seat 1 shows 20.
    high = dice(d4=(4, 4, 4), d6=(6, 6, 6), d8=(8, 8, 8), d10=(10, 10, 10), d12=(12, 12, 12))
    high[15:] = [20, 20, 20]
    state = tricks(high, dice(), bidder=0, bid=60, trump=20)
    events: list[object] = []
    for _ in range(9):
        for seat in (0, 1):
            events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.taken == (sum(high) + 18, 0)
    assert scored.made and scored.gained == (60 * 20, 0)
    assert state.scores == [1200, 0]
    assert "took 198 of the 60 bid and scores 1,200" in GAME.narrate(scored, ["Ann", "Bo"])


# -- TR9: the end of the game ---------------------------------------------------------------------


def _winners(scores: tuple[int, ...], target: int, bidder: int) -> tuple[int, ...]:
    return winners_at_target(scores, target, bidder)


def test_tr9_nobody_at_the_target_plays_on() -> None:
    assert _winners((2999, 100, 0), 3000, 0) == ()


def test_tr9_the_high_bidder_wins_if_it_reached_the_target_even_with_less() -> None:
    assert _winners((3000, 3500, 0), 3000, 0) == (0,)


def test_tr9_otherwise_the_highest_total_at_the_target_wins() -> None:
    assert _winners((3100, 3500, 2000), 3000, 2) == (1,)


def test_tr9_a_tie_on_the_highest_total_plays_another_hand() -> None:
    assert _winners((3500, 3500, 2900), 3000, 2) == (0, 1)


def last_trick(
    state: TrickyState, pairs: Sequence[tuple[int, int]], won: Sequence[int]
) -> list[object]:
    """Play out eight tricks of 1s (``won[seat]`` of them to each seat), then the ninth
    with each seat's last two dice (two d20s) showing ``pairs[seat]``, seat 0 leading."""
    seats = state.seats
    played = [i for i in range(18) if i not in (D20[1], D20[2])]
    earlier_tricks(state, [played] * seats, won)
    for seat in range(seats):
        state.values[seat][D20[1]], state.values[seat][D20[2]] = pairs[seat]
    state.turn = 0
    return play_trick(state, *[(D20[1], D20[2])] * seats)


def test_tr9_the_game_ends_when_a_seat_reaches_the_target() -> None:
    state = tricks(dice(), dice(), bidder=0, bid=60, scores=(1900, 1950))
    events = last_trick(state, [(20, 20), (1, 1)], won=(8, 0))
    # Seat 0 took 32 + 42 = 74 >= 60: it scores 60 x 2 seats and reaches 2020 of 2000.
    assert state.scores == [2020, 1950]
    assert events[-1] == GameWon(seat=0, scores=(2020, 1950))
    assert state.phase == "over" and GAME.to_act(state) == ()
    assert "This game is over" in refused(state, 0, Play((0, 1)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == (1, 2) and outcome.scores == (2020, 1950)


def test_tr9_the_high_bidder_at_the_target_wins_over_higher_totals() -> None:
    # Seats 1 and 2 tied above the target last hand, so play went on.
    state = tricks(dice(), dice(), dice(), bidder=0, bid=90, trump=20, scores=(1500, 3400, 3400))
    events = last_trick(state, [(20, 20), (1, 1), (1, 1)], won=(8, 0, 0))
    # Seat 0 took 48 + 44 = 92 >= 90: 90 x trump 20 = 1800, so 3300.
    assert state.scores == [3300, 3400, 3400]
    assert events[-1] == GameWon(seat=0, scores=(3300, 3400, 3400))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == (1, 2, 2) and outcome.winners == (0,)


def test_tr9_without_the_bidder_the_highest_total_at_the_target_wins() -> None:
    state = tricks(dice(), dice(), dice(), bidder=2, bid=900, scores=(2980, 2995, 0))
    events = last_trick(state, [(20, 20), (1, 1), (1, 1)], won=(6, 2, 0))
    # Seat 2 failed: seat 0 took 36 + 44 = 80 → 120, seat 1 took 12 → 18.
    assert state.scores == [3100, 3013, 0]
    assert events[-1] == GameWon(seat=0, scores=(3100, 3013, 0))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == (1, 2, 3)


def test_tr9_a_tie_for_the_win_at_the_target_plays_another_hand() -> None:
    state = tricks(dice(), dice(), dice(), bidder=2, bid=900, scores=(2888, 2990, 0))
    events = last_trick(state, [(20, 20), (1, 1), (1, 1)], won=(6, 2, 0))
    assert state.scores == [3008, 3008, 0]
    assert TieAtTheTarget(seats=(0, 1)) in events
    assert isinstance(events[-1], HandStarted)
    assert state.phase == "reroll" and state.winner is None and GAME.outcome(state) is None


def test_tr9_the_target_is_checked_only_after_a_played_hand() -> None:
    # An all-pass penalty cannot end the game, even for seats tied above the target.
    state = auction(3, scores=(3008, 3008, 0))
    for _ in range(3):
        GAME.apply(state, state.turn, Pass())
    assert state.scores == [2988, 2988, -20]
    assert state.phase == "reroll" and state.winner is None


def test_tr9_places_after_the_winner_follow_the_scores() -> None:
    state = tricks(dice(), dice(), dice(), bidder=1, bid=60, trump=20, scores=(50, 1940, 700))
    last_trick(state, [(1, 1), (20, 20), (1, 1)], won=(0, 8, 0))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.places == (3, 1, 2)


# -- options, views, hidden information and storage ----------------------------------------------


def test_the_target_is_a_lobby_option_per_seat() -> None:
    assert GAME.new(3, seed=1).target == 3000
    short = GAME.new(3, seed=1, options=GAME.options({"target_per_seat": 100}))
    assert short.target == 300
    assert GAME.view(short, None).target == 300


def test_the_public_view_shows_counts_and_played_dice_never_values_in_hand() -> None:
    state = tricks(dice(d6=(6, 5, 4)), dice(d6=(1, 2, 3)), bidder=0)
    public = GAME.view(state, None)
    assert public.dice is None and public.dice_left == (18, 18)
    own = GAME.view(state, 1)
    assert own.dice is not None and [d.value for d in own.dice][3:6] == [1, 2, 3]


def test_redeal_keeps_played_dice_and_the_observers_own_and_rerolls_the_rest() -> None:
    state = tricks(dice(d6=(6, 5, 4)), dice(d6=(1, 2, 3)), bidder=0)
    GAME.apply(state, 0, Play((D6[0], D6[1])))
    changed = set()
    for seed in range(30):
        other = GAME.redeal(state, 1, random.Random(seed))
        assert other.values[1] == state.values[1]
        assert other.values[0][D6[0]] == 6 and other.values[0][D6[1]] == 5
        assert GAME.view(other, 1) == GAME.view(state, 1)
        changed |= {i for i in range(18) if other.values[0][i] != state.values[0][i]}
    assert changed == set(range(18)) - {D6[0], D6[1]}


def test_a_state_round_trips_through_json_and_corruption_is_refused() -> None:
    state = tricks(dice(d6=(6, 5, 4)), dice(), bidder=0, trump=6)
    GAME.apply(state, 0, Play((D6[0], D6[1])))
    text = GAME.dump_state(state)
    assert GAME.dump_state(GAME.load_state(text)) == text
    broken = GAME.clone(state)
    broken.values[1][D20[0]] = 21
    with pytest.raises(CorruptState):
        GAME.load_state(GAME.dump_state(broken))
    broken = GAME.clone(state)
    broken.taken[0] = 5
    with pytest.raises(CorruptState):
        GAME.load_state(GAME.dump_state(broken))
    broken = GAME.clone(state)
    broken.unplayed[1] &= ~1
    with pytest.raises(CorruptState):
        GAME.load_state(GAME.dump_state(broken))


def test_a_new_table_starts_as_every_hand_starts() -> None:
    # setup() builds the state in one go instead of resetting it with _roll(): the two must
    # leave the same hand, so the dataclass defaults stay the start of a hand.
    for seats in (2, 3, 5):
        state = GAME.new(seats, 11)
        again = GAME.clone(state)
        again.phase, again.turn, again.trick, again.tricks_won = "over", 1, [(0, 1, 2)], [9]
        GAME._roll(again, Chance(11).words(2 * WORDS_PER_SET * seats + 1))
        assert again == state


def test_the_last_trick_is_kept_by_dice_index_and_shown_as_the_dice() -> None:
    state = tricks(dice(d6=(6, 5, 4)), dice(d6=(1, 2, 3)), bidder=0)
    play_trick(state, (D6[0], D6[1]), (D6[2], D6[1]))  # the second seat names its dice high first
    assert state.last_plays == [(0, D6[0], D6[1]), (1, D6[1], D6[2])]
    assert GAME.view(state, None).last_trick == (
        (0, Die(6, 6), Die(6, 5)),
        (1, Die(6, 2), Die(6, 3)),
    )
    assert GAME.view(state, None).last_trick_winner == 0


def test_a_game_saved_with_the_last_trick_as_dice_loads() -> None:
    # Saved before the last trick was kept by dice index: "last_trick" held each play's
    # seat and its dice as [faces, value]. The d6s showing 4 at seat 0 are told apart only
    # by which of them is played: the one in the trick in progress is not the last trick's.
    state = tricks(dice(d6=(4, 4, 4)), dice(d6=(1, 2, 3)), bidder=0)
    play_trick(state, (D6[0], D6[1]), (D6[1], D6[2]))
    GAME.apply(state, 0, Play((D6[2], D20[0])))
    saved = json.loads(GAME.dump_state(state))
    del saved["last_plays"]
    saved["last_trick"] = [[0, [6, 4], [6, 4]], [1, [6, 2], [6, 3]]]
    loaded = GAME.load_state(json.dumps(saved).encode())
    assert loaded.last_plays == [(0, D6[0], D6[1]), (1, D6[1], D6[2])]
    for seat in (None, 0, 1):
        assert GAME.view(loaded, seat) == GAME.view(state, seat)
    saved["last_trick"] = [[0, [6, 4], [6, 5]], [1, [6, 2], [6, 3]]]  # no played d6 shows 5
    with pytest.raises(CorruptState):
        GAME.load_state(json.dumps(saved))
    saved["last_trick"] = [[0, [6, 4]]]
    with pytest.raises(CorruptState):
        GAME.load_state(json.dumps(saved))


def test_a_last_trick_that_does_not_fit_the_hand_is_refused() -> None:
    state = tricks(dice(d6=(6, 5, 4)), dice(d6=(1, 2, 3)), bidder=0)
    play_trick(state, (D6[0], D6[1]), (D6[1], D6[2]))
    GAME.check_state(state)
    unplayed_die = GAME.clone(state)
    unplayed_die.last_plays[1] = (1, D6[0], D6[2])
    forgotten = GAME.clone(state)
    forgotten.last_plays = []
    no_winner = GAME.clone(state)
    no_winner.last_trick_winner = None
    out_of_turn = GAME.clone(state)
    out_of_turn.last_plays[1] = out_of_turn.last_plays[0]  # seat 0 twice
    for broken in (unplayed_die, forgotten, no_winner, out_of_turn):
        with pytest.raises(CorruptState):
            GAME.check_state(broken)


def test_a_play_named_by_a_list_of_dice_counts_like_the_tuple() -> None:
    state = tricks(dice(d6=(6, 5, 4)), dice(), bidder=0)
    play = Play([D6[1], D6[0]])  # type: ignore[arg-type]
    assert play == Play((D6[1], D6[0]))
    GAME.apply(state, 0, play)
    assert state.trick == [(0, D6[0], D6[1])]
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Play([D6[0], D6[0]]))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Play((D6[0], D6[1], D6[2])))  # type: ignore[arg-type]
    assert GAME.dump_state(state) == before


def test_events_narrate_for_people() -> None:
    names = ["Ann", "Bo", "Cy"]
    assert GAME.narrate(BidMade(seat=1, amount=96), names) == "Bo bids 96."
    no_trump = TrumpNamed(seat=0, trump=None)
    assert GAME.narrate(no_trump, names) == "Ann plays this hand with no trump."
    assert GAME.narrate(RerollChosen(seat=2, count=1), names) == "Cy re-rolls 1 die."
    rerolled = Rerolled(audience=0, seat=0, dice=(3, 17), before=(1, 2), after=(6, 19))
    assert GAME.narrate(rerolled, names) == "You re-rolled d6 1→6, d20 2→19."


def test_every_play_is_told_with_its_seat_and_dice_as_played() -> None:
    rng = random.Random(6)
    for seats in (2, 3, 5):
        state = GAME.new(seats, seed=seats)
        while acting := GAME.to_act(state):
            seat = rng.choice(acting)
            action = GAME.random_action(state, seat, rng)
            if isinstance(action, Play):
                a, b = action.dice
                values = state.values[seat]
                shown = (Die(FACES[a], values[a]), Die(FACES[b], values[b]))
                assert GAME.apply(state, seat, action)[0] == DicePlayed(seat=seat, dice=shown)
            else:
                GAME.apply(state, seat, action)
