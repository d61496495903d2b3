"""Counting in words the same way in every game: ``1 card``, ``2 cards``, never ``card(s)``."""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``, ``1 die``/``2 dice`` (``many`` for irregular words)."""
    return f"{count} {word if count == 1 else many or word + 's'}"
