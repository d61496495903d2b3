"""A fresh, migrated database for each test of the runtime."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.storage.database import Database
from bot.storage.migrations import migrate


@pytest_asyncio.fixture
async def db(database: Path | str) -> AsyncIterator[Database]:
    opened = await Database.open(database)
    await migrate(opened)
    yield opened
    await opened.close()
