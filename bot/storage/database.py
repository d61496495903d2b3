"""One SQLite database, reached through aiosqlite.

The bot holds a single connection. SQLite runs one statement at a time on it
anyway, but a transaction spans several awaits, so every use of the connection
takes :attr:`Database.lock`: otherwise another coroutine's statement could land
inside (and be rolled back with) someone else's transaction.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

__all__ = ["Database", "Params", "Row"]

log = logging.getLogger(__name__)

Row = aiosqlite.Row
Params = Iterable[Any] | dict[str, Any]


class Database:
    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self._connection = connection
        self.path = path
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) the database file; ``":memory:"`` for a throwaway one."""
        where = str(path)
        if where != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(where, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        # WAL lets readers (backups, a second process) proceed while the bot writes;
        # NORMAL sync is durable across process crashes, which is what WAL needs.
        await connection.executescript(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
            " PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;"
        )
        log.info("database open at %s", where)
        return cls(connection, where)

    async def close(self) -> None:
        async with self.lock:
            await self._connection.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """All statements inside commit together, or none do."""
        async with self.lock:
            await self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                await self._connection.execute("ROLLBACK")
                raise
            await self._connection.execute("COMMIT")

    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None:
        async with self.lock, self._connection.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.lock, self._connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def execute_script(self, script: str) -> None:
        """Run several statements; the script brings its own transaction."""
        async with self.lock:
            try:
                await self._connection.executescript(script)
            except BaseException:
                if self._connection.in_transaction:
                    await self._connection.execute("ROLLBACK")
                raise
