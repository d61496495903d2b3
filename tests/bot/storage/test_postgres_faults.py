"""A connection that breaks, and a server that restarts, in the middle of a move: the
move lands whole or not at all, and the pool reconnects by itself. Real faults on a real
server: backends ended with ``pg_terminate_backend``, the server restarted at once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from bot.storage.database import Database, DatabaseUnavailable
from bot.storage.tables import TableRepository, Turn
from bot.tables.model import Player, Table
from tests.conftest import Postgres

NOW = datetime(2026, 11, 26, 8, 30, tzinfo=UTC)
HOST = Player(name="Ann", user_id=1)


@pytest_asyncio.fixture
async def url(postgres: Postgres) -> str:
    return await postgres.emptied()


@pytest_asyncio.fixture
async def db(url: str) -> AsyncIterator[Database]:
    opened = await Database.open(url)
    yield opened
    await opened.close()


@pytest_asyncio.fixture
async def admin(url: str) -> AsyncIterator[asyncpg.Connection[asyncpg.Record]]:
    connection = await asyncpg.connect(url)
    yield connection
    await connection.close()


async def started(repo: TableRepository) -> Table:
    table_id = await repo.create_lobby(
        guild_id=1, channel_id=1, game_key="short_changed", host=HOST, options={},
        turn_seconds=0, now=NOW,
    )  # fmt: skip
    await repo.start(table_id, seed=1, options={}, state_json="{}", now=NOW)
    table = await repo.get(table_id)
    assert table is not None
    return table


def move(n: int) -> dict[str, Any]:
    return {
        "turn": Turn(0, json.dumps({"n": n}), (f"move {n}",)),
        "state_json": json.dumps({"n": n}),
        "outcome_json": None,
        "now": NOW,
    }


async def stored(db: Database, table_id: int) -> tuple[int, list[int]]:
    """The table's version and its event log's versions, as the server has them."""
    row = await db.fetch_one("SELECT version FROM tables WHERE id = ?", (table_id,))
    events = await db.fetch_all(
        "SELECT version FROM events WHERE table_id = ? ORDER BY version", (table_id,)
    )
    assert row is not None
    return int(row["version"]), [int(event["version"]) for event in events]


async def waiting_for_the_row(url: str) -> int:
    """The server process of the move blocked on the table row's lock (read outside the
    lock holder's transaction, which sees one snapshot of pg_stat_activity)."""
    looking = await asyncpg.connect(url)
    try:
        for _ in range(1000):
            pid = await looking.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND query LIKE 'UPDATE tables%'"
            )
            if pid is not None:
                return int(pid)
            await asyncio.sleep(0.01)
    finally:
        await looking.close()
    raise AssertionError("the move never waited for the row")


async def test_a_connection_ended_before_the_commit_leaves_nothing_of_the_move(
    db: Database, admin: asyncpg.Connection[asyncpg.Record]
) -> None:
    """A final move's transaction (the move and what goes with it) broken before COMMIT:
    the player is told (DatabaseUnavailable, a friendly UserError), nothing of it is in
    the database, the pool opens a new connection, and the move can be made again."""
    repo = TableRepository(db)
    table = await started(repo)

    async def final_move() -> None:
        async with db.transaction() as sql:
            await repo.save_turn(table, **move(1), sql=sql)
            ((pid,),) = await sql.execute_fetchall("SELECT pg_backend_pid()")
            assert await admin.fetchval("SELECT pg_terminate_backend($1, 5000)", pid)

    with pytest.raises(DatabaseUnavailable):
        await final_move()
    assert await stored(db, table.id) == (0, [])
    current = await repo.get(table.id)
    assert current is not None and current.version == 0
    saved = await repo.save_turn(current, **move(1))
    assert saved.version == 1 and await stored(db, table.id) == (1, [1])


async def test_a_lone_move_whose_connection_breaks_on_its_way_is_saved_once(
    url: str, db: Database, admin: asyncpg.Connection[asyncpg.Record]
) -> None:
    """The move's statement is waiting for the row when its connection is ended: the
    repository finds no event of it, saves it again on a new connection, and it lands
    exactly once."""
    repo = TableRepository(db)
    table = await started(repo)
    await admin.execute("BEGIN")
    await admin.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", table.id)
    saving = asyncio.create_task(repo.save_turn(table, **move(1)))
    pid = await waiting_for_the_row(url)
    assert await admin.fetchval("SELECT pg_terminate_backend($1, 5000)", pid)
    await waiting_for_the_row(url)  # saved again: waiting for the same row
    await admin.execute("ROLLBACK")
    saved = await saving
    assert saved.version == 1
    assert await stored(db, table.id) == (1, [1])


async def test_a_move_whose_commit_landed_but_whose_answer_was_lost_is_saved(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one case only the server knows: the statement committed, then the connection
    broke before saying so. The event log says the move is there: it is not saved
    twice, and the player is told it was saved."""
    repo = TableRepository(db)
    table = await started(repo)
    write = db.write
    calls = 0

    async def answer_lost(*args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        await write(*args)  # committed, without its after-commit work
        raise DatabaseUnavailable

    monkeypatch.setattr(db, "write", answer_lost)
    saved = await repo.save_turn(table, **move(1))
    assert calls == 1
    assert saved.version == 1 and await stored(db, table.id) == (1, [1])
    current = await repo.get(table.id)
    assert current is not None and current.version == 1  # the cache followed the server


async def test_after_a_server_restart_the_pool_reconnects_by_itself(
    postgres: Postgres, db: Database
) -> None:
    repo = TableRepository(db)
    table = await started(repo)
    await asyncio.to_thread(postgres.server.restart)  # every connection breaks
    fresh = TableRepository(db)
    current = await fresh.get(table.id)  # a read: tried again on a new connection
    assert current == table
    saved = await fresh.save_turn(table, **move(1))
    assert saved.version == 1 and await stored(db, table.id) == (1, [1])


async def test_a_server_restart_mid_move_leaves_it_whole_or_not_at_all(
    url: str, postgres: Postgres, db: Database, admin: asyncpg.Connection[asyncpg.Record]
) -> None:
    """The server stops at once while a move waits for its row: the move is either saved
    (once the server is back) or refused as unavailable; never half applied; and the
    bot goes on either way."""
    repo = TableRepository(db)
    table = await started(repo)
    await admin.execute("BEGIN")
    await admin.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", table.id)
    saving = asyncio.create_task(repo.save_turn(table, **move(1)))
    await waiting_for_the_row(url)
    await asyncio.to_thread(postgres.server.restart)
    outcome = (await asyncio.gather(saving, return_exceptions=True))[0]
    version, events = await stored(db, table.id)
    assert events == list(range(1, version + 1))  # every version has its event: whole moves
    if isinstance(outcome, DatabaseUnavailable):
        assert version == 0
        current = await repo.get(table.id)
        assert current is not None
        outcome = await repo.save_turn(current, **move(1))
    assert isinstance(outcome, Table) and outcome.version == 1
    assert await stored(db, table.id) == (1, [1])


async def test_a_connection_whose_reset_fails_on_its_way_back_hides_no_outcome(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the server went away mid-statement, asyncpg's pool fails to reset the
    connection it is given back ("another operation is in progress") and drops it. That
    must not stand in for what the caller is told: a saved move is saved, and a broken
    one is DatabaseUnavailable, the message players know."""
    repo = TableRepository(db)
    table = await started(repo)
    release = asyncpg.pool.Pool.release

    async def release_then_fail(pool: Any, connection: Any, **kwargs: Any) -> None:
        await release(pool, connection, **kwargs)
        raise asyncpg.InternalClientError("cannot switch to state 15; another operation")

    monkeypatch.setattr(asyncpg.pool.Pool, "release", release_then_fail)
    saved = await repo.save_turn(table, **move(1))
    assert saved.version == 1
    with pytest.raises(DatabaseUnavailable):
        async with db.transaction():
            raise asyncpg.exceptions.ConnectionDoesNotExistError("the server went away")
    monkeypatch.undo()
    assert await stored(db, table.id) == (1, [1])
