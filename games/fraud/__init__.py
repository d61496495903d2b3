"""The Fraud from Trandosha, bluff bidding with a sabacc deck, for 2 to 5 players."""

from games.fraud import tactics
from games.fraud.game import FraudGame

__all__ = ["GAME", "TACTICS", "FraudGame"]

GAME = FraudGame()
"""The rules."""
TACTICS = tactics.TACTICS
"""How its computer players play it."""
