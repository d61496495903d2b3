"""Finding things: the **Tricky stats** context menu on a member.

Right-click (or long-press) a member, Apps, Tricky stats: their record on this
server, answered privately, the same as ``/tricky stats member``. The
autocomplete callbacks the commands use live in :mod:`cogs.autocomplete`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.app import TrickyBot
    from cogs.leaderboard import LeaderboardCog

__all__ = ["FindingCog", "setup"]


class FindingCog(commands.Cog, name="FindingCog"):
    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot
        self.stats_menu = app_commands.ContextMenu(name="Tricky stats", callback=self.stats_of)
        app_commands.guild_only()(self.stats_menu)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.stats_menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.stats_menu.name, type=self.stats_menu.type)

    async def stats_of(
        self, interaction: discord.Interaction[Any], member: discord.Member | discord.User
    ) -> None:
        board = cast("LeaderboardCog | None", self.bot.get_cog("LeaderboardCog"))
        assert board is not None, "cogs.leaderboard is loaded with the bot"
        await board.show_stats(interaction, member.id, member.display_name)


async def setup(bot: TrickyBot) -> None:
    await bot.add_cog(FindingCog(bot))
