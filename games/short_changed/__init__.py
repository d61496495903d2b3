"""Short Changed, the chip deduction game for 2 to 6 players."""

from games.short_changed import tactics
from games.short_changed.game import ShortChangedGame

__all__ = ["GAME", "TACTICS", "ShortChangedGame"]

GAME = ShortChangedGame()
"""The rules."""
TACTICS = tactics.TACTICS
"""How its computer players play it."""
