"""The Short Word Game: words from letter cards, for 1 to 8 players, and its solitaire."""

from games.short_word.game import ShortWordGame

__all__ = ["GAME", "ShortWordGame"]

GAME = ShortWordGame()
