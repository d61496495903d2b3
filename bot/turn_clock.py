"""The turn clock (AW1), computer seats, and tables nobody uses any more.

Every seat a person plays gets a deadline when it must act (several at once in
a simultaneous choice). Half way, the channel is reminded; at the deadline the
bot plays a sensible move for the seat and marks it away; after three timeouts
in a row a computer player takes the seat over. Seats played by the bot (a
computer player, or a taken-over seat) move as soon as they must.

Deadlines are rows in the database, so a restart loses none: after a start every
running clock gives its seat a whole turn again, each when the clock first finds it
due, read through an index of wake-ups however many tables there are (see
``TurnClock.start``). Lobbies that never start, and games nobody
has moved in for two days, are closed (games unrated).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Literal

from bot.computer import ComputerPlayers
from bot.storage.deadlines import Deadline, DeadlineRepository
from bot.tables.model import Table, TableStatus
from bot.tables.service import Change, PublicTable, StaleTable, TableError, TableService
from games.core.wording import tr

__all__ = [
    "IDLE_GAME",
    "ROBOT_CHECK",
    "ROBOT_RETRIES",
    "STALE_LOBBY",
    "STAND_IN_RETRY",
    "TurnClock",
]

log = logging.getLogger(__name__)

STALE_LOBBY = timedelta(hours=2)
"""A lobby nobody touched for this long is cancelled."""
IDLE_GAME = timedelta(days=2)
"""A game nobody moves in for this long ends, unrated. Longer than the longest turn clock
(a day): a clocked seat's time must run out, and the bot move for it (AW1), before its
table counts as idle; with equal spans the sweep came first and ended the game instead."""
LONGEST_NAP = timedelta(hours=6)
"""The clock looks around at least this often, whatever it expects."""
STAND_IN_LEVEL = "easy"
"""The level of the move the bot plays for a seat whose time ran out."""
STAND_IN_RETRY = timedelta(seconds=30)
"""How soon the bot tries again when a stand-in move did not happen (a worker crash, a
busy database, a refused move). Not for ever: a game nobody moves in ends (IDLE_GAME)."""
ROBOT_RETRIES = (1.0, 10.0, 60.0)
"""Seconds a computer seat waits before each new try after failed moves in a row; when
they are used up it rests until the clock's next look round (ROBOT_CHECK)."""
ROBOT_CHECK = timedelta(minutes=5)
"""How often the clock looks for computer seats that are to act with nothing moving them
(when it ticks anyway, or on purpose while a seat rests after failed moves)."""


class TurnClock:
    def __init__(
        self,
        service: TableService,
        deadlines: DeadlineRepository,
        computers: ComputerPlayers,
    ) -> None:
        self._service = service
        self._deadlines = deadlines
        self._computers = computers
        self._sleeper: asyncio.Task[None] | None = None
        self._poked = False
        self._ticking = False
        self._asked: datetime | None = None
        """While ticking: the soonest a change asked the clock to look round by."""
        self._next: datetime | None = None
        """While asleep: when the clock looks round next."""
        self._loop: asyncio.Task[None] | None = None
        self._waking: asyncio.Task[None] | None = None
        self._starting: asyncio.Task[None] | None = None
        self._robots: dict[tuple[int, int], asyncio.Task[None]] = {}
        # When the clock last looked for computer seats nothing moves, and whether one
        # has since given up after failed moves (then it must look again soon).
        self._robots_checked = service.now()
        self._robots_resting = False
        self._began = datetime.min.replace(tzinfo=UTC)
        """When this clock started (:meth:`start`): a clock that started before is due a
        whole turn again. Never, for a clock that was never started."""

    # -- life ---------------------------------------------------------------------------------

    async def start(self) -> None:
        """Restart the clocks now due, then start ticking; tables load when first touched.

        Nobody can act while the bot is down, so that time counts against no one (AW1):
        every seat to act gets a whole turn from the start, half-time reminder included.
        When the bot went down is not known reliably (a crash writes nothing), so rather
        than pushing each deadline back by the downtime, every clock starts again; a
        quick restart just gives the seats to act a little more time.

        A seat's clock is restarted when the turn clock first looks at it, not all at
        once: one that started before this start (``_began``) and is due (its half-time
        or its end has come) starts again from ``_began`` instead of reminding or running
        out (``_restart``). Its stored wake-up is never later than the restarted clock's
        half-time (it was due at its own half-time, or at its end when reminded, both
        before; a stand-in's retry comes under 30 s after the end, and the shortest turn
        is a minute), so no reminder comes late. The clocks due now are read here through
        the index of wake-ups (one query); the others wait for the look round that finds
        them due. So no table is loaded and no clock is read that is not due, and the
        bot answers its first click as soon with ten thousand running tables as with
        none. Only a table whose last move may have missed its clocks (a crash
        between the two) is loaded now to set them (``DeadlineRepository.unsettled``);
        computer seats to act are woken in the background (``_wake_resting_robots``).

        A table that cannot be loaded (a saved state the engine now refuses, a game no
        longer in the catalogue) is logged and left as it is: one broken table must not
        keep the bot, and every other table, from starting.
        """
        self._began = self._service.now()
        unsettled = await self._deadlines.unsettled()
        due = await self._deadlines.due(self._began)
        await self._restart(due)
        restarted = sum(self._stale(clock) for clock in due)
        log.info("turn clock: %d clock(s) due restarted, the others when due", restarted)
        for table_id in unsettled:
            try:
                await self._sync(table_id, actor=None, restart=True)
            except Exception:
                log.exception("table %s could not be loaded at start-up; skipped", table_id)
        self._robots_checked = self._service.now()
        self._loop = asyncio.create_task(self._run(), name="turn-clock")
        self._waking = asyncio.create_task(self._wake_resting_robots(), name="robots-wake")

    async def _restart(self, due: list[Deadline]) -> list[Deadline]:
        """``due``, with those that started before this start restarted from it (AW1, see
        :meth:`start`), as they now are. A clock of a table no longer running is not
        restarted: the look round stops it (``_expire``)."""
        stale = [clock for clock in due if self._stale(clock)]
        if not stale:
            return due
        await self._deadlines.restart(stale, self._began)
        return [
            replace(clock, started_at=self._began, due_at=self._began + clock.turn, reminded=False)
            if self._stale(clock) and clock.turn
            else clock
            for clock in due
        ]

    def _stale(self, clock: Deadline) -> bool:
        """Whether a clock started before this start, at a table still running with one."""
        return clock.started_at < self._began and clock.turn is not None

    def begin(self) -> None:
        """:meth:`start` in the background: the bot answers clicks meanwhile (start-up)."""
        self._starting = asyncio.create_task(self.start(), name="turn-clock-start")

    async def stop(self) -> None:
        tasks = [
            task
            for task in (
                self._starting,
                self._loop,
                self._sleeper,
                self._waking,
                *self._robots.values(),
            )
            if task is not None
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._robots.clear()

    async def idle(self) -> None:
        """Wait until the clock has started and no computer seat is thinking (tests and
        shutdown)."""
        for task in (self._starting, self._waking):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
        while self._robots:
            await asyncio.gather(*list(self._robots.values()), return_exceptions=True)

    # -- listening to the tables ---------------------------------------------------------------

    async def table_changed(self, change: Change) -> None:
        now = self._service.now()
        soonest: datetime | None = None
        if change.kind in ("started", "acted"):
            soonest = await self._sync(change.table.id, actor=change.actor)
        elif change.kind in ("finished", "ended", "cancelled"):
            await self._deadlines.drop(change.table.id)
        status = change.table.status
        if status is TableStatus.LOBBY:
            soonest = min(soonest or now + STALE_LOBBY, now + STALE_LOBBY)
        elif status is TableStatus.ACTIVE:
            soonest = min(soonest or now + IDLE_GAME, now + IDLE_GAME)
        if soonest is not None:
            self._wake_by(soonest)

    async def _sync(
        self, table_id: int, *, actor: int | None, restart: bool = False
    ) -> datetime | None:
        """Start clocks for the seats that now must act, stop the others; wake computer seats.
        With ``restart``, every seat to act starts a whole turn afresh. Returns when a clock
        started here is half gone (its reminder), if one started."""
        public = await self._service.public(table_id)
        table = public.table
        if table.status is not TableStatus.ACTIVE:
            await self._deadlines.drop(table_id)
            return None
        people = {seat for seat in public.to_act if not table.seats[seat].played_by_bot}
        running = set() if restart else await self._deadlines.seats_timed(table_id)
        keep = (people & running) - {actor}
        halfway = None
        if table.turn_seconds:
            now = self._service.now()
            due = now + timedelta(seconds=table.turn_seconds)
            await self._deadlines.replace_for_table(table_id, keep, people - keep, now, due)
            if people - keep:
                halfway = now + (due - now) / 2
        else:
            await self._deadlines.drop(table_id)
        self._wake_robots_at(public)
        return halfway

    # -- ticking ----------------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            self._poked = False
            self._ticking, self._asked = True, None
            try:
                wait = await self._tick()
            except Exception:
                log.exception("the turn clock stumbled; trying again shortly")
                wait = 5.0
            finally:
                self._ticking = False
            if self._poked:
                continue  # clocks changed while ticking (a stand-in move): look again first
            now = self._service.now()
            if self._asked is not None:
                wait = min(wait, max(0.0, (self._asked - now).total_seconds()))
            self._next = now + timedelta(seconds=wait)
            # A plain sleep in its own task, which a change cancels to wake the clock early.
            self._sleeper = asyncio.create_task(asyncio.sleep(wait), name="turn-clock-sleep")
            await asyncio.wait({self._sleeper})

    def _wake_up(self) -> None:
        self._poked = True
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()

    def _wake_by(self, when: datetime) -> None:
        """Make sure the clock looks round by ``when``: a move's fresh clock, a new lobby.

        Most changes need nothing, since the clock already means to look sooner; so a
        move costs the clock no look at the deadlines, however many tables run.
        """
        if self._ticking:
            self._asked = when if self._asked is None else min(self._asked, when)
        elif self._next is None or when < self._next:
            self._wake_up()

    async def _tick(self) -> float:
        """Do whatever is due; return the seconds until the next thing is."""
        now = self._service.now()
        upcoming: list[datetime] = []
        reminders: dict[int, list[Deadline]] = {}
        # A clock restarted here may not be due any more: a whole turn again (AW1).
        for deadline in await self._restart(await self._deadlines.due(now)):
            if now >= deadline.due_at:
                try:
                    await self._expire(deadline, now)
                except Exception:
                    # The clock was pushed back first, so the seat is tried again then;
                    # meanwhile the other tables' clocks go on.
                    log.exception(
                        "table %s seat %s: the stand-in move failed; trying again in %s",
                        deadline.table_id,
                        deadline.seat,
                        STAND_IN_RETRY,
                    )
                upcoming.append(now + STAND_IN_RETRY)  # when a stand-in that failed is retried
                continue
            if not deadline.reminded and now >= deadline.halfway:
                reminders.setdefault(deadline.table_id, []).append(deadline)
        for table_id, clocks in reminders.items():
            await self._remind(table_id, clocks)
        if (upcoming_clock := await self._deadlines.next_due()) is not None:
            upcoming.append(upcoming_clock)
        await self._sweep(now)
        if now >= self._robots_checked + ROBOT_CHECK:
            self._robots_checked, self._robots_resting = now, False
            await self._wake_resting_robots()
        if self._robots_resting:
            upcoming.append(self._robots_checked + ROBOT_CHECK)
        for status, patience in ((TableStatus.LOBBY, STALE_LOBBY), (TableStatus.ACTIVE, IDLE_GAME)):
            oldest = await self._service.oldest_update(status)
            if oldest is not None:
                upcoming.append(oldest + patience)
        upcoming.append(now + LONGEST_NAP)
        return max(0.0, (min(upcoming) - now).total_seconds())

    async def _remind(self, table_id: int, clocks: list[Deadline]) -> None:
        """One reminder naming every seat of the table whose clock is half gone."""
        for clock in clocks:
            await self._deadlines.mark_reminded(clock)
        await self._service.remind(table_id, tuple(clock.seat for clock in clocks))

    async def _expire(self, deadline: Deadline, now: datetime) -> None:
        """AW1: the seat's time is up, so the bot moves for it.

        The seat's clock is pushed back a little first rather than stopped: should the
        stand-in not happen (a worker crash, a busy database, a refused move), the seat
        still has a clock and the bot tries again then, where a stopped clock would
        stall the game for good. A stand-in that lands restarts or stops the seat's
        clock like any move (``table_changed``).
        """
        table_id, seat = deadline.table_id, deadline.seat
        retry_at = now + STAND_IN_RETRY
        if not await self._deadlines.postpone(table_id, seat, deadline.due_at, retry_at):
            return  # a move restarted or stopped this clock since the tick read it
        for attempt in range(3):  # if someone else moves while the bot thinks, think again
            if attempt and not await self._deadlines.runs(table_id, seat, retry_at):
                # The seat moved itself meanwhile: a new action of its own (a double turn,
                # SC5) came with a new clock, and is the player's to make.
                return
            public = await self._service.public(table_id)
            if public.table.status is not TableStatus.ACTIVE or seat not in public.to_act:
                await self._deadlines.drop(table_id, seat, due_at=retry_at)
                return
            if await self._move_for(public.table, seat, STAND_IN_LEVEL, by="clock") != "stale":
                return

    async def _sweep(self, now: datetime) -> None:
        idle = [
            (table_id, tr("This lobby expired: nothing happened in it for two hours."))
            for table_id in await self._service.idle_tables(TableStatus.LOBBY, now - STALE_LOBBY)
        ] + [
            (table_id, tr("This game ended: nobody moved for two days. It is not rated."))
            for table_id in await self._service.idle_tables(TableStatus.ACTIVE, now - IDLE_GAME)
        ]
        for table_id, reason in idle:
            try:
                await self._service.close_idle(table_id, reason)
            except Exception:  # that table's problem: the others are still closed
                log.exception("could not close idle table %s", table_id)

    # -- the bot's seats --------------------------------------------------------------------

    def _wake_robots_at(self, public: PublicTable) -> None:
        for seat in public.to_act:
            if public.table.seats[seat].played_by_bot:
                self._wake_robot(public.table.id, seat)

    async def _wake_resting_robots(self) -> None:
        """Wake the computer seats that are to act with nothing moving them: one that gave
        up after failed moves, one whose wake-up was lost, or any after a restart. Only
        the tables where the bot plays a seat are loaded."""
        for table_id in await self._service.with_bot_seats():
            try:
                self._wake_robots_at(await self._service.public(table_id))
            except Exception:
                log.exception("table %s could not be loaded to wake its computer seats", table_id)

    def _wake_robot(self, table_id: int, seat: int) -> None:
        key = (table_id, seat)
        running = self._robots.get(key)
        # A task that has ended but is not yet forgotten (its done callback still queued)
        # would not look again: a wake-up arriving then starts a new one, or it is lost.
        if running is None or running.done():
            task = asyncio.create_task(self._play_robot(table_id, seat), name=f"robot-{key}")
            self._robots[key] = task
            task.add_done_callback(lambda ended: self._forget_robot(key, ended))

    def _forget_robot(self, key: tuple[int, int], ended: asyncio.Task[None]) -> None:
        if self._robots.get(key) is ended:  # not a newer task for the same seat
            del self._robots[key]

    async def _play_robot(self, table_id: int, seat: int) -> None:
        """Move for a computer seat for as long as it is the one to act.

        A move that fails (a worker crash, a busy database, a refused move) is tried
        again after a pause, a longer one each time in a row. When ROBOT_RETRIES are
        used up the seat rests until the clock's next look round wakes it
        (``_wake_resting_robots``): a lasting fault is neither hammered nor the end
        of the game.
        """
        pauses = iter(ROBOT_RETRIES)
        for _ in range(1000):  # a computer seat never needs this many moves in a row
            try:
                table = await self._service.get(table_id)
                if table.status is not TableStatus.ACTIVE or not table.seats[seat].played_by_bot:
                    return
                public = await self._service.public(table_id)
                if seat not in public.to_act:
                    return
                level = table.seats[seat].computer or "hard"
                together = len(public.to_act) > 1
                moved = await self._move_for(table, seat, level, by="computer", together=together)
                if moved != "refused":
                    pauses = iter(ROBOT_RETRIES)  # it moved, or someone else did first
                    continue
            except Exception:
                log.exception("table %s seat %s: the computer player's move failed", table_id, seat)
            pause = next(pauses, None)
            if pause is None:
                log.error("table %s seat %s: the computer player rests a while", table_id, seat)
                # The clock looks round a while after the latest seat gave up, so a
                # lasting fault costs a try every ROBOT_CHECK, not a busy loop; and it
                # is told now, as it may be asleep for hours.
                self._robots_checked, self._robots_resting = self._service.now(), True
                self._wake_up()
                return
            await asyncio.sleep(pause)

    async def _move_for(
        self,
        table: Table,
        seat: int,
        level: str,
        *,
        by: Literal["clock", "computer"],
        together: bool = False,
    ) -> Literal["moved", "stale", "refused"]:
        """Choose and apply a move for a seat. ``together``: other seats choose at the same
        time (a computer's choice then stands if they move first, ``TableService.act_for``)."""
        assert table.state_json is not None
        # Worked out on the loop only when it can matter: alone to act, nobody else moves.
        legal = self._service.legal_for(table, seat) if together and by == "computer" else None
        action = await self._computers.choose(
            table.game_key, table.state_json, seat, level, table=table.id
        )
        try:
            await self._service.act_for(
                table.id, seat, action, version=table.version, by=by, chosen_from=legal
            )
        except StaleTable:
            return "stale"  # someone moved while the bot thought
        except TableError as error:
            log.error("table %s seat %s: the bot's move was refused: %s", table.id, seat, error)
            return "refused"
        return "moved"
