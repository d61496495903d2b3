"""Members' own preferences: per server or everywhere, saved and read back."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.preferences import PlayerPreferences, PreferencesService
from bot.storage.database import Database
from bot.storage.migrations import discover, migrate
from bot.storage.preferences import EVERYWHERE, PreferencesRepository

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def service(db: Database) -> PreferencesService:
    return PreferencesService(PreferencesRepository(db), lambda: NOW)


async def test_a_member_who_never_chose_gets_the_defaults(db: Database) -> None:
    assert await service(db).for_member(1, 9) == PlayerPreferences()
    assert await service(db).for_member(1, None) == PlayerPreferences()


async def test_a_choice_for_everywhere_applies_in_every_server(db: Database) -> None:
    async with service(db).editing(1, None) as preferences:
        preferences.text_only = True
    assert (await service(db).for_member(1, 9)).text_only
    assert (await service(db).for_member(1, 10)).text_only
    assert not (await service(db).for_member(2, 9)).text_only


async def test_a_servers_own_choice_wins_there_and_starts_from_everywhere(db: Database) -> None:
    async with service(db).editing(1, None) as preferences:
        preferences.text_only = True
    async with service(db).editing(1, 9) as preferences:
        preferences.turn_dm = True
    here = await service(db).for_member(1, 9)
    assert here.turn_dm and here.text_only
    elsewhere = await service(db).for_member(1, 10)
    assert not elsewhere.turn_dm and elsewhere.text_only


async def test_unreadable_preferences_fall_back_to_the_next_scope(db: Database) -> None:
    repository = PreferencesRepository(db)
    await repository.put(1, EVERYWHERE, '{"text_only": true}', NOW)
    await repository.put(1, 9, '{"turn_dm_min_seconds": -5}', NOW)
    assert (await service(db).for_member(1, 9)).text_only


async def test_preferences_survive_reopening_the_database(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    await migrate(db)
    async with service(db).editing(1, 9) as preferences:
        preferences.result_dm = True
    await db.close()
    db = await Database.open(tmp_path / "t.db")
    try:
        assert (await service(db).for_member(1, 9)).result_dm
    finally:
        await db.close()


async def test_0007_applies_to_a_database_made_by_the_previous_version(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    try:
        await migrate(db, [m for m in discover() if m.version < 7])
        await db.execute_script(
            "INSERT INTO guild_settings VALUES (9, '{\"threads\": true}', '2026-01-01');"
        )
        await migrate(db)
        async with service(db).editing(1, 9) as preferences:
            preferences.text_only = True
        assert (await service(db).for_member(1, 9)).text_only
        row = await db.fetch_one("SELECT settings_json FROM guild_settings WHERE guild_id = 9")
        assert row is not None and row["settings_json"] == '{"threads": true}'
    finally:
        await db.close()


async def test_the_last_seen_locale_is_kept_everywhere_and_saved_only_when_it_changes(
    db: Database,
) -> None:
    preferences = service(db)
    assert await preferences.locale(1) is None
    async with preferences.editing(1, 9) as here:
        here.text_only = True
    await preferences.seen_locale(1, "de")
    assert await preferences.locale(1) == "de"
    assert await service(db).locale(1) == "de"  # saved, not only remembered
    assert (await preferences.for_member(1, 9)).text_only  # the server's own row untouched
    saved = await PreferencesRepository(db).get(1, EVERYWHERE)
    await preferences.seen_locale(1, "de")
    assert await PreferencesRepository(db).get(1, EVERYWHERE) == saved
    await preferences.seen_locale(1, "en-US")
    assert await service(db).locale(1) == "en-US"
    assert await preferences.locale(2) is None
