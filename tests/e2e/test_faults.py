"""Doubled and late clicks through the whole bot: applied once, answered kindly, never a crash."""

from __future__ import annotations

from typing import Any

from simcord import Env

from bot.app import TrickyBot
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.helpers import Room, bot_of, custom_ids, labels, planted, text_of
from tests.e2e.test_short_changed import Game


async def events(bot: TrickyBot, table_id: int) -> int:
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM events WHERE table_id = ?", (table_id,))
    assert row is not None
    return int(row[0])


def reply_text(result: Any) -> str:
    assert result.response is not None and result.response.ephemeral, "answered privately"
    return text_of(result.response)


async def test_the_same_click_delivered_twice_moves_once(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo", "cy")
    await start(room, members[0])
    game = Game(simcord_env, room, bot, table_id)
    panel = await game.open_hand(members[0])
    put_in = next(cid for cid in custom_ids(panel) if ":a:" in cid)
    message = await planted(bot, room, put_in)
    first = await members[0].click(message, custom_id=put_in)
    assert "You put" in reply_text(first)
    again = await members[0].click(message, custom_id=put_in)
    assert "moved on" in reply_text(again)
    assert await events(bot, table_id) == 1
    simcord_env.raise_errors()


async def test_a_click_on_the_panel_of_a_finished_game(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo", "cy")
    await start(room, members[0])
    game = Game(simcord_env, room, bot, table_id)
    for member in members:
        panel = await game.open_hand(member)
        await member.click(panel, label=next(x for x in labels(panel) if x.startswith("Put in")))
    state = await game.state()
    guesser, target = state.turn, (state.turn + 1) % 3
    old_panels = [await game.open_hand(member) for member in members]
    said = await members[guesser].slash(
        room.channel,
        "tricky guess",
        player=str(target + 1),
        total=state.hands[target].value,
    )
    assert "right" in reply_text(said)
    finished = await bot.tables.get(table_id)
    logged = await events(bot, table_id)

    for member, panel in zip(members, old_panels, strict=True):
        message = await planted(bot, room, *custom_ids(panel))
        for custom_id in custom_ids(panel):
            clicked = await member.click(message, custom_id=custom_id)
            answer = reply_text(clicked)
            assert "game is over" in answer, answer
    assert await bot.tables.get(table_id) == finished
    assert await events(bot, table_id) == logged
    simcord_env.raise_errors()
