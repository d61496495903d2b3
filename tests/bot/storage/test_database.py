"""The database waits out another connection's lock, then gives up clearly, losing nothing."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.storage.database import (
    BUSY_PAUSES,
    BUSY_TIMEOUT_MS,
    FIRST_NAP,
    LONGEST_NAP,
    DatabaseBusy,
)
from bot.storage.database import SqliteDatabase as Database

GIVE_UP_WITHIN = 2.0
"""Seconds: the whole wait must leave room in Discord's 3 s to answer the user."""


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    opened = await Database.open(tmp_path / "t.db")
    await opened.execute_script("CREATE TABLE notes (text TEXT NOT NULL);")
    yield opened
    await opened.close()


@pytest_asyncio.fixture
async def rollback_db(tmp_path: Path) -> AsyncIterator[Database]:
    """A database someone switched back from WAL to a rollback journal. Switching needs
    the file to itself, so this one has no background checkpointer's connection."""
    opened = await Database.open(tmp_path / "t.db", checkpoint_every=None)
    await opened.execute_script(
        "PRAGMA journal_mode = DELETE; CREATE TABLE notes (text TEXT NOT NULL);"
    )
    yield opened
    await opened.close()


def second_connection(db: Database) -> Iterator[sqlite3.Connection]:
    """A second process's connection to the same file (a backup, the sqlite3 shell)."""
    connection = sqlite3.connect(db.path, isolation_level=None, timeout=0)
    yield connection
    connection.close()


@pytest.fixture
def other(db: Database) -> Iterator[sqlite3.Connection]:
    yield from second_connection(db)


@pytest.fixture
def rollback_other(rollback_db: Database) -> Iterator[sqlite3.Connection]:
    yield from second_connection(rollback_db)


async def notes(db: Database) -> list[str]:
    return [row["text"] for row in await db.fetch_all("SELECT text FROM notes ORDER BY rowid")]


async def write(db: Database, text: str | None) -> None:
    """Insert a note; ``None`` breaks the table's NOT NULL rule."""
    async with db.transaction() as sql:
        await sql.execute("INSERT INTO notes (text) VALUES (?)", (text,))


def release_after(seconds: float, connection: sqlite3.Connection) -> None:
    asyncio.get_running_loop().call_later(seconds, connection.execute, "ROLLBACK")


def test_the_worst_wait_fits_in_an_interaction() -> None:
    attempts = len(BUSY_PAUSES) + 1
    assert attempts >= 3
    assert attempts * BUSY_TIMEOUT_MS / 1000 + sum(BUSY_PAUSES) < GIVE_UP_WITHIN


async def test_a_write_waits_for_a_lock_released_soon(
    db: Database, other: sqlite3.Connection
) -> None:
    other.execute("BEGIN IMMEDIATE")
    release_after(0.4, other)  # longer than one attempt's wait: our retry must carry it
    await write(db, "after the lock")
    assert await notes(db) == ["after the lock"]


async def test_a_statement_meeting_a_lock_naps_briefly_and_ever_longer(
    db: Database, other: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lock is usually held for a fraction of a millisecond: the first nap is far
    shorter than SQLite's own first sleep of 1 ms, and the naps grow so that a long
    lock costs few tries."""
    naps: list[float] = []
    real_sleep = time.sleep

    def nap(seconds: float) -> None:
        naps.append(seconds)
        real_sleep(seconds)

    monkeypatch.setattr(time, "sleep", nap)  # the module the connection naps through
    other.execute("BEGIN IMMEDIATE")
    release_after(0.05, other)  # well inside one attempt's wait, so the naps never restart
    await db.write("INSERT INTO notes (text) VALUES ('after the nap')")
    assert await notes(db) == ["after the nap"]
    assert naps[0] == FIRST_NAP < 0.001
    assert naps == sorted(naps)
    assert max(naps) == LONGEST_NAP
    assert len(naps) < 30  # 0.05 s of waiting, in naps of up to 5 ms


async def test_a_lock_held_too_long_is_a_clear_error_and_nothing_is_written(
    db: Database, other: sqlite3.Connection
) -> None:
    await write(db, "before")
    other.execute("BEGIN IMMEDIATE")
    started = time.monotonic()
    with pytest.raises(DatabaseBusy) as refused:
        await write(db, "lost?")
    assert time.monotonic() - started < GIVE_UP_WITHIN
    assert "Try again" in refused.value.message
    other.execute("ROLLBACK")
    assert await notes(db) == ["before"]
    await write(db, "later")  # the connection and its lock are usable again
    assert await notes(db) == ["before", "later"]


async def test_reads_go_on_while_another_connection_writes(
    db: Database, other: sqlite3.Connection
) -> None:
    await write(db, "committed")
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO notes (text) VALUES ('not yet')")
    assert await notes(db) == ["committed"]  # WAL: the reader sees the last commit
    other.execute("ROLLBACK")


async def test_a_commit_blocked_by_a_reader_waits_then_rolls_back(
    rollback_db: Database, rollback_other: sqlite3.Connection
) -> None:
    """Outside WAL (a database someone switched back), COMMIT is where the wait happens."""
    await write(rollback_db, "before")
    rollback_other.execute("BEGIN")
    rollback_other.execute("SELECT COUNT(*) FROM notes").fetchone()  # a reader's shared lock
    with pytest.raises(DatabaseBusy):
        await write(rollback_db, "lost?")
    rollback_other.execute("ROLLBACK")
    assert await notes(rollback_db) == ["before"]

    rollback_other.execute("BEGIN")
    rollback_other.execute("SELECT COUNT(*) FROM notes").fetchone()
    release_after(0.4, rollback_other)
    await write(rollback_db, "after the reader")
    assert await notes(rollback_db) == ["before", "after the reader"]


async def test_a_read_blocked_by_an_exclusive_writer_waits(
    rollback_db: Database, rollback_other: sqlite3.Connection
) -> None:
    await write(rollback_db, "before")
    rollback_other.execute("BEGIN EXCLUSIVE")
    release_after(0.4, rollback_other)
    assert await notes(rollback_db) == ["before"]
    rollback_other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(DatabaseBusy):
        await notes(rollback_db)
    rollback_other.execute("ROLLBACK")


async def test_other_errors_are_not_retried(db: Database) -> None:
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        await db.fetch_all("SELECT * FROM missing")
    with pytest.raises(sqlite3.IntegrityError):
        await write(db, None)
    assert await notes(db) == []


async def test_after_commit_runs_once_committed_and_never_after_a_rollback(db: Database) -> None:
    seen: list[str] = []
    async with db.transaction() as sql:
        await sql.execute("INSERT INTO notes (text) VALUES ('kept')")
        db.after_commit(lambda: seen.append("kept"))
        assert seen == []  # not before the commit

    async def change_of_mind() -> None:
        async with db.transaction() as sql:
            await sql.execute("INSERT INTO notes (text) VALUES ('undone')")
            db.after_commit(lambda: seen.append("undone"))
            raise RuntimeError("changed my mind")

    with pytest.raises(RuntimeError, match="changed my mind"):
        await change_of_mind()
    assert seen == ["kept"] and await notes(db) == ["kept"]
    with pytest.raises(RuntimeError, match="inside a transaction"):
        db.after_commit(lambda: None)


async def test_a_lone_statement_commits_by_itself_and_says_what_it_changed(
    db: Database, other: sqlite3.Connection
) -> None:
    told: list[int] = []
    changed = await db.write("INSERT INTO notes (text) VALUES (?)", ("alone",), then=told.append)
    assert changed == 1 and told == [1]
    assert [row[0] for row in other.execute("SELECT text FROM notes")] == ["alone"]
    assert await db.write("UPDATE notes SET text = 'x' WHERE text = 'absent'") == 0


async def test_a_lone_statement_waits_out_a_busy_lock(
    db: Database, other: sqlite3.Connection
) -> None:
    other.execute("BEGIN IMMEDIATE")
    release_after(0.4, other)
    await db.write("INSERT INTO notes (text) VALUES (?)", ("after the lock",))
    assert await notes(db) == ["after the lock"]


# -- a task cancelled mid-transaction (the bot shutting down) -------------------------------
#
# A cancelled task stops waiting for its statement, but the statement still runs on
# aiosqlite's thread. The transaction must end the way the task is told it ended.


async def test_a_task_cancelled_while_its_transaction_begins_leaves_none_open(
    db: Database, other: sqlite3.Connection
) -> None:
    async def never_written() -> None:
        async with db.transaction() as sql:
            await sql.execute("INSERT INTO notes (text) VALUES ('never')")

    cancelled = asyncio.create_task(never_written())
    await asyncio.sleep(0)  # its BEGIN IMMEDIATE is on its way to the database thread
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    # A lone statement after it commits by itself (another connection sees it), rather
    # than landing in a transaction the cancelled task left open and nobody commits.
    told: list[int] = []
    await db.write("INSERT INTO notes (text) VALUES ('alone')", then=told.append)
    assert told == [1]
    assert [row[0] for row in other.execute("SELECT text FROM notes")] == ["alone"]
    await write(db, "in a transaction")  # and a transaction can begin
    assert [row[0] for row in other.execute("SELECT text FROM notes")] == [
        "alone",
        "in a transaction",
    ]


async def test_a_task_cancelled_while_its_commit_runs_is_cancelled_after_the_commit(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The COMMIT lands all the same: its after-commit callbacks run (the caches follow
    the file), and the task ends cancelled, not with an error from a late ROLLBACK."""
    seen: list[str] = []
    connection = db._connection
    execute = connection.execute

    def cancelled_at_commit(sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            asyncio.get_running_loop().call_soon(committing.cancel)
        return execute(sql, *args)

    async def kept() -> None:
        async with db.transaction() as sql:
            await sql.execute("INSERT INTO notes (text) VALUES ('kept')")
            db.after_commit(lambda: seen.append("kept"))

    monkeypatch.setattr(connection, "execute", cancelled_at_commit)
    committing = asyncio.create_task(kept())
    with pytest.raises(asyncio.CancelledError):
        await committing
    monkeypatch.undo()
    assert seen == ["kept"]
    assert await notes(db) == ["kept"]
    await write(db, "later")
    assert await notes(db) == ["kept", "later"]


class CancelWhenLogged(logging.Handler):
    """Cancels ``task`` as the database says it pauses before trying a COMMIT again."""

    def __init__(self, task: asyncio.Task[Any]) -> None:
        super().__init__()
        self.task = task

    def emit(self, record: logging.LogRecord) -> None:
        if "busy at COMMIT" in record.getMessage():
            self.task.cancel()  # lands in the pause that follows


async def test_a_task_cancelled_while_a_busy_commit_pauses_rolls_back(
    rollback_db: Database, rollback_other: sqlite3.Connection
) -> None:
    rollback_other.execute("BEGIN")
    rollback_other.execute("SELECT COUNT(*) FROM notes").fetchone()  # a reader's shared lock
    pausing = asyncio.create_task(write(rollback_db, "lost"))
    handler = CancelWhenLogged(pausing)
    logger = logging.getLogger("bot.storage.database")
    logger.addHandler(handler)
    try:
        with pytest.raises(asyncio.CancelledError):
            await pausing
    finally:
        logger.removeHandler(handler)
    rollback_other.execute("ROLLBACK")
    await write(rollback_db, "later")  # no transaction was left open behind the lock
    assert await notes(rollback_db) == ["later"]


class Hold:
    """A SQL function, ``hold()``, that keeps the statement calling it running on
    aiosqlite's thread until the test lets it go: a slow script, cancelled part way."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.released = threading.Event()

    def __call__(self) -> int:
        self.reached.set()
        self.released.wait(timeout=10)  # never hang the suite if a test goes wrong
        return 1

    async def until_reached(self) -> None:
        assert await asyncio.to_thread(self.reached.wait, 10)


@pytest_asyncio.fixture
async def hold(db: Database) -> AsyncIterator[Hold]:
    held = Hold()
    await db._connection.create_function("hold", 0, held)
    yield held
    held.released.set()


async def cancel_while_held(
    db: Database, hold: Hold, work: Awaitable[object], until: asyncio.Event | None = None
) -> None:
    """Cancel ``work`` while its statement is held; let the statement go once ``until``
    is set, the task having cleaned up as far as it can meanwhile (by default after
    0.1 s: whatever a task does at once on being cancelled, it has done). The task must
    end cancelled, with the lock held until the statement has ended."""
    task = asyncio.ensure_future(work)
    await hold.until_reached()
    task.cancel()
    if until is None:
        await asyncio.sleep(0.1)
    else:
        await asyncio.wait_for(until.wait(), 5)
    assert db.lock.locked(), "the lock was released with the statement still running"
    hold.released.set()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_script_cancelled_before_its_commit_lands_ends_cancelled_with_it_kept(
    db: Database, hold: Hold, other: sqlite3.Connection
) -> None:
    """The script runs to its end on the database thread all the same: nothing may be
    rolled back (or fail to roll back) until it has."""
    script = "BEGIN IMMEDIATE; INSERT INTO notes (text) VALUES ('kept'); SELECT hold(); COMMIT;"
    await cancel_while_held(db, hold, db.execute_script(script))
    assert [row[0] for row in other.execute("SELECT text FROM notes")] == ["kept"]
    await write(db, "later")
    assert await notes(db) == ["kept", "later"]


async def test_a_script_cancelled_before_it_fails_leaves_no_transaction_open(
    db: Database, hold: Hold, other: sqlite3.Connection
) -> None:
    """Only once the script has ended does the connection say whether it left a
    transaction open; one left open behind the released lock takes in every later
    lone write, uncommitted."""
    script = "SELECT hold(); BEGIN IMMEDIATE; INSERT INTO notes (text) VALUES (NULL);"
    await cancel_while_held(db, hold, db.execute_script(script))
    await db.write("INSERT INTO notes (text) VALUES ('alone')")
    assert [row[0] for row in other.execute("SELECT text FROM notes")] == ["alone"]
    await write(db, "in a transaction")
    assert await notes(db) == ["alone", "in a transaction"]


# -- a failed transaction's error is the one raised -----------------------------------------
#
# SQLite ends some transactions itself at an error (``OR ROLLBACK``, a trigger's
# ``RAISE(ROLLBACK)``, a full disk). A ROLLBACK after that can only fail, saying there
# is no transaction, and its error must not take the place of the one that ended it.


async def assert_usable(db: Database, other: sqlite3.Connection) -> None:
    """No transaction is left open: a lone write commits by itself, and one can begin."""
    await db.write("INSERT INTO notes (text) VALUES ('alone')")
    assert [row[0] for row in other.execute("SELECT text FROM notes")] == ["alone"]
    await write(db, "in a transaction")
    assert await notes(db) == ["alone", "in a transaction"]


REFUSE = (
    "CREATE TEMP TRIGGER refuse BEFORE INSERT ON notes WHEN NEW.text = 'refused' "
    "BEGIN SELECT RAISE(ROLLBACK, 'refused by a trigger'); END;"
)


@pytest.mark.parametrize(
    ("statement", "says"),
    [
        ("INSERT OR ROLLBACK INTO notes (text) VALUES (NULL)", "NOT NULL"),
        ("INSERT INTO notes (text) VALUES ('refused')", "refused by a trigger"),
    ],
    ids=["or rollback", "trigger"],
)
async def test_a_transaction_sqlite_rolled_back_itself_raises_the_error_that_ended_it(
    db: Database, other: sqlite3.Connection, statement: str, says: str
) -> None:
    await db.execute_script(REFUSE)

    async def ended_by_sqlite() -> None:
        async with db.transaction() as sql:
            await sql.execute("INSERT INTO notes (text) VALUES ('undone')")
            await sql.execute(statement)

    with pytest.raises(sqlite3.IntegrityError, match=says):
        await ended_by_sqlite()
    await db.execute_script("DROP TRIGGER temp.refuse;")
    await assert_usable(db, other)


async def test_a_task_cancelled_while_its_statement_ends_the_transaction_ends_cancelled(
    db: Database,
    hold: Hold,
    other: sqlite3.Connection,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ROLLBACK for the cancelled caller runs after its statement, which rolled the
    transaction back itself: the ROLLBACK's failure is logged, and the task ends
    cancelled."""

    async def ended_by_sqlite() -> None:
        async with db.transaction() as sql:
            await sql.execute(
                "INSERT OR ROLLBACK INTO notes (text) VALUES (CASE WHEN hold() THEN NULL END)"
            )

    rolling_back = asyncio.Event()
    execute = db._connection.execute

    def noting_rollbacks(sql: str, *args: Any) -> Any:
        if sql == "ROLLBACK":
            rolling_back.set()
        return execute(sql, *args)

    monkeypatch.setattr(db._connection, "execute", noting_rollbacks)
    with caplog.at_level(logging.WARNING, logger="bot.storage.database"):
        # The ROLLBACK must be on its way before the statement ends the transaction.
        await cancel_while_held(db, hold, ended_by_sqlite(), until=rolling_back)
    monkeypatch.undo()
    assert "no transaction is active" in caplog.text
    await assert_usable(db, other)


async def fail_in_a_transaction(db: Database) -> None:
    async with db.transaction() as sql:
        await sql.execute("INSERT INTO notes (text) VALUES ('undone')")
        raise RuntimeError("the caller's own error")


async def fail_at_commit(db: Database) -> None:
    """A foreign key checked only at COMMIT, which fails and leaves the transaction open."""
    await db.execute_script(
        "CREATE TABLE parents (id INTEGER PRIMARY KEY);"
        " CREATE TABLE children (parent INTEGER REFERENCES parents (id)"
        " DEFERRABLE INITIALLY DEFERRED);"
    )
    async with db.transaction() as sql:
        await sql.execute("INSERT INTO notes (text) VALUES ('undone')")
        await sql.execute("INSERT INTO children (parent) VALUES (1)")


async def fail_in_a_script(db: Database) -> None:
    await db.execute_script(
        "BEGIN IMMEDIATE; INSERT INTO notes (text) VALUES ('undone');"
        " INSERT INTO notes (text) VALUES (NULL);"
    )


@pytest.mark.parametrize(
    ("failing", "error", "says"),
    [
        (fail_in_a_transaction, RuntimeError, "the caller's own error"),
        (fail_at_commit, sqlite3.IntegrityError, "FOREIGN KEY"),
        (fail_in_a_script, sqlite3.IntegrityError, "NOT NULL"),
    ],
    ids=["transaction", "commit", "script"],
)
async def test_a_rollback_that_fails_is_logged_and_the_error_before_it_is_raised(
    db: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failing: Callable[[Database], Awaitable[None]],
    error: type[Exception],
    says: str,
) -> None:
    connection = db._connection
    execute = connection.execute

    async def refused() -> None:
        raise sqlite3.OperationalError("disk I/O error")

    def failing_rollback(sql: str, *args: Any) -> Any:
        return refused() if sql == "ROLLBACK" else execute(sql, *args)

    monkeypatch.setattr(connection, "execute", failing_rollback)
    with (
        caplog.at_level(logging.ERROR, logger="bot.storage.database"),
        pytest.raises(error, match=says),
    ):
        await failing(db)
    monkeypatch.undo()
    assert "disk I/O error" in caplog.text and "still open" in caplog.text
    await connection.execute("ROLLBACK")  # what the failed ROLLBACK left to do
    assert await notes(db) == []
