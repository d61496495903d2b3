"""The turn clock (AW1), computer seats and idle tables, on simcord's virtual time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import Env

from bot import computer
from bot.app import TrickyBot
from bot.computer import ComputerPlayers
from bot.results import ResultsService
from bot.shards import Shards
from bot.storage.database import Database
from bot.storage.deadlines import Deadline, DeadlineRepository
from bot.storage.migrations import migrate
from bot.storage.results import ResultsRepository
from bot.storage.tables import TableRepository
from bot.tables.model import Player, Table, TableStatus
from bot.tables.service import TableService
from bot.turn_clock import (
    IDLE_GAME,
    ROBOT_CHECK,
    ROBOT_RETRIES,
    STALE_LOBBY,
    STAND_IN_RETRY,
    TurnClock,
)
from cogs.lobby import CLOCKS
from games.catalog import CATALOG
from games.short_changed import GAME
from games.short_changed.model import Guess, ShortChangedState
from tests.cogs.test_tables import open_lobby, set_clock, start
from tests.e2e.helpers import BotFactory, Room, as_the_bot, bot_of, labels, text_of

Decide = Callable[..., str]
"""``bot.computer.decide``, or a stand-in for it."""


def harmless(legal: list[Any]) -> Any:
    """A move that cannot end a Short Changed game: a trade, or a guess nobody can be right in."""
    trade = next((action for action in legal if not isinstance(action, Guess)), None)
    if trade is not None:
        return trade
    target = next(action.target for action in legal if isinstance(action, Guess))
    return Guess(target=target, total=10_000)


@pytest.fixture(autouse=True)
def predictable_stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the clock, not about how well the bot plays: its stand-in
    moves never end the game by luck."""

    def decide(game_key: str, state_json: str, seat: int, *_: object) -> str:
        state = GAME.load_state(state_json)
        return GAME.dump_action(harmless(GAME.legal_actions(state, seat)))

    monkeypatch.setattr(computer, "decide", decide)


def crash(*_: object) -> str:
    raise BrokenProcessPool("a worker process died")


def refused(game_key: str, state_json: str, seat: int, *_: object) -> str:
    """A move the engine refuses: a guess while the starting chips are being chosen."""
    return GAME.dump_action(Guess(target=1 - seat, total=5))


def failing(monkeypatch: pytest.MonkeyPatch, times: int, failure: Decide) -> None:
    """The bot's next ``times`` decisions fail the way ``failure`` does; then it decides
    as before."""
    steady: Decide = computer.decide
    left = [times]

    def decide(*args: Any) -> str:
        if left[0]:
            left[0] -= 1
            return failure(*args)
        return steady(*args)

    monkeypatch.setattr(computer, "decide", decide)


async def clocked_game(env: Env, seconds: int, *names: str) -> tuple[Room, list[Any], int]:
    room = Room(env)
    members, table_id = await open_lobby(room, *names)
    await set_clock(room, members[0], table_id, seconds)
    await start(room, members[0])
    return room, members, table_id


async def state_of(bot: TrickyBot, table_id: int) -> ShortChangedState:
    return GAME.load_state((await bot.tables.get(table_id)).state_json or "")


async def settled(env: Env) -> None:
    """Let the computer seats finish thinking and moving, and the board draw it all."""
    bot = bot_of(env)
    for _ in range(50):
        await bot.turn_clock.idle()
        await env.settle()
        if not bot.turn_clock._robots:
            return


async def test_half_way_the_seats_to_act_are_reminded(simcord_env: Env) -> None:
    room, (ann, bo), table_id = await clocked_game(simcord_env, 60, "ann", "bo")
    await simcord_env.advance_time(31)
    reminder = room.public_messages()[-1]
    assert "half your time is gone" in reminder.content
    assert f"<@{ann.id}>" in reminder.content and f"<@{bo.id}>" in reminder.content
    assert (await state_of(bot_of(simcord_env), table_id)).phase == "ante"


async def test_when_time_runs_out_the_bot_moves_and_marks_the_seat_away(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, (ann, _bo), table_id = await clocked_game(simcord_env, 60, "ann", "bo")
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    put = next(label for label in labels(panel) if label.startswith("Put in"))
    await ann.click(panel, label=put)
    await simcord_env.advance_time(61)
    state = await state_of(bot, table_id)
    assert state.phase == "play"  # Bo's starting chip was put in by the bot
    table = await bot.tables.get(table_id)
    assert table.seats[1].away and not table.seats[0].away
    assert "bo is away" in text_of(room.table_message())
    log = "\n".join(await bot.tables.history(table_id))
    assert "bo's time ran out" in log


async def test_three_timeouts_in_a_row_hand_the_seat_to_a_computer(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, (ann, bo), table_id = await clocked_game(simcord_env, 60, "ann", "bo")
    await simcord_env.advance_time(61)  # both antes timed out
    for _ in range(20):
        table = await bot.tables.get(table_id)
        if table.seats[1].taken_over or table.status is not TableStatus.ACTIVE:
            break
        state = await state_of(bot, table_id)
        if state.turn == 0:  # Ann plays her turns at once, without guessing
            mine = await bot.tables.for_seat(table_id, ann.id)
            with as_the_bot(simcord_env):  # the board's redraw is the bot's work, waited for
                await bot.tables.act(table_id, ann.id, harmless(mine.legal))
            await settled(simcord_env)
        else:
            await simcord_env.advance_time(61)
            await settled(simcord_env)
    table = await bot.tables.get(table_id)
    assert table.seats[1].taken_over and table.seats[1].away_streak >= 3
    assert not table.seats[0].taken_over  # Ann acted herself after her one timeout
    assert "the computer plays bo's seat" in text_of(room.table_message())
    panel = await bo.slash(room.channel, "tricky hand")
    assert panel.ephemeral and "The computer plays your seat" in text_of(panel.response)
    assert labels(panel.response) == []
    if table.status is TableStatus.ACTIVE:
        # From now on Bo's seat moves by itself as soon as it is on turn.
        state = await state_of(bot, table_id)
        if state.turn == 0:
            mine = await bot.tables.for_seat(table_id, ann.id)
            with as_the_bot(simcord_env):
                await bot.tables.act(table_id, ann.id, harmless(mine.legal))
            await settled(simcord_env)
        after = await state_of(bot, table_id)
        assert after.turn == 0 or after.phase == "over"


async def test_a_player_who_acts_again_is_back(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    _room, (ann, _bo), table_id = await clocked_game(simcord_env, 60, "ann", "bo")
    await simcord_env.advance_time(61)
    assert (await bot.tables.get(table_id)).seats[0].away
    state = await state_of(bot, table_id)
    if state.turn != 0:
        await simcord_env.advance_time(61)
    mine = await bot.tables.for_seat(table_id, ann.id)
    with as_the_bot(simcord_env):
        played = await bot.tables.act(table_id, ann.id, harmless(mine.legal))
    assert played.lines[0] == "ann is back."
    assert not (await bot.tables.get(table_id)).seats[0].away


@pytest.mark.parametrize("failure", [crash, refused])
async def test_a_stand_in_that_fails_keeps_the_seats_clock_and_is_tried_again(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, failure: Decide
) -> None:
    """AW1: a stand-in move that did not happen (a worker crash, a move the engine
    refuses) must not leave the seat without a clock, or the game stalls for good."""
    bot = bot_of(simcord_env)
    room, (ann, _bo), table_id = await clocked_game(simcord_env, 60, "ann", "bo")
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    put = next(label for label in labels(panel) if label.startswith("Put in"))
    await ann.click(panel, label=put)
    failing(monkeypatch, 1, failure)
    await simcord_env.advance_time(61)
    assert (await state_of(bot, table_id)).phase == "ante"  # Bo's stand-in failed...
    # ...and his clock still runs (not to be reminded again: its half-time is long past).
    assert [(d.seat, d.reminded) for d in await DeadlineRepository(bot.db).all()] == [(1, True)]
    await simcord_env.advance_time(STAND_IN_RETRY.total_seconds() + 1)
    assert (await state_of(bot, table_id)).phase == "play"  # the second try put his chip in
    assert (await bot.tables.get(table_id)).seats[1].away


async def computer_lobby(env: Env) -> tuple[Room, Any, int]:
    """Ann against an easy computer seat, with no turn clock to muddle the computer's timing."""
    room = Room(env)
    (ann,), table_id = await open_lobby(room, "ann")
    await ann.select(room.lobby_message(), ["add:easy"], custom_id=f"tk:seat:{table_id}")
    await set_clock(room, ann, table_id, 0)
    return room, ann, table_id


async def test_a_computer_seat_whose_move_fails_tries_again_after_a_pause(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One error (a worker crash, a busy database) must not stop a computer seat, nor a
    seat taken over under AW1, for the rest of the game."""
    bot = bot_of(simcord_env)
    room, ann, table_id = await computer_lobby(simcord_env)
    failing(monkeypatch, 2, crash)
    await start(room, ann)
    await simcord_env.settle()
    assert (await state_of(bot, table_id)).antes[1] is None  # its first try failed
    await simcord_env.advance_time(ROBOT_RETRIES[0] + ROBOT_RETRIES[1] + 0.5)
    assert (await state_of(bot, table_id)).antes[1] is not None  # the third, later, did not


async def test_a_computer_seat_that_gave_up_is_woken_by_the_clocks_next_look(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer seat whose tries all failed rests, not for good: the clock's periodic
    look wakes a seat that is to act with nothing moving it."""
    bot = bot_of(simcord_env)
    room, ann, table_id = await computer_lobby(simcord_env)
    failing(monkeypatch, len(ROBOT_RETRIES) + 1, crash)
    await start(room, ann)
    await simcord_env.advance_time(sum(ROBOT_RETRIES) + 1)
    assert (await state_of(bot, table_id)).antes[1] is None  # every try failed...
    assert not bot.turn_clock._robots  # ...and the seat stopped trying
    await simcord_env.advance_time(ROBOT_CHECK.total_seconds())
    assert (await state_of(bot, table_id)).antes[1] is not None


async def test_downtime_counts_against_nobody_every_seat_to_act_gets_a_full_turn(
    simcord_env: Env, bots: BotFactory
) -> None:
    """AW1: nobody can act while the bot is down, so the time it was down is not held
    against anyone: at start-up every seat waiting to act gets its whole turn again."""
    room, _members, table_id = await clocked_game(simcord_env, 60, "ann", "bo")
    await simcord_env.advance_time(20)
    old = bot_of(simcord_env)
    await old.turn_clock.stop()
    await old.db.close()
    await simcord_env.advance_time(30 * 60)  # down for half an hour: both clocks ran out
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    await simcord_env.advance_time(1)
    table = await bot.tables.get(table_id)
    assert not any(seat.away for seat in table.seats)  # no stand-in, no strike towards AW1
    assert (await state_of(bot, table_id)).phase == "ante"
    assert "time ran out" not in "\n".join(await bot.tables.history(table_id))
    await simcord_env.advance_time(30)  # half the turn after the restart: a fresh reminder
    assert "half your time is gone" in room.public_messages()[-1].content
    await simcord_env.advance_time(30)  # the whole turn after the restart
    assert (await state_of(bot, table_id)).phase == "play"
    assert "time ran out" in "\n".join(await bot.tables.history(table_id))


async def test_computer_players_seated_in_the_lobby_play_their_turns(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    (ann,), table_id = await open_lobby(room, "ann")
    lobby = room.lobby_message()
    await ann.select(lobby, ["add:easy"], custom_id=f"tk:seat:{table_id}")
    await ann.select(room.lobby_message(), ["add:hard"], custom_id=f"tk:seat:{table_id}")
    assert "Computer 2 (hard)" in text_of(room.lobby_message())
    await ann.select(room.lobby_message(), ["remove"], custom_id=f"tk:seat:{table_id}")
    assert "Computer 2" not in text_of(room.lobby_message())
    await start(room, ann)
    await settled(simcord_env)
    state = await state_of(bot, table_id)
    assert state.antes[1] is not None and state.antes[0] is None  # the computer chose at once
    assert "Computer 1 (easy) is a computer player" in text_of(room.table_message())


async def test_only_the_host_changes_seats_and_clock(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (_ann, bo), table_id = await open_lobby(room, "ann", "bo")
    refused = await bo.select(room.lobby_message(), ["clock:60"], custom_id=f"tk:seat:{table_id}")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert "Turn clock 5 minutes" in text_of(room.lobby_message())


async def test_a_lobby_nobody_starts_expires(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (_ann,), table_id = await open_lobby(room, "ann")
    await simcord_env.advance_time(STALE_LOBBY.total_seconds() + 60)
    table = await bot_of(simcord_env).tables.get(table_id)
    assert table.status is TableStatus.CANCELLED
    closed = text_of(room.public_messages()[-1])
    assert "lobby closed" in closed and "nothing happened in it for two hours" in closed


async def test_a_game_nobody_moves_in_for_a_day_ends_unrated(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, _members, table_id = await clocked_game(simcord_env, 0, "ann", "bo")
    await simcord_env.advance_time(IDLE_GAME.total_seconds() + 60)
    table = await bot.tables.get(table_id)
    assert table.status is TableStatus.ENDED
    (result,), _ = await bot.results.history(room.guild.id, offset=0, limit=5)
    assert not result.rated and result.ended_early


async def test_a_seat_that_moves_itself_while_its_stand_in_is_chosen_keeps_its_new_turn(
    db: Database,
) -> None:
    """AW1 and SC5: in a double turn the seat acts again after acting. If its time ran out
    and it moves just as the bot chooses a stand-in, the stand-in is stale; the seat's new
    action has a new clock, and the bot must not move for it then."""
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    service = TableService(db, CATALOG, clock)
    table = await clocked_table(service, 1)
    state: ShortChangedState = GAME.load_state(table.state_json or "")
    for seat in (0, 1):
        await service.act(table.id, seat + 1, GAME.legal_actions(state, seat)[0])
    state = GAME.load_state((await service.get(table.id)).state_json or "")
    turn = state.turn
    assert turn is not None
    state.double_turn, state.actions_left = True, 2  # the seat owed a double turn (SC5)
    await db.write(
        "UPDATE tables SET state_json = ? WHERE id = ?", (GAME.dump_state(state), table.id)
    )
    service = TableService(db, CATALOG, clock)  # read afresh, with the double turn
    turn_clock = TurnClock(service, DeadlineRepository(db), computers)
    service.listen(turn_clock)
    real_choose = computers.choose
    thinking = 0

    async def choose_while_the_seat_moves(*args: Any, **kwargs: Any) -> str:
        nonlocal thinking
        thinking += 1
        chosen = await real_choose(*args, **kwargs)
        if thinking == 1:  # the player moves, a moment before the bot's first choice lands
            mine = await service.for_seat(table.id, turn + 1)
            first = next(action for action in mine.legal if not isinstance(action, Guess))
            await service.act(table.id, turn + 1, first)
        return chosen

    computers.choose = choose_while_the_seat_moves  # type: ignore[method-assign]
    try:
        await turn_clock.start()
        clock.at += timedelta(seconds=61)  # the seat's time is up
        await turn_clock._tick()
        after = await service.get(table.id)
        assert not after.seats[turn].away  # no stand-in: the player moved
        assert after.version == table.version + 3  # two antes and the player's own move
        assert GAME.to_act(GAME.load_state(after.state_json or "")) == (turn,)
    finally:
        await turn_clock.stop()
        computers.close()


async def test_a_wake_up_that_comes_as_a_computer_seats_task_ends_is_not_lost(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat's task has just ended (it saw nothing to do) and a change that makes the
    seat act again is delivered before the task is forgotten: the seat must still move,
    not wait for the clock's next look round, which on an idle bot is hours away."""
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    turn_clock = TurnClock(TableService(db, CATALOG, clock), DeadlineRepository(db), computers)
    looked: list[tuple[int, int]] = []

    async def look(table_id: int, seat: int) -> None:
        looked.append((table_id, seat))

    monkeypatch.setattr(turn_clock, "_play_robot", look)
    try:
        turn_clock._wake_robot(7, 1)  # its task runs next, and ends at once
        asyncio.get_running_loop().call_soon(turn_clock._wake_robot, 7, 1)  # then this
        await asyncio.sleep(0)
        await turn_clock.idle()
        assert looked == [(7, 1), (7, 1)]
        assert turn_clock._robots == {}
    finally:
        computers.close()


class Ticking:
    """Time that moves on while the bot works, as a real clock does: each reading is a
    millisecond later than the last (simcord's time stands still between awaits, which
    hides which of two things due at once comes first)."""

    def __init__(self) -> None:
        self.readings = 0

    def now(self) -> datetime:
        self.readings += 1
        return discord.utils.utcnow() + timedelta(milliseconds=self.readings)


async def test_a_day_long_clock_runs_out_before_the_game_counts_as_idle(
    simcord_env: Env,
) -> None:
    """AW1 with the longest clock the lobby offers: the bot moves for the seat whose day ran
    out; the table is not ended as idle first (IDLE_GAME is longer than any clock)."""
    bot = bot_of(simcord_env)
    bot.tables._clock = Ticking()
    _room, _members, table_id = await clocked_game(simcord_env, max(CLOCKS), "ann", "bo")
    await simcord_env.advance_time(max(CLOCKS) + 5)
    table = await bot.tables.get(table_id)
    assert table.status is TableStatus.ACTIVE
    assert any(seat.away for seat in table.seats)


# -- shards ---------------------------------------------------------------------------------------


class Manual:
    """A clock the test sets by hand."""

    def __init__(self, now: datetime) -> None:
        self.at = now

    def now(self) -> datetime:
        return self.at


async def clocked_table(service: TableService, guild: int, seconds: int = 60) -> Table:
    """A running two-seat game on ``guild`` (its own channel) with a ``seconds`` turn clock."""
    lobby = await service.open(
        guild_id=guild,
        channel_id=guild,
        game_key="short_changed",
        host=Player("Ann", 1),
        options={},
    )
    await service.join(lobby.id, Player("Bo", 2))
    await service.set_clock(lobby.id, 1, seconds)
    return await service.start(lobby.id, 1)


async def test_the_idle_sweep_closes_a_table_whose_game_is_gone_and_the_others(
    db: Database,
) -> None:
    """A game removed from the bot cannot be recorded, but its idle table still closes, and
    one table the sweep cannot close does not keep it from the others."""
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    service = TableService(db, CATALOG, clock)
    gone, kept = await clocked_table(service, 1, seconds=0), await clocked_table(service, 2, 0)
    await db.write("UPDATE tables SET game_key = 'retired' WHERE id = ?", (gone.id,))
    service = TableService(db, CATALOG, clock)  # a restart, after the game was removed
    turn_clock = TurnClock(service, DeadlineRepository(db), computers)
    try:
        await turn_clock._sweep(clock.at + IDLE_GAME + timedelta(minutes=1))
        assert (await service.get(gone.id)).status is TableStatus.ENDED
        assert (await service.get(kept.id)).status is TableStatus.ENDED
        results = ResultsService(ResultsRepository(db), clock.now)
        (recorded,), _ = await results.history(2, offset=0, limit=5)
        assert recorded.table_id == kept.id
        assert await results.history(1, offset=0, limit=5) == ([], 0)
    finally:
        computers.close()


async def test_a_shard_restarting_handles_only_its_own_servers_clocks(tmp_path: Path) -> None:
    """Two processes on one file (bot.shards): each one's clock keeps to its own tables."""
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    shards = (Shards(2, frozenset({0})), Shards(2, frozenset({1})))
    guilds = ((6 << 22) | 3, (9 << 22) | 3)  # on shard 0 and shard 1
    dbs = [await Database.open(tmp_path / "t.db") for _ in shards]
    await migrate(dbs[0])
    services = [
        TableService(db, CATALOG, clock, shards=shard)
        for db, shard in zip(dbs, shards, strict=True)
    ]
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    tables = [
        await clocked_table(service, guild) for service, guild in zip(services, guilds, strict=True)
    ]
    clocks = [
        TurnClock(service, DeadlineRepository(db, shards=shard), computers)
        for service, db, shard in zip(services, dbs, shards, strict=True)
    ]
    for service, turn_clock in zip(services, clocks, strict=True):
        service.listen(turn_clock)
    ours, theirs = tables[0].id, tables[1].id
    everyone = DeadlineRepository(dbs[0])
    try:
        for turn_clock in clocks:
            await turn_clock.start()  # each reconciles its own running table: two clocks each
            await turn_clock.stop()
        before = {(d.table_id, d.seat): d.started_at for d in await everyone.all()}
        assert sorted(before) == sorted([(ours, 0), (ours, 1), (theirs, 0), (theirs, 1)])
        clock.at += timedelta(minutes=30)  # both processes are down for half an hour
        await clocks[0].start()  # shard 0 comes back first: a full turn again for its seats only
        await clocks[0].stop()
        after = {(d.table_id, d.seat): d.started_at for d in await everyone.all()}
        assert after == {**before, (ours, 0): clock.at, (ours, 1): clock.at}
        clock.at += timedelta(seconds=61)  # every seat's clock has run out
        await clocks[0]._tick()
        await clocks[0].idle()
        assert (await services[0].get(ours)).version > tables[0].version
        untouched = await TableRepository(dbs[1]).get(theirs)
        assert untouched is not None and untouched.version == tables[1].version
        still = {(d.table_id, d.seat): d.started_at for d in await everyone.all()}
        assert {key: at for key, at in still.items() if key[0] == theirs} == {
            key: at for key, at in before.items() if key[0] == theirs
        }
    finally:
        for turn_clock in clocks:
            await turn_clock.stop()
        computers.close()
        for db in dbs:
            await db.close()


@pytest.mark.parametrize(
    "breakage",
    [
        pytest.param("UPDATE tables SET state_json = '{\"oops\": 1}' WHERE id = ?", id="corrupt"),
        pytest.param("UPDATE tables SET game_key = 'retired' WHERE id = ?", id="game-gone"),
    ],
)
async def test_a_table_that_cannot_load_does_not_keep_the_others_from_starting(
    db: Database, caplog: pytest.LogCaptureFixture, breakage: str
) -> None:
    """A saved state the engine now refuses, or a game no longer in the catalogue, is
    that one table's problem: the bot still starts and keeps every other table's clock.
    Start-up does not load the tables, so the broken one shows when its clock runs out."""
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    service = TableService(db, CATALOG, clock)
    service.listen(TurnClock(service, DeadlineRepository(db), computers))
    good, bad = await clocked_table(service, 1), await clocked_table(service, 2)
    await db.write(breakage, (bad.id,))
    clock.at += timedelta(seconds=10)
    service = TableService(db, CATALOG, clock)  # a restart: nothing of the old one cached
    turn_clock = TurnClock(service, DeadlineRepository(db), computers)
    service.listen(turn_clock)
    try:
        await turn_clock.start()
        await turn_clock.stop()
        assert await DeadlineRepository(db).seats_timed(good.id) == {0, 1}
        clock.at += timedelta(seconds=61)  # both tables' clocks ran out, the broken one's first
        await turn_clock._tick()
        assert f"table {bad.id}" in caplog.text
        assert (await service.get(good.id)).version > good.version
    finally:
        await turn_clock.stop()
        computers.close()


async def test_a_computers_ante_lands_when_a_person_antes_while_it_thinks(db: Database) -> None:
    """#24: the computer's ante was refused as stale whenever a person anted while it
    thought, and thought over again behind every other table; it now stands, thought
    once, as the others' antes were hidden from it anyway."""
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    service = TableService(db, CATALOG, clock)
    turn_clock = TurnClock(service, DeadlineRepository(db), computers)
    real_choose = computers.choose
    thought = 0

    async def choose_while_a_person_antes(*args: Any, **kwargs: Any) -> str:
        nonlocal thought
        thought += 1
        chosen = await real_choose(*args, **kwargs)
        if thought == 1:  # Ann antes a moment before the computer's ante lands
            ann = await service.for_seat(table.id, 1)
            await service.act(table.id, 1, ann.legal[0], version=ann.table.version)
        return chosen

    computers.choose = choose_while_a_person_antes  # type: ignore[method-assign]
    lobby = await service.open(
        guild_id=1, channel_id=1, game_key="short_changed", host=Player("Ann", 1)
    )
    await service.join(lobby.id, Player("Bo", 2))
    await service.add_computer(lobby.id, 1, "easy")
    service.listen(turn_clock)
    try:
        table = await service.start(lobby.id, 1)
        await turn_clock.idle()
        after = await service.get(table.id)
        state: ShortChangedState = GAME.load_state(after.state_json or "")
        assert GAME.to_act(state) == (1,), "Ann and the computer anted; Bo is still to"
        assert thought == 1, "the computer thought once"
        assert after.version == table.version + 2
    finally:
        await turn_clock.stop()
        computers.close()


async def test_a_restart_keeps_every_clock_and_restarts_each_when_first_due(db: Database) -> None:
    """Issue 24 with AW1: a start reads only the clocks due, yet no clock is lost and every
    one gets its whole turn from the start, reminder included, when the clock first looks
    at it; nobody's time runs out for the time the bot was down."""
    clock = Manual(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    computers = ComputerPlayers(workers=0, seconds=0.1, preload=False)
    service = TableService(db, CATALOG, clock)
    first = turn_clock = TurnClock(service, DeadlineRepository(db), computers)
    service.listen(first)
    deadlines = DeadlineRepository(db)
    try:
        early = [await clocked_table(service, n) for n in range(1, 5)]
        clock.at += timedelta(seconds=31)
        await first._tick()  # the early tables' seats are reminded
        late = [await clocked_table(service, n) for n in range(5, 9)]
        before = {(d.table_id, d.seat): d for d in await deadlines.all()}
        assert len(before) == 2 * 8 and all(before[t.id, 0].reminded for t in early)
        await first.stop()
        clock.at += timedelta(seconds=5)  # a quick restart: no clock is due yet
        began = clock.at
        service = TableService(db, CATALOG, clock)
        turn_clock = TurnClock(service, DeadlineRepository(db), computers)
        service.listen(turn_clock)
        read: list[datetime] = []
        real_due = DeadlineRepository.due

        async def due(self: DeadlineRepository, now: datetime) -> list[Deadline]:
            found = await real_due(self, now)
            read.extend(clock.started_at for clock in found)
            return found

        DeadlineRepository.due = due  # type: ignore[method-assign]
        try:
            await turn_clock.start()
            await turn_clock.stop()
        finally:
            DeadlineRepository.due = real_due  # type: ignore[method-assign]
        assert read == [], "a start reads no clock that is not due"
        kept = {(d.table_id, d.seat): d for d in await deadlines.all()}
        assert kept == before, "every clock kept as it was until it is due"

        clock.at = before[early[0].id, 0].due_at  # the early ones would run out now...
        await turn_clock._tick()
        clock.at = before[late[0].id, 0].halfway  # ...and the late ones be reminded
        await turn_clock._tick()
        after = {(d.table_id, d.seat): d for d in await deadlines.all()}
        assert after.keys() == before.keys()
        for clock_now in after.values():  # ...but each got a whole turn from the start
            assert (clock_now.started_at, clock_now.reminded) == (began, False)
            assert clock_now.due_at == began + timedelta(seconds=60)
        for table in [*early, *late]:
            assert (await service.get(table.id)).version == table.version, "no stand-in move"
        clock.at = began + timedelta(seconds=61)
        await turn_clock._tick()
        await turn_clock.idle()
        for table in [*early, *late]:  # now the time is up: the bot moves for them
            assert (await service.get(table.id)).version > table.version
    finally:
        await turn_clock.stop()
        computers.close()
