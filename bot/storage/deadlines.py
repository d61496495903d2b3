"""All SQL about running turn clocks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.storage.database import Database

__all__ = ["Deadline", "DeadlineRepository"]


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
    def __init__(self, db: Database) -> None:
        self._db = db

    async def all(self) -> list[Deadline]:
        rows = await self._db.fetch_all("SELECT * FROM deadlines ORDER BY due_at")
        return [
            Deadline(
                table_id=int(row["table_id"]),
                seat=int(row["seat"]),
                started_at=datetime.fromisoformat(row["started_at"]),
                due_at=datetime.fromisoformat(row["due_at"]),
                reminded=bool(row["reminded"]),
            )
            for row in rows
        ]

    async def replace_for_table(
        self,
        table_id: int,
        keep: Iterable[int],
        start: Iterable[int],
        started_at: datetime,
        due_at: datetime,
    ) -> None:
        """Keep the clocks of ``keep``, start fresh ones for ``start``, drop the rest."""
        kept, fresh = list(keep), list(start)
        async with self._db.transaction() as sql:
            marks = ",".join("?" * len(kept))
            await sql.execute(
                f"DELETE FROM deadlines WHERE table_id = ? AND seat NOT IN ({marks})",
                (table_id, *kept),
            )
            for seat in fresh:
                await sql.execute(
                    "INSERT INTO deadlines (table_id, seat, started_at, due_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET "
                    "started_at = excluded.started_at, due_at = excluded.due_at, reminded = 0",
                    (table_id, seat, started_at.isoformat(), due_at.isoformat()),
                )

    async def mark_reminded(self, table_id: int, seat: int) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "UPDATE deadlines SET reminded = 1 WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            )

    async def drop(self, table_id: int, seat: int | None = None) -> None:
        async with self._db.transaction() as sql:
            if seat is None:
                await sql.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
            else:
                await sql.execute(
                    "DELETE FROM deadlines WHERE table_id = ? AND seat = ?", (table_id, seat)
                )
