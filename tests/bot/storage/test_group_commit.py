"""The group commit on its own: which moves go together, and who hears what.

The saves here are stand-ins that record what they were asked to save, so each test
shows the batches exactly; the table repository's tests run it against SQLite.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from typing import Any

import pytest

from bot.storage.database import DatabaseBusy
from bot.storage.group_commit import GroupCommit


class Saves:
    """Records each statement (the moves it saved); ``broken`` tables make a statement
    that includes them fail whole, ``stale`` ones are left alone (moved on)."""

    def __init__(self, *, broken: Collection[int] = (), stale: Collection[int] = ()) -> None:
        self.statements: list[list[str]] = []
        self.broken, self.stale = set(broken), set(stale)
        self.error: Exception = RuntimeError("a damaged row")
        self.arrived = asyncio.Event()
        """Statements wait for it, as for the database thread: moves arrive meanwhile."""

    async def together(self, moves: dict[int, str]) -> set[int]:
        await self.arrived.wait()
        self.statements.append(list(moves.values()))
        if self.broken & set(moves):
            raise self.error
        return set(moves) - self.stale

    async def alone(self, table_id: int, move: str) -> bool:
        return bool(await self.together({table_id: move}))


def group(saves: Saves, most: int = 10) -> GroupCommit[str]:
    return GroupCommit(
        together=saves.together, alone=saves.alone, unknown=lambda _: None, most=most
    )


async def at_once(saves: Saves, commit: GroupCommit[str], *moves: tuple[int, str]) -> list[Any]:
    """The first move starts saving; the rest arrive, in order, while it is on its way."""
    tasks = []
    for move in moves:
        tasks.append(asyncio.create_task(commit.save(*move)))
        await asyncio.sleep(0)
    saves.arrived.set()
    return list(await asyncio.gather(*tasks, return_exceptions=True))


async def test_moves_arriving_during_a_save_go_together_in_one_statement() -> None:
    saves = Saves()
    outcomes = await at_once(saves, group(saves), (1, "a"), (2, "b"), (3, "c"), (4, "d"))
    assert saves.statements == [["a"], ["b", "c", "d"]]
    assert outcomes == [True] * 4


async def test_a_batch_holds_one_move_per_table_and_at_most_so_many() -> None:
    saves = Saves()
    moves = [(1, "a"), (2, "b"), (2, "b2"), (3, "c"), (4, "d")]
    outcomes = await at_once(saves, group(saves, most=2), *moves)
    assert saves.statements == [["a"], ["b", "c"], ["b2", "d"]]
    assert outcomes == [True] * 5


async def test_a_move_whose_table_moved_on_is_refused_alone() -> None:
    saves = Saves(stale={3})
    outcomes = await at_once(saves, group(saves), (1, "a"), (2, "b"), (3, "c"))
    assert outcomes == [True, True, False]


async def test_a_batch_failing_for_one_table_is_saved_move_by_move() -> None:
    saves = Saves(broken={3})
    outcomes = await at_once(saves, group(saves), (1, "a"), (2, "b"), (3, "c"), (4, "d"))
    assert saves.statements == [["a"], ["b", "c", "d"], ["b"], ["c"], ["d"]]
    assert outcomes[:2] == [True, True] and outcomes[3] is True
    assert outcomes[2] is saves.error  # only the damaged table's move fails


async def test_the_leader_of_a_failing_batch_gets_its_own_outcome_too() -> None:
    saves = Saves(broken={3})
    # The damaged table's move leads the next batch; the healthy one's goes with it.
    outcomes = await at_once(saves, group(saves), (1, "a"), (3, "c"), (2, "b"))
    assert saves.statements == [["a"], ["c", "b"], ["c"], ["b"]]
    assert outcomes == [True, saves.error, True]


async def test_a_busy_database_fails_the_batch_whole_without_trying_each_alone() -> None:
    saves = Saves(broken={2, 3})
    saves.error = DatabaseBusy()
    outcomes = await at_once(saves, group(saves), (1, "a"), (2, "b"), (3, "c"))
    assert saves.statements == [["a"], ["b", "c"]]
    assert outcomes[0] is True and outcomes[1] is outcomes[2] is saves.error


async def test_a_move_saved_alone_that_fails_is_not_tried_again() -> None:
    saves = Saves(broken={1})
    saves.arrived.set()
    with pytest.raises(RuntimeError, match="damaged row"):
        await group(saves).save(1, "a")
    assert saves.statements == [["a"]]


async def test_the_lead_passes_on_and_the_line_empties() -> None:
    saves = Saves()
    commit = group(saves, most=1)
    outcomes = await at_once(saves, commit, (1, "a"), (2, "b"), (3, "c"))
    assert outcomes == [True] * 3 and saves.statements == [["a"], ["b"], ["c"]]
    assert await commit.save(4, "d") is True  # no save under way: straight through
    assert saves.statements[-1] == ["d"]
