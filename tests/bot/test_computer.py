"""The bot's computer seats: a level's move comes back as action JSON the engine accepts."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot import computer
from bot.computer import ComputerPlayers, decide, default_workers
from bot.settings import Settings
from bot.tables.service import COMPUTER_LEVELS
from games.catalog import CATALOG


@pytest.mark.parametrize("level", COMPUTER_LEVELS)
@pytest.mark.parametrize("key", sorted(CATALOG))
def test_decide_returns_a_move_the_engine_accepts(key: str, level: str) -> None:
    game = CATALOG[key]
    seats = min(max(3, game.min_seats), game.max_seats)
    state = game.new(seats, 7, game.options({}))
    for move in range(6):  # a few decisions, from the opening on
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        action_json = decide(key, game.dump_state(state), seat, level, 0.05, move)
        action = game.parse_action(action_json)
        game.check(state, seat, action)  # raises if the engine would refuse it
        game.apply(state, seat, action)


def test_an_unknown_level_is_refused_before_any_thinking() -> None:
    game = CATALOG["short_changed"]
    state = game.new(3, 1, game.options({}))
    with pytest.raises(ValueError, match="no computer level"):
        decide("short_changed", game.dump_state(state), 0, "grandmaster", 0.05, 1)


async def test_a_crashed_worker_process_does_not_break_the_pool_for_good() -> None:
    """A pool whose worker died (killed for memory, say) refuses every later task; the
    bot's computer seats and stand-in moves must not all stop with it."""
    computers = ComputerPlayers(workers=1, seconds=0.05, preload=False)
    game = CATALOG["short_changed"]
    state = game.new(2, 7, game.options({}))
    seat = game.to_act(state)[0]
    try:
        assert computers._pool is not None
        with pytest.raises(BrokenProcessPool):
            await asyncio.wrap_future(computers._pool.submit(os._exit, 1))
        with pytest.raises(BrokenProcessPool):  # the move asked of the broken pool fails...
            await computers.choose("short_changed", game.dump_state(state), seat, "easy")
        # ...and the next one is answered by a fresh pool.
        action = await computers.choose("short_changed", game.dump_state(state), seat, "easy")
        game.check(state, seat, game.parse_action(action))
    finally:
        computers.close()


async def test_tables_take_turns_for_the_computer_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """One table's three computer seats do not make the other tables wait for all three."""
    order: list[str] = []

    def decide(game_key: str, state_json: str, *_: object) -> str:
        order.append(state_json)
        return "{}"

    monkeypatch.setattr(computer, "decide", decide)
    monkeypatch.setattr(computer, "THREADS_AT_ONCE", 1)
    computers = ComputerPlayers(workers=0, seconds=0.05, preload=False)
    asked = [("A0", 1), ("A1", 1), ("A2", 1), ("A3", 1), ("B", 2), ("C", 3)]
    await asyncio.gather(
        *(computers.choose("short_changed", label, 0, "easy", table=t) for label, t in asked)
    )
    # A0 was thinking before anyone else asked, and A1 was next in line then; after it
    # the tables take turns.
    assert order == ["A0", "A1", "B", "C", "A2", "A3"]


def test_the_pool_has_a_worker_per_core_by_default() -> None:
    assert default_workers() == len(os.sched_getaffinity(0))
    assert Settings(token="t", _env_file=None).ai_workers is None
