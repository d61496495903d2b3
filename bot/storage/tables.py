"""All SQL about tables, seats and the event log, and the cache of table rows in front of it.

Every click reads its table two or three times (the panel, the move, the public
table), and under load the trips to aiosqlite's thread cost more than the queries.
So the repository keeps the rows it has read, with each table's latest public
lines, and serves reads from memory. The database stays the truth: every write
here changes the cached row only once its transaction commits (``Database.
after_commit``, under the database lock), or forgets the row; a read that raced a
commit is not cached. This holds because only this process writes its tables:
with several processes (shards, see :mod:`bot.shards`) each plays only its own
servers' tables, and a move's version check would still refuse to save over a
row changed behind its back.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cache
from typing import Any

from bot.shards import UNSHARDED, Shards
from bot.storage.database import (
    INTEGRITY_ERRORS,
    Connection,
    Database,
    DatabaseUnavailable,
    Params,
    Row,
)
from bot.storage.group_commit import GroupCommit, SaveInterrupted
from bot.storage.shards import ours
from bot.tables.model import Player, RunningGame, Table, TableStatus

__all__ = [
    "AlreadyRematched",
    "ChannelTaken",
    "SaveInterrupted",
    "StaleVersion",
    "TableRepository",
    "Turn",
]

log = logging.getLogger(__name__)


class ChannelTaken(Exception):
    """The channel already has a lobby or a running game."""


class AlreadyRematched(Exception):
    """The finished game already has its rematch (one per game)."""


class StaleVersion(Exception):
    """The table moved on since the version the caller read."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One applied action, as the event log stores it."""

    seat: int
    action_json: str
    public_lines: tuple[str, ...]


_OPEN = (TableStatus.LOBBY.value, TableStatus.ACTIVE.value)

CACHE_SIZE = 4096
"""Table rows kept in memory, least recently used dropped first: more than the open
tables of a busy bot, at a few KiB each."""
RECENT_KEPT = 16
"""Public event lines kept with a cached row; reads of at most this many are served."""

ROW_IDS = range(1, 2**63)
"""The ids a table row can have: SQLite's row ids are positive 64-bit integers. A number
outside them (a forged button's) names no table, and must not reach SQLite, which cannot
even compare it (OverflowError)."""


MOVES_PER_STATEMENT = 200
"""At most this many waiting moves are saved by one statement (10 parameters each, well
under SQLite's limit of 32,766)."""


@dataclass(frozen=True, slots=True)
class _Move:
    """A move on its way to the file (see :meth:`TableRepository.save_turn`)."""

    params: tuple[Any, ...]
    """Its parameters of :data:`_MOVE`."""
    moved: Callable[[_Cached], None]
    """What its statement does to the cached row, applied once it commits."""


_MOVE = (
    "UPDATE tables SET state_json = ?, version = version + 1, status = ?, "
    "outcome_json = ?, finished_at = ?, updated_at = ?, "
    "turn_seat = ?, turn_action_json = ?, turn_public_lines = ? "
    "WHERE id = ? AND version = ? AND status = ?"
)
"""Save one move, if its table is still active at the version the move was made on."""
_MOVE_RETURNING_MESSAGES = f"{_MOVE} RETURNING message_id, ping_message_id"
""":data:`_MOVE` inside a caller's transaction, saying which message ids the row has (see
:meth:`TableRepository._save_inside`). The plain :data:`_MOVE` costs SQLite less: a
move made alone on a cached row takes its message ids from the cache."""


_TYPED_ROW = (
    "(CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), "
    "CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS INTEGER), "
    "CAST(? AS TEXT), CAST(? AS TEXT))"
)
"""The first row of the ``moves`` table for PostgreSQL, which takes a ``VALUES`` list's
column types from it (untyped parameters would all be text)."""


@cache
def _moves_statement(count: int, typed: bool = False) -> str:
    """Save ``count`` moves to as many tables in one statement, which returns the ids of
    the tables it changed (a table is left alone unless still active at the version
    its move was made on). The ``tables_log_turn`` trigger logs each row's turn.
    ``typed``: the first row says its columns' types (:data:`_TYPED_ROW`)."""
    plain = ["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * count
    rows = ", ".join([_TYPED_ROW, *plain[1:]] if typed else plain)
    return (
        "WITH moves(id, version, state_json, status, outcome_json, finished_at, updated_at, "
        f"turn_seat, turn_action_json, turn_public_lines) AS (VALUES {rows}) "
        "UPDATE tables SET state_json = moves.state_json, version = tables.version + 1, "
        "status = moves.status, outcome_json = moves.outcome_json, "
        "finished_at = moves.finished_at, updated_at = moves.updated_at, "
        "turn_seat = moves.turn_seat, turn_action_json = moves.turn_action_json, "
        "turn_public_lines = moves.turn_public_lines "
        "FROM moves WHERE tables.id = moves.id AND tables.version = moves.version "
        f"AND tables.status = '{TableStatus.ACTIVE.value}' RETURNING tables.id"
    )


@dataclass(slots=True)
class _Cached:
    table: Table
    recent: tuple[str, ...] | None = None
    """The table's last :data:`RECENT_KEPT` public lines (all, if it has fewer), once read."""


class TableRepository:
    def __init__(
        self, db: Database, *, cache_size: int = CACHE_SIZE, shards: Shards = UNSHARDED
    ) -> None:
        self._db = db
        self._shards = shards
        """Whose tables the queries over many tables find (see :mod:`bot.shards`)."""
        self._cache: OrderedDict[int, _Cached] = OrderedDict()
        self._cache_size = cache_size
        self._commits = 0
        """Committed changes to cached tables so far: a read that saw this change while
        it was out may hold an older row, and is not cached."""
        self._moves = GroupCommit[_Move](
            together=self._save_together,
            alone=self._save_alone,
            unknown=self._forget,
            most=MOVES_PER_STATEMENT,
        )
        """Moves made while another is on its way to the file wait, then go together."""

    # -- the cache ----------------------------------------------------------------------------

    def _cached(self, table_id: int) -> _Cached | None:
        entry = self._cache.get(table_id)
        if entry is not None:
            self._cache.move_to_end(table_id)
        return entry

    def _keep(self, entry: _Cached, commits: int) -> None:
        """Cache a row read when :attr:`_commits` was ``commits``, unless a commit came since."""
        if commits != self._commits or self._cache_size <= 0:
            return
        self._cache[entry.table.id] = entry
        self._cache.move_to_end(entry.table.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _on_commit(self, table_id: int, change: Callable[[_Cached], None] | None = None) -> None:
        """Once the open transaction commits: ``change`` the cached row, or forget it."""
        self._db.after_commit(lambda: self._committed(table_id, change))

    def _committed(self, table_id: int, change: Callable[[_Cached], None] | None) -> None:
        """A write to the table committed: ``change`` mirrors in memory exactly what its
        SQL did to the row; without one, the row is forgotten and read again when needed."""
        self._commits += 1
        entry = self._cache.get(table_id)
        if entry is None:
            return
        if change is None:
            del self._cache[table_id]
        else:
            change(entry)

    def _forget(self, table_id: int) -> None:
        """Drop the cached row, whose write may or may not have landed: it is read again
        from the file when next needed (and a read out meanwhile is not cached)."""
        self._commits += 1
        self._cache.pop(table_id, None)

    async def _write(
        self, table_id: int, sql: str, params: Params, change: Callable[[_Cached], None] | None
    ) -> int:
        """One statement that changes one table row, as its own transaction (one trip)."""

        def then(rows: int) -> None:
            if rows:
                self._committed(table_id, change)

        try:
            return await self._db.write(sql, params, then=then)
        except DatabaseUnavailable:
            self._forget(table_id)  # the connection broke: it may have committed
            raise
        except Exception:
            raise  # the statement failed whole: the cached row is still the committed one
        except BaseException:
            # Cancelled (the bot shutting down) with the statement perhaps on its way to
            # the database thread, where it runs all the same, without ``then``.
            self._forget(table_id)
            raise

    # -- reading ------------------------------------------------------------------------------

    async def get(self, table_id: int) -> Table | None:
        """The table's row, or ``None`` if there is no such table."""
        if table_id not in ROW_IDS:
            return None
        entry = self._cached(table_id)
        if entry is not None:
            return entry.table
        commits = self._commits
        table = await self._read(table_id)
        if table is not None:
            self._keep(_Cached(table), commits)
        return table

    async def _read(self, table_id: int) -> Table | None:
        # One statement, not a second for the seats: each trip to the database thread
        # costs more than the query.
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
        """This process's tables in ``status`` untouched since ``before`` (stale lobbies, idle
        games): a range of ``tables_by_status_update`` (``migrations/0012``)."""
        mine, params = ours(self._shards, "guild_id")
        rows = await self._db.fetch_all(
            f"SELECT id FROM tables WHERE status = ? AND updated_at <= ? AND {mine} ORDER BY id",
            (status.value, before.isoformat(), *params),
        )
        return [int(row["id"]) for row in rows]

    async def oldest_update(self, status: TableStatus) -> datetime | None:
        """When this process's least recently touched table in ``status`` was last touched:
        its first entry in ``tables_by_status_update`` (``migrations/0012``) of this
        process's servers. Asked in the index's order rather than as a ``MIN()``, which
        PostgreSQL may work out over every entry of the status."""
        mine, params = ours(self._shards, "guild_id")
        row = await self._db.fetch_one(
            f"SELECT updated_at FROM tables WHERE status = ? AND {mine} "
            "ORDER BY updated_at LIMIT 1",
            (status.value, *params),
        )
        return None if row is None else datetime.fromisoformat(row[0])

    async def with_bot_seats(self) -> list[int]:
        """This process's running games with a seat the bot plays (a computer player, or a
        seat taken over), by id: the only tables whose seats may wait on the bot.

        The running games come from ``tables_by_status_update``, and each is looked up in
        ``seats_played_by_bot`` (``migrations/0012``), which holds the bot's seats only: no
        finished game, nor any person's seat, is read."""
        mine, params = ours(self._shards, "guild_id")
        rows = await self._db.fetch_all(
            f"SELECT id FROM tables WHERE status = ? AND {mine} AND EXISTS (SELECT 1 FROM seats "
            "WHERE seats.table_id = tables.id "
            "AND (seats.computer IS NOT NULL OR seats.taken_over = 1)) ORDER BY id",
            (TableStatus.ACTIVE.value, *params),
        )
        return [int(row["id"]) for row in rows]

    async def guilds_playing(self) -> list[int]:
        """This process's servers with a running game (for start-up: no row loaded)."""
        mine, params = ours(self._shards, "guild_id")
        rows = await self._db.fetch_all(
            f"SELECT DISTINCT guild_id FROM tables WHERE status = ? AND {mine} ORDER BY guild_id",
            (TableStatus.ACTIVE.value, *params),
        )
        return [int(row["guild_id"]) for row in rows]

    async def running_games(
        self, guild_id: int, *, after: int = 0, limit: int = 256
    ) -> list[RunningGame]:
        """A page of a server's running games, where they are, by id after ``after``: an
        indexed read that loads no row (for start-up)."""
        rows = await self._db.fetch_all(
            "SELECT id, channel_id FROM tables WHERE guild_id = ? AND status = ? AND id > ? "
            "ORDER BY id LIMIT ?",
            (guild_id, TableStatus.ACTIVE.value, after, limit),
        )
        return [RunningGame(int(row["id"]), guild_id, int(row["channel_id"])) for row in rows]

    async def open_tables(self) -> list[Table]:
        """This process's lobbies and running games, oldest first (for start-up)."""
        mine, params = ours(self._shards, "guild_id")
        rows = await self._db.fetch_all(
            f"SELECT id FROM tables WHERE status IN (?, ?) AND {mine} ORDER BY id",
            (*_OPEN, *params),
        )
        tables = [await self.get(int(row["id"])) for row in rows]
        return [table for table in tables if table is not None]

    async def recent_lines(self, table_id: int, limit: int) -> list[str]:
        """The latest public event lines, oldest first."""
        if table_id not in ROW_IDS:
            return []
        entry = self._cached(table_id)
        if entry is not None and entry.recent is not None and limit <= RECENT_KEPT:
            return list(entry.recent[-limit:]) if limit > 0 else []
        commits = self._commits
        lines = await self._read_recent(table_id, max(limit, RECENT_KEPT))
        entry = self._cached(table_id)
        if entry is not None and commits == self._commits:
            entry.recent = tuple(lines[-RECENT_KEPT:])
        return lines[-limit:] if limit > 0 else []

    async def _read_recent(self, table_id: int, limit: int) -> list[str]:
        # Skipping the events nobody saw (a private draw stores no public line), the last
        # ``limit`` events hold at least the last ``limit`` lines.
        rows = await self._db.fetch_all(
            "SELECT public_lines FROM events WHERE table_id = ? AND public_lines != '[]' "
            "ORDER BY version DESC LIMIT ?",
            (table_id, limit),
        )
        lines: list[str] = []
        for row in reversed(rows):
            lines.extend(json.loads(row["public_lines"]))
        return lines[-limit:]

    async def turns(self, table_id: int) -> list[Turn]:
        if table_id not in ROW_IDS:
            return []
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
        others: Sequence[Player] = (),
        rematch_of: int | None = None,
        reserved: Sequence[Player] = (),
        practice: bool = False,
    ) -> int:
        """A new lobby hosted by ``host``, with ``others`` seated after them (a rematch's
        computer players). ``ChannelTaken`` if the channel has an open table,
        ``AlreadyRematched`` if ``rematch_of`` has its rematch already."""
        stamp = now.isoformat()
        kept = json.dumps([[player.user_id, player.name] for player in reserved])
        try:
            async with self._db.transaction() as sql:
                created = await sql.execute_fetchall(
                    "INSERT INTO tables (guild_id, channel_id, game_key, status, host_id, "
                    "options_json, turn_seconds, created_at, updated_at, rematch_of, "
                    "reserved_json, practice) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
                        rematch_of,
                        kept,
                        int(practice),
                    ),
                )
                ((table_id,),) = created
                table_id = int(table_id)
                for seat, player in enumerate([host, *others]):
                    await _insert_seat(sql, table_id, seat, player, stamp)
                self._on_commit(table_id)
        except INTEGRITY_ERRORS as error:
            # SQLite names the column, PostgreSQL the index (tables_one_rematch).
            if "rematch" in str(error):
                raise AlreadyRematched from error
            raise ChannelTaken from error
        return table_id

    async def rematch_of(self, table_id: int) -> Table | None:
        """The lobby (or game, since) opened to replay the finished game ``table_id``."""
        row = await self._db.fetch_one("SELECT id FROM tables WHERE rematch_of = ?", (table_id,))
        return None if row is None else await self.get(int(row["id"]))

    async def set_seats(self, table_id: int, seats: Sequence[Player], now: datetime) -> None:
        """Replace the lobby's seats (joins and leaves renumber them in join order)."""
        stamp = now.isoformat()
        async with self._db.transaction() as sql:
            await _replace_seats(sql, table_id, seats, stamp)
            await sql.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (stamp, table_id))
            self._on_commit(table_id)

    async def hand_over(
        self,
        table_id: int,
        *,
        host_id: int,
        heir_id: int,
        seats: Sequence[Player],
        now: datetime,
    ) -> None:
        """Make ``heir_id`` the lobby's host in place of ``host_id``, with ``seats``.

        Raises :class:`StaleVersion`, changing nothing, unless ``host_id`` still hosts
        the lobby in the file: the service checked its cached row under the table's
        lock, so only a row changed behind the cache fails here, and it is read again.
        """
        stamp = now.isoformat()
        try:
            async with self._db.transaction() as sql:
                cursor = await sql.execute(
                    "UPDATE tables SET host_id = ?, updated_at = ? "
                    "WHERE id = ? AND host_id = ? AND status = ?",
                    (heir_id, stamp, table_id, host_id, TableStatus.LOBBY.value),
                )
                if cursor.rowcount != 1:
                    raise StaleVersion
                await _replace_seats(sql, table_id, seats, stamp)
                self._on_commit(table_id)
        except StaleVersion:
            self._forget(table_id)
            raise

    async def set_options(self, table_id: int, options: dict[str, Any], now: datetime) -> None:
        await self._write(
            table_id,
            "UPDATE tables SET options_json = ?, updated_at = ? WHERE id = ?",
            (json.dumps(options), now.isoformat(), table_id),
            None,
        )

    async def set_turn_seconds(self, table_id: int, seconds: int, now: datetime) -> None:
        await self._write(
            table_id,
            "UPDATE tables SET turn_seconds = ?, updated_at = ? WHERE id = ?",
            (seconds, now.isoformat(), table_id),
            None,
        )

    async def set_away(
        self,
        sql: Connection,
        table_id: int,
        seat: int,
        *,
        streak: int,
        taken_over: bool,
    ) -> None:
        """Record a seat's timeouts in a row, and whether the computer now plays it (AW1)."""
        await sql.execute(
            "UPDATE seats SET away_streak = ?, taken_over = ? WHERE table_id = ? AND seat = ?",
            (streak, int(taken_over), table_id, seat),
        )

        def mark(entry: _Cached) -> None:
            seats = entry.table.seats
            player = replace(seats[seat], away_streak=streak, taken_over=taken_over)
            entry.table = replace(entry.table, seats=(*seats[:seat], player, *seats[seat + 1 :]))

        self._on_commit(table_id, mark)

    async def start(
        self, table_id: int, *, seed: int, options: dict[str, Any], state_json: str, now: datetime
    ) -> None:
        stamp = now.isoformat()
        await self._write(
            table_id,
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
            None,
        )

    async def close(
        self, sql: Connection, table_id: int, status: TableStatus, now: datetime
    ) -> None:
        """Cancel a lobby or end a game early, inside the caller's transaction."""
        stamp = now.isoformat()
        await sql.execute(
            "UPDATE tables SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?",
            (status.value, stamp, stamp, table_id),
        )
        self._on_commit(table_id)

    # -- playing ------------------------------------------------------------------------------

    async def save_turn(
        self,
        table: Table,
        *,
        turn: Turn,
        state_json: str,
        outcome_json: str | None,
        now: datetime,
        sql: Connection | None = None,
    ) -> Table:
        """Save a move made on ``table`` (its seats as the move leaves them): the new state
        and its event, if the table is still at ``table.version``; the row as it committed.

        One statement does both (the ``tables_log_turn`` trigger writes the event), as
        a transaction of its own; or, given ``sql``, inside the caller's transaction,
        so that what else a move changes (a result, an away seat) commits with it.

        Without ``sql``, moves made at other tables while a save is on its way to the
        database wait, and are then saved together by one statement (a group commit,
        :mod:`bot.storage.group_commit`); each still succeeds or fails on its own account.
        """
        stamp = now.isoformat()
        finished = outcome_json is not None
        status = TableStatus.FINISHED if finished else TableStatus.ACTIVE
        params = (
            state_json,
            status.value,
            outcome_json,
            stamp if finished else None,
            stamp,
            turn.seat,
            turn.action_json,
            json.dumps(list(turn.public_lines)),
            table.id,
            table.version,
            TableStatus.ACTIVE.value,
        )

        def after(row: Table) -> Table:
            """``row`` with what the move's statement changes, and nothing else."""
            return replace(
                row,
                seats=table.seats,
                state_json=state_json,
                version=table.version + 1,
                status=status,
                outcome_json=outcome_json,
                finished_at=now if finished else None,
            )

        saved: Table | None = None

        def moved(entry: _Cached) -> None:
            nonlocal saved
            if entry.table.version != table.version:  # never expected: forget, don't guess
                del self._cache[table.id]
                return
            # From the cached row as it is at the commit, not as it was when the move was
            # made: the board records message ids without the table's lock, and theirs
            # may have committed while this move waited for the database.
            saved = entry.table = after(entry.table)
            if entry.recent is not None:
                entry.recent = (*entry.recent, *turn.public_lines)[-RECENT_KEPT:]

        if sql is not None:
            return await self._save_inside(sql, table, params, moved, after)
        if not await self._moves.save(table.id, _Move(params, moved)):
            raise self._stale(table.id)
        return saved if saved is not None else await self._read_back(after(table))

    async def _save_inside(
        self,
        sql: Connection,
        table: Table,
        params: tuple[Any, ...],
        moved: Callable[[_Cached], None],
        after: Callable[[Table], Table],
    ) -> Table:
        """Save a move inside the caller's transaction: the row as its commit will leave it.

        The transaction holds the database lock until it commits, so nothing else changes
        the row meanwhile. The statement says which message ids the row has: ``table``
        may have older ones (the board records them without the table's lock), and its
        row may not be cached to say.
        """
        stored = list(await sql.execute_fetchall(_MOVE_RETURNING_MESSAGES, params))
        if not stored:
            raise self._stale(table.id)
        self._on_commit(table.id, moved)
        ((message_id, ping_message_id),) = stored
        return after(replace(table, message_id=message_id, ping_message_id=ping_message_id))

    async def _read_back(self, moved: Table) -> Table:
        """The row of a move that committed while it was not cached (dropped for room), so
        that no cached row was moved and the caller's may have older message ids than
        the file. A trip only here, never for a move on a cached row; and the row is
        cached again for the table's next move.

        The move is in the file by now, so a failed read must not report it as failed
        (the player would be told nothing changed, and the table not redrawn): ``moved``,
        the caller's row as the move left it, is returned instead. Its message ids may be
        older than the file's; the next read of the table has the file's."""
        try:
            stored = await self.get(moved.id)
        except Exception:  # any failure: the commit stands regardless
            log.warning("table %s: reading back a saved move failed", moved.id, exc_info=True)
            return moved
        assert stored is not None, "tables are never deleted"
        return stored

    def _stale(self, table_id: int) -> StaleVersion:
        """The move's statement found the table at another version than the move's."""
        # The file is not at the version the cached row says (another process moved the
        # table, or a cancelled write left the cache behind): read it again, or every
        # later move would be refused the same way.
        self._forget(table_id)
        return StaleVersion()

    async def _save_alone(self, table_id: int, move: _Move) -> bool:
        """Save one move by the plain statement; whether its table was at its version."""
        try:
            return bool(await self._write(table_id, _MOVE, move.params, move.moved))
        except DatabaseUnavailable:
            return await self._after_loss(table_id, move)

    async def _after_loss(self, table_id: int, move: _Move) -> bool:
        """Whether a move whose connection broke on the way (PostgreSQL) is saved now.

        Only the server knew whether its statement committed, so the event log is asked:
        the move's event at its version, by its seat, with its action, means it did.
        Otherwise nothing of it was written (a statement commits whole or not at all), and
        it is saved again once; the version check keeps that from applying it twice. A
        second break is the player's to retry (:class:`DatabaseUnavailable`).
        """
        self._forget(table_id)
        seat, action_json, version = move.params[5], move.params[6], move.params[9]
        logged = await self._db.fetch_one(
            "SELECT seat, action_json FROM events WHERE table_id = ? AND version = ?",
            (table_id, version + 1),
        )
        if logged is not None:
            return bool(logged["seat"] == seat and logged["action_json"] == action_json)
        log.warning("table %s: a move's connection broke before it landed; saving again", table_id)
        return bool(await self._write(table_id, _MOVE, move.params, move.moved))

    async def _save_together(self, by_table: dict[int, _Move]) -> set[int]:
        """Save these moves (one per table) by one statement; the tables it changed."""
        if len(by_table) == 1:  # the plain statement costs SQLite less than the join below
            ((table_id, move),) = by_table.items()
            return {table_id} if await self._save_alone(table_id, move) else set()

        def then(rows: list[Row]) -> None:
            for (table_id,) in rows:
                self._committed(table_id, by_table[table_id].moved)

        # Each move's row of the ``moves`` table: its table and version, then the values.
        values = [
            value for move in by_table.values() for value in (*move.params[8:10], *move.params[:8])
        ]
        statement = _moves_statement(len(by_table), self._db.backend == "postgresql")
        try:
            rows = await self._db.write_returning(statement, values, then=then)
        except DatabaseUnavailable:
            return {key for key, move in by_table.items() if await self._after_loss(key, move)}
        return {table_id for (table_id,) in rows}

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        def posted(entry: _Cached) -> None:
            entry.table = replace(entry.table, message_id=message_id)

        await self._write(
            table_id,
            "UPDATE tables SET message_id = ? WHERE id = ?",
            (message_id, table_id),
            posted,
        )

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        def pinged(entry: _Cached) -> None:
            entry.table = replace(entry.table, ping_message_id=message_id)

        await self._write(
            table_id,
            "UPDATE tables SET ping_message_id = ? WHERE id = ?",
            (message_id, table_id),
            pinged,
        )


_INSERT_SEAT = (
    "INSERT INTO seats (table_id, seat, user_id, name, computer, joined_at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)


def _seat_row(table_id: int, seat: int, player: Player, stamp: str) -> tuple[object, ...]:
    return (table_id, seat, player.user_id, player.name, player.computer, stamp)


async def _replace_seats(
    sql: Connection, table_id: int, seats: Sequence[Player], stamp: str
) -> None:
    await sql.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    # Every seat in one trip: another shard waits for this transaction's lock.
    await sql.executemany(
        _INSERT_SEAT,
        [_seat_row(table_id, seat, player, stamp) for seat, player in enumerate(seats)],
    )


async def _insert_seat(
    sql: Connection, table_id: int, seat: int, player: Player, stamp: str
) -> None:
    await sql.execute(_INSERT_SEAT, _seat_row(table_id, seat, player, stamp))


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
        rematch_of=row["rematch_of"],
        practice=bool(row["practice"]),
        reserved=tuple(
            Player(name=name, user_id=user_id) for user_id, name in json.loads(row["reserved_json"])
        ),
    )
