"""What pictures cost: drawing time and PNG size per game, and the share they take of a move.

Two parts, in one run:

1. **Drawing.** Views from random playouts of every game (``--views`` per game, at
   random points of games of every seat count), each drawn as the table and as every
   seat's hand, without the cache. Printed: CPU milliseconds per picture, p50 and p99,
   also in reference loops (the machine's speed now, see ``bench.machine``), and the
   PNG's size, median and largest.

2. **A move with and without pictures.** ``bench.service``'s closed loop (every move as
   a click makes it: the panel's legal actions, the move saved, the public table loaded
   and drawn as embeds), run ``--pairs`` times in each mode, interleaved A B B A, each
   leg on a fresh database. With pictures, each move also asks for what the bot would,
   from a drawing process of the leg's own (``cogs.pictures.drawing.Drawer``):

   * ``table``: the table's picture the way the board asks for it, coalesced: a table is
     redrawn at most once per ``--edit-every`` seconds (Discord takes about five edits
     of one channel's messages in five seconds; changes meanwhile wait for the next
     edit, as the board's coalescing does);
   * ``table+hand``: that, plus the moving seat's hand picture, asked for as the answer
     to the click that made the move asks for it: the move never waits for it (the
     panel goes up as text and the picture follows when drawn), a hand already drawn
     is reused, and a newer request for the same seat's panel replaces a waiting one.

   Printed: each leg's actions a second, the ratio on/off of each pair (min and
   median), and for the pictures asked for: how many were drawn and how long the
   picture followed its request (p50, p99). A ratio is measured inside one run, so the
   machine's load cancels out as far as it is steady.

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
from typing import Any, ClassVar

from bench.machine import Table, describe_machine, percentile, reference_loop_ms
from bench.service import Bench, Seated, measure
from bot.shards import UNSHARDED
from bot.storage.checkpoints import CHECKPOINT_EVERY
from bot.tables.model import TableStatus
from bot.tables.service import TableService
from cogs.pictures.attach import table_of, within
from cogs.pictures.drawing import Drawer
from cogs.pictures.kit import png, render
from cogs.pictures.render import ARTISTS, hand_sketch
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
            data = png(render(artist.table(game.view(state, None), names)))
            tables.append(time.process_time() - started)
            table_sizes.append(len(data))
            for seat in range(seats):
                started = time.process_time()
                data = png(render(artist.hand(game.view(state, seat), names, "")))
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
    print(
        f"Drawing: {count} views per game, CPU time per picture (sketch and PNG included), no cache"
    )
    table.print()


# -- 2. a move with and without pictures ---------------------------------------------------------


class PicturedBench(Bench):
    """A move as ``bench.service`` makes it, plus the pictures the bot would ask for."""

    edit_every = 1.0
    hands = False
    drawers: ClassVar[list[Drawer]] = []
    """Every leg's drawer, stopped once its leg is over."""
    asked: ClassVar[list[float]] = []
    """Seconds from asking to drawn, of every picture drawn (the leg's own list)."""
    dropped: ClassVar[list[int]] = [0]

    def __init__(self, service: TableService, rng: random.Random, *, guild: int) -> None:
        super().__init__(service, rng, guild=guild)
        self.drawer = Drawer()
        PicturedBench.drawers.append(self.drawer)
        self._drawn: dict[int, float] = {}
        self._drawing: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()

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
                sketch = table_of(public)
                if sketch is not None:
                    await within(self._ask(sketch, ("table", table_id), urgent=False), 2.0)
        finally:
            self._drawing.pop(table_id, None)

    def _ask(self, sketch: Any, slot: Any, *, urgent: bool) -> asyncio.Future[bytes | None]:
        """Ask the drawer, timing how long the picture takes to follow (or that it never
        did: a newer request for its slot came first)."""
        asked = time.perf_counter()
        future = self.drawer.request(sketch, slot=slot, urgent=urgent)

        def done(drawn: asyncio.Future[bytes | None]) -> None:
            if drawn.result() is None:
                PicturedBench.dropped[0] += 1
            else:
                PicturedBench.asked.append(time.perf_counter() - asked)

        future.add_done_callback(done)
        return future

    async def move(self, seated: Seated) -> bool:
        """``Bench.move``, and with ``hands`` the mover's panel asking for its hand's picture
        without waiting for it. The hand is drawn from the view the panel loaded for the
        move: the bot loads the seat again for its answer with or without pictures, so
        that load is no picture's cost."""
        seat = self.rng.choice(seated.to_act)
        user = seated.players[seat].user_id
        assert user is not None
        panel = await self.service.for_seat(seated.table_id, user)
        action = self.rng.choice(panel.legal)
        played = await self.service.act(seated.table_id, user, action, version=seated.version)
        if self.hands:
            sketch = hand_sketch(seated.game_key, panel.view, panel.table.names)
            if self.drawer.ready(sketch) is None:
                self._ask(sketch, ("hand", seated.table_id, seat), urgent=True)
        await self.render(seated)
        return played.table.status is not TableStatus.ACTIVE


class HandsBench(PicturedBench):
    hands = True


def leg(args: argparse.Namespace, bench_type: type[Bench]) -> float:
    """One timed closed loop on a fresh database, with fresh drawers; actions a second."""
    with tempfile.TemporaryDirectory() as folder:
        run = asyncio.run(
            measure(args, Path(folder) / "bench.db", UNSHARDED, lambda: None, bench_type)
        )
    for drawer in PicturedBench.drawers:
        drawer.stop()
    PicturedBench.drawers.clear()
    return len(run.latencies) / run.seconds


def moves(args: argparse.Namespace) -> None:
    PicturedBench.edit_every = args.edit_every
    modes: list[tuple[str, type[Bench]]] = [("table", PicturedBench), ("table+hand", HandsBench)]
    table = Table("pictures", "pair", "off actions/s", "on actions/s", "on/off")
    ratios: dict[str, list[float]] = {name: [] for name, _ in modes}
    follow: dict[str, list[float]] = {name: [] for name, _ in modes}
    dropped: dict[str, int] = dict.fromkeys(ratios, 0)
    for pair in range(args.pairs):
        for name, bench_type in modes:
            PicturedBench.asked, PicturedBench.dropped = [], [0]
            if pair % 2:  # B A in odd pairs, A B in even ones: neither leg always goes first
                on = leg(args, bench_type)
                off = leg(args, Bench)
            else:
                off = leg(args, Bench)
                on = leg(args, bench_type)
            follow[name] += PicturedBench.asked
            dropped[name] += PicturedBench.dropped[0]
            ratios[name].append(on / off)
            table.add(name, pair + 1, f"{off:,.0f}", f"{on:,.0f}", f"{on / off:.2f}")
    print(
        f"A move with and without pictures: {args.tables} tables, closed loop of "
        f"{args.concurrency}, {args.seconds:g} s a leg, table redrawn at most every "
        f"{args.edit_every:g} s"
    )
    table.print()
    summary = Table(
        "pictures", "min on/off", "median on/off", "drawn", "replaced", "follows p50", "p99"
    )
    for name, values in ratios.items():
        waits = sorted(follow[name]) or [0.0]
        summary.add(
            name,
            f"{min(values):.2f}",
            f"{statistics.median(values):.2f}",
            len(follow[name]),
            dropped[name],
            f"{percentile(waits, 0.5) * 1000:.0f} ms",
            f"{percentile(waits, 0.99) * 1000:.0f} ms",
        )
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
