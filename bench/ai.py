"""How strong the hard computer player is, in every game and every option set a lobby offers.

Three-seat games, the hard seat's place rotating through the table, in three
pairings for each game and each option set (the defaults, each variant alone,
and every variant together; see :func:`option_sets`):

* ``random``: one hard seat against two random seats (target 85%);
* ``easy``: one hard seat against two easy seats (target 60%);
* ``longer``: one hard seat at the full budget against two hard seats at a fifth
  of it (target 45%): thinking longer must pay.

A case meets its target when the hard seat's win rate reaches it and the lower
end of its 95% Wilson interval is above the fair share (a third): the edge is
real, not luck (issue 28). A draw is not a win.

Budgets are counts of sampled worlds, not seconds, so a case plays the same
games on any machine and under any load: ``--seconds 1.0`` (the bot's budget,
``TRICKY_AI_SECONDS``) means the worlds that one second bought when the rates
in :data:`WORLDS_PER_SECOND` were measured (``--measure`` measures them again).
The hard player stops before its budget once one move is surely ahead
(:mod:`games.ai.search`); the time table shows what it spent.

    uv run --locked python -m bench.ai --games 30 --seconds 1.0 --seed 1
    uv run --locked python -m bench.ai --game fraud --pairing easy --games 30
    uv run --locked python -m bench.ai --measure
    uv run --locked python -m bench.ai --agreement 40 --seconds 0.2

``--agreement`` asks why thinking longer does or does not pay: at positions of
games between hard seats, it searches each decision at a fifth of the budget, at
the budget, and at five times it (the reference), and counts how often the
choices agree and what each costs by the reference's reckoning.
"""

from __future__ import annotations

import argparse
import math
import random
import shlex
import statistics
import sys
import time
import typing
from collections import defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.machine import Table, describe_machine, percentile
from games.ai.knowledge import Knowledge
from games.ai.player import Budget, ComputerPlayer
from games.ai.search import HardPlayer
from games.catalog import CATALOG, computer_player, tactics_for
from games.core.playout import Move, play_out, random_policy
from games.core.registry import AnyGame

SEATS = 3
FAIR_SHARE = 1 / SEATS


@dataclass(frozen=True, slots=True)
class Pairing:
    name: str
    opponents: str
    """What the two other seats are, in words."""
    target: float
    """The hard seat's target win rate (issue 28)."""


PAIRINGS = {
    pairing.name: pairing
    for pairing in (
        Pairing("random", "2 random", 0.85),
        Pairing("easy", "2 easy", 0.60),
        Pairing("longer", "2 hard at 1/5", 0.45),
    )
}
EARLY = 0.9
"""A decision that played out less than this share of its budget stopped early (the
halving's rounding leaves a few worlds unplayed; that is not stopping early)."""
SHORTER = 5
"""The ``longer`` pairing's opponents think this many times less."""

WORLDS_PER_SECOND = {
    "short_changed": 3500,
    "tricky": 9500,
    "falsche_faehrte": 2400,
    "fraud": 7500,
    "short_word": 2000,
}
"""Worlds the hard player searched in one second, the median over positions of three-seat
games with default options (``--measure``: Python 3.11.7, 2 shared CPUs, load 0.9,
reference loop 11.6 ms, 26 Nov 2026). Positions differ widely (Short Changed 1,900 to
14,000 a second, The Short Word Game 180 to 6,500): the median stands for them all.
A game not listed gets :data:`DEFAULT_WORLDS_PER_SECOND`."""
DEFAULT_WORLDS_PER_SECOND = 1000


def worlds(key: str, seconds: float) -> int:
    """The iteration budget that stands for ``seconds`` of thought in game ``key``."""
    return max(1, round(WORLDS_PER_SECOND.get(key, DEFAULT_WORLDS_PER_SECOND) * seconds))


Options = tuple[tuple[str, object], ...]


def option_sets(game: AnyGame) -> list[tuple[str, Options]]:
    """Every option set a lobby can choose that changes how the game plays, by name.

    The defaults; each variant alone (a yes/no option turned the other way, or a
    choice's other values); and every variant at once. Numbers (how long a game
    runs) and options the lobby hides (a server's house words) are left at their
    defaults: they change a game's length, not its rules.
    """
    variants: list[tuple[str, object]] = []
    for name, spec in game.options_type.model_fields.items():
        extra = spec.json_schema_extra
        if isinstance(extra, dict) and extra.get("hidden"):
            continue
        if spec.annotation is bool:
            variants.append((name, not spec.default))
        elif typing.get_origin(spec.annotation) is typing.Literal:
            variants.extend(
                (name, value) for value in typing.get_args(spec.annotation) if value != spec.default
            )
    sets: list[tuple[str, Options]] = [("default", ())]
    sets.extend((_label(((name, value),)), ((name, value),)) for name, value in variants)
    together = tuple(dict(variants).items())  # a choice of several values: its last
    if len(together) > 1:
        sets.append(("all variants", together))
    return sets


def _label(options: Options) -> str:
    return ", ".join(
        (name if value else f"no {name}") if isinstance(value, bool) else f"{name}={value}"
        for name, value in options
    )


@dataclass(frozen=True, slots=True)
class Match:
    game: str
    options_name: str
    options: Options
    pairing: str
    hard_seat: int
    seed: int
    iterations: int
    """The hard seat's budget in worlds; the ``longer`` pairing's opponents get a fifth."""


@dataclass(slots=True)
class Result:
    match: Match
    hard_won: bool
    draw: bool
    moves: int
    seconds: list[float] = field(default_factory=list)
    """The hard seat's time per searched decision."""
    worlds: list[int] = field(default_factory=list)
    """The hard seat's worlds per searched decision."""


def players(match: Match) -> list[ComputerPlayer]:
    hard = HardPlayer(Budget(seconds=None, iterations=match.iterations), tactics=tactics_for)
    if match.pairing == "longer":
        budget = Budget(seconds=None, iterations=max(1, match.iterations // SHORTER))
        other: ComputerPlayer = HardPlayer(budget, tactics=tactics_for)
    else:
        other = computer_player(match.pairing)
    return [hard if seat == match.hard_seat else other for seat in range(SEATS)]


def play(match: Match) -> Result:
    """One game; every seat's player gets its own random generator from the seed."""
    game = CATALOG[match.game]
    seated = players(match)
    hard = seated[match.hard_seat]
    assert isinstance(hard, HardPlayer)
    rngs = [random.Random(f"{match.seed}:{seat}") for seat in range(SEATS)]
    table_rng = random.Random(f"{match.seed}:table")
    state = game.new(SEATS, match.seed, game.options(dict(match.options)))
    result = Result(match, hard_won=False, draw=False, moves=0)
    while acting := game.to_act(state):
        seat = acting[0] if len(acting) == 1 else table_rng.choice(acting)
        if seat == match.hard_seat:
            tactics = tactics_for(game.key)
            knowledge: Any = Knowledge(game, state, seat, refine=tactics.refine)
            found = hard.search(knowledge, tactics, rngs[seat])
            action = found.action
            if found.iterations:
                result.seconds.append(found.seconds)
                result.worlds.append(found.iterations)
        else:
            action = seated[seat].choose(game, state, seat, rngs[seat])
        game.advance(state, seat, action)
        result.moves += 1
    outcome = game.outcome(state)
    assert outcome is not None
    result.hard_won = outcome.winners == (match.hard_seat,)
    result.draw = outcome.is_draw
    return result


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% for the default ``z``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def met(wins: int, n: int, target: float) -> bool:
    """Issue 28's bar: the rate reaches the target and the interval clears a fair share."""
    return n > 0 and wins / n >= target and wilson(wins, n)[0] > FAIR_SHARE


def matches(
    keys: Sequence[str],
    pairings: Sequence[str],
    *,
    games: int,
    seconds: float,
    seed: int,
    only_options: str | None,
) -> Iterator[Match]:
    for key in keys:
        for options_name, options in option_sets(CATALOG[key]):
            if only_options is not None and options_name != only_options:
                continue
            for pairing in pairings:
                for i in range(games):
                    yield Match(
                        key,
                        options_name,
                        options,
                        pairing,
                        hard_seat=i % SEATS,
                        seed=seed + i,
                        iterations=worlds(key, seconds),
                    )


def measure(keys: Sequence[str], seconds: float, positions: int) -> str:
    """Worlds a second the hard player searches now, over positions of random games."""
    table = Table("game", "positions", "worlds/s min", "median", "max")
    for key in keys:
        game = CATALOG[key]
        tactics = tactics_for(key)
        player = HardPlayer(Budget(seconds=seconds), tactics=tactics_for)
        rates: list[float] = []
        for seed in range(1, 4):
            state = game.new(SEATS, seed)
            moves = _random_moves(game, seed)
            for n, move in enumerate(moves):
                if n % max(1, len(moves) // positions) == 0:
                    knowledge: Any = Knowledge(game, state, move.seat, refine=tactics.refine)
                    found = player.search(knowledge, tactics, random.Random(n))
                    if found.iterations >= 16:
                        rates.append(found.iterations / found.seconds)
                game.apply(state, move.seat, move.action)
        table.add(
            key,
            len(rates),
            f"{min(rates):.0f}",
            f"{statistics.median(rates):.0f}",
            f"{max(rates):.0f}",
        )
    return table.render()


REFERENCE = 5
"""``--agreement`` judges the budgets' choices by a search this many times longer."""
SAMPLED = 0.35
"""``--agreement`` searches about this share of the decisions of its games (a spread over
whole games, not the first few moves of each)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One position searched at three budgets (``--agreement``)."""

    phase: str
    choices: tuple[str, str, str]
    """What a fifth of the budget, the budget and the reference chose (as text)."""
    regrets: tuple[float, float]
    """How much less the reference's worlds made the first two choices worth than its own
    (0 for the same choice; a candidate the reference dropped early is judged on the few
    worlds it had, so a regret can be a little below 0)."""
    worlds: tuple[int, int, int]


def agreement_decisions(key: str, iterations: int, positions: int, seed: int) -> list[Decision]:
    """``positions`` decisions from games between hard seats at a fifth of ``iterations``,
    each searched at a fifth of the budget, the budget and :data:`REFERENCE` times it."""
    game = CATALOG[key]
    tactics = tactics_for(key)
    budgets = (max(1, iterations // SHORTER), iterations, iterations * REFERENCE)
    searchers = [
        HardPlayer(Budget(seconds=None, iterations=n), tactics=tactics_for) for n in budgets
    ]
    found: list[Decision] = []
    while len(found) < positions:
        seed += 1
        state = game.new(SEATS, seed)
        rng = random.Random(seed)
        while (acting := game.to_act(state)) and len(found) < positions:
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            knowledge: Any = Knowledge(game, state, seat, refine=tactics.refine)
            searched = len(tactics.search_actions(knowledge, random.Random(seed))) > 1
            if searched and rng.random() < SAMPLED:
                results = [
                    searcher.search(knowledge, tactics, random.Random(f"{seed}:{len(found)}:{n}"))
                    for n, searcher in enumerate(searchers)
                ]
                choices = [repr(result.action) for result in results]
                used = [result.iterations for result in results]
                reference = {repr(stats.action): stats.mean for stats in results[-1].actions}
                best = reference[repr(results[-1].action)]
                found.append(
                    Decision(
                        phase=str(getattr(knowledge.view, "phase", "")),
                        choices=(choices[0], choices[1], choices[2]),
                        regrets=(
                            best - reference.get(repr(results[0].action), 0.0),
                            best - reference.get(repr(results[1].action), 0.0),
                        ),
                        worlds=(used[0], used[1], used[2]),
                    )
                )
            action = searchers[0].search(knowledge, tactics, rng).action
            game.advance(state, seat, action)
    return found


def agreement_table(rows: Sequence[tuple[str, Sequence[Decision]]]) -> str:
    """How often the budgets choose alike, and the regret of each by the reference."""
    table = Table(
        "game",
        "phase",
        "positions",
        "1/5 = full",
        "full = ref",
        "1/5 = ref",
        "regret 1/5",
        "regret full",
        "worlds used 1/5, full, ref",
    )
    for key, decisions in rows:
        phases = sorted({d.phase for d in decisions})
        for phase in ["all", *phases] if len(phases) > 1 else phases:
            group = [d for d in decisions if phase in ("all", d.phase)]
            same = [
                sum(d.choices[a] == d.choices[b] for d in group) / len(group)
                for a, b in ((0, 1), (1, 2), (0, 2))
            ]
            table.add(
                key,
                phase,
                len(group),
                *(f"{share:.0%}" for share in same),
                f"{statistics.mean(d.regrets[0] for d in group):.4f}",
                f"{statistics.mean(d.regrets[1] for d in group):.4f}",
                ", ".join(f"{statistics.median(d.worlds[n] for d in group):.0f}" for n in range(3)),
            )
    return table.render()


def _random_moves(game: AnyGame, seed: int) -> list[Move]:
    policy = random_policy(game)
    return play_out(game, game.new(SEATS, seed), lambda _seat: policy, random.Random(seed)).moves


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per case (default 30)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="hard's budget, as the worlds this much time bought (default 1.0, the bot's)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    parser.add_argument(
        "--game", action="append", choices=list(CATALOG), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--pairing", action="append", choices=list(PAIRINGS), help="only this pairing (repeatable)"
    )
    parser.add_argument("--options", help="only this option set, by its name in the table")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--partial", metavar="PATH", help="rewrite the table so far to this file after each game"
    )
    parser.add_argument(
        "--measure", action="store_true", help="measure the worlds a second instead of playing"
    )
    parser.add_argument(
        "--agreement",
        type=int,
        metavar="POSITIONS",
        help="search this many positions at a fifth, the whole and five times the budget",
    )
    args = parser.parse_args(argv)
    keys = args.game or list(CATALOG)
    skipped = [key for key in keys if not CATALOG[key].min_seats <= SEATS <= CATALOG[key].max_seats]
    keys = [key for key in keys if key not in skipped]
    if args.measure:
        print(measure(keys, seconds=0.5, positions=8))
        print(describe_machine())
        return 0
    if args.agreement:
        rows = [
            (key, agreement_decisions(key, worlds(key, args.seconds), args.agreement, args.seed))
            for key in keys
        ]
        print(agreement_table(rows))
        return 0

    todo = list(
        matches(
            keys,
            args.pairing or list(PAIRINGS),
            games=args.games,
            seconds=args.seconds,
            seed=args.seed,
            only_options=args.options,
        )
    )
    started = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for result in pool.map(play, todo, chunksize=1):
            results.append(result)
            print(f"\r{len(results)}/{len(todo)} games", end="", file=sys.stderr, flush=True)
            if args.partial:  # a long run on a shared machine: what it has so far
                with open(args.partial, "w", encoding="utf-8") as partial:
                    print(win_table(results), file=partial)
    print(file=sys.stderr)
    elapsed = time.perf_counter() - started

    command = shlex.join(["uv", "run", "--locked", "python", "-m", "bench.ai", *sys.argv[1:]])
    print(f"$ {command}")
    print(
        f"{SEATS} seats; hard budget: the worlds {args.seconds} s bought "
        f"({', '.join(f'{key} {worlds(key, args.seconds)}' for key in keys)}); "
        f"{args.workers} processes, {elapsed:.0f} s in all\n"
    )
    for key in skipped:
        print(f"{key}: skipped, it is not played by {SEATS}")
    print(win_table(results))
    print()
    print(time_table(results, args.seconds))
    print(describe_machine())  # the times a decision above depend on it
    return 0


def win_table(results: Sequence[Result]) -> str:
    table = Table("game", "options", "hard vs", "games", "wins", "rate", "95% CI", "target")
    groups: dict[tuple[str, str, str], list[Result]] = defaultdict(list)
    for result in results:
        groups[result.match.game, result.match.options_name, result.match.pairing].append(result)
    for (key, options, pairing), group in groups.items():
        wins = sum(result.hard_won for result in group)
        low, high = wilson(wins, len(group))
        target = PAIRINGS[pairing].target
        table.add(
            key,
            options,
            PAIRINGS[pairing].opponents,
            len(group),
            wins,
            f"{wins / len(group):.0%}",
            f"{low:.0%}-{high:.0%}",
            f">= {target:.0%} {'met' if met(wins, len(group), target) else 'MISSED'}",
        )
    return table.render()


def time_table(results: Sequence[Result], seconds: float) -> str:
    """The hard seat's searched decisions: worlds and time spent against the budget."""
    table = Table(
        "game", "decisions", "budget", "worlds median", "stopped early", "median ms", "p99 ms"
    )
    groups: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        groups[result.match.game].append(result)
    for key, group in groups.items():
        spent = [n for result in group for n in result.worlds]
        times = sorted(s for result in group for s in result.seconds)
        budget = group[0].match.iterations
        if not spent:
            continue
        table.add(
            key,
            len(spent),
            f"{budget} ({seconds:g} s)",
            f"{statistics.median(spent):.0f}",
            f"{sum(n < EARLY * budget for n in spent) / len(spent):.0%}",
            f"{1000 * statistics.median(times):.1f}",
            f"{1000 * percentile(times, 0.99):.1f}",
        )
    return table.render()


if __name__ == "__main__":
    sys.exit(main())
