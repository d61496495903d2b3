"""Start-up with many running tables: the bot answers before it has loaded them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
import pytest
from simcord import Env

from bot.storage.deadlines import DeadlineRepository
from bot.tables.model import Player
from cogs.board import TableBoard
from games.catalog import CATALOG
from tests.bot.test_turn_clock import clocked_game
from tests.e2e.helpers import BotFactory, bot_of, text_of

STORED = 25
"""Running tables besides the one clicked, each with a clock."""


async def _no_resume(self: TableBoard) -> None:
    return None


async def test_a_restart_with_many_tables_answers_its_first_click_before_loading_them(
    simcord_env: Env, bots: BotFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    room, members, clicked = await clocked_game(simcord_env, 60, "ann", "bo")
    service = bot_of(simcord_env).tables
    others = []
    for n in range(STORED):
        lobby = await service.open(
            guild_id=room.guild.id,
            channel_id=room.guild.create_text_channel(f"table-{n}").id,
            game_key="short_changed",
            host=Player("Host", 50_000 + n),
        )
        await service.join(lobby.id, Player("Guest", 60_000 + n))
        await service.set_clock(lobby.id, 50_000 + n, 60)
        others.append((await service.start(lobby.id, 50_000 + n)).id)
    old = bot_of(simcord_env)
    await old.turn_clock.stop()
    await old.db.close()
    await simcord_env.advance_time(600)  # down ten minutes: every clock ran out meanwhile
    back = old.tables.now()

    loaded: list[str] = []
    for game in CATALOG.values():
        real = game.load_state

        def counting(text: str, real: Any = real) -> Any:
            loaded.append(text)
            return real(text)

        monkeypatch.setattr(game, "load_state", counting)
    loaded_when_answered: list[int] = []
    real_send = discord.InteractionResponse.send_message

    async def answering(self: discord.InteractionResponse[Any], *args: Any, **kwargs: Any) -> Any:
        loaded_when_answered.append(len(set(loaded)))
        return await real_send(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", answering)
    # The board resumes every running table's ping grace at start-up (cogs/board.py), and
    # loads each table to do it: not the turn clock's or the service's doing, and left
    # out here so this test watches theirs.
    monkeypatch.setattr(TableBoard, "resume", _no_resume)
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    assert loaded == [], "start-up loads no table"

    answer = await members[0].click(room.table_message(), label="Open my hand")

    assert answer.ephemeral and "Your chips" in text_of(answer.response)
    assert loaded_when_answered[0] == 1, "answered when only the clicked table was loaded"
    await bot.turn_clock.idle()  # the clocks restart in the background
    clocks = await DeadlineRepository(bot.db).all()
    assert {deadline.table_id for deadline in clocks} == {clicked, *others}
    restarts = {(clock.started_at, clock.due_at - clock.started_at) for clock in clocks}
    assert len(restarts) == 1, "every clock restarted at once, in a few statements"
    ((restarted, turn),) = restarts
    assert restarted >= back and turn == timedelta(seconds=60)
    assert not any(clock.reminded for clock in clocks), "a whole turn again (AW1)"
