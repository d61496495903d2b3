"""A table service on the fresh, migrated database of each test (``tests/bot/conftest.py``)."""

from __future__ import annotations

import pytest

from bot.results import ResultsService
from bot.storage.database import Database
from bot.storage.results import ResultsRepository
from bot.tables.service import TableService
from games.catalog import CATALOG
from tests.bot.tables.helpers import Clock


@pytest.fixture
def service(db: Database) -> TableService:
    return TableService(db, CATALOG, Clock(), seeds=lambda: 1234)


@pytest.fixture
def results(db: Database) -> ResultsService:
    """What the leaderboard cog reads: the results the table service recorded."""
    return ResultsService(ResultsRepository(db), Clock().now)
