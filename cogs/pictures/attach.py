"""Pictures on Discord messages: the file to attach, the embed that shows it, and whether
pictures are wanted (the server's ``/tricky-config pictures``, a member's text-only panels).

Drawing happens in a worker thread (Pillow releases the interpreter for most of it), so
a table being drawn never holds up the clicks of other tables. The PNGs come from the
cache in :mod:`cogs.pictures.render`, keyed by the view they were drawn from.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.pictures.render import ARTISTS, hand_png, table_png

if TYPE_CHECKING:
    from bot.app import TrickyBot
    from bot.tables.service import PublicTable, SeatTable

__all__ = [
    "HAND_FILE",
    "RESULT_FILE",
    "TABLE_FILE",
    "Picture",
    "hand_picture",
    "panel_pictures_on",
    "pictures_on",
    "show",
    "table_picture",
]

log = logging.getLogger(__name__)

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
RESULT_FILE = "result.png"


class Picture:
    """PNG bytes and the file name the embed refers to; a fresh :class:`discord.File` each
    time one is needed (a File is read once by an upload, and an upload may be retried)."""

    __slots__ = ("data", "filename")

    def __init__(self, data: bytes, filename: str) -> None:
        self.data = data
        self.filename = filename

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.data), filename=self.filename)

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"


def show(embeds: list[discord.Embed], picture: Picture | None) -> list[discord.Embed]:
    """The embeds with the picture shown in the first (or without any picture)."""
    if embeds:
        if picture is None:
            embeds[0].set_image(url=None)
        else:
            embeds[0].set_image(url=picture.url)
    return embeds


async def table_picture(public: PublicTable, filename: str = TABLE_FILE) -> Picture | None:
    """The public table drawn from its public view; ``None`` for a lobby."""
    if public.view is None or public.table.game_key not in ARTISTS:
        return None
    data = await asyncio.to_thread(
        table_png, public.table.game_key, public.view, public.table.names
    )
    return Picture(data, filename)


async def hand_picture(seat: SeatTable, draft: str) -> Picture | None:
    """The seat's own pieces drawn from its own view, the draft's pieces highlighted."""
    if seat.view is None or seat.table.game_key not in ARTISTS:
        return None
    data = await asyncio.to_thread(
        hand_png, seat.table.game_key, seat.view, seat.table.names, draft
    )
    return Picture(data, HAND_FILE)


async def pictures_on(bot: TrickyBot, guild_id: int) -> bool:
    """Whether the server shows pictures (``/tricky-config pictures``)."""
    settings = await bot.tables.guild_settings.get(guild_id)
    return settings.pictures


async def panel_pictures_on(bot: TrickyBot, guild_id: int, user_id: int) -> bool:
    """Whether this member's panels show a picture: the server's choice, then theirs."""
    if not await pictures_on(bot, guild_id):
        return False
    preferences = await bot.preferences.for_member(user_id, guild_id)
    return not preferences.text_only


def files(picture: Picture | None) -> dict[str, Any]:
    """Keyword arguments attaching the picture to a new message (nothing without one)."""
    return {} if picture is None else {"file": picture.file()}


def attachments(picture: Picture | None) -> list[discord.File]:
    """The attachments an edited message should have: the picture, or none at all (an
    edit without pictures removes the last one)."""
    return [] if picture is None else [picture.file()]
