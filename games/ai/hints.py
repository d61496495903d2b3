"""A practice table's hint: the move the ``easy`` player would make, and why.

The hint is worked out exactly as the easy computer player decides
(:class:`games.ai.player.EasyPlayer`): the game's tactics, given only the
seat's :class:`~games.ai.knowledge.Knowledge`, so it cannot use another seat's
hidden data. Its randomness is seeded from the table, the version and the seat,
so asking twice at the same moment gives the same hint.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.core.game import Seat
from games.core.registry import AnyGame

__all__ = ["Hint", "hint", "hint_seed"]


@dataclass(frozen=True, slots=True)
class Hint:
    action: Any
    """One of the seat's legal actions."""
    why: str
    """One line."""


def hint_seed(table_id: int, version: int, seat: Seat) -> int:
    """The hint's randomness for one seat at one moment of one table."""
    digest = hashlib.sha256(f"hint:{table_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def hint(game: AnyGame, state: Any, seat: Seat, seed: int, tactics: Tactics[Any, Any, Any]) -> Hint:
    """The easy move for ``seat`` (who must be to act) with its reason.

    ``state`` goes no further than the seat's Knowledge, as for a computer player.
    ``tactics`` are the game's own (``games.catalog.tactics_for``): games/ai names no game.
    """
    if seat not in game.to_act(state):
        raise ValueError(f"seat {seat} is not to act in this {game.title} game")
    knowledge: Knowledge[Any, Any, Any] = Knowledge(game, state, seat, refine=tactics.refine)
    action, why = tactics.explain(knowledge, random.Random(seed))
    return Hint(action, why)
