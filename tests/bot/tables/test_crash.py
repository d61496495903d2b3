"""A move cut short between the engine applying it and the commit leaves no trace.

The engine mutates the state in memory; only the commit makes the move real.
These tests cut the move off inside the transaction, after the new state and
its event row were written but before COMMIT: once by killing the whole
process (no rollback runs, as when the host dies), once by an error in the
middle (the process lives on with the mutated state in its cache). Either way
the table is at its last committed move afterwards, and play goes on.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bot.storage.database import Database, SqliteDatabase
from bot.storage.migrations import migrate
from bot.tables.model import TableStatus
from bot.tables.service import StaleTable, TableError, TableService
from games.catalog import CATALOG
from games.short_changed import GAME
from games.short_changed.model import Action, Ante, Guess, ShortChangedState
from tests.bot.tables.helpers import ANN, BO, CY, Clock, started

ROOT = Path(__file__).resolve().parents[3]
DIED = 17
PLAYERS = (ANN, BO, CY)

# The bot, made to die the instant its move is written but not yet committed: a
# temporary trigger fires inside the move's own statement, after the table row and
# its event row are written, and calls a function that ends the process on the spot.
DYING_BOT = textwrap.dedent(
    """
    import asyncio, os, sys

    from bot.storage.database import Database
    from bot.tables.service import TableService
    from games.catalog import CATALOG
    from tests.bot.tables.helpers import Clock

    path, table_id, user_id, action, version = sys.argv[1:]

    def die(version):
        print("written, not committed: version", version, flush=True)
        os._exit(int(os.environ["DIE_WITH"]))

    async def main():
        db = await Database.open(path)
        await db._connection.create_function("die", 1, die)  # the test's hook into SQLite
        await db.execute_script(
            "CREATE TEMP TRIGGER die_mid_move AFTER INSERT ON main.events "
            "BEGIN SELECT die(NEW.version); END;"
        )
        service = TableService(db, CATALOG, Clock())
        await service.act(int(table_id), int(user_id), action, version=int(version))

    asyncio.run(main())
    """
)


async def state_of(service: TableService, table_id: int) -> ShortChangedState:
    return GAME.load_state((await service.get(table_id)).state_json or "")


async def some_move(service: TableService, table_id: int) -> tuple[int, Action]:
    """A legal move for someone whose turn it is (never a guess, which may end the game)."""
    public = await service.public(table_id)
    seat = public.to_act[0]
    user_id = PLAYERS[seat].user_id or 0
    mine = await service.for_seat(table_id, user_id)
    return user_id, next(a for a in mine.legal if not isinstance(a, Guess))


async def play(service: TableService, table_id: int, moves: int) -> None:
    for _ in range(moves):
        user_id, action = await some_move(service, table_id)
        await service.act(table_id, user_id, action)


async def snapshot(db: Database, table_id: int) -> tuple[object, ...]:
    table = await db.fetch_one(
        "SELECT version, status, state_json FROM tables WHERE id = ?", (table_id,)
    )
    events = await db.fetch_all("SELECT * FROM events WHERE table_id = ?", (table_id,))
    assert table is not None
    return tuple(table), tuple(tuple(row) for row in events)


async def game_under_way(service: TableService) -> int:
    table_id = await started(service, *PLAYERS)
    state = await state_of(service, table_id)
    for seat, player in enumerate(PLAYERS):
        chip = next(state.hands[seat].colours())
        await service.act(table_id, player.user_id or 0, Ante(chip))
    await play(service, table_id, 3)
    return table_id


async def test_a_process_killed_before_the_commit_restarts_at_the_last_committed_move(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tricky.db"
    db = await Database.open(path)
    await migrate(db)
    service = TableService(db, CATALOG, Clock(), seeds=lambda: 1234)
    table_id = await game_under_way(service)
    committed = await snapshot(db, table_id)
    version = (await service.get(table_id)).version
    user_id, action = await some_move(service, table_id)
    await db.close()

    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        DYING_BOT,
        str(path),
        str(table_id),
        str(user_id),
        GAME.dump_action(action),
        str(version),
        cwd=ROOT,
        env={"DIE_WITH": str(DIED), "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(child.communicate(), timeout=60)
    assert child.returncode == DIED, err.decode()
    assert f"written, not committed: version {version + 1}" in out.decode()

    # The restart: open the file again, as the bot does at start-up.
    db = await Database.open(path)
    try:
        await migrate(db)
        integrity = await db.fetch_one("PRAGMA integrity_check")
        assert integrity is not None and integrity[0] == "ok"
        assert await snapshot(db, table_id) == committed  # no half-applied move
        service = TableService(db, CATALOG, Clock())
        played = await service.act(table_id, user_id, action, version=version)
        assert played.table.version == version + 1
        await play(service, table_id, 3)
        assert (await service.get(table_id)).version == version + 4
        GAME.check_state(await state_of(service, table_id))
    finally:
        await db.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # SQLite's own faults
async def test_an_error_before_the_commit_leaves_the_table_and_its_cache_as_committed(
    service: TableService, db: Database
) -> None:
    table_id = await game_under_way(service)
    committed = await snapshot(db, table_id)
    before = await state_of(service, table_id)
    user_id, action = await some_move(service, table_id)
    # The move's statement fails after writing the table row and the event (as a full
    # disk would fail it), so SQLite undoes the whole statement.
    await db.execute_script(
        "CREATE TEMP TRIGGER fail_mid_move AFTER INSERT ON main.events "
        "BEGIN SELECT RAISE(ABORT, 'disk unplugged'); END;"
    )
    with pytest.raises(sqlite3.IntegrityError, match="disk unplugged"):
        await service.act(table_id, user_id, action)
    assert await snapshot(db, table_id) == committed
    await db.execute_script("DROP TRIGGER temp.fail_mid_move")

    # The same move again applies once, to the committed state, not to the one the
    # engine already changed in memory.
    await service.act(table_id, user_id, action)
    seat = next(n for n, p in enumerate(PLAYERS) if p.user_id == user_id)
    expected = GAME.clone(before)
    GAME.apply(expected, seat, action)
    assert GAME.dump_state(await state_of(service, table_id)) == GAME.dump_state(expected)
    await play(service, table_id, 3)


# -- cut short by a cancellation (the bot shutting down cancels tasks mid-transaction) ------


async def test_a_move_after_a_transaction_cancelled_as_it_began_is_kept(tmp_path: Path) -> None:
    """The cancelled task's BEGIN still runs on the database thread: it must not leave a
    transaction open that swallows the next moves and is rolled back at the close."""
    path = tmp_path / "tricky.db"
    db = await Database.open(path)
    await migrate(db)
    service = TableService(db, CATALOG, Clock(), seeds=lambda: 1234)
    table_id = await game_under_way(service)

    async def closing() -> None:  # as closing an idle table does
        async with db.transaction() as sql:
            await sql.execute("SELECT 1")

    cancelled = asyncio.create_task(closing())
    await asyncio.sleep(0)  # its BEGIN IMMEDIATE is on its way to the database thread
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    user_id, action = await some_move(service, table_id)
    played = await service.act(table_id, user_id, action)
    await service.stop(table_id, ANN.user_id or 0, moderator=True)  # a transaction begins
    await db.close()

    db = await Database.open(path)  # the restart
    try:
        row = await db.fetch_one("SELECT version, status FROM tables WHERE id = ?", (table_id,))
        assert row is not None
        assert (row["version"], row["status"]) == (played.table.version, "ended")
    finally:
        await db.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # SQLite's own faults
async def test_a_game_ended_by_a_task_cancelled_at_its_commit_is_over_in_memory_too(
    service: TableService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The COMMIT lands all the same, so what follows it must too: the cached row says
    the game ended, and a move is refused as on a game that is over, not as stale."""
    table_id = await game_under_way(service)
    user_id, action = await some_move(service, table_id)  # to try once the game is over
    assert isinstance(db, SqliteDatabase)
    connection = db._connection
    execute = connection.execute

    def cancelled_at_commit(sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            asyncio.get_running_loop().call_soon(stopping.cancel)
        return execute(sql, *args)

    monkeypatch.setattr(connection, "execute", cancelled_at_commit)
    stopping = asyncio.create_task(service.stop(table_id, ANN.user_id or 0, moderator=True))
    with pytest.raises(asyncio.CancelledError):
        await stopping
    monkeypatch.undo()
    table = await service.get(table_id)
    assert table.status is TableStatus.ENDED
    assert table == await TableService(db, CATALOG, Clock()).get(table_id)
    results = await db.fetch_one("SELECT COUNT(*) FROM results WHERE table_id = ?", (table_id,))
    assert results is not None and results[0] == 1
    with pytest.raises(TableError, match="over"):
        await service.act(table_id, user_id, action)


async def test_a_table_whose_cached_row_fell_behind_the_file_refuses_one_move_only(
    service: TableService, db: Database
) -> None:
    """Another process moved the table (or a cancelled write left this one's cache
    behind): the move made on the old row is refused as stale, and the next look and
    move see the table as the file has it."""
    table_id = await game_under_way(service)
    elsewhere = TableService(db, CATALOG, Clock())
    user_id, action = await some_move(elsewhere, table_id)
    moved = await elsewhere.act(table_id, user_id, action)
    user_id, action = await some_move(service, table_id)  # on the row this service cached
    with pytest.raises(StaleTable):
        await service.act(table_id, user_id, action)
    assert await service.get(table_id) == moved.table
    user_id, action = await some_move(service, table_id)
    assert (await service.act(table_id, user_id, action)).table.version == moved.table.version + 1
