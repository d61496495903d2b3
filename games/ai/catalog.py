"""Each game's tactics for its computer players, by game key.

A game without an entry here still gets working computer players: the
generic tactics of :class:`games.ai.tactics.Tactics`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.ai.tactics import Tactics
from games.falsche_faehrte.tactics import TACTICS as FALSCHE_FAEHRTE
from games.fraud.tactics import TACTICS as FRAUD
from games.short_changed.tactics import TACTICS as SHORT_CHANGED
from games.short_word.solitaire.tactics import TACTICS as SHORT_WORD_SOLITAIRE
from games.short_word.tactics import TACTICS as SHORT_WORD
from games.tricky.tactics import TACTICS as TRICKY

__all__ = ["GENERIC", "TACTICS", "tactics_for"]

GENERIC: Tactics[Any, Any, Any] = Tactics()
"""For games that have no tactics of their own yet."""


def _by_key(tactics: Iterable[Tactics[Any, Any, Any]]) -> Mapping[str, Tactics[Any, Any, Any]]:
    found: dict[str, Tactics[Any, Any, Any]] = {}
    for entry in tactics:
        if not entry.key or entry.key in found:
            raise ValueError(f"tactics need a game key of their own, not {entry.key!r}")
        found[entry.key] = entry
    return found


TACTICS = _by_key([SHORT_CHANGED, TRICKY, FALSCHE_FAEHRTE, FRAUD, SHORT_WORD, SHORT_WORD_SOLITAIRE])


def tactics_for(key: str) -> Tactics[Any, Any, Any]:
    """The tactics for the game with this key, or the generic ones."""
    return TACTICS.get(key, GENERIC)
