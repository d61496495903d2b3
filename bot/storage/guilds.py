"""All SQL about per-server settings."""

from __future__ import annotations

from datetime import datetime

from pydantic import ValidationError

from bot.guilds import GuildSettings
from bot.storage.database import Database

__all__ = ["GuildSettingsRepository"]


class GuildSettingsRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

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
            return GuildSettings()

    async def put(self, guild_id: int, settings: GuildSettings, now: datetime) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "INSERT INTO guild_settings (guild_id, settings_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json, "
                "updated_at = excluded.updated_at",
                (guild_id, settings.model_dump_json(), now.isoformat()),
            )
