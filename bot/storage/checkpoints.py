"""Copies SQLite's write-ahead log back into the database file, out of the moves' way.

In WAL mode every commit appends pages to the ``-wal`` file, and a *checkpoint*
copies them into the database file and syncs it. By default SQLite checkpoints
inside the commit that takes the log past 1,000 pages, on the committing
connection: for the bot, on the one connection every move is saved through. Each
move writes several pages, so at a few hundred moves a second that was a
checkpoint every fraction of a second, and its copying and two syncs (5-9 ms here)
held up every move queued behind it. It was the largest part of the table
service's p99 (``bench.service`` prints the statements' times).

So a :class:`Checkpointer` checkpoints from a connection and a thread of its own,
every :data:`CHECKPOINT_EVERY` seconds. A plain thread rather than an asyncio task:
the work is SQLite's, with the GIL released, and it needs nothing from the event
loop, nor should it wait on it or keep it (or a test's simulated clock) busy. Its
checkpoints are ``PASSIVE``: they copy what they can without waiting for anyone, so
a move is never held up for them, and they sync exactly as SQLite's own do
(``synchronous = NORMAL``), so a power cut can lose the last moves but never
corrupt the file. The saving connection keeps SQLite's automatic checkpoint as a
backstop, at :data:`BACKSTOP_PAGES`: the log is rewound only when a checkpoint
has copied all of it before the next write, which a busy service may rarely allow,
and should the checkpointer stop, the log must still not grow without end.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from dataclasses import dataclass

__all__ = ["BACKSTOP_PAGES", "CHECKPOINT_EVERY", "Checkpoint", "Checkpointer"]

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 0.2
"""Seconds between background checkpoints. Frequent ones are short and so are
more often complete (nothing written while they ran), which lets the log rewind."""
BACKSTOP_PAGES = 10_000
"""The log's size, in pages, at which the saving connection checkpoints by itself
(SQLite's default is 1,000): about 40 MB, which the background checkpoints keep
the log well below."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What one ``PRAGMA wal_checkpoint`` reported."""

    busy: bool
    """Another connection was checkpointing at the time, so this one did nothing."""
    frames: int
    """Pages in the log when it ran."""
    copied: int
    """Pages of the log that are now in the database file."""

    @property
    def complete(self) -> bool:
        return not self.busy and self.copied == self.frames


class Checkpointer:
    """Checkpoints one database file every ``every`` seconds, on its own thread, until
    stopped."""

    def __init__(self, connection: sqlite3.Connection, every: float, name: str) -> None:
        self._connection = connection
        self._every = every
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.last: Checkpoint | None = None
        """The latest checkpoint's report, for logs and tests."""
        self.runs = 0
        """How many checkpoints it has run (failed ones included)."""

    @classmethod
    def start(cls, path: str, every: float = CHECKPOINT_EVERY) -> Checkpointer:
        """Open a connection of its own to ``path`` and start checkpointing."""
        # Opened here so that a file that cannot be opened fails the caller; from now
        # on only the checkpointer's thread uses it.
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        # Per connection: the checkpoints this one runs sync like the bot's own would.
        connection.execute("PRAGMA synchronous = NORMAL")
        checkpointer = cls(connection, every, name=f"checkpoints of {path}")
        checkpointer._thread.start()
        return checkpointer

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """Stop checkpointing and close the connection, waiting for a checkpoint under way
        (milliseconds). The database's own close checkpoints what is left."""
        self._stopping.set()
        self._thread.join()

    def _run(self) -> None:
        try:
            while not self._stopping.wait(self._every):
                try:
                    self.last = self._checkpoint()
                except sqlite3.Error:
                    # A disk hiccup: the next round tries again, and the backstop keeps
                    # the log bounded meanwhile.
                    log.warning("background checkpoint failed", exc_info=True)
                finally:
                    self.runs += 1
        finally:
            self._connection.close()

    def _checkpoint(self) -> Checkpoint:
        busy, frames, copied = self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return Checkpoint(bool(busy), frames, copied)
