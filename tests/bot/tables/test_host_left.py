"""A lobby whose host left the server passes to the person seated longest, or closes."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n.languages import language
from bot.storage.database import Database
from bot.tables.model import Player, TableStatus
from bot.tables.service import StaleTable, TableError, TableService
from games.catalog import CATALOG
from games.core.wording import N_, Speaker, speaking
from tests.bot.tables.helpers import ANN, BO, CHANNEL, CY, Clock, Recorder, lobby

ANN_ID, BO_ID, CY_ID = (player.user_id or 0 for player in (ANN, BO, CY))


async def test_the_person_seated_longest_hosts_and_the_hosts_seat_is_given_up(
    service: TableService, db: Database
) -> None:
    table_id = await lobby(service, ANN)
    await service.add_computer(table_id, ANN_ID, "easy")  # seated before Bo, but no person
    for player in (BO, CY):
        await service.join(table_id, player)
    recorder = Recorder()
    service.listen(recorder)

    table = await service.host_left(table_id, ANN_ID)

    assert table.status is TableStatus.LOBBY and table.host_id == BO_ID
    assert table.names == ("Computer 1 (easy)", "Bo", "Cy")
    (change,) = recorder.changes
    assert change.kind == "host" and change.table == table
    assert change.lines == ("Ann left the server, so Bo hosts this lobby now.",)
    # Stored, not only cached: a restarted bot reads the same lobby.
    restarted = TableService(db, CATALOG, Clock())
    assert await restarted.get(table_id) == table


async def test_the_new_host_has_the_hosts_controls(service: TableService) -> None:
    table_id = await lobby(service, ANN, BO, CY)
    await service.host_left(table_id, ANN_ID)
    with pytest.raises(TableError, match="Only the host"):
        await service.start(table_id, CY_ID)
    await service.set_option(table_id, BO_ID, "stalemate_rounds", 25)
    with pytest.raises(TableError, match="host"):
        await service.leave(table_id, BO_ID)
    table = await service.start(table_id, BO_ID)
    assert table.status is TableStatus.ACTIVE and table.names == ("Bo", "Cy")


async def test_with_no_person_left_the_lobby_closes_and_frees_the_channel(
    service: TableService,
) -> None:
    table_id = await lobby(service, ANN)
    await service.add_computer(table_id, ANN_ID, "hard")
    recorder = Recorder()
    service.listen(recorder)

    table = await service.host_left(table_id, ANN_ID)

    assert table.status is TableStatus.CANCELLED and table.finished_at is not None
    (change,) = recorder.changes
    assert change.kind == "cancelled"
    assert change.lines == (
        "This lobby closed: its host left the server and nobody else was seated.",
    )
    assert await service.in_channel(CHANNEL) is None
    assert (await lobby(service, BO)) != table_id


async def test_two_clicks_that_find_the_host_gone_pass_the_lobby_on_once(
    service: TableService,
) -> None:
    table_id = await lobby(service, ANN, BO, CY)
    recorder = Recorder()
    service.listen(recorder)

    first, second = await asyncio.gather(
        service.host_left(table_id, ANN_ID), service.host_left(table_id, ANN_ID)
    )

    assert first == second == await service.get(table_id)
    assert first.host_id == BO_ID and first.names == ("Bo", "Cy")
    assert [change.kind for change in recorder.changes] == ["host"]


async def test_nothing_changes_unless_that_member_hosts_an_open_lobby(
    service: TableService,
) -> None:
    table_id = await lobby(service, ANN, BO, CY)
    recorder = Recorder()
    service.listen(recorder)
    # Bo is seated but does not host: a stale lookup of someone else changes nothing.
    assert (await service.host_left(table_id, BO_ID)) == await service.get(table_id)
    await service.start(table_id, ANN_ID)
    started = await service.get(table_id)
    assert await service.host_left(table_id, ANN_ID) == started
    assert [change.kind for change in recorder.changes] == ["started"]


async def test_a_lobby_changed_behind_the_cache_is_refused_once_then_read_again(
    service: TableService, db: Database
) -> None:
    """Another writer already handed the lobby on (the file has another host than the
    cached row): nothing is changed over it, and the next look sees the file."""
    table_id = await lobby(service, ANN, BO, Player("Di", 4))
    await db.write("UPDATE tables SET host_id = 4 WHERE id = ?", (table_id,))
    with pytest.raises(StaleTable):
        await service.host_left(table_id, ANN_ID)
    table = await service.get(table_id)
    assert table.host_id == 4 and table.names == ("Ann", "Bo", "Di")
    assert await service.host_left(table_id, ANN_ID) == table


async def test_the_channel_is_told_in_its_language_not_in_the_callers(
    service: TableService,
) -> None:
    """Whoever found the host gone (their click speaks English here), and the turn clock's
    sweep, which speaks nothing: what the channel reads is in the channel's language."""
    service.channel_language = _german
    passed = await lobby(service, ANN, BO)
    closed = await lobby(service, CY, channel=CHANNEL + 1)
    recorder = Recorder()
    service.listen(recorder)
    with speaking(language("en")):
        await service.host_left(passed, ANN_ID)
        await service.close_idle(
            closed, N_("This lobby expired: nothing happened in it for two hours.")
        )
    host, expired = recorder.changes
    assert host.lines == (
        _german_text("{gone} left the server, so {name} hosts this lobby now.").format(
            gone="Ann", name="Bo"
        ),
    )
    assert expired.lines == (
        _german_text("This lobby expired: nothing happened in it for two hours."),
    )


async def _german(guild_id: int) -> Speaker:
    return language("de")


def _german_text(message: str) -> str:
    translated = language("de").gettext(message)
    assert translated != message
    return translated
