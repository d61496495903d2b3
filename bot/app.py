"""The bot: a discord.py client wired to the database, the table service and the cogs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.clock import Clock, SystemClock
from bot.computer import ComputerPlayers, default_workers, prepare_games
from bot.guilds import GuildSettingsService
from bot.notify import TurnMessages
from bot.preferences import PreferencesService
from bot.replays import ReplayService
from bot.results import ResultsService
from bot.settings import Settings
from bot.storage.database import Database
from bot.storage.deadlines import DeadlineRepository
from bot.storage.direct_messages import UndeliveredRepository
from bot.storage.guilds import GuildSettingsRepository
from bot.storage.migrations import migrate
from bot.storage.preferences import PreferencesRepository
from bot.storage.results import ResultsRepository
from bot.tables.admission import Admission
from bot.tables.service import MOVE_PATIENCE, TableService
from bot.turn_clock import TurnClock
from bot.word_files import use_word_files
from games.catalog import CATALOG
from games.core.registry import Catalog

__all__ = ["EXTENSIONS", "TrickyBot", "create_bot"]

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.speaking",
    "cogs.tables",
    "cogs.leaderboard",
    "cogs.config",
    "cogs.replays",
    "cogs.rematch",
    "cogs.finding",
    "cogs.notify",
    "cogs.practice",
)


class TrickyBot(commands.AutoShardedBot):
    """Holds the runtime pieces the cogs need; built only by :func:`create_bot`."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock,
        catalog: Catalog,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        # Slash commands and buttons need no privileged intents, only the servers
        # and channels the bot is in.
        intents = discord.Intents.none()
        intents.guilds = True
        shards = settings.shards
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # A connection per shard this process runs: Discord sends it only those
            # shards' servers, and the table service keeps to the same servers' tables.
            shard_count=shards.count,
            shard_ids=sorted(shards.ids),
        )
        self.settings = settings
        self.clock = clock
        self.catalog = catalog
        self._seeds = seeds
        self._db: Database | None = None
        self._tables: TableService | None = None
        self._computers: ComputerPlayers | None = None
        self._turn_clock: TurnClock | None = None
        self._preferences: PreferencesService | None = None
        self._guild_settings: GuildSettingsService | None = None
        self._results: ResultsService | None = None
        self._replays: ReplayService | None = None
        self._turn_messages: TurnMessages | None = None
        self._preloading: asyncio.Task[None] | None = None

    @property
    def db(self) -> Database:
        assert self._db is not None, "the database opens in setup_hook"
        return self._db

    @property
    def tables(self) -> TableService:
        assert self._tables is not None, "the table service starts in setup_hook"
        return self._tables

    @property
    def preferences(self) -> PreferencesService:
        assert self._preferences is not None, "preferences open in setup_hook"
        return self._preferences

    @property
    def guild_settings(self) -> GuildSettingsService:
        assert self._guild_settings is not None, "server settings open in setup_hook"
        return self._guild_settings

    @property
    def results(self) -> ResultsService:
        assert self._results is not None, "results open in setup_hook"
        return self._results

    @property
    def replays(self) -> ReplayService:
        assert self._replays is not None, "replays start in setup_hook"
        return self._replays

    @property
    def turn_messages(self) -> TurnMessages:
        assert self._turn_messages is not None, "turn messages start in setup_hook"
        return self._turn_messages

    @property
    def turn_clock(self) -> TurnClock:
        assert self._turn_clock is not None, "the turn clock starts in setup_hook"
        return self._turn_clock

    async def setup_hook(self) -> None:
        self._db = await Database.open(
            self.settings.database, pool_size=self.settings.database_pool_size
        )
        applied = await migrate(self._db)
        log.info("database ready (%d migration(s) applied)", applied)
        shards = self.settings.shards
        self._guild_settings = GuildSettingsService(
            GuildSettingsRepository(self._db), self.catalog, self.clock.now
        )
        self._results = ResultsService(ResultsRepository(self._db), self.clock.now)
        moves = self.settings.moves_at_once
        admission = Admission(running=moves, waiting=moves, patience=MOVE_PATIENCE)
        if self._seeds is None:
            self._tables = TableService(
                self._db,
                self.catalog,
                self.clock,
                shards=shards,
                settings=self._guild_settings,
                admission=admission,
            )
        else:
            self._tables = TableService(
                self._db,
                self.catalog,
                self.clock,
                seeds=self._seeds,
                shards=shards,
                settings=self._guild_settings,
                admission=admission,
            )
        self._preferences = PreferencesService(PreferencesRepository(self._db), self.clock.now)
        self._replays = ReplayService(self._tables)
        self._turn_messages = TurnMessages(
            self._tables,
            self._guild_settings,
            self._preferences,
            UndeliveredRepository(self._db),
            self.clock.now,
        )
        self._tables.listen(self._turn_messages)
        # The word lists come from files mapped into memory that every process shares.
        use_word_files(self.settings.cache_path)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()
        workers = self.settings.ai_workers
        self._computers = ComputerPlayers(
            workers=default_workers() if workers is None else workers,
            seconds=self.settings.ai_seconds,
            preload=self.settings.preload,
            words=self.settings.cache_path,
        )
        if self.settings.preload:
            # Word lists take seconds to read: read them now, off the event loop.
            self._preloading = asyncio.create_task(
                asyncio.to_thread(prepare_games, self.settings.cache_path)
            )
        deadlines = DeadlineRepository(self._db, shards=shards)
        self._turn_clock = TurnClock(self._tables, deadlines, self._computers)
        self._tables.listen(self._turn_clock)
        # In the background: the clocks restart in batches while the bot already answers,
        # and no table is loaded until it is touched.
        self._turn_clock.begin()

    async def sync_commands(self) -> None:
        """Instantly to the development server when one is set, else globally (slow to show).

        The commands are the bot's, not a shard's: with several processes only the one
        running shard 0 syncs them, so the others do not repeat the same calls against
        Discord's limits.
        """
        if 0 not in self.settings.shards.ids:
            log.info("%s: the process running shard 0 syncs the commands", self.settings.shards)
            return
        if self.settings.dev_guild is not None:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to development server %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d command(s) globally", len(synced))

    async def on_ready(self) -> None:
        shards = self.settings.shards
        where = "" if shards.count == 1 else f" as {shards}"
        log.info("connected as %s to %d server(s)%s", self.user, len(self.guilds), where)

    async def close(self) -> None:
        if self._turn_clock is not None:
            await self._turn_clock.stop()
        if self._turn_messages is not None:
            await self._turn_messages.drain()
        await super().close()
        if self._computers is not None:
            self._computers.close()
        if self._db is not None:
            await self._db.close()
            self._db = None


def create_bot(
    settings: Settings,
    *,
    clock: Clock | None = None,
    catalog: Catalog | None = None,
    seeds: Callable[[], int] | None = None,
) -> TrickyBot:
    """A fresh bot: nothing is shared with any other bot built here.

    ``seeds`` draws each new game's seed (default: 62 random bits); tests pass
    a fixed one to play a known deal.
    """
    return TrickyBot(
        settings,
        clock=clock or SystemClock(),
        catalog=CATALOG if catalog is None else catalog,
        seeds=seeds,
    )
