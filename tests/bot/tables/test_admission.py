"""Back-pressure for moves: a few at a time, a short queue in order, busy for the rest."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables.admission import BUSY, Admission, Busy


async def hold(admission: Admission, release: asyncio.Event, log: list[str], name: str) -> None:
    async with admission.admit():
        log.append(name)
        await release.wait()


async def test_moves_run_a_few_at_a_time_then_wait_in_order_then_are_busy() -> None:
    admission = Admission(running=2, waiting=2, patience=10)
    release, log = asyncio.Event(), list[str]()
    tasks = [asyncio.create_task(hold(admission, release, log, name)) for name in "abcd"]
    await asyncio.sleep(0)
    assert (log, admission.running, admission.waiting) == (["a", "b"], 2, 2)
    with pytest.raises(Busy) as refused:
        async with admission.admit():
            raise AssertionError("a move past the queue never runs")
    assert refused.value.message == BUSY and "busy" in BUSY and "again" in BUSY
    release.set()
    await asyncio.gather(*tasks)
    assert log == ["a", "b", "c", "d"], "first come, first in"
    assert (admission.running, admission.waiting, admission.refused) == (0, 0, 1)


async def test_a_move_that_waits_past_the_patience_is_busy_and_leaves_the_queue() -> None:
    admission = Admission(running=1, waiting=5, patience=0.05)
    release, log = asyncio.Event(), list[str]()
    first = asyncio.create_task(hold(admission, release, log, "a"))
    await asyncio.sleep(0)
    with pytest.raises(Busy):
        async with admission.admit():
            raise AssertionError("never runs")
    assert admission.waiting == 0
    release.set()
    await first
    async with admission.admit():  # the place is free again
        assert admission.running == 1


async def test_a_waiting_move_cancelled_gives_its_turn_to_the_next() -> None:
    admission = Admission(running=1, waiting=5, patience=10)
    release, log = asyncio.Event(), list[str]()
    first = asyncio.create_task(hold(admission, release, log, "a"))
    await asyncio.sleep(0)
    second = asyncio.create_task(hold(admission, release, log, "b"))
    third = asyncio.create_task(hold(admission, release, log, "c"))
    await asyncio.sleep(0)
    second.cancel()
    release.set()
    await asyncio.gather(first, third)
    assert log == ["a", "c"]
    assert (admission.running, admission.waiting) == (0, 0)


def test_limits_make_sense() -> None:
    with pytest.raises(ValueError, match="at least one move"):
        Admission(running=0, waiting=1, patience=1)
