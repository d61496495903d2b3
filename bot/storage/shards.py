"""The SQL for "this process's servers" (see :mod:`bot.shards`), for the repositories."""

from __future__ import annotations

from bot.shards import Shards

__all__ = ["ours"]


def ours(shards: Shards, guild_column: str) -> tuple[str, tuple[int, ...]]:
    """An SQL condition (with its parameters) true for the rows of ``shards``' servers:
    Discord's formula, the bits of the server id above 22 modulo the shard count.

    ``guild_column`` is a column name written by us, never user input.
    """
    if shards.every:
        return "TRUE", ()
    ids = sorted(shards.ids)
    marks = ", ".join("?" * len(ids))
    return f"({guild_column} >> 22) % ? IN ({marks})", (shards.count, *ids)
