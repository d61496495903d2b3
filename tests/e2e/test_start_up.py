"""Start-up with many running tables: the bot answers before it has loaded them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
import pytest
from simcord import Env

from bot.storage.deadlines import DeadlineRepository
from bot.storage.tables import TableRepository
from bot.tables.model import Player
from cogs.board import RESUMING_AT_ONCE, TableBoard
from games.catalog import CATALOG
from tests.bot.test_turn_clock import clocked_game
from tests.cogs.test_board import posted_pings
from tests.e2e.helpers import BotFactory, as_the_bot, bot_of, text_of
from tests.e2e.pseudo_check import Watch

STORED = 25
"""Running tables besides the one clicked, each with a clock."""


async def test_a_restart_with_many_tables_answers_its_first_click_before_loading_them(
    simcord_env: Env, bots: BotFactory, monkeypatch: pytest.MonkeyPatch, pseudo_everywhere: Watch
) -> None:
    room, members, clicked = await clocked_game(simcord_env, 60, "ann", "bo")
    service = bot_of(simcord_env).tables
    others = []
    pseudo_everywhere.more_names |= {"Host", "Guest"}  # seats the service made, not Discord
    # As the bot: the board's redraws these start are then work simcord waits for, all done
    # before the database closes below (started from the test, they would run on unseen).
    for n in range(STORED):
        channel = room.guild.create_text_channel(f"table-{n}")
        with as_the_bot(simcord_env):
            lobby = await service.open(
                guild_id=room.guild.id,
                channel_id=channel.id,
                game_key="short_changed",
                host=Player("Host", 50_000 + n),
            )
            await service.join(lobby.id, Player("Guest", 60_000 + n))
            await service.set_clock(lobby.id, 50_000 + n, 60)
            others.append((await service.start(lobby.id, 50_000 + n)).id)
    await simcord_env.settle()
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
    rows: list[int] = []
    real_read = TableRepository._read

    async def reading(self: TableRepository, table_id: int) -> Any:
        rows.append(table_id)
        return await real_read(self, table_id)

    monkeypatch.setattr(TableRepository, "_read", reading)
    loaded_when_answered: list[tuple[int, set[int]]] = []
    real_send = discord.InteractionResponse.send_message

    async def answering(self: discord.InteractionResponse[Any], *args: Any, **kwargs: Any) -> Any:
        loaded_when_answered.append((len(set(loaded)), set(rows)))
        return await real_send(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", answering)
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    assert loaded == [] and rows == [], "start-up loads no table, not even its row"

    answer = await members[0].click(room.table_message(), label="Open my hand")

    assert answer.ephemeral and "Your chips" in text_of(answer.response)
    ((states, read),) = loaded_when_answered
    assert states == 1, "answered when only the clicked table's state was loaded"
    assert read == {clicked}, "...and only its row read: the board's resume waits its grace"
    await bot.turn_clock.idle()  # the clocks restart in the background
    clocks = await DeadlineRepository(bot.db).all()
    assert {deadline.table_id for deadline in clocks} == {clicked, *others}
    restarts = {(clock.started_at, clock.due_at - clock.started_at) for clock in clocks}
    assert len(restarts) == 1, "every clock restarted at once, in a few statements"
    ((restarted, turn),) = restarts
    assert restarted >= back and turn == timedelta(seconds=60)
    assert not any(clock.reminded for clock in clocks), "a whole turn again (AW1)"

    # Once the server's grace has run out, every table is drawn and its players pinged,
    # as before the restart, but a few tables at a time rather than all at once.
    drawing, most = 0, 0
    real_redraw = TableBoard._redraw

    async def redrawing(self: TableBoard, table_id: int) -> None:
        nonlocal drawing, most
        drawing += 1
        most = max(most, drawing)
        try:
            await real_redraw(self, table_id)
        finally:
            drawing -= 1

    monkeypatch.setattr(TableBoard, "_redraw", redrawing)
    await simcord_env.advance_time(19)
    assert posted_pings(simcord_env) == []
    await simcord_env.advance_time(2)
    board: TableBoard = bot.get_cog("TablesCog").board  # type: ignore[union-attr]
    await board.drain()
    await simcord_env.advance_time(1)
    assert len(posted_pings(simcord_env)) == STORED + 1
    assert 1 < most <= RESUMING_AT_ONCE
