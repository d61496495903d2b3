"""The drawing process: pictures drawn outside the bot's process, each sketch once, panels
before tables, a superseded request dropped, and the process gone when the drawer stops
(the tables cog unloading, the bot closing) or replaced when it dies."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
from collections.abc import AsyncIterator

import pytest

from cogs.pictures.drawing import Drawer
from cogs.pictures.kit import Sketch
from cogs.pictures.render import hand_sketch, picture, table_sketch
from games.catalog import CATALOG

NAMES = ("Ada", "Bram", "Chiara")


def sketches(count: int, seed: int = 1) -> list[Sketch]:
    """Different tables of Short Changed (the costliest picture), one a move."""
    game = CATALOG["short_changed"]
    state = game.new(3, seed)
    rng = random.Random(seed)
    found: list[Sketch] = []
    while len(found) < count and (acting := game.to_act(state)):
        seat = rng.choice(acting)
        game.apply(state, seat, game.random_action(state, seat, rng))
        sketch = table_sketch(game.key, game.view(state, None), NAMES)
        if sketch not in found:
            found.append(sketch)
    assert len(found) == count
    return found


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture
async def drawer() -> AsyncIterator[Drawer]:
    drawer = Drawer()
    yield drawer
    drawer.stop()


async def test_a_picture_is_drawn_in_another_process_once_per_sketch(drawer: Drawer) -> None:
    (sketch,) = sketches(1)
    assert drawer.ready(sketch) is None
    data = await drawer.request(sketch, slot="t")
    assert data == picture(sketch)
    assert drawer.pid is not None and drawer.pid != os.getpid()
    assert drawer.ready(sketch) == data
    assert await drawer.request(sketch, slot="other") == data
    assert drawer.drawn == 1


async def test_a_hand_that_looks_the_same_after_another_seat_moved_is_not_drawn_again(
    drawer: Drawer,
) -> None:
    game = CATALOG["tricky"]
    state = game.new(3, 4)
    rng = random.Random(4)
    first = hand_sketch(game.key, game.view(state, 0), NAMES)
    await drawer.request(first, slot="hand")
    moved = 0
    while moved < 3:  # the others re-roll; seat 0 waits, its dice as they were
        acting = [seat for seat in game.to_act(state) if seat != 0]
        if not acting:
            break
        game.apply(state, acting[0], game.random_action(state, acting[0], rng))
        moved += 1
        again = hand_sketch(game.key, game.view(state, 0), NAMES)
        assert again == first
        assert drawer.ready(again) is not None
    assert moved and drawer.drawn == 1


async def test_a_newer_request_for_a_slot_replaces_a_waiting_one(drawer: Drawer) -> None:
    busy, old, new = sketches(3)
    drawing = drawer.request(busy, slot="a")  # the process is busy with this one
    replaced = drawer.request(old, slot="b")
    latest = drawer.request(new, slot="b")
    assert await replaced is None
    assert await latest == picture(new)
    assert await drawing == picture(busy)
    assert drawer.drawn == 2


async def test_panels_are_drawn_before_tables(drawer: Drawer) -> None:
    busy, table, hand = sketches(3)
    order: list[str] = []
    first = drawer.request(busy, slot="busy")
    later = drawer.request(table, slot="table")
    urgent = drawer.request(hand, slot="hand", urgent=True)
    later.add_done_callback(lambda _: order.append("table"))
    urgent.add_done_callback(lambda _: order.append("hand"))
    await asyncio.gather(first, later, urgent)
    assert order == ["hand", "table"]


async def test_stop_ends_the_process_and_answers_every_wait_with_no_picture() -> None:
    threads = threading.active_count()
    drawer = Drawer()
    busy, waiting = sketches(2)
    await drawer.request(busy, slot="warm")
    pid = drawer.pid
    assert pid is not None and not gone(pid)
    left = [drawer.request(sketch, slot=n) for n, sketch in enumerate(sketches(2, seed=9))]
    drawer.stop()
    assert gone(pid)
    assert [await future for future in left] == [None, None]
    assert drawer.pid is None
    assert threading.active_count() == threads  # nor a thread left behind
    # Asked again, it starts a new process.
    assert await drawer.request(waiting, slot="again") == picture(waiting)
    assert drawer.pid not in (None, pid)
    drawer.stop()


async def test_a_process_that_dies_gives_no_picture_and_a_new_one_starts(drawer: Drawer) -> None:
    first, second, third = sketches(3)
    await drawer.request(first, slot="warm")
    pid = drawer.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    assert await drawer.request(second, slot="x") is None
    assert await drawer.request(third, slot="x") == picture(third)
    assert drawer.pid not in (None, pid)


async def test_draw_gives_up_waiting_but_the_picture_is_ready_next_time(drawer: Drawer) -> None:
    busy, wanted = sketches(2)
    drawer.request(busy, slot="busy")
    assert await drawer.draw(wanted, slot="w", wait=0) is None
    await drawer.drain()
    assert drawer.ready(wanted) == picture(wanted)
