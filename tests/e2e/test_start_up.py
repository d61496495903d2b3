"""Start-up with many running tables: the bot answers before it has loaded them."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from bot.storage.deadlines import DeadlineRepository
from bot.tables.model import Player
from games.catalog import CATALOG
from tests.bot.test_turn_clock import clocked_game
from tests.e2e.helpers import BotFactory, bot_of, text_of

STORED = 40
"""Running tables besides the one clicked, each with a clock."""


async def test_a_restart_with_many_tables_answers_its_first_click_before_loading_them(
    simcord_env: Env, bots: BotFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    room, members, clicked = await clocked_game(simcord_env, 60, "ann", "bo")
    service = bot_of(simcord_env).tables
    others = []
    for n in range(STORED):
        lobby = await service.open(
            guild_id=room.guild.id,
            channel_id=10_000 + n,
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

    loaded: list[str] = []
    for game in CATALOG.values():
        real = game.load_state

        def counting(text: str, real: Any = real) -> Any:
            loaded.append(text)
            return real(text)

        monkeypatch.setattr(game, "load_state", counting)
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    assert loaded == [], "start-up loads no table"

    answer = await members[0].click(room.table_message(), label="Open my hand")

    assert answer.ephemeral and "Your chips" in text_of(answer.response)
    assert len(set(loaded)) == 1, "the click loaded its own table only"
    await bot.turn_clock.idle()  # the clocks restart in the background
    clocks = await DeadlineRepository(bot.db).all()
    assert {deadline.table_id for deadline in clocks} == {clicked, *others}
    now = bot.tables.now()
    assert all(deadline.started_at == now and not deadline.reminded for deadline in clocks), (
        "every seat to act has a whole turn again (AW1)"
    )
