"""The settings service: the one writer of server settings besides the config cog's own
edits through it; a change a game does not accept is refused and nothing is saved."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import UserError
from bot.guilds import GuildSettingsService, LobbyDefaults
from bot.storage.database import Database
from bot.storage.guilds import GuildSettingsRepository
from games.catalog import CATALOG
from tests.bot.tables.helpers import Clock

GUILD = 5


@pytest.fixture
def settings(db: Database) -> GuildSettingsService:
    return GuildSettingsService(GuildSettingsRepository(db), CATALOG, Clock().now)


async def test_an_edit_is_saved_for_the_next_reader(
    settings: GuildSettingsService, db: Database
) -> None:
    async with settings.editing(GUILD) as edited:
        edited.turn_seconds = 60
    fresh = GuildSettingsService(GuildSettingsRepository(db), CATALOG, Clock().now)
    assert (await fresh.get(GUILD)).turn_seconds == 60
    assert (await fresh.get(GUILD + 1)).turn_seconds == 300  # another server keeps its own


async def test_lobby_defaults_a_game_accepts_are_saved(settings: GuildSettingsService) -> None:
    def fifty(defaults: LobbyDefaults) -> LobbyDefaults:
        defaults["short_changed"] = {"stalemate_rounds": 50}
        return defaults

    saved = await settings.edit_lobby_defaults(GUILD, fifty)
    assert saved.lobby_defaults == {"short_changed": {"stalemate_rounds": 50}}
    assert (await settings.get(GUILD)).lobby_defaults == saved.lobby_defaults


async def test_lobby_defaults_a_game_refuses_are_explained_and_not_saved(
    settings: GuildSettingsService,
) -> None:
    def negative(defaults: LobbyDefaults) -> LobbyDefaults:
        defaults["short_changed"] = {"stalemate_rounds": -3}
        return defaults

    with pytest.raises(UserError, match="That option is not allowed"):
        await settings.edit_lobby_defaults(GUILD, negative)
    assert (await settings.get(GUILD)).lobby_defaults == {}


async def test_an_edit_that_refuses_saves_nothing(settings: GuildSettingsService) -> None:
    def seen(defaults: LobbyDefaults) -> LobbyDefaults:
        defaults["short_changed"] = {"stalemate_rounds": 50}
        raise UserError("The house list is full.")

    with pytest.raises(UserError, match="house list is full"):
        await settings.edit_lobby_defaults(GUILD, seen)
    assert (await settings.get(GUILD)).lobby_defaults == {}


async def test_two_edits_at_once_both_land(settings: GuildSettingsService) -> None:
    """Two moderators at once: each edit starts from the other's result."""

    async def set_default(key: str, options: dict[str, object]) -> None:
        def edit(defaults: LobbyDefaults) -> LobbyDefaults:
            defaults[key] = options
            return defaults

        await settings.edit_lobby_defaults(GUILD, edit)

    await asyncio.gather(
        set_default("short_changed", {"stalemate_rounds": 50}),
        set_default("short_word", {"house_add": ["zzx"]}),
    )
    assert set((await settings.get(GUILD)).lobby_defaults) == {"short_changed", "short_word"}
