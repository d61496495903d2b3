"""Positions and games for the computer player tests, for any catalogued game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from games.ai.player import Budget, ComputerPlayer
from games.core.game import Seat
from games.core.playout import Move, play_out, random_policy
from games.core.registry import AnyGame

TEST_BUDGET = Budget(seconds=None, iterations=6)
"""Hard players in tests search a handful of worlds: reproducible, and quick."""
MAX_MOVES = 5000


def positions(
    game: AnyGame, seats: int, seed: int, *, count: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[Any, Seat]]:
    """``count`` positions spread evenly over a random game, each with a seat that must act.

    Each position is a fresh copy the caller may keep or change.
    """
    moves = _random_moves(game, seats, seed, options)
    wanted = {k * len(moves) // count for k in range(count)}
    state = game.new(seats, seed, game.options(options))
    for n, move in enumerate(moves):
        if n in wanted:
            yield game.clone(state), move.seat
        game.apply(state, move.seat, move.action)


def _random_moves(
    game: AnyGame, seats: int, seed: int, options: dict[str, Any] | None
) -> list[Move]:
    state = game.new(seats, seed, game.options(options))
    policy = random_policy(game)
    return play_out(game, state, lambda _seat: policy, random.Random(seed)).moves


def play_game(
    game: AnyGame,
    players: Sequence[ComputerPlayer],
    seed: int,
    options: dict[str, Any] | None = None,
) -> Any:
    """Play a whole game with one computer player per seat, checking every move with the
    engine before making it; the final state."""
    rng = random.Random(seed)
    state = game.new(len(players), seed, game.options(options))
    moves = 0
    while acting := game.to_act(state):
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        action = players[seat].choose(game, state, seat, rng)
        game.check(state, seat, action)
        assert game.parse_action(game.dump_action(action)) == action
        game.apply(state, seat, action)
        moves += 1
        assert moves < MAX_MOVES, f"{game.key}: no end after {MAX_MOVES} moves"
    return state
