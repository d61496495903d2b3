"""All SQL about running turn clocks."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.shards import UNSHARDED, Shards
from bot.storage.database import Database, Row
from bot.storage.shards import ours

__all__ = ["Deadline", "DeadlineRepository"]

_UNIX_EPOCH_JULIAN_DAY = 2_440_587.5
"""SQLite's ``julianday`` of 1970-01-01 00:00 UTC."""


@dataclass(frozen=True, slots=True)
class Deadline:
    table_id: int
    seat: int
    started_at: datetime
    due_at: datetime
    reminded: bool

    @property
    def halfway(self) -> datetime:
        return self.started_at + (self.due_at - self.started_at) / 2


class DeadlineRepository:
    def __init__(self, db: Database, *, shards: Shards = UNSHARDED) -> None:
        self._db = db
        self._shards = shards

    async def all(self) -> list[Deadline]:
        """Every running clock at this process's tables (its shards'), soonest first."""
        mine, params = ours(self._shards, "tables.guild_id")
        rows = await self._db.fetch_all(
            "SELECT deadlines.* FROM deadlines JOIN tables ON tables.id = deadlines.table_id "
            f"WHERE {mine} ORDER BY due_at",
            params,
        )
        return [_deadline(row) for row in rows]

    async def due(self, now: datetime) -> list[Deadline]:
        """This process's clocks that have run out by ``now``, or are half gone and not yet
        reminded, soonest first: only those, so a tick reads a few rows however many
        clocks run."""
        mine, params = ours(self._shards, "tables.guild_id")
        stamp = now.isoformat()
        rows = await self._db.fetch_all(
            "SELECT deadlines.* FROM deadlines JOIN tables ON tables.id = deadlines.table_id "
            "WHERE (deadlines.due_at <= ? OR (deadlines.reminded = 0 AND "
            "julianday(deadlines.started_at) + julianday(deadlines.due_at) <= 2 * julianday(?))) "
            f"AND {mine} ORDER BY deadlines.due_at",
            (stamp, stamp, *params),
        )
        return [_deadline(row) for row in rows]

    async def next_due(self) -> datetime | None:
        """When this process's next clock runs out or is half gone (to be reminded), if any
        runs. A millisecond late rather than early: the clock then finds it due."""
        mine, params = ours(self._shards, "tables.guild_id")
        row = await self._db.fetch_one(
            "SELECT MIN(CASE WHEN deadlines.reminded = 1 THEN julianday(deadlines.due_at) ELSE "
            "(julianday(deadlines.started_at) + julianday(deadlines.due_at)) / 2 END) "
            f"FROM deadlines JOIN tables ON tables.id = deadlines.table_id WHERE {mine}",
            params,
        )
        if row is None or row[0] is None:
            return None
        seconds = (float(row[0]) - _UNIX_EPOCH_JULIAN_DAY) * 86_400
        return datetime.fromtimestamp(seconds, UTC) + timedelta(milliseconds=1)

    async def unsettled(self) -> list[int]:
        """This process's running clocked tables whose clocks may not match their last
        change: no clock of theirs started since the table last changed.

        A move commits before its clocks are set (``TurnClock.table_changed``), so a crash
        in between leaves a table like this; start-up settles these few by loading them.
        A table in a simultaneous choice whose other seats kept their clocks shows here
        too, needlessly but harmlessly.
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

    async def restart_all(self, now: datetime, *, batch: int = 256) -> int:
        """Give every running clock at this process's running tables a whole turn from
        ``now``, half-time reminder included (AW1: the bot was down); how many.

        No table is loaded: a statement per ``batch`` tables and turn length, with the
        event loop free between them, so clicks are answered while ten thousand tables'
        clocks restart.
        """
        mine, params = ours(self._shards, "tables.guild_id")
        spans = await self._db.fetch_all(
            "SELECT turn_seconds, MIN(tables.id) AS first, MAX(tables.id) AS last "
            "FROM tables JOIN deadlines ON deadlines.table_id = tables.id "
            f"WHERE tables.status = 'active' AND {mine} GROUP BY turn_seconds",
            params,
        )
        restarted = 0
        for span in spans:
            seconds = int(span["turn_seconds"])
            due = (now + timedelta(seconds=seconds)).isoformat()
            for first in range(int(span["first"]), int(span["last"]) + 1, batch):
                last = first + batch - 1
                restarted += await self._db.write(
                    "UPDATE deadlines SET started_at = ?, due_at = ?, reminded = 0 "
                    "WHERE table_id BETWEEN ? AND ? AND table_id IN (SELECT id FROM tables "
                    "WHERE id BETWEEN ? AND ? AND status = 'active' AND turn_seconds = ? "
                    f"AND {mine})",
                    (now.isoformat(), due, first, last, first, last, seconds, *params),
                )
        return restarted

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
            "INSERT INTO clock_changes (table_id, keep_seats, start_seats, started_at, due_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (
                table_id,
                json.dumps(kept),
                json.dumps(fresh),
                started_at.isoformat(),
                due_at.isoformat(),
            ),
        )

    async def mark_reminded(self, table_id: int, seat: int) -> None:
        await self._db.write(
            "UPDATE deadlines SET reminded = 1 WHERE table_id = ? AND seat = ?",
            (table_id, seat),
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
            "UPDATE deadlines SET due_at = ?, reminded = 1 "
            "WHERE table_id = ? AND seat = ? AND due_at = ?",
            (until.isoformat(), table_id, seat, due_at.isoformat()),
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


def _deadline(row: Row) -> Deadline:
    return Deadline(
        table_id=int(row["table_id"]),
        seat=int(row["seat"]),
        started_at=datetime.fromisoformat(row["started_at"]),
        due_at=datetime.fromisoformat(row["due_at"]),
        reminded=bool(row["reminded"]),
    )
