"""Playing a game to its end with simple policies, for tests, simulations and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.game import Outcome, Seat
from games.core.registry import AnyGame

__all__ = ["Move", "Playout", "Policy", "play_out", "random_policy"]

Policy = Callable[[Any, Seat, random.Random], Any]
"""Chooses an action for a seat: ``policy(state, seat, rng) -> action``."""


def random_policy(game: AnyGame) -> Policy:
    """Any listed legal action, uniformly."""

    def choose(state: Any, seat: Seat, rng: random.Random) -> Any:
        return game.random_action(state, seat, rng)

    return choose


@dataclass(frozen=True, slots=True)
class Move:
    seat: Seat
    action: Any


@dataclass(slots=True)
class Playout:
    state: Any
    moves: list[Move] = field(default_factory=list)
    outcome: Outcome | None = None


def play_out(
    game: AnyGame,
    state: Any,
    policies: Callable[[Seat], Policy],
    rng: random.Random,
    *,
    max_moves: int = 100_000,
    after_move: Callable[[Any, Move, list[Any]], None] | None = None,
) -> Playout:
    """Play until nobody may act; in a simultaneous phase a random waiting seat goes next.

    ``after_move`` is shown each move and its events; without it no event is built
    (:meth:`Game.advance <games.core.game.Game.advance>`).
    """
    playout = Playout(state)
    while acting := game.to_act(state):
        if len(playout.moves) >= max_moves:
            raise RuntimeError(f"{game.key}: no end after {max_moves} moves")
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        action = policies(seat)(state, seat, rng)
        move = Move(seat, action)
        playout.moves.append(move)
        if after_move is None:
            game.advance(state, seat, action)
        else:
            after_move(state, move, game.apply(state, seat, action))
    playout.outcome = game.outcome(state)
    return playout
