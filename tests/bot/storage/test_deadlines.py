"""The turn clock's stored deadlines: a move reads and writes only its own table's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.shards import Shards
from bot.storage.database import Database, Params, Row
from bot.storage.deadlines import DeadlineRepository
from bot.storage.tables import TableRepository
from bot.tables.model import Player

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
LATER = NOW + timedelta(minutes=5)


async def table(db: Database, channel: int, guild: int = 1) -> int:
    return await TableRepository(db).create_lobby(
        guild_id=guild,
        channel_id=channel,
        game_key="short_changed",
        host=Player("Ann", 1),
        options={},
        turn_seconds=300,
        now=NOW,
    )


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # SQLite's query plan
async def test_a_tables_timed_seats_are_read_by_its_key_alone(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    deadlines = DeadlineRepository(db)
    first, second = await table(db, 1), await table(db, 2)
    await deadlines.replace_for_table(first, [], [0, 2], NOW, LATER)
    await deadlines.replace_for_table(second, [], [1], NOW, LATER)
    queries: list[str] = []
    fetch_all = db.fetch_all

    async def seen(sql: str, params: Params = ()) -> list[Row]:
        plan = await fetch_all(f"EXPLAIN QUERY PLAN {sql}", params)
        queries.extend(str(row["detail"]) for row in plan)
        return await fetch_all(sql, params)

    monkeypatch.setattr(db, "fetch_all", seen)
    assert await deadlines.seats_timed(first) == {0, 2}
    assert await deadlines.seats_timed(second) == {1}
    assert all(query.startswith("SEARCH") for query in queries)  # no scan of every clock


async def test_replacing_keeps_starts_and_drops_clocks_in_one_go(db: Database) -> None:
    deadlines = DeadlineRepository(db)
    table_id = await table(db, 1)
    await deadlines.replace_for_table(table_id, [], [0, 1], NOW, LATER)
    await deadlines.mark_reminded(table_id, 0)
    await deadlines.mark_reminded(table_id, 1)
    later = LATER + timedelta(minutes=1)
    # Seat 0 keeps its clock, 1 starts afresh, 2 starts, and nothing else survives.
    await deadlines.replace_for_table(table_id, [0], [1, 2], LATER, later)
    running = {(d.seat, d.started_at, d.reminded) for d in await deadlines.all()}
    assert running == {(0, NOW, True), (1, LATER, False), (2, LATER, False)}
    await deadlines.replace_for_table(table_id, [2], [], LATER, later)
    assert await deadlines.seats_timed(table_id) == {2}
    await deadlines.drop(table_id, 2)
    assert await deadlines.seats_timed(table_id) == set()


async def test_each_shard_sees_only_the_clocks_of_its_servers_tables(db: Database) -> None:
    ours, theirs = await table(db, 1, guild=2 << 22), await table(db, 2, guild=3 << 22)
    everyone = DeadlineRepository(db)
    await everyone.replace_for_table(ours, [], [0], NOW, LATER)
    await everyone.replace_for_table(theirs, [], [0, 1], NOW, LATER + timedelta(minutes=1))
    assert {d.table_id for d in await everyone.all()} == {ours, theirs}
    by_shard = [
        await DeadlineRepository(db, shards=Shards(2, frozenset({n}))).all() for n in (0, 1)
    ]
    assert [[(d.table_id, d.seat) for d in found] for found in by_shard] == [
        [(ours, 0)],
        [(theirs, 0), (theirs, 1)],
    ]


async def test_replacing_a_tables_clocks_is_one_statement(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One trip, and no write lock held between trips (migrations/0005's view)."""
    deadlines = DeadlineRepository(db)
    table_id = await table(db, 1)
    await deadlines.replace_for_table(table_id, [], [0, 1], NOW, LATER)
    statements: list[str] = []
    write = db.write

    async def counted(sql: str, params: Params = (), **options: Any) -> int:
        statements.append(sql)
        return await write(sql, params, **options)

    monkeypatch.setattr(db, "write", counted)
    monkeypatch.setattr(db, "transaction", None)  # several statements would need one
    await deadlines.replace_for_table(table_id, [0], [1, 2], LATER, LATER + timedelta(minutes=5))
    assert len(statements) == 1
    assert {(d.seat, d.started_at) for d in await deadlines.all()} == {
        (0, NOW),
        (1, LATER),
        (2, LATER),
    }


async def test_a_seat_cannot_both_keep_and_restart_its_clock(db: Database) -> None:
    deadlines = DeadlineRepository(db)
    table_id = await table(db, 1)
    with pytest.raises(ValueError, match="cannot keep and restart"):
        await deadlines.replace_for_table(table_id, [0, 1], [1], NOW, LATER)


async def test_a_clock_is_pushed_back_or_dropped_only_while_it_is_the_one_read(
    db: Database,
) -> None:
    """The turn clock pushes an expired clock back before its stand-in move (AW1), and a
    move may restart that clock meanwhile: the fresh clock must survive both."""
    deadlines = DeadlineRepository(db)
    table_id = await table(db, 1)
    await deadlines.replace_for_table(table_id, [], [0, 1], NOW, LATER)
    retry = LATER + timedelta(seconds=30)
    assert await deadlines.postpone(table_id, 0, LATER, retry)
    assert not await deadlines.postpone(table_id, 0, LATER, retry)  # already moved on
    assert {(d.seat, d.due_at, d.reminded) for d in await deadlines.all()} == {
        (0, retry, True),  # its half-time is long past: no reminder now
        (1, LATER, False),
    }
    await deadlines.drop(table_id, 1, due_at=retry)  # not seat 1's clock: it stays
    await deadlines.drop(table_id, 0, due_at=retry)
    assert await deadlines.seats_timed(table_id) == {1}


async def running(db: Database, channel: int, *, seconds: int = 300, guild: int = 1) -> int:
    """A running table (status only: the clock's queries read no state)."""
    table_id = await table(db, channel, guild)
    await db.write(
        "UPDATE tables SET status = 'active', turn_seconds = ?, updated_at = ? WHERE id = ?",
        (seconds, NOW.isoformat(), table_id),
    )
    return table_id


async def test_a_tick_reads_only_the_clocks_due_or_half_gone(db: Database) -> None:
    deadlines = DeadlineRepository(db)
    soon, later, reminded = [await running(db, n) for n in (1, 2, 3)]
    await deadlines.replace_for_table(soon, [], [0], NOW, NOW + timedelta(minutes=2))
    await deadlines.replace_for_table(later, [], [0], NOW, NOW + timedelta(minutes=20))
    await deadlines.replace_for_table(reminded, [], [1], NOW, NOW + timedelta(minutes=3))
    await deadlines.mark_reminded(reminded, 1)
    at = NOW + timedelta(minutes=1, seconds=30)  # soon's and reminded's halves are gone
    assert [(d.table_id, d.seat) for d in await deadlines.due(at)] == [(soon, 0)]
    at = NOW + timedelta(minutes=3)
    assert [(d.table_id, d.seat) for d in await deadlines.due(at)] == [(soon, 0), (reminded, 1)]
    next_due = await deadlines.next_due()
    assert next_due is not None
    assert abs(next_due - (NOW + timedelta(minutes=1))) < timedelta(milliseconds=5)
    await deadlines.mark_reminded(soon, 0)
    next_due = await deadlines.next_due()
    assert next_due is not None  # soon runs out at 2 minutes, before reminded at 3
    assert abs(next_due - (NOW + timedelta(minutes=2))) < timedelta(milliseconds=5)


async def test_a_restart_gives_every_running_clock_a_whole_turn_in_batches(db: Database) -> None:
    deadlines = DeadlineRepository(db)
    short = [await running(db, n, seconds=60) for n in range(5)]
    long = [await running(db, 10 + n, seconds=600) for n in range(3)]
    closed = await running(db, 99)
    for table_id in [*short, *long, closed]:
        await deadlines.replace_for_table(table_id, [], [0, 1], NOW, NOW + timedelta(seconds=5))
        await deadlines.mark_reminded(table_id, 0)
    await db.write("UPDATE tables SET status = 'finished' WHERE id = ?", (closed,))
    back = NOW + timedelta(hours=1)
    assert await deadlines.restart_all(back, batch=2) == 2 * (len(short) + len(long))
    clocks = {(d.table_id, d.seat): d for d in await deadlines.all()}
    for table_id, seconds in [*((t, 60) for t in short), *((t, 600) for t in long)]:
        for seat in (0, 1):
            clock = clocks[table_id, seat]
            assert (clock.started_at, clock.reminded) == (back, False)
            assert clock.due_at == back + timedelta(seconds=seconds)
    assert clocks[closed, 0].started_at == NOW, "a finished table's leftover is not restarted"


async def test_only_tables_whose_clocks_may_have_missed_a_move_are_unsettled(
    db: Database,
) -> None:
    deadlines = DeadlineRepository(db)
    settled, missed, unclocked = await running(db, 1), await running(db, 2), await running(db, 3)
    await deadlines.replace_for_table(settled, [], [0], NOW, LATER)
    await deadlines.replace_for_table(missed, [], [0], NOW, LATER)
    # A move committed at ``missed`` after its clock started, and then the bot stopped.
    await db.write(
        "UPDATE tables SET updated_at = ? WHERE id = ?", ((NOW + timedelta(1)).isoformat(), missed)
    )
    await db.write("UPDATE tables SET turn_seconds = 0 WHERE id = ?", (unclocked,))
    assert await deadlines.unsettled() == [missed]
