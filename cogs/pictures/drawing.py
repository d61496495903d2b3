"""The bot's drawing process: pictures drawn beside the event loop, never on it, and never
waited for by a move.

A picture costs tens of moves of CPU, so the :class:`Drawer` draws in a process of its
own, forked from the bot with every module loaded. Not a thread: drawing holds the
interpreter for milliseconds at a time, and a thread doing so makes every database
answer (aiosqlite's own thread) wait for the interpreter's switch interval, which made
every move of every table ten times slower in ``bench.pictures``. The process is fed
through a pipe the event loop watches (``add_reader``), so the bot gains no thread, and
it runs at a lower priority than the bot (:data:`NICE`): when the CPU is short, moves go
first and pictures follow a little later.

Requests wait here, not in the pipe, one at a time in the process: the hands people are
looking at go before tables (a table's edit is coalesced and can wait a moment), and a
newer request for the same slot (a table, a seat's panel) replaces one still waiting,
so the process never draws a picture nobody will see. PNGs are kept by their sketch
(what the picture shows), so an unchanged hand or table is never drawn twice.

If the process dies, what it was drawing comes back as no picture (the text goes up
alone) and a new process starts with the next request. :meth:`Drawer.stop` ends it
(the tables cog does on unload, and so on the bot's close).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.process
import os
import signal
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

from PIL import PngImagePlugin  # noqa: F401  # loaded before the fork, never in the child

from cogs.pictures.kit import Sketch
from cogs.pictures.render import CACHED, picture

__all__ = ["Drawer"]

log = logging.getLogger(__name__)

NICE = 5
"""How much lower the drawing process's priority is than the bot's (``os.nice``)."""


def _serve(requests: Connection, parent: Connection) -> None:
    """The drawing process: a sketch in, its PNG out, until the pipe closes."""
    parent.close()  # the parent's end, inherited by the fork
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the bot decides when drawing stops
    # Below the bot in the scheduler's eyes: on a busy machine the moves go first and the
    # pictures follow a little later, never the other way round.
    os.nice(NICE)
    while True:
        try:
            sketch = requests.recv()
            requests.send_bytes(picture(sketch))
        except (EOFError, OSError):  # the bot closed its end: stop
            return


@dataclass(slots=True)
class _Request:
    sketch: Sketch
    urgent: bool
    waiters: list[asyncio.Future[bytes | None]] = field(default_factory=list)


class Drawer:
    """Pictures drawn in a process of their own, cached by sketch."""

    def __init__(self, cached: int = CACHED) -> None:
        self._cached = cached
        self._drawn: OrderedDict[Sketch, bytes] = OrderedDict()
        self._waiting: OrderedDict[Hashable, _Request] = OrderedDict()
        self._drawing: _Request | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._pipe: Connection | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self.drawn = 0
        """Pictures the process drew (benchmarks and tests count them)."""

    # -- asking -----------------------------------------------------------------------------

    def ready(self, sketch: Sketch) -> bytes | None:
        """The sketch's PNG if it was drawn already, else None (nothing is drawn)."""
        data = self._drawn.get(sketch)
        if data is not None:
            self._drawn.move_to_end(sketch)
        return data

    def request(
        self, sketch: Sketch, *, slot: Hashable, urgent: bool = False
    ) -> asyncio.Future[bytes | None]:
        """The sketch's PNG, drawn when the process gets to it: the future gives None if a
        newer request for ``slot`` replaced this one first, or the drawing failed.
        ``urgent``: a picture someone is waiting for (a panel), drawn before the tables."""
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        data = self.ready(sketch)
        if data is not None:
            future.set_result(data)
            return future
        drawing = self._drawing
        if drawing is not None and drawing.sketch == sketch:
            drawing.waiters.append(future)
            return future
        old = self._waiting.get(slot)
        if old is not None and old.sketch == sketch:
            old.waiters.append(future)
            old.urgent |= urgent
        else:
            if old is not None:
                _settle(old, None)  # superseded: nobody will see that one
            self._waiting[slot] = _Request(sketch, urgent, [future])  # keeps its place
        self._next()
        return future

    async def draw(
        self, sketch: Sketch, *, slot: Hashable, urgent: bool = False, wait: float
    ) -> bytes | None:
        """The sketch's PNG if it is drawn within ``wait`` seconds, else None; the drawing
        goes on either way, so the next time this sketch is asked for it is ready."""
        future = self.request(sketch, slot=slot, urgent=urgent)
        try:
            return await asyncio.wait_for(asyncio.shield(future), wait)
        except TimeoutError:
            return None

    async def drain(self) -> None:
        """Wait until nothing is waiting or being drawn (tests, benchmarks)."""
        while self._drawing is not None or self._waiting:
            self._idle.clear()
            await self._idle.wait()

    # -- the process ------------------------------------------------------------------------

    def _next(self) -> None:
        """Send the next request to the process if it is free: the oldest urgent one, else
        the oldest."""
        if self._drawing is not None or not self._waiting:
            if not self._waiting and self._drawing is None:
                self._idle.set()
            return
        slot = next((s for s, r in self._waiting.items() if r.urgent), None)
        if slot is None:
            slot = next(iter(self._waiting))
        request = self._waiting.pop(slot)
        data = self.ready(request.sketch)  # drawn meanwhile for another slot
        if data is not None:
            _settle(request, data)
            self._next()
            return
        try:
            pipe = self._start()
            pipe.send(request.sketch)
        except (OSError, ValueError) as error:  # the process is gone: no picture this time
            log.warning("the drawing process is gone (%s); a new one starts next time", error)
            self._lost()
            _settle(request, None)
            self._next()
            return
        self._drawing = request

    def _start(self) -> Connection:
        if self._pipe is not None:
            return self._pipe
        # fork: the process starts at once with every module loaded; it only ever runs
        # Pillow on the sketches it is sent, never the bot's loop or its database thread
        context = multiprocessing.get_context("fork")
        parent, child = context.Pipe()
        process = context.Process(
            target=_serve, args=(child, parent), name="tricky-drawing", daemon=True
        )
        process.start()
        child.close()
        self._process, self._pipe = process, parent
        asyncio.get_running_loop().add_reader(parent.fileno(), self._answered)
        return parent

    def _answered(self) -> None:
        """The process sent a picture back (or died)."""
        request, self._drawing = self._drawing, None
        pipe = self._pipe
        try:
            assert pipe is not None
            data: bytes | None = pipe.recv_bytes()
        except (EOFError, OSError, AssertionError):
            log.warning("the drawing process died; a new one starts with the next picture")
            self._lost()
            data = None
        if data is not None:
            self.drawn += 1
            if request is not None:
                self._drawn[request.sketch] = data
                if len(self._drawn) > self._cached:
                    self._drawn.popitem(last=False)
        if request is not None:
            _settle(request, data)
        self._next()

    def _lost(self) -> None:
        """Forget a process that is gone (its pipe closed, its exit collected)."""
        pipe, process = self._pipe, self._process
        self._pipe = self._process = None
        if pipe is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(pipe.fileno())
            pipe.close()
        if process is not None:
            process.join(timeout=1)
            if process.is_alive():
                process.kill()
                process.join()

    def stop(self) -> None:
        """End the drawing process and answer every waiting request with no picture (the
        cog unloads, the bot closes). A later request starts a new process."""
        drawing, self._drawing = self._drawing, None
        waiting = list(self._waiting.values())
        self._waiting.clear()
        for request in ([drawing] if drawing is not None else []) + waiting:
            _settle(request, None)
        self._lost()
        self._idle.set()

    @property
    def pid(self) -> int | None:
        """The drawing process's id while it runs (tests check it stops)."""
        process = self._process
        return process.pid if process is not None else None


def _settle(request: _Request, data: bytes | None) -> None:
    for waiter in request.waiters:
        if not waiter.done() and not waiter.get_loop().is_closed():
            waiter.set_result(data)
