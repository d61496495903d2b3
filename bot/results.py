"""What a finished (or ended) game leaves behind: its result, and whether it is rated."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from bot.guilds import GuildSettings
from bot.ratings import BoardRating
from bot.tables.model import Table
from games.core.game import Outcome
from games.core.registry import AnyGame
from games.core.wording import tr

if TYPE_CHECKING:
    from bot.storage.results import ResultsRepository

__all__ = [
    "BoardReset",
    "BoardRow",
    "GameResult",
    "PlayerStats",
    "ResultsService",
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


@dataclass(frozen=True, slots=True)
class BoardReset:
    """The last time a moderator cleared a board."""

    game_key: str | None
    """``None``: every board at once."""
    reset_by: int
    reset_at: datetime


class ResultsService:
    """What finished games left behind on a server: its boards, records and history.

    The table service records each result as its game ends (in the final move's
    transaction); this is how cogs read them, and how moderators clear a board.
    """

    def __init__(self, repository: ResultsRepository, now: Callable[[], datetime]) -> None:
        self._repository = repository
        self._now = now

    async def board(
        self, guild_id: int, game_key: str, sort: SortKey, *, offset: int, limit: int
    ) -> tuple[list[BoardRow], int]:
        """One page of a game's leaderboard, and how many players it has in all."""
        return await self._repository.board(guild_id, game_key, sort, offset=offset, limit=limit)

    async def stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """A member's record per game on this server."""
        return await self._repository.stats(guild_id, user_id)

    async def history(
        self, guild_id: int, *, offset: int, limit: int
    ) -> tuple[list[GameResult], int]:
        """The server's most recent results, newest first, and how many there are."""
        return await self._repository.history(guild_id, offset=offset, limit=limit)

    async def players(self, guild_id: int) -> list[tuple[int, str]]:
        """The people with a result on this server (id, the name they last played under),
        most recently played first."""
        return await self._repository.players(guild_id)

    async def most_played(self, guild_id: int) -> str | None:
        """The game with the most rated games on this server, if any."""
        return await self._repository.most_played(guild_id)

    async def last_reset(self, guild_id: int) -> BoardReset | None:
        found = await self._repository.last_reset(guild_id)
        return None if found is None else BoardReset(*found)

    async def reset(self, guild_id: int, game_key: str | None, reset_by: int) -> int:
        """Clear one game's board (``None``: every board); how many players were on it.
        The history stays."""
        return await self._repository.reset(guild_id, game_key, reset_by, self._now())


def ratable(game: AnyGame) -> bool:
    """Whether a game can be rated at all: one played alone never is."""
    return game.max_seats > 1


def rating_blocker(
    game: AnyGame, table: Table, settings: GuildSettings, *, ended_early: bool
) -> str | None:
    """Why this game is not rated, or ``None`` if it is (issue 7, AW2)."""
    people = [player for player in table.seats if not player.is_computer]
    if ended_early:
        return tr("ended before the finish")
    if not settings.leaderboard:
        return tr("the leaderboard is off on this server")
    if not ratable(game) or len(people) < 2:
        return tr("played alone")
    if game.key in settings.unrated_games:
        return tr("{title} is not rated on this server", title=game.title)
    if any(player.is_computer for player in table.seats) and not settings.rate_computer_games:
        return tr("a computer player took part")
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
