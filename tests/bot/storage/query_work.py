"""How much work a query does, for the tests that it reads through an index: the
queries a call makes, and SQLite's virtual machine steps for it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.storage.database import Database, Params, Row

__all__ = ["asked", "steps"]


async def steps(db: Database, run: Callable[[], Awaitable[object]]) -> int:
    """SQLite's virtual machine steps ``run`` takes: a scan's grow with the rows it reads."""
    counted = [0]

    def step() -> int:
        counted[0] += 1
        return 0

    connection = db._connection  # type: ignore[attr-defined]
    await connection.set_progress_handler(step, 1)
    try:
        await run()
    finally:
        await connection.set_progress_handler(None, 1)
    return counted[0]


async def asked(
    db: Database, monkeypatch: pytest.MonkeyPatch, run: Callable[[], Awaitable[object]]
) -> list[tuple[str, Params]]:
    """The queries ``run`` reads with (``fetch_all``, and ``fetch_one`` through it), each
    with its parameters, to be explained."""
    queries: list[tuple[str, Params]] = []
    fetch_all = db.fetch_all

    async def recorded(sql: str, params: Params = ()) -> list[Row]:
        queries.append((sql, params))
        return await fetch_all(sql, params)

    with monkeypatch.context() as patched:
        patched.setattr(db, "fetch_all", recorded)
        await run()
    return queries
