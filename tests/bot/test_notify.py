"""Direct messages (bot.notify): the bot-wide limit, and the refusals it remembers."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.guilds import GuildSettingsService
from bot.notify import (
    OVERALL,
    OVERALL_WINDOW,
    RETRY_CLOSED_AFTER,
    Delivery,
    RateLimit,
    TurnMessages,
)
from bot.preferences import PreferencesService
from bot.storage.database import Database
from bot.storage.direct_messages import UndeliveredRepository
from bot.storage.guilds import GuildSettingsRepository
from bot.storage.migrations import discover, migrate
from bot.storage.preferences import PreferencesRepository
from bot.tables.model import Player, Table, TableStatus
from bot.tables.service import Change, TableService
from games.catalog import CATALOG

START = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@dataclass
class Now:
    at: datetime = START

    def __call__(self) -> datetime:
        return self.at

    def now(self) -> datetime:
        return self.at


@dataclass
class Port:
    """Records what would be sent; answers as a member's DMs would."""

    closed: set[int] = field(default_factory=set)
    sent: list[tuple[int, str]] = field(default_factory=list)

    async def send(self, user_id: int, text: str) -> Delivery:
        if user_id in self.closed:
            return "closed"
        self.sent.append((user_id, text))
        return "sent"

    def table_link(self, table: Table) -> str | None:
        return f"link-{table.id}"


def finished(table_id: int, users: list[int]) -> Table:
    places = [1] + [2] * (len(users) - 1)
    return Table(
        id=table_id,
        guild_id=9,
        channel_id=table_id,
        game_key="fraud",
        status=TableStatus.FINISHED,
        host_id=users[0],
        options={},
        seats=tuple(Player(f"p{user}", user) for user in users),
        version=10,
        turn_seconds=3600,
        seed=1,
        state_json=None,
        message_id=None,
        ping_message_id=None,
        outcome_json=json.dumps({"places": places, "scores": [0] * len(users)}),
        created_at=START,
        started_at=START,
        finished_at=START,
    )


async def messenger(db: Database, now: Now, port: Port) -> TurnMessages:
    preferences = PreferencesService(PreferencesRepository(db), now)
    for user in range(1, 41):
        async with preferences.editing(user, None) as chosen:
            chosen.result_dm = True
    tables = TableService(db, CATALOG, now)
    settings = GuildSettingsService(GuildSettingsRepository(db), CATALOG, now)
    messages = TurnMessages(tables, settings, preferences, UndeliveredRepository(db), now)
    messages.connect(port)
    return messages


async def test_the_bot_sends_no_more_than_its_overall_limit(db: Database) -> None:
    now, port = Now(), Port()
    messages = await messenger(db, now, port)
    for table in range(5):  # 25 players, each wanting their result
        users = list(range(1 + 5 * table, 6 + 5 * table))
        await messages.table_changed(Change(finished(table + 1, users), "finished"))
    await messages.drain()
    assert len(port.sent) == OVERALL
    assert "p1 won" in port.sent[0][1] and "link-1" in port.sent[0][1]
    now.at += OVERALL_WINDOW
    await messages.table_changed(Change(finished(9, [31, 32]), "finished"))
    await messages.drain()
    assert [user for user, _ in port.sent[OVERALL:]] == [31, 32]


async def test_closed_dms_are_not_tried_again_for_a_while_and_noted_once(db: Database) -> None:
    now, port = Now(), Port(closed={1})
    messages = await messenger(db, now, port)
    await messages.table_changed(Change(finished(1, [1, 2]), "finished"))
    await messages.drain()
    assert [user for user, _ in port.sent] == [2]
    assert await messages.take_undelivered_note(1)
    assert not await messages.take_undelivered_note(1)  # once
    assert not await messages.take_undelivered_note(2)
    port.closed.clear()  # they open their DMs; not tried until a day has passed
    now.at += RETRY_CLOSED_AFTER - timedelta(minutes=1)
    await messages.table_changed(Change(finished(2, [1, 2]), "finished"))
    await messages.drain()
    assert [user for user, _ in port.sent] == [2, 2]
    now.at += timedelta(minutes=2)
    await messages.table_changed(Change(finished(3, [1, 3]), "finished"))
    await messages.drain()
    assert [user for user, _ in port.sent][-2:] == [1, 3]
    assert await UndeliveredRepository(db).refused_since(1) is None  # delivered: forgotten


def test_a_rate_limit_slides() -> None:
    limit = RateLimit(2, timedelta(minutes=1))
    assert limit.allow(START) and limit.allow(START + timedelta(seconds=30))
    assert not limit.allow(START + timedelta(seconds=59))
    assert limit.allow(START + timedelta(seconds=60))
    assert not limit.allow(START + timedelta(seconds=61))


async def test_direct_messages_migration_applies_to_a_database_made_by_the_previous_version(
    tmp_path: Path,
) -> None:
    mine = next(m for m in discover() if m.name == "direct_messages")
    db = await Database.open(tmp_path / "t.db")
    try:
        await migrate(db, [m for m in discover() if m.version < mine.version])
        await db.execute_script(
            "INSERT INTO player_preferences VALUES (1, 0, '{\"turn_dm\": true}', '2026-01-01');"
        )
        await migrate(db)
        undelivered = UndeliveredRepository(db)
        await undelivered.refused(1, START)
        assert await undelivered.refused_since(1) == START
        row = await db.fetch_one("SELECT preferences_json FROM player_preferences")
        assert row is not None and row["preferences_json"] == '{"turn_dm": true}'
    finally:
        await db.close()
