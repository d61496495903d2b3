"""Issue 24: what start-up and the turn clock's look round ask of the tables (the clocks
that may have missed a move, the games with a seat the bot plays, the idle tables and
the oldest of them) is read through migration 0012's indexes, never by a scan of every
table ever played, and answers as before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from itertools import count
from typing import Any

import pytest

from bot.shards import UNSHARDED, Shards
from bot.storage.database import Database
from bot.storage.deadlines import DeadlineRepository
from bot.storage.migrations import discover, migrate
from bot.storage.postgres import numbered
from bot.storage.tables import TableRepository
from bot.tables.model import TableStatus
from tests.bot.storage.query_work import asked, steps

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
OURS, THEIRS = (4 << 22) | 9, (7 << 22) | 9
"""Two servers, on shard 0 and shard 1 of two (4 % 2 and 7 % 2)."""
SHARDINGS = {
    "every": UNSHARDED,
    "0 of 2": Shards(2, frozenset({0})),
    "1 of 2": Shards(2, frozenset({1})),
}

_channels = count(1)


@dataclass(frozen=True, slots=True)
class Stored:
    """A table as the tests store it, straight into the database."""

    status: str
    touched: datetime
    guild: int = OURS
    turn_seconds: int = 300
    computer: bool = False
    taken_over: bool = False
    clock_started: datetime | None = None
    """Its one clock's start (seat 0), or no clock."""


async def store(db: Database, table: Stored) -> int:
    """A table with two seats, a person's and a computer's or another person's."""
    (row,) = await db.write_returning(
        "INSERT INTO tables (guild_id, channel_id, game_key, status, host_id, created_at, "
        "updated_at, turn_seconds) VALUES (?, ?, 'short_changed', ?, 1, ?, ?, ?) RETURNING id",
        (
            table.guild,
            next(_channels),
            table.status,
            (table.touched - timedelta(hours=1)).isoformat(),
            table.touched.isoformat(),
            table.turn_seconds,
        ),
    )
    table_id = int(row["id"])
    second = (None, "Computer (hard)", "hard") if table.computer else (2, "Bo", None)
    for seat, (user, name, computer) in enumerate([(1, "Ann", None), second]):
        await db.write(
            "INSERT INTO seats (table_id, seat, user_id, name, computer, joined_at, taken_over) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                seat,
                user,
                name,
                computer,
                NOW.isoformat(),
                int(table.taken_over and not seat),
            ),
        )
    if table.clock_started is not None:
        due = table.clock_started + timedelta(seconds=table.turn_seconds or 300)
        await db.write(
            "INSERT INTO deadlines (table_id, seat, started_at, due_at, wake_at) "
            "VALUES (?, 0, ?, ?, ?)",
            (table_id, table.clock_started.isoformat(), due.isoformat(), due.timestamp()),
        )
    return table_id


HOUR, DAY = timedelta(hours=1), timedelta(days=1)

SOME = {
    "old lobby": Stored("lobby", NOW - 3 * HOUR),
    "idle game": Stored("active", NOW - 3 * DAY, guild=THEIRS, clock_started=NOW - 3 * DAY),
    "new lobby": Stored("lobby", NOW - HOUR / 6, guild=THEIRS),
    "computer's game": Stored("active", NOW - HOUR, computer=True, clock_started=NOW - HOUR),
    "taken over": Stored("active", NOW - HOUR / 2, guild=THEIRS, turn_seconds=0, taken_over=True),
    "missed its clock": Stored("active", NOW - HOUR / 12, clock_started=NOW - HOUR / 3),
    "lost its clock": Stored("active", NOW - 2 * HOUR, guild=THEIRS),
    "unclocked": Stored("active", NOW - HOUR / 4, turn_seconds=0),
    "finished": Stored("finished", NOW - 5 * DAY, computer=True, clock_started=NOW - 6 * DAY),
    "ended": Stored("ended", NOW - 4 * DAY, guild=THEIRS, taken_over=True),
}
"""Tables of every kind, stored in this order: the ids' order is not the order in which
they were last touched."""


async def store_some(db: Database) -> dict[str, int]:
    return {name: await store(db, table) for name, table in SOME.items()}


async def answers(db: Database, shards: Shards) -> dict[str, Any]:
    """What the four queries answer, for one process's shards."""
    tables, deadlines = TableRepository(db, shards=shards), DeadlineRepository(db, shards=shards)
    return {
        "unsettled": await deadlines.unsettled(),
        "with bot seats": await tables.with_bot_seats(),
        "idle games": await tables.idle_since(TableStatus.ACTIVE, NOW - DAY),
        "games idle 20 minutes": await tables.idle_since(TableStatus.ACTIVE, NOW - HOUR / 3),
        "stale lobbies": await tables.idle_since(TableStatus.LOBBY, NOW - 2 * HOUR),
        "oldest game": await tables.oldest_update(TableStatus.ACTIVE),
        "oldest lobby": await tables.oldest_update(TableStatus.LOBBY),
        "oldest cancelled": await tables.oldest_update(TableStatus.CANCELLED),
    }


def expected(ids: dict[str, int], shards: Shards) -> dict[str, Any]:
    """The answers worked out from :data:`SOME` by hand."""

    def of(*names: str) -> list[int]:
        guilds = {OURS: 0, THEIRS: 1}
        return sorted(ids[n] for n in names if shards.every or guilds[SOME[n].guild] in shards.ids)

    def oldest(*names: str) -> datetime | None:
        return min((SOME[n].touched for n in names if ids[n] in of(n)), default=None)

    running = ["idle game", "computer's game", "taken over", "missed its clock"]
    running += ["lost its clock", "unclocked"]
    return {
        "unsettled": of("missed its clock", "lost its clock"),
        "with bot seats": of("computer's game", "taken over"),
        "idle games": of("idle game"),
        "games idle 20 minutes": of("idle game", "computer's game", "taken over", "lost its clock"),
        "stale lobbies": of("old lobby"),
        "oldest game": oldest(*running),
        "oldest lobby": oldest("old lobby", "new lobby"),
        "oldest cancelled": None,
    }


BOT_SEATS_BEFORE = (
    "SELECT DISTINCT tables.id FROM tables JOIN seats ON seats.table_id = tables.id "
    "WHERE tables.status = 'active' AND (seats.computer IS NOT NULL OR seats.taken_over = 1) "
    "ORDER BY tables.id"
)
"""``with_bot_seats`` as it was asked before it became one look-up per running game."""


async def test_the_queries_answer_each_shard_as_worked_out(db: Database) -> None:
    ids = await store_some(db)
    for name, shards in SHARDINGS.items():
        assert await answers(db, shards) == expected(ids, shards), name
    before = [int(row["id"]) for row in await db.fetch_all(BOT_SEATS_BEFORE)]
    assert await TableRepository(db).with_bot_seats() == before


async def indexes(db: Database) -> set[str]:
    if db.backend == "sqlite":
        rows = await db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'index'")
    else:
        rows = await db.fetch_all("SELECT indexname AS name FROM pg_indexes")
    return {str(row["name"]) for row in rows}


async def test_the_startup_indexes_migration_keeps_every_answer(unmigrated: Database) -> None:
    """On a database the previous version made, the indexes are built over the tables
    already there, and the queries answer exactly as they did before them."""
    db = unmigrated
    history = discover(backend=db.backend)
    mine = next(m for m in history if m.name == "startup_indexes")
    await migrate(db, [m for m in history if m.version < mine.version])
    ids = await store_some(db)
    before = {name: await answers(db, shards) for name, shards in SHARDINGS.items()}
    new = {"tables_by_status_update", "seats_played_by_bot"}
    assert not new & await indexes(db)

    await migrate(db)
    assert new <= await indexes(db)
    for name, shards in SHARDINGS.items():
        assert await answers(db, shards) == before[name] == expected(ids, shards), name
    # Tables stored after it are found through the indexes as the old ones are.
    late = await store(db, Stored("active", NOW, computer=True))
    assert late in await TableRepository(db).with_bot_seats()
    assert late in await DeadlineRepository(db).unsettled()


async def ask_all(db: Database, shards: Shards) -> None:
    await answers(db, shards)


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # SQLite's query plan
@pytest.mark.parametrize("shards", SHARDINGS.values(), ids=SHARDINGS.keys())
async def test_sqlite_searches_the_indexes_and_scans_nothing(
    db: Database, monkeypatch: pytest.MonkeyPatch, shards: Shards
) -> None:
    await store_some(db)
    queries = await asked(db, monkeypatch, lambda: ask_all(db, shards))
    assert len(queries) == len(await answers(db, shards))
    for sql, params in queries:
        steps_of_plan = await db.fetch_all(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = " / ".join(str(row["detail"]) for row in steps_of_plan)
        assert "SCAN" not in plan, plan
        if "LIMIT 1" in sql:  # the oldest: the index's first entry, in its order
            assert "TEMP B-TREE" not in plan, plan
        assert "SEARCH tables USING" in plan and "INDEX tables_by_status_update" in plan, plan
        if "FROM seats" in sql:
            assert "SEARCH seats USING INDEX seats_played_by_bot (table_id=?)" in plan, plan
        if "FROM deadlines" in sql:
            assert "SEARCH deadlines USING INDEX sqlite_autoindex_deadlines_1" in plan, plan


def literal(value: object) -> str:
    """A parameter as SQL (EXECUTE takes no parameters of its own): ours are numbers and
    text without quotes."""
    if isinstance(value, int):
        return str(value)
    assert isinstance(value, str) and "'" not in value, value
    return f"'{value}'"


OPEN_ONLY = ("tables_by_status_update", "tables_one_open_per_channel")
"""The indexes of ``tables`` that keep the games over apart, or hold none: the one by
status, and the partial one of the open tables (0001), which PostgreSQL may rightly
prefer when it knows the query asks for open tables only."""


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)  # PostgreSQL's plan
@pytest.mark.parametrize("plans", ["force_custom_plan", "force_generic_plan"])
async def test_postgresql_reads_each_through_the_indexes(
    db: Database, monkeypatch: pytest.MonkeyPatch, plans: str
) -> None:
    """Among a thousand games running and two thousand over, PostgreSQL's planner, knowing
    the rows (ANALYZE), reads what each query needs through the indexes too: planned for
    the status asked (its first runs), or for any status (the plan it keeps for a
    statement it has run often, as the look round's are)."""
    await store_some(db)
    for guild in (OURS, THEIRS):
        await store_many(db, 1000, replace(GAME_OVER, guild=guild))
        await store_many(db, 500, Stored("active", NOW, guild=guild, clock_started=NOW))
    await db.execute_script("ANALYZE tables; ANALYZE seats; ANALYZE deadlines")
    queries = await asked(db, monkeypatch, lambda: ask_all(db, SHARDINGS["1 of 2"]))
    for sql, params in queries:
        async with db.transaction() as connection:
            await connection.execute(f"SET LOCAL plan_cache_mode = {plans}")
            await connection.execute(f"PREPARE asked AS {numbered(sql)}")
            given = ", ".join(literal(value) for value in params)
            lines = await connection.execute_fetchall(f"EXPLAIN EXECUTE asked({given})")
            await connection.execute("DEALLOCATE asked")
        plan = " / ".join(str(row[0]).strip() for row in lines)
        assert "Seq Scan" not in plan, plan
        assert any(index in plan for index in OPEN_ONLY), plan
        if plans == "force_generic_plan" and "status = ?" in sql:  # open or not, unknown
            assert "tables_by_status_update" in plan, plan
        if "FROM seats" in sql:
            assert "seats_played_by_bot" in plan, plan


GAME_OVER = Stored(
    "finished", NOW - 30 * DAY, computer=True, taken_over=True, clock_started=NOW - 31 * DAY
)
"""A game long over, with all that would make a running game answer every query: a
computer player, a seat taken over and a leftover clock older than its last move."""


async def store_many(db: Database, count: int, table: Stored) -> None:
    """``count`` more tables like ``table``, stored in bulk, their ids given here (so no
    table is stored one by one after them on PostgreSQL, whose numbering skips none)."""
    row = await db.fetch_one("SELECT MAX(id) FROM tables")
    first = (int(row[0]) if row is not None and row[0] is not None else 0) + 1
    second = ("Computer (hard)", "hard", None) if table.computer else ("Bo", None, 2)
    async with db.transaction() as sql:
        for table_id in range(first, first + count):
            await sql.execute(
                "INSERT INTO tables (id, guild_id, channel_id, game_key, status, host_id, "
                "created_at, updated_at, turn_seconds) "
                "VALUES (?, ?, ?, 'short_changed', ?, 1, ?, ?, ?)",
                (
                    table_id,
                    table.guild,
                    next(_channels),
                    table.status,
                    table.touched.isoformat(),
                    table.touched.isoformat(),
                    table.turn_seconds,
                ),
            )
            await sql.executemany(
                "INSERT INTO seats (table_id, seat, user_id, name, computer, joined_at, "
                "taken_over) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (table_id, 0, 1, "Ann", None, NOW.isoformat(), int(table.taken_over)),
                    (table_id, 1, second[2], second[0], second[1], NOW.isoformat(), 0),
                ],
            )
            if table.clock_started is not None:
                await sql.execute(
                    "INSERT INTO deadlines (table_id, seat, started_at, due_at, wake_at) "
                    "VALUES (?, 0, ?, ?, 0)",
                    (table_id, table.clock_started.isoformat(), NOW.isoformat()),
                )


def each_query(db: Database, shards: Shards) -> dict[str, Callable[[], Awaitable[object]]]:
    tables, deadlines = TableRepository(db, shards=shards), DeadlineRepository(db, shards=shards)
    return {
        "unsettled": deadlines.unsettled,
        "with bot seats": tables.with_bot_seats,
        "idle games": lambda: tables.idle_since(TableStatus.ACTIVE, NOW - DAY),
        "stale lobbies": lambda: tables.idle_since(TableStatus.LOBBY, NOW - 2 * HOUR),
        "oldest game": lambda: tables.oldest_update(TableStatus.ACTIVE),
        "oldest lobby": lambda: tables.oldest_update(TableStatus.LOBBY),
    }


async def work(db: Database, shards: Shards, *names: str) -> dict[str, int]:
    return {
        name: await steps(db, run) for name, run in each_query(db, shards).items() if name in names
    }


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # SQLite's steps
@pytest.mark.parametrize("shards", SHARDINGS.values(), ids=SHARDINGS.keys())
async def test_a_thousand_tables_more_that_do_not_answer_cost_no_work(
    db: Database, shards: Shards
) -> None:
    """The history of played games grows for good; each query's work stays the same
    however much of it there is. So do the idle sweep's, however many tables were
    touched recently."""
    ids = await store_some(db)
    everything = tuple(each_query(db, shards))
    few = await work(db, shards, *everything)
    # Games over, of both shards' servers, of every way a game ends.
    history = GAME_OVER
    for guild in (OURS, THEIRS):
        for status in ("finished", "ended", "cancelled"):
            await store_many(db, 1000 // 6 + 1, replace(history, status=status, guild=guild))
    assert await work(db, shards, *everything) == few, "the same work with 1,000 games over"

    # Lobbies and running games touched just now: the idle sweep reads none of them.
    # (The running ones are read by the other two queries: a running game is what they
    # look at, one index look-up each.)
    sweep = ("idle games", "stale lobbies", "oldest game", "oldest lobby")
    for guild in (OURS, THEIRS):
        await store_many(db, 250, Stored("lobby", NOW, guild=guild))
        await store_many(db, 250, Stored("active", NOW, guild=guild, clock_started=NOW))
    assert await work(db, shards, *sweep) == {name: few[name] for name in sweep}, (
        "the same work with 1,000 tables touched since"
    )
    cancelled = {"oldest cancelled": history.touched}  # the only answer about games over
    assert await answers(db, shards) == expected(ids, shards) | cancelled
