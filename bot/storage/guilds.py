"""All SQL about per-server settings."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime

from pydantic import ValidationError

from bot.guilds import GuildSettings
from bot.storage.database import Database

__all__ = ["GuildSettingsRepository"]


log = logging.getLogger(__name__)


class GuildSettingsRepository:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._locks: dict[int, asyncio.Lock] = {}

    @asynccontextmanager
    async def editing(
        self, guild_id: int, now: Callable[[], datetime]
    ) -> AsyncIterator[GuildSettings]:
        """Read a server's settings, let the caller change them, save them: one edit at a
        time per server, so two moderators' changes never overwrite each other."""
        async with self._locks.setdefault(guild_id, asyncio.Lock()):
            settings = await self.get(guild_id)
            yield settings
            await self.put(guild_id, settings, now())

    async def get(self, guild_id: int) -> GuildSettings:
        """The server's settings, or the defaults if it never saved any (or they are unreadable)."""
        row = await self._db.fetch_one(
            "SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return GuildSettings()
        try:
            return GuildSettings.model_validate_json(row["settings_json"])
        except ValidationError:
            log.warning("guild %s has unreadable settings; using the defaults", guild_id)
            return GuildSettings()

    async def put(self, guild_id: int, settings: GuildSettings, now: datetime) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "INSERT INTO guild_settings (guild_id, settings_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json, "
                "updated_at = excluded.updated_at",
                (guild_id, settings.model_dump_json(), now.isoformat()),
            )
