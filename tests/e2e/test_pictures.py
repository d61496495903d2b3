"""Pictures through the whole bot: the table message and the panel carry a picture their
embed shows; a server can turn them off and a member can choose text-only panels, and
both choices outlive a restart; a picture Discord refuses leaves a playable text table."""

from __future__ import annotations

import os
import threading
from typing import Any

from simcord import Env

from cogs.pictures.attach import HAND_FILE, RESULT_FILE, TABLE_FILE
from tests.cogs.test_board import ante_all, drawn, started_game
from tests.cogs.test_board_faults import shows_latest
from tests.cogs.test_tables import moderator, open_lobby, start
from tests.e2e.helpers import BotFactory, Room, bot_of, labels
from tests.e2e.test_short_changed import Game


def pictured(message: Any, filename: str) -> bool:
    """The message carries ``filename`` and its first embed shows it."""
    names = [attachment.filename for attachment in message.attachments]
    image = message.embeds[0].image.url if message.embeds else None
    return names == [filename] and image == f"attachment://{filename}"


def bare(message: Any) -> bool:
    """No picture at all: no attachment, no image in any embed."""
    return not message.attachments and all(embed.image.url is None for embed in message.embeds)


async def a_move(game: Game, members: list[Any]) -> None:
    """Every seat puts its starting chip in through its panel, as people would."""
    for member in members:
        panel = await game.open_hand(member)
        await member.click(panel, label=next(x for x in labels(panel) if x.startswith("Put in")))


async def test_the_table_and_the_panel_carry_their_pictures(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    assert pictured(room.table_message(), TABLE_FILE)
    game = Game(simcord_env, room, bot, table_id)
    panel = await game.open_hand(members[0])
    assert pictured(panel, HAND_FILE)
    # A click on the panel redraws its picture with the choice being built.
    clicked = await members[0].click(
        panel, label=next(x for x in labels(panel) if x.startswith("Put in"))
    )
    assert clicked.response is not None and pictured(clicked.response, HAND_FILE)
    simcord_env.raise_errors()


async def test_a_server_without_pictures_gets_text_only_and_keeps_it_after_a_restart(
    simcord_env: Env, bots: BotFactory
) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    said = await mod.slash(room.channel, "tricky-config pictures", enabled=False)
    assert said.ephemeral and "text only" in said.response.content
    await bot_of(simcord_env).db.close()
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo", "cy")
    await start(room, members[0])
    game = Game(simcord_env, room, bot, table_id)
    await a_move(game, members)
    await drawn(bot)
    assert bare(room.table_message())
    assert bare(await game.open_hand(members[0]))
    # Turned on again, the next edit of the table carries the picture.
    await mod.slash(room.channel, "tricky-config pictures", enabled=True)
    await game.move_without_guessing(members[(await game.state()).turn], (await game.state()).turn)
    await drawn(bot)
    assert pictured(room.table_message(), TABLE_FILE)
    simcord_env.raise_errors()


async def test_a_member_s_text_only_panels_outlive_a_restart(
    simcord_env: Env, bots: BotFactory
) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    said = await members[0].slash(room.channel, "tricky panels", style="text")
    assert said.ephemeral and "text only" in said.response.content
    await bot.db.close()
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    game = Game(simcord_env, room, bot, table_id)
    assert bare(await game.open_hand(members[0]))
    assert pictured(await game.open_hand(members[1]), HAND_FILE)
    assert pictured(room.table_message(), TABLE_FILE)  # the table is everyone's
    await members[0].slash(room.channel, "tricky panels", style="pictures")
    assert pictured(await game.open_hand(members[0]), HAND_FILE)
    simcord_env.raise_errors()


async def test_a_refused_picture_leaves_a_playable_text_table(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    game = Game(simcord_env, room, bot, table_id)
    await ante_all(bot, table_id, members)
    await drawn(bot)
    assert pictured(room.table_message(), TABLE_FILE)
    # Discord refuses the next edit (the one with the picture), then takes the text one.
    simcord_env.inject_error(
        "PATCH",
        f"/channels/{room.channel.id}/messages/*",
        status=413,
        message="Request entity too large",
        times=1,
    )
    state = await game.state()
    await game.move_without_guessing(members[state.turn], state.turn)
    await drawn(bot)
    table = room.table_message()
    assert bare(table)
    assert "Open my hand" in labels(table)
    assert await shows_latest(bot, room, table_id)  # the move is on the text table
    # The game goes on from that text table, and the next edit has its picture again.
    state = await game.state()
    await game.move_without_guessing(members[state.turn], state.turn)
    await drawn(bot)
    assert pictured(room.table_message(), TABLE_FILE)
    simcord_env.raise_errors()


async def test_the_result_shows_the_final_table(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    game = Game(simcord_env, room, bot, table_id)
    await a_move(game, members)
    state = await game.state()
    guesser, target = state.turn, (state.turn + 1) % 3
    await members[guesser].slash(
        room.channel, "tricky guess", player=str(target + 1), total=state.hands[target].value
    )
    await drawn(bot)
    results = [
        message
        for message in room.public_messages()
        if any(attachment.filename == RESULT_FILE for attachment in message.attachments)
    ]
    assert len(results) == 1 and pictured(results[0], RESULT_FILE)
    simcord_env.raise_errors()


def drawing_pid(bot: Any) -> int | None:
    cog: Any = bot.get_cog("TablesCog")
    pid: int | None = cog.board.pictures.pid
    return pid


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_the_drawing_process_ends_when_the_tables_cog_unloads(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, _, _ = await started_game(simcord_env, "ann", "bo", "cy")
    await drawn(bot)
    assert pictured(room.table_message(), TABLE_FILE)
    pid = drawing_pid(bot)
    assert pid is not None and pid != os.getpid() and not gone(pid)
    threads = threading.active_count()
    await bot.remove_cog("TablesCog")
    assert gone(pid)
    assert threading.active_count() <= threads


async def test_the_drawing_process_ends_when_the_bot_closes(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    await started_game(simcord_env, "ann", "bo", "cy")
    await drawn(bot)
    pid = drawing_pid(bot)
    assert pid is not None and not gone(pid)
    await bot.close()  # unloads every cog first, as discord.py's Bot.close does
    assert gone(pid)


def answer_and_edits(calls: list[Any]) -> tuple[Any, list[Any]]:
    """A click's answer (the interaction callback) and the later edits of that answer."""
    (answer,) = [call for call in calls if call.path.endswith("/callback")]
    edits = [call for call in calls if call.method == "PATCH" and "@original" in call.path]
    return answer, edits


async def test_a_panel_answers_before_its_picture_is_drawn_and_the_picture_follows(
    simcord_env: Env,
) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    game = Game(simcord_env, room, bot, table_id)
    before = len(simcord_env.http_requests)
    panel = await game.open_hand(members[0])
    answer, edits = answer_and_edits(simcord_env.http_requests[before:])
    # The answer did not wait for the drawing: text only, no attachment...
    data = answer.json["data"]
    assert all("image" not in embed for embed in data["embeds"])
    assert not data.get("attachments")
    # ...and the picture came with the one edit after it.
    (late,) = edits
    assert late.json["embeds"][0]["image"]["url"] == f"attachment://{HAND_FILE}"
    assert pictured(panel, HAND_FILE)
    # Opened again, the same hand is drawn already: the answer carries it.
    before = len(simcord_env.http_requests)
    again = await game.open_hand(members[0])
    answer, edits = answer_and_edits(simcord_env.http_requests[before:])
    assert answer.json["data"]["embeds"][0]["image"]["url"] == f"attachment://{HAND_FILE}"
    assert edits == [] and pictured(again, HAND_FILE)
    simcord_env.raise_errors()


async def test_an_open_panel_keeps_its_picture_while_another_seat_moves(simcord_env: Env) -> None:
    """Another seat's move redraws every open panel, but a hand that looks the same is not
    drawn, nor uploaded, again: the panel's edit keeps the attachment it has."""
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    game = Game(simcord_env, room, bot, table_id)
    before = len(simcord_env.http_requests)
    panel = await game.open_hand(members[0])
    answer, _ = answer_and_edits(simcord_env.http_requests[before:])
    token = answer.path.split("/")[3]  # /interactions/<id>/<token>/callback
    assert pictured(panel, HAND_FILE)
    cog: Any = bot.get_cog("TablesCog")
    drawn_before = cog.board.pictures.drawn
    before = len(simcord_env.http_requests)
    await a_move(game, members[1:2])  # bo puts his starting chip in
    await drawn(bot)
    refreshed: list[Any] = [
        call.json
        for call in simcord_env.http_requests[before:]
        if call.method == "PATCH" and f"/{token}/messages/@original" in call.path
    ]
    assert refreshed, "ann's open panel was redrawn after bo's move"
    assert all("attachments" not in sent for sent in refreshed)
    assert all(
        sent["embeds"][0]["image"]["url"] == f"attachment://{HAND_FILE}" for sent in refreshed
    )
    assert pictured(panel, HAND_FILE)
    # Drawn meanwhile: bo's hand as he opened it and after his move, and the table; never
    # ann's again.
    assert cog.board.pictures.drawn - drawn_before <= 3
    simcord_env.raise_errors()
