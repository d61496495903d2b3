"""The one ``/tricky`` group that several cogs add their commands to.

``cogs.tables`` owns the group; a cog loaded after it joins its commands in
``cog_load`` and takes them out again in ``cog_unload``, so reloading a cog
never leaves a command behind or registers it twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord import app_commands
from discord.ext.commands.bot import BotBase

__all__ = ["join_tricky", "leave_tricky"]

TrickyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


def join_tricky(bot: BotBase, added: Sequence[TrickyCommand]) -> None:
    group = bot.tree.get_command("tricky")
    assert isinstance(group, app_commands.Group), "load cogs.tables first"
    for command in added:
        group.add_command(command)


def leave_tricky(bot: BotBase, added: Sequence[TrickyCommand]) -> None:
    group = bot.tree.get_command("tricky")
    if isinstance(group, app_commands.Group):
        for command in added:
            group.remove_command(command.name)
