"""The Fraud from Trandosha, bluff bidding with a sabacc deck, for 2 to 5 players."""

from games.fraud.game import FraudGame

__all__ = ["GAME", "FraudGame"]

GAME = FraudGame()
