"""The board under Discord trouble: edits coalesce, refused edits are retried, and a table
that fell behind catches up while the game goes on."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from simcord import Env

from bot.app import TrickyBot
from bot.storage.database import DatabaseBusy
from cogs import board as board_module
from cogs.board import RETRY_AFTER_CAP, RETRY_PAUSES, TableBoard, _with_seat_notes, retry_pause
from cogs.presenters import PRESENTERS
from cogs.speaking import server_language
from games.core.wording import speaking
from games.short_changed.model import Guess
from tests.cogs.test_board import ante_all, drawn, pings, set_ping_grace, started_game
from tests.cogs.test_tables import open_lobby, set_clock, start
from tests.e2e.helpers import Room, bot_of, labels
from tests.e2e.test_short_changed import Game


def board_of(bot: TrickyBot) -> TableBoard:
    cog: Any = bot.get_cog("TablesCog")
    board: TableBoard = cog.board
    return board


def table_edits(env: Env, room: Room) -> int:
    """PATCHes of public messages in the room's channel (table redraws, retirements)."""
    prefix = f"/channels/{room.channel.id}/messages/"
    calls = env.http_requests
    return sum(1 for call in calls if call.method == "PATCH" and call.path.startswith(prefix))


async def shows_latest(bot: TrickyBot, room: Room, table_id: int) -> bool:
    """The channel's table message is exactly what the board would draw now."""
    public = await bot.tables.public(table_id)
    shown = room.table_message().embeds
    pictured = bool(shown and shown[0].image.url)  # beside a picture the text is shorter
    presenter = PRESENTERS[public.table.game_key]
    with speaking(await server_language(bot, room.guild.id)):  # as the board draws it
        wanted = _with_seat_notes(presenter.table(public, pictured=pictured), public.table)
    return [_plain(e) for e in shown] == [_plain(e) for e in wanted]


def _plain(embed: discord.Embed) -> dict[str, Any]:
    """The embed's text; its picture is checked by the pictures' own tests."""
    data = embed.to_dict()
    data.pop("type", None)
    data.pop("image", None)
    return dict(data)


async def ante_round(game: Game, members: list[Any]) -> None:
    """Every seat puts its starting chip in through its panel."""
    for member in members:
        panel = await game.open_hand(member)
        await member.click(panel, label=next(x for x in labels(panel) if x.startswith("Put in")))


async def play_a_round(game: Game, members: list[Any]) -> None:
    """Every seat makes one move through its panel, as people would."""
    for _ in members:
        state = await game.state()
        await game.move_without_guessing(members[state.turn], state.turn)


async def untimed_game(env: Env, *names: str) -> tuple[Room, list[Any], Game]:
    """A started game without a turn clock, so only moves (and the board) change it."""
    room, bot = Room(env), bot_of(env)
    members, table_id = await open_lobby(room, *names)
    await set_clock(room, members[0], table_id, 0)
    await start(room, members[0])
    return room, members, Game(env, room, bot, table_id)


@pytest.fixture
def long_pauses(monkeypatch: pytest.MonkeyPatch) -> tuple[float, ...]:
    """The board's pauses, stretched past the test's real running time: simcord fires a
    virtual timer for real once its real delay passes, and we want only advance_time to."""
    pauses = tuple(100.0 * 2**n for n in range(len(RETRY_PAUSES)))
    monkeypatch.setattr(board_module, "RETRY_PAUSES", pauses)
    monkeypatch.setattr(board_module, "CATCH_UP_AFTER", 3000.0)
    return pauses


def fail_table_edits(env: Env, room: Room, status: int, times: int | None) -> None:
    env.inject_error(
        "PATCH",
        f"/channels/{room.channel.id}/messages/*",
        status=status,
        message="injected by the test",
        times=times,
    )


# -- how long to wait ------------------------------------------------------------------------


def http_error(status: int, headers: dict[str, str] | None = None) -> discord.HTTPException:
    response: Any = type("Response", (), {"status": status, "reason": "", "headers": headers or {}})
    return discord.HTTPException(response, {"message": "refused", "code": 0})


def test_passing_failures_are_retried_after_a_pause_and_lasting_ones_are_not() -> None:
    assert retry_pause(http_error(503), 0) == RETRY_PAUSES[0]
    assert retry_pause(http_error(500), 2) == RETRY_PAUSES[2]
    assert retry_pause(http_error(502), 99) == RETRY_PAUSES[-1]
    assert retry_pause(http_error(429), 0) == RETRY_PAUSES[0]
    assert retry_pause(DatabaseBusy(), 1) == RETRY_PAUSES[1]
    assert retry_pause(ConnectionResetError(), 0) == RETRY_PAUSES[0]
    assert retry_pause(http_error(403), 0) is None
    assert retry_pause(http_error(400), 0) is None
    assert retry_pause(ValueError("a bug"), 0) is None


def test_discord_s_retry_after_is_respected_within_reason() -> None:
    assert retry_pause(discord.RateLimited(30.0), 0) == 30.0
    assert retry_pause(http_error(429, {"Retry-After": "12.5"}), 0) == 12.5
    assert retry_pause(discord.RateLimited(0.01), 1) == RETRY_PAUSES[1]  # never hammer
    assert retry_pause(discord.RateLimited(10**9), 0) == RETRY_AFTER_CAP
    assert retry_pause(http_error(429, {"Retry-After": "soon"}), 0) == RETRY_PAUSES[0]


# -- coalescing ------------------------------------------------------------------------------


async def test_a_fast_game_makes_far_fewer_edits_than_moves(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tens of moves while Discord is slow to take one edit: two edits, the last one right."""
    bot = bot_of(simcord_env)
    room, members, table_id = await started_game(simcord_env, "ann", "bo", "cy")
    await ante_all(bot, table_id, members)
    await drawn(bot)
    discord_answers = asyncio.Event()
    request = bot.http.request

    async def slow_edits(route: Any, **kwargs: Any) -> Any:
        if route.method == "PATCH" and "/messages/" in route.url:
            await discord_answers.wait()
        return await request(route, **kwargs)

    monkeypatch.setattr(bot.http, "request", slow_edits)
    before = table_edits(simcord_env, room)
    moves = 0
    while moves < 30:
        public = await bot.tables.public(table_id)
        if not public.to_act:
            break
        seat = public.to_act[0]
        mine = await bot.tables.for_seat(table_id, members[seat].id)
        action = next((a for a in mine.legal if not isinstance(a, Guess)), None)
        if action is None:  # only a guess is left: that could end the game, so stop here
            break
        await bot.tables.act(table_id, members[seat].id, action)
        moves += 1
    discord_answers.set()
    await drawn(bot)
    assert moves >= 10
    assert table_edits(simcord_env, room) - before <= 2
    assert await shows_latest(bot, room, table_id)


# -- Discord refusing edits ------------------------------------------------------------------


@pytest.mark.parametrize("status", [500, 503, 429])
async def test_a_table_refused_a_few_edits_catches_up_and_the_game_goes_on(
    simcord_env: Env, status: int, long_pauses: tuple[float, ...]
) -> None:
    bot = bot_of(simcord_env)
    room, members, game = await untimed_game(simcord_env, "ann", "bo", "cy")
    table_id = game.table_id
    await ante_round(game, members)
    assert await shows_latest(bot, room, table_id)

    fail_table_edits(simcord_env, room, status, times=3)
    await play_a_round(game, members)
    await play_a_round(game, members)
    assert board_of(bot).behind() == {table_id}  # Discord said no; the game did not wait
    assert not await shows_latest(bot, room, table_id)
    assert len((await game.state()).log) >= 6

    await simcord_env.advance_time(sum(long_pauses))
    assert board_of(bot).behind() == set()
    assert await shows_latest(bot, room, table_id)
    simcord_env.raise_errors()


async def test_a_table_behind_for_long_catches_up_with_the_next_move(
    simcord_env: Env, long_pauses: tuple[float, ...]
) -> None:
    bot = bot_of(simcord_env)
    room, members, game = await untimed_game(simcord_env, "ann", "bo", "cy")
    table_id = game.table_id
    await ante_round(game, members)

    fail_table_edits(simcord_env, room, 503, times=None)
    await play_a_round(game, members)
    await simcord_env.advance_time(sum(long_pauses) + 1)
    assert board_of(bot).behind() == {table_id}  # every retry refused: still owed

    simcord_env.backend.faults.clear()  # Discord is back
    await play_a_round(game, members)
    assert board_of(bot).behind() == set()
    assert await shows_latest(bot, room, table_id)


async def test_a_table_behind_for_long_catches_up_by_itself(
    simcord_env: Env, long_pauses: tuple[float, ...]
) -> None:
    bot = bot_of(simcord_env)
    room, members, game = await untimed_game(simcord_env, "ann", "bo", "cy")
    table_id = game.table_id
    await ante_round(game, members)

    fail_table_edits(simcord_env, room, 429, times=None)
    await play_a_round(game, members)
    await simcord_env.advance_time(sum(long_pauses) + 1)
    assert board_of(bot).behind() == {table_id}
    edits = table_edits(simcord_env, room)
    await simcord_env.advance_time(board_module.CATCH_UP_AFTER / 2)
    assert table_edits(simcord_env, room) == edits  # no hammering while Discord refuses

    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(board_module.CATCH_UP_AFTER)
    assert board_of(bot).behind() == set()
    assert await shows_latest(bot, room, table_id)


async def test_a_turn_ping_discord_refused_is_posted_on_the_next_try(
    simcord_env: Env, long_pauses: tuple[float, ...]
) -> None:
    bot = bot_of(simcord_env)
    room, members, game = await untimed_game(simcord_env, "ann", "bo", "cy")
    await set_ping_grace(bot, room, 0)  # the ping is owed as soon as the turn starts
    await ante_round(game, members)
    simcord_env.inject_error("POST", f"/channels/{room.channel.id}/messages", status=502, times=1)
    state = await game.state()
    await game.move_without_guessing(members[state.turn], state.turn)
    after = await game.state()
    assert not any(f"<@{members[after.turn].id}>: " in (m.content or "") for m in pings(room))

    await simcord_env.advance_time(long_pauses[0])
    (ping,) = pings(room)
    assert ping.content.startswith(f"<@{members[after.turn].id}>: ")
    assert await shows_latest(bot, room, game.table_id)


async def test_shutting_down_does_not_wait_out_a_retry_pause(
    simcord_env: Env, long_pauses: tuple[float, ...]
) -> None:
    bot = bot_of(simcord_env)
    room, members, game = await untimed_game(simcord_env, "ann", "bo", "cy")
    await ante_round(game, members)
    fail_table_edits(simcord_env, room, 503, times=None)
    await play_a_round(game, members)
    board = board_of(bot)
    assert board.behind() == {game.table_id}  # a worker now waits to retry
    await asyncio.wait_for(bot.remove_cog("TablesCog"), timeout=5)
    assert board.behind() == {game.table_id}, "still behind: the next start redraws it"
