"""Practice tables in the table service: started at once, computer opponents, no result."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage.database import Database
from bot.storage.migrations import discover, migrate
from bot.storage.results import ResultsRepository
from bot.tables.model import TableStatus
from bot.tables.service import TableError, TableService
from games.catalog import CATALOG
from games.short_changed import GAME
from games.short_changed.model import Ante, Guess
from tests.bot.tables.helpers import ANN, BO, CHANNEL, GUILD, Clock, started

THREAD = 99


async def practising(service: TableService, game: str = "short_changed", **kwargs: int) -> int:
    table = await service.practice(
        guild_id=GUILD,
        channel_id=THREAD,
        game_key=game,
        player=ANN,
        opponents=kwargs.get("opponents", 1),
        level="easy",
    )
    return table.id


async def test_a_practice_game_played_to_the_end_records_nothing(
    service: TableService, db: Database
) -> None:
    table_id = await practising(service)
    table = await service.get(table_id)
    assert table.practice and table.status is TableStatus.ACTIVE and table.turn_seconds == 0
    ante = GAME.legal_actions(GAME.load_state(table.state_json or ""), 0)[0]
    assert isinstance(ante, Ante)
    await service.act(table_id, ANN.user_id or 0, ante)
    table = await service.get(table_id)
    state = GAME.load_state(table.state_json or "")
    await service.act_for(
        table_id, 1, GAME.legal_actions(state, 1)[0], version=table.version, by="computer"
    )
    table = await service.get(table_id)
    state = GAME.load_state(table.state_json or "")
    turn = state.turn
    guess = Guess(target=1 - turn, total=state.hands[1 - turn].value)
    if turn == 0:
        await service.act(table_id, ANN.user_id or 0, guess)
    else:
        await service.act_for(table_id, 1, guess, version=table.version, by="computer")
    assert (await service.get(table_id)).status is TableStatus.FINISHED
    stored = ResultsRepository(db)
    results, total = await stored.history(GUILD, offset=0, limit=10)
    assert results == [] and total == 0
    assert await stored.stats(GUILD, ANN.user_id or 0) == []
    assert await stored.players(GUILD) == []


async def test_opponents_fit_the_game_and_the_table_is_not_the_channels(
    service: TableService,
) -> None:
    alone = await service.get(await practising(service, "short_word_solitaire", opponents=3))
    assert len(alone.seats) == 1
    crowd = await service.practice(
        guild_id=GUILD,
        channel_id=THREAD + 1,
        game_key="fraud",
        player=BO,
        opponents=4,
        level="hard",
    )
    assert [p.computer for p in crowd.seats[1:]] == ["hard"] * min(
        4, CATALOG["fraud"].max_seats - 1
    )
    with pytest.raises(TableError, match="easy and hard"):
        await service.practice(
            guild_id=GUILD,
            channel_id=THREAD + 2,
            game_key="fraud",
            player=BO,
            opponents=1,
            level="random",
        )
    # A practice table's hint is for it alone; a game in the channel has none.
    normal = await started(service, ANN, BO)
    with pytest.raises(TableError, match="Hints are for practice tables"):
        await service.hint(normal, ANN.user_id or 0)
    assert (await service.get(normal)).channel_id == CHANNEL


async def test_the_practice_migration_applies_to_a_database_made_by_the_previous_version(
    tmp_path: Path,
) -> None:
    mine = next(m for m in discover() if m.name == "practice")
    db = await Database.open(tmp_path / "t.db")
    try:
        await migrate(db, [m for m in discover() if m.version < mine.version])
        await db.execute_script(
            "INSERT INTO tables (id, guild_id, channel_id, game_key, status, host_id, "
            f"created_at, updated_at) VALUES (5, {GUILD}, {CHANNEL}, 'fraud', 'lobby', 1, "
            "'2026-01-01', '2026-01-01');"
            "INSERT INTO seats (table_id, seat, user_id, name, computer, joined_at) VALUES "
            "(5, 0, 1, 'Ann', NULL, '2026-01-01');"
        )
        await migrate(db)
        service = TableService(db, CATALOG, Clock(), seeds=lambda: 1234)
        assert not (await service.get(5)).practice
        table_id = await practising(service)
        assert (await service.get(table_id)).practice
    finally:
        await db.close()
