"""Play again end to end: the result's button, its lobby, a restart, a second press, a busy
channel, and the seats kept for the finished game's players."""

from __future__ import annotations

from typing import Any

import discord
from simcord import Env

from bot.app import TrickyBot
from bot.tables.model import TableStatus
from tests.cogs.test_tables import open_lobby, start, table_id_in
from tests.e2e.conftest import BotFactory
from tests.e2e.helpers import Room, bot_of, custom_ids, labels, text_of
from tests.e2e.test_short_changed import Game


def reply(result: Any) -> str:
    assert result.response is not None and result.response.ephemeral, "answered privately"
    return text_of(result.response)


def result_message(room: Room) -> discord.Message:
    for message in reversed(room.public_messages()):
        if "Play again" in labels(message):
            return message
    raise AssertionError("no result message with Play again")


async def posted_in(bot: TrickyBot, channel: Any, custom_id: str) -> discord.Message:
    """A message of the bot's in ``channel`` carrying a button with ``custom_id``: what a
    modified client could click (see ``tests.e2e.helpers.planted``)."""
    sent = bot.get_channel(channel.id)
    assert isinstance(sent, discord.TextChannel)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    message = await sent.send(view=view)
    view.stop()
    found: discord.Message = next(m for m in channel.history() if m.id == message.id)
    return found


def opening_post(env: Env) -> Any:
    """What the latest Play again press posted, as sent to Discord."""
    for request in reversed(env.http_requests):
        data = (request.json or {}).get("data", {}) if request.method == "POST" else {}
        if "wants to play again" in (data.get("content") or ""):
            return data
    raise AssertionError("no Play again post")


async def play_to_the_end(env: Env, room: Room, bot: TrickyBot, members: list[Any]) -> int:
    """A Short Changed game at this channel's table, won by a right guess."""
    table_id = table_id_in(room.table_message())
    game = Game(env, room, bot, table_id)
    for member in members:
        panel = await game.open_hand(member)
        await member.click(panel, label=next(x for x in labels(panel) if x.startswith("Put in")))
    state = await game.state()
    guesser, target = state.turn, (state.turn + 1) % len(members)
    await members[guesser].slash(
        room.channel, "tricky guess", player=str(target + 1), total=state.hands[target].value
    )
    assert (await bot.tables.get(table_id)).status is TableStatus.FINISHED
    return table_id


async def test_play_again_after_a_restart_opens_the_same_table_once(
    simcord_env: Env, bots: BotFactory
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    members, first_id = await open_lobby(room, "ann", "bo", "cy")
    ann, bo, cy = members
    await ann.select(room.lobby_message(), ["clock:3600"], custom_id=f"tk:seat:{first_id}")
    await ann.select(room.lobby_message(), ["25"], custom_id=f"tk:opt:{first_id}:stalemate_rounds")
    await start(room, ann)
    await play_to_the_end(env, room, bot, members)
    await bot.tables.get(first_id)
    result = result_message(room)
    assert custom_ids(result) == [f"tk:again:{first_id}"]

    await bot.db.close()
    bot = bots()
    await env.restart_bot(bot)

    pressed = await bo.click(result, label="Play again")
    assert not pressed.ephemeral
    posted = room.lobby_message()
    # The lobby's post calls the kept players (and only them) by name, once.
    said = opening_post(env)
    assert said["content"].endswith(f"<@{ann.id}> <@{cy.id}>: press Join to take your seat back.")
    assert sorted(int(user) for user in said["allowed_mentions"]["users"]) == sorted(
        [ann.id, cy.id]
    )
    lobby = await bot.tables.get(table_id_in(posted))
    assert lobby.id != first_id and lobby.rematch_of == first_id
    assert lobby.host_id == bo.id and lobby.turn_seconds == 3600
    assert lobby.options["stalemate_rounds"] == 25
    shown = text_of(room.lobby_message())
    assert "bo (host)" in shown and "1 hour" in shown and "Rounds before a draw: 25" in shown
    assert "Seats kept for the last game's players ann, cy" in shown

    # A second press, by anyone, points to that lobby and opens nothing.
    again = await cy.click(result, label="Play again")
    said = reply(again)
    assert "already open" in said and str(posted.id) in said
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM tables WHERE rematch_of = ?", (first_id,))
    assert row is not None and row[0] == 1

    # The kept players take their seats back with one press each; the lobby starts as usual.
    await ann.click(room.lobby_message(), label="Join")
    await cy.click(room.lobby_message(), label="Join")
    shown = text_of(room.lobby_message())
    assert "Seats (3 of 2-6)" in shown and "Seats kept for" not in shown
    await start(room, bo)
    second_id = await play_to_the_end(env, room, bot, [bo, ann, cy])
    assert second_id == lobby.id
    assert custom_ids(result_message(room)) == [f"tk:again:{second_id}"]

    # The first game's button now says that game was played again.
    late = reply(await ann.click(result, label="Play again"))
    assert "already played again" in late
    env.raise_errors()


async def test_play_again_is_refused_while_the_channel_has_a_table(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    members, first_id = await open_lobby(room, "ann", "bo")
    await start(room, members[0])
    await play_to_the_end(env, room, bot, members)
    result = result_message(room)
    (dee,) = room.add("dee")
    await dee.slash(room.channel, "tricky new", game="tricky")
    busy = reply(await members[1].click(result, label="Play again"))
    assert "already a Tricky lobby in this channel" in busy
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM tables WHERE rematch_of = ?", (first_id,))
    assert row is not None and row[0] == 0

    # Once that table closes, the game can still be played again.
    await dee.click(room.lobby_message(), label="Cancel")
    pressed = await members[1].click(result, label="Play again")
    assert not pressed.ephemeral
    assert (await bot.tables.get(table_id_in(room.lobby_message()))).rematch_of == first_id
    env.raise_errors()


async def test_a_game_ended_early_with_a_computer_plays_again_with_it(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    members, first_id = await open_lobby(room, "ann", "bo")
    await members[0].select(room.lobby_message(), ["add:easy"], custom_id=f"tk:seat:{first_id}")
    await start(room, members[0])
    await members[0].slash(room.channel, "tricky end")
    await members[1].click(result_message(room), label="Play again")
    lobby = await bot.tables.get(table_id_in(room.lobby_message()))
    assert [(p.user_id, p.computer) for p in lobby.seats] == [
        (members[1].id, None),
        (None, "easy"),
    ]
    env.raise_errors()


async def test_a_forged_play_again_for_another_channel_or_server_is_refused(
    simcord_env: Env,
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    members, first_id = await open_lobby(room, "ann", "bo")
    await start(room, members[0])
    await play_to_the_end(env, room, bot, members)
    elsewhere = room.guild.create_text_channel("elsewhere")
    forged = f"tk:again:{first_id}"
    said = reply(await members[0].click(await posted_in(bot, elsewhere, forged), label="forged"))
    assert "where that game was played" in said
    other = Room(env)
    (eve,) = other.add("eve")
    said = reply(await eve.click(await posted_in(bot, other.channel, forged), label="forged"))
    assert "another server" in said
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM tables WHERE rematch_of IS NOT NULL")
    assert row is not None and row[0] == 0
    env.raise_errors()


async def test_play_again_keeps_to_the_channels_moderators_allow(simcord_env: Env) -> None:
    """A result message left in a channel the server has since closed to tables opens
    nothing there, as /tricky new would not."""
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    members, first_id = await open_lobby(room, "ann", "bo")
    await start(room, members[0])
    await play_to_the_end(env, room, bot, members)
    async with bot.guild_settings.editing(room.guild.id) as settings:
        settings.channels = [room.channel.id + 1]
    refused = reply(await members[1].click(result_message(room), label="Play again"))
    assert "tables are opened in" in refused
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM tables WHERE rematch_of = ?", (first_id,))
    assert row is not None and row[0] == 0
    env.raise_errors()
