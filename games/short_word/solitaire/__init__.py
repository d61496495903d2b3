"""Short Word Solitaire: one player, eight stacks of letter cards (SW10)."""

from games.short_word.solitaire import tactics
from games.short_word.solitaire.game import SolitaireGame

__all__ = ["GAME", "SOLITAIRE", "TACTICS", "SolitaireGame"]

GAME = SOLITAIRE = SolitaireGame()
"""The rules."""
TACTICS = tactics.TACTICS
"""How its computer players play it."""
