"""Per-member preferences: what each player chooses for themself.

Server settings (:mod:`bot.guilds`) are the moderators'; these are the member's
own. A member may choose once for everywhere, and again for one server, which
then wins there. Cogs read and write them only through :class:`PreferencesService`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.storage.preferences import EVERYWHERE, PreferencesRepository

__all__ = ["EVERYWHERE", "PlayerPreferences", "PreferencesService"]

log = logging.getLogger(__name__)

LOCALES_REMEMBERED = 50_000


class PlayerPreferences(BaseModel):
    """One member's choices; every field has a default, so a member needs no setup.

    Stored as JSON, validated on load; a field added later gets its default for
    members who saved before it existed.
    """

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    text_only: bool = Field(
        default=False, description="Show my panels as text only, without pictures."
    )
    turn_dm: bool = Field(
        default=False,
        description="Also tell me by direct message when it is my turn on a long turn clock.",
    )
    turn_dm_min_seconds: int = Field(
        default=3600,
        ge=0,
        le=86_400,
        description="The shortest turn clock that earns a direct message, in seconds.",
    )
    result_dm: bool = Field(
        default=False, description="Tell me by direct message when a game I play in ends."
    )
    introduced: list[str] = Field(
        default_factory=list,
        description="Games whose first-time intro I have seen, as 'server id:game key' "
        "(kept in the everywhere row; cogs.intro).",
    )
    locale: str | None = Field(
        default=None,
        max_length=16,
        description="My Discord language as last seen (Discord sends it with every "
        "interaction): direct messages are written in it (kept in the everywhere row).",
    )


class PreferencesService:
    """Reads a member's preferences as they apply in one server, and saves their changes."""

    def __init__(self, repository: PreferencesRepository, now: Callable[[], datetime]) -> None:
        self._repository = repository
        self._now = now
        self._locales: dict[int, str] = {}
        """Per member, the locale known to be saved: most interactions then cost nothing."""

    async def locale(self, user_id: int) -> str | None:
        """The member's Discord language as last seen, if ever."""
        return (await self.for_member(user_id, None)).locale

    async def seen_locale(self, user_id: int, locale: str) -> None:
        """Remember the Discord language a member's interaction came with, for the direct
        messages sent to them later; saved only when it changed."""
        if self._locales.get(user_id) == locale:
            return
        if await self.locale(user_id) != locale:
            async with self.editing(user_id, None) as chosen:
                chosen.locale = locale
        if len(self._locales) > LOCALES_REMEMBERED:
            self._locales.clear()  # a cache only: a member's next interaction reads it again
        self._locales[user_id] = locale

    async def for_member(self, user_id: int, guild_id: int | None) -> PlayerPreferences:
        """What applies to this member in this server (``None``: outside any server).

        The server's own row wins over the member's everywhere row; without either,
        the defaults.
        """
        scopes = [EVERYWHERE] if guild_id is None else [guild_id, EVERYWHERE]
        for scope in scopes:
            saved = await self._repository.get(user_id, scope)
            if saved is None:
                continue
            try:
                return PlayerPreferences.model_validate_json(saved)
            except ValidationError:
                log.warning("member %s has unreadable preferences (scope %s)", user_id, scope)
        return PlayerPreferences()

    @asynccontextmanager
    async def editing(self, user_id: int, guild_id: int | None) -> AsyncIterator[PlayerPreferences]:
        """Change a member's preferences for one server (or everywhere, with ``None``).

        The edit starts from what applies there now, so choosing for one server
        keeps the member's everywhere choices as that server's starting point.
        """
        scope = EVERYWHERE if guild_id is None else guild_id
        async with self._repository.lock(user_id):
            preferences = await self.for_member(user_id, guild_id)
            yield preferences
            await self._repository.put(user_id, scope, preferences.model_dump_json(), self._now())
