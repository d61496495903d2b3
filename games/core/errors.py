"""The errors an engine raises when a move cannot be made.

Every message is written for the player who tried the move, in the game's own
words. It is English in the code, marked for the catalogs with ``N_`` where it is
raised, its named fields given apart (``IllegalAction(N_("Bid a value from 1 to
{top}."), top=top)``), so whoever shows it to the player words it in their
language (:meth:`GameError.worded`); ``message`` stays the English, for logs and
tests. A field that is itself words (a colour, a card) is given as
:class:`~games.core.wording.Later`, drawn in the reader's language when worded.
Raising any of these leaves the state exactly as it was.
"""

from __future__ import annotations

from games.core.wording import ENGLISH, speaking, tr

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

    def __init__(self, message: str, /, **fields: object) -> None:
        with speaking(ENGLISH):
            english = tr(message, **fields)
        super().__init__(english)
        self.message = english
        self.reason = message
        """The message id: the English with its ``{fields}`` unfilled."""
        self.fields = fields

    def worded(self) -> str:
        """The message in the current language (the English for a reason no catalog has)."""
        return tr(self.reason, **self.fields)


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
