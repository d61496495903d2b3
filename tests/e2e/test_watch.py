"""Watch end to end: a bystander's private copy of a running table follows the game,
shows only what the channel shows, and is refused to a player and after the end."""

from __future__ import annotations

import random
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from cogs.presenters.fraud import hand_text
from games.fraud import GAME
from tests.e2e.helpers import Room, bot_of, labels, planted, text_of
from tests.e2e.pseudo_check import marked
from tests.e2e.test_fraud import Game, table_id_of


async def settle(bot: TrickyBot) -> None:
    cog: Any = bot.get_cog("TablesCog")
    await cog.board.drain()


def table_embeds(message: Any) -> list[dict[str, Any]]:
    """The embeds' words but for the fields' values: the table message also shows its
    picture, beside which each seat's line is shorter; the Watch copy is the whole text."""
    return [
        {
            "title": embed.title,
            "description": embed.description,
            "footer": embed.footer.text,
            "fields": [field.name for field in embed.fields],
        }
        for embed in message.embeds
    ]


async def test_a_bystander_watches_a_running_table_that_updates_itself(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    ann, bo = room.add("ann", "bo")
    await ann.slash(room.channel, "tricky new", game="fraud")
    await bo.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    game = Game(room, bot, table_id_of(room.table_message()), [ann, bo])
    assert "Watch" in labels(room.table_message())

    refused = await ann.click(room.table_message(), label="Watch")
    assert refused.ephemeral and refused.response is not None
    assert "You are playing here" in refused.response.content

    watching = await room.bystander.click(room.table_message(), label="Watch")
    assert watching.ephemeral and watching.response is not None
    assert "You are watching" in watching.response.content
    assert table_embeds(watching.response) == table_embeds(room.table_message())

    rng = random.Random(1)
    for _ in range(4):
        state = await game.state()
        (seat,) = GAME.to_act(state)
        before = table_embeds(room.table_message())
        await bot.tables.act(
            game.table_id, game.seats[seat].id, GAME.random_action(state, seat, rng)
        )
        await settle(bot)
        if GAME.outcome(await game.state()) is not None:
            break
        panel = watching.response
        assert panel is not None
        now = table_embeds(room.table_message())
        assert now != before and table_embeds(panel) == now  # it followed the move
        state = await game.state()
        for hand in state.hands:  # nothing the channel does not show
            assert hand_text(hand) not in text_of(panel)

    await bot.tables.stop(game.table_id, ann.id, moderator=False)
    await settle(bot)
    ended = next(m for m in reversed(room.public_messages()) if "Full log" in labels(m))
    assert "Watch" not in labels(ended)
    stale = await planted(bot, room, f"tk:table:{game.table_id}:watch")
    late = await room.bystander.click(stale, custom_id=f"tk:table:{game.table_id}:watch")
    assert late.ephemeral and late.response is not None
    assert "This game is over" in late.response.content


async def test_watch_is_refused_from_a_channel_other_than_the_tables(simcord_env: Env) -> None:
    """Review: _watch checks only the server (TablesCog._here), so a member who cannot see
    a private channel watches its game by sending tk:table:<id>:watch from any channel of
    the server (table ids are sequential). Play again checks the channel; Watch should too."""
    import discord

    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    ann, bo = room.add("ann", "bo")
    await ann.slash(room.channel, "tricky new", game="fraud")
    await bo.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    table_id = table_id_of(room.table_message())
    lobby = room.guild.create_text_channel("lobby")
    sent = bot.get_channel(lobby.id)
    assert isinstance(sent, discord.TextChannel)
    view = discord.ui.View(timeout=None)
    forged = marked("forged")  # the test's stand-in for a message of the bot's
    view.add_item(discord.ui.Button(label=forged, custom_id=f"tk:table:{table_id}:watch"))
    message = await sent.send(view=view)
    view.stop()
    found = next(m for m in lobby.history() if m.id == message.id)
    answer = await room.bystander.click(found, custom_id=f"tk:table:{table_id}:watch")
    assert answer.response is not None
    assert "You are watching" not in answer.response.content
