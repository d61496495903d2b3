"""The table service: lobby rules, safe moves, durability, and what listeners hear."""

from __future__ import annotations

import asyncio
import gc
from datetime import UTC, datetime

import pytest

from bot.guilds import GuildSettings
from bot.storage.database import Database
from bot.storage.guilds import GuildSettingsRepository
from bot.tables.model import Player, RunningGame, TableStatus
from bot.tables.service import (
    PARSED_PER_JSON_BYTE,
    Change,
    MoveRefused,
    StaleTable,
    TableError,
    TableService,
    _StateCache,
)
from games.catalog import CATALOG
from games.core.errors import IllegalAction, InvalidAction, NotYourTurn
from games.short_changed import GAME
from games.short_changed.model import Ante, Guess
from tests.bot.tables.helpers import ANN, BO, CHANNEL, CY, GUILD, Clock, Recorder, lobby, started

# -- lobbies ---------------------------------------------------------------------------------


async def test_one_open_table_per_channel_but_players_may_sit_in_several(
    service: TableService,
) -> None:
    await lobby(service, ANN)
    with pytest.raises(TableError, match="already a Short Changed lobby in this channel"):
        await lobby(service, BO)
    other = await lobby(service, BO, ANN, channel=CHANNEL + 1)
    assert (await service.get(other)).seat_of(ANN.user_id or 0) == 1


async def test_running_games_says_where_each_game_runs_and_nothing_else(
    service: TableService,
) -> None:
    await lobby(service, ANN, BO)
    running = [await started(service, ANN, BO, channel=CHANNEL + n) for n in range(1, 4)]
    assert await service.guilds_playing() == [GUILD]
    assert await service.running_games(GUILD) == [
        RunningGame(table_id, GUILD, CHANNEL + n) for n, table_id in enumerate(running, 1)
    ]
    assert await service.running_games(GUILD, after=running[1]) == [
        RunningGame(running[2], GUILD, CHANNEL + 3)
    ]
    assert await service.running_games(GUILD + 1) == []


async def test_joining_twice_or_a_full_table_is_refused(service: TableService) -> None:
    table_id = await lobby(service, ANN, BO)
    with pytest.raises(TableError, match="already have a seat"):
        await service.join(table_id, BO)
    for user in range(100, 104):
        await service.join(table_id, Player(f"p{user}", user))
    with pytest.raises(TableError, match="full"):
        await service.join(table_id, Player("late", 999))


async def test_leaving_renumbers_seats_and_the_host_cannot_leave(service: TableService) -> None:
    table_id = await lobby(service, ANN, BO, CY)
    table = await service.leave(table_id, BO.user_id or 0)
    assert table.names == ("Ann", "Cy")
    with pytest.raises(TableError, match="host"):
        await service.leave(table_id, ANN.user_id or 0)
    with pytest.raises(TableError, match="not seated"):
        await service.leave(table_id, BO.user_id or 0)


async def test_only_the_host_starts_and_only_within_the_seat_range(service: TableService) -> None:
    table_id = await lobby(service, ANN)
    with pytest.raises(TableError, match="2 to 6 players; 1 is seated"):
        await service.start(table_id, ANN.user_id or 0)
    await service.join(table_id, BO)
    with pytest.raises(TableError, match="Only the host"):
        await service.start(table_id, BO.user_id or 0)
    table = await service.start(table_id, ANN.user_id or 0)
    assert table.status is TableStatus.ACTIVE and table.seed == 1234
    with pytest.raises(TableError, match="already started"):
        await service.join(table_id, CY)


async def test_options_are_the_hosts_and_are_validated(service: TableService) -> None:
    table_id = await lobby(service, ANN, BO)
    with pytest.raises(TableError, match="Only the host"):
        await service.set_option(table_id, BO.user_id or 0, "stalemate_rounds", 25)
    with pytest.raises(TableError, match="not allowed"):
        await service.set_option(table_id, ANN.user_id or 0, "stalemate_rounds", 1)
    with pytest.raises(TableError, match="no option called"):
        await service.set_option(table_id, ANN.user_id or 0, "jokers", True)
    table = await service.set_option(table_id, ANN.user_id or 0, "stalemate_rounds", "25")
    assert table.options == {"stalemate_rounds": 25}
    await service.start(table_id, ANN.user_id or 0)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    assert state.options.stalemate_rounds == 25


async def test_a_new_lobby_starts_from_the_servers_defaults(
    service: TableService, db: Database
) -> None:
    settings = GuildSettings(lobby_defaults={"short_changed": {"stalemate_rounds": 50}})
    await GuildSettingsRepository(db).put(GUILD, settings, datetime.now(UTC))
    table_id = await lobby(service, ANN)
    assert (await service.get(table_id)).options == {"stalemate_rounds": 50}


async def test_unusable_server_defaults_are_dropped(service: TableService, db: Database) -> None:
    settings = GuildSettings(lobby_defaults={"short_changed": {"stalemate_rounds": -3}})
    await GuildSettingsRepository(db).put(GUILD, settings, datetime.now(UTC))
    table_id = await lobby(service, ANN)
    assert (await service.get(table_id)).options == {"stalemate_rounds": 100}


async def test_cancel_and_end_need_the_host_or_a_moderator(service: TableService) -> None:
    table_id = await lobby(service, ANN, BO)
    with pytest.raises(TableError, match="host or a moderator"):
        await service.stop(table_id, BO.user_id or 0, moderator=False)
    table = await service.stop(table_id, BO.user_id or 0, moderator=True)
    assert table.status is TableStatus.CANCELLED
    table_id = await started(service, ANN, BO)
    table = await service.stop(table_id, ANN.user_id or 0, moderator=False)
    assert table.status is TableStatus.ENDED and table.finished_at is not None
    with pytest.raises(TableError, match="already closed"):
        await service.stop(table_id, ANN.user_id or 0, moderator=True)


# -- moves -----------------------------------------------------------------------------------


async def test_a_move_is_saved_with_its_event_and_bumps_the_version(
    service: TableService, db: Database
) -> None:
    table_id = await started(service, ANN, BO)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    chip = next(state.hands[0].colours())
    played = await service.act(table_id, ANN.user_id or 0, Ante(chip), version=0)
    assert played.table.version == 1
    assert played.private_lines and "You put" in played.private_lines[0]
    assert played.lines == ("Ann has chosen a starting chip.",)
    rows = await db.fetch_all("SELECT version, seat, action_json FROM events")
    assert [(r["version"], r["seat"]) for r in rows] == [(1, 0)]
    assert GAME.parse_action(rows[0]["action_json"]) == Ante(chip)


async def test_a_stale_version_is_refused_and_nothing_changes(service: TableService) -> None:
    table_id = await started(service, ANN, BO)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    await service.act(table_id, ANN.user_id or 0, Ante(next(state.hands[0].colours())))
    with pytest.raises(StaleTable):
        await service.act(
            table_id, BO.user_id or 0, Ante(next(state.hands[1].colours())), version=0
        )
    assert (await service.get(table_id)).version == 1


async def test_game_errors_are_refusals_and_leave_the_table_as_it_was(
    service: TableService,
) -> None:
    table_id = await started(service, ANN, BO)
    before = await service.get(table_id)
    with pytest.raises(MoveRefused) as refused:
        await service.act(table_id, ANN.user_id or 0, Guess(target=1, total=3))
    assert isinstance(refused.value.error, IllegalAction)
    assert refused.value.message == refused.value.error.message  # the game's own words
    assert await service.get(table_id) == before
    chip = next(GAME.load_state(before.state_json or "").hands[0].colours())
    await service.act(table_id, ANN.user_id or 0, Ante(chip))
    after_ante = await service.get(table_id)
    with pytest.raises(MoveRefused) as refused:
        await service.act(table_id, ANN.user_id or 0, Ante(chip))
    assert isinstance(refused.value.error, NotYourTurn)
    assert await service.get(table_id) == after_ante


async def test_untrusted_action_data_is_parsed(service: TableService) -> None:
    table_id = await started(service, ANN, BO)
    with pytest.raises(MoveRefused) as refused:
        await service.act(table_id, ANN.user_id or 0, {"type": "ante", "chip": "purple"})
    assert isinstance(refused.value.error, InvalidAction)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    chip = next(state.hands[0].colours())
    played = await service.act(table_id, ANN.user_id or 0, {"type": "ante", "chip": chip.value})
    assert played.table.version == 1


async def test_strangers_cannot_act_or_look(service: TableService) -> None:
    table_id = await started(service, ANN, BO)
    with pytest.raises(TableError, match="not playing"):
        await service.act(table_id, 99, {"type": "pass"})
    with pytest.raises(TableError, match="not playing"):
        await service.for_seat(table_id, 99)


async def test_a_restarted_service_continues_from_storage_and_replays_exactly(
    service: TableService, db: Database
) -> None:
    table_id = await started(service, ANN, BO, CY)
    for player in (ANN, BO, CY):
        seat = await service.for_seat(table_id, player.user_id or 0)
        await service.act(table_id, player.user_id or 0, seat.legal[0])
    fresh = TableService(db, CATALOG, Clock())
    seat = await fresh.for_seat(table_id, ANN.user_id or 0)
    assert seat.table.version == 3 and seat.view.phase == "play"
    table = await fresh.get(table_id)
    replayed = GAME.new(3, table.seed or 0, GAME.options(table.options))
    rows = await db.fetch_all("SELECT seat, action_json FROM events ORDER BY version")
    for row in rows:
        GAME.apply(replayed, row["seat"], GAME.parse_action(row["action_json"]))
    assert GAME.dump_state(replayed) == table.state_json


async def test_a_move_reports_the_table_exactly_as_stored(
    service: TableService, db: Database
) -> None:
    """``Played.table`` is built from what the move wrote, not read back: it must match
    the cached row and the file (read by a fresh service, as after a restart)."""

    async def stored(table_id: int) -> object:
        return await TableService(db, CATALOG, Clock()).get(table_id)

    table_id = await started(service, ANN, BO)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    for seat, player in enumerate((ANN, BO)):
        played = await service.act(
            table_id, player.user_id or 0, Ante(next(state.hands[seat].colours()))
        )
        assert played.table == await service.get(table_id) == await stored(table_id)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    target = 1 - state.turn
    guessing = (ANN, BO)[state.turn].user_id or 0
    played = await service.act(
        table_id, guessing, Guess(target=target, total=state.hands[target].value)
    )
    assert played.table.status is TableStatus.FINISHED
    assert played.table == await service.get(table_id) == await stored(table_id)


async def test_a_move_takes_one_statement_and_looking_takes_none(
    service: TableService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under load the trips to the database thread are what a move costs (issue 9)."""
    table_id = await started(service, ANN, BO)
    await service.public(table_id)  # the table and its recent lines, read once
    trips: list[str] = []

    def counting(name: str) -> None:
        method = getattr(db, name)

        def counted(*args: object, **kwargs: object) -> object:
            trips.append(name)
            return method(*args, **kwargs)

        monkeypatch.setattr(db, name, counted)

    for name in ("fetch_all", "write", "write_returning", "transaction", "execute_script"):
        counting(name)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    for seat, player in enumerate((ANN, BO)):
        mine = await service.for_seat(table_id, player.user_id or 0)
        await service.act(table_id, player.user_id or 0, Ante(next(state.hands[seat].colours())))
        await service.public(table_id)
        assert mine.legal
    assert trips == ["write", "write"]


async def test_a_finished_game_is_recorded_with_its_outcome(service: TableService) -> None:
    table_id = await started(service, ANN, BO)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    for seat, player in enumerate((ANN, BO)):
        await service.act(table_id, player.user_id or 0, Ante(next(state.hands[seat].colours())))
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    guesser = state.turn
    target = 1 - guesser
    right = state.hands[target].value
    guessing = (ANN, BO)[guesser].user_id or 0
    await service.act(table_id, guessing, Guess(target=target, total=right))
    table = await service.get(table_id)
    assert table.status is TableStatus.FINISHED and table.finished_at is not None
    assert table.outcome_json is not None and '"places"' in table.outcome_json
    with pytest.raises(TableError, match="over"):
        await service.act(table_id, ANN.user_id or 0, {"type": "pass"})


# -- listeners -------------------------------------------------------------------------------


async def test_listeners_hear_every_change_and_a_failing_one_breaks_nothing(
    service: TableService,
) -> None:
    recorder = Recorder()

    class Broken:
        async def table_changed(self, change: Change) -> None:
            raise RuntimeError("boom")

    service.listen(Broken())
    service.listen(recorder)
    table_id = await lobby(service, ANN, BO)
    await service.start(table_id, ANN.user_id or 0)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    await service.act(table_id, ANN.user_id or 0, Ante(next(state.hands[0].colours())))
    assert [change.kind for change in recorder.changes] == ["opened", "joined", "started", "acted"]
    assert recorder.changes[-1].lines == ("Ann has chosen a starting chip.",)
    assert all(event.audience is None for event in recorder.changes[-1].events)


async def test_a_tables_lock_lasts_only_while_someone_holds_or_waits_for_it(
    service: TableService,
) -> None:
    """One lock per table serialises its changes, but a lock kept for every table ever
    opened would grow with the bot's whole history."""
    table_id = await started(service, ANN, BO)
    lock = service._lock(table_id)
    async with lock:
        stopping = asyncio.create_task(service.stop(table_id, ANN.user_id or 0, moderator=True))
        await asyncio.sleep(0)  # waiting for the lock we hold
        del lock  # only those holding or waiting keep it
        gc.collect()
        assert service._lock(table_id).locked()  # the same lock, still in use
    assert (await stopping).status is TableStatus.ENDED
    for channel in range(CHANNEL + 1, CHANNEL + 4):
        other = await lobby(service, ANN, BO, channel=channel)
        await service.stop(other, ANN.user_id or 0, moderator=True)
    gc.collect()  # an exception's traceback may hold a frame, and so a lock, in a cycle
    assert len(service._locks) == 0


async def test_a_move_the_service_has_no_room_for_is_busy_and_changes_nothing(
    db: Database,
) -> None:
    from bot.clock import SystemClock
    from bot.tables.admission import Admission, Busy

    admission = Admission(running=1, waiting=0, patience=1)
    service = TableService(db, CATALOG, SystemClock(), admission=admission)
    table_id = await started(service, ANN, BO)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    before = await db.fetch_all("SELECT * FROM events")
    async with admission.admit():  # another move is being served, and none may wait
        with pytest.raises(Busy):
            await service.act(table_id, ANN.user_id or 0, Ante(next(state.hands[0].colours())))
    table = await service.get(table_id)
    assert table.version == 0 and table.state_json == (await service.get(table_id)).state_json
    assert GAME.load_state(table.state_json or "") == state
    assert await db.fetch_all("SELECT * FROM events") == before
    played = await service.act(table_id, ANN.user_id or 0, Ante(next(state.hands[0].colours())))
    assert played.table.version == 1, "once there is room, the same move goes through"


async def test_a_computers_ante_stands_when_a_person_anted_while_it_thought(
    service: TableService,
) -> None:
    table_id = await lobby(service, ANN, BO)
    await service.add_computer(table_id, ANN.user_id or 0, "hard")
    table = await service.start(table_id, ANN.user_id or 0)
    chosen_from = service.legal_for(table, 2)  # the computer's choice, made at this version
    ante = chosen_from[0]
    person = await service.for_seat(table_id, ANN.user_id or 0)
    await service.act(table_id, ANN.user_id or 0, person.legal[0], version=table.version)
    with pytest.raises(StaleTable):  # without what it chose from, any change is too much
        await service.act_for(table_id, 2, ante, version=table.version, by="computer")
    played = await service.act_for(
        table_id, 2, ante, version=table.version, by="computer", chosen_from=chosen_from
    )
    assert played.seat == 2 and played.table.version == table.version + 2


async def test_a_computers_move_chosen_on_another_turn_is_refused_as_stale(
    service: TableService,
) -> None:
    table_id = await lobby(service, ANN, BO)
    await service.add_computer(table_id, ANN.user_id or 0, "hard")
    table = await service.start(table_id, ANN.user_id or 0)
    chosen_from = service.legal_for(table, 2)
    await service.act_for(
        table_id, 2, chosen_from[0], version=table.version, by="computer", chosen_from=chosen_from
    )
    with pytest.raises(StaleTable):  # it moved already: no longer to act with that choice
        await service.act_for(
            table_id,
            2,
            chosen_from[0],
            version=table.version,
            by="computer",
            chosen_from=chosen_from,
        )


def test_the_state_cache_is_bounded_by_memory_not_by_a_count_of_tables() -> None:
    cache = _StateCache(capacity=PARSED_PER_JSON_BYTE * 3000)
    cache.put(1, 0, "a big state", 2000)
    cache.put(2, 0, "a small state", 500)
    cache.put(3, 0, "another small one", 500)
    assert list(cache.entries) == [1, 2, 3] and cache.held == PARSED_PER_JSON_BYTE * 3000
    cache.put(4, 0, "one more", 10)  # the least recently used goes, however many are left
    assert list(cache.entries) == [2, 3, 4]
    cache.put(2, 1, "a small state, moved on", 600)  # replaced, not counted twice
    assert list(cache.entries) == [3, 4, 2]
    assert cache.held == PARSED_PER_JSON_BYTE * (500 + 10 + 600)
    cache.drop(3)
    assert cache.held == PARSED_PER_JSON_BYTE * 610


async def test_moves_stay_right_when_the_state_cache_holds_nothing(db: Database) -> None:
    service = TableService(db, CATALOG, Clock(), state_cache_bytes=0, seeds=lambda: 1234)
    table_id = await started(service, ANN, BO)
    first = (await service.get(table_id)).version
    for _ in range(4):
        seat = await service.for_seat(table_id, ANN.user_id or 0)
        if seat.seat not in seat.to_act:
            seat = await service.for_seat(table_id, BO.user_id or 0)
        await service.act(table_id, seat.table.seats[seat.seat].user_id or 0, seat.legal[0])
    table = await service.get(table_id)
    assert table.version == first + 4 and len(service._states.entries) == 1
    assert table.state_json is not None
    assert GAME.dump_state(GAME.load_state(table.state_json)) == table.state_json
