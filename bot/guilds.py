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

    leaderboard: bool = Field(
        default=True, description="Record ratings and show the leaderboard on this server."
    )
    unrated_games: list[str] = Field(
        default_factory=list, description="Game keys whose results are not rated here."
    )
    rate_computer_games: bool = Field(
        default=False, description="Rate games that had a computer player from the start."
    )
    turn_seconds: int = Field(
        default=300,
        ge=0,
        le=86_400,
        description="The turn clock: seconds a seat has to act; 0 turns the clock off.",
    )
    threads: bool = Field(
        default=False, description="Open each table in its own thread instead of the channel."
    )
    pictures: bool = Field(
        default=True,
        description="Draw tables and hands as pictures beside their text (off: text only).",
    )
    channels: list[int] = Field(
        default_factory=list,
        description="Channels where /tricky new may be used; empty means anywhere.",
    )
    lobby_defaults: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="Per game key, the options a new lobby starts with on this server.",
    )
