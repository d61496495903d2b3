"""PostgreSQL through a pool of asyncpg connections: the database for a bot whose
processes run on several machines (``TRICKY_DATABASE=postgresql://...``).

The repositories write their SQL once, with ``?`` for each parameter as SQLite wants;
:func:`numbered` turns those into PostgreSQL's ``$1, $2...`` (cached per statement).

Unlike SQLite's single connection, the pool runs several transactions at once, so
nothing here holds a process-wide lock: each transaction has its own connection, and
its own after-commit callbacks (found through a context variable, as the transaction
runs in its caller's task). Moves at one table are still serialised in the database:
a move's ``UPDATE ... WHERE id = ? AND version = ?`` takes the row's lock, and a second
move made at the same version waits for it, then finds the version moved on and
changes nothing (PostgreSQL evaluates the condition again on the row the first one
committed).

A connection can break: the server restarts, a network hiccup, an administrator ends
it. The pool then opens a new one at the next use, by itself. A transaction that broke
is rolled back by the server, so nothing is ever half applied; reads are tried again
after a short pause; a write that broke is reported as :class:`DatabaseUnavailable`,
since only the server knows whether its commit landed (the table repository looks, for
moves, and saves the move again if it did not).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, TypeAlias
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.database import (
    Backend,
    Connection,
    Database,
    DatabaseUnavailable,
    IntegrityError,
    Params,
    Row,
    _waited_out,
)

__all__ = [
    "CONNECT_TIMEOUT",
    "LOST",
    "DatabaseUnreachable",
    "PostgresDatabase",
    "numbered",
    "shown",
]

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for the server when opening a connection."""
RECONNECT_PAUSES = (0.05, 0.1, 0.2, 0.4)
"""Pauses before trying a read again on a new connection: about 0.75 s in all, well
inside Discord's three seconds for answering a click."""
SCHEMA_LOCK = 0x747269636B79  # "tricky"
"""The advisory lock that keeps two processes from migrating at once."""

LOST: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, unreachable
    TimeoutError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.PostgresConnectionError,  # SQLSTATE class 08
    asyncpg.exceptions.AdminShutdownError,  # the server is stopping, or ended us
    asyncpg.exceptions.CrashShutdownError,
    asyncpg.exceptions.CannotConnectNowError,  # the server is starting
)
"""What a broken connection, or a server not there, raises."""


def _is_lost(error: BaseException) -> bool:
    """Whether ``error`` says the connection broke. A pooled connection that the server
    ended is handed back to the pool by asyncpg at once, and what was under way on it
    then fails as "released back to the pool"."""
    return isinstance(error, LOST) or (
        isinstance(error, asyncpg.InterfaceError) and "released back to the pool" in str(error)
    )


_UNREACHABLE: tuple[type[BaseException], ...] = (
    *LOST,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    ValueError,
)
"""What opening the pool raises when the URL or the server will not do."""

_Link: TypeAlias = "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]"


class DatabaseUnreachable(RuntimeError):
    """The server could not be reached when the bot started: one line saying why."""


def shown(url: str) -> str:
    """The URL without its password, for logs and messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` marks numbered ``$1, $2...`` (none inside a quoted string)."""
    out: list[str] = []
    count = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            count += 1
            out.append(f"${count}")
        else:
            out.append(char)
    return "".join(out)


def _rowcount(status: str) -> int:
    """The rows a statement changed, from its status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Changed:
    __slots__ = ("rowcount",)

    def __init__(self, rowcount: int) -> None:
        self.rowcount = rowcount


def _portable(error: asyncpg.exceptions.IntegrityConstraintViolationError) -> IntegrityError:
    portable = IntegrityError(f"{error.constraint_name}: {error}")
    portable.__cause__ = error
    return portable


class _Statements:
    """The connection a transaction hands its caller (:class:`~bot.storage.database.
    Connection`): the repositories' statements, numbered for PostgreSQL."""

    def __init__(self, connection: _Link) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Params = (), /) -> _Changed:
        try:
            return _Changed(_rowcount(await self._connection.execute(numbered(sql), *parameters)))
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise _portable(error) from error

    async def execute_fetchall(self, sql: str, parameters: Params = (), /) -> list[Row]:
        try:
            return list(await self._connection.fetch(numbered(sql), *parameters))
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise _portable(error) from error

    async def executemany(self, sql: str, parameters: Iterable[Params], /) -> None:
        rows = [tuple(row) for row in parameters]
        if not rows:
            return
        try:
            await self._connection.executemany(numbered(sql), rows)
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise _portable(error) from error

    async def script(self, script: str) -> None:
        """Several statements in PostgreSQL's own SQL, as one simple query."""
        await self._connection.execute(script)


async def _commit(connection: _Link) -> None:
    """COMMIT (as a coroutine: a connection already handed back raises on the call)."""
    await connection.execute("COMMIT")


class PostgresDatabase(Database):
    backend: Backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], path: str) -> None:
        self._pool = pool
        self.path = path
        self._callbacks: ContextVar[list[Callable[[], None]] | None] = ContextVar(
            "after_commit", default=None
        )

    @classmethod
    async def open(  # type: ignore[override]
        cls, url: str, *, pool_size: int = 10
    ) -> PostgresDatabase:
        """A pool of at most ``pool_size`` connections to the server at ``url``.

        Raises :class:`DatabaseUnreachable` (one line) if no connection can be made.
        """
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=CONNECT_TIMEOUT,
                server_settings={"application_name": "tricky"},
            )
        except _UNREACHABLE as error:
            raise DatabaseUnreachable(
                f"cannot reach the PostgreSQL database at {shown(url)} (TRICKY_DATABASE): "
                f"{error or type(error).__name__}"
            ) from error
        log.info("database open at %s (pool of %d)", shown(url), pool_size)
        return cls(pool, shown(url))

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), CONNECT_TIMEOUT)
        except TimeoutError:
            log.warning("closing the database pool timed out; ending its connections")
            self._pool.terminate()

    # -- transactions -------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """All statements inside commit together, or none do: the server rolls back a
        transaction whose connection broke. A broken connection is
        :class:`DatabaseUnavailable` to the caller; the pool opens a new one next time.

        Like SQLite's, a task cancelled during the COMMIT waits for it to end, so its
        after-commit callbacks run if it landed, before the cancellation goes on.
        """
        if self._callbacks.get() is not None:
            raise RuntimeError("transactions do not nest")
        callbacks: list[Callable[[], None]] = []
        token = self._callbacks.set(callbacks)
        try:
            connection = await self._begun()
            try:
                try:
                    yield _Statements(connection)
                except BaseException as failure:
                    await self._roll_back(connection)
                    if _is_lost(failure):
                        raise DatabaseUnavailable from failure
                    raise
                failed, cancelled = await _waited_out(_commit(connection))
                if failed is not None:
                    await self._roll_back(connection)
                    if _is_lost(failed):
                        raise DatabaseUnavailable from failed
                    raise failed
            finally:
                await self._give_back(connection)
            self._callbacks.set(None)
            for callback in callbacks:
                callback()
            if cancelled is not None:
                raise cancelled
        finally:
            self._callbacks.reset(token)

    async def _begun(self) -> PoolConnectionProxy[asyncpg.Record]:
        """A connection with a transaction begun on it. Nothing was sent before BEGIN, so
        a connection found broken (the server restarted since it was last used) is
        replaced and BEGIN tried again, for a moment."""
        for pause in (*RECONNECT_PAUSES, None):
            connection = await self._acquired()
            try:
                await connection.execute("BEGIN")
                return connection
            except BaseException as error:
                await self._give_back(connection)
                if not _is_lost(error):
                    raise
                if pause is None:
                    raise DatabaseUnavailable from error
                log.warning("database connection lost (%r); beginning again", error)
            await asyncio.sleep(pause)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _acquired(self) -> PoolConnectionProxy[asyncpg.Record]:
        """A connection from the pool. A server that cannot be reached is waited for a
        moment (nothing was sent to it yet), then :class:`DatabaseUnavailable`."""
        for pause in (*RECONNECT_PAUSES, None):
            try:
                return await self._pool.acquire()
            except LOST as error:
                if pause is None:
                    raise DatabaseUnavailable from error
                await asyncio.sleep(pause)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _give_back(self, connection: PoolConnectionProxy[asyncpg.Record]) -> None:
        """Hand ``connection`` back to the pool. The pool resets it first; on a connection
        whose server went away mid-statement the reset itself fails (asyncpg's
        InternalClientError "another operation is in progress"), and asyncpg has then
        terminated it already, so the pool opens a new one next time. That failure must
        not replace what the caller is reporting: the move saved, or DatabaseUnavailable."""
        try:
            await self._pool.release(connection)
        except Exception as error:
            if not (_is_lost(error) or isinstance(error, asyncpg.InternalClientError)):
                raise
            log.warning("a broken connection was dropped on its way back to the pool (%r)", error)

    @staticmethod
    async def _roll_back(connection: _Link) -> None:
        """Roll back if the connection still stands (a broken one rolled back already)."""
        try:
            if connection.is_closed() or not connection.is_in_transaction():
                return
            await connection.execute("ROLLBACK")
        except Exception as error:  # the pool resets or replaces the connection on release
            if not _is_lost(error):
                log.warning("ROLLBACK after a failure failed", exc_info=True)

    def after_commit(self, callback: Callable[[], None]) -> None:
        callbacks = self._callbacks.get()
        if callbacks is None:
            raise RuntimeError("after_commit is only for use inside a transaction")
        callbacks.append(callback)

    # -- single statements --------------------------------------------------------------------

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        """Rows of a query; tried again on a new connection if one broke (a read changes
        nothing, so trying again is always safe)."""
        query, args = numbered(sql), tuple(params)
        for pause in (*RECONNECT_PAUSES, None):
            try:
                return list(await self._pool.fetch(query, *args))
            except Exception as error:
                if not _is_lost(error):
                    raise
                if pause is None:
                    raise DatabaseUnavailable from error
                log.warning("database connection lost (%r); reading again in %.2fs", error, pause)
            await asyncio.sleep(pause)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def write(
        self, sql: str, params: Params = (), *, then: Callable[[int], None] | None = None
    ) -> int:
        """One statement, which PostgreSQL commits on its own (with its triggers)."""
        status = await self._alone(numbered(sql), tuple(params), fetch=False)
        rows = _rowcount(status)
        if then is not None:
            then(rows)
        return rows

    async def write_returning(
        self, sql: str, params: Params = (), *, then: Callable[[list[Row]], None] | None = None
    ) -> list[Row]:
        rows = list(await self._alone(numbered(sql), tuple(params), fetch=True))
        if then is not None:
            then(rows)
        return rows

    async def _alone(self, query: str, args: tuple[Any, ...], *, fetch: bool) -> Any:
        """A lone writing statement. Not tried again when its connection breaks: it may have
        committed. A server that cannot be reached at all is waited for a moment, as
        nothing was sent to it."""
        connection = await self._acquired()
        try:
            if fetch:
                return await connection.fetch(query, *args)
            return await connection.execute(query, *args)
        except asyncpg.exceptions.IntegrityConstraintViolationError as error:
            raise _portable(error) from error
        except Exception as error:
            if _is_lost(error):
                raise DatabaseUnavailable from error
            raise
        finally:
            await self._give_back(connection)

    async def execute_script(self, script: str) -> None:
        """One simple query: PostgreSQL runs its statements as one transaction."""
        try:
            await self._pool.execute(script)
        except Exception as error:
            if _is_lost(error):
                raise DatabaseUnavailable from error
            raise

    # -- the schema ---------------------------------------------------------------------------

    async def run_script(self, sql: Connection, script: str) -> None:
        if not isinstance(sql, _Statements):
            raise TypeError("run_script takes the connection of this database's transaction")
        await sql.script(script)

    async def lock_schema(self, sql: Connection) -> None:
        await sql.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    async def table_exists(self, name: str) -> bool:
        return bool(await self.fetch_all("SELECT 1 WHERE to_regclass(?) IS NOT NULL", (name,)))
