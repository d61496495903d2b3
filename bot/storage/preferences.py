"""All SQL about members' own preferences (``player_preferences``)."""

from __future__ import annotations

import asyncio
from datetime import datetime

from bot.storage.database import Database

__all__ = ["EVERYWHERE", "PreferencesRepository"]

EVERYWHERE = 0
"""The scope of a member's choice for every server (no server has id 0)."""


class PreferencesRepository:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, user_id: int) -> asyncio.Lock:
        """One edit at a time per member, so two quick changes never overwrite each other."""
        return self._locks.setdefault(user_id, asyncio.Lock())

    async def get(self, user_id: int, guild_id: int) -> str | None:
        """The saved JSON for this member and scope, or ``None`` if they never chose."""
        row = await self._db.fetch_one(
            "SELECT preferences_json FROM player_preferences WHERE user_id = ? AND guild_id = ?",
            (user_id, guild_id),
        )
        return None if row is None else str(row["preferences_json"])

    async def put(self, user_id: int, guild_id: int, preferences_json: str, now: datetime) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "INSERT INTO player_preferences (user_id, guild_id, preferences_json, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (user_id, guild_id) DO UPDATE SET "
                "preferences_json = excluded.preferences_json, updated_at = excluded.updated_at",
                (user_id, guild_id, preferences_json, now.isoformat()),
            )
