"""Numbered SQL migrations (``migrations/0001_init.sql`` ...), applied in order at start-up.

Each migration runs in its own transaction together with the row that records
it, so a failure leaves the database at the previous version. Applying twice
changes nothing, and a database written by newer code is refused rather than
misread.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.storage.database import Database

__all__ = [
    "MIGRATIONS_DIR",
    "DatabaseTooNew",
    "Migration",
    "discover",
    "migrate",
    "schema_version",
]

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class DatabaseTooNew(RuntimeError):
    """The database was migrated by a newer version of the bot."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migrations in a directory, checked to be numbered 1, 2, 3... without gaps."""
    found = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise ValueError(f"migration file {path.name} is not named like 0001_name.sql")
        found.append(Migration(int(match[1]), match[2], path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise ValueError(f"migration {expected:04d} is missing (found {migration.version:04d})")
    return found


async def schema_version(db: Database) -> int:
    row = await db.fetch_one(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    if row is None:
        return 0
    row = await db.fetch_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return int(row[0]) if row is not None else 0


async def migrate(db: Database, migrations: list[Migration] | None = None) -> int:
    """Apply every pending migration; returns how many were applied."""
    migrations = discover() if migrations is None else migrations
    await db.execute_script(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);"
    )
    current = await schema_version(db)
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise DatabaseTooNew(
            f"The database at {db.path} is at schema version {current}, but this bot only "
            f"knows versions up to {latest}. Run the newer bot, or restore a backup."
        )
    pending = [migration for migration in migrations if migration.version > current]
    for migration in pending:
        applied_at = datetime.now(UTC).isoformat()
        await db.execute_script(
            f"BEGIN IMMEDIATE;\n{migration.sql}\n;"
            f"INSERT INTO schema_migrations (version, name, applied_at) VALUES "
            f"({migration.version}, '{migration.name}', '{applied_at}');\nCOMMIT;"
        )
        log.info("applied migration %04d_%s", migration.version, migration.name)
    return len(pending)
