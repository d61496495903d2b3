"""All SQL about direct messages Discord would not deliver (``direct_messages_undelivered``)."""

from __future__ import annotations

from datetime import datetime

from bot.storage.database import Database

__all__ = ["UndeliveredRepository"]


class UndeliveredRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def refused_since(self, user_id: int) -> datetime | None:
        """When Discord last refused a direct message to this member, if it did."""
        row = await self._db.fetch_one(
            "SELECT undelivered_at FROM direct_messages_undelivered WHERE user_id = ?",
            (user_id,),
        )
        return None if row is None else datetime.fromisoformat(row["undelivered_at"])

    async def refused(self, user_id: int, now: datetime) -> None:
        """Record a refusal; a member already told is not told again."""
        await self._db.write(
            "INSERT INTO direct_messages_undelivered (user_id, undelivered_at) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET undelivered_at = excluded.undelivered_at",
            (user_id, now.isoformat()),
        )

    async def delivered(self, user_id: int) -> None:
        await self._db.write(
            "DELETE FROM direct_messages_undelivered WHERE user_id = ?", (user_id,)
        )

    async def take_note(self, user_id: int, now: datetime) -> bool:
        """Whether the member is still to be told their messages were refused; marks them told."""
        changed = await self._db.write(
            "UPDATE direct_messages_undelivered SET told_at = ? "
            "WHERE user_id = ? AND told_at IS NULL",
            (now.isoformat(), user_id),
        )
        return changed == 1
