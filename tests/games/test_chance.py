"""The seeded luck every game keeps in its state (games/core/chance.py)."""

from __future__ import annotations

import json
import random
from collections import Counter
from hashlib import sha256
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from games.catalog import CATALOG
from games.core.chance import LUCK_BY_WORDS, Chance, WordLuck, fresh_seed


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


# -- which luck a seed draws (games.core.chance.LUCK_BY_WORDS) ------------------------------------

OLD_GAMES = json.loads((Path(__file__).parent / "data" / "games_before_word_luck.json").read_text())


@pytest.mark.parametrize("record", OLD_GAMES["games"], ids=lambda record: record["game"])
def test_a_game_played_before_word_luck_replays_exactly(record: dict[str, Any]) -> None:
    """Stored by the code before fresh_seed (seed, moves, and the state they ended in):
    replayed as the bot rebuilds a replay, the same cards, dice and draws come up."""
    game = CATALOG[record["game"]]
    assert record["seed"] < LUCK_BY_WORDS  # every table seeded then had 62 bits
    state = game.new(record["seats"], record["seed"])
    for seat, action in record["moves"]:
        game.apply(state, seat, game.parse_action(action))
    assert sha256(game.dump_state(state).encode()).hexdigest() == record["state_sha256"]


def test_seeds_below_the_mark_keep_their_generators() -> None:
    chance = Chance(2**62 - 1)
    luck = chance.next()
    assert isinstance(luck, random.Random)
    assert luck.random() == random.Random(f"{2**62 - 1}/1").random()


def test_fresh_seeds_draw_each_event_from_its_words() -> None:
    seed = fresh_seed(random.Random(5).getrandbits)
    assert LUCK_BY_WORDS <= seed < 2**63  # fits a signed 64-bit column
    words = Chance(seed, draws=2).words(3)
    luck = Chance(seed, draws=2).next()
    assert isinstance(luck, WordLuck)
    assert luck.randrange(10) == words[0] * 10 >> 64
    assert luck.randint(1, 6) == 1 + (words[1] * 6 >> 64)  # the event reads on
    assert luck.choice("abc") == "abc"[words[2] * 3 >> 64]


def test_word_luck_shuffles_and_picks_uniformly() -> None:
    chance = Chance(fresh_seed(random.Random(6).getrandbits))
    orders: Counter[tuple[str, ...]] = Counter()
    rolls: Counter[int] = Counter()
    for _ in range(6000):
        items = ["a", "b", "c"]
        luck = chance.next()
        luck.shuffle(items)
        orders[tuple(items)] += 1
        rolls[luck.randint(1, 6)] += 1
    assert set(orders) == set(permutations("abc"))
    assert all(850 < count < 1150 for count in orders.values())
    assert set(rolls) == set(range(1, 7))
    assert all(850 < count < 1150 for count in rolls.values())
    assert 0.0 <= chance.next().random() < 1.0
    with pytest.raises(IndexError):
        chance.next().choice([])
