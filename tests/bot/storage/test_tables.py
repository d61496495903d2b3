"""The table repository's cache of rows: reads come from memory, and always match the file.

Every write is checked the same way: after it, the cached row (and the cached
recent lines) equal what a fresh repository reads from the database.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.shards import Shards
from bot.storage.database import Database, DatabaseBusy, Params, Row
from bot.storage.tables import (
    RECENT_KEPT,
    SaveInterrupted,
    StaleVersion,
    TableRepository,
    Turn,
)
from bot.tables.model import Player, Table, TableStatus

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
ANN, BO = Player("Ann", 1), Player("Bo", 2)


@pytest.fixture
def repo(db: Database) -> TableRepository:
    return TableRepository(db)


class Reads:
    """Counts the repository's queries (its every trip to the database for a read)."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        fetch_all = db.fetch_all

        async def counted(sql: str, params: Params = ()) -> list[Row]:
            self.count += 1
            return await fetch_all(sql, params)

        monkeypatch.setattr(db, "fetch_all", counted)


async def assert_matches_the_file(repo: TableRepository, db: Database, table_id: int) -> None:
    fresh = TableRepository(db)
    assert await repo.get(table_id) == await fresh.get(table_id)
    for limit in (1, 3, RECENT_KEPT):
        assert await repo.recent_lines(table_id, limit) == await fresh.recent_lines(table_id, limit)


async def lobby(repo: TableRepository, channel: int = 7) -> int:
    return await repo.create_lobby(
        guild_id=1,
        channel_id=channel,
        game_key="short_changed",
        host=ANN,
        options={},
        turn_seconds=0,
        now=NOW,
    )


async def started(repo: TableRepository, channel: int = 7) -> Table:
    table_id = await lobby(repo, channel)
    await repo.set_seats(table_id, [ANN, BO], NOW)
    await repo.start(table_id, seed=1, options={}, state_json='"s0"', now=NOW)
    table = await repo.get(table_id)
    assert table is not None
    return table


def turn(n: int, *lines: str) -> dict[str, Any]:
    """The arguments of a move that leaves state ``s<n>`` and tells the channel ``lines``."""
    return {
        "turn": Turn(n % 2, f'{{"n":{n}}}', lines),
        "state_json": f'"s{n}"',
        "outcome_json": None,
        "now": NOW + timedelta(seconds=n),
    }


async def row(repo: TableRepository, table_id: int) -> Table:
    table = await repo.get(table_id)
    assert table is not None
    return table


async def move(repo: TableRepository, table_id: int, n: int, *lines: str, **extra: Any) -> Table:
    """Move ``n`` on the table as it is now, the way the service saves a move."""
    return await repo.save_turn(await row(repo, table_id), **{**turn(n, *lines), **extra})


async def test_a_row_once_read_is_served_from_memory(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(repo)
    await repo.recent_lines(table.id, 8)
    reads = Reads(db, monkeypatch)
    for _ in range(3):
        assert await repo.get(table.id) == table
        assert await repo.recent_lines(table.id, 8) == []
    assert reads.count == 0


async def test_a_move_is_one_statement_and_the_cache_follows_it(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(repo)
    await repo.recent_lines(table.id, 8)
    reads = Reads(db, monkeypatch)
    for n in range(1, 6):
        await move(repo, table.id, n, f"line {n}a", f"line {n}b")
    assert reads.count == 0  # the moves were written, nothing was read back
    moved = await repo.get(table.id)
    assert moved is not None and moved.version == 5 and moved.state_json == '"s5"'
    assert await repo.recent_lines(table.id, 3) == ["line 4b", "line 5a", "line 5b"]
    await assert_matches_the_file(repo, db, table.id)
    # The trigger wrote an event for each move, in order.
    rows = await db.fetch_all(
        "SELECT version, seat, action_json FROM events WHERE table_id = ? ORDER BY version",
        (table.id,),
    )
    assert [tuple(row) for row in rows] == [(n, n % 2, f'{{"n":{n}}}') for n in range(1, 6)]


async def test_a_move_on_a_stale_version_changes_nothing(
    repo: TableRepository, db: Database
) -> None:
    table = await started(repo)
    saved = await move(repo, table.id, 1, "first")
    assert saved == await TableRepository(db).get(table.id)
    with pytest.raises(StaleVersion):
        await repo.save_turn(table, **turn(2, "stale"))  # made on version 0
    assert (await repo.get(table.id)) == (await TableRepository(db).get(table.id))
    assert await repo.recent_lines(table.id, 8) == ["first"]
    await assert_matches_the_file(repo, db, table.id)


async def test_every_write_keeps_the_cached_row_equal_to_the_file(
    repo: TableRepository, db: Database
) -> None:
    table_id = await lobby(repo)
    await assert_matches_the_file(repo, db, table_id)
    await repo.set_seats(table_id, [ANN, BO], NOW)
    await assert_matches_the_file(repo, db, table_id)
    await repo.set_options(table_id, {"stalemate_rounds": 20}, NOW)
    await assert_matches_the_file(repo, db, table_id)
    await repo.set_turn_seconds(table_id, 90, NOW)
    await assert_matches_the_file(repo, db, table_id)
    await repo.set_message(table_id, 555)
    await assert_matches_the_file(repo, db, table_id)
    await repo.start(table_id, seed=3, options={}, state_json='"s0"', now=NOW)
    await assert_matches_the_file(repo, db, table_id)
    await move(repo, table_id, 1, "one")
    await assert_matches_the_file(repo, db, table_id)
    async with db.transaction() as sql:  # a move that also marks its seat away (AW1)
        before = await row(repo, table_id)
        away = replace(before.seats[0], away_streak=1)
        saved = await repo.save_turn(
            replace(before, seats=(away, *before.seats[1:])), sql=sql, **turn(2, "two")
        )
        await repo.set_away(sql, table_id, 0, streak=1, taken_over=False)
    await assert_matches_the_file(repo, db, table_id)
    assert saved == await row(repo, table_id)
    await repo.set_ping(table_id, 777)
    await assert_matches_the_file(repo, db, table_id)
    async with db.transaction() as sql:  # the final move
        await move(repo, table_id, 3, "three", sql=sql, outcome_json='{"p":1}')
    await assert_matches_the_file(repo, db, table_id)
    cached = await repo.get(table_id)
    assert cached is not None and cached.status is TableStatus.FINISHED
    assert cached.seats[0].away_streak == 1 and cached.message_id == 555
    async with db.transaction() as sql:
        await repo.close(sql, table_id, TableStatus.ENDED, NOW)
    await assert_matches_the_file(repo, db, table_id)


async def test_a_rolled_back_move_leaves_the_cache_as_committed(
    repo: TableRepository, db: Database
) -> None:
    table = await started(repo)
    await repo.recent_lines(table.id, 8)

    async def final_move_failing() -> None:
        async with db.transaction() as sql:
            await move(repo, table.id, 1, "never seen", sql=sql)
            await repo.set_away(sql, table.id, 1, streak=2, taken_over=False)
            raise RuntimeError("the result could not be stored")

    with pytest.raises(RuntimeError, match="the result could not be stored"):
        await final_move_failing()
    assert await repo.get(table.id) == table
    assert await repo.recent_lines(table.id, 8) == []
    await assert_matches_the_file(repo, db, table.id)


async def test_a_read_that_raced_a_commit_is_not_cached(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(repo, channel=7)
    other = TableRepository(db)  # cold: its read of the table goes to the file
    gate = asyncio.Event()
    fetch_all = db.fetch_all

    async def slow_to_return(sql: str, params: Params = ()) -> list[Row]:
        rows = await fetch_all(sql, params)
        await gate.wait()  # the rows are read; a commit lands before they are used
        return rows

    monkeypatch.setattr(db, "fetch_all", slow_to_return)
    reading = asyncio.create_task(other.get(table.id))
    await asyncio.sleep(0.05)
    monkeypatch.undo()
    await other.set_message(table.id, 42)  # commits while the read is out
    gate.set()
    raced = await reading
    assert raced is not None and raced.message_id is None  # what the read saw...
    latest = await other.get(table.id)
    assert latest is not None and latest.message_id == 42  # ...was not kept


async def test_rows_beyond_the_cache_size_are_read_again(db: Database) -> None:
    repo = TableRepository(db, cache_size=2)
    tables = [await started(repo, channel=channel) for channel in (1, 2, 3)]
    for table in tables:
        await move(repo, table.id, 1, f"moved {table.id}")
    for table in tables:
        await assert_matches_the_file(repo, db, table.id)


async def test_recent_lines_skip_events_nobody_saw(repo: TableRepository, db: Database) -> None:
    """A private draw stores no public line; it must not push older lines out."""
    table = await started(repo)
    await move(repo, table.id, 1, "the only public line")
    for n in range(2, 2 + RECENT_KEPT + 3):
        await move(repo, table.id, n)  # no public line
    fresh = TableRepository(db)
    assert await fresh.recent_lines(table.id, 8) == ["the only public line"]
    assert await repo.recent_lines(table.id, 8) == ["the only public line"]


async def test_a_move_keeps_a_message_id_recorded_while_it_was_made(
    repo: TableRepository, db: Database
) -> None:
    """The board records message ids without the table's lock, so a move's row may be older."""
    table = await started(repo)
    await repo.set_message(table.id, 555)  # after the move's player loaded ``table``
    saved = await repo.save_turn(table, **turn(1, "moved"))
    assert saved.message_id == 555 and saved.version == 1
    assert saved == await TableRepository(db).get(table.id)


@pytest.mark.parametrize("in_line", [False, True], ids=["alone", "behind another save"])
async def test_message_ids_recorded_while_a_move_waits_for_the_database_survive_its_commit(
    repo: TableRepository, db: Database, in_line: bool
) -> None:
    """The board's redraw records message ids without the table's lock, so theirs may
    commit after a move was handed to the repository and before the move commits (here
    the message writes hold the database lock first). The move's commit must change
    only what its statement changes, or the cache names a message the board retired."""
    first = await started(repo, channel=1)
    table = await started(repo, channel=2)
    await repo.set_message(table.id, 111)
    await repo.set_ping(table.id, 500)
    table = await row(repo, table.id)
    ahead = []
    if in_line:  # the move waits in the group line too, behind another table's save
        ahead.append(asyncio.create_task(move(repo, first.id, 1, "first in line")))
        await asyncio.sleep(0)
    posting = asyncio.create_task(repo.set_message(table.id, 222))
    pinging = asyncio.create_task(repo.set_ping(table.id, 600))
    await asyncio.sleep(0)  # both hold or wait for the database lock
    saved = await repo.save_turn(table, **turn(1, "moved"))
    await asyncio.gather(posting, pinging, *ahead)
    if db.backend == "sqlite":  # its one connection's lock orders the writes as made
        assert (saved.message_id, saved.ping_message_id, saved.version) == (222, 600, 1)
    # PostgreSQL runs the three on three connections, so the server orders them; either
    # way, the cached row must end as the file's.
    assert saved.version == 1
    await assert_matches_the_file(repo, db, table.id)


class Statements:
    """Counts the statements that save moves (each one trip to the database thread), by
    the number of moves each saves."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sizes: list[int] = []
        write, write_returning = db.write, db.write_returning

        async def one(sql: str, params: Params = (), **kwargs: Any) -> int:
            if sql.startswith("UPDATE tables SET state_json"):
                self.sizes.append(1)
            return await write(sql, params, **kwargs)

        async def many(sql: str, params: Params = (), **kwargs: Any) -> list[Row]:
            self.sizes.append(len(list(params)) // 10)  # ten values a move
            return await write_returning(sql, params, **kwargs)

        monkeypatch.setattr(db, "write", one)
        monkeypatch.setattr(db, "write_returning", many)


@pytest.mark.parametrize("how", ["alone", "in a group", "in a transaction"])
async def test_a_move_at_a_table_not_in_the_cache_returns_the_message_ids_stored(
    db: Database, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """A row not in the cache at the commit (dropped for room; here the cache keeps
    none) leaves the commit no cached row to move. The row returned must still carry
    the message ids the file has, not those of the row the move was made on: the board
    records them without the table's lock, so they may have changed since."""
    repo = TableRepository(db, cache_size=0)
    first, second, table = [await started(repo, channel=channel) for channel in (1, 2, 3)]
    await repo.set_message(table.id, 222)  # after the move's player loaded ``table``
    await repo.set_ping(table.id, 600)
    if how == "in a transaction":
        async with db.transaction() as sql:
            saved = await repo.save_turn(table, sql=sql, **turn(1, "moved"))
    elif how == "in a group":
        statements = Statements(db, monkeypatch)
        leading = asyncio.create_task(repo.save_turn(first, **turn(1, "first in line")))
        await asyncio.sleep(0)  # its statement is on its way: the two below wait together
        _, saved = await asyncio.gather(
            repo.save_turn(second, **turn(1, "second")), repo.save_turn(table, **turn(1, "moved"))
        )
        await leading
        assert statements.sizes == [1, 2]
    else:
        saved = await repo.save_turn(table, **turn(1, "moved"))
    assert (saved.message_id, saved.ping_message_id, saved.version) == (222, 600, 1)
    assert saved == await TableRepository(db).get(table.id)


async def test_a_move_whose_row_cannot_be_read_back_is_still_reported_saved(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move is in the file before the row is read back: a failed read returns the row
    as the move left it (the caller's message ids), never an error saying nothing changed."""
    repo = TableRepository(db, cache_size=0)
    table = await started(repo, channel=3)

    async def busy(table_id: int) -> None:
        raise DatabaseBusy

    monkeypatch.setattr(repo, "get", busy)
    saved = await repo.save_turn(table, **turn(1, "moved"))
    monkeypatch.undo()
    stored = await TableRepository(db).get(table.id)
    assert stored is not None and stored.version == saved.version == 1
    assert saved == stored


async def test_a_row_dropped_for_room_while_its_move_waits_returns_the_message_ids_stored(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cached when the move was handed over, gone by its commit: reads of other tables
    that got the database first dropped it for room."""
    repo = TableRepository(db, cache_size=1)
    other, table = await started(repo, channel=1), await started(repo, channel=2)
    table = await row(repo, table.id)
    await repo.set_message(table.id, 222)  # after the move's player loaded ``table``
    write = db.write

    async def after_other_reads(sql: str, params: Params = (), **kwargs: Any) -> int:
        await repo.get(other.id)  # the cache's one row is now the other table's
        return await write(sql, params, **kwargs)

    monkeypatch.setattr(db, "write", after_other_reads)
    saved = await repo.save_turn(table, **turn(1, "moved"))
    monkeypatch.undo()
    assert (saved.message_id, saved.version) == (222, 1)
    assert saved == await TableRepository(db).get(table.id)


async def behind_a_save(repo: TableRepository, table: Table, *moves: Any) -> list[Any]:
    """Start saving a move at ``table``, then make ``moves`` while it is on its way; every
    outcome, the first move's first."""
    first = asyncio.create_task(move(repo, table.id, 1, "first in line"))
    await asyncio.sleep(0)  # its statement is on its way to the database thread
    return await asyncio.gather(first, *moves, return_exceptions=True)


async def test_moves_made_while_a_save_is_on_its_way_are_saved_by_one_statement(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, *tables = [await started(repo, channel=channel) for channel in range(1, 9)]
    statements = Statements(db, monkeypatch)
    saved = await behind_a_save(
        repo, first, *(move(repo, table.id, 1, f"move at table {table.id}") for table in tables)
    )
    assert statements.sizes == [1, 7]  # a group commit: one trip for the seven behind
    assert [table.version for table in saved] == [1] * 8
    for table in tables:
        assert await repo.recent_lines(table.id, 8) == [f"move at table {table.id}"]
        await assert_matches_the_file(repo, db, table.id)
    events = await db.fetch_all("SELECT table_id, version FROM events ORDER BY table_id")
    assert [tuple(event) for event in events] == [(table.id, 1) for table in (first, *tables)]


async def test_a_move_made_alone_is_saved_by_the_plain_statement(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = [await started(repo, channel=channel) for channel in (1, 2)]
    statements = Statements(db, monkeypatch)
    for table in tables:
        await move(repo, table.id, 1, "alone")
    assert statements.sizes == [1, 1]
    for table in tables:
        await assert_matches_the_file(repo, db, table.id)


async def test_a_stale_move_saved_with_others_is_refused_alone(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, stale, fresh = [await started(repo, channel=channel) for channel in (1, 2, 3)]
    await move(repo, stale.id, 1, "earlier")
    statements = Statements(db, monkeypatch)
    outcomes = await behind_a_save(
        repo,
        first,
        repo.save_turn(stale, **turn(2, "made on version 0")),
        move(repo, fresh.id, 1, "fine"),
    )
    assert statements.sizes == [1, 2]
    assert isinstance(outcomes[1], StaleVersion)
    assert isinstance(outcomes[2], Table) and outcomes[2].version == 1
    assert await repo.recent_lines(stale.id, 8) == ["earlier"]
    assert await repo.recent_lines(fresh.id, 8) == ["fine"]
    for table in (stale, fresh):
        await assert_matches_the_file(repo, db, table.id)


async def test_two_moves_on_one_table_waiting_together_are_saved_one_after_the_other(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service never does this (a table's moves wait for its lock), but if it did,
    the second move is checked against the first's version, not merged with it."""
    first, table = await started(repo, channel=1), await started(repo, channel=2)
    statements = Statements(db, monkeypatch)
    outcomes = await behind_a_save(
        repo,
        first,
        repo.save_turn(table, **turn(1, "one")),
        repo.save_turn(table, **turn(2, "also on version 0")),
    )
    assert statements.sizes == [1, 1, 1]
    assert isinstance(outcomes[1], Table) and outcomes[1].version == 1
    assert isinstance(outcomes[2], StaleVersion)
    assert await repo.recent_lines(table.id, 8) == ["one"]
    await assert_matches_the_file(repo, db, table.id)


async def test_a_move_at_a_damaged_table_fails_alone_and_the_others_are_saved(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statement saving a batch fails whole for one table's sake: each move is then
    saved on its own, and only the damaged table's fails."""
    first, *healthy, damaged = [await started(repo, channel=channel) for channel in (1, 2, 3, 4)]
    for table in (*healthy, damaged):
        await repo.recent_lines(table.id, 8)
    # A damaged table: its event log already holds the version its next move would log.
    await db.write(
        "INSERT INTO events (table_id, version, seat, action_json, public_lines, acted_at) "
        "VALUES (?, 1, 0, '{}', '[]', ?)",
        (damaged.id, NOW.isoformat()),
    )
    statements = Statements(db, monkeypatch)
    outcomes = await behind_a_save(
        repo, first, *(move(repo, t.id, 1, f"at {t.id}") for t in (*healthy, damaged))
    )
    assert statements.sizes == [1, 3, 1, 1, 1]  # the batch failed, then each alone
    assert [outcome.version for outcome in outcomes[:3]] == [1, 1, 1]
    assert "UNIQUE" in str(outcomes[3]) or "duplicate key" in str(outcomes[3])
    for table in healthy:
        assert await repo.recent_lines(table.id, 8) == [f"at {table.id}"]
        await assert_matches_the_file(repo, db, table.id)
    assert await repo.get(damaged.id) == damaged
    assert await repo.recent_lines(damaged.id, 8) == []
    await assert_matches_the_file(repo, db, damaged.id)


async def test_a_batch_the_database_is_too_busy_for_is_refused_whole(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Busy is no one table's fault: each move is told so at once, not tried again alone
    (which would only wait out the same lock once per move)."""
    first, *tables = [await started(repo, channel=channel) for channel in (1, 2, 3)]
    write_returning = db.write_returning

    async def busy(sql: str, params: Params = (), **kwargs: Any) -> list[Row]:
        raise DatabaseBusy

    monkeypatch.setattr(db, "write_returning", busy)
    statements = Statements(db, monkeypatch)
    outcomes = await behind_a_save(repo, first, *(move(repo, t.id, 1, "busy") for t in tables))
    assert statements.sizes == [1, 2]  # the batch's statement, and none for a move alone
    assert isinstance(outcomes[0], Table)
    assert all(isinstance(outcome, DatabaseBusy) for outcome in outcomes[1:])
    monkeypatch.setattr(db, "write_returning", write_returning)
    saved = await asyncio.gather(*(move(repo, table.id, 1, "saved") for table in tables))
    assert [table.version for table in saved] == [1, 1]
    for table in tables:
        await assert_matches_the_file(repo, db, table.id)


async def test_a_caller_cancelled_while_its_statement_runs_leaves_the_cache_true_to_the_file(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, leader, other = [await started(repo, channel=channel) for channel in (1, 2, 3)]
    write_returning = db.write_returning
    leading: list[asyncio.Task[Any]] = []

    async def cancelled_on_the_way(sql: str, params: Params = (), **kwargs: Any) -> list[Row]:
        leading[0].cancel()  # lands while the statement is in the database thread
        return await write_returning(sql, params, **kwargs)

    monkeypatch.setattr(db, "write_returning", cancelled_on_the_way)
    saving = asyncio.create_task(move(repo, first.id, 1, "first in line"))
    await asyncio.sleep(0)
    # These two wait, then go together, led by the first of them.
    leading.append(asyncio.create_task(move(repo, leader.id, 1, "maybe")))
    with_it = asyncio.create_task(move(repo, other.id, 1, "with it"))
    outcomes = await asyncio.gather(saving, leading[0], with_it, return_exceptions=True)
    assert isinstance(outcomes[0], Table)
    assert isinstance(outcomes[1], asyncio.CancelledError)
    assert isinstance(outcomes[2], SaveInterrupted)  # whether it landed is not known here
    await asyncio.sleep(0.2)  # the statement has finished in the thread by now
    monkeypatch.undo()
    for table in (leader, other):
        await assert_matches_the_file(repo, db, table.id)
    before = await row(repo, other.id)
    saved = await move(repo, other.id, 2, "again")  # nothing is left stuck in line
    assert saved.version == before.version + 1


async def test_a_caller_cancelled_while_in_line_is_not_saved_and_holds_no_one_up(
    repo: TableRepository, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = [await started(repo, channel=channel) for channel in (1, 2, 3)]
    leading = asyncio.create_task(move(repo, tables[0].id, 1, "first"))
    await asyncio.sleep(0)
    gone = asyncio.create_task(move(repo, tables[1].id, 1, "never saved"))
    behind = asyncio.create_task(move(repo, tables[2].id, 1, "saved"))
    await asyncio.sleep(0)
    hand_over = repo._moves._hand_over

    def cancelled_as_it_is_handed_the_lead() -> None:
        hand_over()
        gone.cancel()  # after its turn to lead was given, before it could take it

    monkeypatch.setattr(repo._moves, "_hand_over", cancelled_as_it_is_handed_the_lead)
    assert (await leading).version == 1
    monkeypatch.undo()
    assert (await behind).version == 1
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert await repo.recent_lines(tables[1].id, 8) == []
    for table in tables:
        await assert_matches_the_file(repo, db, table.id)


# -- shards -------------------------------------------------------------------------------------


async def test_the_queries_over_many_tables_keep_to_the_shards_servers(db: Database) -> None:
    """Two processes on one file each find only their own servers' tables (bot.shards)."""
    shards = [Shards(2, frozenset({0})), Shards(2, frozenset({1}))]
    guilds = [(4 << 22) | 9, (7 << 22) | 9]  # 4 % 2 == 0 and 7 % 2 == 1
    mine: list[list[int]] = [[], []]
    opened: dict[int, datetime] = {}
    for channel, guild in enumerate(guilds * 2):
        table_id = await TableRepository(db).create_lobby(
            guild_id=guild,
            channel_id=channel,
            game_key="short_changed",
            host=ANN,
            options={},
            turn_seconds=0,
            now=NOW + timedelta(minutes=channel),
        )
        mine[guilds.index(guild)].append(table_id)
        opened[table_id] = NOW + timedelta(minutes=channel)
    for shard, ids in zip(shards, mine, strict=True):
        repo = TableRepository(db, shards=shard)
        assert [table.id for table in await repo.open_tables()] == ids
        assert await repo.idle_since(TableStatus.LOBBY, NOW + timedelta(hours=1)) == ids
        assert await repo.oldest_update(TableStatus.LOBBY) == opened[ids[0]]
    everyone = TableRepository(db)
    assert len(await everyone.open_tables()) == 4


# -- when the outcome of a write is not what the cache expected ---------------------------------


async def test_a_move_refused_as_stale_reads_the_row_again(
    repo: TableRepository, db: Database
) -> None:
    """The cached row is behind the file (here another process moved the table): the
    refusal forgets it, so the next read, and the next move on it, see the file."""
    table = await started(repo)
    await move(TableRepository(db), table.id, 1, "moved elsewhere")
    with pytest.raises(StaleVersion):
        await move(repo, table.id, 2, "made on version 0")
    await assert_matches_the_file(repo, db, table.id)
    assert (await move(repo, table.id, 2, "on version 1")).version == 2
    await assert_matches_the_file(repo, db, table.id)


@pytest.mark.parametrize("write", ["set_message", "set_ping"])
async def test_a_message_write_cancelled_on_its_way_leaves_the_cache_true_to_the_file(
    repo: TableRepository, db: Database, write: str
) -> None:
    """A cancelled task stops waiting, but its statement still runs on the database
    thread, without the callback that would have changed the cached row."""
    table = await started(repo)
    recording = asyncio.create_task(getattr(repo, write)(table.id, 222))
    await asyncio.sleep(0)  # its statement is on its way to the database thread
    recording.cancel()
    with pytest.raises(asyncio.CancelledError):
        await recording
    await assert_matches_the_file(repo, db, table.id)


async def test_the_games_with_bot_seats_are_found_without_loading_any(db: Database) -> None:
    repo = TableRepository(db)
    now = datetime(2026, 11, 22, tzinfo=UTC)
    ids = []
    for channel, seats in enumerate(
        [
            [Player("Ann", 1), Player("Computer 1 (hard)", computer="hard")],
            [Player("Ann", 1), Player("Bo", 2)],
            [Player("Ann", 1), Player("Bo", 2)],
        ]
    ):
        table_id = await repo.create_lobby(
            guild_id=1,
            channel_id=channel,
            game_key="short_changed",
            host=seats[0],
            options={},
            turn_seconds=0,
            now=now,
        )
        await repo.set_seats(table_id, seats, now)
        await db.write("UPDATE tables SET status = 'active' WHERE id = ?", (table_id,))
        ids.append(table_id)
    await db.write("UPDATE seats SET taken_over = 1 WHERE table_id = ? AND seat = 1", (ids[2],))
    assert await repo.with_bot_seats() == [ids[0], ids[2]]
