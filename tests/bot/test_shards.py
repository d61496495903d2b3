"""Shards: Discord's formula decides which process serves a server, in Python and in SQL."""

from __future__ import annotations

import random
import sqlite3

import pytest

from bot.shards import UNSHARDED, Shard


def snowflakes(count: int, seed: int = 7) -> list[int]:
    """Server ids as Discord makes them: a timestamp above 22 bits of worker and sequence
    (41 bits of it, which reaches past the year 2080 and keeps the id a signed 64-bit int)."""
    rng = random.Random(seed)
    return [rng.getrandbits(41) << 22 | rng.getrandbits(22) for _ in range(count)]


def test_the_shard_of_a_server_comes_from_the_timestamp_bits_of_its_id() -> None:
    # Only the bits above 22 count: the low ones (worker, sequence) never move a server.
    guild = (5 << 22) | 0x3FFFFF
    assert [Shard(n, 3).owns(guild) for n in range(3)] == [False, False, True]
    assert Shard(1, 4).owns(5 << 22)
    assert Shard(0, 1).owns(guild)


def test_every_server_belongs_to_exactly_one_shard() -> None:
    shards = [Shard(n, 3) for n in range(3)]
    for guild in snowflakes(300):
        assert sum(shard.owns(guild) for shard in shards) == 1


@pytest.mark.parametrize(("shard_id", "count"), [(2, 2), (-1, 2), (0, 0)])
def test_a_shard_outside_the_count_does_not_exist(shard_id: int, count: int) -> None:
    with pytest.raises(ValueError, match="does not exist"):
        Shard(shard_id, count)


def test_the_sql_condition_finds_exactly_the_servers_the_shard_owns() -> None:
    database = sqlite3.connect(":memory:")
    database.execute("CREATE TABLE tables (guild_id INTEGER NOT NULL)")
    guilds = snowflakes(500)
    database.executemany("INSERT INTO tables VALUES (?)", [(guild,) for guild in guilds])
    for shard in (Shard(0, 2), Shard(1, 2), Shard(2, 5), UNSHARDED):
        condition, params = shard.where("guild_id")
        found = {
            row[0]
            for row in database.execute(f"SELECT guild_id FROM tables WHERE {condition}", params)
        }
        assert found == {guild for guild in guilds if shard.owns(guild)}
        assert found  # each of these shards owns some of 500 servers
