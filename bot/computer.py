"""Computer players' moves, computed off the event loop.

A decision can take up to a second of pure Python; run on the event loop it
would freeze every table. So moves are computed in a process pool (or, when
configured with no worker processes, a thread), from the table's saved state,
and come back as action JSON for the table service to apply like any move.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import random
import secrets
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from pathlib import Path

from bot.word_files import use_word_files
from games.ai.levels import computer_player
from games.ai.player import Budget
from games.catalog import CATALOG

__all__ = ["ComputerPlayers", "decide", "prepare_games"]

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

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self._workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self._words, self._preload),
        )

    async def choose(self, game_key: str, state_json: str, seat: int, level: str) -> str:
        """The move; ``BrokenProcessPool`` if a worker died (the next call gets a new pool)."""
        call = partial(
            decide, game_key, state_json, seat, level, self.seconds, secrets.randbits(62)
        )
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
