"""Tricky's basic tactics as small rules over plain numbers (seeds/001, rulings TR1-TR9).

The easy player reads them off its seat's view; the hard player's rollouts
apply them to every seat of a sampled world, each seat reading only its own
dice and the table. So the rules take plain numbers: a seat's unplayed dice
as ``(index, faces, value)`` and the trick so far as ``(faces, value, faces,
value)`` pairs in play order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from games.tricky.dice import FACES, KIND_MASK, dice_in
from games.tricky.tricks import TRUMP_PAIR, pair_rank  # TR7, as the engine ranks a trick

__all__ = [
    "RICH_TRICK",
    "Held",
    "Played",
    "choose_pair",
    "reroll_choice",
    "trick_rank",
]

Held = tuple[int, int, int]
"""One of a seat's unplayed dice: its index, its faces, the value it shows."""
Played = tuple[int, int, int, int]
"""A pair played to the trick: faces and value of the first die, then of the second."""

RICH_TRICK = 30
"""A seat that is not last to play spends a trump on a trick already worth this much."""

TRUMP_FLOOR = 11
"""The lowest number worth naming as trump for a d20 showing it: lower numbers show on
so many of the other seats' dice that a trump of one's own is no advantage."""

D20 = dice_in(KIND_MASK[20])

BID_ODDS = 0.5
"""The least chance of making a bid that a seat bids on."""
MAKE_ODDS: dict[int, tuple[float, float, float, float]] = {
    2: (-0.766, -4.828, 1.014, 1.942),
    3: (0.247, -5.245, 0.953, 1.167),
    4: (-5.507, -3.561, 1.949, 1.236),
    5: (-5.018, -4.778, 2.739, 1.192),
}
"""By seat count, the weights of :func:`make_odds`: a constant, then per 100 points of bid
(per 100 x seats / 3), per die showing trump, per 10 points on the four highest dice."""


def reroll_choice(values: Sequence[int]) -> tuple[int, ...]:
    """Re-roll every die showing at most half its faces: each is below its average, so
    a fresh roll is worth more on average (TR2)."""
    return tuple(index for index, value in enumerate(values) if 2 * value <= FACES[index])


def trick_rank(plays: Sequence[Played], trump: int | None) -> int:
    """The rank of the pair winning the trick so far; -1 before the lead."""
    best = -1
    for faces_a, value_a, faces_b, value_b in plays:
        rank = pair_rank(faces_a, value_a, faces_b, value_b, trump)
        if rank > best:
            best = rank
    return best


def choose_pair(
    held: Sequence[Held], plays: Sequence[Played], trump: int | None, seats: int
) -> tuple[int, int]:
    """The pair to play, as two die indices.

    Last to play, a seat knows whether a pair wins: it wins with the cheapest pair
    that does (no trump spent if it can help it, then the smallest total). Earlier,
    most pairs can still be beaten, so it gives the winner as few points as it can
    with its lowest pair, keeping its big dice for the tricks it plays last in; only
    a trump is sure enough to win with, and only when the trick is already worth
    :data:`RICH_TRICK` points.
    """
    lead = (plays[0][0], plays[0][2]) if plays else ()
    must_match = False
    for _, faces, _ in held:
        if faces in lead:
            must_match = True
            break
    best = trick_rank(plays, trump)
    on_table = sum(value_a + value_b for _, value_a, _, value_b in plays)
    last = len(plays) == seats - 1
    shed_key = win_key = 1 << 30
    shed = win = (-1, -1)
    for n, (first, faces_a, value_a) in enumerate(held):
        free = not must_match or faces_a in lead
        for second, faces_b, value_b in held[n + 1 :]:
            if not free and faces_b not in lead:
                continue
            total = value_a + value_b
            if trump is not None and (value_a == trump or value_b == trump):
                rank = pair_rank(faces_a, value_a, faces_b, value_b, trump)
                key = 2 * total + 1
            else:
                rank = total
                key = 2 * total
            if key < shed_key:
                shed_key, shed = key, (first, second)
            if rank > best and (last or (rank >= TRUMP_PAIR and on_table >= RICH_TRICK)):
                key = total + (64 if rank >= TRUMP_PAIR else 0)
                if key < win_key:
                    win_key, win = key, (first, second)
    return win if win_key < 1 << 30 else shed


def trump_choice(values: Sequence[int]) -> int:
    """Name the highest number of at least :data:`TRUMP_FLOOR` that one of the seat's
    d20s shows, so it holds a trump; with none, name 20 for the biggest multiplier (TR8)."""
    best = 0
    for index in D20:
        if values[index] >= TRUMP_FLOOR and values[index] > best:
            best = values[index]
    return best or 20


class Strength(NamedTuple):
    """What :func:`make_odds` reads off a seat's 18 dice before the tricks."""

    trump: int
    """The trump the seat would name (:func:`trump_choice`)."""
    trumps: int
    """How many of its dice show that number."""
    top: int
    """The total of its four highest dice."""


def strength(values: Sequence[int], trump: int | None = None) -> Strength:
    """A seat's strength as a high bidder naming ``trump`` (by default its own choice)."""
    if trump is None:
        trump = trump_choice(values)
    return Strength(trump, values.count(trump), sum(sorted(values)[-4:]))


def make_odds(hand: Strength, bid: int, seats: int) -> float:
    """The chance that a high bidder of this strength takes ``bid`` points: a logistic fit
    to hands played out with :func:`choose_pair` at every seat, against dice re-rolled with
    :func:`reroll_choice`."""
    w_base, w_bid, w_trumps, w_top = MAKE_ODDS[seats]
    z = w_base + w_bid * bid * 3 / (100 * seats) + w_trumps * hand.trumps + w_top * hand.top / 10
    return 1 / (1 + math.exp(-z))


def bid_call(hand: Strength, seats: int, minimum: int, score: int, target: int) -> int | None:
    """What to call in the auction: the bid worth most by :func:`make_odds`, or ``None`` to
    pass when even the least bid allowed is less likely than :data:`BID_ODDS` to be made.

    A bid is worth its odds times what making it scores (TR8), counted double when that
    reaches the target, since the high bidder then wins outright (TR9).
    """
    multiplier = max(hand.trump, seats)
    best, best_worth = None, 0.0
    bid = minimum
    while (odds := make_odds(hand, bid, seats)) >= BID_ODDS:
        gain = bid * multiplier
        worth = odds * (gain if score + gain < target else 2 * max(target - score, 0))
        if worth > best_worth:
            best, best_worth = bid, worth
        bid += seats
    return best
