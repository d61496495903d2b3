"""Per-server settings: what moderators configure for their server.

Cogs read and write them only through :class:`GuildSettingsService` (``bot.guild_settings``
on the bot): the config cog, and commands that change one game's lobby defaults (the
Short Word house words), ask it; nothing else saves them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from bot.errors import UserError
from games.core.errors import GameError
from games.core.registry import Catalog
from games.core.wording import tr

if TYPE_CHECKING:
    from bot.storage.guilds import GuildSettingsRepository

__all__ = ["GuildSettings", "GuildSettingsService", "LobbyDefaults"]

LobbyDefaults = dict[str, dict[str, Any]]
"""Per game key, the options a new lobby starts with (:attr:`GuildSettings.lobby_defaults`)."""


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
    ping_grace: int = Field(
        default=20,
        ge=0,
        le=3600,
        description="Seconds a seat may take before its turn ping is posted; 0 pings at once. "
        "A player who acts sooner is never pinged (docs/channel.md).",
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
    language: str | None = Field(
        default=None,
        description="The language of the table, pings, results and direct messages here "
        "(a code of bot.i18n.languages.LANGUAGES); none: the server's Discord language.",
    )


class GuildSettingsService:
    """Reads a server's settings, and saves its moderators' changes, one edit at a time."""

    def __init__(
        self, repository: GuildSettingsRepository, catalog: Catalog, now: Callable[[], datetime]
    ) -> None:
        self._repository = repository
        self._catalog = catalog
        self._now = now

    async def get(self, guild_id: int) -> GuildSettings:
        """The server's settings, or the defaults if it never saved any."""
        return await self._repository.get(guild_id)

    @asynccontextmanager
    async def editing(self, guild_id: int) -> AsyncIterator[GuildSettings]:
        """Change a server's settings: saved when the block ends, and not at all if it raises.

        Edits of one server wait for each other, so two moderators' changes never
        overwrite each other.
        """
        async with self._repository.editing(guild_id, self._now) as settings:
            yield settings

    async def edit_lobby_defaults(
        self, guild_id: int, edit: Callable[[LobbyDefaults], LobbyDefaults]
    ) -> GuildSettings:
        """Replace the lobby defaults with ``edit``'s result, if every game it changes
        accepts its new options; otherwise nothing is saved and the user is told why.

        ``edit`` gets a copy it may change. It may refuse with a :class:`UserError`, or
        let a game's own refusal of the options through (a :class:`GameError`).
        """
        async with self.editing(guild_id) as settings:
            current = {key: dict(options) for key, options in settings.lobby_defaults.items()}
            try:
                edited = edit(current)
                for key, options in edited.items():
                    if key in self._catalog and options != settings.lobby_defaults.get(key):
                        self._catalog[key].options(options)
            except GameError as error:
                raise UserError(
                    tr("That option is not allowed: {message}", message=error.worded())
                ) from None
            settings.lobby_defaults = edited
        return settings
