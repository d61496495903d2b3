"""The database the bot keeps everything in: SQLite (a file, the default) or PostgreSQL.

:class:`Database` is what the repositories see: transactions, reads, lone writes, and
callbacks after a commit. :meth:`Database.open` picks the backend from
``TRICKY_DATABASE``: a file path is SQLite (:class:`SqliteDatabase`, below), a
``postgresql://`` URL is PostgreSQL (:mod:`bot.storage.postgres`). Nothing above
``bot/storage`` knows which one runs. Repositories write SQL both accept (``?`` marks
the parameters; the PostgreSQL side numbers them), and ask :attr:`Database.backend`
only where the two must differ.

SQLite: the bot holds a single connection. SQLite runs one statement at a time on it
anyway, but a transaction spans several awaits, so every use of the connection
takes :attr:`Database.lock`: otherwise another coroutine's statement could land
inside (and be rolled back with) someone else's transaction.

Another process may hold the file's write lock for a moment (a backup, the
``sqlite3`` shell, another shard of the bot). A statement waits up to
:data:`BUSY_TIMEOUT_MS` for it (:class:`NappingConnection`), and we try again a few
times with a short pause, always before anything was changed or after rolling it
back, so a retry can never apply something twice. If the lock is still held the
caller gets :class:`DatabaseBusy`: the whole wait stays well inside Discord's
three seconds for answering a click.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Literal, NoReturn, Protocol, TypeVar, overload

import aiosqlite

from bot.errors import UserError
from bot.storage.checkpoints import BACKSTOP_PAGES, CHECKPOINT_EVERY, Checkpointer
from games.core.wording import tr

__all__ = [
    "BUSY_PAUSES",
    "BUSY_TIMEOUT_MS",
    "INTEGRITY_ERRORS",
    "Backend",
    "Changed",
    "Connection",
    "Database",
    "DatabaseBusy",
    "DatabaseUnavailable",
    "IntegrityError",
    "NappingConnection",
    "Params",
    "Row",
    "SqliteDatabase",
    "is_url",
]

log = logging.getLogger(__name__)

Row = Any
"""A row read: its columns by name (``row["id"]``) or by place (``row[0]``), and
unpacked in order (``(table_id,) = row``). ``sqlite3.Row`` and ``asyncpg.Record``
both are."""
Params = Iterable[Any]
T = TypeVar("T")
Backend = Literal["sqlite", "postgresql"]

URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(target: str | Path) -> bool:
    """Whether ``TRICKY_DATABASE`` names a PostgreSQL server rather than a file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


BUSY_TIMEOUT_MS = 250
"""How long a statement waits for another connection's lock, per attempt."""
FIRST_NAP = 0.0001
"""Seconds: the first pause of a statement that met another connection's lock. The
pauses double from here, up to :data:`LONGEST_NAP`."""
LONGEST_NAP = 0.005
BUSY_PAUSES = (0.05, 0.1, 0.2)
"""Our pauses between attempts: four attempts in all, about 1.4 s at worst."""


class DatabaseBusy(UserError):
    """Another connection kept the database locked through every retry; nothing changed."""

    def __init__(self) -> None:
        super().__init__(
            tr("The tables are busy right now, so nothing changed. Try again in a moment.")
        )


class DatabaseUnavailable(UserError):
    """The database server could not be reached, or the connection broke under a change.

    A transaction that broke is rolled back by the server, so a change lands whole or
    not at all; but when the connection broke while a commit was on its way, only the
    server knows which, so the player is asked to look before trying again.
    """

    def __init__(self) -> None:
        super().__init__(
            "The bot lost its database for a moment. Look at the table: if your move is "
            "not there, try again."
        )


class IntegrityError(Exception):
    """PostgreSQL's statement broke a constraint of the schema (a unique index, a check):
    nothing of it was written. The message names the constraint."""


INTEGRITY_ERRORS = (IntegrityError, sqlite3.IntegrityError)
"""What either backend raises for a broken constraint (SQLite's message names the
columns, PostgreSQL's the constraint)."""


class Changed(Protocol):
    """What a writing statement says back."""

    @property
    def rowcount(self) -> int: ...


class Connection(Protocol):
    """The connection a transaction hands its caller (``async with db.transaction() as
    sql``): statements inside it commit together, or none do."""

    async def execute(self, sql: str, parameters: Params = ..., /) -> Changed: ...

    async def execute_fetchall(self, sql: str, parameters: Params = ..., /) -> Iterable[Row]: ...

    async def executemany(self, sql: str, parameters: Iterable[Params], /) -> Any: ...


class Database(ABC):
    """One database, SQLite or PostgreSQL; see the module's docstring."""

    backend: Backend
    path: str
    """Where the database is, for messages (a PostgreSQL URL without its password)."""

    @overload
    @staticmethod
    async def open(
        target: Path, *, checkpoint_every: float | None = ..., pool_size: int = ...
    ) -> SqliteDatabase: ...

    @overload
    @staticmethod
    async def open(
        target: str | Path, *, checkpoint_every: float | None = ..., pool_size: int = ...
    ) -> Database: ...

    @staticmethod
    async def open(
        target: str | Path,
        *,
        checkpoint_every: float | None = CHECKPOINT_EVERY,
        pool_size: int = 10,
    ) -> Database:
        """A ``postgresql://`` URL opens a pool of ``pool_size`` connections to that
        server; anything else is an SQLite file (``":memory:"`` for a throwaway one),
        checkpointed every ``checkpoint_every`` seconds (see :meth:`SqliteDatabase.open`)."""
        if is_url(target):
            from bot.storage.postgres import PostgresDatabase

            return await PostgresDatabase.open(str(target), pool_size=pool_size)
        return await SqliteDatabase.open(target, checkpoint_every=checkpoint_every)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """All statements inside commit together, or none do."""

    @abstractmethod
    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the open transaction commits, and never if it rolls back;
        before anything else reads the database in this process."""

    @abstractmethod
    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query that finds at most a few."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def write(
        self, sql: str, params: Params = (), *, then: Callable[[int], None] | None = None
    ) -> int:
        """Run one writing statement as a transaction of its own; the rows it changed.
        ``then(rows)`` runs once it committed, like :meth:`after_commit`."""

    @abstractmethod
    async def write_returning(
        self, sql: str, params: Params = (), *, then: Callable[[list[Row]], None] | None = None
    ) -> list[Row]:
        """:meth:`write` for a statement with a ``RETURNING`` clause: the rows it returned."""

    @abstractmethod
    async def execute_script(self, script: str) -> None:
        """Run several statements in the backend's own SQL, as a transaction of their own."""

    @abstractmethod
    async def run_script(self, sql: Connection, script: str) -> None:
        """Run a script of several statements (a migration) inside the open transaction
        ``sql``, in the backend's own dialect."""

    @abstractmethod
    async def lock_schema(self, sql: Connection) -> None:
        """Inside a transaction: wait until no other process is changing the schema, and
        keep them waiting until this transaction ends (migrations, at start-up)."""

    @abstractmethod
    async def table_exists(self, name: str) -> bool: ...


def is_busy(error: BaseException) -> bool:
    """SQLite's "database is locked" / "database is busy": worth another try."""
    if not isinstance(error, sqlite3.OperationalError):
        return False
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _log_failed_rollback(error: Exception, *, still_open: bool) -> None:
    if still_open:
        log.error(
            "ROLLBACK after a failure failed, and a transaction is still open: later"
            " statements will land in it until one ends it",
            exc_info=error,
        )
    else:
        log.warning("ROLLBACK after a failure failed; no transaction is open", exc_info=error)


async def _waited_out(
    work: Awaitable[object],
) -> tuple[Exception | None, asyncio.CancelledError | None]:
    """Wait for ``work`` on aiosqlite's thread to end, even if the calling task is
    cancelled meanwhile: its error (None if it succeeded), and the cancellation."""
    trip = asyncio.ensure_future(work)
    cancelled: asyncio.CancelledError | None = None
    while not trip.done():
        try:
            await asyncio.wait((trip,))  # never cancels ``trip`` itself
        except asyncio.CancelledError as cancellation:
            cancelled = cancelled or cancellation
    if trip.cancelled():  # only by the event loop closing down: nothing is known
        raise cancelled or asyncio.CancelledError()
    error = trip.exception()
    if error is not None and not isinstance(error, Exception):
        raise error
    return error, cancelled


class NappingConnection(sqlite3.Connection):
    """A connection that waits out another connection's lock in short naps.

    SQLite's own wait (``busy_timeout``) sleeps 1, 2, 5, 10... ms between tries. A
    shard whose save met another shard's write lock, usually held for a tenth of a
    millisecond, so slept a whole millisecond or more, and every move grouped behind
    the save waited with it: a few per cent of the statements of two shards on one
    file took 2-10 ms (``bench.service --processes 2``, README). Here a statement
    refused for a lock is tried again after :data:`FIRST_NAP`, then after naps
    doubling up to :data:`LONGEST_NAP`, for :data:`BUSY_TIMEOUT_MS` in all (so
    SQLite's own wait is off).

    Trying a statement again is safe because a lock refuses it before it does anything:
    SQLite takes the locks a statement needs at its first step, which ``execute`` runs,
    and a write inside our transactions (``BEGIN IMMEDIATE``) already holds the lock.
    ``executescript`` is left as it is: a script refused half way has run its first
    statements, so it must not be run again from the top.
    """

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        nap = FIRST_NAP
        while True:
            try:
                return super().execute(sql, parameters)
            except sqlite3.OperationalError as error:
                if not is_busy(error) or time.monotonic() + nap > deadline:
                    raise
            time.sleep(nap)  # on aiosqlite's thread: the event loop carries on
            nap = min(2 * nap, LONGEST_NAP)


class SqliteDatabase(Database):
    backend: Backend = "sqlite"

    def __init__(
        self,
        connection: aiosqlite.Connection,
        path: str,
        checkpointer: Checkpointer | None = None,
    ) -> None:
        self._connection = connection
        self.path = path
        self.checkpointer = checkpointer
        """Checkpoints the file in the background (see :mod:`bot.storage.checkpoints`)."""
        self.lock = asyncio.Lock()
        self._after_commit: list[Callable[[], None]] | None = None

    @classmethod
    async def open(  # type: ignore[override]
        cls, path: str | Path, *, checkpoint_every: float | None = CHECKPOINT_EVERY
    ) -> SqliteDatabase:
        """Open (creating if needed) the database file; ``":memory:"`` for a throwaway one.

        A file is checkpointed in the background every ``checkpoint_every`` seconds,
        or, with ``None``, by SQLite itself in the commits as it does by default.
        """
        where = str(path)
        if where != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(where, isolation_level=None, factory=NappingConnection)
        connection.row_factory = aiosqlite.Row
        # WAL lets readers (backups, a second process) proceed while the bot writes;
        # NORMAL sync is durable across process crashes, which is what WAL needs.
        # SQLite's own wait for a lock (5 s, from connect) covers switching to WAL, as
        # shards may open a new file at once; after that the connection waits by itself.
        await connection.executescript(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
            " PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 0;"
        )
        checkpointer = None
        if where != ":memory:" and checkpoint_every is not None:
            await connection.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
            checkpointer = Checkpointer.start(where, checkpoint_every)
        log.info("database open at %s", where)
        return cls(connection, where, checkpointer)

    async def close(self) -> None:
        # The checkpointer's connection first, so that ours is the last one out and
        # its close checkpoints the rest of the log and removes it.
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.stop)
        async with self.lock:
            await self._connection.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """All statements inside commit together, or none do.

        Waiting for another connection's lock happens at ``BEGIN`` (and, outside
        WAL mode, at ``COMMIT``), never half way through the caller's statements.

        A task cancelled here (the bot shutting down) still learns how its transaction
        ended before the cancellation goes on: ``BEGIN``, ``COMMIT`` and ``ROLLBACK``
        run to their end on the database thread whatever the task does, so :attr:`lock`
        is released only with no transaction open, and a transaction that committed
        runs its :meth:`after_commit` callbacks.

        An error inside rolls the transaction back and is what the caller gets, even when
        SQLite had ended the transaction already and the ROLLBACK fails (see
        :meth:`_give_up`).
        """
        await self._begin()
        self._after_commit = []
        try:
            try:
                yield self._connection
            except BaseException as failure:
                await self._give_up(failure)
            cancelled = await self._commit()
            for callback in self._after_commit:
                callback()
            if cancelled is not None:  # it came during the COMMIT, which landed all the same
                raise cancelled
        finally:
            self._after_commit = None
            self.lock.release()

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the open transaction commits, and never if it rolls back.

        Callbacks run in the order given, before :attr:`lock` is released, so nothing
        reads the database between a commit and the in-memory effects that mirror it
        (the table cache in :class:`~bot.storage.tables.TableRepository`).
        """
        if self._after_commit is None:
            raise RuntimeError("after_commit is only for use inside a transaction")
        self._after_commit.append(callback)

    async def _begin(self) -> None:
        """Take :attr:`lock` and open a write transaction; the caller must release the lock.

        On any exception the lock is released and no transaction is open.
        """
        for pause in (*BUSY_PAUSES, None):
            await self.lock.acquire()
            try:
                error, cancelled = await self._to_the_end("BEGIN IMMEDIATE")
                if cancelled is not None:
                    if error is None:  # begun for a caller that is gone
                        await self._give_up(cancelled)
                    raise cancelled
            except BaseException:
                self.lock.release()
                raise
            if error is None:
                return
            self.lock.release()
            if not is_busy(error):
                raise error
            if pause is None:
                raise DatabaseBusy from error
            log.warning("database busy at BEGIN; trying again in %.2fs", pause)
            await asyncio.sleep(pause)  # without the lock: others may read meanwhile

    async def _commit(self) -> asyncio.CancelledError | None:
        """Commit, waiting out a busy lock; on giving up, roll everything back.

        Returns the cancellation of the calling task that came while the COMMIT that
        landed was on its way, for the caller to raise once it has done what follows a
        commit; one that came before the transaction committed rolls it back instead.
        """
        try:
            for pause in (*BUSY_PAUSES, None):
                error, cancelled = await self._to_the_end("COMMIT")
                if error is None:
                    return cancelled
                if cancelled is not None:
                    raise cancelled
                if pause is not None and is_busy(error):
                    log.warning("database busy at COMMIT; trying again in %.2fs", pause)
                    await asyncio.sleep(pause)
                    continue
                if is_busy(error):
                    raise DatabaseBusy from error
                raise error
        except BaseException as failure:
            await self._give_up(failure)
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _give_up(self, failure: BaseException) -> NoReturn:
        """Roll back what ``failure`` left open and raise it; or, if the task is cancelled
        during the ROLLBACK, raise that cancellation, caused by ``failure``.

        The ROLLBACK's own error is logged, never raised: it would hide ``failure``, the
        error the caller needs. SQLite itself ends the transaction at some errors (``OR
        ROLLBACK``, a trigger's ``RAISE(ROLLBACK)``, a full disk), and a ROLLBACK after
        that can only fail, saying there is no transaction.
        """
        cancelled = await self._roll_back()
        if cancelled is not None:
            raise cancelled from failure
        raise failure

    async def _roll_back(self) -> asyncio.CancelledError | None:
        """Roll back the open transaction, if any, to the end even if the task is cancelled
        meanwhile: the cancellation, for the caller to raise."""
        # A cancelled caller's statement may still be on the database thread, so this
        # can be read before it ends. That does no harm: such a statement cannot begin
        # a transaction, only end one (SQLite rolling back at its error), and then the
        # ROLLBACK queued behind it fails harmlessly, and is logged.
        if not self._connection.in_transaction:
            return None
        error, cancelled = await self._to_the_end("ROLLBACK")
        if error is not None:
            _log_failed_rollback(error, still_open=self._connection.in_transaction)
        return cancelled

    async def _to_the_end(self, sql: str) -> tuple[Exception | None, asyncio.CancelledError | None]:
        """Run one statement and wait until it has run, even if the calling task is
        cancelled meanwhile: its error (None if it succeeded), and the cancellation.

        A cancelled task stops waiting, but its statement still runs on aiosqlite's
        thread: without this, a cancelled ``BEGIN`` would open a transaction after the
        lock was released (and every later write would land in it, uncommitted), and a
        cancelled ``COMMIT`` would commit with no one to run its after-commit callbacks.
        """
        return await _waited_out(self._connection.execute(sql))

    async def run_script(self, sql: Connection, script: str) -> None:
        # One by one: ``executescript`` would commit the transaction first.
        for statement in statements(script):
            await sql.execute(statement)

    async def lock_schema(self, sql: Connection) -> None:
        """``BEGIN IMMEDIATE`` took the file's write lock already."""

    async def table_exists(self, name: str) -> bool:
        return bool(
            await self.fetch_all(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
            )
        )

    # Reads take one trip to aiosqlite's thread (``execute_fetchall``), not three (execute,
    # fetch, close a cursor): under load the trips, not the queries, are what a move costs.

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        async def read() -> list[Row]:
            return list(await self._connection.execute_fetchall(sql, params))

        return await self._retrying(read)

    async def write(
        self, sql: str, params: Params = (), *, then: Callable[[int], None] | None = None
    ) -> int:
        """Run one writing statement as a transaction of its own; the rows it changed.

        SQLite makes a lone statement atomic, triggers included, so this is one trip
        to the connection thread where :meth:`transaction` takes three more (BEGIN,
        COMMIT, and the wait for each). ``then(rows)`` runs once the statement has
        committed, before :attr:`lock` is released, like :meth:`after_commit`. A
        statement refused as busy changed nothing, so it is tried again.
        """

        async def changed() -> int:
            return (await self._connection.execute(sql, params)).rowcount

        return await self._alone(changed, then)

    async def write_returning(
        self, sql: str, params: Params = (), *, then: Callable[[list[Row]], None] | None = None
    ) -> list[Row]:
        """:meth:`write` for a statement with a ``RETURNING`` clause: the rows it returned.

        SQLite makes every change on the statement's first step and commits when the
        rows have all been read, so this too is one trip and one transaction.
        """

        async def returned() -> list[Row]:
            return list(await self._connection.execute_fetchall(sql, params))

        return await self._alone(returned, then)

    async def _alone(
        self, statement: Callable[[], Awaitable[T]], then: Callable[[T], None] | None
    ) -> T:
        """Run one statement as its own transaction, then ``then(result)`` under the lock."""

        async def run() -> T:
            result = await statement()
            if then is not None:
                then(result)
            return result

        return await self._retrying(run)

    async def execute_script(self, script: str) -> None:
        """Run several statements; the script brings its own transaction. A script refused
        for a lock is not waited for statement by statement (see :class:`NappingConnection`),
        only tried again whole after rolling back.

        A task cancelled part way stops waiting, but the script runs on to its end on
        aiosqlite's thread (committing, or failing inside its own transaction), so it is
        waited for, like ``BEGIN`` and ``COMMIT`` in :meth:`transaction`: only then does
        the connection say whether there is a transaction left to roll back, and only
        then is :attr:`lock` released.
        """

        async def run() -> None:
            error, cancelled = await _waited_out(self._connection.executescript(script))
            failure = cancelled or error  # a cancelled task ends cancelled, as in _begin
            if failure is not None:
                await self._give_up(failure)

        await self._retrying(run)

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run ``attempt`` under :attr:`lock`, again after a pause while the database is busy.

        Only for work that changed nothing when it failed: a read, or a script
        whose transaction was rolled back.
        """
        for pause in (*BUSY_PAUSES, None):
            try:
                async with self.lock:
                    return await attempt()
            except sqlite3.OperationalError as error:
                if not is_busy(error):
                    raise
                if pause is None:
                    raise DatabaseBusy from error
            log.warning("database busy; trying again in %.2fs", pause)
            await asyncio.sleep(pause)
        raise AssertionError("unreachable: the last attempt returns or raises")


def statements(script: str) -> list[str]:
    """A script's statements, one by one, for running inside a transaction we hold.

    (``executescript`` would commit first.) A statement ends at a semicolon only where
    SQLite says the text so far is complete, so a semicolon inside a trigger's body, a
    string or a comment stays where it is.
    """
    found: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip("; \n\t"):
                found.append(pending.strip())
            pending = ""
    return found
