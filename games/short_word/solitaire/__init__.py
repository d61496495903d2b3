"""Short Word Solitaire: one player, eight stacks of letter cards (SW10)."""

from games.short_word.solitaire.game import SolitaireGame

__all__ = ["SOLITAIRE", "SolitaireGame"]

SOLITAIRE = SolitaireGame()
