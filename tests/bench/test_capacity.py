"""The capacity bench's many-tables case sets up tables the service can play."""

from __future__ import annotations

from pathlib import Path

from bench.capacity import _many_tables
from bench.service import closed_loop
from bot.tables.model import TableStatus


async def test_copied_tables_run_like_the_games_they_copy(tmp_path: Path) -> None:
    db, bench, seated = await _many_tables(tmp_path / "many.db", 7, seed=24, real=3)
    try:
        assert len({table.table_id for table in seated}) == 7
        service = bench.service
        for copy in seated[3:]:
            model = seated[(copy.channel - 4) % 3]
            mine, theirs = await service.get(copy.table_id), await service.get(model.table_id)
            assert mine.status is TableStatus.ACTIVE and mine.channel_id == copy.channel
            assert (mine.game_key, mine.state_json) == (theirs.game_key, theirs.state_json)
        run = await closed_loop(bench, seated, concurrency=2, seconds=100.0, actions=20)
        assert len(run.latencies) == 20
    finally:
        await db.close()
