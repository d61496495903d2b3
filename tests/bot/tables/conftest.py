"""A fresh, migrated database and a table service on it, for each test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage.database import Database
from bot.storage.migrations import migrate
from bot.tables.service import TableService
from games.catalog import CATALOG
from tests.bot.tables.helpers import Clock


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "t.db")
    await migrate(database)
    yield database
    await database.close()


@pytest.fixture
def service(db: Database) -> TableService:
    return TableService(db, CATALOG, Clock(), seeds=lambda: 1234)
