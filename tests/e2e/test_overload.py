"""Too many moves at once: the one the bot has no room for is told, kindly, to try again."""

from __future__ import annotations

from simcord import Env

from bot.tables.admission import BUSY, Admission
from tests.e2e.helpers import Room, bot_of, labels, text_of


async def test_a_move_the_bot_is_too_busy_for_is_refused_kindly_and_changes_nothing(
    simcord_env: Env,
) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    ann, bo = room.add("ann", "bo")
    await ann.slash(room.channel, "tricky new", game="short_changed")
    await bo.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    opened = await ann.click(room.table_message(), label="Open my hand")
    panel = opened.response
    assert panel is not None
    put = next(label for label in labels(panel) if label.startswith("Put in"))
    table = await bot.tables.in_channel(room.channel.id)
    assert table is not None
    public_before = [text_of(message) for message in room.public_messages()]

    # Every place is taken by other moves, and none may wait.
    bot.tables.admission = Admission(running=1, waiting=0, patience=1)
    async with bot.tables.admission.admit():
        clicked = await ann.click(panel, label=put)

    assert clicked.response is not None and clicked.response.ephemeral
    assert BUSY in text_of(panel), "told on the panel itself, only to the clicker"
    assert put in labels(panel), "the move can be made again from the same panel"
    after = await bot.tables.get(table.id)
    assert (after.version, after.state_json) == (table.version, table.state_json)
    assert await bot.tables.history(table.id) == []
    assert [text_of(message) for message in room.public_messages()] == public_before

    await ann.click(panel, label=put)  # a moment later there is room
    assert "You put" in text_of(panel)
    assert (await bot.tables.get(table.id)).version == table.version + 1
