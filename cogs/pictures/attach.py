"""Pictures on Discord messages: the file to attach, the embed that shows it, and whether
pictures are wanted (the server's ``/tricky-config pictures``, a member's text-only panels).

Pictures are drawn in a worker process, neither on the event loop (a picture costs
fifty moves of CPU) nor in a thread: drawing holds the interpreter for milliseconds at
a time, and a thread doing so makes every database answer (aiosqlite's own thread)
wait for the interpreter's switch interval, which made every move of every table ten
times slower in ``bench.pictures``. The PNGs are kept here by the view they were
drawn from (views are frozen and compare by value), so an edit whose view did not
change sends nothing to the worker. If the worker dies, the picture is drawn here
and a new worker starts next time.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

import discord

from cogs.pictures.render import ARTISTS, CACHED, hand_png, table_png
from games.core.wording import speaker

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


_drawn: OrderedDict[Hashable, bytes] = OrderedDict()


def forget_pictures() -> None:
    """Empty the cache (benchmarks start each leg cold)."""
    _drawn.clear()


_worker: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    global _worker
    if _worker is None:
        # fork: the worker starts at once with every module already loaded; it only ever
        # runs Pillow on a view it is sent, never the bot's loop or its database thread
        _worker = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    return _worker


def stop_drawing() -> None:
    """Let the worker process go (at shutdown; it also goes with the process)."""
    global _worker
    if _worker is not None:
        _worker.shutdown(wait=False, cancel_futures=True)
        _worker = None


async def draw(render: Callable[..., bytes], *args: Any, here: bool = False) -> bytes:
    """``render(*args)``'s PNG: from the cache, else from the worker process (``here``:
    drawn on the loop, for a click's answer that must not wait behind the board's
    tables in the worker's queue)."""
    global _worker
    key = (render.__name__, *args)
    cached = _drawn.get(key)
    if cached is not None:
        _drawn.move_to_end(key)
        return cached
    try:
        if here:
            data = render(*args)
        else:
            data = await asyncio.get_running_loop().run_in_executor(_pool(), render, *args)
    except BrokenProcessPool:
        log.warning("the picture worker died; drawing here, and starting a new one next time")
        _worker = None
        data = render(*args)
    _drawn[key] = data
    if len(_drawn) > CACHED:
        _drawn.popitem(last=False)
    return data


async def table_picture(public: PublicTable, filename: str = TABLE_FILE) -> Picture | None:
    """The public table drawn from its public view; ``None`` for a lobby."""
    if public.view is None or public.table.game_key not in ARTISTS:
        return None
    data = await draw(
        table_png, public.table.game_key, public.view, public.table.names, speaker().code
    )
    return Picture(data, filename)


async def hand_picture(seat: SeatTable, draft: str) -> Picture | None:
    """The seat's own pieces drawn from its own view, the draft's pieces highlighted."""
    if seat.view is None or seat.table.game_key not in ARTISTS:
        return None
    data = await draw(
        hand_png, seat.table.game_key, seat.view, seat.table.names, draft, speaker().code, here=True
    )
    return Picture(data, HAND_FILE)


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
