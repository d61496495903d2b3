"""Auf falscher Fährte, Plus/Minus trick-taking for 3 or 4 players."""

from games.falsche_faehrte import tactics
from games.falsche_faehrte.game import FalscheFaehrteGame

__all__ = ["GAME", "TACTICS", "FalscheFaehrteGame"]

GAME = FalscheFaehrteGame()
"""The rules."""
TACTICS = tactics.TACTICS
"""How its computer players play it."""
