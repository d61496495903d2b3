"""Dealing hidden cards afresh (for :meth:`FalscheFaehrteGame.redeal`).

The cards an observer cannot see sit in *places* (another seat's hand, a
face-down pick, the face-down pile), each with a fixed size and a set of card
kinds it may not hold: a seat that failed to follow a colour holds none of it,
and no joker ever goes face down. A fresh deal keeps every size and every such
constraint, so nothing the observer knows changes.

The deal depends only on the pooled cards, the sizes, the constraints and the
random generator, never on where the cards really are: two worlds the observer
cannot tell apart are redealt the same way.
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
    may not hold; some deal must satisfy it (the real one does).
    """
    pool = sorted(card for place in places for card in place)
    sizes = [len(place) for place in places]
    for _ in range(GREEDY_TRIES):
        dealt = _greedy(pool, sizes, refuses, rng)
        if dealt is not None:
            return dealt
    return _swapped(_feasible(pool, sizes, refuses), refuses, rng)


def _greedy(
    pool: Sequence[Card], sizes: Sequence[int], refuses: Sequence[int], rng: random.Random
) -> list[list[Card]] | None:
    """Deal kind by kind, the most constrained kinds first, each card of a kind to a random
    free spot among the places that allow it.

    Without constraints this is exactly a uniform deal; with them it can run
    into a dead end (a kind with fewer free spots than cards), which the caller
    retries.
    """
    kinds: dict[int, list[Card]] = {}
    for card in pool:
        kinds.setdefault(card >> 4, []).append(card)
    takers = {kind: sum(1 for mask in refuses if not mask >> kind & 1) for kind in kinds}
    room = list(sizes)
    dealt: list[list[Card]] = [[] for _ in sizes]
    for kind in sorted(kinds, key=lambda kind: (takers[kind], kind)):
        cards = kinds[kind]
        spots: list[int] = []
        for where, mask in enumerate(refuses):
            if not mask >> kind & 1:
                spots += [where] * room[where]
        if len(spots) < len(cards):
            return None
        for card, where in zip(cards, rng.sample(spots, len(cards)), strict=True):
            dealt[where].append(card)
            room[where] -= 1
    return dealt


def _feasible(
    pool: Sequence[Card], sizes: Sequence[int], refuses: Sequence[int]
) -> list[list[Card]]:
    """Some deal keeping every size and refusal, found without chance (augmenting paths).

    Cards of one kind are interchangeable here, so this is a small flow problem:
    kinds to places. Each card is placed in turn; when every allowed place is
    full, a card of another kind moves on to make room.
    """
    kinds = sorted({card >> 4 for card in pool})
    placed = {kind: [0] * len(sizes) for kind in kinds}
    room = list(sizes)

    def place(kind: int, seen: set[int]) -> bool:
        for where in range(len(sizes)):
            if refuses[where] >> kind & 1 or where in seen:
                continue
            seen.add(where)
            if room[where]:
                room[where] -= 1
                placed[kind][where] += 1
                return True
            for other in kinds:
                if placed[other][where] and place(other, seen):
                    placed[other][where] -= 1
                    placed[kind][where] += 1
                    return True
        return False

    for card in pool:
        if not place(card >> 4, set()):
            raise ValueError("no deal satisfies these constraints")
    dealt: list[list[Card]] = [[] for _ in sizes]
    for kind in kinds:
        cards = [card for card in pool if card >> 4 == kind]
        for where, count in enumerate(placed[kind]):
            dealt[where] += cards[:count]
            del cards[:count]
    return dealt


def _swapped(
    dealt: Sequence[Sequence[Card]], refuses: Sequence[int], rng: random.Random
) -> list[list[Card]]:
    """Shuffle a valid deal by random allowed swaps between places."""
    shuffled = [list(place) for place in dealt]
    spots = [(i, j) for i, place in enumerate(shuffled) for j in range(len(place))]
    if len(spots) < 2:
        return shuffled
    for _ in range(SWAPS_PER_CARD * len(spots)):
        (a, i), (b, j) = rng.sample(spots, 2)
        first, second = shuffled[a][i], shuffled[b][j]
        if not refuses[a] >> (second >> 4) & 1 and not refuses[b] >> (first >> 4) & 1:
            shuffled[a][i], shuffled[b][j] = second, first
    return shuffled
