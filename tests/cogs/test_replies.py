"""A database another process keeps locked: the player is told, briefly, and nothing is lost."""

from __future__ import annotations

import sqlite3

from simcord import Env

from games.short_changed import GAME
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.helpers import Room, bot_of, labels, text_of


async def test_a_move_while_the_database_is_locked_is_refused_kindly_then_works(
    simcord_env: Env,
) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    (ann, _bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    put = next(label for label in labels(panel) if label.startswith("Put in"))

    other = sqlite3.connect(bot.db.path, isolation_level=None, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")  # a backup, the sqlite3 shell, holding the write lock
        refused = await ann.click(panel, label=put)
        assert refused.acknowledged
        assert "busy" in text_of(panel) and "Try again" in text_of(panel)
        other.execute("ROLLBACK")
    finally:
        other.close()
    table = await bot.tables.get(table_id)
    assert table.version == 0
    assert GAME.load_state(table.state_json or "").antes == [None, None]

    await ann.click(panel, label=put)
    assert "You put" in text_of(panel)
    assert (await bot.tables.get(table_id)).version == 1
