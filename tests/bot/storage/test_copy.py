"""``python -m bot.storage.copy``: a database made by this version, copied into a real
PostgreSQL, reads back the same, twice over."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.guilds import GuildSettings
from bot.ratings import Rating
from bot.results import GameResult, SeatResult
from bot.storage.copy import ORDER, CopyFailed, copy, main
from bot.storage.database import Database
from bot.storage.deadlines import DeadlineRepository
from bot.storage.direct_messages import UndeliveredRepository
from bot.storage.guilds import GuildSettingsRepository
from bot.storage.migrations import discover, migrate
from bot.storage.preferences import PreferencesRepository
from bot.storage.results import ResultsRepository
from bot.storage.tables import TableRepository, Turn
from bot.tables.model import Player, TableStatus
from tests.conftest import Postgres

NOW = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)
ANN = Player(name="Ann", user_id=2**62 + 7)  # a Discord id needs all 64 bits
BO = Player(name="Bo", user_id=42)


async def a_history(path: Path) -> None:
    """A file with a row in every table of the schema, made through the repositories."""
    db = await Database.open(path)
    await migrate(db)
    try:
        tables = TableRepository(db)
        done = await tables.create_lobby(
            guild_id=2**60, channel_id=1, game_key="short_changed", host=ANN, others=(),
            options={"rounds": 3}, turn_seconds=60, now=NOW,
        )  # fmt: skip
        await tables.set_seats(done, (ANN, BO), NOW)
        await tables.start(done, seed=2**63 - 1, options={}, state_json="{}", now=NOW)
        table = await tables.get(done)
        assert table is not None
        for n in range(3):
            table = await tables.save_turn(
                table, turn=Turn(n % 2, json.dumps({"n": n}), (f"line {n}",)),
                state_json=json.dumps({"n": n}), outcome_json=None, now=NOW,
            )  # fmt: skip
        result = GameResult(
            table_id=done, guild_id=2**60, game_key="short_changed", rated=True,
            unrated_reason=None, ended_early=False, options={}, started_at=NOW,
            finished_at=NOW + timedelta(minutes=5),
            seats=(
                SeatResult(0, ANN.user_id, "Ann", None, 1, 10, False, 0.0, 1.5),
                SeatResult(1, BO.user_id, "Bo", None, 2, 4, False, 0.0, -1.5),
            ),
        )  # fmt: skip
        async with db.transaction() as sql:
            await tables.save_turn(
                table, turn=Turn(1, "{}", ("the end",)), state_json="{}",
                outcome_json='{"winners": [0]}', now=NOW, sql=sql,
            )  # fmt: skip
            ratings = {ANN.user_id or 0: Rating(27.0, 7.5), BO.user_id or 0: Rating(23.0, 7.5)}
            await ResultsRepository.record(sql, result, ratings, NOW)
        await ResultsRepository(db).reset(2**60, "other_game", ANN.user_id or 0, NOW)
        running = await tables.create_lobby(
            guild_id=2**60, channel_id=2, game_key="short_changed", host=BO,
            options={}, turn_seconds=60, now=NOW, rematch_of=done, reserved=(ANN,),
        )  # fmt: skip
        await tables.start(running, seed=1, options={}, state_json="{}", now=NOW)
        await DeadlineRepository(db).replace_for_table(
            running, keep=(), start=(0,), started_at=NOW, due_at=NOW + timedelta(minutes=1)
        )
        await GuildSettingsRepository(db).put(2**60, GuildSettings(), NOW)
        await PreferencesRepository(db).put(ANN.user_id or 0, 0, "{}", NOW)
        await UndeliveredRepository(db).refused(BO.user_id or 0, NOW)
        for table_name in ORDER:
            row = await db.fetch_one(f"SELECT COUNT(*) FROM {table_name}")
            assert row is not None and row[0] > 0, f"the history has no {table_name} row"
    finally:
        await db.close()


async def test_a_whole_history_is_copied_verified_and_reads_back_the_same(
    tmp_path: Path, postgres: Postgres
) -> None:
    source = tmp_path / "tricky.db"
    await a_history(source)
    target = await postgres.create(migrated=False)
    copied = await copy(source, target)
    assert {each.table for each in copied} == set(ORDER)
    assert all(each.new == each.total > 0 for each in copied)

    sqlite, pg = await Database.open(source), await Database.open(target)
    try:
        for table_name in ORDER:
            query = f"SELECT * FROM {table_name}"
            here_rows = sorted((tuple(r) for r in await sqlite.fetch_all(query)), key=repr)
            there_rows = sorted((tuple(r) for r in await pg.fetch_all(query)), key=repr)
            assert here_rows == there_rows, table_name
        # The bot goes on where the file left off: same tables, new ids after the copied.
        here, there = TableRepository(sqlite), TableRepository(pg)
        for table_id in (1, 2):
            assert await here.get(table_id) == await there.get(table_id)
        assert await here.turns(1) == await there.turns(1)
        assert await ResultsRepository(sqlite).stats(2**60, ANN.user_id or 0) == (
            await ResultsRepository(pg).stats(2**60, ANN.user_id or 0)
        )
        new = await there.create_lobby(
            guild_id=1, channel_id=9, game_key="short_changed", host=BO, options={},
            turn_seconds=0, now=NOW,
        )  # fmt: skip
        assert new == 3
        opened = await there.open_tables()
        assert [t.id for t in opened] == [2, 3] and opened[0].status == TableStatus.ACTIVE
    finally:
        await sqlite.close()
        await pg.close()


async def test_copying_twice_copies_nothing_more_and_still_agrees(
    tmp_path: Path, postgres: Postgres, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tricky.db"
    await a_history(source)
    target = await postgres.create(migrated=False)
    assert await asyncio.to_thread(main, ["--from", str(source), "--to", target]) == 0
    assert await asyncio.to_thread(main, ["--from", str(source), "--to", target]) == 0
    said = capsys.readouterr().out
    assert said.count("counts agree") == 2
    assert "events                              4 rows (0 copied now)" in said


async def test_a_postgresql_database_with_other_rows_is_a_clear_refusal(
    tmp_path: Path, postgres: Postgres, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tricky.db"
    await a_history(source)
    target = await postgres.create()
    pg = await Database.open(target)
    try:
        await PreferencesRepository(pg).put(5, 0, "{}", NOW)  # the bot ran there already
    finally:
        await pg.close()
    assert await asyncio.to_thread(main, ["--from", str(source), "--to", target]) == 1
    assert "player_preferences: 1 rows in the SQLite file but 2 in PostgreSQL" in (
        capsys.readouterr().err
    )


async def test_a_file_at_an_older_version_is_refused(tmp_path: Path, postgres: Postgres) -> None:
    source = tmp_path / "old.db"
    db = await Database.open(source)
    try:
        await migrate(db, discover()[:3])
    finally:
        await db.close()
    with pytest.raises(CopyFailed, match="schema version 3"):
        await copy(source, await postgres.create(migrated=False))
