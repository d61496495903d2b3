"""Computer players' moves, computed off the event loop.

A decision can take up to a second of pure Python; run on the event loop it
would freeze every table. So moves are computed in a process pool (or, when
configured with no worker processes, a thread), from the table's saved state,
and come back as action JSON for the table service to apply like any move.

The pool has a worker per core by default (``TRICKY_AI_WORKERS``), and decisions
are handed to it fairly: each table has its own queue and the tables take turns,
so one table's several computer seats never hold the others up for a whole round.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import random
import secrets
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from pathlib import Path

from bot.word_files import use_word_files
from games.ai.player import Budget
from games.catalog import CATALOG, computer_player

__all__ = ["ComputerPlayers", "decide", "default_workers", "prepare_games"]

log = logging.getLogger(__name__)


def prepare_games(words: Path | None = None) -> None:
    """Load every game's slow data (a worker's start, or the bot's start-up thread), then
    keep the garbage collector off it. Given ``words``, the word lists are the mapped
    files in that directory (``bot.word_files``), shared with every other process.

    The word lists alone make a full collection take tens of milliseconds, and such a
    collection comes every few seconds under load: a stall every table feels. What
    is loaded by now lives as long as the process, so it is frozen: the collector no
    longer walks it (``gc.freeze``), while everything made later is collected as before.
    """
    if words is not None:
        use_word_files(words)
    for game in CATALOG.values():
        game.prepare()
    gc.collect()  # what start-up left as garbage is freed, not frozen
    gc.freeze()


def default_workers() -> int:
    """A worker process per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker(words: Path | None, preload: bool) -> None:
    if preload:
        prepare_games(words)
    elif words is not None:
        use_word_files(words)


def decide(game_key: str, state_json: str, seat: int, level: str, seconds: float, seed: int) -> str:
    """A ``level`` computer player's move for ``seat``, as action JSON (runs in a worker).

    The player is handed the whole state but reads it only through the seat's
    own knowledge (``games.ai``), so it cannot use another seat's hidden data.
    """
    game = CATALOG[game_key]
    state = game.load_state(state_json)
    player = computer_player(level, Budget(seconds=seconds))
    action = player.choose(game, state, seat, random.Random(seed))
    return game.dump_action(action)


THREADS_AT_ONCE = 2
"""Decisions thought at once in threads when there are no worker processes: they share
the interpreter's lock, so more would only make each one later."""


class ComputerPlayers:
    """Where the bot's seats think: a pool of worker processes, or threads if ``workers`` is 0."""

    def __init__(
        self, *, workers: int, seconds: float, preload: bool = True, words: Path | None = None
    ) -> None:
        self.seconds = seconds
        self._workers = workers
        self._preload = preload
        self._words = words
        self._pool = self._new_pool() if workers > 0 else None
        self._at_once = workers if workers > 0 else THREADS_AT_ONCE
        self._thinking = 0
        self._waiting: OrderedDict[object, deque[tuple[Callable[[], str], asyncio.Future[str]]]]
        self._waiting = OrderedDict()
        """Each table's decisions not yet handed to a worker, tables in the order they are
        served next."""

    @property
    def workers(self) -> int:
        return self._workers

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self._workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self._words, self._preload),
        )

    async def choose(
        self, game_key: str, state_json: str, seat: int, level: str, *, table: int | None = None
    ) -> str:
        """The move; ``BrokenProcessPool`` if a worker died (the next call gets a new pool).

        Decisions for the same ``table`` wait in its queue; the tables take turns.
        """
        call = partial(
            decide, game_key, state_json, seat, level, self.seconds, secrets.randbits(62)
        )
        decided: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(object() if table is None else table, deque()).append(
            (call, decided)
        )
        self._hand_out()
        return await decided

    def _hand_out(self) -> None:
        """Give free workers the next decisions, one table's at a time in turn."""
        while self._thinking < self._at_once and self._waiting:
            table, queue = next(iter(self._waiting.items()))
            call, decided = queue.popleft()
            if queue:
                self._waiting.move_to_end(table)  # its next decision waits for the others'
            else:
                del self._waiting[table]
            if decided.done():
                continue  # nobody waits for it any more (a stopped clock)
            self._thinking += 1
            thinking = asyncio.ensure_future(self._think(call))
            thinking.add_done_callback(partial(self._thought, decided))

    def _thought(self, decided: asyncio.Future[str], thinking: asyncio.Future[str]) -> None:
        self._thinking -= 1
        if not decided.done():
            if thinking.cancelled():
                decided.cancel()
            elif (error := thinking.exception()) is not None:
                decided.set_exception(error)
            else:
                decided.set_result(thinking.result())
        self._hand_out()

    async def _think(self, call: Callable[[], str]) -> str:
        pool = self._pool
        if pool is None:
            return await asyncio.to_thread(call)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except BrokenProcessPool:
            # A pool whose worker died refuses every task from then on: replace it, once
            # however many moves fail with it. This move is not tried again here: its
            # caller retries after a pause, and the move may be what killed the worker.
            if self._pool is pool:
                log.warning("a computer player's worker process died; starting new ones")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
