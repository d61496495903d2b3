"""The write-ahead log is copied into the database file in the background, not in the commits."""

from __future__ import annotations

import asyncio
import logging
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.storage.checkpoints import BACKSTOP_PAGES, Checkpoint, Checkpointer
from bot.storage.database import SqliteDatabase as Database

PAGE = 4096
"""SQLite's default page size, which the bot keeps."""


async def fill(db: Database, pages: int) -> None:
    """Commit about ``pages`` pages of rows, one commit per row, as moves are saved."""
    await db.execute_script("CREATE TABLE IF NOT EXISTS notes (body BLOB NOT NULL);")
    for _ in range(pages):
        await db.write("INSERT INTO notes (body) VALUES (zeroblob(?))", (PAGE - 200,))


async def until_complete(checkpointer: Checkpointer, seconds: float = 5.0) -> Checkpoint:
    """Wait for a complete checkpoint of a non-empty log that began after this was called:
    the second one to end from now at the latest (the first may have begun before)."""
    runs = checkpointer.runs
    async with asyncio.timeout(seconds):
        while True:
            last = checkpointer.last
            if (
                checkpointer.runs >= runs + 2
                and last is not None
                and last.complete
                and last.frames > 0
            ):
                return last
            await asyncio.sleep(0.01)


def wal_pages(db: Database) -> int:
    wal = Path(db.path + "-wal")
    return wal.stat().st_size // PAGE if wal.exists() else 0


def has_log(db: Database) -> bool:
    return Path(db.path + "-wal").exists()


async def test_a_file_database_is_checkpointed_in_the_background(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db", checkpoint_every=0.01)
    try:
        assert db.checkpointer is not None
        await fill(db, 20)
        await until_complete(db.checkpointer)
        # The rows are in the database file itself now: a copy of it without its log
        # has them all.
        shutil.copyfile(db.path, tmp_path / "copy.db")
        copy = sqlite3.connect(tmp_path / "copy.db")
        try:
            assert copy.execute("SELECT count(*) FROM notes").fetchone() == (20,)
        finally:
            copy.close()
    finally:
        await db.close()


async def test_commits_leave_the_checkpoints_to_it(tmp_path: Path) -> None:
    # SQLite's own way checkpoints in the commit that takes the log past 1,000 pages,
    # then starts the log over: it never holds much more than that.
    own = await Database.open(tmp_path / "own.db", checkpoint_every=None)
    try:
        await fill(own, 1_500)
        assert wal_pages(own) < 1_300
    finally:
        await own.close()
    # With a checkpointer (here one too slow to run during the test), the commits do not.
    db = await Database.open(tmp_path / "t.db", checkpoint_every=3_600)
    try:
        rows = await db.fetch_all("PRAGMA wal_autocheckpoint")
        assert rows[0][0] == BACKSTOP_PAGES
        await fill(db, 1_500)
        assert wal_pages(db) >= 1_500
    finally:
        await db.close()


async def test_the_backstop_still_bounds_the_log(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db", checkpoint_every=3_600)
    try:
        await db.write("PRAGMA wal_autocheckpoint = 100")  # a small backstop, to see it act
        await fill(db, 400)
        assert wal_pages(db) < 200
    finally:
        await db.close()


async def test_closing_stops_it_and_removes_the_log(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.db", checkpoint_every=0.01)
    await fill(db, 10)
    assert db.checkpointer is not None
    await until_complete(db.checkpointer)
    await db.close()
    assert not has_log(db)
    assert not db.checkpointer.running


async def test_a_failed_checkpoint_is_logged_and_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    db = await Database.open(tmp_path / "t.db", checkpoint_every=0.01)
    try:
        checkpointer = db.checkpointer
        assert checkpointer is not None
        real = checkpointer._checkpoint
        failures = [sqlite3.OperationalError("disk I/O error")]

        def flaky() -> Checkpoint:
            if failures:
                raise failures.pop()
            return real()

        monkeypatch.setattr(checkpointer, "_checkpoint", flaky)
        with caplog.at_level(logging.WARNING, logger="bot.storage.checkpoints"):
            await fill(db, 10)
            await until_complete(checkpointer)
        assert "background checkpoint failed" in caplog.text
    finally:
        await db.close()


async def test_two_processes_on_one_file_both_checkpoint(tmp_path: Path) -> None:
    # Shards share the file; when their checkpoints meet, one is told the other is busy.
    first, second = [
        await Database.open(tmp_path / "t.db", checkpoint_every=0.005) for _ in range(2)
    ]
    try:
        await fill(first, 30)
        await fill(second, 30)
        for db in (first, second):
            assert db.checkpointer is not None
            await until_complete(db.checkpointer)
    finally:
        await first.close()
        await second.close()


async def test_a_memory_database_has_no_checkpointer() -> None:
    db = await Database.open(":memory:")
    try:
        assert db.checkpointer is None
    finally:
        await db.close()


def test_a_busy_checkpoint_is_not_complete() -> None:
    assert Checkpoint(busy=False, frames=5, copied=5).complete
    assert not Checkpoint(busy=False, frames=5, copied=3).complete
    assert not Checkpoint(busy=True, frames=-1, copied=-1).complete
