"""A fresh, migrated database for each test of the runtime."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.storage.database import Database
from bot.storage.migrations import migrate


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "t.db")
    await migrate(database)
    yield database
    await database.close()
