"""Shards: Discord's formula decides which process serves a server."""

from __future__ import annotations

import random

import pytest

from bot.shards import UNSHARDED, Shards


def snowflakes(count: int, seed: int = 7) -> list[int]:
    """Server ids as Discord makes them: a timestamp above 22 bits of worker and sequence
    (41 bits of it, which reaches past the year 2080 and keeps the id a signed 64-bit int)."""
    rng = random.Random(seed)
    return [rng.getrandbits(41) << 22 | rng.getrandbits(22) for _ in range(count)]


def test_the_shard_of_a_server_comes_from_the_timestamp_bits_of_its_id() -> None:
    # Only the bits above 22 count: the low ones (worker, sequence) never move a server.
    guild = (5 << 22) | 0x3FFFFF
    assert [Shards(3, frozenset({n})).owns(guild) for n in range(3)] == [False, False, True]
    assert Shards(4, frozenset({1})).owns(5 << 22)
    assert Shards(6, frozenset({1, 5})).owns(guild)
    assert UNSHARDED.owns(guild)


def test_processes_splitting_the_shards_serve_every_server_once() -> None:
    processes = [Shards(5, frozenset({0, 2, 4})), Shards(5, frozenset({1, 3}))]
    for guild in snowflakes(300):
        assert sum(process.owns(guild) for process in processes) == 1


@pytest.mark.parametrize(("count", "ids"), [(2, {2}), (2, {-1}), (0, {0}), (3, set()), (3, {0, 3})])
def test_shards_outside_the_count_do_not_exist(count: int, ids: set[int]) -> None:
    with pytest.raises(ValueError, match="do not exist"):
        Shards(count, frozenset(ids))
