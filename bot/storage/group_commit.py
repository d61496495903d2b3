"""A group commit: moves at different tables that arrive while one is being saved wait,
then are saved together, by one statement, in the task of the first of them.

Under load a trip to the database thread costs more than the statement, so the busier
the bot, the fewer trips per move. The parts, in the order a move meets them:

- **the line** (:meth:`GroupCommit._wait_in_line`): a move that finds a save under way
  waits there for its outcome, or to be handed the lead;
- **the leader** (:meth:`GroupCommit._lead`): the move that found no save under way, or
  was handed the lead. It takes **a batch** from the line (:meth:`GroupCommit._take_batch`:
  at most one move per table), saves it, tells every move in it how its own went, and
  **hands the lead over** to the first move still waiting (:meth:`GroupCommit._hand_over`);
- **each move's own outcome** (:meth:`GroupCommit._commit`): saved, or refused because
  its table had moved on. A batch's statement fails whole, though one table may be the
  cause (a damaged row); then each of its moves is saved again alone, so that a move at a
  healthy table never fails for another table's sake. A busy database is the exception:
  it is no table's fault, and saving alone would only wait out the same lock again.

What a move is and how moves are saved belong to the caller (the table repository):
this unit only decides which moves go together, and who hears what.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.storage.database import DatabaseBusy

__all__ = ["GroupCommit", "SaveInterrupted"]

log = logging.getLogger(__name__)

M = TypeVar("M")
"""A move, as the caller saves it."""

Outcome = bool | BaseException
"""A move's own outcome: saved (True), its table no longer at its version (False), or the
error that kept it from being saved."""


class SaveInterrupted(Exception):
    """The move was being saved with another one whose caller was cancelled (the bot
    shutting down): it may or may not have been saved."""


@dataclass(slots=True, eq=False)
class _Waiting(Generic[M]):
    """A move in the line, or in the batch being saved."""

    table_id: int
    move: M
    answer: asyncio.Future[bool | None]
    """Set once: True once saved, False if its table had moved on, None for "you lead the
    next batch"; or the error that kept it from being saved."""


class GroupCommit(Generic[M]):
    """Saves moves at different tables, together while a save is under way.

    ``together`` saves a batch (at most one move per table, ``most`` moves at most) and
    returns the tables it saved, or raises if nothing was saved; ``alone`` saves one move
    and says whether it was saved; ``unknown`` is told of a table whose move may or may
    not have landed (its caller was cancelled with the statement on its way).
    """

    def __init__(
        self,
        *,
        together: Callable[[dict[int, M]], Awaitable[set[int]]],
        alone: Callable[[int, M], Awaitable[bool]],
        unknown: Callable[[int], None],
        most: int,
    ) -> None:
        self._together = together
        self._alone = alone
        self._unknown = unknown
        self._most = most
        self._line: list[_Waiting[M]] = []
        self._saving = False

    async def save(self, table_id: int, move: M) -> bool:
        """Save ``move`` at ``table_id``: True once saved, False if the table had moved on.

        Raises what kept this move from being saved, or :class:`SaveInterrupted`.
        """
        mine = _Waiting(table_id, move, asyncio.get_running_loop().create_future())
        if self._saving:
            outcome = await self._wait_in_line(mine)
            if outcome is not None:
                return outcome
        return await self._lead(mine)

    # -- the line -----------------------------------------------------------------------------

    async def _wait_in_line(self, mine: _Waiting[M]) -> bool | None:
        """Wait while another move leads: for this move's outcome, or None to lead."""
        self._line.append(mine)
        try:
            return await mine.answer
        except asyncio.CancelledError:
            answer = mine.answer
            if not answer.cancelled() and answer.exception() is None and answer.result() is None:
                # It was to lead the next batch: the next move in line does.
                self._line.remove(mine)
                self._hand_over()
            raise

    # -- the leader ---------------------------------------------------------------------------

    async def _lead(self, mine: _Waiting[M]) -> bool:
        """Save ``mine`` and the moves waiting with it; then hand the lead on."""
        self._saving = True
        try:
            batch = self._take_batch(mine)
            outcomes = await self._saved(batch)
        finally:
            self._hand_over()
        outcome = outcomes[mine.table_id]
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def _take_batch(self, leader: _Waiting[M]) -> dict[int, _Waiting[M]]:
        """The next batch, the leader's move first: the first waiting move of each table
        (the service makes a table's moves one after another, but a second one would be
        checked against the first's version in the next batch), and no move whose caller
        stopped waiting before it was taken."""
        batch = {leader.table_id: leader}
        later: list[_Waiting[M]] = []
        for waiting in self._line:
            if waiting is leader or waiting.answer.cancelled():
                continue
            if waiting.table_id in batch or len(batch) == self._most:
                later.append(waiting)
            else:
                batch[waiting.table_id] = waiting
        self._line = later
        return batch

    async def _saved(self, batch: dict[int, _Waiting[M]]) -> dict[int, Outcome]:
        """Save the batch and tell each move but the leader's how its own went."""
        followers = list(batch.values())[1:]
        try:
            outcomes = await self._commit(batch)
        except BaseException:
            # The leader's caller was cancelled with a statement under way in the database
            # thread: whether it landed is unknown here, so each table's row is to be read
            # again, and the other moves told.
            for table_id in batch:
                self._unknown(table_id)
            for waiting in followers:
                _settle(waiting.answer, SaveInterrupted())
            raise
        for waiting in followers:
            _settle(waiting.answer, outcomes[waiting.table_id])
        return outcomes

    def _hand_over(self) -> None:
        """The first move still waiting leads the next batch; with none, no save is under way."""
        self._line = [waiting for waiting in self._line if not waiting.answer.cancelled()]
        if self._line:
            _settle(self._line[0].answer, None)
        else:
            self._saving = False

    # -- each move's own outcome --------------------------------------------------------------

    async def _commit(self, batch: dict[int, _Waiting[M]]) -> dict[int, Outcome]:
        """Each move's outcome: one statement for the batch; if it fails whole, and not for
        a busy database, each move again on its own."""
        try:
            saved = await self._together({key: waiting.move for key, waiting in batch.items()})
        except DatabaseBusy as busy:
            return dict.fromkeys(batch, busy)
        except Exception as error:
            if len(batch) == 1:
                return dict.fromkeys(batch, error)
            log.warning("%d moves saved together failed (%r): each alone now", len(batch), error)
            return {key: await self._saved_alone(key, each.move) for key, each in batch.items()}
        return {key: key in saved for key in batch}

    async def _saved_alone(self, table_id: int, move: M) -> Outcome:
        try:
            return await self._alone(table_id, move)
        except Exception as error:
            return error


def _settle(future: asyncio.Future[bool | None], outcome: bool | BaseException | None) -> None:
    if future.done():  # its caller stopped waiting
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)
