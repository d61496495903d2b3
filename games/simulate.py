"""Computer players play a game without Discord; a summary, and the public table if you watch.

::

    uv run python -m games.simulate --game tricky --seats 3 --games 20 --seed 1 --players easy
    uv run python -m games.simulate --game fraud --seats 3 --games 1 --seed 7 \\
        --players hard --seconds 0.2 --watch
    uv run python -m games.simulate --game short_changed --seats 2 --games 50 --seed 3 \\
        --players hard,easy --iterations 50

``--players`` takes one level for every seat or one per seat (``hard,easy,easy``).
A hard player thinks for ``--seconds`` of wall-clock time a decision; with
``--iterations`` (and no ``--seconds``) it counts sampled worlds instead, so a
run repeats exactly from ``--seed``. ``--option NAME=VALUE`` sets a lobby option
(``--option target_per_seat=100``).

``--watch`` prints, after every move, the public news of that move and the
public table: the game's own ``narrate`` and ``describe`` text, drawn only from
events told to everyone and from ``view(state, None)``, what a bystander in the
channel sees. Nothing a seat holds privately is printed.

This module is the command line; printing to the terminal is its job, and it is
the only I/O in ``games/``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from games.ai.levels import LEVELS
from games.ai.player import Budget, ComputerPlayer
from games.catalog import CATALOG, computer_player
from games.core.chance import fresh_seed
from games.core.errors import GameError
from games.core.game import Event, Seat
from games.core.playout import Move, play_out
from games.core.registry import AnyGame

__all__ = ["DEFAULT_HARD_SECONDS", "Summary", "main", "public_frame", "simulate"]

DEFAULT_HARD_SECONDS = 0.2
"""A hard player's thinking time per decision unless told otherwise: enough to play
sensibly, short enough to watch a whole game."""

MAX_MOVES = 100_000
"""A game still going after this many moves is a bug in its engine, not a long game."""


@dataclass(slots=True)
class SeatTally:
    level: str
    wins: int = 0
    """Games this seat finished first in (a shared first place counts for each)."""
    score_total: int = 0
    place_total: int = 0


@dataclass(slots=True)
class Summary:
    """What a run of games came to."""

    game: AnyGame
    seed: int
    seats: list[SeatTally]
    games: int = 0
    moves: int = 0
    draws: int = 0
    """Games every seat finished first in."""
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)

    def render(self) -> str:
        levels = ", ".join(tally.level for tally in self.seats)
        lines = [
            f"{self.game.title} · {len(self.seats)} seats · {self.games} games · "
            f"seed {self.seed} · players: {levels}",
            "",
        ]
        rows = [("seat", "player", "wins", "win %", "avg score", "avg place")]
        for seat, tally in enumerate(self.seats):
            share = 100 * tally.wins / self.games if self.games else 0.0
            rows.append(
                (
                    str(seat + 1),
                    tally.level,
                    str(tally.wins),
                    f"{share:.0f}%",
                    f"{tally.score_total / max(1, self.games):.1f}",
                    f"{tally.place_total / max(1, self.games):.2f}",
                )
            )
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
        for row in rows:
            cells = [
                cell.ljust(width) if column < 2 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
        per_game = self.moves / max(1, self.games)
        per_move = 1000 * self.seconds / max(1, self.moves)
        lines += [
            "",
            f"draws: {self.draws} · moves: {self.moves:,} ({per_game:.1f} a game, "
            f"shortest {min(self.lengths, default=0)}, longest {max(self.lengths, default=0)})",
            f"time: {self.seconds:.2f} s ({per_move:.2f} ms a move)",
        ]
        return "\n".join(lines)


def seat_names(levels: Sequence[str]) -> list[str]:
    """How the text calls each seat: its level and number, ``Easy 2``."""
    return [f"{LEVELS[level].label} {seat + 1}" for seat, level in enumerate(levels)]


def public_frame(
    game: AnyGame, state: Any, events: Sequence[Event], names: Sequence[str]
) -> list[str]:
    """What a bystander learns from a move: the public news, then the public table.

    Only events told to everyone (``audience is None``) are narrated, and the
    table is described from ``view(state, None)``; ``state`` is read nowhere else.
    """
    lines = [game.narrate(event, names) for event in events if event.audience is None]
    lines.append(game.describe(game.view(state, None), names))
    return lines


def simulate(
    game: AnyGame,
    *,
    levels: Sequence[str],
    games: int,
    seed: int,
    budget: Budget,
    options: dict[str, object] | None = None,
    watch: Callable[[str], None] | None = None,
) -> Summary:
    """Play ``games`` games between computer players of ``levels`` (one per seat).

    Game ``n`` is dealt from a seed drawn from ``seed``, and its players draw
    from their own generator seeded from it too, so runs repeat exactly unless a
    player thinks by the clock. The deal's seed is one the bot would give a new table
    (:func:`~games.core.chance.fresh_seed`), so the games draw the luck new tables draw.
    ``watch`` receives every public frame as text.
    """
    chosen = game.options(options)
    players: list[ComputerPlayer] = [computer_player(level, budget) for level in levels]
    names = seat_names(levels)
    summary = Summary(game, seed, [SeatTally(level) for level in levels])

    def choose_for(seat: Seat) -> Callable[[Any, Seat, random.Random], Any]:
        player = players[seat]
        return lambda state, seat, rng: player.choose(game, state, seat, rng)

    started = time.perf_counter()
    for number in range(1, games + 1):
        rng = random.Random(f"simulate/{seed}/{number}")
        state = game.new(len(levels), fresh_seed(rng.getrandbits), chosen)
        after_move = None
        if watch is not None:
            watch(f"=== Game {number} of {games} ===")
            watch(game.describe(game.view(state, None), names))
            after_move = _watcher(game, names, watch)
        playout = play_out(game, state, choose_for, rng, max_moves=MAX_MOVES, after_move=after_move)
        outcome = playout.outcome
        if outcome is None:
            raise RuntimeError(f"{game.key}: nobody may act, yet the game has no outcome")
        summary.games += 1
        summary.moves += len(playout.moves)
        summary.lengths.append(len(playout.moves))
        summary.draws += outcome.is_draw
        for seat, tally in enumerate(summary.seats):
            tally.wins += outcome.places[seat] == 1
            tally.score_total += outcome.scores[seat]
            tally.place_total += outcome.places[seat]
        if watch is not None:
            ranking = ", ".join(
                f"{names[seat]} {outcome.scores[seat]} (place {outcome.places[seat]})"
                for seat in sorted(range(len(levels)), key=outcome.places.__getitem__)
            )
            watch(f"=== Game {number} over: {ranking} ===")
    summary.seconds = time.perf_counter() - started
    return summary


def _watcher(
    game: AnyGame, names: Sequence[str], watch: Callable[[str], None]
) -> Callable[[Any, Move, list[Any]], None]:
    """Prints each move's public frame (:func:`public_frame`) under a numbered heading."""
    played = 0

    def after_move(state: Any, move: Move, events: list[Any]) -> None:
        nonlocal played
        played += 1
        watch(f"--- move {played}: {names[move.seat]} ---")
        for line in public_frame(game, state, events, names):
            watch(line)

    return after_move


def _levels(text: str, seats: int) -> list[str]:
    levels = [part.strip() for part in text.split(",")]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"no computer level {unknown[0]!r}; pick from {', '.join(LEVELS)}")
    if len(levels) == 1:
        return levels * seats
    if len(levels) != seats:
        raise ValueError(f"--players names {len(levels)} levels for {seats} seats")
    return levels


def _options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            raise ValueError(f"--option takes NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m games.simulate",
        description="Computer players play a game; prints a summary, or every move with --watch.",
    )
    parser.add_argument("--game", required=True, choices=list(CATALOG), help="the game's key")
    parser.add_argument("--seats", type=int, help="players at the table (default: the fewest)")
    parser.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="fixes the deals (default 1)")
    parser.add_argument(
        "--players",
        default="random",
        help=f"one level for every seat, or one per seat, comma-separated: {'|'.join(LEVELS)}",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        help=f"a hard player's thinking time per decision (default {DEFAULT_HARD_SECONDS})",
    )
    parser.add_argument(
        "--iterations", type=int, help="a hard player's sampled worlds per decision (exact repeats)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a lobby option"
    )
    parser.add_argument(
        "--watch", action="store_true", help="print the public table after every move"
    )
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; the exit status."""
    stream = out if out is not None else sys.stdout
    parser = _parser()
    args = parser.parse_args(argv)
    game = CATALOG[args.game]
    seats = args.seats if args.seats is not None else game.min_seats
    seconds = args.seconds
    if seconds is None and args.iterations is None:
        seconds = DEFAULT_HARD_SECONDS
    try:
        if not game.min_seats <= seats <= game.max_seats:
            raise ValueError(f"{game.title} seats {game.seat_range_text()} players, not {seats}")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        levels = _levels(args.players, seats)
        budget = Budget(seconds=seconds, iterations=args.iterations)
        options = _options(args.option)
        game.options(options)  # a bad option is reported before any game starts
    except (ValueError, GameError) as error:
        parser.error(str(error))

    def watch(line: str) -> None:
        print(line, file=stream)

    summary = simulate(
        game,
        levels=levels,
        games=args.games,
        seed=args.seed,
        budget=budget,
        options=options,
        watch=watch if args.watch else None,
    )
    if args.watch:
        print(file=stream)
    print(summary.render(), file=stream)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error of ours
        # Point stdout at nothing so the interpreter's last flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
