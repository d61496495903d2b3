"""Fixtures of the storage tests: a database before any migration, to apply them to."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage.database import Backend, Database
from tests.conftest import Postgres


@pytest_asyncio.fixture
async def unmigrated(
    backend: Backend, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Database]:
    """A database with no schema yet, on the test's backend."""
    if backend == "sqlite":
        target: Path | str = tmp_path / "old.db"
    else:
        postgres: Postgres = request.getfixturevalue("postgres")
        target = await postgres.create(migrated=False)
    db = await Database.open(target)
    yield db
    await db.close()
