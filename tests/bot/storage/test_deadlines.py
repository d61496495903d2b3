"""The turn clock's stored deadlines: a move reads and writes only its own table's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.shards import Shards
from bot.storage.database import Database, Params, Row
from bot.storage.deadlines import DeadlineRepository
from bot.storage.migrations import discover, migrate
from bot.storage.tables import TableRepository
from bot.tables.model import Player
from tests.bot.storage.query_work import steps

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


async def remind(deadlines: DeadlineRepository, table_id: int, seat: int) -> None:
    (clock,) = [d for d in await deadlines.all() if (d.table_id, d.seat) == (table_id, seat)]
    await deadlines.mark_reminded(clock)


async def test_replacing_keeps_starts_and_drops_clocks_in_one_go(db: Database) -> None:
    deadlines = DeadlineRepository(db)
    table_id = await table(db, 1)
    await deadlines.replace_for_table(table_id, [], [0, 1], NOW, LATER)
    await remind(deadlines, table_id, 0)
    await remind(deadlines, table_id, 1)
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
    await remind(deadlines, reminded, 1)
    at = NOW + timedelta(minutes=1, seconds=30)  # soon's and reminded's halves are gone
    assert [(d.table_id, d.seat) for d in await deadlines.due(at)] == [(soon, 0)]
    at = NOW + timedelta(minutes=3)
    assert [(d.table_id, d.seat) for d in await deadlines.due(at)] == [(soon, 0), (reminded, 1)]
    next_due = await deadlines.next_due()
    assert next_due is not None
    assert abs(next_due - (NOW + timedelta(minutes=1))) < timedelta(milliseconds=5)
    await remind(deadlines, soon, 0)
    next_due = await deadlines.next_due()
    assert next_due is not None  # soon runs out at 2 minutes, before reminded at 3
    assert abs(next_due - (NOW + timedelta(minutes=2))) < timedelta(milliseconds=5)


async def test_a_restart_gives_the_clocks_read_a_whole_turn_in_batches(db: Database) -> None:
    deadlines = DeadlineRepository(db)
    short = [await running(db, n, seconds=60) for n in range(5)]
    long = [await running(db, 10 + n, seconds=600) for n in range(3)]
    closed = await running(db, 99)
    for table_id in [*short, *long, closed]:
        await deadlines.replace_for_table(table_id, [], [0, 1], NOW, NOW + timedelta(seconds=5))
        await remind(deadlines, table_id, 0)
    await db.write("UPDATE tables SET status = 'finished' WHERE id = ?", (closed,))
    back = NOW + timedelta(hours=1)
    read = await deadlines.due(back)
    assert {d.table_id for d in read if d.turn is None} == {closed}
    # A move restarts one clock after the read: that fresh clock is not restarted again.
    await deadlines.replace_for_table(short[0], [0], [1], LATER, LATER + timedelta(minutes=1))
    assert await deadlines.restart(read, back, batch=3) == 2 * (len(short) + len(long))
    clocks = {(d.table_id, d.seat): d for d in await deadlines.all()}
    for table_id, seconds in [*((t, 60) for t in short), *((t, 600) for t in long)]:
        for seat in (0, 1):
            clock = clocks[table_id, seat]
            if (table_id, seat) == (short[0], 1):
                assert clock.started_at == LATER, "a clock a move restarted since is kept"
                continue
            assert (clock.started_at, clock.reminded) == (back, False)
            assert clock.due_at == back + timedelta(seconds=seconds)
    assert clocks[closed, 0].started_at == NOW, "a finished table's leftover is not restarted"
    # Each restarted clock wakes at its new half-time, the short ones first; the others
    # (the finished table's, the one a move restarted) are due as they were.
    left = {(closed, 0), (closed, 1), (short[0], 1)}
    assert {(d.table_id, d.seat) for d in await deadlines.due(back)} == left
    woken = await deadlines.due(back + timedelta(seconds=30))
    assert {(d.table_id, d.seat) for d in woken} - left == {
        (t, s) for t in short for s in (0, 1)
    } - left


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


async def clocks(db: Database, count: int, *, due_in: timedelta, first: int) -> None:
    """``count`` running tables from channel ``first`` on, each with one clock due
    ``due_in`` from NOW."""
    deadlines = DeadlineRepository(db)
    for n in range(count):
        table_id = await running(db, first + n)
        await deadlines.replace_for_table(table_id, [], [0], NOW, NOW + due_in)


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # SQLite's query plan
async def test_a_look_round_reads_only_the_clocks_due_through_the_wake_index(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: the clock's look round, and its restart after a start-up, read the clocks
    due through ``deadlines_by_wake``, however many clocks run."""
    deadlines = DeadlineRepository(db)
    soon = await running(db, 1)
    await deadlines.replace_for_table(soon, [], [0], NOW, NOW + timedelta(minutes=2))
    await clocks(db, 10, due_in=timedelta(hours=1), first=100)
    at = NOW + timedelta(minutes=1)
    few = (await steps(db, lambda: deadlines.due(at)), await steps(db, deadlines.next_due))
    await clocks(db, 1000, due_in=timedelta(hours=2), first=200)
    many = (await steps(db, lambda: deadlines.due(at)), await steps(db, deadlines.next_due))
    assert many == few, "the same work with a thousand more clocks not due"
    assert [(d.table_id, d.seat) for d in await deadlines.due(at)] == [(soon, 0)]

    plans: list[str] = []
    fetch_all = db.fetch_all

    async def planned(sql: str, params: Params = ()) -> list[Row]:
        plan = await fetch_all(f"EXPLAIN QUERY PLAN {sql}", params)
        plans.append(" / ".join(str(row["detail"]) for row in plan))
        return await fetch_all(sql, params)

    monkeypatch.setattr(db, "fetch_all", planned)
    await deadlines.due(at)
    await deadlines.next_due()
    for plan in plans:
        assert "SEARCH deadlines USING INDEX deadlines_by_wake" in plan or (
            "SCAN deadlines USING INDEX deadlines_by_wake" in plan  # in order, first row only
        ), plan
        assert "SEARCH tables USING INTEGER PRIMARY KEY" in plan, plan
        assert "TEMP B-TREE" not in plan, plan


async def test_the_next_wake_migration_gives_every_running_clock_its_wake(
    unmigrated: Database,
) -> None:
    """On a database the previous version made, every clock keeps running, each waking
    at its half-time if not yet reminded, else at its end."""
    db = unmigrated
    history = discover(backend=db.backend)
    mine = next(m for m in history if m.name == "next_wake")
    await migrate(db, [m for m in history if m.version < mine.version])
    odd = NOW + timedelta(seconds=7, microseconds=250_000)
    written = [  # (table, seat, started, due, reminded): as the previous version wrote them
        (1, 0, NOW, NOW + timedelta(minutes=4), 0),
        (1, 1, NOW, NOW + timedelta(minutes=4), 1),
        (2, 0, odd, odd + timedelta(minutes=1), 0),
        (3, 2, NOW - timedelta(hours=1), NOW + timedelta(seconds=30), 1),  # postponed
    ]
    for table_id in (1, 2, 3):
        await db.write(
            "INSERT INTO tables (id, guild_id, channel_id, game_key, status, host_id, "
            "created_at, updated_at, turn_seconds) "
            "VALUES (?, 1, ?, 'short_changed', 'active', 1, ?, ?, 240)",
            (table_id, table_id, NOW.isoformat(), NOW.isoformat()),
        )
    for table_id, seat, started, due, reminded in written:
        await db.write(
            "INSERT INTO deadlines (table_id, seat, started_at, due_at, reminded) "
            "VALUES (?, ?, ?, ?, ?)",
            (table_id, seat, started.isoformat(), due.isoformat(), reminded),
        )
    await migrate(db)

    rows = await db.fetch_all("SELECT table_id, seat, wake_at FROM deadlines")
    wakes = {(row["table_id"], row["seat"]): float(row["wake_at"]) for row in rows}
    expected = {
        (1, 0): NOW + timedelta(minutes=2),
        (1, 1): NOW + timedelta(minutes=4),
        (2, 0): odd + timedelta(seconds=30),
        (3, 2): NOW + timedelta(seconds=30),
    }
    assert wakes.keys() == expected.keys()
    for key, moment in expected.items():  # a millisecond late rather than early
        assert 0 <= wakes[key] - moment.timestamp() <= 0.002, key
    deadlines = DeadlineRepository(db)
    kept = {(d.table_id, d.seat, d.started_at, d.due_at, d.reminded) for d in await deadlines.all()}
    assert kept == {(t, s, st, du, bool(r)) for t, s, st, du, r in written}
    next_due = await deadlines.next_due()
    assert next_due is not None
    assert timedelta(0) <= next_due - (NOW + timedelta(seconds=30)) < timedelta(milliseconds=5)
    assert [
        (d.table_id, d.seat)
        for d in await deadlines.due(NOW + timedelta(minutes=2, milliseconds=2))
    ] == [
        (3, 2),
        (2, 0),
        (1, 0),
    ]
    # The clocks change as before: the view that keeps, starts and stops them writes wakes.
    await deadlines.replace_for_table(1, [0], [3], LATER, LATER + timedelta(minutes=4))
    assert await deadlines.seats_timed(1) == {0, 3}
    fresh_halfway = LATER + timedelta(minutes=2)
    before = fresh_halfway - timedelta(seconds=1)
    assert (1, 3) not in {(d.table_id, d.seat) for d in await deadlines.due(before)}
    assert (1, 3) in {(d.table_id, d.seat) for d in await deadlines.due(fresh_halfway)}
