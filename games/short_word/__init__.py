"""The Short Word Game: words from letter cards, for 1 to 8 players, and its solitaire.

Solitaire is a game of its own (key ``short_word_solitaire``) rather than an
option of the multi-hand game: it has one seat, its own table and moves, and
its result is a count of cards, not a ranking.
"""

from games.short_word import tactics
from games.short_word.game import ShortWordGame
from games.short_word.solitaire import SOLITAIRE, SolitaireGame

__all__ = ["GAME", "SOLITAIRE", "TACTICS", "ShortWordGame", "SolitaireGame"]

GAME = ShortWordGame()
"""The rules."""
TACTICS = tactics.TACTICS
"""How its computer players play it."""
