"""Tricky, the trick-taking dice game for 2 to 5 players."""

from games.tricky import tactics
from games.tricky.game import TrickyGame

__all__ = ["GAME", "TACTICS", "TrickyGame"]

GAME = TrickyGame()
"""The rules."""
TACTICS = tactics.TACTICS
"""How its computer players play it."""
