"""PostgreSQL as the database: the schema history, start-up, and moves serialised per
table in the database, against a real server (tests/conftest.py starts it)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pytest_asyncio

from bot.__main__ import database_problem
from bot.settings import Settings
from bot.storage.database import Database
from bot.storage.migrations import MIGRATIONS_DIR, DatabaseTooNew, discover, migrate
from bot.storage.migrations import schema_version as version_of
from bot.storage.postgres import DatabaseUnreachable, numbered, shown
from bot.storage.tables import StaleVersion, TableRepository, Turn
from bot.tables.model import Player
from tests.conftest import Postgres

NOW = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)
NOWHERE = "postgresql://tricky:secret@/tricky?host=/nonexistent-socket-dir"


@pytest_asyncio.fixture
async def empty(postgres: Postgres) -> AsyncIterator[str]:
    """A new database with no schema at all."""
    url = await postgres.create(migrated=False)
    yield url


def test_question_marks_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT ? WHERE a = '?' AND b = ?") == "SELECT $1 WHERE a = '?' AND b = $2"


def test_postgresql_has_the_same_history_with_its_own_sql_where_needed() -> None:
    shared = discover()
    own = discover(backend="postgresql")
    assert [(m.version, m.name) for m in own] == [(m.version, m.name) for m in shared]
    different = {m.name for m, s in zip(own, shared, strict=True) if m.sql != s.sql}
    assert "init" in different  # BIGINT ids, among others
    assert "practice" not in different  # portable: one file serves both
    for path in (MIGRATIONS_DIR / "postgresql").glob("*.sql"):
        assert (MIGRATIONS_DIR / path.name).is_file(), f"{path.name} stands in for nothing"


def test_a_postgresql_migration_standing_in_for_nothing_is_refused(tmp_path: Path) -> None:
    (tmp_path / "0001_init.sql").write_text("SELECT 1;")
    (tmp_path / "postgresql").mkdir()
    (tmp_path / "postgresql" / "0002_typo.sql").write_text("SELECT 2;")
    with pytest.raises(ValueError, match="0002_typo"):
        discover(tmp_path, backend="postgresql")


async def test_an_empty_database_gets_every_migration_once(empty: str) -> None:
    db = await Database.open(empty)
    try:
        assert db.backend == "postgresql"
        assert await version_of(db) == 0
        assert await migrate(db) == len(discover())
        assert await migrate(db) == 0
        assert await version_of(db) == discover()[-1].version
        tables = {
            row["tablename"]
            for row in await db.fetch_all(
                "SELECT tablename FROM pg_tables WHERE schemaname = ?", ("public",)
            )
        }
        assert {"tables", "seats", "events", "results", "ratings", "deadlines"} <= tables
    finally:
        await db.close()


async def test_processes_starting_together_apply_each_migration_once(empty: str) -> None:
    """Four processes' pools: the advisory lock lets one apply each migration."""
    pools = [await Database.open(empty) for _ in range(4)]
    try:
        applied = await asyncio.gather(*(migrate(db) for db in pools))
        assert sum(applied) == len(discover())
        rows = await pools[0].fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        assert [row["version"] for row in rows] == [m.version for m in discover()]
    finally:
        for db in pools:
            await db.close()


async def test_a_database_migrated_by_a_newer_bot_is_refused(postgres: Postgres) -> None:
    db = await Database.open(await postgres.create())  # its own: the others' stays current
    try:
        await db.write(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
            (999, "from_the_future", NOW.isoformat()),
        )
        with pytest.raises(DatabaseTooNew, match="999"):
            await migrate(db)
    finally:
        await db.close()


async def test_an_unreachable_server_is_one_clear_line_without_its_password() -> None:
    with pytest.raises(DatabaseUnreachable) as raised:
        await Database.open(NOWHERE)
    said = str(raised.value)
    assert "\n" not in said and "TRICKY_DATABASE" in said
    assert "secret" not in said and "***" in said
    assert shown(NOWHERE) in said


def test_start_up_says_so_in_one_line_before_connecting_to_discord() -> None:
    problem = database_problem(NOWHERE)
    assert problem is not None and "cannot reach the PostgreSQL database" in problem
    assert "\n" not in problem


def test_the_setting_takes_a_url_as_written_and_anything_else_as_a_path() -> None:
    url = "postgresql://bot:pw@db.example:5432/tricky"
    assert Settings(token="t", database=url, _env_file=None).database == url
    path = Settings(token="t", database="data/x.db", _env_file=None).database
    assert path == Path("data/x.db")
    assert Settings(token="t", database=url, _env_file=None).cache_path == Path("data/cache")


async def test_two_processes_moving_one_table_at_one_version_save_exactly_one(
    postgres: Postgres,
) -> None:
    """The per-table serialisation is the database's: the row lock makes the second move
    wait, and the version check then refuses it. Two pools stand for two processes."""
    url = await postgres.emptied()
    one, two = await Database.open(url), await Database.open(url)
    try:
        first, second = TableRepository(one), TableRepository(two)
        host = Player(name="Ann", user_id=1)
        table_id = await first.create_lobby(
            guild_id=1, channel_id=1, game_key="short_changed", host=host, options={},
            turn_seconds=0, now=NOW,
        )  # fmt: skip
        await first.start(table_id, seed=1, options={}, state_json="{}", now=NOW)
        tables = [await repo.get(table_id) for repo in (first, second)]

        async def move(repo: TableRepository, n: int) -> object:
            table = tables[n]
            assert table is not None
            turn = Turn(0, json.dumps({"move": n}), (f"move {n}",))
            try:
                return await repo.save_turn(
                    table, turn=turn, state_json="{}", outcome_json=None, now=NOW
                )
            except StaleVersion as refused:
                return refused

        outcomes = await asyncio.gather(move(first, 0), move(second, 1))
        assert sorted(type(o).__name__ for o in outcomes) == ["StaleVersion", "Table"]
        events = await one.fetch_all("SELECT version FROM events WHERE table_id = ?", (table_id,))
        assert [row["version"] for row in events] == [1]
    finally:
        await one.close()
        await two.close()
