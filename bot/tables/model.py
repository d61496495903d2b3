"""Tables as the runtime sees them: a lobby or game in a channel, with its seats."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

__all__ = ["Player", "RunningGame", "Table", "TableStatus"]


class TableStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    """Played to the end."""
    ENDED = "ended"
    """Stopped early by the host or a moderator (AW2): recorded, never rated."""
    CANCELLED = "cancelled"
    """A lobby that never started."""

    @property
    def is_open(self) -> bool:
        return self in (TableStatus.LOBBY, TableStatus.ACTIVE)


@dataclass(frozen=True, slots=True)
class RunningGame:
    """Where a running game is, and nothing more: its seats and state stay unread."""

    id: int
    guild_id: int
    channel_id: int


@dataclass(frozen=True, slots=True)
class Player:
    """Someone in a seat: a server member, or a computer player (``user_id`` None)."""

    name: str
    user_id: int | None = None
    computer: str | None = None
    """The computer player's level."""
    taken_over: bool = False
    """A person's seat that a computer player took over after they went away (AW1)."""
    away_streak: int = 0
    """Turns in a row the clock ran out on this seat (0 once its player acts again)."""

    @property
    def is_computer(self) -> bool:
        """A computer player seated in the lobby."""
        return self.user_id is None

    @property
    def played_by_bot(self) -> bool:
        """The bot makes this seat's moves: a computer seat, or one taken over (AW1)."""
        return self.is_computer or self.taken_over

    @property
    def away(self) -> bool:
        return self.away_streak > 0


@dataclass(frozen=True, slots=True)
class Table:
    """One row of the ``tables`` table with its seats, in seat order."""

    id: int
    guild_id: int
    channel_id: int
    game_key: str
    status: TableStatus
    host_id: int
    options: dict[str, Any]
    seats: tuple[Player, ...]
    version: int
    turn_seconds: int
    """The turn clock at this table; 0 means none."""
    seed: int | None
    state_json: str | None
    message_id: int | None
    ping_message_id: int | None
    outcome_json: str | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    rematch_of: int | None = None
    """The finished game this lobby replays (Play again), if any."""
    reserved: tuple[Player, ...] = ()
    """A rematch's seats kept for the finished game's people (names as they were then)."""
    practice: bool = False
    """A practice table: one member and computer players, unrated, with hints."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.seats)

    @property
    def host(self) -> Player | None:
        """The host's seat, or None if the host is not seated."""
        seat = self.seat_of(self.host_id)
        return None if seat is None else self.seats[seat]

    @property
    def kept_for(self) -> tuple[Player, ...]:
        """The people a rematch still keeps a seat for: reserved, not seated yet."""
        return tuple(
            player
            for player in self.reserved
            if player.user_id is not None and self.seat_of(player.user_id) is None
        )

    def seat_of(self, user_id: int) -> int | None:
        for seat, player in enumerate(self.seats):
            if player.user_id == user_id:
                return seat
        return None
