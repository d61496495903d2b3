"""Per-server settings: what moderators configure for their server."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["GuildSettings"]


class GuildSettings(BaseModel):
    """A server's settings; every field has a default, so a new server needs no setup.

    Stored as JSON (``guild_settings``), validated on load. Fields added later
    get their default for servers that saved settings before they existed.
    """

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    lobby_defaults: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="Per game key, the options a new lobby starts with on this server.",
    )
