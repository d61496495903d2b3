"""The one base of every error written for the user who caused it.

A refusal anywhere below the cogs (a table that no longer exists, a busy
database, a setting the game does not accept, a move the rules forbid) is a
:class:`UserError`: the reply layer (``cogs/replies.py``) shows its message as
is, privately, and logs nothing. Anything else is our own failure.
"""

from __future__ import annotations

__all__ = ["UserError"]


class UserError(Exception):
    """A request that cannot be done; ``message`` says why, kindly, to the one who asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
