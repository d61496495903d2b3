"""Per-server settings: what moderators configure for their server."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["GuildSettings"]


class GuildSettings(BaseModel):
    """A server's settings; every field has a default, so a new server needs no setup.

    Stored as JSON (``guild_settings``), validated on load. Fields added later
    get their default for servers that saved settings before they existed.
    """

    model_config = ConfigDict(extra="ignore", validate_assignment=True)
