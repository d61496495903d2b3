"""What pictures cost: drawing time and PNG size per game, and the share they take of a move.

Two parts, in one run:

1. **Drawing.** Views from random playouts of every game (``--views`` per game, at
   random points of games of every seat count), each drawn as the table and as every
   seat's hand, without the cache. Printed: CPU milliseconds per picture, p50 and p99,
   also in reference loops (the machine's speed now, see ``bench.machine``), and the
   PNG's size, median and largest.

2. **A move with and without pictures.** ``bench.service``'s closed loop (every move as
   a click makes it: the panel's legal actions, the move saved, the public table loaded
   and drawn as embeds), run ``--pairs`` times in each mode, interleaved A B A B, each
   leg on a fresh database. With pictures, each move also draws what the bot would:

   * ``table``: the table's picture the way the board draws it, coalesced: a table is
     redrawn at most once per ``--edit-every`` seconds (Discord takes about five edits
     of one channel's messages in five seconds; changes meanwhile wait for the next
     edit, as the board's coalescing does), in the board's worker process;
   * ``table+hand``: that, plus the moving seat's hand picture, drawn on the loop as
     the answer to the click that made the move is.

   Printed: each leg's actions a second, and the ratio on/off of each pair (min and
   median). A ratio is measured inside one run, so the machine's load cancels out
   as far as it is steady.

    uv run python -m bench.pictures --views 40 --tables 50 --concurrency 4 --seconds 4 --pairs 3
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.machine import Table, describe_machine, percentile, reference_loop_ms
from bench.service import Bench, Seated, measure
from bot.shards import UNSHARDED
from bot.storage.checkpoints import CHECKPOINT_EVERY
from bot.tables.service import TableService
from cogs.pictures.attach import draw, forget_pictures
from cogs.pictures.kit import png
from cogs.pictures.render import ARTISTS, hand_png, table_png
from games.catalog import CATALOG

NAMES = tuple(f"Player {n + 1}" for n in range(8))


# -- 1. drawing -----------------------------------------------------------------------------------


def sample_views(key: str, count: int, rng: random.Random) -> list[tuple[Any, int]]:
    """``count`` public views at random points of random games, with their seat counts."""
    game = CATALOG[key]
    views: list[tuple[Any, int]] = []
    while len(views) < count:
        seats = rng.randint(game.min_seats, game.max_seats)
        state = game.new(seats, rng.getrandbits(32))
        stop = rng.randrange(200)
        moves = 0
        while (acting := game.to_act(state)) and moves < stop:
            seat = rng.choice(acting)
            game.apply(state, seat, game.random_action(state, seat, rng))
            moves += 1
        views.append((state, seats))
    return views


def drawing(count: int, seed: int) -> None:
    reference = reference_loop_ms()
    table = Table(
        "game",
        "picture",
        "p50 ms",
        "p99 ms",
        "p50 (ref. loops)",
        "p99 (ref. loops)",
        "median KB",
        "max KB",
    )
    for key in CATALOG:
        game, artist = CATALOG[key], ARTISTS[key]
        rng = random.Random(f"{seed}-{key}")
        tables: list[float] = []
        hands: list[float] = []
        table_sizes: list[int] = []
        hand_sizes: list[int] = []
        for state, seats in sample_views(key, count, rng):
            names = NAMES[:seats]
            started = time.process_time()
            data = png(artist.table(game.view(state, None), names))
            tables.append(time.process_time() - started)
            table_sizes.append(len(data))
            for seat in range(seats):
                started = time.process_time()
                data = png(artist.hand(game.view(state, seat), names, ""))
                hands.append(time.process_time() - started)
                hand_sizes.append(len(data))
        for what, times, sizes in (("table", tables, table_sizes), ("hand", hands, hand_sizes)):
            ordered = sorted(times)
            p50, p99 = percentile(ordered, 0.5) * 1000, percentile(ordered, 0.99) * 1000
            table.add(
                key,
                what,
                f"{p50:.1f}",
                f"{p99:.1f}",
                f"{p50 / reference:.2f}",
                f"{p99 / reference:.2f}",
                f"{statistics.median(sizes) / 1000:.0f}",
                f"{max(sizes) / 1000:.0f}",
            )
    print(f"Drawing: {count} views per game, CPU time per picture (PNG included), no cache")
    table.print()


# -- 2. a move with and without pictures ---------------------------------------------------------


class PicturedBench(Bench):
    """A move as ``bench.service`` makes it, plus the pictures the bot would draw for it."""

    edit_every = 1.0
    hands = False

    def __init__(self, service: TableService, rng: random.Random, *, guild: int) -> None:
        super().__init__(service, rng, guild=guild)
        self._drawn: dict[int, float] = {}
        self._drawing: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        self.pictures = 0

    async def render(self, seated: Seated) -> None:
        """The move's own work, then the table's picture left to a board-like worker: the
        move does not wait for it, as a click does not wait for the board."""
        await super().render(seated)
        self._dirty.add(seated.table_id)
        if seated.table_id not in self._drawing:
            self._drawing[seated.table_id] = asyncio.create_task(self._board(seated))

    async def _board(self, seated: Seated) -> None:
        """One table's redraws: never two at once, never two within ``edit_every`` (the
        changes meanwhile fold into the next one), each from the latest public view."""
        table_id = seated.table_id
        try:
            while table_id in self._dirty:
                wait = self._drawn.get(table_id, -1e9) + self.edit_every - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                self._dirty.discard(table_id)
                self._drawn[table_id] = time.monotonic()
                public = await self.service.public(table_id)
                await draw(table_png, seated.game_key, public.view, public.table.names)
                self.pictures += 1
        finally:
            self._drawing.pop(table_id, None)

    async def move(self, seated: Seated) -> bool:
        # The first seat to act stands for the mover: any seat's hand costs the same, and
        # the bench's own random choices stay as they are with pictures off.
        mover = seated.to_act[0] if self.hands else None
        ended = await super().move(seated)
        if mover is not None and not ended:
            user = seated.players[mover].user_id
            assert user is not None
            answer = await self.service.for_seat(seated.table_id, user)
            await draw(hand_png, seated.game_key, answer.view, answer.table.names, "", here=True)
            self.pictures += 1
        return ended


class HandsBench(PicturedBench):
    hands = True


def leg(args: argparse.Namespace, bench_type: type[Bench]) -> float:
    """One timed closed loop on a fresh database; actions a second."""
    forget_pictures()
    with tempfile.TemporaryDirectory() as folder:
        run = asyncio.run(
            measure(args, Path(folder) / "bench.db", UNSHARDED, lambda: None, bench_type)
        )
    return len(run.latencies) / run.seconds


def moves(args: argparse.Namespace) -> None:
    PicturedBench.edit_every = args.edit_every
    modes: list[tuple[str, type[Bench]]] = [("table", PicturedBench), ("table+hand", HandsBench)]
    table = Table("pictures", "pair", "off actions/s", "on actions/s", "on/off")
    ratios: dict[str, list[float]] = {name: [] for name, _ in modes}
    for pair in range(args.pairs):
        for name, bench_type in modes:
            off = leg(args, Bench)
            on = leg(args, bench_type)
            ratios[name].append(on / off)
            table.add(name, pair + 1, f"{off:,.0f}", f"{on:,.0f}", f"{on / off:.2f}")
    print(
        f"A move with and without pictures: {args.tables} tables, closed loop of "
        f"{args.concurrency}, {args.seconds:g} s a leg, table redrawn at most every "
        f"{args.edit_every:g} s"
    )
    table.print()
    summary = Table("pictures", "min on/off", "median on/off")
    for name, values in ratios.items():
        summary.add(name, f"{min(values):.2f}", f"{statistics.median(values):.2f}")
    summary.print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__)
    parser.add_argument("--views", type=int, default=40, help="views drawn per game")
    parser.add_argument("--tables", type=int, default=50, help="games running at once")
    parser.add_argument("--concurrency", type=int, default=4, help="moves in flight")
    parser.add_argument("--seconds", type=float, default=4.0, help="timed seconds per leg")
    parser.add_argument("--pairs", type=int, default=3, help="off/on pairs per mode")
    parser.add_argument(
        "--edit-every", type=float, default=1.0, help="least seconds between a table's edits"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    # What bench.service's measure() reads besides those.
    args.rate, args.actions, args.game = None, None, None
    args.checkpoint_every = CHECKPOINT_EVERY
    print(describe_machine())
    drawing(args.views, args.seed)
    moves(args)
    print(describe_machine())


if __name__ == "__main__":
    main()
