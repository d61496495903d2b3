"""All SQL about tables, seats and the event log."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiosqlite

from bot.storage.database import Database, Row
from bot.tables.model import Player, Table, TableStatus

__all__ = ["ChannelTaken", "StaleVersion", "TableRepository", "Turn"]


class ChannelTaken(Exception):
    """The channel already has a lobby or a running game."""


class StaleVersion(Exception):
    """The table moved on since the version the caller read."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One applied action, as the event log stores it."""

    seat: int
    action_json: str
    public_lines: tuple[str, ...]


_OPEN = (TableStatus.LOBBY.value, TableStatus.ACTIVE.value)


class TableRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    # -- reading ------------------------------------------------------------------------------

    async def get(self, table_id: int) -> Table | None:
        # One statement, not a second for the seats: every move reads its table a few
        # times, and each trip to the database thread costs more than the query.
        rows = await self._db.fetch_all(
            "SELECT tables.*, seats.seat AS seat_number, seats.name AS seat_name, "
            "seats.user_id AS seat_user_id, seats.computer AS seat_computer, "
            "seats.taken_over AS seat_taken_over, seats.away_streak AS seat_away_streak "
            "FROM tables LEFT JOIN seats ON seats.table_id = tables.id "
            "WHERE tables.id = ? ORDER BY seats.seat",
            (table_id,),
        )
        if not rows:
            return None
        players = tuple(
            Player(
                name=row["seat_name"],
                user_id=row["seat_user_id"],
                computer=row["seat_computer"],
                taken_over=bool(row["seat_taken_over"]),
                away_streak=int(row["seat_away_streak"]),
            )
            for row in rows
            if row["seat_number"] is not None
        )
        return _table(rows[0], players)

    async def open_in_channel(self, channel_id: int) -> Table | None:
        row = await self._db.fetch_one(
            "SELECT id FROM tables WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *_OPEN),
        )
        return None if row is None else await self.get(int(row["id"]))

    async def idle_since(self, status: TableStatus, before: datetime) -> list[int]:
        """Tables in ``status`` untouched since ``before`` (stale lobbies, idle games)."""
        rows = await self._db.fetch_all(
            "SELECT id FROM tables WHERE status = ? AND updated_at <= ? ORDER BY id",
            (status.value, before.isoformat()),
        )
        return [int(row["id"]) for row in rows]

    async def oldest_update(self, status: TableStatus) -> datetime | None:
        """When the least recently touched table in ``status`` was last touched."""
        row = await self._db.fetch_one(
            "SELECT MIN(updated_at) FROM tables WHERE status = ?", (status.value,)
        )
        return None if row is None or row[0] is None else datetime.fromisoformat(row[0])

    async def open_tables(self) -> list[Table]:
        """Every lobby and running game, oldest first (for start-up)."""
        rows = await self._db.fetch_all(
            "SELECT id FROM tables WHERE status IN (?, ?) ORDER BY id", _OPEN
        )
        tables = [await self.get(int(row["id"])) for row in rows]
        return [table for table in tables if table is not None]

    async def recent_lines(self, table_id: int, limit: int) -> list[str]:
        """The latest public event lines, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT public_lines FROM events WHERE table_id = ? ORDER BY version DESC LIMIT ?",
            (table_id, limit),
        )
        lines: list[str] = []
        for row in reversed(rows):
            lines.extend(json.loads(row["public_lines"]))
        return lines[-limit:]

    async def turns(self, table_id: int) -> list[Turn]:
        rows = await self._db.fetch_all(
            "SELECT seat, action_json, public_lines FROM events WHERE table_id = ? "
            "ORDER BY version",
            (table_id,),
        )
        return [
            Turn(int(row["seat"]), row["action_json"], tuple(json.loads(row["public_lines"])))
            for row in rows
        ]

    # -- lobbies ------------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_key: str,
        host: Player,
        options: dict[str, Any],
        turn_seconds: int,
        now: datetime,
    ) -> int:
        stamp = now.isoformat()
        try:
            async with self._db.transaction() as sql:
                cursor = await sql.execute(
                    "INSERT INTO tables (guild_id, channel_id, game_key, status, host_id, "
                    "options_json, turn_seconds, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game_key,
                        TableStatus.LOBBY.value,
                        host.user_id,
                        json.dumps(options),
                        turn_seconds,
                        stamp,
                        stamp,
                    ),
                )
                table_id = cursor.lastrowid
                assert table_id is not None
                await _insert_seat(sql, table_id, 0, host, stamp)
        except aiosqlite.IntegrityError as error:
            raise ChannelTaken from error
        return table_id

    async def set_seats(self, table_id: int, seats: Sequence[Player], now: datetime) -> None:
        """Replace the lobby's seats (joins and leaves renumber them in join order)."""
        stamp = now.isoformat()
        async with self._db.transaction() as sql:
            await sql.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            for seat, player in enumerate(seats):
                await _insert_seat(sql, table_id, seat, player, stamp)
            await sql.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (stamp, table_id))

    async def set_options(self, table_id: int, options: dict[str, Any], now: datetime) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "UPDATE tables SET options_json = ?, updated_at = ? WHERE id = ?",
                (json.dumps(options), now.isoformat(), table_id),
            )

    async def set_turn_seconds(self, table_id: int, seconds: int, now: datetime) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "UPDATE tables SET turn_seconds = ?, updated_at = ? WHERE id = ?",
                (seconds, now.isoformat(), table_id),
            )

    @staticmethod
    async def set_away(
        sql: aiosqlite.Connection, table_id: int, seat: int, *, streak: int, taken_over: bool
    ) -> None:
        """Record a seat's timeouts in a row, and whether the computer now plays it (AW1)."""
        await sql.execute(
            "UPDATE seats SET away_streak = ?, taken_over = ? WHERE table_id = ? AND seat = ?",
            (streak, int(taken_over), table_id, seat),
        )

    async def start(
        self, table_id: int, *, seed: int, options: dict[str, Any], state_json: str, now: datetime
    ) -> None:
        stamp = now.isoformat()
        async with self._db.transaction() as sql:
            await sql.execute(
                "UPDATE tables SET status = ?, seed = ?, options_json = ?, state_json = ?, "
                "version = 0, started_at = ?, updated_at = ? WHERE id = ? AND status = ?",
                (
                    TableStatus.ACTIVE.value,
                    seed,
                    json.dumps(options),
                    state_json,
                    stamp,
                    stamp,
                    table_id,
                    TableStatus.LOBBY.value,
                ),
            )

    @staticmethod
    async def close(
        sql: aiosqlite.Connection, table_id: int, status: TableStatus, now: datetime
    ) -> None:
        """Cancel a lobby or end a game early, inside the caller's transaction."""
        stamp = now.isoformat()
        await sql.execute(
            "UPDATE tables SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?",
            (status.value, stamp, stamp, table_id),
        )

    # -- playing ------------------------------------------------------------------------------

    @staticmethod
    async def save_turn(
        sql: aiosqlite.Connection,
        table_id: int,
        *,
        version: int,
        turn: Turn,
        state_json: str,
        outcome_json: str | None,
        now: datetime,
    ) -> None:
        """Save the new state and its event, if the table is still at ``version``.

        Runs inside the caller's transaction, so a result recorded with the
        final move commits with it or not at all.
        """
        stamp = now.isoformat()
        finished = outcome_json is not None
        cursor = await sql.execute(
            "UPDATE tables SET state_json = ?, version = version + 1, status = ?, "
            "outcome_json = ?, finished_at = ?, updated_at = ? "
            "WHERE id = ? AND version = ? AND status = ?",
            (
                state_json,
                (TableStatus.FINISHED if finished else TableStatus.ACTIVE).value,
                outcome_json,
                stamp if finished else None,
                stamp,
                table_id,
                version,
                TableStatus.ACTIVE.value,
            ),
        )
        if cursor.rowcount != 1:
            raise StaleVersion
        await sql.execute(
            "INSERT INTO events (table_id, version, seat, action_json, public_lines, "
            "acted_at) VALUES (?, ?, ?, ?, ?, ?)",
            (
                table_id,
                version + 1,
                turn.seat,
                turn.action_json,
                json.dumps(list(turn.public_lines)),
                stamp,
            ),
        )

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id)
            )

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        async with self._db.transaction() as sql:
            await sql.execute(
                "UPDATE tables SET ping_message_id = ? WHERE id = ?", (message_id, table_id)
            )


async def _insert_seat(
    sql: aiosqlite.Connection, table_id: int, seat: int, player: Player, stamp: str
) -> None:
    await sql.execute(
        "INSERT INTO seats (table_id, seat, user_id, name, computer, joined_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (table_id, seat, player.user_id, player.name, player.computer, stamp),
    )


def _when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _table(row: Row, seats: tuple[Player, ...]) -> Table:
    created = _when(row["created_at"])
    assert created is not None
    return Table(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        game_key=row["game_key"],
        status=TableStatus(row["status"]),
        host_id=int(row["host_id"]),
        options=json.loads(row["options_json"]),
        seats=seats,
        version=int(row["version"]),
        turn_seconds=int(row["turn_seconds"]),
        seed=row["seed"],
        state_json=row["state_json"],
        message_id=row["message_id"],
        ping_message_id=row["ping_message_id"],
        outcome_json=row["outcome_json"],
        created_at=created,
        started_at=_when(row["started_at"]),
        finished_at=_when(row["finished_at"]),
    )
