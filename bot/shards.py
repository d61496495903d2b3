"""Which servers this process serves, when the bot runs as several processes.

Discord splits a bot's servers over shards by a fixed formula (its docs, "Sharding":
``shard_id = (guild_id >> 22) % shard_count``), and a process given shard ``id`` of
``count`` only receives that shard's events. Every table belongs to one server, so
the same formula splits the tables: each process plays, times and tidies only its
own, and they can share one database file. That keeps the table cache's premise
(the process that caches a table row is the only one writing it) true with more
than one process, and lets two processes use two cores.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UNSHARDED", "Shard"]


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard ``id`` of ``count``; the default, shard 0 of 1, is every server."""

    id: int = 0
    count: int = 1

    def __post_init__(self) -> None:
        if self.count < 1 or not 0 <= self.id < self.count:
            raise ValueError(f"shard {self.id} of {self.count} does not exist")

    @property
    def alone(self) -> bool:
        """Whether this process serves every server (no sharding at all)."""
        return self.count == 1

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count == self.id

    def where(self, guild_column: str) -> tuple[str, tuple[int, ...]]:
        """An SQL condition (with its parameters) true for the rows of this shard's servers.

        ``guild_column`` is a column name written by us, never user input.
        """
        if self.alone:
            return "1", ()
        return f"({guild_column} >> 22) % ? = ?", (self.count, self.id)


UNSHARDED = Shard()
"""One process for every server: the default."""
