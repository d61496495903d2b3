"""Answering users: a command's crash is apologised for once; a database another process keeps
locked is explained briefly, and nothing is lost."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from simcord import Env

from cogs.replies import SORRY
from games.short_changed import GAME
from games.short_changed.model import Ante
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.helpers import Room, bot_of, custom_ids, labels, text_of


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


async def test_a_command_that_crashes_is_apologised_for_and_logged_once(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    (ann,) = room.add("ann")

    async def broken(channel_id: int) -> None:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(bot.tables, "in_channel", broken)
    with caplog.at_level(logging.ERROR, logger="cogs.replies"):
        answer = await ann.slash(room.channel, "tricky hand")
    assert answer.ephemeral and answer.response is not None
    assert answer.response.content == SORRY and not answer.followups
    assert [record.exc_info[0] for record in caplog.records if record.exc_info] == [RuntimeError]


async def test_a_panel_whose_move_crashed_is_still_kept_up_to_date(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    assert panel is not None
    put = next(label for label in labels(panel) if label.startswith("Put in"))
    act = bot.tables.act

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(bot.tables, "act", broken)
    sorry = await ann.click(panel, label=put)
    assert sorry.acknowledged and SORRY in text_of(panel)  # said on the panel itself
    monkeypatch.setattr(bot.tables, "act", act)

    state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
    await bot.tables.act(table_id, bo.id, Ante(next(state.hands[1].colours())))
    await bot.get_cog("TablesCog").board.drain()  # type: ignore[union-attr]
    assert all(f"tk:panel:{table_id}:1:" in cid for cid in custom_ids(panel))  # redrawn at v1
