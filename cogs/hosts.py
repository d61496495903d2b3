"""Lobbies whose host has left the server.

The bot asks for no privileged intents (``bot.app``), so Discord never tells it
that a member left. It finds out when it matters: when someone other than the
host uses a control only the host may use, or runs a command that the lobby
blocks, the bot asks Discord whether the host is still a member (a lookup that
needs no intent). Only Discord's "unknown member" counts as gone; any other
failure, or no answer in time, leaves the lobby as it was, since the host may
well still be there. A host found gone passes the lobby on through the table
service (``TableService.host_left``).
"""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

from bot.tables.model import Table, TableStatus
from bot.tables.service import TableService
from games.core.wording import N_, tr

__all__ = [
    "CLOSED",
    "LOOKUP_SECONDS",
    "UNKNOWN_MEMBER",
    "has_left",
    "in_question",
    "pass_on_if_gone",
    "refusal",
]

log = logging.getLogger(__name__)

LOOKUP_SECONDS = 1.5
"""The longest the bot waits to hear whether a host is still a member. discord.py
retries a failing request for up to half a minute, and ``/tricky new`` answers with
its lobby within Discord's 3 seconds (after this wait, and then opening the lobby),
so with no answer by then nothing changes."""
UNKNOWN_MEMBER = 10007
"""Discord's error code for "this user is not a member of this server". Only that 404
means the host left: a 404 for an unknown server or user, or one without Discord's
error body (from something in between), says nothing about the host."""
CLOSED = N_(
    "This lobby's host left the server, and the lobby is closed. Anyone can "
    "open a new table here with /tricky new."
)


async def has_left(guild: discord.Guild | None, user_id: int) -> bool:
    """Whether Discord says ``user_id`` is no longer a member of ``guild``."""
    if guild is None:
        return False
    try:
        await asyncio.wait_for(guild.fetch_member(user_id), LOOKUP_SECONDS)
    except discord.NotFound as error:
        if error.code == UNKNOWN_MEMBER:
            return True
        log.warning("could not tell whether %s is in server %s: %r", user_id, guild.id, error)
        return False
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as error:
        log.warning("could not tell whether %s is in server %s: %r", user_id, guild.id, error)
        return False
    return False


def in_question(table: Table, user_id: int) -> bool:
    """Whether ``table``'s host is worth asking Discord about before ``user_id`` is
    refused: an open lobby that they do not host. Running games keep their host."""
    return table.status is TableStatus.LOBBY and table.host_id != user_id


async def pass_on_if_gone(
    tables: TableService, guild: discord.Guild | None, table: Table
) -> Table | None:
    """If the lobby's host has left the server, pass the lobby on and return it as it is
    then; None while the host is (or may be) here."""
    if not await has_left(guild, table.host_id):
        return None
    return await tables.host_left(table.id, table.host_id)


def refusal(table: Table, user_id: int) -> str | None:
    """Why ``user_id`` may not use the host's controls of a lobby whose host left, as it
    is once passed on; None if they may (they host it now), or if the table service is
    to say why (the game started meanwhile)."""
    if table.status is TableStatus.CANCELLED:
        return tr(CLOSED)
    if table.status is not TableStatus.LOBBY or table.host_id == user_id:
        return None
    heir = tr("someone else") if table.host is None else table.host.name
    return tr("The host left the server, so {heir} hosts this lobby now.", heir=heir)
