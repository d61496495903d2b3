"""All SQL about results, ratings, leaderboards and board resets."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime

from bot.ratings import BoardRating, Rating
from bot.results import BoardRow, GameResult, PlayerStats, SeatResult, SortKey
from bot.storage.database import Connection, Database, Row

__all__ = ["ResultsRepository"]

_ORDER: dict[SortKey, str] = {
    "rating": "(mu - 3 * sigma) DESC, wins DESC, games DESC",
    "wins": "wins DESC, (mu - 3 * sigma) DESC, games DESC",
    "games": "games DESC, wins DESC, (mu - 3 * sigma) DESC",
}


class ResultsRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    # -- writing, inside the caller's transaction ---------------------------------------------

    @staticmethod
    async def ratings_of(
        sql: Connection, guild_id: int, game_key: str, user_ids: Iterable[int]
    ) -> dict[int, Rating]:
        wanted = list(user_ids)
        marks = ",".join("?" * len(wanted))
        # One trip to the connection's thread (not execute, fetch, close): this runs inside the
        # final move's transaction, and another shard waits for its write lock meanwhile.
        rows = await sql.execute_fetchall(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game_key = ? "
            f"AND user_id IN ({marks})",
            (guild_id, game_key, *wanted),
        )
        return {int(row[0]): Rating(float(row[1]), float(row[2])) for row in rows}

    @staticmethod
    async def record(
        sql: Connection,
        result: GameResult,
        new_ratings: Mapping[int, Rating],
        now: datetime,
    ) -> None:
        """Store a result and, when rated, move its players on the board."""
        await sql.execute(
            "INSERT INTO results (table_id, guild_id, game_key, rated, unrated_reason, "
            "ended_early, options_json, started_at, finished_at, duration_s) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                result.table_id,
                result.guild_id,
                result.game_key,
                int(result.rated),
                result.unrated_reason,
                int(result.ended_early),
                json.dumps(result.options),
                result.started_at.isoformat(),
                result.finished_at.isoformat(),
                result.duration_s,
            ),
        )
        # All the seats in one trip (executemany), and the ratings below too: see ratings_of.
        await sql.executemany(
            "INSERT INTO result_seats (table_id, seat, user_id, name, computer, place, "
            "score, taken_over, rating_before, rating_after) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    result.table_id,
                    seat.seat,
                    seat.user_id,
                    seat.name,
                    seat.computer,
                    seat.place,
                    seat.score,
                    int(seat.taken_over),
                    seat.rating_before,
                    seat.rating_after,
                )
                for seat in result.seats
            ],
        )
        if not result.rated:
            return
        stamp = now.isoformat()
        await sql.executemany(
            "INSERT INTO ratings (guild_id, game_key, user_id, name, mu, sigma, games, "
            "wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) "
            "ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET "
            "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
            "games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "updated_at = excluded.updated_at",
            [
                (
                    result.guild_id,
                    result.game_key,
                    seat.user_id,
                    seat.name,
                    new_ratings[seat.user_id].mu,
                    new_ratings[seat.user_id].sigma,
                    int(seat.won),
                    stamp,
                )
                for seat in result.seats
                if seat.user_id is not None and seat.user_id in new_ratings
            ],
        )

    async def reset(self, guild_id: int, game_key: str | None, reset_by: int, now: datetime) -> int:
        """Clear one game's board (or every board); returns how many players were on it."""
        async with self._db.transaction() as sql:
            if game_key is None:
                cursor = await sql.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            else:
                cursor = await sql.execute(
                    "DELETE FROM ratings WHERE guild_id = ? AND game_key = ?", (guild_id, game_key)
                )
            cleared = cursor.rowcount
            await sql.execute(
                "INSERT INTO board_resets (guild_id, game_key, reset_by, reset_at) "
                "VALUES (?, ?, ?, ?)",
                (guild_id, game_key, reset_by, now.isoformat()),
            )
        return cleared

    # -- reading ------------------------------------------------------------------------------

    async def board(
        self, guild_id: int, game_key: str, sort: SortKey, *, offset: int, limit: int
    ) -> tuple[list[BoardRow], int]:
        """One page of a game's board, and how many players it has in all."""
        rows = await self._db.fetch_all(
            f"SELECT user_id, name, mu, sigma, games, wins FROM ratings "
            f"WHERE guild_id = ? AND game_key = ? ORDER BY {_ORDER[sort]}, user_id "
            f"LIMIT ? OFFSET ?",
            (guild_id, game_key, limit, offset),
        )
        total = await self._db.fetch_one(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_key = ?", (guild_id, game_key)
        )
        return [_board_row(row) for row in rows], int(total[0]) if total else 0

    async def stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """A member's record per game on this server: finished games, wins, best, rating."""
        rows = await self._db.fetch_all(
            # A game the computer finished for the member (AW1) counts as played, but its
            # place and score are the computer's: no win, no best (SeatResult.won).
            "SELECT r.game_key, COUNT(*) AS games, "
            "SUM(CASE WHEN s.place = 1 AND s.taken_over = 0 THEN 1 ELSE 0 END) AS wins, "
            "MIN(CASE WHEN s.taken_over = 0 THEN s.place END) AS best_place, "
            "MAX(CASE WHEN s.taken_over = 0 THEN s.score END) AS best_score "
            "FROM result_seats s JOIN results r ON r.table_id = s.table_id "
            "WHERE r.guild_id = ? AND s.user_id = ? AND r.ended_early = 0 "
            "GROUP BY r.game_key ORDER BY games DESC, r.game_key",
            (guild_id, user_id),
        )
        stats = []
        for row in rows:
            # The place the board shows (board(), by rating): ties go the board's way.
            rating = await self._db.fetch_one(
                "SELECT mu, sigma, games, place FROM (SELECT user_id, mu, sigma, games, "
                "ROW_NUMBER() OVER "
                f"(ORDER BY {_ORDER['rating']}, user_id) AS place FROM ratings "
                "WHERE guild_id = ? AND game_key = ?) AS board WHERE user_id = ?",
                (guild_id, row["game_key"], user_id),
            )
            stats.append(
                PlayerStats(
                    game_key=row["game_key"],
                    games=int(row["games"]),
                    wins=int(row["wins"] or 0),
                    best_place=row["best_place"],
                    best_score=row["best_score"],
                    rating=None
                    if rating is None
                    else BoardRating(float(rating[0]), float(rating[1]), int(rating[2])),
                    rank=None if rating is None else int(rating[3]),
                )
            )
        return stats

    async def history(
        self, guild_id: int, *, offset: int, limit: int
    ) -> tuple[list[GameResult], int]:
        """The server's most recent results, newest first, and how many there are."""
        rows = await self._db.fetch_all(
            "SELECT * FROM results WHERE guild_id = ? ORDER BY finished_at DESC, table_id DESC "
            "LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        total = await self._db.fetch_one(
            "SELECT COUNT(*) FROM results WHERE guild_id = ?", (guild_id,)
        )
        results = []
        for row in rows:
            seats = await self._db.fetch_all(
                "SELECT * FROM result_seats WHERE table_id = ? ORDER BY seat", (row["table_id"],)
            )
            results.append(_result(row, seats))
        return results, int(total[0]) if total else 0

    async def last_reset(self, guild_id: int) -> tuple[str | None, int, datetime] | None:
        row = await self._db.fetch_one(
            "SELECT game_key, reset_by, reset_at FROM board_resets WHERE guild_id = ? "
            "ORDER BY id DESC LIMIT 1",
            (guild_id,),
        )
        if row is None:
            return None
        return row["game_key"], int(row["reset_by"]), datetime.fromisoformat(row["reset_at"])

    async def players(self, guild_id: int, *, limit: int = 500) -> list[tuple[int, str]]:
        """The people with a result on this server, most recently played first, each with
        the name they last played under."""
        rows = await self._db.fetch_all(
            # Each person's latest result: the name they played under there.
            "SELECT user_id, name FROM (SELECT s.user_id, s.name, r.finished_at, "
            "ROW_NUMBER() OVER (PARTITION BY s.user_id "
            "ORDER BY r.finished_at DESC, r.table_id DESC) AS latest FROM result_seats s "
            "JOIN results r ON r.table_id = s.table_id "
            "WHERE r.guild_id = ? AND s.user_id IS NOT NULL) AS played "
            "WHERE latest = 1 ORDER BY finished_at DESC, user_id LIMIT ?",
            (guild_id, limit),
        )
        return [(int(row["user_id"]), str(row["name"])) for row in rows]

    async def most_played(self, guild_id: int) -> str | None:
        row = await self._db.fetch_one(
            "SELECT game_key FROM ratings WHERE guild_id = ? GROUP BY game_key "
            "ORDER BY SUM(games) DESC LIMIT 1",
            (guild_id,),
        )
        return None if row is None else str(row[0])


def _board_row(row: Row) -> BoardRow:
    return BoardRow(
        user_id=int(row["user_id"]),
        name=row["name"],
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
    )


def _result(row: Row, seats: list[Row]) -> GameResult:
    return GameResult(
        table_id=int(row["table_id"]),
        guild_id=int(row["guild_id"]),
        game_key=row["game_key"],
        rated=bool(row["rated"]),
        unrated_reason=row["unrated_reason"],
        ended_early=bool(row["ended_early"]),
        options=json.loads(row["options_json"]),
        started_at=datetime.fromisoformat(row["started_at"]),
        finished_at=datetime.fromisoformat(row["finished_at"]),
        seats=tuple(
            SeatResult(
                seat=int(seat["seat"]),
                user_id=seat["user_id"],
                name=seat["name"],
                computer=seat["computer"],
                place=seat["place"],
                score=seat["score"],
                taken_over=bool(seat["taken_over"]),
                rating_before=seat["rating_before"],
                rating_after=seat["rating_after"],
            )
            for seat in seats
        ),
    )
