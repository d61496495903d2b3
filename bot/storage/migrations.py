"""Numbered SQL migrations (``migrations/0001_init.sql`` ...), applied in order at start-up.

One schema history serves both backends. A migration is written once where its SQL
suits both; where PostgreSQL needs its own (types, triggers, functions), a file of the
same name in ``migrations/postgresql/`` stands in for it there. The numbers and names
are the same on both sides, so ``schema_migrations`` says the same on both.

Each migration runs in its own transaction together with the row that records
it, so a failure leaves the database at the previous version, and a second
process starting at the same moment waits for it instead of applying it again.
Applying twice changes nothing, and a database written by newer code is refused
rather than misread.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.storage.database import Backend, Database, statements

__all__ = [
    "MIGRATIONS_DIR",
    "DatabaseTooNew",
    "Migration",
    "discover",
    "migrate",
    "schema_version",
    "statements",
]

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
POSTGRESQL = "postgresql"
"""The folder, beside the shared migrations, of PostgreSQL's own versions of some."""
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class DatabaseTooNew(RuntimeError):
    """The database was migrated by a newer version of the bot."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(directory: Path = MIGRATIONS_DIR, backend: Backend = "sqlite") -> list[Migration]:
    """The migrations in a directory, checked to be numbered 1, 2, 3... without gaps; for
    PostgreSQL, with its own version of each that has one."""
    found = []
    own = directory / POSTGRESQL
    if backend == "postgresql" and own.is_dir():
        shared = {path.name for path in directory.glob("*.sql")}
        if strays := sorted(path.name for path in own.glob("*.sql") if path.name not in shared):
            raise ValueError(f"{POSTGRESQL}/{strays[0]} stands in for no shared migration")
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise ValueError(f"migration file {path.name} is not named like 0001_name.sql")
        if backend == "postgresql" and (own / path.name).is_file():
            path = own / path.name
        found.append(Migration(int(match[1]), match[2], path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise ValueError(f"migration {expected:04d} is missing (found {migration.version:04d})")
    return found


async def schema_version(db: Database) -> int:
    if not await db.table_exists("schema_migrations"):
        return 0
    row = await db.fetch_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return int(row[0]) if row is not None else 0


async def migrate(db: Database, migrations: list[Migration] | None = None) -> int:
    """Apply every pending migration; returns how many were applied."""
    migrations = discover(backend=db.backend) if migrations is None else migrations
    # Under the schema lock: PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against
    # another process creating the same table at the same moment.
    async with db.transaction() as sql:
        await db.lock_schema(sql)
        await sql.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
    current = await schema_version(db)
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise DatabaseTooNew(
            f"The database at {db.path} is at schema version {current}, but this bot only "
            f"knows versions up to {latest}. Run the newer bot, or restore a backup."
        )
    applied = 0
    for migration in migrations:
        if migration.version > current and await _apply(db, migration):
            applied += 1
    return applied


async def _apply(db: Database, migration: Migration) -> bool:
    """Apply one migration with the row recording it; whether this call applied it.

    Several bot processes (shards) may start at once on one database. The schema lock
    (SQLite: the file's write lock; PostgreSQL: an advisory lock) is taken first and the
    version is looked at again under it, so exactly one of them applies each migration
    and the others see it done.
    """
    async with db.transaction() as sql:
        await db.lock_schema(sql)
        done = await sql.execute_fetchall(
            "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
        )
        if done:
            return False
        await db.run_script(sql, migration.sql)
        await sql.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
            (migration.version, migration.name, datetime.now(UTC).isoformat()),
        )
    log.info("applied migration %04d_%s", migration.version, migration.name)
    return True
