"""Play again: the result message's button that opens the same table once more.

The button is a DynamicItem carrying the finished table's id, so it works on a
result posted before a restart. The table service opens the lobby (same game,
options, turn clock and computer players; the presser hosts; a seat kept for
each of the finished game's people) and stores which game it replays, so a
finished game is played again once: a later press is pointed to that lobby.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui
from discord.ext import commands

from bot.tables.model import Player, Table, TableStatus
from bot.tables.service import TableError
from cogs.controls import tables_cog
from cogs.lobby import lobby_message
from cogs.replies import explain, friendly
from cogs.speaking import server_language
from games.core.wording import speaking, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["PlayAgain", "RematchCog", "lobby_link", "play_again", "setup"]


class PlayAgain(ui.DynamicItem[ui.Button[Any]], template=r"tk:again:(?P<table>\d{1,20})"):
    """``tk:again:<finished table>`` on a result message."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            ui.Button(
                label=tr("Play again"),
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"tk:again:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> PlayAgain:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("RematchCog")
        assert cog is not None, "cogs.rematch is loaded with the bot"
        await cast("RematchCog", cog).play_again(interaction, self.table_id)


def play_again(table_id: int) -> discord.ui.View:
    """The result message's controls."""
    view = discord.ui.View(timeout=None)
    view.add_item(PlayAgain(table_id))
    return view


def lobby_link(table: Table) -> str:
    """Where a table's message is, as a link, or its channel when it has no message."""
    if table.message_id is None:
        return f"<#{table.channel_id}>"
    url = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"
    return tr("[here]({url})", url=url)


class RematchCog(commands.Cog, name="RematchCog"):
    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot

    @friendly
    async def play_again(self, interaction: discord.Interaction[Any], finished_id: int) -> None:
        finished = await self.bot.tables.get(finished_id)
        # A custom id is only what the client sent: the lobby opens where the game was, so
        # the press must come from there (the result message's own channel).
        if finished.guild_id != interaction.guild_id:
            raise TableError(tr("That button belongs to a table in another server."))
        if finished.channel_id != interaction.channel_id:
            raise TableError(tr("Press Play again in the channel where that game was played."))
        settings = await self.bot.guild_settings.get(finished.guild_id)
        home = getattr(interaction.channel, "parent_id", None) or finished.channel_id
        if settings.channels and home not in settings.channels:
            # Moderators may have moved the games elsewhere since this one was played.
            places = " ".join(f"<#{allowed}>" for allowed in settings.channels)
            raise TableError(tr("On this server, tables are opened in {places}.", places=places))
        tables = tables_cog(interaction)
        host = Player(name=interaction.user.display_name, user_id=interaction.user.id)
        async with tables.board.posting(finished.channel_id):
            rematch = await self.bot.tables.rematch(finished_id, host)
            lobby = rematch.lobby
            if not rematch.opened:
                where = lobby_link(lobby)
                if lobby.status is TableStatus.LOBBY:
                    said = tr(
                        "This game's rematch is already open {where}: press Join there.",
                        where=where,
                    )
                else:
                    said = tr(
                        "This game was already played again ({where}): Play again works once.",
                        where=where,
                    )
                await explain(interaction, said)
                return
            presenter = tables.presenters[lobby.game_key]
            kept = lobby.kept_for
            # The new lobby is the channel's: in the server's language, like the board's.
            with speaking(await server_language(self.bot, lobby.guild_id)):
                embed, view = lobby_message(lobby, presenter)
                content = tr("🔁 **{name}** wants to play again.", name=host.name)
                if kept:
                    mentions = " ".join(f"<@{player.user_id}>" for player in kept)
                    content += tr(
                        " {mentions}: press Join to take your seat back.", mentions=mentions
                    )
            await interaction.response.send_message(
                content,
                embed=embed,
                view=view,
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(p.user_id) for p in kept if p.user_id is not None]
                ),
            )
            message = await interaction.original_response()
            await self.bot.tables.set_message(lobby.id, message.id)


async def setup(bot: TrickyBot) -> None:
    bot.add_dynamic_items(PlayAgain)
    await bot.add_cog(RematchCog(bot))
