"""Finding things: autocomplete where a choice comes from data, and the Tricky stats menu."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord
from simcord import Env

from bot.app import TrickyBot
from cogs.autocomplete import recent_games
from tests.cogs.test_rematch import play_to_the_end, reply
from tests.cogs.test_tables import moderator, open_lobby, start
from tests.e2e.helpers import Room, bot_of, text_of


def offered(choices: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(choice["name"], str(choice["value"])) for choice in choices]


async def finished_game(env: Env, room: Room, bot: TrickyBot, *names: str) -> tuple[list[Any], int]:
    members, table_id = await open_lobby(room, *names)
    await start(room, members[0])
    await play_to_the_end(env, room, bot, members)
    return members, table_id


async def test_guess_suggests_the_other_seats_at_this_table(simcord_env: Env) -> None:
    env, _bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    nowhere = await room.bystander.autocomplete(room.channel, "tricky guess", "player", "")
    assert nowhere == []
    (ann, bo, cy), _table_id = await open_lobby(room, "ann", "bo", "cy")
    await start(room, ann)
    everyone = await ann.autocomplete(room.channel, "tricky guess", "player", "")
    assert offered(everyone) == [("2. bo", "2"), ("3. cy", "3")]
    assert offered(await bo.autocomplete(room.channel, "tricky guess", "player", "C")) == [
        ("3. cy", "3")
    ]
    # What is typed without picking a suggestion is read as kindly: a name, a mention.
    for typed in ("9", "nobody"):
        said = reply(await ann.slash(room.channel, "tricky guess", player=typed, total=5))
        assert "is not a seat at this table" in said
    for typed in ("cy", cy.mention):
        said = reply(await ann.slash(room.channel, "tricky guess", player=typed, total=5))
        assert "not a seat" not in said  # the guess reached the game (which may refuse it)
    env.raise_errors()


async def test_stats_suggest_members_with_a_record_and_show_the_one_picked(
    simcord_env: Env,
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann, bo), _ = await finished_game(env, room, bot, "ann", "bo")
    suggested = offered(
        await room.bystander.autocomplete(room.channel, "tricky stats", "member", "")
    )
    assert sorted(suggested) == sorted([("ann", str(ann.id)), ("bo", str(bo.id))])
    only_bo = await room.bystander.autocomplete(room.channel, "tricky stats", "member", "B")
    assert offered(only_bo) == [("bo", str(bo.id))]
    shown = await room.bystander.slash(room.channel, "tricky stats", member=str(bo.id))
    assert "bo's record here" in text_of(shown.response)
    assert "1 game" in text_of(shown.response)
    typed = await room.bystander.slash(room.channel, "tricky stats", member="ANN")
    assert "ann's record here" in text_of(typed.response)
    unknown = reply(await room.bystander.slash(room.channel, "tricky stats", member="zed"))
    assert "Nobody called 'zed'" in unknown
    env.raise_errors()


async def test_the_stats_menu_on_a_member_shows_their_record_here(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann, _bo), _ = await finished_game(env, room, bot, "ann", "bo")
    shown = await room.bystander.context_menu(room.channel, "Tricky stats", ann)
    said = reply(shown)
    assert "ann's record here" in said and "Short Changed" in said
    empty = reply(await ann.context_menu(room.channel, "Tricky stats", room.bystander))
    assert "watcher's record here" in empty and "No finished games" in empty
    env.raise_errors()


async def test_words_remove_suggests_this_servers_house_words(simcord_env: Env) -> None:
    env = simcord_env
    room = Room(env)
    mod = moderator(room, "mod")
    assert await mod.autocomplete(room.channel, "tricky words remove", "word", "") == []
    for word in ("zyzzyva", "qi", "zax"):
        await mod.slash(room.channel, "tricky words add", word=word)
    await mod.slash(room.channel, "tricky words remove", word="qi")  # banned now, not a house word
    assert offered(await mod.autocomplete(room.channel, "tricky words remove", "word", "")) == [
        ("zax", "zax"),
        ("zyzzyva", "zyzzyva"),
    ]
    assert offered(await mod.autocomplete(room.channel, "tricky words remove", "word", "ZY")) == [
        ("zyzzyva", "zyzzyva")
    ]
    other = Room(env)
    stranger = moderator(other, "mod2")
    assert await stranger.autocomplete(other.channel, "tricky words remove", "word", "") == []
    env.raise_errors()


async def test_recent_games_are_this_servers_newest_first(simcord_env: Env) -> None:
    """The suggestions ``replay``'s commands (export, replays) take: called here as discord.py
    calls an autocomplete callback, with what it reads of the interaction."""
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    _, first = await finished_game(env, room, bot, "ann", "bo")
    _, second = await finished_game(env, room, bot, "cy", "di", "ed")
    other = Room(env)
    await finished_game(env, other, bot, "eve", "fay")

    async def suggested(guild_id: int, typed: str) -> list[tuple[str, str]]:
        asking = cast("discord.Interaction[Any]", SimpleNamespace(client=bot, guild_id=guild_id))
        return [(choice.name, choice.value) for choice in await recent_games(asking, typed)]

    here = await suggested(room.guild.id, "")
    assert [value for _, value in here] == [str(second), str(first)]
    assert here[0][0] == f"#{second} Short Changed · cy, di, ed · just now"
    assert [value for _, value in await suggested(room.guild.id, "ann")] == [str(first)]
    assert [value for _, value in await suggested(room.guild.id, f"#{first}")] == [str(first)]
    assert len(await suggested(other.guild.id, "")) == 1
    env.raise_errors()
