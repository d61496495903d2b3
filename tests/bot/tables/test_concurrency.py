"""Clicks that race: the per-table lock and the version check keep the game whole.

Each pair of moves is started together with ``asyncio.gather``, so both are
inside the service at once, waiting on the database, as two people clicking
in the same instant would be.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage.database import Database
from bot.tables.service import MoveRefused, Played, StaleTable, TableError, TableService
from games.core.errors import NotYourTurn
from games.short_changed import GAME
from games.short_changed.model import Ante, Guess, ShortChangedState
from tests.bot.tables.helpers import ANN, BO, CY, Clock, started

PLAYERS = (ANN, BO, CY)


def uid(seat: int) -> int:
    return PLAYERS[seat].user_id or 0


async def state_of(service: TableService, table_id: int) -> ShortChangedState:
    return GAME.load_state((await service.get(table_id)).state_json or "")


async def events(db: Database, table_id: int) -> list[tuple[int, int, str]]:
    rows = await db.fetch_all(
        "SELECT version, seat, action_json FROM events WHERE table_id = ? ORDER BY version",
        (table_id,),
    )
    return [(row["version"], row["seat"], row["action_json"]) for row in rows]


async def at_once(*moves: Any) -> list[Played | BaseException]:
    return list(await asyncio.gather(*moves, return_exceptions=True))


def antes(state: ShortChangedState) -> list[Ante]:
    return [Ante(next(hand.colours())) for hand in state.hands]


async def in_play(service: TableService) -> int:
    table_id = await started(service, *PLAYERS)
    state = await state_of(service, table_id)
    for seat, ante in enumerate(antes(state)):
        await service.act(table_id, uid(seat), ante)
    return table_id


async def test_two_players_choosing_at_once_from_the_same_panel_version(
    service: TableService, db: Database
) -> None:
    """Both pressed on panels drawn at version 0: the first commit wins, the other is told
    the table moved on, and nothing of its move is kept."""
    table_id = await started(service, *PLAYERS)
    state = await state_of(service, table_id)
    ann, bo, _ = antes(state)
    results = await at_once(
        service.act(table_id, uid(0), ann, version=0),
        service.act(table_id, uid(1), bo, version=0),
    )
    played = [r for r in results if isinstance(r, Played)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(played) == 1 and len(refused) == 1
    assert isinstance(refused[0], StaleTable) and "moved on" in refused[0].message
    assert [(v, seat) for v, seat, _ in await events(db, table_id)] == [(1, played[0].seat)]
    after = await state_of(service, table_id)
    GAME.check_state(after)
    assert sum(chip is not None for chip in after.antes) == 1

    # The one refused tries again on the fresh panel, and it counts.
    loser = 1 - played[0].seat
    await service.act(table_id, uid(loser), (ann, bo)[loser], version=1)
    assert len(await events(db, table_id)) == 2


async def test_simultaneous_choices_without_a_version_both_count(
    service: TableService, db: Database
) -> None:
    """Slash commands name no version: both seats may choose at once, in either order."""
    table_id = await started(service, *PLAYERS)
    ann, bo, cy = antes(await state_of(service, table_id))
    results = await at_once(
        service.act(table_id, uid(0), ann),
        service.act(table_id, uid(1), bo),
        service.act(table_id, uid(2), cy),
    )
    assert all(isinstance(r, Played) for r in results)
    assert [v for v, _, _ in await events(db, table_id)] == [1, 2, 3]
    after = await state_of(service, table_id)
    assert after.phase == "play" and after.pot.count == 3
    GAME.check_state(after)


async def test_the_seat_on_turn_and_another_click_at_once(
    service: TableService, db: Database
) -> None:
    table_id = await in_play(service)
    state = await state_of(service, table_id)
    turn, other = state.turn, (state.turn + 1) % 3
    version = (await service.get(table_id)).version
    mine = await service.for_seat(table_id, uid(turn))
    move = next(a for a in mine.legal if not isinstance(a, Guess))
    theirs = Guess(target=turn, total=state.hands[turn].value)
    results = await at_once(
        service.act(table_id, uid(other), theirs, version=version),
        service.act(table_id, uid(turn), move, version=version),
    )
    assert isinstance(results[1], Played)
    assert isinstance(results[0], StaleTable) or (
        isinstance(results[0], MoveRefused) and isinstance(results[0].error, NotYourTurn)
    )
    assert len(await events(db, table_id)) == version + 1
    GAME.check_state(await state_of(service, table_id))


@pytest.mark.parametrize("version", [True, False], ids=["from a panel", "from a command"])
async def test_the_same_click_arriving_twice_is_applied_once(
    service: TableService, db: Database, version: bool
) -> None:
    table_id = await in_play(service)
    state = await state_of(service, table_id)
    at = (await service.get(table_id)).version
    mine = await service.for_seat(table_id, uid(state.turn))
    move = next(a for a in mine.legal if not isinstance(a, Guess))
    click = {"version": at} if version else {}
    results = await at_once(
        service.act(table_id, uid(state.turn), move, **click),
        service.act(table_id, uid(state.turn), move, **click),
    )
    assert sum(isinstance(r, Played) for r in results) == 1
    (refused,) = [r for r in results if isinstance(r, BaseException)]
    # From a panel the version gives it away; a command names none, so the rules refuse
    # it: the turn has passed on (this seed deals no double turn here).
    assert isinstance(refused, StaleTable if version else MoveRefused)
    assert [v for v, _, _ in await events(db, table_id)] == list(range(1, at + 2))

    late = await at_once(service.act(table_id, uid(state.turn), move, version=at))
    assert isinstance(late[0], StaleTable)  # the same click, delivered again later
    assert len(await events(db, table_id)) == at + 1


async def test_a_move_on_a_finished_game_changes_nothing(
    service: TableService, db: Database
) -> None:
    table_id = await in_play(service)
    state = await state_of(service, table_id)
    target = (state.turn + 1) % 3
    right = Guess(target=target, total=state.hands[target].value)
    await service.act(table_id, uid(state.turn), right)
    finished = await service.get(table_id)
    logged = await events(db, table_id)
    for seat in range(3):
        with pytest.raises(TableError, match="game is over"):
            await service.act(table_id, uid(seat), Guess(target=0, total=1), version=None)
        with pytest.raises(TableError, match="game is over"):
            await service.act(table_id, uid(seat), right, version=finished.version)
    assert await service.get(table_id) == finished
    assert await events(db, table_id) == logged


async def test_a_look_while_a_move_is_being_saved_sees_the_committed_table(
    service: TableService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine changes the state in place; until the move commits, panels and the
    public table must still show the committed state at the committed version."""
    table_id = await in_play(service)
    seat = (await service.public(table_id)).to_act[0]
    mover = await service.for_seat(table_id, uid(seat))
    move = next(action for action in mover.legal if not isinstance(action, Guess))
    other = (seat + 1) % len(PLAYERS)
    # What the committed table looks like, worked out apart (as after a restart): the other
    # seat's look below is the service's first at this version, made from its own state.
    apart = TableService(db, service.catalog, Clock())
    before, others = await apart.public(table_id), await apart.for_seat(table_id, uid(other))
    saving, release = asyncio.Event(), asyncio.Event()
    write = db.write

    async def slow_write(*args: Any, **kwargs: Any) -> int:
        saving.set()
        await release.wait()
        return await write(*args, **kwargs)

    monkeypatch.setattr(db, "write", slow_write)
    moving = asyncio.create_task(service.act(table_id, uid(seat), move))
    await saving.wait()  # applied in memory, not yet committed
    public = await service.public(table_id)
    look = await service.for_seat(table_id, uid(other))
    assert public.table.version == look.table.version == before.table.version
    assert public.view == before.view and look.view == others.view
    release.set()
    played = await moving
    assert (await service.public(table_id)).table.version == played.table.version


async def test_a_seats_view_and_moves_are_worked_out_once_per_version(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click draws the panel its seat was just shown: the engine is asked once."""
    table_id = await in_play(service)
    seat = (await service.public(table_id)).to_act[0]
    asked: list[int] = []
    legal_actions = GAME.legal_actions

    def counted(state: ShortChangedState, seat: int) -> list[Any]:
        asked.append(seat)
        return legal_actions(state, seat)

    monkeypatch.setattr(GAME, "legal_actions", counted)
    first = await service.for_seat(table_id, uid(seat))
    again = await service.for_seat(table_id, uid(seat))
    assert asked == [seat] and first.legal == again.legal and first.view == again.view
    move = next(action for action in first.legal if not isinstance(action, Guess))
    await service.act(table_id, uid(seat), move)
    await service.for_seat(table_id, uid(seat))
    assert asked == [seat, seat]  # a new version is looked at afresh


async def test_a_move_keeps_the_table_message_the_board_posted_while_it_was_saved(
    service: TableService, db: Database
) -> None:
    """The board redraws without the table's lock: when it posts a fresh table message
    (and ping) while a move is on its way to the database, the service must go on
    naming the fresh messages, or the board edits a retired one until a restart."""
    table_id = await in_play(service)
    await service.set_message(table_id, 111)
    await service.set_ping(table_id, 500)
    seat = (await service.public(table_id)).to_act[0]
    move = next(
        action
        for action in (await service.for_seat(table_id, uid(seat))).legal
        if not isinstance(action, Guess)
    )
    posting = asyncio.create_task(service.set_message(table_id, 222))
    pinging = asyncio.create_task(service.set_ping(table_id, 600))
    await asyncio.sleep(0)  # the board's writes reach the database lock first
    played = await service.act(table_id, uid(seat), move)
    await asyncio.gather(posting, pinging)
    table = await service.get(table_id)
    if db.backend == "sqlite":  # its one connection's lock orders the writes as made
        assert (played.table.message_id, played.table.ping_message_id) == (222, 600)
        assert table == played.table
    # On PostgreSQL the server orders writes on separate connections; either way the
    # service must end naming the fresh messages, as the file does.
    assert table is not None and (table.message_id, table.ping_message_id) == (222, 600)
    assert table == await TableService(db, service.catalog, Clock()).get(table_id)


async def test_moves_saved_together_succeed_or_fail_each_on_its_own(
    service: TableService, db: Database
) -> None:
    """Moves at different tables arriving together are saved in one batch; one table's
    damaged row must not fail the others' moves (their players would be told something
    went wrong, and their moves lost)."""
    tables = [await started(service, *PLAYERS, channel=channel) for channel in (1, 2, 3, 4)]
    first, healthy, other, damaged = tables
    # The damaged table's event log already holds the version its next move would log.
    await db.write(
        "INSERT INTO events (table_id, version, seat, action_json, public_lines, acted_at) "
        "VALUES (?, 1, 0, '{}', '[]', '2026-11-21T20:00:00+00:00')",
        (damaged,),
    )
    moves = {table: antes(await state_of(service, table))[0] for table in tables}
    leading = asyncio.create_task(service.act(first, uid(0), moves[first]))
    await asyncio.sleep(0)  # its save is on its way: the next three wait and go together
    results = await at_once(
        leading, *(service.act(table, uid(0), moves[table]) for table in tables[1:])
    )
    assert [isinstance(result, Played) for result in results] == [True, True, True, False]
    assert not isinstance(results[3], TableError)  # our own failure, not the player's
    for table in (first, healthy, other):
        assert (await service.get(table)).version == 1
        assert len(await events(db, table)) == 1
    assert (await service.get(damaged)).version == 0
