"""The games this bot hosts."""

from __future__ import annotations

from games import fraud, short_changed, tricky
from games.core.registry import Catalog

__all__ = ["CATALOG"]

CATALOG = Catalog([short_changed.GAME, tricky.GAME, fraud.GAME])
