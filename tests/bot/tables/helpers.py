"""Setting up tables in the service the way the tests need them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.tables.model import Player
from bot.tables.service import Change, TableService

GUILD, CHANNEL = 10, 20
ANN, BO, CY = Player("Ann", 1), Player("Bo", 2), Player("Cy", 3)


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)

    def now(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


class Recorder:
    def __init__(self) -> None:
        self.changes: list[Change] = []

    async def table_changed(self, change: Change) -> None:
        self.changes.append(change)


async def lobby(service: TableService, *players: Player, channel: int = CHANNEL) -> int:
    table = await service.open(
        guild_id=GUILD, channel_id=channel, game_key="short_changed", host=players[0]
    )
    for player in players[1:]:
        await service.join(table.id, player)
    return table.id


async def started(service: TableService, *players: Player, channel: int = CHANNEL) -> int:
    table_id = await lobby(service, *players, channel=channel)
    await service.start(table_id, players[0].user_id or 0)
    return table_id
