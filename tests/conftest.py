"""Shared fixtures: settings, and fresh bots on a fresh database for every test.

``simcord_bot`` is the bot simcord's ``simcord_env`` fixture runs; ``bots``
builds more bots on the same database, as a restart would. Every bot's
database is closed after the test (simcord does not close bots).

The database is SQLite, or for the tests under :data:`BOTH_BACKENDS` each test runs
twice, on SQLite and on a real PostgreSQL server (``backend``): the server is started
once per test process (:mod:`tests.bot.storage.postgresql_server`), and each test gets
the process's migrated database emptied (cheaper than a new database or migrating).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from bot.app import TrickyBot, create_bot
from bot.settings import Settings
from bot.storage.database import Backend, Database
from bot.storage.migrations import migrate
from tests.bot.storage.postgresql_server import PostgresServer
from tests.e2e.helpers import BotFactory

BOTH_BACKENDS = (
    "tests/bot/storage/",
    "tests/bot/tables/",
    "tests/bot/test_turn_clock.py",
    "tests/e2e/",
)
"""The tests run on SQLite and on PostgreSQL: storage, the table service, the turn clock
and the end-to-end suite. The rest run on SQLite, the default."""

TEMPLATE = "tricky_template"
"""A migrated database that others are copied from."""
SHARED = "tricky_tests"
"""The migrated database the tests of one process share, one after another."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    if any(mark.args[0] == "backend" for mark in metafunc.definition.iter_markers("parametrize")):
        return  # the test says which backend it is about
    where = metafunc.definition.path.relative_to(metafunc.config.rootpath).as_posix()
    if where.startswith(BOTH_BACKENDS):
        metafunc.parametrize("backend", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> Backend:
    """The database the test runs on (SQLite unless parametrised)."""
    chosen: Backend = getattr(request, "param", "sqlite")
    return chosen


class Postgres:
    """The test process's PostgreSQL server, and databases on it."""

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self._names = itertools.count(1)

    async def _admin(self, sql: str, database: str = "postgres") -> None:
        connection = await asyncpg.connect(self.server.url(database))
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    async def create(self, *, migrated: bool = True) -> str:
        """A new database's URL: migrated to the latest version, or empty (dropped with the
        server). Creating one costs a few tenths of a second: :meth:`emptied` is for
        the many tests that only need the latest schema."""
        name = f"test_{next(self._names)}"
        template = TEMPLATE if migrated else "template0"
        await self._admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.server.url(name)

    async def emptied(self) -> str:
        """The shared migrated database, with every row of the last test gone (and its
        connections, should one be left), numbering from 1 again: as fresh as a new
        database for a test, at a fraction of the cost."""
        await self._admin(
            "DO $$ DECLARE listed TEXT; BEGIN "
            "PERFORM pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid(); "
            "SELECT string_agg(quote_ident(tablename), ', ') INTO listed FROM pg_tables "
            "WHERE schemaname = 'public' AND tablename <> 'schema_migrations'; "
            "EXECUTE 'TRUNCATE ' || listed || ' RESTART IDENTITY CASCADE'; END $$",
            SHARED,
        )
        return self.server.url(SHARED)

    async def make_shared(self) -> None:
        await self._admin(f"CREATE DATABASE {TEMPLATE}")
        database = await Database.open(self.server.url(TEMPLATE))
        try:
            await migrate(database)
        finally:
            await database.close()
        await self._admin(f"CREATE DATABASE {SHARED} TEMPLATE {TEMPLATE}")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL server for this test process, started at the first test that needs it."""
    server = PostgresServer().start()
    try:
        postgres = Postgres(server)
        # In a thread of its own: the first test to need the server may be running in an
        # event loop already, where asyncio.run cannot.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, postgres.make_shared()).result()
        yield postgres
    finally:
        server.stop()


@pytest_asyncio.fixture
async def database(
    backend: Backend, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Path | str]:
    """``TRICKY_DATABASE`` for a test: a new SQLite file, or an emptied migrated
    PostgreSQL database."""
    if backend == "sqlite":
        yield tmp_path / "tricky.db"
        return
    postgres: Postgres = request.getfixturevalue("postgres")
    yield await postgres.emptied()


@pytest.fixture(scope="session")
def word_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One word-file directory for the session (shared by its xdist workers), built here
    once: a bot that builds them at its first word game blocks its loop for seconds."""
    from bot.word_files import WordFiles
    from games.short_word.lexicon import DICTIONARIES

    # Every worker's base directory sits in the session's: one build serves them all (a
    # file is moved into place whole, so workers building at once do no harm).
    directory = tmp_path_factory.getbasetemp().parent / "word-cache"
    files = WordFiles(directory)
    for name in DICTIONARIES:
        files(name)
    return directory


@pytest.fixture
def settings(database: Path | str, word_cache: Path) -> Settings:
    return Settings(
        token="test-token",
        database=database,
        cache_dir=word_cache,
        ai_workers=0,
        preload=False,  # tests load word lists only when a test plays a word game
        _env_file=None,
    )


@pytest_asyncio.fixture
async def bots(settings: Settings) -> AsyncIterator[BotFactory]:
    made: list[TrickyBot] = []

    def make() -> TrickyBot:
        bot = create_bot(settings)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        if bot._turn_clock is not None:
            await bot._turn_clock.stop()
        if bot._computers is not None:
            bot._computers.close()
        if bot._db is not None:
            await bot._db.close()


@pytest.fixture
def simcord_bot(bots: BotFactory) -> TrickyBot:
    return bots()


@dataclass
class DiscordLocales:
    """The Discord language of each member (``members``, by user id; else ``member``), as
    Discord sends it with every interaction; servers carry theirs as ``preferred_locale``."""

    member: str = "en-US"
    members: dict[int, str] = field(default_factory=dict)


@pytest.fixture
def discord_locales(monkeypatch: pytest.MonkeyPatch) -> DiscordLocales:
    """Members and servers in languages of the test's choosing.

    simcord sends every interaction as ``en-US`` from an ``en-US`` server; this gives each
    interaction its member's locale and its server's ``preferred_locale``, as Discord does.
    """
    import simcord.interactions

    chosen = DiscordLocales()
    original = simcord.interactions.base_payload

    def with_locales(backend: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **kwargs)
        payload["locale"] = chosen.members.get(kwargs["user_id"], chosen.member)
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return chosen


@pytest.fixture
def pseudo() -> Iterator[str]:
    """The pseudo-language (every message in ⟦markers⟧) installed; its code."""
    from bot.i18n.languages import install
    from bot.i18n.pseudo import CODE, pseudo_language

    install(pseudo_language(), CODE)
    yield CODE
    install(None, CODE)
