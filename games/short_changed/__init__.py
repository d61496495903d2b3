"""Short Changed, the chip deduction game for 2 to 6 players."""

from games.short_changed.game import ShortChangedGame

__all__ = ["GAME", "ShortChangedGame"]

GAME = ShortChangedGame()
