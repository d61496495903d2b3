"""``/tricky notify``: how a member is told it is their turn, and Discord's side of it.

The choices are the member's own preferences (``bot.preferences``); the messages are
sent by :class:`bot.notify.TurnMessages`, through :class:`DiscordDirectMessages` here.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.notify import Delivery, clock_words
from bot.preferences import PlayerPreferences
from bot.tables.model import Table
from cogs.replies import friendly
from cogs.tricky_group import join_tricky, leave_tricky
from games.core.wording import N_, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["UNDELIVERED", "DiscordDirectMessages", "NotifyCog", "setup", "tell_if_undelivered"]

log = logging.getLogger(__name__)

CLOSED_DMS = 50007
"""Discord's "Cannot send messages to this user": their DMs are closed to the bot."""
UNDELIVERED = N_(
    "📭 I could not send you a direct message: your DMs are closed to me. You "
    "still get the pings here. Allow direct messages from this server's "
    "members (Privacy Settings) to get them, or turn them off with /tricky "
    "notify."
)
CLOCKS = [
    app_commands.Choice(name=N_("any turn clock"), value=1),
    app_commands.Choice(name=N_("clocks of 15 minutes or more"), value=900),
    app_commands.Choice(name=N_("clocks of an hour or more"), value=3600),
    app_commands.Choice(name=N_("clocks of 6 hours or more"), value=21_600),
    app_commands.Choice(name=N_("clocks of a day"), value=86_400),
]
WHERE = [
    app_commands.Choice(name=N_("in this server"), value="here"),
    app_commands.Choice(name="everywhere", value="everywhere"),
]


class DiscordDirectMessages:
    """The bot's port for :class:`bot.notify.TurnMessages`."""

    def __init__(self, bot: TrickyBot) -> None:
        self._bot = bot

    async def send(self, user_id: int, text: str) -> Delivery:
        try:
            channel = await self._bot.create_dm(discord.Object(user_id))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code == CLOSED_DMS:
                return "closed"
            log.warning("direct message to %s refused: %s", user_id, error)
            return "failed"
        except discord.HTTPException as error:
            log.warning("direct message to %s failed: %s", user_id, error)
            return "failed"
        return "sent"

    def table_link(self, table: Table) -> str | None:
        if table.message_id is None:
            return None
        return (
            f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"
        )


async def tell_if_undelivered(bot: TrickyBot, interaction: discord.Interaction[Any]) -> None:
    """After a member's move: tell them once that their direct messages were refused."""
    try:
        if await bot.turn_messages.take_undelivered_note(interaction.user.id):
            await interaction.followup.send(tr(UNDELIVERED), ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s their DMs are closed", interaction.user)


def describe(chosen: PlayerPreferences, everywhere: bool) -> str:
    lines = [
        tr("How you are told, everywhere (unless you chose otherwise for a server):")
        if everywhere
        else tr("How you are told, here:"),
        tr("• Turn pings in the table's channel: always."),
    ]
    if chosen.turn_dm and chosen.turn_dm_min_seconds <= 1:
        lines.append(tr("• A direct message when it is your turn at any table with a turn clock."))
    elif chosen.turn_dm:
        lines.append(
            tr(
                "• A direct message when it is your turn at a table whose turn clock is "
                "{clock_words} or more.",
                clock_words=clock_words(chosen.turn_dm_min_seconds),
            )
        )
    else:
        lines.append(tr("• No direct message when it is your turn."))
    lines.append(
        tr("• A direct message when a game you play in ends.")
        if chosen.result_dm
        else tr("• No direct message when a game ends.")
    )
    return "\n".join(lines)


class NotifyCog(commands.Cog, name="NotifyCog"):
    """Adds ``/tricky notify`` to the group owned by the tables cog; connects the port."""

    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot
        self._commands = [self._notify_command()]

    async def cog_load(self) -> None:
        join_tricky(self.bot, self._commands)
        self.bot.turn_messages.connect(DiscordDirectMessages(self.bot))

    async def cog_unload(self) -> None:
        self.bot.turn_messages.connect(None)
        leave_tricky(self.bot, self._commands)

    def _notify_command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(
            name="notify",
            description=N_("Choose to be told by direct message: your turn, results."),
        )
        @app_commands.describe(
            turns=N_("Also a direct message when it is your turn"),
            clock=N_("Only at tables with a turn clock this long or longer"),
            results=N_("A direct message when a game you play in ends"),
            where=N_("For this server only, or everywhere"),
        )
        @app_commands.choices(clock=CLOCKS)
        @app_commands.choices(where=WHERE)
        async def notify(
            interaction: discord.Interaction[Any],
            turns: bool | None = None,
            clock: int | None = None,
            results: bool | None = None,
            where: str = "here",
        ) -> None:
            await self.notify(interaction, turns, clock, results, everywhere=where == "everywhere")

        return notify

    @friendly
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        turns: bool | None,
        clock: int | None,
        results: bool | None,
        *,
        everywhere: bool,
    ) -> None:
        guild_id = None if everywhere else interaction.guild_id
        preferences = self.bot.preferences
        if turns is None and clock is None and results is None:
            chosen = await preferences.for_member(interaction.user.id, guild_id)
            text = describe(chosen, everywhere)
        else:
            async with preferences.editing(interaction.user.id, guild_id) as chosen:
                if turns is not None:
                    chosen.turn_dm = turns
                if clock is not None:
                    chosen.turn_dm_min_seconds = min(max(clock, 0), 86_400)
                    if turns is None:
                        chosen.turn_dm = True  # choosing a clock means wanting the messages
                if results is not None:
                    chosen.result_dm = results
            text = tr("Saved. ") + describe(chosen, everywhere)
            if chosen.turn_dm or chosen.result_dm:
                text += tr("\nMessages never show your hand: only whose turn it is and a link.")
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: TrickyBot) -> None:
    await bot.add_cog(NotifyCog(bot))
