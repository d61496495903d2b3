"""How strong the computer players are: one hard seat against two random, then two easy seats.

Plays three-seat games of every catalogued game with default options, the hard
seat's place rotating through the table, and prints the hard seat's win rate
with a 95% Wilson interval (a draw is not a win; a fair share is 33%) and how
long each level took per decision. Games run in a process pool.

    uv run --locked python -m bench.ai --games 100 --seconds 1.0 --seed 1

Issue 8's targets, in every game: the hard seat wins at least 70% against
random seats and at least 45% against easy seats.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.machine import Table, describe_machine, percentile
from games.ai.player import Budget
from games.catalog import CATALOG, computer_player

SEATS = 3
TARGETS = {"random": 0.70, "easy": 0.45}
"""The hard seat's target win rate against two seats of each level (issue 8)."""


@dataclass(frozen=True, slots=True)
class Match:
    game: str
    opponents: str
    hard_seat: int
    seed: int
    budget: Budget
    options: tuple[tuple[str, object], ...] = ()


@dataclass(slots=True)
class Result:
    match: Match
    hard_won: bool
    draw: bool
    moves: int
    thinking: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per decision, by level."""


def play(match: Match) -> Result:
    """One game; every seat's player gets its own random generator from the seed."""
    game = CATALOG[match.game]
    levels = [match.opponents] * SEATS
    levels[match.hard_seat] = "hard"
    players = [computer_player(level, match.budget) for level in levels]
    rngs = [random.Random(f"{match.seed}:{seat}") for seat in range(SEATS)]
    table_rng = random.Random(f"{match.seed}:table")
    state = game.new(SEATS, match.seed, game.options(dict(match.options)))
    thinking: dict[str, list[float]] = defaultdict(list)
    moves = 0
    while acting := game.to_act(state):
        seat = acting[0] if len(acting) == 1 else table_rng.choice(acting)
        started = time.perf_counter()
        action = players[seat].choose(game, state, seat, rngs[seat])
        thinking[levels[seat]].append(time.perf_counter() - started)
        game.advance(state, seat, action)
        moves += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return Result(
        match=match,
        hard_won=outcome.winners == (match.hard_seat,),
        draw=outcome.is_draw,
        moves=moves,
        thinking=dict(thinking),
    )


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% for the default ``z``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="hard's time per decision (default 1.0)"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="also cap hard's sampled worlds per decision"
    )
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    parser.add_argument(
        "--game", action="append", choices=list(CATALOG), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a lobby option for every game that has it, e.g. target_per_seat=250 (repeatable)",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    budget = Budget(seconds=args.seconds, iterations=args.iterations)
    options = dict(_option(text) for text in args.option)
    keys = args.game or list(CATALOG)
    skipped = [key for key in keys if not CATALOG[key].min_seats <= SEATS <= CATALOG[key].max_seats]
    keys = [key for key in keys if key not in skipped]

    matches = [
        Match(
            key,
            opponents,
            hard_seat=i % SEATS,
            seed=args.seed + i,
            budget=budget,
            options=tuple(
                (name, value)
                for name, value in options.items()
                if name in CATALOG[key].options_type.model_fields
            ),
        )
        for key in keys
        for opponents in TARGETS
        for i in range(args.games)
    ]
    started = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for result in pool.map(play, matches, chunksize=1):
            results.append(result)
            print(f"\r{len(results)}/{len(matches)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    elapsed = time.perf_counter() - started

    command = shlex.join(["uv", "run", "--locked", "python", "-m", "bench.ai", *sys.argv[1:]])
    print(f"$ {command}")
    chosen = "options " + ", ".join(args.option) if args.option else "default options"
    print(
        f"{SEATS} seats, {chosen}; hard budget {budget.seconds} s"
        + (f" or {budget.iterations} worlds" if budget.iterations else "")
        + f" per decision; {args.workers} processes, {elapsed:.0f} s in all\n"
    )
    for key in skipped:
        print(f"{key}: skipped, it is not played by {SEATS}")
    print(_win_table(results))
    print()
    print(_time_table(results))
    print(describe_machine())  # the times a move above depend on it
    return 0


def _option(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value  # a word, such as a Literal option's value


def _win_table(results: Sequence[Result]) -> str:
    table = Table("game", "hard vs", "games", "hard wins", "rate", "95% CI", "draws", "target")
    groups: dict[tuple[str, str], list[Result]] = defaultdict(list)
    for result in results:
        groups[result.match.game, result.match.opponents].append(result)
    for (key, opponents), group in groups.items():
        wins = sum(result.hard_won for result in group)
        low, high = wilson(wins, len(group))
        target = TARGETS[opponents]
        verdict = "met" if wins / len(group) >= target else "MISSED"
        table.add(
            key,
            f"2 {opponents}",
            len(group),
            wins,
            f"{wins / len(group):.0%}",
            f"{low:.0%}-{high:.0%}",
            sum(result.draw for result in group),
            f">= {target:.0%} {verdict}",
        )
    return table.render()


def _time_table(results: Sequence[Result]) -> str:
    table = Table("game", "level", "decisions", "median ms", "p99 ms", "max ms", "moves/game")
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    moves: dict[str, list[int]] = defaultdict(list)
    for result in results:
        moves[result.match.game].append(result.moves)
        for level, seconds in result.thinking.items():
            groups[result.match.game, level].extend(seconds)
    for (key, level), seconds in sorted(groups.items()):
        table.add(
            key,
            level,
            len(seconds),
            f"{1000 * statistics.median(seconds):.1f}",
            f"{1000 * percentile(sorted(seconds), 0.99):.1f}",
            f"{1000 * max(seconds):.1f}",
            f"{statistics.mean(moves[key]):.0f}",
        )
    return table.render()


if __name__ == "__main__":
    sys.exit(main())
