"""Auf falscher Fährte, Plus/Minus trick-taking for 3 or 4 players."""

from games.falsche_faehrte.game import FalscheFaehrteGame

__all__ = ["GAME", "FalscheFaehrteGame"]

GAME = FalscheFaehrteGame()
