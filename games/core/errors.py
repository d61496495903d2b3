"""The errors an engine raises when a move cannot be made.

Every message is written for the player who tried the move: it is shown to them
as is, so it says what was wrong in the game's own words. Raising any of these
leaves the state exactly as it was.
"""

from __future__ import annotations

__all__ = [
    "CorruptState",
    "GameError",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "NotYourTurn",
]


class GameError(Exception):
    """Base of every error a game raises about a move or a state."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidAction(GameError):
    """The input is not an action of this game at all (wrong shape, unknown type)."""


class NotYourTurn(GameError):
    """The seat may not act now (another seat's turn, or it already chose)."""


class IllegalAction(GameError):
    """A well-formed action that the rules forbid in this position."""


class CorruptState(GameError):
    """A saved state that does not load or breaks the game's invariants."""


class InvalidOptions(GameError):
    """Lobby options or a seat count the game cannot be played with."""
