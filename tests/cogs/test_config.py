"""/tricky-config: moderators only (Discord-side and in the bot), and settings that last."""

from __future__ import annotations

from typing import Any

from simcord import Env

from tests.cogs.test_leaderboard import seed_board
from tests.cogs.test_tables import moderator
from tests.e2e.helpers import BotFactory, Room, bot_of, labels, planted, text_of


def config_command_id(env: Env) -> int:
    command = env.backend.find_command("tricky-config", None)
    assert command is not None
    return int(command["id"])


async def test_members_without_manage_server_do_not_get_the_commands(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    assert not any(
        name.startswith("tricky-config") for name in ann.available_commands(room.channel)
    )
    mod = moderator(room, "mod")
    assert "tricky-config show" in mod.available_commands(room.channel)


async def test_the_bot_checks_again_when_an_admin_opened_the_command_to_all(
    simcord_env: Env,
) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    room.guild.set_command_permissions(config_command_id(simcord_env), {ann: True})
    assert "tricky-config show" in ann.available_commands(room.channel)
    refused = await ann.slash(room.channel, "tricky-config leaderboard", enabled=False)
    assert (
        refused.ephemeral
        and refused.response is not None
        and "Manage Server" in refused.response.content
        and not refused.followups  # told once, not again as a failed check
    )
    settings = await bot_of(simcord_env).guild_settings.get(room.guild.id)
    assert settings.leaderboard


async def test_turning_the_leaderboard_off(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    said = await mod.slash(room.channel, "tricky-config leaderboard", enabled=False)
    assert said.ephemeral and "now off" in said.response.content
    board = await mod.slash(room.channel, "tricky leaderboard")
    assert board.ephemeral and "turned off" in board.response.content


async def test_settings_survive_a_restart(simcord_env: Env, bots: BotFactory) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    await mod.slash(room.channel, "tricky-config clock", time=600)
    await mod.slash(room.channel, "tricky-config rated", game="short_changed", rated=False)
    await bot_of(simcord_env).db.close()
    await simcord_env.restart_bot(bots())
    shown = await mod.slash(room.channel, "tricky-config show")
    text = text_of(shown.response)
    rated = next(line for line in text.splitlines() if line.startswith("rated games:"))
    assert "10 minutes" in text and "Short Changed" not in rated


async def test_a_board_reset_asks_first_and_records_who_did_it(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    bot = bot_of(simcord_env)
    await seed_board(bot, room.guild.id, 2)
    asked = await mod.slash(room.channel, "tricky-config reset", game="short_changed")
    assert asked.ephemeral and "Are you sure?" in asked.response.content
    _, count = await bot.results.board(room.guild.id, "short_changed", "rating", offset=0, limit=10)
    assert count == 4  # nothing happens before the confirmation
    await mod.click(asked.response, label="Reset the board of Short Changed")
    assert "was reset by" in asked.response.content and labels(asked.response) == []
    _, count = await bot.results.board(room.guild.id, "short_changed", "rating", offset=0, limit=10)
    assert count == 0
    last = await bot.results.last_reset(room.guild.id)
    assert last is not None and last.reset_by == mod.id
    shown = await mod.slash(room.channel, "tricky-config show")
    assert f"by <@{mod.id}>" in text_of(shown.response)


async def test_a_reset_button_for_a_game_no_longer_hosted_is_explained(
    simcord_env: Env,
) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    message = await planted(bot_of(simcord_env), room, "tk:cfgreset:retired_game")
    clicked = await mod.click(message, custom_id="tk:cfgreset:retired_game")
    assert clicked.response is not None and clicked.response.ephemeral
    assert "does not host that game" in clicked.response.content


async def test_a_reset_confirmed_after_a_restart_still_resets(
    simcord_env: Env, bots: BotFactory
) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    await seed_board(bot_of(simcord_env), room.guild.id, 2)
    asked = await mod.slash(room.channel, "tricky-config reset", game="short_changed")
    await bot_of(simcord_env).db.close()
    await simcord_env.restart_bot(bots())
    await mod.click(asked.response, label="Reset the board of Short Changed")
    assert "was reset by" in asked.response.content
    bot = bot_of(simcord_env)
    _, count = await bot.results.board(room.guild.id, "short_changed", "rating", offset=0, limit=10)
    assert count == 0


async def test_lobby_defaults_apply_to_new_lobbies(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    panel = (await mod.slash(room.channel, "tricky-config defaults", game="short_changed")).response
    await mod.select(panel, ["25"], custom_id="tk:cfgopt:short_changed:stalemate_rounds")
    assert "Rounds before a draw:** 25" in text_of(panel)
    await mod.slash(room.channel, "tricky new", game="short_changed")
    assert "Rounds before a draw:** 25" in text_of(room.lobby_message())
    await mod.click(panel, label="Back to the rulebook's defaults")
    assert "Rounds before a draw:** 100" in text_of(panel)


async def test_tables_only_in_the_allowed_channels(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    games_room = room.guild.create_text_channel("games")
    await mod.slash(room.channel, "tricky-config channels", action="allow", channel=games_room)
    refused = await mod.slash(room.channel, "tricky new", game="short_changed")
    assert refused.ephemeral and f"<#{games_room.id}>" in refused.response.content
    opened = await mod.slash(games_room, "tricky new", game="short_changed")
    assert not opened.ephemeral
    await mod.slash(room.channel, "tricky-config channels", action="anywhere")
    assert not (await mod.slash(room.channel, "tricky new", game="short_changed")).ephemeral


async def test_a_thread_the_bot_cannot_open_leaves_no_announcement(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    await mod.slash(room.channel, "tricky-config threads", enabled=True)
    simcord_env.inject_error("POST", "/channels/*/messages/*/threads", status=403, code=50013)
    refused = await mod.slash(room.channel, "tricky new", game="short_changed")
    assert any("Create Public Threads" in text_of(reply) for reply in refused.followups)
    assert not any("join in the thread" in text_of(m) for m in room.public_messages())
    assert await bot_of(simcord_env).tables.in_channel(room.channel.id) is None


async def test_allowing_a_channel_without_naming_one_is_explained_once(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    refused = await mod.slash(room.channel, "tricky-config channels", action="allow")
    assert refused.ephemeral and "Name the channel" in refused.response.content
    assert not refused.followups


async def test_tables_in_threads(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    (ann,) = room.add("ann")
    await mod.slash(room.channel, "tricky-config threads", enabled=True)
    opened = await ann.slash(room.channel, "tricky new", game="short_changed")
    assert opened.response is not None and "join in the thread below" in opened.response.content
    (thread,) = room.channel.threads
    lobby: Any = thread.last_message
    assert "Join" in labels(lobby)
    assert "/tricky-config threads" not in text_of(lobby)  # it has one already
    await mod.click(lobby, label="Join")
    assert "Seats (2 of 2-6)" in text_of(thread.last_message)
    second = await mod.slash(room.channel, "tricky new", game="short_changed")
    assert not second.ephemeral  # another thread, another table
    assert len(room.channel.threads) == 2
    await ann.click(lobby, label="Start")
    await simcord_env.advance_time(21)  # nobody moved within the grace: a ping
    pings = [m for m in thread.history(viewer=room.bystander) if "<@" in (m.content or "")]
    assert pings and "Go to the table" in pings[-1].content  # a thread's message links too


async def test_clearing_defaults_keeps_the_house_words(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    await mod.slash(room.channel, "tricky words add", word="zyzzyva")
    panel = (await mod.slash(room.channel, "tricky-config defaults", game="short_word")).response
    await mod.click(panel, label="Back to the rulebook's defaults")
    settings = await bot_of(simcord_env).guild_settings.get(room.guild.id)
    assert "zyzzyva" in settings.lobby_defaults["short_word"]["house_add"]


async def test_games_played_alone_are_never_listed_as_rated(simcord_env: Env) -> None:
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    shown = await mod.slash(room.channel, "tricky-config show")
    assert "Solitaire" not in text_of(shown.response).split("rated games:")[1].split("\n")[0]
