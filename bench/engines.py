"""Random playouts of every catalogued game: games/s, decisions/s, and a state's JSON round trip.

Every game, every seat count and every option combination the conformance
suite covers (``tests.games.conformance.option_variants``) is played out with
uniformly random legal actions (``Game.random_action``, then ``Game.advance``,
which performs it without checking it again or building events, as a computer
player's rollout does), in this one process on one core. Each rate
is the best of several runs of CPU time (``time.process_time``), so other work
on a shared machine slows a run down less than it would a wall clock; the
reference loop printed before and after says how fast the machine was.

The round trip is ``load_state(dump_state(state))``, what the table service
pays to store a move and to load a table it does not hold in memory, timed on
states taken from every stage of a playout.

    uv run python -m bench.engines                    # everything (about a quarter of an hour)
    uv run python -m bench.engines --game tricky      # one game
    uv run python -m bench.engines --game tricky --seats 2   # one seat count
    uv run python -m bench.engines --seconds 0.2      # a quick look

``--against-openspiel`` plays each of our games against an OpenSpiel game of its
kind instead, interleaved, and prints the ratios (``bench.against_openspiel``):

    uv run --locked --group compare python -m bench.engines --against-openspiel
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.machine import Table, describe_machine
from games.catalog import CATALOG
from games.core.chance import fresh_seed
from games.core.registry import AnyGame
from tests.games.conformance import option_variants

__all__ = ["Case", "main", "measure_playouts", "measure_round_trip"]

ROUND_TRIP_STATES = 40
"""States per case, spread over one playout, whose round trip is timed."""


@dataclass(frozen=True, slots=True)
class Case:
    game: AnyGame
    seats: int
    options: dict[str, Any]

    @property
    def label(self) -> str:
        chosen = ",".join(f"{name}={value}" for name, value in self.options.items())
        return f"{self.game.key} {self.seats}p {chosen}".rstrip()


@dataclass(frozen=True, slots=True)
class Playouts:
    games: int
    decisions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds


def cases(keys: Sequence[str], seat_counts: Sequence[int] | None = None) -> list[Case]:
    return [
        Case(game, seats, options)
        for key in keys
        for game in (CATALOG[key],)
        for seats in range(game.min_seats, game.max_seats + 1)
        if seat_counts is None or seats in seat_counts
        for options in option_variants(game)
    ]


def play_one(game: AnyGame, state: Any, rng: random.Random) -> int:
    """Play to the end with random legal actions; the number of decisions made.

    In a simultaneous phase a random waiting seat goes next, as in
    ``games.core.playout.play_out`` (which also records every move, a cost a
    benchmark of the engine should not carry).
    """
    to_act, random_action, advance = game.to_act, game.random_action, game.advance
    decisions = 0
    while acting := to_act(state):
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        advance(state, seat, random_action(state, seat, rng))
        decisions += 1
    return decisions


def measure_playouts(case: Case, *, seconds: float, repeats: int, seed: int) -> Playouts:
    """Whole games (set-up included) for ``seconds`` of CPU time; the best of ``repeats``."""
    game, options = case.game, case.game.options(case.options)
    best: Playouts | None = None
    for repeat in range(repeats):
        rng = random.Random(f"{seed}/{repeat}")
        games = decisions = 0
        started = time.process_time()
        elapsed = 0.0
        while elapsed < seconds or games == 0:
            state = game.new(case.seats, fresh_seed(rng.getrandbits), options)
            decisions += play_one(game, state, rng)
            games += 1
            elapsed = time.process_time() - started
        run = Playouts(games, decisions, elapsed)
        if best is None or run.decisions_per_second > best.decisions_per_second:
            best = run
    assert best is not None
    return best


def sample_states(case: Case, seed: int) -> list[Any]:
    """States from the start to the end of one random game, evenly spread."""
    game = case.game
    rng = random.Random(seed)
    state = game.new(case.seats, seed, game.options(case.options))
    seen = [game.dump_state(state)]
    while acting := game.to_act(state):
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        game.apply(state, seat, game.random_action(state, seat, rng))
        seen.append(game.dump_state(state))
    step = max(1, len(seen) // ROUND_TRIP_STATES)
    return [game.load_state(text) for text in seen[::step]]


def measure_round_trip(case: Case, *, repeats: int, seed: int) -> tuple[float, float]:
    """Microseconds per dump + load (the best of ``repeats``), and the mean JSON size."""
    game = case.game
    states = sample_states(case, seed)
    sizes = [len(game.dump_state(state)) for state in states]
    rounds = max(1, 2000 // len(states))
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for _ in range(rounds):
            for state in states:
                game.load_state(game.dump_state(state))
        best = min(best, (time.process_time() - started) / (rounds * len(states)))
    return best * 1e6, sum(sizes) / len(sizes)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engines", description=__doc__)
    parser.add_argument(
        "--game", action="append", choices=list(CATALOG), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--seats", action="append", type=int, help="only this many seats (repeatable)"
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per run (default 1)"
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per case; the best counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--against-openspiel",
        action="store_true",
        help="compare with OpenSpiel's games instead (needs --group compare)",
    )
    parser.add_argument(
        "--pair", action="append", help="with --against-openspiel: only this pair (repeatable)"
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="with --against-openspiel: ratios per pair"
    )
    args = parser.parse_args(argv)
    if args.against_openspiel:
        from bench import against_openspiel  # it imports this module

        against_openspiel.main(args.pair, rounds=args.rounds, seconds=args.seconds, seed=args.seed)
        return

    print(describe_machine())
    table = Table("case", "games/s", "decisions/s", "decisions/game", "round trip µs", "JSON bytes")
    for case in cases(args.game or list(CATALOG), args.seats):
        playouts = measure_playouts(
            case, seconds=args.seconds, repeats=args.repeats, seed=args.seed
        )
        micros, size = measure_round_trip(case, repeats=args.repeats, seed=args.seed)
        table.add(
            case.label,
            playouts.games_per_second,
            playouts.decisions_per_second,
            playouts.decisions / playouts.games,
            micros,
            round(size),
        )
    table.print()
    print(describe_machine())


if __name__ == "__main__":
    main()
