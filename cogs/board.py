"""Keeps each table's public messages in step with the game.

The board is the only writer of public messages: the lobby/table message, the
"your turn" ping and the result. It listens to the table service and redraws
from storage, so a move made by a button, a command or the turn clock all show
up the same way.

* Edits are coalesced per table: one redraw is in flight at a time, and
  everything that changes meanwhile is drawn by a single redraw after it. When
  Discord asks the bot to slow down, discord.py holds the edit until the rate
  limit allows it, so a fast game makes fewer, later edits, never more.
* A redraw Discord refuses for a passing reason (429, 5xx, a network error, the
  database busy) is tried again after a pause (Discord's ``retry_after`` when it
  says one), while changes keep coalescing. After :data:`RETRY_PAUSES` run out,
  the table stays marked dirty: the next change, or a catch-up redraw
  :data:`CATCH_UP_AFTER` later, brings it up to date. Nothing a redraw owes
  (a hand summary, a turn ping, a reminder, the result) is forgotten when it fails.
* The table message is edited in place: the news of a single move (the last
  trick, the last bid) lives in it and in the log, never in a message of its
  own. A hand's or round's summary is the only post during a game; it goes below
  the table, which stays where it is (moving it would be a second post and a
  delete every hand). Discord limits edits to messages older than an hour, so a
  table message older than :data:`REPOST_AFTER`, or one Discord no longer
  edits (error 30046) or that is gone, is re-posted and the old one retired. So
  is a table people have talked past (:data:`SCROLLED_AWAY` messages below it),
  checked when a hand's summary is posted.
* A turn ping (mentions notify; edits do not) is owed when someone new must act:
  a different request, or a seat called again after others moved. A
  simultaneous choice filling up calls nobody twice. It is posted only if the
  seat has not acted within the server's grace period (``ping_grace``, see
  ``docs/channel.md``): a player watching the table is never pinged, one who
  looks away is pinged once a turn. The previous ping is deleted when a new one
  replaces it, so the channel holds at most one. The turn clock's half-time
  reminder is a ping of its own, due whatever the grace.
* Open private panels are refreshed after every change while their interaction
  token lives (15 minutes), so a player's panel follows the game by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.storage.database import DatabaseBusy
from bot.tables.model import RunningGame, Table, TableStatus
from bot.tables.service import Change, PublicTable, SeatTable, TableError, TableService
from cogs.controls import TableButton
from cogs.lobby import clock_text, lobby_message
from cogs.pictures.attach import (
    HAND_FILE,
    RESULT_FILE,
    TABLE_FILE,
    Picture,
    attachments,
    files,
    hand_of,
    panel_pictures_on,
    pictures_on,
    show,
    table_of,
    within,
)
from cogs.pictures.drawing import Drawer
from cogs.pictures.kit import Sketch
from cogs.presenters import Presenter
from cogs.presenters.base import ended_early
from cogs.rematch import play_again
from cogs.speaking import member_language, server_language
from games.core.game import Event
from games.core.wording import speaking, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = [
    "ANSWERING",
    "CATCH_UP_AFTER",
    "EDITS_LIMITED",
    "REPOST_AFTER",
    "RESUMING_AT_ONCE",
    "RETRY_PAUSES",
    "SCROLLED_AWAY",
    "TableBoard",
    "retry_pause",
    "table_controls",
]

log = logging.getLogger(__name__)

REPOST_AFTER = timedelta(minutes=55)
"""The age past which the table is posted afresh rather than edited: Discord limits edits to
messages older than an hour (error 30046), and a redraw should not find out the hard way in
the middle of a hand."""
SCROLLED_AWAY = 20
"""Messages by others below the table after which a hand's end posts the table again
under its summary: about a screenful, where the table has scrolled out of sight."""
EDITS_LIMITED = 30046
"""Discord's code for "too many edits to a message older than an hour"."""
RETRY_PAUSES = (6.0, 15.0, 30.0, 60.0)
"""Seconds before each new try of a redraw Discord refused for a passing reason. What reaches
the board already outlasted discord.py's own retries (it waits out 429s and retries a 5xx
five times in about 25 s), so these pauses are long on purpose."""
CATCH_UP_AFTER = 120.0
"""Seconds after the last retry failed before the board tries a dirty table again by itself."""
RETRY_AFTER_CAP = 300.0
"""The longest ``retry_after`` the board honours; anything longer is not a pause but an outage."""
CLOSING = {"finished", "ended", "cancelled"}
PICTURE_WAIT = 2.0
"""Seconds a table's edit or a panel's refresh waits for its picture (drawn in the drawing
process; a few hundredths when it is free). Past that the text goes up alone, and the
picture with the next edit."""
LATE_PICTURE_WAIT = 30.0
"""Seconds a panel answered without its picture waits for it before giving up."""
RESUMING_AT_ONCE = 4
"""Resumed tables redrawn at a time once their grace ran out after a restart: the pings
owed trickle out instead of loading and posting every table at once."""
ANSWERING = 2**62
"""The version of a panel whose own click is being answered: newer than any table, so the
board leaves it alone until the click's answer records the real version."""


def table_controls(table_id: int, *, playing: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if playing:
        view.add_item(
            TableButton(
                table_id,
                "hand",
                label=tr("Open my hand"),
                emoji="🎴",
                style=discord.ButtonStyle.primary,
            )
        )
    view.add_item(TableButton(table_id, "log", label=tr("Full log"), emoji="📜"))
    view.add_item(TableButton(table_id, "rules", label=tr("Rules"), emoji="📖"))
    if playing:
        view.add_item(TableButton(table_id, "watch", label=tr("Watch"), emoji="👀"))
    return view


@dataclass(frozen=True, slots=True)
class Ping:
    """Who the latest "your turn" message called, and what it said."""

    seats: frozenset[int]
    text: str


@dataclass(slots=True)
class OpenPanel:
    """A private panel we can still edit through its latest interaction."""

    interaction: discord.Interaction[Any]
    user_id: int
    version: int
    draft: str = ""
    """The choice being built on it (dice picked, chips counted), kept over redraws."""
    legal: tuple[Any, ...] = ()
    """The seat's legal actions when it was drawn: while they stay the same, so does the
    draft (another seat choosing at the same time changes neither)."""
    picture: Picture | None = None
    """The hand's picture the panel shows now: a redraw showing the same sketch keeps it
    rather than uploading it again."""


class TableBoard:
    def __init__(self, bot: TrickyBot, presenters: dict[str, Presenter]) -> None:
        self._bot = bot
        self._presenters = presenters
        self._dirty: set[int] = set()
        self._events: dict[int, list[Event]] = {}
        self._reminders: dict[int, set[int]] = {}
        self._closing: set[int] = set()
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._pinged: dict[int, Ping] = {}
        self._acted: dict[int, set[int]] = {}
        self._panels: dict[int, dict[int, OpenPanel]] = {}
        self._watchers: dict[int, dict[int, discord.Interaction[Any]]] = {}
        """Per table, by member: the latest interaction of a Watch panel, refreshed like a
        player's panel while its token lives."""
        self._held: dict[int, list[asyncio.Event]] = {}
        """Per channel, the commands posting a message there themselves (see :meth:`posting`)."""
        self._catch_ups: dict[int, asyncio.TimerHandle] = {}
        self._pausing: set[int] = set()
        """Tables whose worker is waiting to retry a refused redraw."""
        self._grace: dict[int, asyncio.Task[None]] = {}
        """Per table, the wait for its seats' grace period to pass (cancelled by a move)."""
        self._due: dict[int, frozenset[int]] = {}
        """Per table, the seats whose grace period passed: the next redraw pings them."""
        self.pictures = Drawer()
        """The drawing process every table, result and panel picture of this bot is drawn in."""
        self._late: set[asyncio.Task[None]] = set()
        """Panels answered without their picture, waiting to add it (see :meth:`picture_later`)."""
        self._resuming: asyncio.Task[None] | None = None
        """The pings owed since a restart, handed out as each server's grace runs out."""
        self._news: dict[int, str] = {}
        """Per lobby, what last happened to it that its seats do not show: who hosts since
        the host left, or why it closed. Kept in memory only: a restart forgets it, and
        the lobby still marks its host."""

    @property
    def _tables(self) -> TableService:
        return self._bot.tables

    # -- listening ----------------------------------------------------------------------------

    async def table_changed(self, change: Change) -> None:
        table_id = change.table.id
        if change.kind == "reminder":
            self._reminders.setdefault(table_id, set()).update(change.reminded)
        if change.kind in CLOSING:
            self._closing.add(table_id)
        if change.kind in ("host", "cancelled"):
            self._news[table_id] = " ".join(change.lines)
        self._events.setdefault(table_id, []).extend(change.events)
        if change.actor is not None:
            self._acted.setdefault(table_id, set()).add(change.actor)
            due = self._due.get(table_id)
            if due is not None:  # a seat that just moved is not pinged for it
                self._due[table_id] = due - {change.actor}
        self._dirty.add(table_id)
        self._wake(table_id, change.table.channel_id)

    def _wake(self, table_id: int, channel_id: int) -> None:
        """Start the table's redraw worker unless one is already running (coalescing)."""
        catch_up = self._catch_ups.pop(table_id, None)
        if catch_up is not None:
            catch_up.cancel()
        if table_id not in self._workers and table_id in self._dirty:
            self._workers[table_id] = asyncio.create_task(
                self._work(table_id, channel_id), name=f"board-{table_id}"
            )

    @asynccontextmanager
    async def posting(self, channel_id: int) -> AsyncIterator[None]:
        """Hold redraws in a channel while a command posts the message itself.

        ``/tricky new`` answers with the lobby message; until its id is stored,
        the board must not post a second lobby. Two commands may hold one channel at
        once (a second ``/tricky new`` that is then refused): each lets go of its own
        hold only, and the board waits for every one.
        """
        released = asyncio.Event()
        holds = self._held.setdefault(channel_id, [])
        holds.append(released)
        try:
            yield
        finally:
            released.set()
            holds.remove(released)
            if not holds and self._held.get(channel_id) is holds:
                del self._held[channel_id]

    async def drain(self) -> None:
        """Wait for every pending redraw, picture and late picture (used on shutdown and by
        tests)."""
        while True:
            await self.pictures.drain()
            if self._late:
                await asyncio.gather(*list(self._late), return_exceptions=True)
            elif self._workers:
                await asyncio.gather(*list(self._workers.values()), return_exceptions=True)
            else:
                return

    def close(self) -> None:
        """Stop the drawing process and the late pictures (the cog unloads, the bot closes)."""
        for late in self._late:
            late.cancel()
        self.pictures.stop()

    def stop(self) -> None:
        """Forget the scheduled catch-ups and the retries waiting their turn (the cog is
        unloading): a shutdown should not wait a minute for Discord to recover. The tables
        stay behind; their next change redraws them."""
        for catch_up in self._catch_ups.values():
            catch_up.cancel()
        self._catch_ups.clear()
        for waiting in self._grace.values():
            waiting.cancel()
        self._grace.clear()
        if self._resuming is not None:
            self._resuming.cancel()
        for table_id in self._pausing:
            worker = self._workers.get(table_id)
            if worker is not None:
                worker.cancel()

    def behind(self) -> set[int]:
        """Tables whose message does not show their latest change yet."""
        return set(self._dirty)

    async def _work(self, table_id: int, channel_id: int) -> None:
        try:
            while holds := self._held.get(channel_id):
                await holds[0].wait()
            failures = 0
            while table_id in self._dirty:
                self._dirty.discard(table_id)
                try:
                    await self._redraw(table_id)
                    failures = 0
                except Exception as error:
                    pause = retry_pause(error, failures)
                    if pause is None:
                        log.exception("could not redraw table %s", table_id)
                        continue
                    self._dirty.add(table_id)  # still owed; changes keep coalescing meanwhile
                    failures += 1
                    if failures > len(RETRY_PAUSES):
                        log.warning(
                            "table %s is behind after %d failed redraws (%s); catching up in %.0fs",
                            table_id,
                            failures,
                            error,
                            CATCH_UP_AFTER,
                        )
                        self._schedule_catch_up(table_id, channel_id)
                        return
                    log.warning(
                        "redraw of table %s failed (%s); trying again in %.1fs",
                        table_id,
                        error,
                        pause,
                    )
                    self._pausing.add(table_id)
                    try:
                        await asyncio.sleep(pause)
                    finally:
                        self._pausing.discard(table_id)
        finally:
            self._workers.pop(table_id, None)

    def _schedule_catch_up(self, table_id: int, channel_id: int) -> None:
        self._catch_ups[table_id] = asyncio.get_running_loop().call_later(
            CATCH_UP_AFTER, self._wake, table_id, channel_id
        )

    # -- drawing ------------------------------------------------------------------------------

    async def _redraw(self, table_id: int) -> None:
        public = await self._tables.public(table_id)
        # Everything the channel sees is in the server's language; each open panel is
        # drawn again in its own member's (_refresh_panels).
        with speaking(await server_language(self._bot, public.table.guild_id)):
            await self._draw(public)

    async def _draw(self, public: PublicTable) -> None:
        table = public.table
        table_id = table.id
        channel = await self._channel(table.channel_id)
        if channel is None:
            log.warning("table %s: channel %s is gone", table_id, table.channel_id)
            return
        presenter = self._presenters[table.game_key]
        if table.status in (TableStatus.LOBBY, TableStatus.CANCELLED):
            embed, view = lobby_message(
                table,
                presenter,
                self._news.get(table_id),
                in_thread=isinstance(channel, discord.Thread),
            )
            await self.show_table(channel, table, table.message_id, [embed], view)
            if table.status is TableStatus.CANCELLED:
                self._forget(table_id)
            return
        self._news.pop(table_id, None)  # the game's table does not show the lobby's news
        playing = table.status is TableStatus.ACTIVE
        events = self._events.pop(table_id, [])
        controls = table_controls(table.id, playing=playing)
        picture = await self._table_picture(public, late=table.channel_id)
        embeds = _with_seat_notes(presenter.table(public, pictured=picture is not None), table)

        def text() -> list[discord.Embed]:
            """The whole text table, if the picture is refused."""
            return _with_seat_notes(presenter.table(public), table)

        try:
            message_id = await self.show_table(
                channel, table, table.message_id, embeds, controls, picture, text=text
            )
        except BaseException:
            self._events[table_id] = events + self._events.get(table_id, [])
            raise
        # A hand's summary goes below the table, which stays put: the last trick and the
        # last move are in the table itself, so the summary is the only post of a hand.
        posted = 0
        try:
            for embed in presenter.announce(public, events):
                await channel.send(embed=embed)
                posted += 1
        except BaseException:
            if not posted:  # owed to the next try; a summary half posted is not repeated
                self._events[table_id] = events + self._events.get(table_id, [])
            raise
        if posted and await self._scrolled_away(channel, message_id):
            message_id = await self.show_table(
                channel, table, message_id, embeds, controls, picture, below=True, text=text
            )
        reminded = self._reminders.pop(table_id, set()) & set(public.to_act)
        if playing and reminded:
            try:
                await self._remind(channel, public, reminded, message_id)
            except BaseException:
                self._reminders.setdefault(table_id, set()).update(reminded)
                raise
            self._call(table_id, public, presenter)  # the reminder was this turn's ping
            self._cancel_grace(table_id)
        elif playing:
            await self._ping(channel, public, presenter, message_id)
        elif table_id in self._closing:
            await self._announce(channel, public, presenter)
        await self._refresh_panels(public, presenter)
        if not playing:
            self._forget(table_id)

    async def _table_picture(
        self, public: PublicTable, filename: str = TABLE_FILE, *, late: int | None = None
    ) -> Picture | None:
        """The table's picture, if the server shows pictures and it is drawn within
        :data:`PICTURE_WAIT`. With ``late`` (the table's channel), a picture drawn after
        that redraws the table, coalesced like any change."""
        table = public.table
        sketch = table_of(public)
        if sketch is None or not await pictures_on(self._bot, table.guild_id):
            return None
        future = self.pictures.request(sketch, slot=("table", table.id))
        data = await within(future, PICTURE_WAIT)
        if data is None and late is not None and not future.done():
            channel_id = late

            def drawn(done: asyncio.Future[bytes | None]) -> None:
                if done.result() is not None:
                    self._dirty.add(table.id)
                    self._wake(table.id, channel_id)

            future.add_done_callback(drawn)
        return None if data is None else Picture(data, filename, sketch)

    async def show_table(
        self,
        channel: discord.abc.Messageable,
        table: Table,
        message_id: int | None,
        embeds: list[discord.Embed],
        view: discord.ui.View,
        picture: Picture | None = None,
        *,
        below: bool = False,
        text: Callable[[], list[discord.Embed]] | None = None,
    ) -> int:
        """Show the table: edit its message in place, or post it afresh when there is none,
        it is gone, or Discord will not (or soon will not) edit it any more; ``below``
        posts it afresh anyway (the channel has moved on past it). With the table's
        picture when there is one; ``embeds`` are then the shorter text written to go
        beside it, and ``text`` makes the whole text table.

        An upload Discord refuses (too large, a bad gateway) must not leave the table
        unshown: the whole text table goes up without it, and the next edit tries the
        picture again. A rate limit or a vanished message is not the picture's fault, so
        those go on to the usual retries.

        The one path every lobby and table drawing takes. Returns the id of the message
        now showing the table.
        """
        if picture is None:
            return await self._put(channel, table, message_id, embeds, view, None, below)
        try:
            return await self._put(channel, table, message_id, embeds, view, picture, below)
        except discord.HTTPException as error:
            if isinstance(error, discord.NotFound) or error.status == 429:
                raise
            log.warning("table %s: picture refused (%s); showing the text table", table.id, error)
            whole = text() if text is not None else embeds
            return await self._put(channel, table, message_id, whole, view, None, below)

    async def _put(
        self,
        channel: discord.abc.Messageable,
        table: Table,
        message_id: int | None,
        embeds: list[discord.Embed],
        view: discord.ui.View,
        picture: Picture | None,
        below: bool,
    ) -> int:
        embeds = show(embeds, picture)
        if message_id is not None and below:
            await _retire(channel_message(channel, message_id))
        elif message_id is not None:
            # Discord's clock, not ours: the one-hour edit limit is Discord's.
            age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
            old = channel_message(channel, message_id)
            if age < REPOST_AFTER:
                try:
                    await old.edit(
                        content=None, embeds=embeds, view=view, attachments=attachments(picture)
                    )
                    return message_id
                except discord.NotFound:
                    pass  # deleted by someone: post it again
                except discord.HTTPException as error:
                    if error.code != EDITS_LIMITED:
                        raise
                    await _retire(old)
            else:
                await _retire(old)
        message = await channel.send(embeds=embeds, view=view, **files(picture))
        await self._tables.set_message(table.id, message.id)
        return message.id

    async def _scrolled_away(self, channel: discord.abc.Messageable, message_id: int) -> bool:
        """Whether people have posted :data:`SCROLLED_AWAY` messages or more below the table.

        The bot asks no message intent, so Discord sends it no word of other messages
        (``channel.last_message_id`` is only what the channel said when the bot connected):
        it reads the channel's history below the table instead, once a hand, when it posts
        the hand's summary anyway. Without Read Message History it cannot tell, and the
        table stays where it is.
        """
        me = self._bot.user
        others = 0
        try:
            async for message in channel.history(
                limit=SCROLLED_AWAY * 2, after=discord.Object(message_id)
            ):
                if me is None or message.author.id != me.id:
                    others += 1
        except discord.HTTPException:
            return False
        return others >= SCROLLED_AWAY

    async def _ping(
        self,
        channel: discord.abc.Messageable,
        public: PublicTable,
        presenter: Presenter,
        table_message_id: int,
    ) -> None:
        """Start the grace period of a new turn; post the ping of one whose grace ran out."""
        table = public.table
        acting = frozenset(public.to_act)
        text = presenter.ping(public, sorted(acting))
        previous = self._pinged.get(table.id)
        acted = self._acted.pop(table.id, set())
        if previous is not None and previous.text == text and acting <= previous.seats >= acted:
            # Only seats already called moved: a simultaneous choice filling up, or the
            # rest of one seat's turn. Nobody new needs a notification; a seat that moved
            # and still has more to do is plainly at the table, so its grace starts again.
            self._pinged[table.id] = Ping(acting, text)
            if acted & acting:
                await self._start_grace(table)
        elif previous is None and table.id in self._due:
            # The first drawing since a restart, for a grace period that ran out meanwhile
            # (resume): the ping it owes is for this very turn.
            self._pinged[table.id] = Ping(acting, text)
        else:
            self._pinged[table.id] = Ping(acting, text)
            self._due.pop(table.id, None)
            await self._start_grace(table)
        due = self._due.pop(table.id, frozenset()) & acting
        if not due:
            return
        try:
            await self._post_ping(channel, table, due, text, table_message_id)
        except BaseException:
            self._due[table.id] = due | self._due.get(table.id, frozenset())  # tried again
            raise

    def _call(self, table_id: int, public: PublicTable, presenter: Presenter) -> None:
        """Note who this turn calls (after a reminder, which pinged them already)."""
        self._acted.pop(table_id, None)
        acting = frozenset(public.to_act)
        self._pinged[table_id] = Ping(acting, presenter.ping(public, sorted(acting)))

    async def _start_grace(self, table: Table) -> None:
        """Owe the seats to act a ping once the server's grace period passes without a move."""
        self._cancel_grace(table.id)
        seats = self._pinged[table.id].seats
        people = frozenset(seat for seat in seats if not table.seats[seat].played_by_bot)
        if not people:
            return
        grace = (await self._bot.guild_settings.get(table.guild_id)).ping_grace
        if grace <= 0:
            self._due[table.id] = people
            return
        self._grace[table.id] = asyncio.create_task(
            self._grace_runs_out(table.id, table.channel_id, people, grace),
            name=f"board-grace-{table.id}",
        )

    async def _grace_runs_out(
        self, table_id: int, channel_id: int, seats: frozenset[int], grace: float
    ) -> None:
        # A plain sleep, cancelled by the next turn: the turn clock's way of waiting too.
        await asyncio.sleep(grace)
        if self._grace.get(table_id) is asyncio.current_task():
            del self._grace[table_id]
        self._due[table_id] = seats
        self._dirty.add(table_id)
        self._wake(table_id, channel_id)

    def _cancel_grace(self, table_id: int) -> None:
        waiting = self._grace.pop(table_id, None)
        if waiting is not None:
            waiting.cancel()
        self._due.pop(table_id, None)

    def resume(self) -> None:
        """After a restart: every seat to act starts its grace period afresh, as its turn
        clock does (``TurnClock.start``), so nobody who looks away goes unpinged because
        the bot was down. Someone pinged just before the restart may be pinged once more.

        Start-up does nothing for it but start one background task (:meth:`_resume`): the
        bot answers its first click as soon with ten thousand running tables as with none.
        """
        self._resuming = asyncio.create_task(self._resume(), name="board-resume")

    async def _resume(self) -> None:
        """Wait out each server's grace from the restart, then hand the running tables
        that nobody moved in meanwhile to their redraw, which pings the people they wait
        for. Start-up reads only which servers have running games; a server's games are
        read a page at a time once its grace has run out, a table is loaded only then,
        and at most :data:`RESUMING_AT_ONCE` are redrawn at a time: a restart with many
        tables sends no burst of reads, loads and pings."""
        loop = asyncio.get_running_loop()
        restarted = loop.time()
        try:
            graces = {
                guild_id: max((await self._bot.guild_settings.get(guild_id)).ping_grace, 0)
                for guild_id in await self._tables.guilds_playing()
            }
        except Exception:
            log.exception("could not read the running games to resume their pings")
            return
        drawing: set[asyncio.Task[None]] = set()
        for guild_id in sorted(graces, key=graces.__getitem__):
            await asyncio.sleep(max(0.0, restarted + graces[guild_id] - loop.time()))
            after = 0
            while page := await self._tables.running_games(guild_id, after=after):
                after = page[-1].id
                for game in page:
                    while len(drawing) >= RESUMING_AT_ONCE:
                        done, _ = await asyncio.wait(drawing, return_when=asyncio.FIRST_COMPLETED)
                        drawing -= done
                    worker = await self._resume_one(game)
                    if worker is not None:
                        drawing.add(worker)

    async def _resume_one(self, game: RunningGame) -> asyncio.Task[None] | None:
        """Owe the people a resumed table waits for their ping, and redraw it to post it.
        The redraw's worker, to wait for; ``None`` when nothing was owed."""
        table_id = game.id
        if table_id in self._pinged or table_id in self._grace or table_id in self._due:
            return None  # drawn while this waited
        try:
            table = await self._tables.get(table_id)
        except Exception:
            log.exception("table %s could not be loaded to resume its ping", table_id)
            return None
        if table.status is not TableStatus.ACTIVE or table_id in self._pinged:
            return None  # drawn since the restart: its turn keeps its own grace
        people = frozenset(
            seat for seat, player in enumerate(table.seats) if not player.played_by_bot
        )
        if not people:
            return None
        # Which of them the table waits for is known once it is drawn: _ping keeps those.
        self._due[table_id] = people
        self._dirty.add(table_id)
        self._wake(table_id, table.channel_id)
        return self._workers.get(table_id)

    async def _post_ping(
        self,
        channel: discord.abc.Messageable,
        table: Table,
        acting: frozenset[int],
        text: str,
        table_message_id: int,
    ) -> None:
        # Not a seat the bot plays: a computer, or a person's seat it took over (AW1).
        people = [
            table.seats[seat] for seat in sorted(acting) if not table.seats[seat].played_by_bot
        ]
        await self._delete_ping(channel, table)
        if not people:
            return
        mentions = " ".join(f"<@{player.user_id}>" for player in people)
        jump = ""
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread):  # a table's thread too
            jump = tr(
                " [Go to the table]({jump_url})",
                jump_url=channel_message(channel, table_message_id).jump_url,
            )
        message = await channel.send(
            f"{mentions}: {text}{jump}",
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(player.user_id) for player in people if player.user_id]
            ),
        )
        await self._tables.set_ping(table.id, message.id)

    async def _remind(
        self,
        channel: discord.abc.Messageable,
        public: PublicTable,
        seats: set[int],
        table_message_id: int,
    ) -> None:
        """Half a seat's time is gone: this message replaces the turn ping."""
        table = public.table
        people = [
            table.seats[seat] for seat in sorted(seats) if not table.seats[seat].played_by_bot
        ]
        if not people:
            return
        await self._delete_ping(channel, table)
        left = (
            clock_text(table.turn_seconds // 2)
            if table.turn_seconds >= 120
            else (tr("{value} seconds", value=table.turn_seconds // 2))
        )
        mentions = " ".join(f"<@{player.user_id}>" for player in people)
        jump = ""
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread):  # a table's thread too
            jump = tr(
                " [Go to the table]({jump_url})",
                jump_url=channel_message(channel, table_message_id).jump_url,
            )
        message = await channel.send(
            tr(
                "⏳ {mentions}: half your time is gone, about {left} left. When it runs "
                "out the bot moves for you.{jump}",
                mentions=mentions,
                left=left,
                jump=jump,
            ),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(player.user_id) for player in people if player.user_id]
            ),
        )
        await self._tables.set_ping(table.id, message.id)

    async def _delete_ping(self, channel: discord.abc.Messageable, table: Table) -> None:
        if table.ping_message_id is None:
            return
        with contextlib.suppress(discord.HTTPException):  # already gone: fine
            await channel_message(channel, table.ping_message_id).delete()
        await self._tables.set_ping(table.id, None)

    async def _announce(
        self, channel: discord.abc.Messageable, public: PublicTable, presenter: Presenter
    ) -> None:
        await self._delete_ping(channel, public.table)
        winners = () if public.outcome is None else public.outcome.winners
        people = [public.table.seats[seat] for seat in winners]
        content = None
        if public.outcome is not None and not public.outcome.is_draw:
            content = (
                "🏆 "
                + ", ".join(f"<@{p.user_id}>" if p.user_id else p.name for p in people)
                + tr(" won!")
            )
        picture = await self._table_picture(public, RESULT_FILE)
        await channel.send(
            content=content,
            embeds=show(presenter.result(public, pictured=picture is not None), picture),
            # A practice game is played again with /tricky practice, not in its thread.
            view=discord.ui.View() if public.table.practice else play_again(public.table.id),
            **files(picture),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(p.user_id) for p in people if p.user_id]
            ),
        )
        self._closing.discard(public.table.id)  # only once posted: a failed try posts it again

    # -- private panels -----------------------------------------------------------------------

    def track_panel(
        self,
        table_id: int,
        seat: int,
        interaction: discord.Interaction[Any],
        version: int,
        *,
        draft: str = "",
        legal: Sequence[Any] = (),
        picture: Picture | None = None,
    ) -> None:
        self._panels.setdefault(table_id, {})[seat] = OpenPanel(
            interaction, interaction.user.id, version, draft, tuple(legal), picture
        )

    def picture_later(
        self,
        table_id: int,
        seat: int,
        interaction: discord.Interaction[Any],
        future: asyncio.Future[bytes | None],
        sketch: Sketch,
        embeds: Callable[[], list[discord.Embed]],
    ) -> None:
        """A panel just answered with text only: add its hand's picture (with ``embeds``,
        the text written to go beside it) once drawn, unless the panel moved on meanwhile."""
        task = asyncio.create_task(
            self._add_picture(table_id, seat, interaction, future, sketch, embeds)
        )
        self._late.add(task)
        task.add_done_callback(self._late.discard)

    async def _add_picture(
        self,
        table_id: int,
        seat: int,
        interaction: discord.Interaction[Any],
        future: asyncio.Future[bytes | None],
        sketch: Sketch,
        embeds: Callable[[], list[discord.Embed]],
    ) -> None:
        data = await within(future, LATE_PICTURE_WAIT)
        panel = self._panels.get(table_id, {}).get(seat)
        if data is None or panel is None or panel.interaction is not interaction:
            return  # not drawn, or the panel was redrawn since (with its own picture)
        picture = Picture(data, HAND_FILE, sketch)
        try:
            await interaction.edit_original_response(
                embeds=show(embeds(), picture), attachments=attachments(picture)
            )
        except discord.HTTPException:  # dismissed, or its token expired: text it stays
            return
        panel.picture = picture

    def track_watcher(self, table_id: int, interaction: discord.Interaction[Any]) -> None:
        self._watchers.setdefault(table_id, {})[interaction.user.id] = interaction

    def watch_panel(self, public: PublicTable, presenter: Presenter) -> list[discord.Embed]:
        """What a bystander's Watch panel shows: the table message's public embeds."""
        return _with_seat_notes(presenter.table(public), public.table)

    async def _refresh_watchers(self, public: PublicTable, presenter: Presenter) -> None:
        watchers = self._watchers.get(public.table.id, {})
        if not watchers:
            return
        for user_id, interaction in list(watchers.items()):
            try:
                with speaking(member_language(interaction)):
                    embeds = self.watch_panel(public, presenter)
                await interaction.edit_original_response(embeds=embeds)
            except discord.HTTPException:  # its token expired, or the message was dismissed
                watchers.pop(user_id, None)

    async def _refresh_panels(self, public: PublicTable, presenter: Presenter) -> None:
        await self._refresh_watchers(public, presenter)
        table = public.table
        # Ending a game early changes its status, not its version: every open panel still
        # shows controls then (a click being answered is left to its own answer).
        ended = ended_early(table)
        for seat, panel in list(self._panels.get(table.id, {}).items()):
            if panel.version == ANSWERING or (panel.version >= table.version and not ended):
                continue
            try:
                fresh = await self._tables.for_seat(table.id, panel.user_id)
                legal = tuple(fresh.legal)
                if legal != panel.legal:  # the seat's choices changed: so must its draft
                    panel.draft = ""
                with speaking(member_language(panel.interaction)):  # the member's own panel
                    picture = await self._hand_picture(fresh, panel)
                    drawn = presenter.draw(fresh, panel.draft, None, pictured=picture is not None)
                if picture is not None and picture is panel.picture:
                    # the same hand as shown: the attachment already there stays
                    await panel.interaction.edit_original_response(
                        embeds=show(drawn.embeds, picture), view=drawn.view()
                    )
                else:
                    await panel.interaction.edit_original_response(
                        embeds=show(drawn.embeds, picture),
                        view=drawn.view(),
                        attachments=attachments(picture),
                    )
                panel.version, panel.legal, panel.picture = table.version, legal, picture
            except (discord.HTTPException, TableError):
                self._panels.get(table.id, {}).pop(seat, None)

    async def _hand_picture(self, seat: SeatTable, panel: OpenPanel) -> Picture | None:
        """The hand's picture for a refreshed panel: the one it shows if the hand looks the
        same (most moves are another seat's), else drawn within :data:`PICTURE_WAIT`."""
        if not await panel_pictures_on(self._bot, seat.table.guild_id, panel.user_id):
            return None
        sketch = hand_of(seat, panel.draft)
        if sketch is None:
            return None
        if panel.picture is not None and panel.picture.sketch == sketch:
            return panel.picture
        future = self.pictures.request(sketch, slot=("hand", seat.table.id, seat.seat), urgent=True)
        data = await within(future, PICTURE_WAIT)
        return None if data is None else Picture(data, HAND_FILE, sketch)

    # -- helpers ------------------------------------------------------------------------------

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self._bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self._bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    def _forget(self, table_id: int) -> None:
        self._cancel_grace(table_id)
        self._pinged.pop(table_id, None)
        self._acted.pop(table_id, None)
        self._reminders.pop(table_id, None)
        self._events.pop(table_id, None)
        self._panels.pop(table_id, None)
        self._watchers.pop(table_id, None)
        self._closing.discard(table_id)
        self._news.pop(table_id, None)


def _with_seat_notes(embeds: list[discord.Embed], table: Table) -> list[discord.Embed]:
    """Say who is away or played by the computer, under any game's table."""
    notes = []
    for player in table.seats:
        if player.is_computer:
            notes.append(tr("🤖 {name} is a computer player", name=player.name))
        elif player.taken_over:
            notes.append(
                tr("🤖 the computer plays {name}'s seat for the rest of the game", name=player.name)
            )
        elif player.away:
            notes.append(tr("💤 {name} is away (their time ran out)", name=player.name))
    if notes and embeds:
        embeds[0].add_field(name=tr("Seats"), value="\n".join(notes)[:1024], inline=False)
    return embeds


def channel_message(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage:
    getter = getattr(channel, "get_partial_message", None)
    assert getter is not None, "tables live in text channels and threads"
    message: discord.PartialMessage = getter(message_id)
    return message


async def _retire(old: discord.PartialMessage) -> None:
    """Point an old table message at the new one, or remove it if Discord will not edit it."""
    try:
        await old.edit(
            content=tr("This table continues below. ⬇️"), embeds=[], view=None, attachments=[]
        )
    except discord.HTTPException:
        with contextlib.suppress(discord.HTTPException):
            await old.delete()


def retry_pause(error: BaseException, failures: int) -> float | None:
    """Seconds to wait before redrawing again after ``error``; ``None`` if trying again
    cannot help (a refused edit, a missing permission, a bug)."""
    backoff = RETRY_PAUSES[min(failures, len(RETRY_PAUSES) - 1)]
    if isinstance(error, discord.RateLimited):
        return _capped(error.retry_after, backoff)
    if isinstance(error, discord.HTTPException):
        if error.status == 429:
            return _capped(_retry_after(error), backoff)
        return backoff if error.status >= 500 else None
    if isinstance(error, DatabaseBusy | aiohttp.ClientError | TimeoutError | OSError):
        return backoff
    return None


def _retry_after(error: discord.HTTPException) -> float | None:
    headers = getattr(error.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", ""))
    except ValueError:
        return None


def _capped(retry_after: float | None, backoff: float) -> float:
    if retry_after is None or not math.isfinite(retry_after):
        return backoff
    return min(max(retry_after, backoff), RETRY_AFTER_CAP)
