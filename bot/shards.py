"""Which servers this process serves, when the bot runs as several processes.

Discord splits a bot's servers over shards by a fixed formula (its docs, "Sharding":
``shard_id = (guild_id >> 22) % shard_count``) and a gateway connection per shard; a
process running some of the shards only receives those shards' events. Every table
belongs to one server, so the same formula splits the tables: each process plays,
times and tidies only its own, and all of them share one database file. That keeps
the table cache's premise (the process that caches a table row is the only one
writing it) true with more than one process, and lets the bot use every core.

A process may run several shards: Discord asks big bots for about one shard per
2,500 servers, and each process holds the games' word lists (about 110 MiB), so the
number of processes is chosen for the cores, not for the shards.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UNSHARDED", "Shards"]


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards ``ids`` of ``count`` that this process runs."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= n < self.count for n in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} of {self.count} do not exist")

    @property
    def every(self) -> bool:
        """Whether this process serves every server (one shard, or all of them)."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids

    def __str__(self) -> str:
        return f"shard(s) {', '.join(map(str, sorted(self.ids)))} of {self.count}"


UNSHARDED = Shards()
"""One process, one shard, every server: the default."""
