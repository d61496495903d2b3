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
    # Written as list edits rather than generators: this runs at the end of every hand of
    # every random playout, where a generator's set-up costs more than the arithmetic.
    if taken[bidder] >= bid:
        gains = list(taken)
        gains[bidder] = bid * max(trump or 0, len(taken))
        return True, tuple(gains)
    gains = [points * 3 // 2 for points in taken]
    gains[bidder] = 0
    return False, tuple(gains)


def winners_at_target(scores: Sequence[int], target: int, bidder: Seat) -> tuple[Seat, ...]:
    """Who may win after a scored hand (TR9).

    Empty: nobody reached the target. One seat: it wins (the high bidder if it
    reached the target, else the highest total among those that did). Several:
    they are tied on the highest total and another hand is played.
    """
    if max(scores) < target:  # the usual case, answered without building a list
        return ()
    reached = [seat for seat, score in enumerate(scores) if score >= target]
    if bidder in reached:
        return (bidder,)
    best = max(scores[seat] for seat in reached)
    return tuple(seat for seat in reached if scores[seat] == best)


def next_first_bidder(gained: Sequence[int], previous: Seat) -> Seat:
    """The seat that scored most in the hand; a tie goes to the first of the tied
    seats clockwise from the previous first bidder (TR3)."""
    best = max(gained)
    seat = previous
    while gained[seat] != best:  # some seat has the best score, so this stops
        seat = (seat + 1) % len(gained)
    return seat
