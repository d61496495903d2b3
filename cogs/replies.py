"""Answering users: short, friendly, ephemeral, and never a traceback."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

from bot.storage.database import DatabaseBusy
from bot.tables.service import TableError
from games.core.errors import GameError

__all__ = ["EXPLAINED", "SORRY", "explain", "friendly", "is_moderator"]

log = logging.getLogger(__name__)

SORRY = "Something went wrong on our side, so nothing changed. Please try again."
EXPLAINED = (TableError, GameError, DatabaseBusy)
"""Errors whose message is written for the user: shown as is, never logged as a crash."""

P = ParamSpec("P")
S = TypeVar("S")


async def explain(interaction: discord.Interaction[Any], text: str) -> None:
    """Tell only this user, whether or not the interaction has been answered yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not explain to %s: %s", interaction.user, text)


def friendly(
    handler: Callable[Concatenate[S, discord.Interaction[Any], P], Awaitable[None]],
) -> Callable[Concatenate[S, discord.Interaction[Any], P], Awaitable[None]]:
    """Turn a user's mistake into an explanation, and our own failure into an apology."""

    @functools.wraps(handler)
    async def wrapper(
        self: S, interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except EXPLAINED as error:
            await explain(interaction, error.message)
        except Exception:
            log.exception("handler %s failed for %s", handler.__name__, interaction.user)
            await explain(interaction, SORRY)

    return wrapper  # type: ignore[return-value]  # functools.wraps hides the exact type


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server (or Administrator) in this channel.

    Discord's own command permissions can be changed by server admins, so the
    bot checks again itself before any moderator action.
    """
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator
