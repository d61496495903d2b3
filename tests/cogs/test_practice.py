"""Practice end to end: a private thread, computer opponents, the Hint, and no stats."""

from __future__ import annotations

import random
from typing import Any

import pytest
from simcord import Env, SetupError

from bot.app import TrickyBot
from bot.tables.model import TableStatus
from cogs.pictures.attach import HAND_FILE
from cogs.presenters import PRESENTERS
from cogs.presenters.base import PRACTICE
from games.ai.hints import hint_seed
from games.ai.player import Budget
from games.catalog import computer_player
from games.short_changed import GAME
from tests.cogs.test_board import drawn
from tests.cogs.test_rematch import reply
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.conftest import BotFactory
from tests.e2e.helpers import Room, bot_of, custom_ids, labels, planted, text_of
from tests.e2e.test_pictures import bare, pictured


async def practising(env: Env, room: Room, member: Any, **options: Any) -> tuple[Any, int]:
    """``/tricky practice`` in the room's channel: the private thread and its table id."""
    said = await member.slash(room.channel, "tricky practice", **options)
    assert said.ephemeral and said.response is not None, "answered privately"
    (thread,) = room.channel.threads
    assert f"<#{thread.id}>" in text_of(said.response)
    table = await bot_of(env).tables.in_channel(thread.id)
    assert table is not None
    await bot_of(env).turn_clock.idle()
    return thread, table.id


async def open_hand(member: Any, thread: Any) -> Any:
    table_message = next(m for m in reversed(thread.history()) if "Open my hand" in labels(m))
    opened = await member.click(table_message, label="Open my hand")
    assert opened.response is not None and opened.response.ephemeral
    return opened.response


def easy_move(bot: TrickyBot, state_json: str, table_id: int, version: int, seat: int) -> Any:
    """What the easy computer player does, given the hint's randomness."""
    state = GAME.load_state(state_json)
    player = computer_player("easy", Budget(seconds=5.0))
    return player.choose(GAME, state, seat, random.Random(hint_seed(table_id, version, seat)))


async def test_a_practice_table_is_private_unrated_and_hints_the_easy_move(
    simcord_env: Env, bots: BotFactory
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann,) = room.add("ann")
    thread, table_id = await practising(env, room, ann, game="short_changed", opponents=2)
    table = await bot.tables.get(table_id)
    assert table.practice and table.status is TableStatus.ACTIVE and table.turn_seconds == 0
    assert [(p.user_id, p.computer) for p in table.seats] == [
        (ann.id, None),
        (None, "easy"),
        (None, "easy"),
    ]
    # Only the member (and the bot) is in the thread: a bystander cannot read it, and the
    # channel keeps no table of its own.
    with pytest.raises(SetupError):
        thread.history(viewer=room.bystander)
    assert await bot.tables.in_channel(room.channel.id) is None

    panel = await open_hand(ann, thread)
    assert PRACTICE in text_of(panel)
    assert "Hint" in labels(panel)
    table = await bot.tables.get(table_id)
    assert table.state_json is not None
    expected = easy_move(bot, table.state_json, table_id, table.version, 0)
    presenter = PRESENTERS["short_changed"]
    seat = await bot.tables.for_seat(table_id, ann.id)
    await drawn(bot)
    assert pictured(panel, HAND_FILE), "the hand's picture came with the panel"
    hinted = await ann.click(panel, label="Hint")
    assert hinted.response is not None and hinted.response.ephemeral
    # The hint's panel is the whole text: the hand's picture goes with it, not left
    # behind as a loose file under a panel that no longer shows it.
    assert bare(panel)
    said = text_of(panel)
    assert f"💡 Hint: {presenter.move_text(seat, expected)}." in said
    assert "colour you hold most" in said

    # The hint reads the seat's view only: with every hand the seat cannot see dealt
    # afresh (its own hand and the table unchanged), the same hint, after a restart too.
    state = GAME.load_state(table.state_json)
    for attempt in range(100):
        world = GAME.redeal(state, 0, random.Random(attempt))
        if world.hands[1:] != state.hands[1:]:
            break
    assert world.hands[1:] != state.hands[1:] and world.hands[0] == state.hands[0]
    assert GAME.view(world, 0) == GAME.view(state, 0)
    await bot.db.write(
        "UPDATE tables SET state_json = ? WHERE id = ?", (GAME.dump_state(world), table_id)
    )
    await bot.db.close()
    bot = bots()
    await env.restart_bot(bot)
    again = await ann.click(panel, label="Hint")
    assert again.response is not None
    assert f"💡 Hint: {presenter.move_text(seat, expected)}." in text_of(panel)

    # Ended, the practice game leaves nothing in the history, stats or boards.
    ended = await ann.slash(thread, "tricky end")
    assert "ended" in reply(ended)
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM results")
    assert row is not None and row[0] == 0
    assert not any("Play again" in labels(m) for m in thread.history())
    stats = await ann.slash(room.channel, "tricky stats")
    assert "No finished games" in text_of(stats.response)
    env.raise_errors()


async def test_no_hint_off_turn_or_at_a_table_that_is_not_practice(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    panel = await open_hand(ann, room.channel)
    assert "Hint" not in labels(panel) and PRACTICE not in text_of(panel)
    version = (await bot.tables.get(table_id)).version
    forged = await planted(bot, room, f"tk:hint:{table_id}:{version}")
    answer = await ann.click(forged, custom_id=f"tk:hint:{table_id}:{version}")
    assert answer.response is not None and answer.response.ephemeral  # not over the public one
    assert "Hints are for practice tables" in text_of(answer.response)
    assert "Hint" not in text_of(forged)
    nosy = await room.bystander.click(forged, custom_id=f"tk:hint:{table_id}:{version}")
    assert "not playing at this table" in reply(nosy)
    assert custom_ids(forged) == [f"tk:hint:{table_id}:{version}"]
    del bo
    env.raise_errors()


async def test_practice_starts_from_a_text_channel_only(simcord_env: Env) -> None:
    env = simcord_env
    room = Room(env)
    (ann,) = room.add("ann")
    thread, _ = await practising(env, room, ann, game="short_changed", opponents=1)
    refused = await ann.slash(thread, "tricky practice", game="tricky")
    assert "Start practice from a text channel" in reply(refused)
    env.raise_errors()
