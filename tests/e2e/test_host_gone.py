"""A lobby whose host left the server: the bot finds out when someone else needs the host,
passes the lobby to the player seated longest, or closes it to free the channel.

The bot asks for no member events (no privileged intents), so it only learns that a host
left by asking Discord, and only Discord's "unknown member" counts as gone.
"""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env, InteractionResult, MemberActor

from bot.i18n.pseudo import pseudo_language
from bot.tables.model import TableStatus
from games.core.wording import speaking
from tests.cogs.test_tables import open_lobby
from tests.e2e.helpers import Room, bot_of, labels, text_of
from tests.e2e.pseudo_check import unmarked


def told(result: InteractionResult) -> str:
    """What the user alone was told: the reply, or the follow-up of a deferred click."""
    assert result.acknowledged, "answered"
    replies = [reply for reply in (result.response, *result.followups) if reply is not None]
    said = [reply for reply in replies if reply.ephemeral]
    assert said, "told privately"
    return "\n".join(text_of(reply) for reply in said)


def reply(result: InteractionResult) -> str:
    """The interaction's own reply, to its user alone: how every refusal was answered
    before the bot asked Discord about hosts."""
    assert result.ephemeral and result.response is not None
    return unmarked(result.response.content)


def lookups(env: Env, member: MemberActor) -> int:
    """How often the bot asked Discord whether ``member`` is in the server."""
    return sum(
        entry.method == "GET" and entry.path.endswith(f"/members/{member.id}")
        for entry in env.http_requests
    )


def seats_of(message: Any) -> str:
    return text_of(message).split("Seats")[1].split("Options")[0]


async def test_the_host_left_and_the_player_seated_longest_starts_the_game(
    simcord_env: Env,
) -> None:
    bot, room = bot_of(simcord_env), Room(simcord_env)
    (ann, bo, cy), table_id = await open_lobby(room, "ann", "bo", "cy")
    room.guild.remove_member(ann)

    refused = await cy.click(room.lobby_message(), label="Start")
    assert "The host left the server, so bo hosts this lobby now." in told(refused)
    lobby = room.lobby_message()
    assert "ann left the server, so bo hosts this lobby now." in text_of(lobby)
    assert "ann" not in seats_of(lobby) and "bo (host)" in seats_of(lobby)

    started = await bo.click(room.lobby_message(), label="Start")
    assert started.acknowledged and not started.followups
    table = await bot.tables.get(table_id)
    assert table.status is TableStatus.ACTIVE and table.host_id == bo.id
    assert table.names == ("bo", "cy")
    assert "Open my hand" in labels(room.table_message())
    assert lookups(simcord_env, ann) == 1, "asked once: bo hosts now, so bo's Start asks nobody"
    simcord_env.raise_errors()


async def test_the_host_left_alone_and_tricky_new_opens_a_new_lobby(simcord_env: Env) -> None:
    bot, room = bot_of(simcord_env), Room(simcord_env)
    (ann,), old_id = await open_lobby(room, "ann")
    with speaking(pseudo_language()):  # the computer's name, as the lobby's select words it
        await bot.tables.add_computer(old_id, ann.id, "easy")  # no person: it does not count
    old_lobby = room.lobby_message()
    room.guild.remove_member(ann)
    (bo,) = room.add("bo")

    opened = await bo.slash(room.channel, "tricky new", game="short_changed")

    assert not opened.ephemeral and "Join" in labels(opened.response)
    old = await bot.tables.get(old_id)
    assert old.status is TableStatus.CANCELLED
    closed = next(m for m in room.public_messages() if m.id == old_lobby.id)
    assert "lobby closed" in text_of(closed) and labels(closed) == []
    assert "its host left the server and nobody else was seated" in text_of(closed)
    new = await bot.tables.in_channel(room.channel.id)
    assert new is not None and new.id != old_id and new.host_id == bo.id
    assert opened.response is not None and room.lobby_message().id == opened.response.id
    simcord_env.raise_errors()


async def test_a_seated_player_takes_over_when_tricky_new_finds_the_host_gone(
    simcord_env: Env,
) -> None:
    bot, room = bot_of(simcord_env), Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    room.guild.remove_member(ann)
    (cy,) = room.add("cy")
    again = await cy.slash(room.channel, "tricky new", game="short_changed")
    assert "already a Short Changed lobby" in reply(again)
    table = await bot.tables.get(table_id)
    assert table.status is TableStatus.LOBBY and table.host_id == bo.id
    ended = await bo.slash(room.channel, "tricky end")
    assert "lobby was cancelled" in told(ended)
    simcord_env.raise_errors()


async def test_with_the_host_still_here_others_are_refused_as_before(simcord_env: Env) -> None:
    bot, room = bot_of(simcord_env), Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    before = await bot.tables.get(table_id)

    refused = await bo.click(room.lobby_message(), label="Start")
    assert reply(refused) == "Only the host can start the game."
    cancel = await room.bystander.click(room.lobby_message(), label="Cancel")
    assert "host or a moderator" in reply(cancel)
    option = f"tk:opt:{table_id}:stalemate_rounds"
    chosen = await bo.select(room.lobby_message(), ["25"], custom_id=option)
    assert reply(chosen) == "Only the host can change the options."
    seating = await bo.select(room.lobby_message(), ["add:easy"], custom_id=f"tk:seat:{table_id}")
    assert reply(seating) == "Only the host can add computer players."
    ended = await bo.slash(room.channel, "tricky end")
    assert "host or a moderator" in reply(ended)
    busy = await bo.slash(room.channel, "tricky new", game="short_changed")
    assert "already a Short Changed lobby" in reply(busy)

    assert await bot.tables.get(table_id) == before
    assert lookups(simcord_env, ann) == 6
    # The host's own clicks ask Discord nothing.
    await ann.click(room.lobby_message(), label="Start")
    assert lookups(simcord_env, ann) == 6
    assert (await bot.tables.get(table_id)).status is TableStatus.ACTIVE
    simcord_env.raise_errors()


async def test_when_discord_cannot_say_whether_the_host_left_nothing_changes(
    simcord_env: Env,
) -> None:
    bot, room = bot_of(simcord_env), Room(simcord_env)
    (ann, bo, _cy), table_id = await open_lobby(room, "ann", "bo", "cy")
    room.guild.remove_member(ann)
    before = await bot.tables.get(table_id)
    member = f"/guilds/{room.guild.id}/members/{ann.id}"

    for status in (500, 503, 429, 403):
        simcord_env.inject_error("GET", member, status=status, message="injected by the test")
        refused = await bo.click(room.lobby_message(), label="Start")
        assert reply(refused) == "Only the host can start the game."
    simcord_env.inject_error("GET", member, status=502, message="injected by the test")
    busy = await bo.slash(room.channel, "tricky new", game="short_changed")
    assert "already a Short Changed lobby" in reply(busy)

    assert await bot.tables.get(table_id) == before
    assert "(host)" in seats_of(room.lobby_message()) and "ann" in seats_of(room.lobby_message())
    # Discord answers again: the next click finds ann gone.
    await bo.click(room.lobby_message(), label="Start")
    assert (await bot.tables.get(table_id)).status is TableStatus.ACTIVE
    simcord_env.raise_errors()


@pytest.mark.parametrize(
    ("code", "message"),
    [(10004, "Unknown Guild"), (10013, "Unknown User"), (0, "404: Not Found")],
    ids=["unknown-server", "unknown-user", "no-error-body"],
)
async def test_a_404_that_is_not_unknown_member_leaves_a_present_host_in_charge(
    simcord_env: Env, code: int, message: str
) -> None:
    """Only Discord's "Unknown Member" means the host left (cogs.hosts.UNKNOWN_MEMBER)."""
    bot, room = bot_of(simcord_env), Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    member = f"/guilds/{room.guild.id}/members/{ann.id}"
    simcord_env.inject_error("GET", member, status=404, code=code, message=message)
    refused = await bo.click(room.lobby_message(), label="Start")
    assert reply(refused) == "Only the host can start the game."
    table = await bot.tables.get(table_id)
    assert table.host_id == ann.id and table.status is TableStatus.LOBBY
    assert [player.user_id for player in table.seats] == [ann.id, bo.id]
