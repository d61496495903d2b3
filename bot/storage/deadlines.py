"""All SQL about running turn clocks."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.shards import UNSHARDED, Shards
from bot.storage.database import Database, Row
from bot.storage.shards import ours

__all__ = ["Deadline", "DeadlineRepository", "wake_at"]

_LATE = timedelta(milliseconds=1)
"""A wake-up is read back a millisecond late rather than early (the stored number may
round either way by less): the clock then finds the clock due."""


@dataclass(frozen=True, slots=True)
class Deadline:
    table_id: int
    seat: int
    started_at: datetime
    due_at: datetime
    reminded: bool
    turn: timedelta | None = None
    """The table's whole turn while it runs with a clock: what a restart gives the seat
    again (AW1). None for a leftover clock of a table no longer running."""

    @property
    def halfway(self) -> datetime:
        return self.started_at + (self.due_at - self.started_at) / 2


def wake_at(started_at: datetime, due_at: datetime, *, reminded: bool) -> float:
    """When the turn clock must next look at a clock, as stored (``migrations/0011``):
    its half-time while the seat is not yet reminded, else its end; seconds since 1970 UTC.
    """
    clock = Deadline(0, 0, started_at, due_at, reminded)
    return (clock.due_at if reminded else clock.halfway).timestamp()


class DeadlineRepository:
    def __init__(self, db: Database, *, shards: Shards = UNSHARDED) -> None:
        self._db = db
        self._shards = shards

    def _joined(self) -> tuple[str, tuple[int, ...]]:
        """``FROM`` deadlines with their tables, kept to this process's (its shards')."""
        mine, params = ours(self._shards, "tables.guild_id")
        return f"FROM deadlines JOIN tables ON tables.id = deadlines.table_id WHERE {mine}", params

    async def all(self) -> list[Deadline]:
        """Every running clock at this process's tables (its shards'), soonest first."""
        joined, params = self._joined()
        rows = await self._db.fetch_all(
            f"SELECT {_COLUMNS} {joined} ORDER BY deadlines.due_at, deadlines.table_id, "
            "deadlines.seat",
            params,
        )
        return [_deadline(row) for row in rows]

    async def due(self, now: datetime) -> list[Deadline]:
        """This process's clocks that have run out by ``now``, or are half gone and not yet
        reminded, soonest first: only those, read through ``deadlines_by_wake``, so a look
        round reads a few rows however many clocks run."""
        joined, params = self._joined()
        rows = await self._db.fetch_all(
            f"SELECT {_COLUMNS} {joined} AND deadlines.wake_at <= ? ORDER BY deadlines.wake_at",
            (*params, now.timestamp()),
        )
        return [_deadline(row) for row in rows]

    async def next_due(self) -> datetime | None:
        """When this process's next clock runs out or is half gone (to be reminded), if any
        runs: the first entry of ``deadlines_by_wake`` (of this process's tables)."""
        joined, params = self._joined()
        row = await self._db.fetch_one(
            f"SELECT deadlines.wake_at {joined} ORDER BY deadlines.wake_at LIMIT 1", params
        )
        if row is None:
            return None
        return datetime.fromtimestamp(float(row[0]), UTC) + _LATE

    async def unsettled(self) -> list[int]:
        """This process's running clocked tables whose clocks may not match their last
        change: no clock of theirs started since the table last changed.

        A move commits before its clocks are set (``TurnClock.table_changed``), so a crash
        in between leaves a table like this; start-up settles these few by loading them.
        A table in a simultaneous choice whose other seats kept their clocks shows here
        too, needlessly but harmlessly.

        Only the running games are read, from ``tables_by_status_update``
        (``migrations/0012``), each with its clocks by their key: never a finished one.
        """
        mine, params = ours(self._shards, "tables.guild_id")
        rows = await self._db.fetch_all(
            "SELECT id FROM tables WHERE status = 'active' AND turn_seconds > 0 "
            f"AND {mine} AND NOT EXISTS (SELECT 1 FROM deadlines "
            "WHERE deadlines.table_id = tables.id AND deadlines.started_at >= tables.updated_at) "
            "ORDER BY id",
            params,
        )
        return [int(row["id"]) for row in rows]

    async def restart(self, clocks: Iterable[Deadline], at: datetime, *, batch: int = 256) -> int:
        """Give each of ``clocks`` a whole turn from ``at``, half-time reminder included
        (AW1: the bot was down since it started); how many were given one.

        Only a clock still as read is restarted: one a move has since restarted, or
        stopped, is left as it is. A transaction per ``batch`` clocks, the event loop
        free between them.
        """
        fresh = [
            (
                at.isoformat(),
                (at + clock.turn).isoformat(),
                wake_at(at, at + clock.turn, reminded=False),
                clock.table_id,
                clock.seat,
                clock.started_at.isoformat(),
            )
            for clock in clocks
            if clock.turn is not None
        ]
        for first in range(0, len(fresh), batch):
            async with self._db.transaction() as sql:
                await sql.executemany(
                    "UPDATE deadlines SET started_at = ?, due_at = ?, wake_at = ?, reminded = 0 "
                    "WHERE table_id = ? AND seat = ? AND started_at = ?",
                    fresh[first : first + batch],
                )
        return len(fresh)

    async def seats_timed(self, table_id: int) -> set[int]:
        """The seats of one table whose clocks are running (the key's index, not a scan:
        this runs on every move, however many tables are open)."""
        rows = await self._db.fetch_all(
            "SELECT seat FROM deadlines WHERE table_id = ?", (table_id,)
        )
        return {int(row["seat"]) for row in rows}

    async def replace_for_table(
        self,
        table_id: int,
        keep: Iterable[int],
        start: Iterable[int],
        started_at: datetime,
        due_at: datetime,
    ) -> None:
        """Keep the clocks of ``keep``, start fresh ones for ``start``, drop the rest.

        One statement, so one trip and no write lock held between trips: the view's
        trigger does the deleting and the inserting (``migrations/0005``).
        """
        kept, fresh = sorted(keep), sorted(start)
        if both := set(kept) & set(fresh):
            raise ValueError(f"seats {sorted(both)} cannot keep and restart")
        await self._db.write(
            "INSERT INTO clock_changes "
            "(table_id, keep_seats, start_seats, started_at, due_at, wake_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                table_id,
                json.dumps(kept),
                json.dumps(fresh),
                started_at.isoformat(),
                due_at.isoformat(),
                wake_at(started_at, due_at, reminded=False),
            ),
        )

    async def mark_reminded(self, clock: Deadline) -> None:
        """The seat was reminded: the clock wakes next when it runs out. Only if it is
        still the clock read (a move may have started a fresh one meanwhile)."""
        await self._db.write(
            "UPDATE deadlines SET reminded = 1, wake_at = ? "
            "WHERE table_id = ? AND seat = ? AND started_at = ?",
            (
                wake_at(clock.started_at, clock.due_at, reminded=True),
                clock.table_id,
                clock.seat,
                clock.started_at.isoformat(),
            ),
        )

    async def runs(self, table_id: int, seat: int, due_at: datetime) -> bool:
        """Whether the seat's clock is still the one due at ``due_at`` (no move has restarted
        or stopped it since)."""
        row = await self._db.fetch_one(
            "SELECT 1 FROM deadlines WHERE table_id = ? AND seat = ? AND due_at = ?",
            (table_id, seat, due_at.isoformat()),
        )
        return row is not None

    async def postpone(self, table_id: int, seat: int, due_at: datetime, until: datetime) -> bool:
        """Move a seat's clock that is due at ``due_at`` on to ``until``, counted as reminded
        (its half-time is past); False if that clock no longer runs (a move restarted or
        stopped it since it was read)."""
        changed = await self._db.write(
            "UPDATE deadlines SET due_at = ?, reminded = 1, wake_at = ? "
            "WHERE table_id = ? AND seat = ? AND due_at = ?",
            (until.isoformat(), until.timestamp(), table_id, seat, due_at.isoformat()),
        )
        return changed > 0

    async def drop(
        self, table_id: int, seat: int | None = None, *, due_at: datetime | None = None
    ) -> None:
        """Stop a table's clocks, or one seat's; with ``due_at``, only if it is still the
        clock due then (not one a move has since restarted)."""
        if seat is None:
            await self._db.write("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
        elif due_at is None:
            await self._db.write(
                "DELETE FROM deadlines WHERE table_id = ? AND seat = ?", (table_id, seat)
            )
        else:
            await self._db.write(
                "DELETE FROM deadlines WHERE table_id = ? AND seat = ? AND due_at = ?",
                (table_id, seat, due_at.isoformat()),
            )


_COLUMNS = (
    "deadlines.table_id, deadlines.seat, deadlines.started_at, deadlines.due_at, "
    "deadlines.reminded, tables.status, tables.turn_seconds"
)
"""What :func:`_deadline` reads: a clock, and its table's turn if it runs."""


def _deadline(row: Row) -> Deadline:
    running = row["status"] == "active" and int(row["turn_seconds"]) > 0
    return Deadline(
        table_id=int(row["table_id"]),
        seat=int(row["seat"]),
        started_at=datetime.fromisoformat(row["started_at"]),
        due_at=datetime.fromisoformat(row["due_at"]),
        reminded=bool(row["reminded"]),
        turn=timedelta(seconds=int(row["turn_seconds"])) if running else None,
    )
