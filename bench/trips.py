"""How many trips to aiosqlite's connection thread the table service makes per action.

Runs :mod:`bench.service` with every hand-off to the connection thread counted
(aiosqlite queues each call through ``Connection._execute``), then prints the
count beside the actions played. Setting the tables up is counted too, so keep
the tables few and the run long for a per-action figure.

    uv run python -m bench.trips --tables 50 --concurrency 1 --seconds 3
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from unittest.mock import patch

import aiosqlite.core

from bench import service

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> None:
    trips = 0
    queue: Callable[..., Awaitable[Any]] = aiosqlite.core.Connection._execute  # untyped there

    async def counted(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal trips
        trips += 1
        return await queue(self, fn, *args, **kwargs)

    report = io.StringIO()
    with (
        patch.object(aiosqlite.core.Connection, "_execute", counted),
        contextlib.redirect_stdout(report),
    ):
        service.main(argv)
    text = report.getvalue()
    print(text)
    line = next(line for line in text.splitlines() if line.startswith("actions "))
    actions = int(line.split()[-1].replace(",", ""))
    print(f"trips to the connection thread: {trips:,} for {actions:,} actions")
    if actions:  # --actions 0 only sets the tables up
        print(f"per action, setup included: {trips / actions:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
