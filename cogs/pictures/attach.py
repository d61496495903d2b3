"""Pictures on Discord messages: the file to attach, the embed that shows it, the sketch
a table or a panel shows, and whether pictures are wanted (the server's
``/tricky-config pictures``, a member's text-only panels).

The drawing itself is :class:`cogs.pictures.drawing.Drawer`'s, in its own process: a
move's answer never waits for it. What is drawn already goes up at once; what is not
goes up as text, and the picture follows when it is ready (see the board).
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from cogs.pictures.kit import Sketch
from cogs.pictures.render import ARTISTS, hand_sketch, table_sketch

if TYPE_CHECKING:
    from bot.app import TrickyBot
    from bot.tables.service import PublicTable, SeatTable

__all__ = [
    "HAND_FILE",
    "RESULT_FILE",
    "TABLE_FILE",
    "Picture",
    "hand_of",
    "panel_pictures_on",
    "pictures_on",
    "show",
    "table_of",
    "within",
]

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
RESULT_FILE = "result.png"


class Picture:
    """PNG bytes and the file name the embed refers to; a fresh :class:`discord.File` each
    time one is needed (a File is read once by an upload, and an upload may be retried)."""

    __slots__ = ("data", "filename", "sketch")

    def __init__(self, data: bytes, filename: str, sketch: Sketch | None = None) -> None:
        self.data = data
        self.filename = filename
        self.sketch = sketch
        """What it shows: a message showing this sketch already need not upload it again."""

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


def table_of(public: PublicTable) -> Sketch | None:
    """What the public table's picture shows; ``None`` for a lobby."""
    if public.view is None or public.table.game_key not in ARTISTS:
        return None
    return table_sketch(public.table.game_key, public.view, public.table.names)


def hand_of(seat: SeatTable, draft: str) -> Sketch | None:
    """What the seat's hand picture shows: its own pieces, the draft's highlighted."""
    if seat.view is None or seat.table.game_key not in ARTISTS:
        return None
    return hand_sketch(seat.table.game_key, seat.view, seat.table.names, draft)


async def within(future: asyncio.Future[bytes | None], seconds: float) -> bytes | None:
    """The picture if it is drawn within ``seconds``, else None (it goes on being drawn)."""
    if future.done():
        return future.result()
    try:
        return await asyncio.wait_for(asyncio.shield(future), seconds)
    except TimeoutError:
        return None


async def pictures_on(bot: TrickyBot, guild_id: int) -> bool:
    """Whether the server shows pictures (``/tricky-config pictures``)."""
    settings = await bot.guild_settings.get(guild_id)
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
