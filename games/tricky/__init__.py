"""Tricky, the trick-taking dice game for 2 to 5 players."""

from games.tricky.game import TrickyGame

__all__ = ["GAME", "TrickyGame"]

GAME = TrickyGame()
