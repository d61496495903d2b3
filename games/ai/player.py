"""The computer player interface, its thinking budget, and the ``random`` and ``easy`` players.

A player is told the game, the state and the seat, but looks at the state only
through a :class:`~games.ai.knowledge.Knowledge` built here, so no player can
read what its seat may not know. Players keep no state between decisions: one
instance may serve every table, from any thread or process.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from games.ai.knowledge import Knowledge
from games.ai.tactics import GENERIC, Tactics
from games.core.game import Seat
from games.core.registry import AnyGame

__all__ = [
    "AnyKnowledge",
    "AnyTactics",
    "Budget",
    "ComputerPlayer",
    "EasyPlayer",
    "RandomPlayer",
    "TacticsFor",
]

AnyTactics = Tactics[Any, Any, Any]
AnyKnowledge = Knowledge[Any, Any, Any]
TacticsFor = Callable[[str], AnyTactics]
"""Finds a game's tactics by game key (:func:`games.catalog.tactics_for` for the hosted
games): the players are given it, so this package never imports a game."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a player may think about one decision: whichever limit comes first.

    ``seconds`` is wall-clock time (the bot gives at most 1 s, issue 8);
    ``iterations`` counts the worlds the search plays out (one per candidate in each
    sampled world), which makes a decision reproducible from its random generator
    (tests and benchmarks use it). Either way the search may stop sooner when one
    move is surely best (:mod:`games.ai.search`).
    """

    seconds: float | None = 1.0
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs a time limit, an iteration limit, or both")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a time budget must be positive")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("an iteration budget must be at least 1")


class ComputerPlayer(ABC):
    """Chooses moves for a seat. Subclasses implement :meth:`decide` on a Knowledge."""

    level: ClassVar[str]
    """The level's name in :data:`games.ai.levels.LEVELS`."""

    def __init__(self, *, tactics: TacticsFor) -> None:
        self._tactics = tactics

    def choose(self, game: AnyGame, state: Any, seat: Seat, rng: random.Random) -> Any:
        """The action ``seat`` takes now; always one of its legal actions.

        ``state`` goes no further than a Knowledge for ``seat``. ``rng`` is the
        player's own randomness: the same generator state gives the same move.
        """
        if seat not in game.to_act(state):
            raise ValueError(f"seat {seat} is not to act in this {game.title} game")
        tactics = self._tactics(game.key)
        knowledge: AnyKnowledge = Knowledge(game, state, seat, refine=tactics.refine)
        return self.decide(knowledge, tactics, rng)

    @abstractmethod
    def decide(self, knowledge: AnyKnowledge, tactics: AnyTactics, rng: random.Random) -> Any:
        """The move, from what the seat knows and the game's tactics."""


class RandomPlayer(ComputerPlayer):
    """Any legal action, uniformly: the yardstick the others are measured against."""

    level = "random"

    def __init__(self, *, tactics: TacticsFor = lambda _key: GENERIC) -> None:
        super().__init__(tactics=tactics)  # it reads no tactics

    def decide(self, knowledge: AnyKnowledge, tactics: AnyTactics, rng: random.Random) -> Any:
        return rng.choice(knowledge.legal_actions())


class EasyPlayer(ComputerPlayer):
    """The game's tactics, played straight (:meth:`games.ai.tactics.Tactics.choose`)."""

    level = "easy"

    def decide(self, knowledge: AnyKnowledge, tactics: AnyTactics, rng: random.Random) -> Any:
        return tactics.choose(knowledge, rng)
