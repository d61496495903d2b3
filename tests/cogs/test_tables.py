"""The /tricky commands, the lobby, the table buttons and the private panels."""

from __future__ import annotations

import re
from typing import Any

import discord
import simcord
from simcord import Env

from bot.app import TrickyBot, create_bot
from bot.settings import Settings
from bot.tables.model import TableStatus
from games.short_changed import GAME
from games.short_changed.model import Ante
from tests.e2e.conftest import BotFactory
from tests.e2e.helpers import Room, bot_of, custom_ids, forge_click, labels, planted, text_of


def table_id_in(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("no table controls on this message")


async def open_lobby(room: Room, *names: str) -> tuple[list[Any], int]:
    members = room.add(*names)
    await members[0].slash(room.channel, "tricky new", game="short_changed")
    lobby = room.lobby_message()
    for member in members[1:]:
        await member.click(lobby, label="Join")
    return members, table_id_in(lobby)


async def start(room: Room, host: Any) -> None:
    await host.click(room.lobby_message(), label="Start")


async def set_clock(room: Room, host: Any, table_id: int, seconds: int) -> None:
    """The host picks the lobby's turn clock, as people do.

    Not through ``bot.tables.set_clock`` from the test: the board's redraw that starts
    would be work simcord does not know of. Still running when Start is clicked, it
    takes that change over too (a table's redraws are coalesced), so the click settles
    before the table is posted, and the test finds no table message (under load).
    """
    await host.select(room.lobby_message(), [f"clock:{seconds}"], custom_id=f"tk:seat:{table_id}")
    assert (await bot_of(room.env).tables.get(table_id)).turn_seconds == seconds


def moderator(room: Room, name: str) -> Any:
    role = room.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return room.guild.add_member(room.env.create_user(name), roles=[role])


# -- commands are synced where the settings say ----------------------------------------------


async def test_commands_sync_instantly_to_the_development_server(settings: Settings) -> None:
    bot = create_bot(settings)
    env = simcord.Env(bot)
    guild = env.create_guild(name="dev")
    bot.settings = settings.model_copy(update={"dev_guild": guild.id})
    await env.start()
    try:
        assert set(env.backend.commands) == {guild.id}
        member = guild.add_member(env.create_user("dev"))
        offered = member.available_commands(guild.create_text_channel("test"))
        assert {"tricky new", "tricky rules", "tricky hand", "tricky guess"} <= set(offered)
    finally:
        await env.shutdown()
        await bot.db.close()


async def test_commands_sync_globally_without_a_development_server(simcord_env: Env) -> None:
    assert set(simcord_env.backend.commands) == {None}


async def test_only_the_process_running_shard_0_syncs_commands(settings: Settings) -> None:
    for shard_ids, synced in (([1, 3], set()), ([2, 0], {None})):
        bot = create_bot(settings.model_copy(update={"shard_ids": shard_ids, "shard_count": 4}))
        env = simcord.Env(bot)
        await env.start()
        try:
            assert set(env.backend.commands) == synced
        finally:
            await env.shutdown()
            await bot.db.close()


# -- the lobby -------------------------------------------------------------------------------


async def test_a_second_table_in_the_same_channel_is_refused(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (_ann, bo), _ = await open_lobby(room, "ann", "bo")
    again = await bo.slash(room.channel, "tricky new", game="short_changed")
    assert again.ephemeral
    assert "already a Short Changed lobby" in again.response.content
    assert len([m for m in room.public_messages() if "Join" in labels(m)]) == 1


async def test_the_host_sets_options_and_others_cannot(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    lobby = room.lobby_message()
    assert "Rounds before a draw:** 100" in text_of(lobby)
    option = f"tk:opt:{table_id}:stalemate_rounds"
    refused = await bo.select(lobby, ["25"], custom_id=option)
    assert refused.ephemeral and "Only the host" in refused.response.content
    await ann.select(lobby, ["25"], custom_id=option)
    assert "Rounds before a draw:** 25" in text_of(room.lobby_message())


async def test_leaving_and_joining_update_the_lobby(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (_ann, bo, cy), _ = await open_lobby(room, "ann", "bo", "cy")
    assert "Seats (3 of 2-6)" in text_of(room.lobby_message())
    await bo.click(room.lobby_message(), label="Leave")
    text = text_of(room.lobby_message())
    seats = text.split("Seats")[1].split("Options")[0]
    assert "Seats (2 of 2-6)" in text and "bo" not in seats
    twice = await cy.click(room.lobby_message(), label="Join")
    assert twice.ephemeral and "already have a seat" in twice.response.content


async def test_cancel_is_for_the_host_or_a_moderator(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (_ann, bo), table_id = await open_lobby(room, "ann", "bo")
    refused = await bo.click(room.lobby_message(), label="Cancel")
    assert refused.ephemeral and "host or a moderator" in refused.response.content
    mod = moderator(room, "mod")
    await mod.click(room.lobby_message(), label="Cancel")
    closed = room.public_messages()[-1]
    assert "lobby closed" in text_of(closed) and labels(closed) == []
    table = await bot_of(simcord_env).tables.get(table_id)
    assert table.status is TableStatus.CANCELLED


async def test_the_lobby_rules_button_answers_privately(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (_ann,), _ = await open_lobby(room, "ann")
    rules = await room.bystander.click(room.lobby_message(), label="Rules")
    assert rules.ephemeral
    assert "SC1" in text_of(rules.response) and "SC8" in text_of(rules.response)


# -- commands at a table ---------------------------------------------------------------------


async def test_commands_in_a_channel_without_a_table_explain_themselves(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    for command in ("tricky hand", "tricky log", "tricky end"):
        answer = await ann.slash(room.channel, command)
        assert (
            answer.ephemeral
            and answer.response is not None
            and "no table in this channel" in answer.response.content
            and not answer.followups  # told once: only the tree's handler answers errors
        )


async def test_rules_for_any_game_without_a_table(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    answer = await ann.slash(room.channel, "tricky rules", game="short_changed")
    assert answer.ephemeral and "short change" in text_of(answer.response).lower()


async def test_end_needs_the_host_or_a_moderator(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    refused = await bo.slash(room.channel, "tricky end")
    assert refused.ephemeral and "host or a moderator" in refused.response.content
    assert not refused.followups
    mod = moderator(room, "mod")
    ended = await mod.slash(room.channel, "tricky end")
    assert ended.ephemeral and "ended" in ended.response.content
    assert (await bot_of(simcord_env).tables.get(table_id)).status is TableStatus.ENDED
    assert "Open my hand" not in labels(room.public_messages()[-1])
    assert "stopped early" in text_of(room.public_messages()[-1])


async def test_the_log_lists_every_public_move_and_long_logs_come_as_a_file(
    simcord_env: Env,
) -> None:
    room = Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    bot = bot_of(simcord_env)
    state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
    await bot.tables.act(table_id, ann.id, Ante(next(state.hands[0].colours())))
    short = await bo.slash(room.channel, "tricky log")
    assert short.ephemeral and "1. ann has chosen a starting chip." in text_of(short.response)
    await bot.tables.act(table_id, bo.id, Ante(next(state.hands[1].colours())))
    while len("\n".join(await bot.tables.history(table_id))) < 4000:
        seat = await bot.tables.for_seat(table_id, (ann, bo)[(await _turn(bot, table_id))].id)
        action = next(a for a in seat.legal if a.type != "guess")
        await bot.tables.act(table_id, (ann, bo)[seat.seat].id, action)
    long = await bo.slash(room.channel, "tricky log")
    assert long.ephemeral and long.response is not None
    assert long.response.attachments[0].filename == f"table-{table_id}-log.txt"


async def _turn(bot: TrickyBot, table_id: int) -> int:
    public = await bot.tables.public(table_id)
    return public.to_act[0]


# -- panels ----------------------------------------------------------------------------------


async def test_an_open_panel_follows_the_game_by_itself(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann, bo), _ = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    watching = (await bo.click(room.table_message(), label="Open my hand")).response
    assert "Still" not in text_of(watching)
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    put = next(label for label in labels(panel) if label.startswith("Put in"))
    await ann.click(panel, label=put)
    # Bo did nothing, yet Bo's panel now shows that Ann has chosen.
    assert any(label.startswith("Put in") for label in labels(watching))
    version_ids = {cid.split(":")[3] for cid in custom_ids(watching) if cid.startswith("tk:panel")}
    assert version_ids == {"1"}


async def test_a_panel_older_than_its_token_still_answers_clicks(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann, _bo), table_id = await open_lobby(room, "ann", "bo")
    await set_clock(room, ann, table_id, 0)  # nobody's time runs out
    await start(room, ann)
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    await simcord_env.advance_time(16 * 60)  # the panel's interaction token has expired
    put = next(label for label in labels(panel) if label.startswith("Put in"))
    clicked = await ann.click(panel, label=put)
    assert clicked.response is not None and clicked.response.ephemeral
    assert "You put" in text_of(panel)


async def test_a_forged_click_changes_nothing(simcord_env: Env) -> None:
    """Another seat's panel button, sent on the public table by a modified client.

    Discord and discord.py drop a custom id that is not on the clicked message;
    and were one to arrive, the seat is taken from who clicked (the service's
    tests prove a user can only ever act for their own seat).
    """
    room = Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    forged = next(cid for cid in custom_ids(panel) if ":a:" in cid)
    table_before = text_of(room.table_message())
    for member in (room.bystander, bo):
        answer = await forge_click(member, room.table_message(), forged)
        assert answer.response is None
    table = await bot_of(simcord_env).tables.get(table_id)
    assert table.version == 0
    assert GAME.load_state(table.state_json or "").antes == [None, None]
    assert text_of(room.table_message()) == table_before


async def test_a_button_naming_a_table_in_another_server_is_refused(simcord_env: Env) -> None:
    """Even for a player of that table: each server's tables answer only there (and with
    shards, only the process serving that server writes them: bot.shards)."""
    room = Room(simcord_env)
    (ann, _bo), table_id = await open_lobby(room, "ann", "bo")
    lobby_ids = custom_ids(room.lobby_message())
    await start(room, ann)
    panel = (await ann.click(room.table_message(), label="Open my hand")).response
    table_ids = custom_ids(room.table_message()) + custom_ids(panel)
    before = await bot_of(simcord_env).tables.get(table_id)
    elsewhere = Room(simcord_env)
    ann_there = elsewhere.guild.add_member(ann.user)  # the same person, in both servers
    message = await planted(bot_of(simcord_env), elsewhere, *lobby_ids, *table_ids)
    for custom_id in lobby_ids + table_ids:
        answer = await ann_there.click(message, custom_id=custom_id)
        assert answer.response is not None and answer.response.ephemeral
        assert answer.response.content == "That button belongs to a table in another server."
    assert await bot_of(simcord_env).tables.get(table_id) == before


async def test_a_restarted_bot_answers_old_lobby_buttons(
    simcord_env: Env, bots: BotFactory
) -> None:
    room = Room(simcord_env)
    (ann,), table_id = await open_lobby(room, "ann")
    lobby = room.lobby_message()
    await bot_of(simcord_env).db.close()
    await simcord_env.restart_bot(bots())
    (bo,) = room.add("bo")
    await bo.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    assert (await bot_of(simcord_env).tables.get(table_id)).status is TableStatus.ACTIVE
