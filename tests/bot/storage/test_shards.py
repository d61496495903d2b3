"""The SQL for this process's servers agrees with Discord's formula in Python."""

from __future__ import annotations

import sqlite3

from bot.shards import UNSHARDED, Shards
from bot.storage.shards import ours
from tests.bot.test_shards import snowflakes


def test_the_sql_condition_finds_exactly_the_servers_the_process_owns() -> None:
    database = sqlite3.connect(":memory:")
    database.execute("CREATE TABLE tables (guild_id INTEGER NOT NULL)")
    guilds = snowflakes(500)
    database.executemany("INSERT INTO tables VALUES (?)", [(guild,) for guild in guilds])
    for shards in (
        Shards(2, frozenset({1})),
        Shards(5, frozenset({0, 3})),
        Shards(3, frozenset({0, 1, 2})),
        UNSHARDED,
    ):
        condition, params = ours(shards, "guild_id")
        query = f"SELECT guild_id FROM tables WHERE {condition}"
        found = {row[0] for row in database.execute(query, params)}
        assert found == {guild for guild in guilds if shards.owns(guild)}
        assert found  # each of these owns some of 500 servers
