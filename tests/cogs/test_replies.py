"""Answering users: a command's crash is apologised for once; a database another process keeps
locked is explained briefly, and nothing is lost; slow work is deferred in time."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Any, cast

import discord
import pytest
from simcord import Env

from cogs.replies import SORRY, deferring_if_slow
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


class Response:
    def __init__(self, done: bool = False) -> None:
        self.done, self.deferrals = done, 0

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False) -> None:
        assert ephemeral, "a deferred answer to come is for its user alone"
        self.done, self.deferrals = True, self.deferrals + 1


def interaction(response: Response) -> discord.Interaction[Any]:
    return cast("discord.Interaction[Any]", type("Interaction", (), {"response": response})())


async def answer_after(seconds: float) -> str:
    await asyncio.sleep(seconds)
    return "answer"


async def test_quick_work_leaves_the_interaction_to_be_answered_as_usual() -> None:
    response = Response()
    assert await deferring_if_slow(interaction(response), answer_after(0), after=1.0) == "answer"
    assert response.deferrals == 0 and not response.done


async def test_slow_work_is_deferred_once_and_its_result_still_returned() -> None:
    response = Response()
    assert await deferring_if_slow(interaction(response), answer_after(0.1), after=0.01) == "answer"
    assert response.deferrals == 1


async def test_an_interaction_answered_already_is_not_deferred_again() -> None:
    response = Response(done=True)
    assert await deferring_if_slow(interaction(response), answer_after(0.1), after=0.01) == "answer"
    assert response.deferrals == 0


class RefusingResponse(Response):
    async def defer(self, *, ephemeral: bool = False) -> None:
        response: Any = type("Response", (), {"status": 503, "reason": "", "headers": {}})
        raise discord.HTTPException(response, {"message": "unavailable", "code": 0})


async def test_work_goes_on_when_discord_refuses_the_deferral() -> None:
    """The work may be a lobby changing hands: it finishes, and its result comes back."""
    finished = asyncio.Event()

    async def work() -> str:
        await asyncio.sleep(0.05)
        finished.set()
        return "passed on"

    response = RefusingResponse()
    assert await deferring_if_slow(interaction(response), work(), after=0.01) == "passed on"
    assert finished.is_set()


async def test_a_handler_cancelled_meanwhile_stops_the_work_too() -> None:
    started, stopped = asyncio.Event(), asyncio.Event()

    async def work() -> None:
        started.set()
        try:
            await asyncio.sleep(3600)
        finally:
            stopped.set()

    handler = asyncio.create_task(deferring_if_slow(interaction(Response()), work(), after=0.01))
    await started.wait()
    handler.cancel()
    with pytest.raises(asyncio.CancelledError):
        await handler
    assert stopped.is_set()
