"""Back-pressure for moves: a few at a time, a short queue, and a kind "busy" for the rest.

One process serves moves as fast as its event loop and its database allow. Offered
more, an unbounded queue makes every move late, and the latest ones later than
Discord's 3 seconds. So moves are admitted a few at a time (``running``) and the
next few wait in order (``waiting``); a move that finds the queue full, or waits
longer than ``patience``, is refused with :class:`Busy` before anything is
applied, and its player is asked to try again in a moment. The moves accepted
keep a bounded latency: about ``(running + waiting) / running`` service times.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.errors import UserError
from games.core.wording import N_, tr

__all__ = ["BUSY", "Admission", "Busy"]

BUSY = N_("The bot is busy right now: try that again in a moment.")


class Busy(UserError):
    """The move was not admitted: nothing was applied. Says so kindly (:data:`BUSY`)."""

    def __init__(self) -> None:
        super().__init__(tr(BUSY))  # raised in the mover's own task: in their language


class Admission:
    """Lets ``running`` moves in at once, queues ``waiting`` more (first come, first in)."""

    def __init__(self, *, running: int, waiting: int, patience: float) -> None:
        if running < 1 or waiting < 0 or patience <= 0:
            raise ValueError("at least one move runs; the queue and the patience are not negative")
        self.running_limit = running
        self.waiting_limit = waiting
        self.patience = patience
        self._running = 0
        self._queue: deque[asyncio.Future[None]] = deque()
        self.refused = 0
        """Moves refused so far (for the logs and the benchmark)."""

    @property
    def running(self) -> int:
        return self._running

    @property
    def waiting(self) -> int:
        return len(self._queue)

    @asynccontextmanager
    async def admit(self) -> AsyncIterator[None]:
        """Run the body as an admitted move, or raise :class:`Busy` before it starts."""
        await self._enter()
        try:
            yield
        finally:
            self._leave()

    async def _enter(self) -> None:
        if self._running < self.running_limit and not self._queue:
            self._running += 1
            return
        if len(self._queue) >= self.waiting_limit:
            self.refused += 1
            raise Busy
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(turn)
        try:
            await asyncio.wait_for(asyncio.shield(turn), self.patience)
        except TimeoutError:
            if turn.done() and not turn.cancelled():
                return  # let in just as the patience ran out: the slot is this move's
            self._queue.remove(turn)
            turn.cancel()
            self.refused += 1
            raise Busy from None
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._leave()  # the slot handed over is passed on
            else:
                self._queue.remove(turn)
                turn.cancel()
            raise

    def _leave(self) -> None:
        # The slot goes straight to the first move waiting, so nobody overtakes it.
        while self._queue:
            turn = self._queue.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self._running -= 1
