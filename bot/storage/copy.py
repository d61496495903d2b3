"""``python -m bot.storage.copy --from PATH --to URL``: a server's whole SQLite history
into PostgreSQL, then the counts compared table by table.

Everything in the schema goes: tables and their seats, the event log, results and their
seats, ratings, board resets, running clocks, server settings, members' preferences,
undelivered direct messages. Rows keep their ids, so replays, result messages and
rematches still find their games. It runs in one PostgreSQL transaction (all copied or
none), and a row already there is left as it is, so running it twice copies nothing the
second time and the counts still agree. Stop the bot first: rows written to the file
during the copy would be missed.

The SQLite file must be at the schema version of this bot (start the bot on it once: it
migrates at start-up); the PostgreSQL database is migrated here if it is not yet.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.storage.database import Database, is_url
from bot.storage.migrations import discover, migrate, schema_version
from bot.storage.postgres import DatabaseUnreachable

__all__ = ["ORDER", "Copied", "CopyFailed", "copy", "main"]

ORDER = (
    "tables",
    "seats",
    "events",
    "results",
    "result_seats",
    "ratings",
    "board_resets",
    "deadlines",
    "guild_settings",
    "player_preferences",
    "direct_messages_undelivered",
)
"""Every table of the schema but ``schema_migrations``, each after those it refers to."""

IDENTITIES = ("tables", "board_resets")
"""Tables whose ``id`` PostgreSQL numbers itself: numbering goes on after the copied ids."""

BATCH = 1000
"""Rows sent in one trip."""


class CopyFailed(RuntimeError):
    """The copy could not be made, or its counts disagree: one line saying why."""


@dataclass(frozen=True, slots=True)
class Copied:
    table: str
    new: int
    """Rows this run added (0 for a table copied before)."""
    total: int
    """Rows in the table on both sides, once verified."""


async def copy(source: Path, target: str) -> list[Copied]:
    """Copy the SQLite file ``source`` into the PostgreSQL database at ``target``."""
    if not await asyncio.to_thread(source.is_file):
        raise CopyFailed(f"there is no SQLite database at {source}")
    if not is_url(target):
        raise CopyFailed(f"--to must be a postgresql:// URL, not {target}")
    latest = discover()[-1].version
    sqlite = await Database.open(source, checkpoint_every=None)
    try:
        if (found := await schema_version(sqlite)) != latest:
            raise CopyFailed(
                f"{source} is at schema version {found}, this bot at {latest}: start this "
                "bot on the file once (it migrates at start-up), then copy"
            )
        try:
            postgres = await Database.open(target, pool_size=2)
        except DatabaseUnreachable as error:
            raise CopyFailed(str(error)) from error
        try:
            await migrate(postgres)
            return await _copy_all(sqlite, postgres)
        finally:
            await postgres.close()
    finally:
        await sqlite.close()


async def _copy_all(sqlite: Database, postgres: Database) -> list[Copied]:
    names = {
        row["name"]
        for row in await sqlite.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    if unknown := sorted(names - {*ORDER, "schema_migrations"}):
        raise CopyFailed(f"this copy does not know the table {unknown[0]}: update ORDER")
    new: dict[str, int] = {}
    async with postgres.transaction() as sql:
        for table in ORDER:
            columns = [row["name"] for row in await sqlite.fetch_all(f"PRAGMA table_info({table})")]
            listed = ", ".join(columns)
            insert = (
                f"INSERT INTO {table} ({listed}) VALUES ({', '.join('?' * len(columns))}) "
                "ON CONFLICT DO NOTHING"
            )
            before = await sql.execute_fetchall(f"SELECT COUNT(*) FROM {table}")
            rows = await sqlite.fetch_all(f"SELECT {listed} FROM {table} ORDER BY rowid")
            for start in range(0, len(rows), BATCH):
                await sql.executemany(insert, [tuple(row) for row in rows[start : start + BATCH]])
            after = await sql.execute_fetchall(f"SELECT COUNT(*) FROM {table}")
            new[table] = int(next(iter(after))[0]) - int(next(iter(before))[0])
        for table in IDENTITIES:
            await sql.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            )
    return await _verified(sqlite, postgres, new)


async def _verified(sqlite: Database, postgres: Database, new: dict[str, int]) -> list[Copied]:
    copied = []
    for table in ORDER:
        counts = []
        for db in (sqlite, postgres):
            row = await db.fetch_one(f"SELECT COUNT(*) FROM {table}")
            counts.append(0 if row is None else int(row[0]))
        if counts[0] != counts[1]:
            raise CopyFailed(
                f"{table}: {counts[0]} rows in the SQLite file but {counts[1]} in PostgreSQL "
                "(was the bot already running on PostgreSQL?)"
            )
        copied.append(Copied(table, new[table], counts[0]))
    return copied


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.copy",
        description="Copy a Tricky SQLite database into PostgreSQL and compare the counts.",
    )
    parser.add_argument("--from", dest="source", required=True, type=Path, help="SQLite file")
    parser.add_argument("--to", dest="target", required=True, help="postgresql:// URL")
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(copy(args.source, args.target))
    except CopyFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for each in copied:
        print(f"{each.table:28} {each.total:8} rows ({each.new} copied now)")
    print("counts agree: the PostgreSQL database holds everything in the file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
