"""Answering users: short, friendly, ephemeral, and never a traceback."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.errors import UserError
from cogs.speaking import speak_to_member
from games.core.wording import N_, tr

__all__ = [
    "DEFER_AFTER",
    "EXPLAINED",
    "SORRY",
    "Refused",
    "command_failed",
    "deferring_if_slow",
    "explain",
    "friendly",
    "is_moderator",
]

log = logging.getLogger(__name__)

SORRY = N_("Something went wrong on our side, so nothing changed. Please try again.")
EXPLAINED = UserError
"""The errors whose message is written for the user (a refused move, a table that does
not exist, a busy database, a setting not allowed): shown as is, never logged as a crash."""

DEFER_AFTER = 1.0
"""Seconds a handler may wait on something slow (a question to Discord) before it defers
the interaction: Discord wants an answer within 3 seconds."""

P = ParamSpec("P")
S = TypeVar("S")
T = TypeVar("T")


async def explain(interaction: discord.Interaction[Any], text: str) -> None:
    """Tell only this user, whether or not the interaction has been answered yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not explain to %s: %s", interaction.user, text)


async def deferring_if_slow(
    interaction: discord.Interaction[Any], work: Awaitable[T], *, after: float = DEFER_AFTER
) -> T:
    """``work``'s result; should it take longer than ``after``, the interaction is deferred
    meanwhile (privately), so Discord's 3 seconds are kept however long it takes.

    Quick work leaves the interaction unanswered, to be answered as usual: a refusal
    is still the click's own reply, not a follow-up. A deferral Discord refuses is
    logged and the work goes on: it may change a table (a lobby passing to a new host),
    which must finish and be announced whether or not this click can still be answered.
    """
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=after)
        if not done and not interaction.response.is_done():
            try:
                # A button's deferral shows nothing; a command's shows "thinking" to its user.
                await interaction.response.defer(ephemeral=True)
            except discord.HTTPException as error:
                log.warning("could not defer while waiting: %r", error)
        return await task
    finally:
        task.cancel()  # only if this handler was cancelled first: a finished task ignores it


class Refused(UserError, app_commands.CheckFailure):
    """A command's check failed for a reason the user is told as written."""


async def command_failed(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """Every slash command's error ends here, once: explain mistakes, apologise for the rest.

    It is the command tree's ``on_error``. discord.py calls that one after any cog's error
    handler, so no cog handles errors too: the user would be told twice.
    """
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(cause, EXPLAINED):
        await explain(interaction, cause.message)
    elif isinstance(cause, app_commands.NoPrivateMessage):
        await explain(interaction, tr("Tricky tables live in server channels, not in DMs."))
    elif isinstance(cause, app_commands.CheckFailure):
        await explain(interaction, tr("You are not allowed to use that command here."))
    else:
        log.error("command %s failed", interaction.command, exc_info=cause)
        await explain(interaction, tr(SORRY))


def friendly(
    handler: Callable[Concatenate[S, discord.Interaction[Any], P], Awaitable[None]],
) -> Callable[Concatenate[S, discord.Interaction[Any], P], Awaitable[None]]:
    """Turn a user's mistake into an explanation, and our own failure into an apology;
    and say everything in the member's own language (``cogs.speaking``)."""

    @functools.wraps(handler)
    async def wrapper(
        self: S, interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        await speak_to_member(interaction)
        try:
            await handler(self, interaction, *args, **kwargs)
        except EXPLAINED as error:
            await explain(interaction, error.message)
        except Exception:
            log.exception("handler %s failed for %s", handler.__name__, interaction.user)
            await explain(interaction, tr(SORRY))

    return wrapper  # type: ignore[return-value]  # functools.wraps hides the exact type


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server (or Administrator) in this channel.

    Discord's own command permissions can be changed by server admins, so the
    bot checks again itself before any moderator action.
    """
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator
