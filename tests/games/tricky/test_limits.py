"""The most a hand can give a bidder (issue 21's bid warning): every die at the table ends
up in some trick (TR6), so the points taken add up to every die's value (TR8)."""

from __future__ import annotations

import random

import pytest

from games.tricky import GAME
from games.tricky.limits import HIGHEST_PER_SEAT, most_points_possible
from games.tricky.model import HandScored, TrickyState


def test_a_seat_of_dice_at_their_highest_is_180() -> None:
    assert HIGHEST_PER_SEAT == 3 * (4 + 6 + 8 + 10 + 12 + 20) == 180


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_no_hand_gives_more_than_the_limit_and_all_dice_are_taken(seats: int) -> None:
    rng = random.Random(seats)
    state: TrickyState = GAME.new(seats, rng.getrandbits(62))
    hands = 0
    limits: dict[int | None, int] = {}
    at_auction: list[int] = []
    for _ in range(5000):
        acting = GAME.to_act(state)
        if not acting:
            break
        if state.phase == "reroll":  # a new hand (or the same, re-rolled after all passed)
            limits = {}
        if state.phase == "auction" and not limits:
            # Every seat's own view, and the public one, when the bidding starts.
            limits = {seat: most_points_possible(GAME.view(state, seat)) for seat in range(seats)}
            limits[None] = most_points_possible(GAME.view(state, None))
            at_auction = [sum(values) for values in state.values]
        seat = rng.choice(acting)
        for event in GAME.apply(state, seat, GAME.random_action(state, seat, rng)):
            if isinstance(event, HandScored):
                hands += 1
                assert sum(event.taken) == sum(at_auction)  # every die is won by someone
                assert limits[None] == seats * HIGHEST_PER_SEAT >= sum(event.taken)
                for each in range(seats):
                    assert event.taken[each] <= limits[each]
                    assert limits[each] == at_auction[each] + (seats - 1) * HIGHEST_PER_SEAT
    assert hands >= 2
