"""The games this bot hosts."""

from __future__ import annotations

from games import falsche_faehrte, fraud, short_changed, short_word, tricky
from games.core.registry import Catalog

__all__ = ["CATALOG"]

CATALOG = Catalog(
    [
        short_changed.GAME,
        tricky.GAME,
        falsche_faehrte.GAME,
        fraud.GAME,
        short_word.GAME,
        short_word.SOLITAIRE,
    ]
)
