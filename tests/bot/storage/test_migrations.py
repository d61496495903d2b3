"""The migration runner: in order, in a transaction, once, and never on a newer database."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import migrations
from bot.storage.database import Database
from bot.storage.migrations import (
    DatabaseTooNew,
    Migration,
    discover,
    migrate,
    schema_version,
    statements,
)


async def schema(db: Database) -> list[tuple[str, str]]:
    rows = await db.fetch_all("SELECT name, sql FROM sqlite_master ORDER BY name")
    return [(row["name"], row["sql"]) for row in rows]


async def test_a_fresh_database_gets_every_migration(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    try:
        applied = await migrate(db)
        assert applied == len(discover()) >= 1
        assert await schema_version(db) == discover()[-1].version
        names = {name for name, _ in await schema(db)}
        assert {"tables", "seats", "events", "guild_settings", "schema_migrations"} <= names
    finally:
        await db.close()


async def test_wal_and_foreign_keys_are_on(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    try:
        mode = await db.fetch_one("PRAGMA journal_mode")
        keys = await db.fetch_one("PRAGMA foreign_keys")
        assert mode is not None and mode[0] == "wal"
        assert keys is not None and keys[0] == 1
    finally:
        await db.close()


async def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    try:
        await migrate(db)
        before = await schema(db)
        rows_before = await db.fetch_all("SELECT version, name FROM schema_migrations")
        assert await migrate(db) == 0
        assert await schema(db) == before
        rows_after = await db.fetch_all("SELECT version, name FROM schema_migrations")
        assert [tuple(r) for r in rows_after] == [tuple(r) for r in rows_before]
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    try:
        await migrate(db)
        newest = discover()[-1].version
        await db.execute_script(
            "INSERT INTO schema_migrations (version, name, applied_at) "
            f"VALUES ({newest + 1}, 'from_the_future', '2030-01-01');"
        )
        with pytest.raises(DatabaseTooNew, match=f"schema version {newest + 1}"):
            await migrate(db)
    finally:
        await db.close()


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db")
    good = Migration(1, "first", "CREATE TABLE one (x INTEGER);")
    bad = Migration(2, "broken", "CREATE TABLE two (x INTEGER); INSERT INTO nowhere VALUES (1);")
    try:
        assert await migrate(db, [good]) == 1
        with pytest.raises(Exception, match="nowhere"):
            await migrate(db, [good, bad])
        assert await schema_version(db) == 1
        assert "two" not in {name for name, _ in await schema(db)}
    finally:
        await db.close()


def test_migration_files_must_be_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    with pytest.raises(ValueError, match="0002 is missing"):
        discover(tmp_path)
    (tmp_path / "0003_c.sql").unlink()
    (tmp_path / "2_bad.sql").write_text("SELECT 1;")
    with pytest.raises(ValueError, match="not named like"):
        discover(tmp_path)


async def test_two_processes_starting_at_once_apply_each_migration_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shards share one file and may start together: one applies, the other waits and skips."""
    first, second = [await Database.open(tmp_path / "t.db") for _ in range(2)]
    both_looked = asyncio.Barrier(2)

    async def looked_at_the_same_time(db: Database) -> int:
        version = await schema_version(db)
        await both_looked.wait()  # both saw version 0 before either applied anything
        return version

    monkeypatch.setattr(migrations, "schema_version", looked_at_the_same_time)
    try:
        applied = await asyncio.gather(migrate(first), migrate(second))
        assert sum(applied) == len(discover())
        rows = await first.fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        assert [row["version"] for row in rows] == [m.version for m in discover()]
        assert await schema(first) == await schema(second)
    finally:
        await first.close()
        await second.close()


def test_a_script_splits_where_sqlite_says_a_statement_ends() -> None:
    script = """
        -- a comment; with a semicolon
        CREATE TABLE t (x TEXT DEFAULT ';');
        CREATE TRIGGER t_kept AFTER INSERT ON t BEGIN
            UPDATE t SET x = 'a;b';
            DELETE FROM t WHERE x = '';
        END;
    """
    found = statements(script)
    assert len(found) == 2
    assert found[0].endswith("DEFAULT ';');")
    assert found[1].startswith("CREATE TRIGGER") and found[1].endswith("END;")


async def test_wins_taken_by_the_computer_leave_the_current_boards(tmp_path: Path) -> None:
    """0006: a win the computer brought home for a taken-over seat (AW1) is taken back,
    on current boards only: a win from before the board's last reset is already gone."""
    db = await Database.open(tmp_path / "t.db")
    before = [m for m in discover() if m.version < 6]  # 0006 takes the wins back
    try:
        await migrate(db, before)
        board_reset = "2026-03-01T12:00:00+00:00"
        games = [  # (table, finished, seat 0's place, seat 0 taken over)
            (1, "2026-02-01T12:00:00+00:00", 1, 1),  # before the reset: not on the board
            (2, "2026-04-01T12:00:00.250000+00:00", 1, 1),  # taken over: taken back
            (3, "2026-04-02T12:00:00+00:00", 1, 0),  # played to the end: kept
            (4, "2026-04-03T12:00:00+00:00", 2, 1),  # not first: was never a win
        ]
        script = [
            "INSERT INTO board_resets (guild_id, game_key, reset_by, reset_at) "
            f"VALUES (9, NULL, 5, '{board_reset}');",
            "INSERT INTO ratings VALUES (9, 'tricky', 100, 'Ann', 25, 8, 3, 2, '2026-04-03');",
            "INSERT INTO ratings VALUES (9, 'fraud', 100, 'Ann', 25, 8, 1, 1, '2026-04-03');",
        ]
        for table, finished, place, taken in games:
            script += [
                "INSERT INTO tables (id, guild_id, channel_id, game_key, status, host_id, "
                f"created_at, updated_at) VALUES ({table}, 9, {table}, 'tricky', 'finished', "
                f"100, '{finished}', '{finished}');",
                "INSERT INTO results VALUES "
                f"({table}, 9, 'tricky', 1, NULL, 0, '{{}}', '{finished}', '{finished}', 60);",
                "INSERT INTO result_seats (table_id, seat, user_id, name, place, taken_over) "
                f"VALUES ({table}, 0, 100, 'Ann', {place}, {taken});",
            ]
        await db.execute_script("\n".join(script))
        assert await migrate(db) == len(discover()) - len(before)
        rows = await db.fetch_all("SELECT game_key, wins FROM ratings ORDER BY game_key")
        assert [(row["game_key"], row["wins"]) for row in rows] == [("fraud", 1), ("tricky", 1)]
    finally:
        await db.close()
