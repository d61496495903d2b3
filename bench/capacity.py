"""How much one machine serves: each case printed as a ratio against its reference, both
measured in this one run (the machine is shared, so absolute times mean little).

Cases (``--case``, all by default):

* ``memory``: the private resident memory a *second* process adds by loading both word
  lists while a first process holds them too: the mapped word files
  (``bot/word_files.py``) against the word lists as in-memory sets (the games' default
  source, how every process held them before). Private memory is
  ``Private_Clean + Private_Dirty`` of ``/proc/self/smaps_rollup``: pages no other
  process shares. The mapped side is measured twice: just loaded, and with each
  dictionary's card-group memo filled to its bound by finding words in random hands,
  as a process holds it once it has played both for a while.
* ``lookups``: ``word in lexicon`` for a mix of words and non-words, and finding every
  word in random hands (``finder.words_in``, what a computer player does each turn), on
  a mapped table against the in-memory sets, interleaved A B A B. "cold" clears the
  table's card-group memo before each pass, "warm" repeats the pass on the filled memo
  (words have no memo: ``word in lexicon`` asks the table's DAWG each time, so its cold
  and warm passes differ only by chance). ``word in
  lexicon`` is measured twice: with the sets' own strings as probes (hashes cached, a
  set answers by identity), and with freshly built copies, as the bot's words are. A
  pass is timed in the process's CPU time.
* ``decisions``: what the look-ups come to in use: a hard Short Word decision (a fixed
  count of worlds, so the same work either way) at positions spread over three random
  games, on the mapped word file against the in-memory sets, interleaved a decision at
  a time; the ratio of their CPU times over all positions. Both sides must choose the
  same moves.

* ``startup``: from building the bot (``create_bot``, its ``setup_hook``, on simcord) to
  its answer to the first interaction (``/tricky new``) with 10,000 running clocked
  tables in its database, against the same with none, interleaved.

* ``tables``: four players moving back to back (a closed loop, each move a click's whole
  round, ``bench.service``) on one service with 10,000 running tables against one with
  100, interleaved: actions a second and p99 of an action, 10,000 over 100. The 10,000
  are copies of 100 real games made in bulk, each drawn once before the timing (as a
  running bot has drawn them); every move then picks a table at random.

* ``overload``: 100 tables on one service; its capacity measured in a closed loop
  (four players moving back to back), then moves
  arriving at random (Poisson) at half and at twice that rate: the p99 latency of the
  accepted moves (from when each was due) at twice over at half. Moves refused as
  busy are counted.

* ``computers``: 100 Short Changed tables, each of two people (moving at random about
  ten seconds after their turn starts) and one hard computer player (up to a second a
  decision), for 45 seconds: the p50 and p99 wait of a computer move, from its seat's
  turn starting to the move, with a worker per core against one worker. A turn still
  waiting at the end counts with the time it waited so far.

    uv run --locked python -m bench.capacity
    uv run --locked python -m bench.capacity --case memory
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.machine import describe_machine

__all__ = ["main"]


def private_bytes() -> int:
    """This process's memory no other process shares (Linux ``smaps_rollup``)."""
    total = 0
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            total += int(line.split()[1]) * 1024
    return total


def _load_words(mode: str, directory: Path) -> None:
    """Load both dictionaries and their word-finding index as the bot's start-up does."""
    from games.short_word import GAME

    if mode in ("mapped", "mapped-used"):
        from bot.word_files import use_word_files

        use_word_files(directory)
    GAME.prepare()
    if mode == "mapped-used":
        _fill_memos(GAME)


def _fill_memos(game: Any) -> None:
    """Find words in random hands until each dictionary's card-group memo is about full:
    what a process that has played both dictionaries for a while holds."""
    from games.short_word.cards import CARDS
    from games.short_word.finder import words_in
    from games.short_word.lexicon import _MEMO_ENTRY_BYTES, DICTIONARIES, MEMO_BYTES

    limit = MEMO_BYTES // _MEMO_ENTRY_BYTES
    rng = random.Random(24)
    for dictionary in DICTIONARIES:
        lexicon = game.lexicons.get(dictionary, (), ())
        memo = lexicon.card_groups()
        while len(memo) < limit - 2048:  # the next hand could empty a full memo
            words_in(tuple(rng.choice(CARDS) for _ in range(11)), lexicon)


def child_memory(mode: str, directory: Path) -> None:
    """Print the private memory loading the words added, then hold it until stdin closes."""
    import gc

    import games.short_word  # noqa: F401  (the interpreter and the rules, before measuring)

    gc.collect()
    before = private_bytes()
    _load_words(mode, directory)
    gc.collect()
    print(private_bytes() - before, flush=True)
    sys.stdin.read()


def second_process_memory(mode: str, directory: Path) -> int:
    """What a second process adds for the words while a first holds them too."""
    return second_of_two(
        [sys.executable, "-m", "bench.capacity", "--child-memory", mode, str(directory)]
    )


def second_of_two(command: list[str]) -> int:
    """Two processes of ``command``, each printing the private memory it added and then
    holding it until its stdin closes: what the second one printed (pages the first
    shares are not private to it)."""
    first = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    second = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and second.stdout is not None
        first.stdout.readline()
        return int(second.stdout.readline())
    finally:
        for process in (first, second):
            assert process.stdin is not None
            process.stdin.close()
            process.wait()


def memory_case(directory: Path, rounds: int) -> None:
    from bot.word_files import WordFiles

    for name in ("modern", "webster"):
        WordFiles(directory)(name)  # built before timing anything
    ratios, used = [], []
    for _ in range(rounds):
        sets = second_process_memory("sets", directory)
        mapped = second_process_memory("mapped", directory)
        full = second_process_memory("mapped-used", directory)
        ratios.append(mapped / sets)
        used.append(full / sets)
        print(
            f"  second process adds: sets {sets / 2**20:.1f} MiB, mapped {mapped / 2**20:.1f} "
            f"MiB, mapped with both memos full {full / 2**20:.1f} MiB"
        )
    _ratio("memory: mapped / sets (second process, private)", ratios, "goal < 0.10")
    _ratio("memory: mapped, memos full / sets", used, "goal < 0.10")


def _ratio(name: str, ratios: list[float], goal: str) -> None:
    print(
        f"{name}: min {min(ratios):.3f} median {statistics.median(ratios):.3f} "
        f"over {len(ratios)} ({goal})"
    )


def cpu_seconds(work: Callable[[], object]) -> float:
    """This process's CPU time for ``work``, not the wall clock: a pass takes a few
    milliseconds, and on a shared machine a wall-clock pass that loses the processor to
    another job for a time slice reads two to three times longer."""
    started = time.process_time()
    work()
    return time.process_time() - started


def lookups_case(directory: Path, rounds: int) -> None:
    from bot.word_files import WordFiles
    from games.short_word.cards import CARDS
    from games.short_word.finder import words_in
    from games.short_word.lexicon import Lexicon, _memo, packaged_words

    table = WordFiles(directory)("modern")
    words = packaged_words("modern")
    sets, mapped = Lexicon("modern", words), Lexicon("modern", table)
    rng = random.Random(24)
    listed = sorted(words)
    letters = "abcdefghijklmnopqrstuvwxyz"
    probes = rng.sample(listed, 5000) + [
        "".join(rng.choice(letters) for _ in range(rng.randint(3, 9))) for _ in range(5000)
    ]
    rng.shuffle(probes)
    hands = [tuple(rng.choice(CARDS) for _ in range(10)) for _ in range(20)]
    sets.card_groups()  # the in-memory index is built before timing
    # ...and kept from the collector, as the bot does (bot.computer.prepare_games): else a
    # full collection walking it would be timed against the sets.
    import gc

    gc.collect()
    gc.freeze()

    def forget() -> None:
        _memo(table).clear()  # a word is looked up in the table's DAWG, with no memo

    def membership(lexicon: Lexicon) -> Callable[[], object]:
        return lambda: [probe in lexicon for probe in probes]

    def fresh_membership(lexicon: Lexicon) -> Callable[[], object]:
        # The probes above are the very strings the sets hold, their hashes already
        # computed: a set answers a word by identity, without hashing or comparing text.
        # A word the bot checks is a string just built (typed by a player, or put
        # together by the finder), so here each pass, either side, cold or warm, asks
        # copies made just before it.
        fresh = [(probe + " ")[:-1] for probe in probes]
        return lambda: [probe in lexicon for probe in fresh]

    def finding(lexicon: Lexicon) -> Callable[[], object]:
        return lambda: [words_in(hand, lexicon) for hand in hands]

    for label, work in (
        ("word in lexicon", membership),
        ("word in lexicon, fresh strings", fresh_membership),
        ("words_in(hand)", finding),
    ):
        cold, warm = [], []
        for _ in range(rounds):
            reference = cpu_seconds(work(sets))
            forget()
            cold.append(cpu_seconds(work(mapped)) / reference)
            reference = cpu_seconds(work(sets))
            warm.append(cpu_seconds(work(mapped)) / reference)
        _ratio(f"lookups {label}, cold: mapped / sets", cold, "goal <= 1")
        _ratio(f"lookups {label}, warm: mapped / sets", warm, "goal <= 1")


DECISION_WORLDS = 400
"""Worlds a hard decision plays out in the decisions case: a fifth of what the bot's
second buys (``bench.ai.WORLDS_PER_SECOND``), the same work on either side."""


def decisions_case(directory: Path, rounds: int) -> None:
    """A hard Short Word decision on the mapped word file against the in-memory sets."""
    import gc

    from bot.word_files import WordFiles
    from games.short_word.game import ShortWordGame
    from games.short_word.lexicon import packaged_words

    sets, mapped = ShortWordGame(packaged_words), ShortWordGame(WordFiles(directory))
    sets.prepare()
    mapped.prepare()
    gc.collect()
    gc.freeze()  # as the bot's workers keep the games' indexes (bot.computer.prepare_games)
    ratios = decision_ratios(sets, mapped, rounds)
    _ratio(
        f"decisions: hard Short Word, {DECISION_WORLDS} worlds, mapped / sets", ratios, "goal <= 1"
    )


def decision_ratios(reference: Any, other: Any, rounds: int) -> list[float]:
    """Each round, the CPU time of hard decisions with the ``other`` Short Word game over
    the time with the ``reference`` one, at the same positions, a decision at a time.

    The two must choose the same moves: they hold the same words.
    """
    import copy

    from games.ai.knowledge import Knowledge
    from games.ai.player import Budget
    from games.ai.search import HardPlayer
    from games.catalog import tactics_for
    from games.core.playout import play_out, random_policy

    tactics = tactics_for("short_word")
    player = HardPlayer(Budget(seconds=None, iterations=DECISION_WORLDS), tactics=tactics_for)
    # Positions spread over three random three-seat games, about eight from each.
    positions: list[tuple[Any, int]] = []
    policy = random_policy(reference)
    for seed in (1, 2, 3):
        state = reference.new(3, seed)
        moves = play_out(reference, copy.deepcopy(state), lambda _seat: policy, random.Random(seed))
        for n, move in enumerate(moves.moves):
            if n % max(1, len(moves.moves) // 8) == 0:
                positions.append((copy.deepcopy(state), move.seat))
            reference.apply(state, move.seat, move.action)

    def decide(game: Any, state: Any, seat: int, seed: int) -> tuple[float, object]:
        knowledge: Any = Knowledge(game, state, seat, refine=tactics.refine)
        started = time.process_time()
        action = player.search(knowledge, tactics, random.Random(seed)).action
        return time.process_time() - started, action

    ratios = []
    for _ in range(rounds):
        on_reference = on_other = 0.0
        for seed, (state, seat) in enumerate(positions):
            spent, chosen = decide(reference, state, seat, seed)
            on_reference += spent
            spent, also = decide(other, state, seat, seed)
            on_other += spent
            if also != chosen:  # the same words either way, so the same search
                raise AssertionError(f"one side chose {also!r}, the reference {chosen!r}")
        ratios.append(on_other / on_reference)
        print(
            f"  {len(positions)} decisions: reference {on_reference:.2f} s, "
            f"other {on_other:.2f} s CPU"
        )
    return ratios


async def _stored_tables(path: Path, count: int) -> int:
    """A database at ``path`` with ``count`` running two-seat games with turn clocks, plus
    one more (returned) that is looked at; copies of one real game, made in bulk."""
    from bot.clock import SystemClock
    from bot.computer import ComputerPlayers
    from bot.storage.database import Database
    from bot.storage.deadlines import DeadlineRepository
    from bot.storage.migrations import migrate
    from bot.tables.model import Player
    from bot.tables.service import TableService
    from bot.turn_clock import TurnClock
    from games.catalog import CATALOG

    db = await Database.open(path, checkpoint_every=None)
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    try:
        await migrate(db)
        service = TableService(db, CATALOG, SystemClock())
        service.listen(TurnClock(service, DeadlineRepository(db), computers))
        lobby = await service.open(
            guild_id=1, channel_id=1, game_key="short_changed", host=Player("Ann", 1)
        )
        await service.join(lobby.id, Player("Bo", 2))
        await service.set_clock(lobby.id, 1, 600)
        table = await service.start(lobby.id, 1)
        async with db.transaction() as sql:
            for n in range(count):
                copy = table.id + 1 + n
                await sql.execute(
                    "INSERT INTO tables (id, guild_id, channel_id, game_key, status, host_id, "
                    "options_json, seed, state_json, version, created_at, started_at, updated_at, "
                    "turn_seconds) SELECT ?, guild_id, ?, game_key, status, host_id, options_json, "
                    "seed, state_json, version, created_at, started_at, updated_at, turn_seconds "
                    "FROM tables WHERE id = ?",
                    (copy, 2 + n, table.id),
                )
                await sql.execute(
                    "INSERT INTO seats SELECT ?, seat, user_id, name, computer, joined_at, "
                    "away_streak, taken_over FROM seats WHERE table_id = ?",
                    (copy, table.id),
                )
                await sql.execute(
                    "INSERT INTO deadlines (table_id, seat, started_at, due_at, reminded, "
                    "wake_at) SELECT ?, seat, started_at, due_at, reminded, wake_at "
                    "FROM deadlines WHERE table_id = ?",
                    (copy, table.id),
                )
        return table.id
    finally:
        computers.close()
        await db.close()


async def _start_and_answer(path: Path, words: Path) -> float:
    """Seconds from building the bot on the database at ``path`` to its first answer to the
    first interaction (``/tricky new`` in a fresh channel), on simcord."""
    import simcord

    from bench.bot import _first_answer, watch_first_answers
    from bot.app import create_bot
    from bot.settings import Settings

    settings = Settings(
        token="bench-token",
        database=path,
        cache_dir=words,
        ai_workers=0,
        preload=False,
        _env_file=None,
    )
    watch_first_answers()
    _first_answer.clear()
    started = time.perf_counter()
    bot = create_bot(settings)
    async with simcord.run(bot, check_errors=False) as env:
        guild = env.create_guild(name="start-up")
        channel = guild.create_text_channel("first")
        member = guild.add_member(env.create_user("first"))
        await member.slash(channel, "tricky new", game="short_changed")
        took = _first_answer[0] - started
        await bot.turn_clock.idle()  # the clocks' restart, finished outside the timing
    await bot.close()
    return took


def startup_case(directory: Path, rounds: int, stored: int = 10_000) -> None:
    import shutil

    with tempfile.TemporaryDirectory() as scratch:
        empty, full = Path(scratch) / "empty.db", Path(scratch) / "full.db"
        asyncio.run(_stored_tables(empty, 0))
        asyncio.run(_stored_tables(full, stored))
        ratios = []
        for _ in range(rounds):
            # Each start works on a fresh copy: a start restarts the clocks it finds.
            for source in (empty, full):
                shutil.copy(source, source.with_suffix(".run"))
            none = asyncio.run(_start_and_answer(empty.with_suffix(".run"), directory))
            many = asyncio.run(_start_and_answer(full.with_suffix(".run"), directory))
            ratios.append(many / none)
            print(
                f"  first answer: none {none * 1000:.0f} ms, {stored} tables {many * 1000:.0f} ms"
            )
        _ratio(f"startup: {stored} running tables / none", ratios, "goal <= 1.5")


CAPACITY_PLAYERS = 4
"""Players moving back to back while the service's capacity is measured."""


async def _many_tables(
    path: Path, count: int, seed: int, real: int = 100
) -> tuple[Any, Any, list[Any]]:
    """A service on a new database at ``path`` with ``count`` running tables: ``real`` of
    them played into (one move each) over every multi-seat game, the rest copies of those
    made in bulk."""
    from bench.service import Bench, Seated, multi_seat_games
    from bot.clock import SystemClock
    from bot.storage.database import Database
    from bot.storage.migrations import migrate
    from bot.tables.service import TableService
    from games.catalog import CATALOG

    db = await Database.open(path, checkpoint_every=None)
    await migrate(db)
    deals = random.Random(seed)
    service = TableService(db, CATALOG, SystemClock(), seeds=lambda: deals.getrandbits(62))
    bench = Bench(service, random.Random(seed), guild=1)
    keys = multi_seat_games()
    real = min(count, real)
    seated = [await bench.seat(n, keys[n % len(keys)]) for n in range(real)]
    for table in seated:
        if await bench.move(table):
            await bench.replace(table)
    channel = real
    async with db.transaction() as sql:
        for n in range(count - real):
            model = seated[n % real]
            channel += 1
            cursor = await sql.execute(
                "INSERT INTO tables (guild_id, channel_id, game_key, status, host_id, "
                "options_json, seed, state_json, version, created_at, started_at, updated_at, "
                "turn_seconds) SELECT guild_id, ?, game_key, status, host_id, options_json, "
                "seed, state_json, version, created_at, started_at, updated_at, turn_seconds "
                "FROM tables WHERE id = ?",
                (channel, model.table_id),
            )
            copy = cursor.lastrowid
            assert copy is not None
            await sql.execute(
                "INSERT INTO seats SELECT ?, seat, user_id, name, computer, joined_at, "
                "away_streak, taken_over FROM seats WHERE table_id = ?",
                (copy, model.table_id),
            )
            seated.append(
                Seated(channel, model.game_key, model.players, copy, model.version, model.to_act)
            )
    for table in seated:  # every table drawn once, as a running bot has: what fits is cached
        await bench.render(table)
    return db, bench, seated


async def _tables_rounds(rounds: int, seconds: float, many: int) -> list[tuple[float, float]]:
    """Per round: (actions a second, p99) with ``many`` tables over the same with 100."""
    from bench.machine import percentile
    from bench.service import closed_loop

    with tempfile.TemporaryDirectory() as scratch:
        few_db, few, few_tables = await _many_tables(Path(scratch) / "few.db", 100, 24)
        many_db, lots, many_tables = await _many_tables(Path(scratch) / "many.db", many, 24)
        try:
            ratios = []
            for _ in range(rounds):
                a = await closed_loop(few, few_tables, CAPACITY_PLAYERS, seconds, None)
                b = await closed_loop(lots, many_tables, CAPACITY_PLAYERS, seconds, None)
                rate_a, rate_b = len(a.latencies) / a.seconds, len(b.latencies) / b.seconds
                p99_a = percentile(sorted(a.latencies), 0.99)
                p99_b = percentile(sorted(b.latencies), 0.99)
                ratios.append((rate_a / rate_b, p99_b / p99_a))
                print(
                    f"  100 tables {rate_a:.0f}/s p99 {p99_a * 1000:.1f} ms; "
                    f"{many} tables {rate_b:.0f}/s p99 {p99_b * 1000:.1f} ms"
                )
            return ratios
        finally:
            await few_db.close()
            await many_db.close()


def tables_case(directory: Path, rounds: int, many: int = 10_000) -> None:
    from bot.computer import prepare_games

    prepare_games(directory)  # the word lists loaded first, as the bot does at start-up
    ratios = asyncio.run(_tables_rounds(rounds, seconds=3.0, many=many))
    _ratio(f"tables: actions a second, 100 tables / {many}", [r for r, _ in ratios], "goal <= 1.2")
    _ratio(f"tables: p99 of an action, {many} tables / 100", [p for _, p in ratios], "goal <= 1.2")


async def _overload_rounds(rounds: int, seconds: float, tables: int) -> list[float]:
    """p99 of accepted moves at twice the capacity over p99 at half of it, per round."""
    from bench.machine import percentile
    from bench.service import Bench, Seated, multi_seat_games
    from bot.clock import SystemClock
    from bot.storage.database import Database
    from bot.storage.migrations import migrate
    from bot.tables.admission import Busy
    from bot.tables.service import TableService
    from games.catalog import CATALOG

    with tempfile.TemporaryDirectory() as scratch:
        db = await Database.open(Path(scratch) / "overload.db")
        try:
            await migrate(db)
            deals = random.Random(24)
            service = TableService(db, CATALOG, SystemClock(), seeds=lambda: deals.getrandbits(62))
            bench = Bench(service, random.Random(24), guild=1)
            keys = multi_seat_games()
            seated = [await bench.seat(n, keys[n % len(keys)]) for n in range(tables)]
            idle = list(seated)

            async def play(table: Seated) -> bool:
                """One move; whether it was accepted."""
                try:
                    if await bench.move(table):
                        await bench.replace(table)
                except Busy:
                    return False
                finally:
                    idle.append(table)
                return True

            async def closed(concurrency: int) -> float:
                done = 0
                ends = time.perf_counter() + seconds

                async def player() -> None:
                    nonlocal done
                    while time.perf_counter() < ends:
                        done += await play(idle.pop(bench.rng.randrange(len(idle))))

                started = time.perf_counter()
                await asyncio.gather(*(player() for _ in range(concurrency)))
                return done / (time.perf_counter() - started)

            async def open_loop(rate: float) -> tuple[list[float], int]:
                loop = asyncio.get_running_loop()
                accepted: list[float] = []
                refused = 0
                busy: set[asyncio.Task[None]] = set()

                async def one(table: Seated, due: float) -> None:
                    nonlocal refused
                    if await play(table):
                        accepted.append(loop.time() - due)
                    else:
                        refused += 1

                due = started = loop.time()
                while due - started < seconds:
                    due += bench.rng.expovariate(rate)
                    await asyncio.sleep(max(0.0, due - loop.time()))
                    if idle:
                        task = loop.create_task(one(idle.pop(bench.rng.randrange(len(idle))), due))
                        busy.add(task)
                        task.add_done_callback(busy.discard)
                await asyncio.gather(*list(busy))
                return accepted, refused

            ratios = []
            for _ in range(rounds):
                capacity = await closed(CAPACITY_PLAYERS)
                half, _ = await open_loop(capacity / 2)
                double, refused = await open_loop(capacity * 2)
                low, high = percentile(sorted(half), 0.99), percentile(sorted(double), 0.99)
                ratios.append(high / low)
                print(
                    f"  capacity {capacity:.0f} moves/s; p99 accepted at half {low * 1000:.0f} ms, "
                    f"at double {high * 1000:.0f} ms ({len(double)} accepted, {refused} busy)"
                )
            return ratios
        finally:
            await db.close()


def overload_case(directory: Path, rounds: int) -> None:
    ratios = asyncio.run(_overload_rounds(rounds, seconds=5.0, tables=100))
    _ratio("overload: p99 of accepted moves at 2x capacity / at 0.5x", ratios, "goal <= 3")


async def _computer_waits(
    workers: int, seconds: float, tables: int, think: float, words: Path
) -> list[float]:
    """Seconds each computer move waited from its seat's turn starting to the move, with
    ``tables`` Short Changed tables of two people (moving at random after about ``think``
    seconds) and one hard computer player, for ``seconds``, the pool having ``workers``."""
    from bot.clock import SystemClock
    from bot.computer import ComputerPlayers
    from bot.storage.database import Database
    from bot.storage.deadlines import DeadlineRepository
    from bot.storage.migrations import migrate
    from bot.tables.model import Player, TableStatus
    from bot.tables.service import Busy, Change, TableError, TableService
    from bot.turn_clock import TurnClock
    from games.catalog import CATALOG
    from games.core.errors import GameError

    rng = random.Random(24)
    waits: list[float] = []
    turn_began: dict[tuple[int, int], float] = {}
    moving: set[tuple[int, int]] = set()
    running: set[asyncio.Task[None]] = set()
    loop = asyncio.get_running_loop()

    def later(work: Any) -> None:
        task = loop.create_task(work)
        running.add(task)
        task.add_done_callback(running.discard)

    with tempfile.TemporaryDirectory() as scratch:
        db = await Database.open(Path(scratch) / "computers.db")
        computers = ComputerPlayers(workers=workers, seconds=1.0, preload=True, words=words)
        try:
            await migrate(db)
            # Every worker started and ready before the timing (a spawned worker takes seconds).
            game = CATALOG["short_changed"]
            opening = game.new(3, 1, game.options({}))
            await asyncio.gather(
                *(
                    computers.choose("short_changed", game.dump_state(opening), 0, "easy", table=n)
                    for n in range(workers)
                )
            )
            service = TableService(db, CATALOG, SystemClock(), seeds=lambda: rng.getrandbits(62))
            clock = TurnClock(service, DeadlineRepository(db), computers)
            service.listen(clock)
            users = iter(range(1_000, 10**9))
            channels = iter(range(1, 10**9))

            async def person(table_id: int, user: int) -> None:
                await asyncio.sleep(rng.expovariate(1 / think))
                try:
                    seat = await service.for_seat(table_id, user)
                    if seat.seat in seat.to_act:
                        action = rng.choice(seat.legal)
                        await service.act(table_id, user, action, version=seat.table.version)
                except (Busy, GameError, TableError):
                    pass  # moved on meanwhile: the next change schedules the next move
                finally:
                    moving.discard((table_id, user))

            async def seat_table() -> None:
                host, guest = Player("Ann", next(users)), Player("Bo", next(users))
                lobby = await service.open(
                    guild_id=1, channel_id=next(channels), game_key="short_changed", host=host
                )
                await service.join(lobby.id, guest)
                await service.add_computer(lobby.id, host.user_id or 0, "hard")
                await service.start(lobby.id, host.user_id or 0)

            class Watcher:
                async def table_changed(self, change: Change) -> None:
                    table = change.table
                    if change.actor is not None and table.seats[change.actor].is_computer:
                        began = turn_began.pop((table.id, change.actor), None)
                        if began is not None:
                            waits.append(loop.time() - began)
                    if change.kind in ("finished", "ended"):
                        later(seat_table())
                    if change.kind not in ("started", "acted"):
                        return
                    public = await service.public(table.id)
                    if public.table.status is not TableStatus.ACTIVE:
                        return
                    for seat in public.to_act:
                        player = public.table.seats[seat]
                        if player.is_computer:
                            turn_began.setdefault((table.id, seat), loop.time())
                        elif (table.id, player.user_id) not in moving:
                            moving.add((table.id, player.user_id or 0))
                            later(person(table.id, player.user_id or 0))

            service.listen(Watcher())
            await clock.start()
            for _ in range(tables):
                await seat_table()
            await asyncio.sleep(seconds)
            await clock.stop()
            # A turn still waiting at the end waited at least this long: counted as such,
            # or the slower pool would look faster for the moves it never made.
            ended = loop.time()
            unfinished = [ended - began for began in turn_began.values()]
            waits += unfinished
            print(
                f"    {workers} worker(s): {len(waits)} computer turns, {len(unfinished)} unmoved"
            )
            for task in list(running):
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)
        finally:
            computers.close()
            await db.close()
    return waits


PERSON_THINKS = 10.0
"""Mean seconds a person takes to move in the computers case."""


def computers_case(directory: Path, rounds: int) -> None:
    """p50/p99 of a computer move's wait: the pool (a worker per core) against one worker."""
    from bench.machine import percentile
    from bot.computer import default_workers

    cores = default_workers()
    p50s, p99s = [], []
    for _ in range(rounds):
        single = sorted(asyncio.run(_computer_waits(1, 45.0, 100, PERSON_THINKS, directory)))
        pooled = sorted(asyncio.run(_computer_waits(cores, 45.0, 100, PERSON_THINKS, directory)))
        p50s.append(percentile(pooled, 0.5) / percentile(single, 0.5))
        p99s.append(percentile(pooled, 0.99) / percentile(single, 0.99))
        print(
            f"  computer move waits: 1 worker p50 {percentile(single, 0.5):.2f} s "
            f"p99 {percentile(single, 0.99):.2f} s ({len(single)} turns); {cores} workers "
            f"p50 {percentile(pooled, 0.5):.2f} s p99 {percentile(pooled, 0.99):.2f} s "
            f"({len(pooled)} turns)"
        )
    _ratio(f"computers: p50 wait, {cores} workers / 1", p50s, "lower is better")
    _ratio(f"computers: p99 wait, {cores} workers / 1", p99s, "lower is better")


CASES = {
    "memory": memory_case,
    "lookups": lookups_case,
    "decisions": decisions_case,
    "startup": startup_case,
    "tables": tables_case,
    "overload": overload_case,
    "computers": computers_case,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", choices=sorted(CASES), action="append")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--words", type=Path, help="the word files' directory (default: temp)")
    parser.add_argument("--child-memory", nargs=2, metavar=("MODE", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_memory:
        child_memory(args.child_memory[0], Path(args.child_memory[1]))
        return
    print(describe_machine())
    with tempfile.TemporaryDirectory() as scratch:
        directory = args.words or Path(scratch)
        for case in args.case or list(CASES):
            CASES[case](directory, args.rounds)


if __name__ == "__main__":
    main()
