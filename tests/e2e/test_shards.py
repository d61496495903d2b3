"""Two bot processes, one shard each, on one PostgreSQL server (docs/postgresql.md).

Each process is a thread with its own event loop, its own bot and its own simulated
Discord (simcord runs one bot per loop; Discord sends each process only its shards'
servers anyway). Both play a table at once; one is killed mid-game (its connection
pool terminated, its tasks cancelled, nothing closed cleanly) and restarted while the
other plays on. Nothing acknowledged is lost, and each table's event log is one
unbroken line of versions, written by the one process whose shard owns its server.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest
import simcord

from bot.app import create_bot
from bot.settings import Settings
from bot.storage.database import Database
from bot.storage.postgres import PostgresDatabase
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.helpers import Room, labels, text_of
from tests.e2e.test_short_changed import Game

SHARDS = 2
MOVES = 3

LOADING = threading.Lock()


@contextlib.asynccontextmanager
async def loading_alone() -> AsyncIterator[None]:
    """One thread at a time loads its bot's cogs.

    discord.py loads an extension by executing its module afresh into ``sys.modules``,
    outside Python's import lock; two bots loading at once in two threads of one
    interpreter (this test's stand-in for two processes) can import a cog that the other
    thread is half-way through executing, and fail with an ImportError. Real shards are
    processes, each with its own modules, so this lock belongs to the test alone.
    """
    await asyncio.to_thread(LOADING.acquire)
    try:
        yield
    finally:
        LOADING.release()


"""Moves each table makes before the kill, and again after it."""


@dataclass
class ShardRoom(Room):
    """A room in a server owned by one shard (Discord's formula: bot.shards)."""

    shard: int = 0

    def __post_init__(self) -> None:
        self.guild = self.env.create_guild(name=f"Shard {self.shard}", shard_id=self.shard)
        self.channel = self.guild.create_text_channel("tabletop")
        self.bystander = self.guild.add_member(self.env.create_user("watcher"))


@dataclass
class Played:
    """What one process's players were told happened at their table."""

    guild_id: int = 0
    table_id: int = 0
    acknowledged: int = 0
    """Moves the bot answered as made (antes and turns)."""
    logged_before_kill: list[tuple[object, ...]] = field(default_factory=list)
    """The table's event rows just before its process was killed (the victim only)."""


async def play_turns(game: Game, members: list[simcord.MemberActor], played: Played) -> None:
    for _ in range(MOVES):
        state = await game.state()
        version = (await game.bot.tables.get(game.table_id)).version
        await game.move_without_guessing(members[state.turn], state.turn)
        assert (await game.bot.tables.get(game.table_id)).version == version + 1
        played.acknowledged += 1


async def event_rows(db: Database, table_id: int) -> list[tuple[object, ...]]:
    rows = await db.fetch_all(
        "SELECT version, seat, action_json, public_lines FROM events WHERE table_id = ? "
        "ORDER BY version",
        (table_id,),
    )
    return [tuple(row) for row in rows]


async def process(
    settings: Settings, shard: int, halfway: threading.Barrier, *, killed: bool
) -> Played:
    """One bot process serving ``shard``: opens a table, plays, and (if ``killed``) dies
    halfway and is started again on the same simulated Discord, as a process manager
    would restart it."""
    mine = settings.model_copy(update={"shard_count": SHARDS, "shard_ids": [shard]})
    bots = [create_bot(mine)]
    # The commands are the bot's, synced by the process running shard 0 (bot.app): in one
    # Discord the other process's servers see them too; its own simulated Discord has them
    # registered as they are.
    env = simcord.Env(bots[0], strict_sync=shard == 0)
    async with loading_alone():
        await env.start()
    played = Played()
    try:
        room = ShardRoom(env, shard=shard)
        played.guild_id = room.guild.id
        members, played.table_id = await open_lobby(room, "ann", "bo", "cy")
        await start(room, members[0])
        game = Game(env, room, bots[0], played.table_id)
        for member in members:
            panel = await game.open_hand(member)
            await member.click(panel, label=next(x for x in labels(panel) if x.startswith("Put")))
            assert "You put" in text_of(panel)
            played.acknowledged += 1
        await play_turns(game, members, played)
        # Both tables are mid-game; from here the survivor plays on while the other dies.
        await asyncio.to_thread(halfway.wait, 60)

        if killed:
            played.logged_before_kill = await event_rows(bots[0].db, played.table_id)
            db = bots[0].db
            assert isinstance(db, PostgresDatabase)
            db._pool.terminate()  # the process dies: every connection cut, nothing closed
            bots.append(create_bot(mine))
            async with loading_alone():
                await env.restart_bot(bots[-1])  # cancels whatever the dead bot left running
            game.bot = bots[-1]
            # It takes up its own shard's table only: the other's is open too, its own.
            assert [t.id for t in await game.bot.tables.open_tables()] == [played.table_id]
            # The restarted process resumes its table from the database: the old table
            # message's buttons work and the next move lands on the last acknowledged one.
            await play_turns(game, members, played)
        else:
            await play_turns(game, members, played)
        env.raise_errors()
    finally:
        await env.shutdown()
        alive = bots[-1]  # the killed bot's pool is gone already: nothing to close there
        for bot in bots:
            if bot._computers is not None:
                bot._computers.close()
        if alive._turn_clock is not None:
            await alive._turn_clock.stop()
        await alive.db.close()
    return played


def run_process(
    settings: Settings, shard: int, halfway: threading.Barrier, *, killed: bool
) -> Played:
    return asyncio.run(process(settings, shard, halfway, killed=killed))


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)  # SQLite: test_crash.py
async def test_two_shards_play_at_once_and_a_killed_one_restarts_losing_nothing(
    settings: Settings,
) -> None:
    halfway = threading.Barrier(SHARDS)
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(SHARDS) as threads:
        victim, survivor = await asyncio.gather(
            loop.run_in_executor(threads, lambda: run_process(settings, 0, halfway, killed=True)),
            loop.run_in_executor(threads, lambda: run_process(settings, 1, halfway, killed=False)),
        )

    shards = [
        settings.model_copy(update={"shard_count": SHARDS, "shard_ids": [n]}).shards
        for n in range(SHARDS)
    ]
    db = await Database.open(settings.database)  # a third look, after both are done
    try:
        for shard, played in enumerate((victim, survivor)):
            # The table's server belongs to its own process's shard and no other's.
            assert [s.owns(played.guild_id) for s in shards] == [n == shard for n in range(SHARDS)]
            rows = await event_rows(db, played.table_id)
            # Every acknowledged move is there, once, in an unbroken line of versions: no
            # move lost at the kill, none written twice or at one version by two writers.
            assert [row[0] for row in rows] == list(range(1, played.acknowledged + 1))
            table = await db.fetch_one(
                "SELECT version, guild_id FROM tables WHERE id = ?", (played.table_id,)
            )
            assert table is not None
            assert (table[0], table[1]) == (played.acknowledged, played.guild_id)
        # What the killed process had acknowledged is in the log as it was, untouched.
        assert victim.logged_before_kill
        rows = await event_rows(db, victim.table_id)
        assert rows[: len(victim.logged_before_kill)] == victim.logged_before_kill
        assert victim.acknowledged == len(victim.logged_before_kill) + MOVES
    finally:
        await db.close()
