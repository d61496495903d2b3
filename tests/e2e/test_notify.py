"""Direct messages end to end: ``/tricky notify``, a turn told by DM with a link and no
hand, a result by DM, a member whose DMs are closed (told once, after a restart too),
and the per-member limit."""

from __future__ import annotations

import random
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from bot.notify import PER_MEMBER, PER_MEMBER_WINDOW
from cogs.notify import UNDELIVERED
from cogs.presenters.fraud import hand_text
from games.fraud import GAME
from tests.e2e.helpers import BotFactory, Room, as_the_bot, bot_of
from tests.e2e.test_fraud import Game, table_id_of

HOUR = 3600


def dms(user: Any) -> list[str]:
    """What the bot sent this member privately, oldest first."""
    return [m.content for m in user.user.dm_channel.history() if m.author.bot]


async def settle(bot: TrickyBot) -> None:
    cog: Any = bot.get_cog("TablesCog")
    await cog.board.drain()


async def after_grace(env: Env, room: Room) -> None:
    """Let the server's ping grace pass, and every message owed then go out."""
    bot = bot_of(env)
    await settle(bot)
    grace = (await bot.guild_settings.get(room.guild.id)).ping_grace
    await env.advance_time(grace + 1)
    await settle(bot)
    await bot.turn_messages.drain()


async def fraud_table(env: Env, room: Room, clock: int) -> tuple[Game, list[Any]]:
    members = room.add("ann", "bo")
    bot = bot_of(env)
    await members[0].slash(room.channel, "tricky new", game="fraud")
    await members[1].click(room.lobby_message(), label="Join")
    lobby = await bot.tables.in_channel(room.channel.id)
    assert lobby is not None
    with as_the_bot(room.env):  # the board's redraw is the bot's work, waited for
        await bot.tables.set_clock(lobby.id, members[0].id, clock)
    await members[0].click(room.lobby_message(), label="Start")
    game = Game(room, bot, table_id_of(room.table_message()), members)
    await settle(bot)
    return game, members


async def test_notify_shows_and_saves_a_members_choices(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    shown = await ann.slash(room.channel, "tricky notify")
    assert shown.ephemeral and shown.response is not None
    assert "No direct message when it is your turn" in shown.response.content
    saved = await ann.slash(room.channel, "tricky notify", clock=HOUR, results=True)
    assert saved.response is not None and "an hour" not in saved.response.content
    assert "1 hour or more" in saved.response.content and "when a game you play in ends" in (
        saved.response.content
    )
    bot = bot_of(simcord_env)
    here = await bot.preferences.for_member(ann.id, room.guild.id)
    assert here.turn_dm and here.turn_dm_min_seconds == HOUR and here.result_dm
    assert not (await bot.preferences.for_member(ann.id, None)).turn_dm  # only here
    everywhere = await ann.slash(
        room.channel, "tricky notify", turns=True, clock=1, where="everywhere"
    )
    assert everywhere.response is not None
    assert "any table with a turn clock" in everywhere.response.content
    assert (await bot.preferences.for_member(ann.id, None)).turn_dm


async def test_a_turn_on_a_long_clock_is_told_by_dm_with_a_link_and_no_hand(
    simcord_env: Env,
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    game, (ann, bo) = await fraud_table(env, room, clock=0)
    # Choices made before the table are what count; nobody asked yet, so nobody is told.
    assert dms(ann) == dms(bo) == []
    for member in (ann, bo):
        await member.slash(room.channel, "tricky notify", turns=True, clock=HOUR, results=True)
    await bot.tables.stop(game.table_id, ann.id, moderator=False)
    await settle(bot)
    await bot.turn_messages.drain()
    assert all("ended early" in text for text in dms(ann) + dms(bo))
    assert len(dms(ann)) == len(dms(bo)) == 1

    room2 = Room(env)
    game, seated = await fraud_table(env, room2, clock=HOUR)
    (first,) = GAME.to_act(await game.state())
    second = 1 - first
    for member in seated:
        await member.slash(room2.channel, "tricky notify", turns=True, clock=HOUR)
    # A clock shorter than the member asked for earns no message.
    await seated[second].slash(room2.channel, "tricky notify", clock=86_400)
    await play_one(game, first)
    await after_grace(env, room2)
    assert dms(seated[second]) == []
    await seated[second].slash(room2.channel, "tricky notify", clock=HOUR)
    # Whoever moves within the grace is at the table: only the last call, which
    # nobody answered, earns a message.
    for seat in (second, first, second):
        await play_one(game, seat)
    await after_grace(env, room2)
    assert dms(seated[second]) == []
    (told,) = dms(seated[first])
    table = await bot.tables.get(game.table_id)
    assert f"your turn at {GAME.title}" in told and "1 hour" in told
    link = f"https://discord.com/channels/{room2.guild.id}/{room2.channel.id}/{table.message_id}"
    assert link in told
    state = await game.state()
    for hand in state.hands:
        assert hand_text(hand) not in told


async def play_one(game: Game, seat: int) -> None:
    member = game.seats[seat]
    panel = await game.open_hand(member)
    await game.bid(member, panel, 0)


async def test_closed_dms_get_the_ping_and_one_note_after_a_restart(
    simcord_env: Env, bots: BotFactory
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    game, members = await fraud_table(env, room, clock=HOUR)
    for member in members:
        await member.slash(room.channel, "tricky notify", turns=True)
        channel = member.user.dm_channel
        env.inject_error(
            "POST", f"/channels/{channel.id}/messages", status=403, code=50007, times=None
        )
    state = await game.state()
    (first,) = GAME.to_act(state)
    await play_one(game, first)  # the other seat's DM is refused
    await after_grace(env, room)
    second = 1 - first
    told = [False, False]
    pinged = [m for m in room.public_messages() if f"<@{members[second].id}>" in (m.content or "")]
    assert pinged, "the channel ping still goes out"

    await env.restart_bot(bots())
    bot = bot_of(env)
    game.bot = bot
    for seat in (second, first, second):  # each is told once, at their next move
        assert GAME.to_act(await game.state()) == (seat,)
        member = members[seat]
        panel = await game.open_hand(member)
        counts_before = len(env.http_requests)
        await game.bid(member, panel, 0)
        notes = [r for r in env.http_requests[counts_before:] if UNDELIVERED[:30] in str(r)]
        assert len(notes) == (0 if told[seat] else 1)
        told[seat] = True
        await after_grace(env, room)  # the next seat's message is refused in turn


async def test_a_member_gets_few_dms_however_fast_the_game(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    game, (ann, bo) = await fraud_table(env, room, clock=HOUR)
    for member in (ann, bo):
        await member.slash(room.channel, "tricky notify", turns=True)
    rng = random.Random(2)
    turns = [0, 0]

    async def move() -> bool:
        state = await game.state()
        acting = GAME.to_act(state)
        if not acting:
            return False
        turns[acting[0]] += 1
        action = GAME.random_action(state, acting[0], rng)
        with as_the_bot(env):  # its waits run on the virtual clock, as a click's
            await bot.tables.act(game.table_id, game.seats[acting[0]].id, action)
        await after_grace(env, room)
        return True

    while min(turns) <= PER_MEMBER + 2 and await move():
        pass
    assert min(turns) > PER_MEMBER, "the game lasted long enough to test the limit"
    assert len(dms(ann)) == len(dms(bo)) == PER_MEMBER
    await env.advance_time(PER_MEMBER_WINDOW.total_seconds() + 1)
    before = len(dms(ann)) + len(dms(bo))
    while len(dms(ann)) + len(dms(bo)) == before and await move():
        pass
    assert len(dms(ann)) + len(dms(bo)) == before + 1, "a new window allows messages again"
