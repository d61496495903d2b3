"""Shared fixtures: settings, and fresh bots on a fresh database for every test.

``simcord_bot`` is the bot simcord's ``simcord_env`` fixture runs; ``bots``
builds more bots on the same database, as a restart would. Every bot's
database is closed after the test (simcord does not close bots).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
