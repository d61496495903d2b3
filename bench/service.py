"""The table service under load: many games at once on SQLite, driven by random legal moves.

Every move goes the way a click does in the bot: the acting seat's table is
loaded for its panel (``TableService.for_seat``: the legal actions), the move
is applied under the table's lock and saved with its event row in one SQLite
transaction (``TableService.act``), and the public table is loaded and drawn
as the channel sees it (``TableService.public`` and the game's presenter's
``table()`` embeds). That whole round is what one "action" times.

``--tables`` games are kept running (a finished game is replaced by a new one
in its channel, outside the timing), spread over every multi-seat game. Two
ways to drive them:

* ``--rate R``: moves arrive on their own schedule, R a second (a Poisson
  stream) on random idle tables, and each one's time runs from when it was due,
  so queueing counts: this is the latency a player would see at that load.
* otherwise ``--concurrency C`` players move back to back (a closed loop): the
  most actions a second the service manages with C moves in flight.

Memory per game is the Python heap (``tracemalloc``) taken by setting the
tables up and playing one move on each, divided by the tables; the growth of
the process's resident memory over the same step is printed beside it.

    uv run python -m bench.service --tables 500 --rate 1000 --seconds 20
    uv run python -m bench.service --tables 500 --concurrency 8 --seconds 20
    uv run python -m bench.service --tables 50 --seconds 3      # a quick look

``--processes N`` runs the bot's way to more than one core (``TRICKY_SHARD_COUNT``,
see ``bot/shards.py``): N processes on one database file, each running one shard (a
server of it), with ``--tables`` and the load shared out evenly between them. They set their
tables up, wait for each other, then are timed together, and the table below counts
all of their actions (``--separate-files`` gives each its own file, to see what
sharing one costs).

    uv run python -m bench.service --tables 500 --rate 1000 --seconds 20 --processes 2

``--db postgresql://...`` runs the same on PostgreSQL (a fresh database: the bench
opens its tables in channels that must be free), processes and all.

``--concurrency 1 --actions N`` plays the same N moves on every run (the deals are
seeded), to count instructions where timings drift: the difference between a run
with ``--actions 1000`` and one with ``--actions 0`` under
``valgrind --tool=callgrind .venv/bin/python -m bench.service --tables 50
--concurrency 1 --seconds 100000 --actions N``, divided by 1000, is what one action
costs. Code that changes the engines changes the games played, so compare like
with like. The garbage collector's runs in the timed part are printed too: a
collection stops every table at once.

On a virtual machine the host may run others' work on our CPUs ("steal"), in
bursts of seconds, and every table waits meanwhile. The share it stole is printed
for the whole run, and the tail is printed twice: over every action, and over the
actions due in the seconds when it stole at most 1% (queues left by a stolen
second still count there, so that figure errs on the slow side).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import itertools
import multiprocessing
import queue
import random
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

from bench.machine import Table, describe_machine, percentile
from bot.clock import SystemClock
from bot.computer import prepare_games
from bot.shards import UNSHARDED, Shards
from bot.storage.checkpoints import CHECKPOINT_EVERY
from bot.storage.database import Database, NappingConnection, is_url
from bot.storage.migrations import migrate
from bot.tables.model import Player, TableStatus
from bot.tables.service import TableService
from cogs.presenters import PRESENTERS
from games.catalog import CATALOG

__all__ = ["main"]

SEATS = 3
"""Seats per table where the game allows (Short Changed and Tricky take 2 to 5)."""
SHORT_OPTIONS: dict[str, dict[str, object]] = {
    "tricky": {"target_per_seat": 250},
}
"""Keeps a random Tricky game to a few hundred moves, like the other games."""
QUIET_STEAL = 0.01
"""A second in which the host stole at most this share of the machine's CPU time is quiet."""


@dataclass(slots=True)
class Seated:
    """A running table the bench drives, and who sits at it."""

    channel: int
    game_key: str
    players: tuple[Player, ...]
    table_id: int = 0
    version: int = 0
    to_act: tuple[int, ...] = ()


@dataclass(slots=True)
class Run:
    latencies: list[float] = field(default_factory=list)
    due: list[float] = field(default_factory=list)
    """When each action was due (``time.monotonic``), beside its latency."""
    refused: int = 0
    finished: int = 0
    seconds: float = 0.0
    loop_cpu: float = 0.0
    """CPU seconds of the event loop's thread (everything but SQLite's own thread)."""
    process_cpu: float = 0.0
    collections: Collections = field(default_factory=lambda: Collections())
    heap: int = 0
    """Python heap bytes the tables took (tracemalloc)."""
    rss: int = 0
    """Growth of the resident memory while setting the tables up."""
    stolen: float = 0.0
    """The share of the machine's CPU time the host took for others during the timed part."""
    statements: list[float] = field(default_factory=list)
    """How long each SQLite statement took during the timed part (:class:`Statements`)."""
    seconds_stolen: list[tuple[float, float, float]] = field(default_factory=list)
    """Each second of the timed part: when it began and ended, and the share of the machine's
    CPU time the host stole in it."""

    def quiet_latencies(self, most_stolen: float) -> list[float]:
        """The latencies of the actions due in a second in which the host stole at most
        ``most_stolen`` of the machine's CPU time."""
        starts = [began for began, _, _ in self.seconds_stolen]
        quiet: list[float] = []
        for latency, due in zip(self.latencies, self.due, strict=True):
            second = bisect.bisect_right(starts, due) - 1
            if second < 0:
                continue
            _, ended, stolen = self.seconds_stolen[second]
            if due < ended and stolen <= most_stolen:
                quiet.append(latency)
        return quiet


def multi_seat_games() -> list[str]:
    return [key for key, game in CATALOG.items() if game.max_seats > 1]


def cpu_ticks() -> tuple[int, int]:
    """The whole machine's CPU time so far (Linux, in ticks): stolen by the host (a virtual
    machine's CPUs running someone else's work), and all of it; zeros where unknown."""
    try:
        fields = [int(field) for field in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


async def watch_steal(seconds: list[tuple[float, float, float]]) -> None:
    """Note the host's share of the machine's CPU time second by second, until cancelled."""
    loop = asyncio.get_running_loop()
    began = loop.time()
    steal, ticks = cpu_ticks()
    while True:
        await asyncio.sleep(max(0.0, began + 1.0 - loop.time()))
        now = loop.time()
        steal_now, ticks_now = cpu_ticks()
        seconds.append((began, now, (steal_now - steal) / max(1, ticks_now - ticks)))
        began, steal, ticks = now, steal_now, ticks_now


def rss_bytes() -> int:
    """Resident memory of this process now (Linux), or 0 where it cannot be read."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0
    import resource

    return pages * resource.getpagesize()


class Collections:
    """The garbage collector's runs during the timed part, by generation: how many, and the
    longest in CPU time (a collection stops every table at once)."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self._started = 0.0

    def observe(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        generation = info["generation"]
        self.count[generation] += 1
        took = 1000 * (time.thread_time() - self._started)
        self.longest[generation] = max(self.longest[generation], took)


class Statements:
    """Times every statement the bot's connection runs while entered, on SQLite's thread:
    ``NappingConnection.execute``, the statement's first step (where SQLite takes the locks
    it needs and a write does its work) and the naps while another process holds the lock.
    A statement held up by another shard's write shows here before it shows in the tail."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self._real = NappingConnection.execute

    def __enter__(self) -> Statements:
        real = self._real
        took = self.seconds

        def timed(connection: NappingConnection, sql: str, parameters: Any = (), /) -> Any:
            started = time.perf_counter()
            try:
                return real(connection, sql, parameters)
            finally:
                took.append(time.perf_counter() - started)

        NappingConnection.execute = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        NappingConnection.execute = self._real  # type: ignore[method-assign]


class Bench:
    def __init__(self, service: TableService, rng: random.Random, *, guild: int) -> None:
        self.service = service
        self.rng = rng
        self.guild = guild
        self.users = itertools.count(1_000)

    async def seat(self, channel: int, game_key: str) -> Seated:
        """Open, fill and start a table in ``channel``."""
        game = CATALOG[game_key]
        seats = min(game.max_seats, max(game.min_seats, SEATS))
        players = tuple(Player(f"Player {n}", n) for n in itertools.islice(self.users, seats))
        service = self.service
        table = await service.open(
            guild_id=self.guild,
            channel_id=channel,
            game_key=game_key,
            host=players[0],
            options=SHORT_OPTIONS.get(game_key, {}),
        )
        for player in players[1:]:
            await service.join(table.id, player)
        table = await service.start(table.id, players[0].user_id or 0)
        seated = Seated(channel, game_key, players, table.id)
        await self.render(seated)
        return seated

    async def render(self, seated: Seated) -> None:
        """Load the public table and draw it, as the board does after every change."""
        public = await self.service.public(seated.table_id)
        PRESENTERS[seated.game_key].table(public)
        seated.version, seated.to_act = public.table.version, public.to_act

    async def move(self, seated: Seated) -> bool:
        """One random legal move by a seat whose turn it is; whether the game ended."""
        seat = self.rng.choice(seated.to_act)
        user = seated.players[seat].user_id
        assert user is not None
        panel = await self.service.for_seat(seated.table_id, user)
        action = self.rng.choice(panel.legal)
        played = await self.service.act(seated.table_id, user, action, version=seated.version)
        await self.render(seated)
        return played.table.status is not TableStatus.ACTIVE

    async def replace(self, seated: Seated) -> None:
        """A finished game's channel gets a new game, so the number of running tables holds."""
        fresh = await self.seat(seated.channel, seated.game_key)
        seated.players, seated.table_id = fresh.players, fresh.table_id
        seated.version, seated.to_act = fresh.version, fresh.to_act


async def closed_loop(
    bench: Bench, tables: list[Seated], concurrency: int, seconds: float, actions: int | None
) -> Run:
    run = Run()
    idle = list(tables)
    bench.rng.shuffle(idle)
    deadline = time.perf_counter() + seconds
    left = itertools.count(actions, -1) if actions is not None else itertools.repeat(1)

    async def player() -> None:
        while time.perf_counter() < deadline and next(left) > 0:
            seated = idle.pop(bench.rng.randrange(len(idle)))
            started = time.perf_counter()
            run.due.append(time.monotonic())
            ended = await bench.move(seated)
            run.latencies.append(time.perf_counter() - started)
            if ended:
                run.finished += 1
                await bench.replace(seated)
            idle.append(seated)

    started = time.perf_counter()
    await asyncio.gather(*(player() for _ in range(concurrency)))
    run.seconds = time.perf_counter() - started
    return run


async def open_loop(bench: Bench, tables: list[Seated], rate: float, seconds: float) -> Run:
    run = Run()
    idle = list(tables)
    busy: set[asyncio.Task[None]] = set()
    loop = asyncio.get_running_loop()

    async def one(seated: Seated, due: float) -> None:
        ended = await bench.move(seated)
        run.latencies.append(loop.time() - due)
        run.due.append(due)  # the event loop's clock is time.monotonic
        if ended:
            run.finished += 1
            await bench.replace(seated)
        idle.append(seated)

    started = loop.time()
    due = started
    while due - started < seconds:
        due += bench.rng.expovariate(rate)
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        if not idle:  # every table already has a move in flight: count it as refused load
            run.refused += 1
            continue
        seated = idle.pop(bench.rng.randrange(len(idle)))
        task = asyncio.create_task(one(seated, due))
        busy.add(task)
        task.add_done_callback(busy.discard)
    while busy:
        await asyncio.gather(*list(busy))
    run.seconds = loop.time() - started
    return run


async def measure(
    args: argparse.Namespace,
    path: Path | str,
    shards: Shards,
    ready: Callable[[], object],
    bench_type: type[Bench] = Bench,
) -> Run:
    """Set ``args.tables`` tables up in a server of this process's first shard on the
    database at ``path``,
    call ``ready()``, then drive them for the timed part. ``bench_type`` lets another
    bench (``bench.pictures``) add to what each move does."""
    db = await Database.open(path, checkpoint_every=args.checkpoint_every or None)
    await migrate(db)  # shards starting together: one applies, the others wait
    # Seeded deals, so that a run with the same arguments plays the same games (the
    # instruction counts of --actions compare like with like).
    shard = min(shards.ids)
    deals = random.Random(args.seed + shard)
    service = TableService(
        db, CATALOG, SystemClock(), seeds=lambda: deals.getrandbits(62), shards=shards
    )
    # A server id on this shard (Discord's formula: the bits above 22, modulo the count).
    bench = bench_type(service, random.Random(args.seed + shard), guild=shard << 22 | 1)
    keys = args.game or multi_seat_games()
    prepare_games()  # the word lists, loaded before the first move as the bot does at start-up

    gc.collect()
    rss_before = rss_bytes()
    tracemalloc.start()
    channels = range(shard * args.tables, (shard + 1) * args.tables)
    tables = [await bench.seat(channel, keys[channel % len(keys)]) for channel in channels]
    for seated in tables:  # one move each, so every table's state is loaded and cached
        if await bench.move(seated):
            await bench.replace(seated)
    gc.collect()
    heap, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = rss_bytes()

    ready()
    steal, ticks = cpu_ticks()
    pauses = Collections()
    gc.callbacks.append(pauses.observe)
    seconds: list[tuple[float, float, float]] = []
    watching = asyncio.create_task(watch_steal(seconds))
    loop_cpu, process_cpu = time.thread_time(), time.process_time()
    with Statements() as statements:
        if args.rate:
            run = await open_loop(bench, tables, args.rate, args.seconds)
        else:
            run = await closed_loop(bench, tables, args.concurrency, args.seconds, args.actions)
    run.statements = statements.seconds
    run.loop_cpu = time.thread_time() - loop_cpu
    watching.cancel()
    run.seconds_stolen = seconds
    gc.callbacks.remove(pauses.observe)
    run.process_cpu = time.process_time() - process_cpu
    run.collections = pauses
    steal_after, ticks_after = cpu_ticks()
    run.stolen = (steal_after - steal) / max(1, ticks_after - ticks)
    run.heap, run.rss = heap, rss_after - rss_before
    await db.close()
    return run


def shard_process(
    args: argparse.Namespace,
    path: Path | str,
    shards: Shards,
    start: Barrier,
    results: Queue[Run | str],
) -> None:
    """One shard's process: its share of the tables and of the load, timed in step with the
    others (they all pass ``start`` before the timed part)."""
    try:
        results.put(asyncio.run(measure(args, path, shards, start.wait)))
    except BaseException:
        start.abort()  # the other shards stop waiting for this one
        results.put(traceback.format_exc())


def in_shards(args: argparse.Namespace, path: Path | str) -> list[Run]:
    """Run ``args.processes`` shard processes at once, each with its share of the tables and
    the load, as the bot runs with ``TRICKY_SHARD_COUNT``."""
    count = args.processes
    share = argparse.Namespace(**vars(args))
    share.tables = args.tables // count
    share.rate = args.rate / count if args.rate else None
    share.concurrency = max(1, args.concurrency // count)
    share.actions = None if args.actions is None else args.actions // count
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(count)
    results: Queue[Run | str] = context.Queue()
    if args.separate_files and not isinstance(path, Path):
        raise SystemExit("--separate-files is for SQLite files, not a PostgreSQL URL")
    paths = [
        path.with_name(f"{path.stem}-{n}{path.suffix}")
        if args.separate_files and isinstance(path, Path)
        else path
        for n in range(count)
    ]
    processes = [
        context.Process(
            target=shard_process,
            args=(share, where, Shards(count, frozenset({n})), start, results),
        )
        for n, where in enumerate(paths)
    ]
    for process in processes:
        process.start()
    runs: list[Run | str] = []
    while len(runs) < count:
        try:
            runs.append(results.get(timeout=1))
        except queue.Empty:
            if not any(process.is_alive() for process in processes) and results.empty():
                raise SystemExit("a shard's process died without a word") from None
    for process in processes:
        process.join()
    failed = [run for run in runs if isinstance(run, str)]
    if failed:
        raise SystemExit("a shard's process failed:\n" + failed[0])
    return [run for run in runs if isinstance(run, Run)]


async def in_this_process(args: argparse.Namespace, path: Path | str) -> list[Run]:
    return [await measure(args, path, UNSHARDED, lambda: None)]


def report(args: argparse.Namespace, runs: list[Run]) -> None:
    """One table for the whole run: every process's actions together."""
    latencies = [latency for run in runs for latency in run.latencies]
    actions = len(latencies)
    samples = sorted(latencies) or [0.0]  # --actions 0 times no action
    per_action = max(actions, 1)
    loop_cpu = sum(run.loop_cpu for run in runs)
    process_cpu = sum(run.process_cpu for run in runs)
    if args.rate:
        mode = f"open loop, {args.rate:,.0f} actions/s offered"
    else:
        mode = f"closed loop, {args.concurrency} in flight"
    table = Table("measure", "value")
    table.add("mode", mode)
    table.add("processes (shards)", len(runs))
    table.add("games running", sum(args.tables // len(runs) for _ in runs))
    table.add("games", ", ".join(args.game or multi_seat_games()))
    table.add("actions", actions)
    # Each process's own rate, added up: they ran side by side for the same seconds.
    table.add("actions/s", sum(len(run.latencies) / run.seconds for run in runs))
    table.add("p50 ms", 1000 * percentile(samples, 0.5))
    table.add("p99 ms", 1000 * percentile(samples, 0.99))
    table.add("max ms", 1000 * samples[-1])
    # The host's steal comes in bursts of seconds and the tail follows it: the same run's
    # tail counting only the actions due in the seconds it left nearly alone.
    quiet = sorted(latency for run in runs for latency in run.quiet_latencies(QUIET_STEAL))
    table.add(
        f"p99 ms of actions in seconds the host stole <= {QUIET_STEAL:.0%}",
        f"{1000 * percentile(quiet, 0.99):.2f} ({len(quiet):,} actions)" if quiet else "none",
    )
    # A statement that met another shard's lock waits on SQLite's thread, and every move
    # grouped behind it waits too.
    statements = sorted(seconds for run in runs for seconds in run.statements) or [0.0]
    table.add(
        "SQLite statements: p99 ms, share over 2 ms",
        f"{1000 * percentile(statements, 0.99):.2f}, "
        f"{sum(seconds > 0.002 for seconds in statements) / len(statements):.2%}",
    )
    # CPU per action says what the run cost whatever else the machine was doing; the event
    # loop's share bounds the actions a second one process can serve.
    table.add("event loop CPU µs per action", 1e6 * loop_cpu / per_action)
    table.add("other threads CPU µs per action", 1e6 * (process_cpu - loop_cpu) / per_action)
    for generation in range(3):
        count = sum(run.collections.count[generation] for run in runs)
        longest = max(run.collections.longest[generation] for run in runs)
        table.add(f"collections of generation {generation}, longest ms", f"{count}, {longest:.1f}")
    # A virtual machine's host may run others on our CPUs: every process waits meanwhile.
    table.add("CPU time stolen by the host %", 100 * max(run.stolen for run in runs))
    table.add("games finished (replaced)", sum(run.finished for run in runs))
    if args.rate:
        table.add("moves dropped (all tables busy)", sum(run.refused for run in runs))
    tables = sum(args.tables // len(runs) for _ in runs)
    table.add("heap KiB per game (tracemalloc)", sum(run.heap for run in runs) / 1024 / tables)
    table.add("RSS KiB per game", sum(run.rss for run in runs) / 1024 / tables)
    table.print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.service", description=__doc__)
    parser.add_argument("--tables", type=int, default=500, help="games running at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to drive them")
    parser.add_argument("--rate", type=float, help="offered actions a second (open loop)")
    parser.add_argument("--concurrency", type=int, default=8, help="moves in flight (closed)")
    parser.add_argument(
        "--actions", type=int, help="closed loop: stop after this many (0: only set the tables up)"
    )
    parser.add_argument(
        "--game", action="append", choices=multi_seat_games(), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--db",
        help="the SQLite file (default: a fresh one in a temp folder), or a fresh "
        "PostgreSQL database's postgresql:// URL",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--checkpoint-every",
        type=float,
        default=CHECKPOINT_EVERY,
        help="seconds between background WAL checkpoints; 0: SQLite's own, in the commits",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="shards: processes on one database file, each with its share of the tables and load",
    )
    parser.add_argument(
        "--separate-files",
        action="store_true",
        help="with --processes: a database file each, to see what sharing one costs",
    )
    args = parser.parse_args(argv)
    print(describe_machine())
    with tempfile.TemporaryDirectory() as folder:
        path: Path | str = Path(folder) / "bench.db"
        if args.db:
            path = args.db if is_url(args.db) else Path(args.db)
        if args.processes > 1:
            runs = in_shards(args, path)
        else:
            runs = asyncio.run(in_this_process(args, path))
    report(args, runs)
    print(describe_machine())


if __name__ == "__main__":
    main()
