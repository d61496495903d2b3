"""Bids and scores: the auction minimum (TR4), hand scoring (TR8), who wins (TR9)
and who bids first in the next hand (TR3)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Seat

__all__ = [
    "ALL_PASS_PENALTY",
    "OPENING_PER_SEAT",
    "hand_gains",
    "minimum_bid",
    "next_first_bidder",
    "winners_at_target",
]

OPENING_PER_SEAT = 30
"""The opening bid is at least 30 points per seat (TR4)."""
ALL_PASS_PENALTY = 20
"""What every seat loses when nobody opens the bidding (TR4)."""


def minimum_bid(seats: int, high_bid: int | None) -> int:
    """The least bid allowed: the opening minimum, else the highest bid plus the seat count."""
    if high_bid is None:
        return OPENING_PER_SEAT * seats
    return high_bid + seats


def hand_gains(
    bidder: Seat, bid: int, trump: int | None, taken: Sequence[int]
) -> tuple[bool, tuple[int, ...]]:
    """Whether the bidder made the bid, and what every seat scores for the hand (TR8).

    Made: the bidder scores the bid times the trump number or the seat count,
    whichever is greater (the seat count with no trump); the others score what
    they took. Failed: the bidder scores nothing; the others score one and a
    half times what they took, rounded down.
    """
    seats = len(taken)
    made = taken[bidder] >= bid
    if made:
        multiplier = max(trump or 0, seats)
        gains = tuple(bid * multiplier if seat == bidder else taken[seat] for seat in range(seats))
    else:
        gains = tuple(0 if seat == bidder else taken[seat] * 3 // 2 for seat in range(seats))
    return made, gains


def winners_at_target(scores: Sequence[int], target: int, bidder: Seat) -> tuple[Seat, ...]:
    """Who may win after a scored hand (TR9).

    Empty: nobody reached the target. One seat: it wins (the high bidder if it
    reached the target, else the highest total among those that did). Several:
    they are tied on the highest total and another hand is played.
    """
    reached = [seat for seat, score in enumerate(scores) if score >= target]
    if not reached:
        return ()
    if bidder in reached:
        return (bidder,)
    best = max(scores[seat] for seat in reached)
    return tuple(seat for seat in reached if scores[seat] == best)


def next_first_bidder(gained: Sequence[int], previous: Seat) -> Seat:
    """The seat that scored most in the hand; a tie goes to the first of the tied
    seats clockwise from the previous first bidder (TR3)."""
    seats = len(gained)
    best = max(gained)
    return next(
        seat
        for seat in ((previous + step) % seats for step in range(seats))
        if gained[seat] == best
    )
