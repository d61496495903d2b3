"""Direct messages for members who ask for them: their turn on a long clock, and results.

The channel ping stays what it always was (the board's); this only adds a direct
message for a member who chose one with ``/tricky notify`` (their
:class:`~bot.preferences.PlayerPreferences`). It listens to the table service like the
turn clock, and sends through a :class:`DirectMessages` port the Discord side
implements, so nothing here knows Discord.

What a message says is what the channel shows anyway: whose turn, at which game,
for how long, who won; and a link to the table. Never a hand.

Discord limits how many direct messages a bot may open, and a busy bot must stay well
inside that: each member gets at most :data:`PER_MEMBER` messages per
:data:`PER_MEMBER_WINDOW`, and the bot at most :data:`OVERALL` per
:data:`OVERALL_WINDOW`. A message over either limit is dropped, not queued: the
channel ping has already told the member, and a late "your turn" is wrong by then.

A turn message waits for the server's ping grace (``ping_grace``) like the channel's
ping, and is not sent to a seat that moved meanwhile.

A member whose DMs are closed (Discord's 50007) is not tried again for
:data:`RETRY_CLOSED_AFTER`, and is told once, the next time they act, that their
messages could not be delivered (:meth:`TurnMessages.take_undelivered_note`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Literal, Protocol

from bot.guilds import GuildSettingsService
from bot.preferences import PreferencesService
from bot.storage.direct_messages import UndeliveredRepository
from bot.tables.model import Table, TableStatus
from bot.tables.service import Change, TableService
from games.core.game import Seat
from games.core.wording import ENGLISH, Speaker, speaking, tr

__all__ = [
    "OVERALL",
    "OVERALL_WINDOW",
    "PER_MEMBER",
    "PER_MEMBER_WINDOW",
    "RETRY_CLOSED_AFTER",
    "Delivery",
    "DirectMessages",
    "RateLimit",
    "TurnMessages",
    "clock_words",
]

log = logging.getLogger(__name__)

Delivery = Literal["sent", "closed", "failed"]
"""What became of a message: delivered; refused because the member's DMs are closed;
or lost for another reason (Discord busy), which says nothing about the member."""

PER_MEMBER = 4
PER_MEMBER_WINDOW = timedelta(minutes=10)
OVERALL = 20
OVERALL_WINDOW = timedelta(minutes=1)
RETRY_CLOSED_AFTER = timedelta(days=1)


class DirectMessages(Protocol):
    async def send(self, user_id: int, text: str) -> Delivery:
        """Send ``text`` to the member privately."""
        ...

    def table_link(self, table: Table) -> str | None:
        """A link that opens the table's message in its channel (None if it has none)."""
        ...


class RateLimit:
    """At most ``count`` events per ``window``, in a sliding window."""

    def __init__(self, count: int, window: timedelta) -> None:
        self._count, self._window = count, window
        self._times: deque[datetime] = deque()

    def allow(self, now: datetime) -> bool:
        while self._times and now - self._times[0] >= self._window:
            self._times.popleft()
        if len(self._times) >= self._count:
            return False
        self._times.append(now)
        return True

    @property
    def idle(self) -> bool:
        return not self._times


class TurnMessages:
    """Listens to the tables and sends the direct messages members asked for."""

    def __init__(
        self,
        tables: TableService,
        settings: GuildSettingsService,
        preferences: PreferencesService,
        undelivered: UndeliveredRepository,
        now: Callable[[], datetime],
    ) -> None:
        self._tables = tables
        self._settings = settings
        self._preferences = preferences
        self._undelivered = undelivered
        self._now = now
        self._port: DirectMessages | None = None
        self._called: dict[int, frozenset[Seat]] = {}
        """Per table, the seats last told it was their turn (so a seat is told once a turn)."""
        self._moved: dict[int, dict[Seat, int]] = {}
        """Per table, the version each seat's latest move made."""
        self._overall = RateLimit(OVERALL, OVERALL_WINDOW)
        self._members: dict[int, RateLimit] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.recipient_language: Callable[[int, int | None], Awaitable[Speaker]] | None = None
        """A message's language for its recipient (member id, the table's server); English
        until the bot sets it (``cogs.speaking``)."""

    def connect(self, port: DirectMessages | None) -> None:
        """Send through ``port`` from now on (``None``: send nothing)."""
        self._port = port

    async def table_changed(self, change: Change) -> None:
        if self._port is None:
            return
        table = change.table
        if change.actor is not None:
            self._moved.setdefault(table.id, {})[change.actor] = table.version
        if change.kind in ("started", "acted") and table.status is TableStatus.ACTIVE:
            work = self._turn(table, change.actor)
        elif change.kind in ("finished", "ended"):
            self._forget(table.id)
            work = self._result(table)
        else:
            if change.kind == "cancelled":
                self._forget(table.id)
            return
        # Not inline: the table service waits for its listeners, and a move must not
        # wait for Discord.
        task = asyncio.create_task(work, name=f"dm-{table.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for every message on its way (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def take_undelivered_note(self, user_id: int) -> bool:
        """Whether to tell this member, now, that their direct messages were refused.
        True once per refusal (until a message gets through again)."""
        return await self._undelivered.take_note(user_id, self._now())

    # -- what to send ---------------------------------------------------------------------

    async def _turn(self, table: Table, actor: Seat | None) -> None:
        if table.turn_seconds <= 0:
            return  # no clock, no turn messages: nothing to work out for this move
        try:
            public = await self._tables.public(table.id)
            if public.table.version != table.version:
                return  # the table moved on meanwhile: that change tells the next seats
            acting = frozenset(
                seat for seat in public.to_act if not table.seats[seat].played_by_bot
            )
            before = self._called.get(table.id, frozenset())
            # Newly called: not called before, or called again after moving (a new turn).
            fresh = {seat for seat in acting if seat not in before or seat == actor}
            self._called[table.id] = acting
            wanting = [seat for seat in sorted(fresh) if await self._wants(table, seat)]
            if not wanting:
                return
            # Like the channel's ping (docs/channel.md): someone who moves within the
            # server's grace period is at the table and needs no message.
            grace = (await self._settings.get(table.guild_id)).ping_grace
            if grace > 0:
                await asyncio.sleep(grace)
                now = await self._tables.public(table.id)
                still = set(now.to_act) if now.table.status is TableStatus.ACTIVE else set()
                moved = self._moved.get(table.id, {})
                # A seat whose latest move came after this call has taken its turn.
                wanting = [
                    seat
                    for seat in wanting
                    if seat in still and moved.get(seat, -1) <= table.version
                ]
            title = public.game.title

            def text() -> str:
                return tr(
                    "⏰ It's your turn at {title}. You have {clock_words} before the bot "
                    "moves for you.",
                    title=title,
                    clock_words=clock_words(table.turn_seconds),
                )

            for seat in wanting:
                user_id = table.seats[seat].user_id
                assert user_id is not None, "a person's seat"
                await self._send(user_id, text, table)
        except Exception:
            log.exception("could not send turn messages for table %s", table.id)

    async def _wants(self, table: Table, seat: Seat) -> bool:
        """Whether the seat's player asked for a message on a turn of this table's clock."""
        user_id = table.seats[seat].user_id
        if user_id is None:
            return False
        chosen = await self._preferences.for_member(user_id, table.guild_id)
        return chosen.turn_dm and table.turn_seconds >= chosen.turn_dm_min_seconds

    async def _result(self, table: Table) -> None:
        try:
            game = self._tables.game(table.game_key)

            def text() -> str:
                return tr(
                    "🏁 Your game of {title} has ended: {how_it_ended}",
                    title=game.title,
                    how_it_ended=_how_it_ended(table),
                )

            for player in table.seats:
                if player.user_id is None:
                    continue
                chosen = await self._preferences.for_member(player.user_id, table.guild_id)
                if chosen.result_dm:
                    await self._send(player.user_id, text, table)
        except Exception:
            log.exception("could not send result messages for table %s", table.id)

    async def _language(self, user_id: int, guild_id: int | None) -> Speaker:
        if self.recipient_language is None:
            return ENGLISH
        return await self.recipient_language(user_id, guild_id)

    async def _send(self, user_id: int, text: Callable[[], str], table: Table) -> None:
        """Send ``text()``, worded in the recipient's language, unless a limit says not."""
        port = self._port
        if port is None:
            return
        now = self._now()
        refused = await self._undelivered.refused_since(user_id)
        if refused is not None and now - refused < RETRY_CLOSED_AFTER:
            return
        member = self._members.setdefault(user_id, RateLimit(PER_MEMBER, PER_MEMBER_WINDOW))
        if not member.allow(now):
            log.info("direct message to %s dropped: over the member's limit", user_id)
            return
        if not self._overall.allow(now):
            log.warning("direct message to %s dropped: over the bot's limit", user_id)
            return
        link = port.table_link(table)
        with speaking(await self._language(user_id, table.guild_id)):
            worded = text() + (tr("\nGo to the table: {link}", link=link) if link else "")
        delivery = await port.send(user_id, worded)
        if delivery == "sent":
            if refused is not None:
                await self._undelivered.delivered(user_id)
        elif delivery == "closed":
            await self._undelivered.refused(user_id, now)
        self._forget_idle_members()

    def _forget(self, table_id: int) -> None:
        self._called.pop(table_id, None)
        self._moved.pop(table_id, None)

    def _forget_idle_members(self) -> None:
        if len(self._members) > 1000:
            for user_id in [u for u, limit in self._members.items() if limit.idle]:
                del self._members[user_id]


def clock_words(seconds: int) -> str:
    """A turn clock in words: "1 day", "6 hours", "90 minutes"."""
    for size, unit in ((86_400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' * (count != 1)}"
    return (
        tr("{seconds} seconds", seconds=seconds)
        if seconds < 60
        else tr("{value} minutes", value=seconds // 60)
    )


def _how_it_ended(table: Table) -> str:
    """The result as the channel announced it: who won, or that it was stopped."""
    if table.status is TableStatus.ENDED or table.outcome_json is None:
        return tr("it was ended early, with no result.")
    places = json.loads(table.outcome_json)["places"]
    winners = [table.seats[seat].name for seat, place in enumerate(places) if place == 1]
    if len(winners) == len(table.seats) > 1:
        return tr("a draw.")
    return tr("{list} won.", list=tr(" and ").join(winners))
