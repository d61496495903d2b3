"""Play again in the table service: what the rematch copies, the seats it keeps, and once only."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage.database import Database
from bot.storage.migrations import discover, migrate
from bot.tables.model import Player, TableStatus
from bot.tables.service import TableError, TableService
from games.catalog import CATALOG
from tests.bot.tables.helpers import ANN, BO, CHANNEL, CY, GUILD, Clock, lobby

DEE = Player("Dee", 4)


async def ended(service: TableService, *players: Player, computers: int = 0) -> int:
    """A game of these players (and computers) that the host ended early, with a 1-hour
    clock and a non-default option."""
    table_id = await lobby(service, *players)
    host = players[0].user_id or 0
    for _ in range(computers):
        await service.add_computer(table_id, host, "hard")
    await service.set_clock(table_id, host, 3600)
    await service.set_option(table_id, host, "stalemate_rounds", 25)
    await service.start(table_id, host)
    await service.stop(table_id, host, moderator=False)
    return table_id


async def test_a_rematch_copies_the_table_and_keeps_the_players_seats(
    service: TableService,
) -> None:
    finished = await ended(service, ANN, BO, CY, computers=1)
    rematch = await service.rematch(finished, BO)
    lobby_table = rematch.lobby
    assert rematch.opened
    assert lobby_table.status is TableStatus.LOBBY
    assert lobby_table.channel_id == CHANNEL and lobby_table.guild_id == GUILD
    assert lobby_table.host_id == BO.user_id
    assert lobby_table.turn_seconds == 3600
    assert lobby_table.options["stalemate_rounds"] == 25
    assert [p.user_id for p in lobby_table.seats] == [BO.user_id, None]
    assert lobby_table.seats[1].computer == "hard"
    assert [p.user_id for p in lobby_table.kept_for] == [ANN.user_id, CY.user_id]
    assert lobby_table.rematch_of == finished

    joined = await service.join(lobby_table.id, ANN)
    assert [p.user_id for p in joined.kept_for] == [CY.user_id]


async def test_a_second_press_gets_the_same_lobby(service: TableService) -> None:
    finished = await ended(service, ANN, BO)
    first, second = await asyncio.gather(
        service.rematch(finished, ANN), service.rematch(finished, BO)
    )
    assert sorted([first.opened, second.opened]) == [False, True]
    assert first.lobby.id == second.lobby.id
    # Even once that lobby is gone, the game was played again: no second rematch.
    await service.stop(first.lobby.id, first.lobby.host_id, moderator=False)
    third = await service.rematch(finished, BO)
    assert not third.opened and third.lobby.id == first.lobby.id


async def test_kept_seats_hold_off_others_until_their_players_join(
    service: TableService,
) -> None:
    finished = await ended(service, ANN, BO, CY)
    table_id = (await service.rematch(finished, ANN)).lobby.id
    for user in range(100, 103):
        await service.join(table_id, Player(f"p{user}", user))
    # 6 seats: Ann and three others seated, Bo and Cy kept.
    with pytest.raises(TableError, match=r"kept for the last game's players \(Bo, Cy\)"):
        await service.join(table_id, DEE)
    await service.join(table_id, BO)
    await service.join(table_id, CY)
    assert len((await service.get(table_id)).seats) == 6


async def test_no_rematch_while_the_channel_has_a_table_or_the_game_runs(
    service: TableService,
) -> None:
    finished = await ended(service, ANN, BO)
    busy = await lobby(service, CY)
    with pytest.raises(TableError, match="already a Short Changed lobby in this channel"):
        await service.rematch(finished, ANN)
    with pytest.raises(TableError, match="not over yet"):
        await service.rematch(busy, CY)
    await service.stop(busy, CY.user_id or 0, moderator=False)
    with pytest.raises(TableError, match="never started"):
        await service.rematch(busy, CY)
    # Refusals stored nothing: the game can still be played again.
    assert (await service.rematch(finished, ANN)).opened


async def test_0008_applies_to_a_database_made_by_the_previous_version(tmp_path: Path) -> None:
    mine = next(m for m in discover() if m.name == "rematch")
    db = await Database.open(tmp_path / "t.db")
    try:
        await migrate(db, [m for m in discover() if m.version < mine.version])
        # A game the previous version finished, written as it wrote it.
        await db.execute_script(
            "INSERT INTO tables (id, guild_id, channel_id, game_key, status, host_id, "
            "options_json, turn_seconds, created_at, updated_at, finished_at) VALUES "
            f"(7, {GUILD}, {CHANNEL}, 'short_changed', 'finished', 1, "
            "'{\"stalemate_rounds\": 50}', 600, '2026-01-01', '2026-01-01', '2026-01-01');"
            "INSERT INTO seats (table_id, seat, user_id, name, computer, joined_at) VALUES "
            "(7, 0, 1, 'Ann', NULL, '2026-01-01'), (7, 1, 2, 'Bo', NULL, '2026-01-01'), "
            "(7, 2, NULL, 'Computer 1 (easy)', 'easy', '2026-01-01');"
        )
        table_id = 7
        await migrate(db)
        service = TableService(db, CATALOG, Clock(), seeds=lambda: 1234)
        before = await service.get(table_id)
        assert before.rematch_of is None and before.reserved == ()
        rematch = await service.rematch(table_id, BO)
        assert rematch.opened and [p.name for p in rematch.lobby.kept_for] == ["Ann"]
        assert rematch.lobby.turn_seconds == 600
        assert rematch.lobby.options == {"stalemate_rounds": 50}
        assert [p.computer for p in rematch.lobby.seats] == [None, "easy"]
    finally:
        await db.close()


async def test_a_kept_seat_can_be_taken_back_when_a_bystander_opens_the_rematch(
    service: TableService,
) -> None:
    """Review: Ann played five computers at a full table; Dee, who did not play, presses
    Play again. The lobby says Ann's seat is kept, yet the five computers fill it."""
    finished = await ended(service, ANN, computers=5)
    rematch = await service.rematch(finished, DEE)
    assert [p.user_id for p in rematch.lobby.kept_for] == [ANN.user_id]
    joined = await service.join(rematch.lobby.id, ANN)  # TableError: "The table is full"
    assert joined.seat_of(ANN.user_id or 0) is not None
