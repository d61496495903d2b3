"""How much one machine serves: each case printed as a ratio against its reference, both
measured in this one run (the machine is shared, so absolute times mean little).

Cases (``--case``, all by default):

* ``memory``: the private resident memory a *second* process adds by loading both word
  lists while a first process holds them too: the mapped word files
  (``bot/word_files.py``) against the word lists as in-memory sets (the games' default
  source, how every process held them before). Private memory is
  ``Private_Clean + Private_Dirty`` of ``/proc/self/smaps_rollup``: pages no other
  process shares.
* ``lookups``: ``word in lexicon`` for a mix of words and non-words, and finding every
  word in random hands (``finder.words_in``, what a computer player does each turn), on
  a mapped table against the in-memory sets, interleaved A B A B. "cold" clears the
  table's memo before each pass, "warm" repeats the pass on the filled memo.

* ``startup``: from building the bot (``create_bot``, its ``setup_hook``, on simcord) to
  its answer to the first interaction (``/tricky new``) with 10,000 running clocked
  tables in its database, against the same with none, interleaved.

    uv run --locked python -m bench.capacity
    uv run --locked python -m bench.capacity --case memory
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

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

    if mode == "mapped":
        from bot.word_files import use_word_files

        use_word_files(directory)
    GAME.prepare()


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
    command = [sys.executable, "-m", "bench.capacity", "--child-memory", mode, str(directory)]
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
    ratios = []
    for _ in range(rounds):
        sets = second_process_memory("sets", directory)
        mapped = second_process_memory("mapped", directory)
        ratios.append(mapped / sets)
        print(
            f"  second process adds: sets {sets / 2**20:.1f} MiB, mapped {mapped / 2**20:.1f} MiB"
        )
    _ratio("memory: mapped / sets (second process, private)", ratios, "goal < 0.10")


def _ratio(name: str, ratios: list[float], goal: str) -> None:
    print(
        f"{name}: min {min(ratios):.3f} median {statistics.median(ratios):.3f} "
        f"over {len(ratios)} ({goal})"
    )


def lookups_case(directory: Path, rounds: int) -> None:
    from bot.word_files import WordFiles
    from games.short_word.cards import CARDS
    from games.short_word.finder import words_in
    from games.short_word.lexicon import Lexicon, _known, _memo, packaged_words

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
    sets.anagram_groups()  # the in-memory index is built before timing

    def forget() -> None:
        _known(table).clear()
        _memo(table).clear()

    def timed(work: Callable[[], object]) -> float:
        started = time.perf_counter()
        work()
        return time.perf_counter() - started

    def membership(lexicon: Lexicon) -> Callable[[], object]:
        return lambda: [probe in lexicon for probe in probes]

    def finding(lexicon: Lexicon) -> Callable[[], object]:
        return lambda: [words_in(hand, lexicon) for hand in hands]

    for label, work in (("word in lexicon", membership), ("words_in(hand)", finding)):
        cold, warm = [], []
        for _ in range(rounds):
            reference = timed(work(sets))
            forget()
            cold.append(timed(work(mapped)) / reference)
            reference = timed(work(sets))
            warm.append(timed(work(mapped)) / reference)
        _ratio(f"lookups {label}, cold: mapped / sets", cold, "goal <= 1")
        _ratio(f"lookups {label}, warm: mapped / sets", warm, "goal <= 1")


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
                    "INSERT INTO deadlines SELECT ?, seat, started_at, due_at, reminded "
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
    import asyncio
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


CASES = {"memory": memory_case, "lookups": lookups_case, "startup": startup_case}


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
