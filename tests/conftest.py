"""Shared fixtures: settings, and fresh bots on a fresh database for every test.

``simcord_bot`` is the bot simcord's ``simcord_env`` fixture runs; ``bots``
builds more bots on the same database, as a restart would. Every bot's
database is closed after the test (simcord does not close bots).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import TrickyBot, create_bot
from bot.settings import Settings
from tests.e2e.helpers import BotFactory


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
def settings(tmp_path: Path, word_cache: Path) -> Settings:
    return Settings(
        token="test-token",
        database=tmp_path / "tricky.db",
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
