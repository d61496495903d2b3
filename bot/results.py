"""What a finished (or ended) game leaves behind: its result, and whether it is rated."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from bot.guilds import GuildSettings
from bot.ratings import BoardRating
from bot.tables.model import Table
from games.core.game import Outcome
from games.core.registry import AnyGame

__all__ = [
    "BoardRow",
    "GameResult",
    "PlayerStats",
    "SeatResult",
    "SortKey",
    "ratable",
    "rating_blocker",
]

SortKey = Literal["rating", "wins", "games"]


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    user_id: int | None
    name: str
    computer: str | None
    place: int | None
    """``None`` when the game was ended early."""
    score: int | None
    taken_over: bool
    rating_before: float | None = None
    rating_after: float | None = None

    @property
    def won(self) -> bool:
        """Whether this counts as a win on the board and in ``/tricky stats``: first place
        (shared places included), played to the end by the seat's own player. A seat the
        computer took over (AW1) gets no win even when the computer brought it home first,
        just as its rating counts it behind every seat that stayed."""
        return self.place == 1 and not self.taken_over


@dataclass(frozen=True, slots=True)
class GameResult:
    table_id: int
    guild_id: int
    game_key: str
    rated: bool
    unrated_reason: str | None
    ended_early: bool
    options: dict[str, Any]
    started_at: datetime
    finished_at: datetime
    seats: tuple[SeatResult, ...]

    @property
    def duration_s(self) -> int:
        return max(0, round((self.finished_at - self.started_at).total_seconds()))

    @property
    def winners(self) -> tuple[SeatResult, ...]:
        return tuple(seat for seat in self.seats if seat.place == 1)


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of a leaderboard."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def rating(self) -> BoardRating:
        return BoardRating(self.mu, self.sigma, self.games)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A member's record in one game on one server."""

    game_key: str
    games: int
    wins: int
    best_place: int | None
    best_score: int | None
    rating: BoardRating | None
    """The member's rating on the current board, if there is one."""
    rank: int | None
    """Place on the current board, if rated."""


def ratable(game: AnyGame) -> bool:
    """Whether a game can be rated at all: one played alone never is."""
    return game.max_seats > 1


def rating_blocker(
    game: AnyGame, table: Table, settings: GuildSettings, *, ended_early: bool
) -> str | None:
    """Why this game is not rated, or ``None`` if it is (issue 7, AW2)."""
    people = [player for player in table.seats if not player.is_computer]
    if ended_early:
        return "ended before the finish"
    if not settings.leaderboard:
        return "the leaderboard is off on this server"
    if not ratable(game) or len(people) < 2:
        return "played alone"
    if game.key in settings.unrated_games:
        return f"{game.title} is not rated on this server"
    if any(player.is_computer for player in table.seats) and not settings.rate_computer_games:
        return "a computer player took part"
    return None


def seat_results(table: Table, outcome: Outcome | None) -> tuple[SeatResult, ...]:
    return tuple(
        SeatResult(
            seat=seat,
            user_id=player.user_id,
            name=player.name,
            computer=player.computer,
            place=None if outcome is None else outcome.places[seat],
            score=None if outcome is None else outcome.scores[seat],
            taken_over=player.taken_over,
        )
        for seat, player in enumerate(table.seats)
    )
