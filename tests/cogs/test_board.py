"""The board: coalesced edits, turn pings, hour-old tables, announcements."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import discord
import pytest
from simcord import Env

from bot.app import TrickyBot
from bot.tables.model import Player
from bot.tables.service import PublicTable, TableError
from cogs.board import EDITS_LIMITED, SCROLLED_AWAY
from cogs.presenters import PRESENTERS
from games.core.game import Event
from games.short_changed import GAME
from games.short_changed.model import Ante, Guess, PotStarted
from tests.cogs.test_tables import moderator, open_lobby, set_clock, start
from tests.e2e.conftest import BotFactory
from tests.e2e.helpers import Room, as_the_bot, bot_of, labels, text_of


async def started_game(
    env: Env, *names: str, ping_grace: int | None = None
) -> tuple[Room, list[Any], int]:
    """A started Short Changed game; with ``ping_grace``, the server's grace set first
    (0: a ping as soon as a turn starts, for tests about who is called)."""
    room = Room(env)
    members, table_id = await open_lobby(room, *names)
    if ping_grace is not None:
        await set_ping_grace(bot_of(env), room, ping_grace)
    await start(room, members[0])
    return room, members, table_id


async def set_ping_grace(bot: TrickyBot, room: Room, seconds: int) -> None:
    async with bot.guild_settings.editing(room.guild.id) as settings:
        settings.ping_grace = seconds


async def ante_all(bot: TrickyBot, table_id: int, members: list[Any]) -> None:
    state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
    for seat, member in enumerate(members):
        await bot.tables.act(table_id, member.id, Ante(next(state.hands[seat].colours())))


async def drawn(bot: TrickyBot) -> None:
    """Wait until the board has drawn every change made by calling the service directly.

    (simcord settles work the bot started itself; these moves come from the test.)
    """
    cog: Any = bot.get_cog("TablesCog")
    await cog.board.drain()


def pings(room: Room) -> list[discord.Message]:
    return [m for m in room.public_messages() if "your" in (m.content or "") and "<@" in m.content]


async def test_moves_made_while_the_table_is_being_drawn_are_drawn_once(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord is slow to answer one edit; a dozen moves meanwhile make one more edit."""
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    await ante_all(bot, table_id, members)
    await drawn(bot)
    cog: Any = bot.get_cog("TablesCog")
    board = cog.board
    redraw, discord_answers = board._redraw, asyncio.Event()
    versions: list[int] = []

    async def slow_redraw(table: int) -> None:
        versions.append((await bot.tables.get(table)).version)
        await discord_answers.wait()
        await redraw(table)

    monkeypatch.setattr(board, "_redraw", slow_redraw)
    for _ in range(12):
        public = await bot.tables.public(table_id)
        seat = public.to_act[0]
        mine = await bot.tables.for_seat(table_id, members[seat].id)
        action = next(a for a in mine.legal if not isinstance(a, Guess))
        await bot.tables.act(table_id, members[seat].id, action)
    discord_answers.set()
    await drawn(bot)
    final = await bot.tables.get(table_id)
    assert len(versions) == 2 and versions[-1] == final.version
    assert f"Transactions ({final.version - 2} so far)" in text_of(room.table_message())


async def test_one_turn_ping_at_a_time_for_the_seat_to_act(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", ping_grace=0)
    everyone = pings(room)
    assert len(everyone) == 1
    assert all(f"<@{m.id}>" in everyone[0].content for m in members)
    await ante_all(bot, table_id, members)
    await drawn(bot)
    public = await bot.tables.public(table_id)
    (ping,) = pings(room)
    assert ping.content.startswith(f"<@{members[public.to_act[0]].id}>:")
    assert "Go to the table" in ping.content


def posted_pings(env: Env) -> list[str]:
    """Every turn ping and time reminder the bot posted, deleted since or not."""
    contents = [
        (request.json or {}).get("content") or ""
        for request in env.http_requests
        if request.method == "POST" and request.path.endswith("/messages")
    ]
    return [text for text in contents if "<@" in text and "your" in text]


async def test_a_seat_the_computer_took_over_is_not_pinged(simcord_env: Env) -> None:
    # AW1: after three timeouts the bot plays the seat; its person is no longer asked to.
    bot = bot_of(simcord_env)
    _room, members, table_id = await started_game(simcord_env, "ann", "bo", ping_grace=0)
    await ante_all(bot, table_id, members)
    await drawn(bot)
    public = await bot.tables.public(table_id)
    (seat,) = public.to_act
    other = 1 - seat
    async with bot.db.transaction() as sql:
        await bot.tables._repo.set_away(sql, table_id, other, streak=3, taken_over=True)
    before = len(posted_pings(simcord_env))
    mine = await bot.tables.for_seat(table_id, members[seat].id)
    move = next(a for a in mine.legal if not isinstance(a, Guess))  # the turn passes on
    played = await bot.tables.act(table_id, members[seat].id, move)
    assert played.table.seats[other].played_by_bot
    await drawn(bot)
    await bot.turn_clock.idle()
    await drawn(bot)
    assert (await bot.tables.get(table_id)).version > played.table.version  # the bot played
    since = posted_pings(simcord_env)[before:]
    assert not any(f"<@{members[other].id}>" in text for text in since), since


async def test_ending_a_game_early_redraws_the_open_panels(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, (ann, bo), _table_id = await started_game(simcord_env, "ann", "bo")
    panel = (await bo.click(room.table_message(), label="Open my hand")).response
    assert any(label.startswith("Put in") for label in labels(panel))
    await ann.slash(room.channel, "tricky end")
    await drawn(bot)
    assert "ended early" in text_of(panel) and labels(panel) == []


async def test_two_new_tables_at_once_in_a_channel_post_one_lobby(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second /tricky new, refused while the first is still posting its lobby, must not
    let the board post a lobby of its own before the first's message id is stored.
    (simcord runs one command at a time, so the second is played where it would cut in.)"""
    room = Room(simcord_env)
    ann, bo = room.add("ann", "bo")
    bot = bot_of(simcord_env)
    board: Any = bot.get_cog("TablesCog").board  # type: ignore[union-attr]
    real_open = bot.tables.open

    async def open_as_another_cuts_in(**lobby: Any) -> Any:
        table = await real_open(**lobby)  # the board is woken to draw it
        async with board.posting(lobby["channel_id"]):  # bo's /tricky new, as in the cog
            with pytest.raises(TableError, match="already"):
                await real_open(**{**lobby, "host": Player("bo", bo.id)})
        return table

    monkeypatch.setattr(bot.tables, "open", open_as_another_cuts_in)
    await ann.slash(room.channel, "tricky new", game="short_changed")
    await drawn(bot)
    assert len([m for m in room.public_messages() if "Join" in labels(m)]) == 1


async def test_a_table_message_near_the_hour_limit_is_posted_again(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo")
    await set_clock(room, members[0], table_id, 0)  # an hour passes: no clock, please
    await start(room, members[0])
    old = room.table_message()
    await simcord_env.advance_time(56 * 60)
    await ante_all(bot, table_id, members)
    await drawn(bot)
    new = room.table_message()
    assert new.id != old.id
    retired = next(m for m in room.public_messages() if m.id == old.id)
    assert "continues below" in retired.content and labels(retired) == []
    assert (await bot.tables.get(table_id)).message_id == new.id


async def test_announcements_go_below_and_the_table_stays_put(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    presenter = PRESENTERS["short_changed"]

    def announce(public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        return [presenter.embed("The pot is in") for e in events if isinstance(e, PotStarted)]

    monkeypatch.setattr(presenter, "announce", announce)
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo")
    first_table = room.table_message()
    await ante_all(bot, table_id, members)
    await drawn(bot)
    texts = [text_of(m) for m in room.public_messages()]
    summary_at = next(i for i, text in enumerate(texts) if "The pot is in" in text)
    table_at = next(i for i, m in enumerate(room.public_messages()) if "Open my hand" in labels(m))
    assert table_at < summary_at
    assert room.table_message().id == first_table.id  # edited in place, not moved (#21)
    assert "continues below" not in text_of(first_table)


@pytest.mark.parametrize("chatter", [SCROLLED_AWAY - 1, SCROLLED_AWAY])
async def test_a_table_the_channel_scrolled_past_follows_the_hands_summary(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, chatter: int
) -> None:
    """People talking below the table push it out of sight; at the hand's end (a post is
    due anyway) the board reads how far, and posts the table again under the summary."""
    presenter = PRESENTERS["short_changed"]

    def announce(public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        return [presenter.embed("The pot is in") for e in events if isinstance(e, PotStarted)]

    monkeypatch.setattr(presenter, "announce", announce)
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo")
    first_table = room.table_message()
    for n in range(chatter):
        await room.bystander.send(room.channel, f"chatting away, line {n}")
    await ante_all(bot, table_id, members)
    await drawn(bot)
    public = room.public_messages()
    summary = next(m for m in public if "The pot is in" in text_of(m))
    table = room.table_message()
    if chatter < SCROLLED_AWAY:
        assert table.id == first_table.id and public.index(table) < public.index(summary)
        return
    assert public.index(table) > public.index(summary)
    retired = next(m for m in public if m.id == first_table.id)
    assert "continues below" in retired.content and labels(retired) == []
    assert (await bot.tables.get(table_id)).message_id == table.id


async def test_a_table_discord_no_longer_lets_edit_is_posted_again(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo")
    old = room.table_message()
    simcord_env.inject_error(
        "PATCH",
        f"/channels/{room.channel.id}/messages/{old.id}",
        status=400,
        code=EDITS_LIMITED,
        message="Maximum number of edits to messages older than 1 hour reached.",
    )
    await ante_all(bot, table_id, members)
    await drawn(bot)
    new = room.table_message()
    assert new.id != old.id and "Pot:" in text_of(new)
    retired = next(m for m in room.public_messages() if m.id == old.id)
    assert "continues below" in retired.content


async def test_the_lobby_says_what_start_does_to_the_channel(simcord_env: Env) -> None:
    room = Room(simcord_env)
    await open_lobby(room, "ann")
    footer = text_of(room.lobby_message())
    assert "a summary after each hand" in footer and "pinged only if" in footer
    assert "/tricky-config threads" in footer


async def test_a_seat_is_called_again_when_the_turn_comes_back_round(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even when the moves in between were drawn in one go, the seat gets a new ping."""
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy", ping_grace=0)
    await ante_all(bot, table_id, members)
    await drawn(bot)
    (first_ping,) = pings(room)
    cog: Any = bot.get_cog("TablesCog")
    board = cog.board
    redraw, discord_answers = board._redraw, asyncio.Event()

    async def slow_redraw(table: int) -> None:
        await discord_answers.wait()
        await redraw(table)

    monkeypatch.setattr(board, "_redraw", slow_redraw)
    for _ in range(3):  # a full round: the turn comes back to the same seat
        public = await bot.tables.public(table_id)
        seat = public.to_act[0]
        mine = await bot.tables.for_seat(table_id, members[seat].id)
        action = next(a for a in mine.legal if not isinstance(a, Guess))
        await bot.tables.act(table_id, members[seat].id, action)
    discord_answers.set()
    await drawn(bot)
    (again,) = pings(room)
    assert again.id != first_ping.id
    assert again.content.split(":")[0] == first_ping.content.split(":")[0]


# -- turn pings wait for the server's grace (#21) ----------------------------------------------


async def quiet_game(env: Env, *names: str) -> tuple[Room, list[Any], int]:
    """A started game without a turn clock (no half-time reminder), antes all in."""
    room, bot = Room(env), bot_of(env)
    members, table_id = await open_lobby(room, *names)
    await set_clock(room, members[0], table_id, 0)
    await start(room, members[0])
    with as_the_bot(env):
        await ante_all(bot, table_id, members)
        await drawn(bot)
    return room, members, table_id


async def move_on(env: Env, table_id: int, members: list[Any]) -> int:
    """The seat on turn makes a move that passes the turn on; returns that seat."""
    bot = bot_of(env)
    seat = (await bot.tables.public(table_id)).to_act[0]
    mine = await bot.tables.for_seat(table_id, members[seat].id)
    move = next(a for a in mine.legal if not isinstance(a, Guess))
    with as_the_bot(env):
        await bot.tables.act(table_id, members[seat].id, move)
        await drawn(bot)
    return seat


async def test_a_player_who_acts_within_the_grace_is_never_pinged(simcord_env: Env) -> None:
    room, members, table_id = await quiet_game(simcord_env, "ann", "bo", "cy")
    for _ in range(6):  # two rounds, every move 15 seconds after the turn began
        await simcord_env.advance_time(15)
        await move_on(simcord_env, table_id, members)
    assert posted_pings(simcord_env) == []
    assert pings(room) == []


async def test_a_player_who_looks_away_is_pinged_once_a_turn(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room, members, table_id = await quiet_game(simcord_env, "ann", "bo", "cy")
    await simcord_env.advance_time(19)
    assert posted_pings(simcord_env) == []
    await simcord_env.advance_time(2)
    on_turn = (await bot.tables.public(table_id)).to_act[0]
    (ping,) = pings(room)
    assert ping.content.startswith(f"<@{members[on_turn].id}>:")
    await simcord_env.advance_time(3600)
    assert len(posted_pings(simcord_env)) == 1, "once a turn, however long it lasts"
    await move_on(simcord_env, table_id, members)  # the next seat looks away too
    await simcord_env.advance_time(21)
    (replaced,) = pings(room)  # the first ping made way for it
    following = (await bot.tables.public(table_id)).to_act[0]
    assert replaced.content.startswith(f"<@{members[following].id}>:")
    assert len(posted_pings(simcord_env)) == 2


async def test_the_grace_is_the_servers_and_survives_a_restart(
    simcord_env: Env, bots: BotFactory
) -> None:
    room, members, table_id = await quiet_game(simcord_env, "ann", "bo")
    mod = moderator(room, "mod")
    said = await mod.slash(room.channel, "tricky-config pings", seconds=45)
    assert said.ephemeral and "45 seconds" in said.response.content
    await bot_of(simcord_env).db.close()
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    assert (await bot.guild_settings.get(room.guild.id)).ping_grace == 45
    # The grace waits in memory: after a restart the seat to act gets it afresh.
    await simcord_env.advance_time(40)
    assert posted_pings(simcord_env) == []
    await simcord_env.advance_time(6)
    on_turn = (await bot.tables.public(table_id)).to_act[0]
    (ping,) = pings(room)
    assert ping.content.startswith(f"<@{members[on_turn].id}>:")
    shown = await mod.slash(room.channel, "tricky-config show")
    assert "after 45 seconds without a move" in text_of(shown.response)


async def test_the_half_time_reminder_is_the_turns_only_ping_when_it_comes_first(
    simcord_env: Env,
) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo")
    with as_the_bot(simcord_env):  # 30 s is not offered in the lobby; waited for as a click
        await bot.tables.set_clock(table_id, members[0].id, 30)  # reminded after 15 seconds
    await start(room, members[0])
    await simcord_env.advance_time(16)
    (reminder,) = pings(room)
    assert "half your time is gone" in reminder.content
    await simcord_env.advance_time(10)  # past the 20 seconds' grace: no second ping
    assert len(posted_pings(simcord_env)) == 1
