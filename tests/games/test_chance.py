"""The seeded luck every game keeps in its state (games/core/chance.py)."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from games.core.chance import Chance


def test_words_are_the_same_luck_for_the_same_seed_and_event_on_every_machine() -> None:
    # Pinned: a saved game replays from its seed, so this luck must never change.
    chance = Chance(1)
    assert list(chance.words(2)) == [7835165208884641329, 13348311660453018424]
    assert chance.draws == 1
    assert list(Chance(1).words(2)) == list(Chance(1).words(2))


def test_every_event_and_every_seed_has_its_own_words() -> None:
    seen = set()
    for seed in range(50):
        chance = Chance(seed)
        for draws in range(20):
            words = tuple(chance.words(3))
            assert chance.draws == draws + 1
            assert len(words) == 3 and all(0 <= word < 2**64 for word in words)
            seen.add(words)
    assert len(seen) == 50 * 20


def test_words_and_generators_share_the_count_of_events() -> None:
    chance = Chance(9)
    chance.next()
    chance.words(4)
    chance.below(6)
    chance.shuffle([1, 2, 3])
    assert chance.draws == 4


def test_below_is_uniform_and_in_range() -> None:
    chance = Chance(3)
    counts = Counter(chance.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < count < 1150 for count in counts.values())


def test_shuffle_reorders_in_place_and_every_order_is_equally_likely() -> None:
    chance = Chance(4)
    orders: Counter[tuple[str, ...]] = Counter()
    for _ in range(6000):
        items = ["a", "b", "c"]
        chance.shuffle(items)
        orders[tuple(items)] += 1
    assert set(orders) == set(permutations("abc"))
    assert all(850 < count < 1150 for count in orders.values())
    cards = list(range(52))
    chance.shuffle(cards)
    assert sorted(cards) == list(range(52)) and cards != list(range(52))
