"""Dealing hidden cards afresh (for :meth:`FalscheFaehrteGame.redeal`).

The cards an observer cannot see sit in *places* (another seat's hand, a
face-down pick, the face-down pile), each with a fixed size and a set of card
kinds it may not hold: a seat that failed to follow a colour holds none of it,
and no joker ever goes face down. A fresh deal keeps every size and every such
constraint, so nothing the observer knows changes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.falsche_faehrte.cards import JOKER_SUIT, Card

__all__ = ["NO_JOKERS", "resample"]

NO_JOKERS = 1 << JOKER_SUIT
"""The refusal mask of a place that holds no joker."""
GREEDY_TRIES = 20
SWAPS_PER_CARD = 30


def resample(
    places: Sequence[Sequence[Card]], refuses: Sequence[int], rng: random.Random
) -> list[list[Card]]:
    """The same cards dealt to the same places at random, each place keeping its size.

    ``refuses[i]`` has bit ``card >> 4`` set for every kind of card place ``i``
    may not hold. ``places`` must already respect it (the real deal does).
    """
    for _ in range(GREEDY_TRIES):
        dealt = _greedy(places, refuses, rng)
        if dealt is not None:
            return dealt
    return _swapped(places, refuses, rng)


def _greedy(
    places: Sequence[Sequence[Card]], refuses: Sequence[int], rng: random.Random
) -> list[list[Card]] | None:
    """Deal the most constrained cards first, each to an allowed place in proportion to its room.

    Without constraints this is exactly a uniform deal; with them it can run
    into a dead end, which the caller retries.
    """
    cards = [card for place in places for card in place]
    rng.shuffle(cards)
    takers = {
        suit: sum(1 for mask in refuses if not mask >> suit & 1) for suit in range(JOKER_SUIT + 1)
    }
    cards.sort(key=lambda card: takers[card >> 4])
    room = [len(place) for place in places]
    dealt: list[list[Card]] = [[] for _ in places]
    for card in cards:
        bit = 1 << (card >> 4)
        allowed = [i for i, mask in enumerate(refuses) if room[i] and not mask & bit]
        if not allowed:
            return None
        pick = rng.randrange(sum(room[i] for i in allowed))
        for i in allowed:
            if pick < room[i]:
                dealt[i].append(card)
                room[i] -= 1
                break
            pick -= room[i]
    return dealt


def _swapped(
    places: Sequence[Sequence[Card]], refuses: Sequence[int], rng: random.Random
) -> list[list[Card]]:
    """Random allowed swaps between places, starting from the real deal: always succeeds."""
    dealt = [list(place) for place in places]
    spots = [(i, j) for i, place in enumerate(dealt) for j in range(len(place))]
    if len(spots) < 2:
        return dealt
    for _ in range(SWAPS_PER_CARD * len(spots)):
        (a, i), (b, j) = rng.sample(spots, 2)
        first, second = dealt[a][i], dealt[b][j]
        if not refuses[a] >> (second >> 4) & 1 and not refuses[b] >> (first >> 4) & 1:
            dealt[a][i], dealt[b][j] = second, first
    return dealt
