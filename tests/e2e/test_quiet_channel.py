"""A quiet channel (issue #21): a whole game of every kind, played by people who act
promptly, costs the channel the table, a summary per hand or round and the result.

The moves go to the table service as the panels' clicks do (a click's own answer is
private or an edit, so it posts nothing either way); what is counted is every message
that lands in the channel, or in the table's thread, and every message the bot deletes.
The counts are printed in the terminal summary next to the issue's baseline.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio
from simcord import Env

from bot.app import TrickyBot, create_bot
from bot.computer import decide
from bot.settings import Settings
from bot.tables.model import TableStatus
from bot.tables.service import Change
from cogs.config import grace_text
from games.core.game import Event
from games.falsche_faehrte.model import RoundScored
from games.fraud.model import RoundEnded
from games.short_word.model import HandScored as WordHandScored
from games.tricky.model import AllPassed, HandScored
from tests.cogs.test_board import drawn
from tests.cogs.test_tables import moderator
from tests.e2e.helpers import Room, as_the_bot, bot_of, custom_ids, labels

MOVES = 5_000
"""More moves than any game below needs (a stuck game fails instead of looping)."""


@dataclass(frozen=True)
class Kind:
    key: str
    seats: int
    ends_hand: tuple[type[Event], ...]
    """The public events that close a hand or round: each may bring one summary post."""
    before: str
    """The same game (same deal, same moves) on the board before #21, at 8ff2992."""
    baseline: str = ""
    """Issue #21's own count, where it gave one."""
    options: tuple[tuple[str, str], ...] = ()


KINDS = [
    Kind("short_changed", 3, (), "78/76", options=(("stalemate_rounds", "25"),)),
    Kind("tricky", 3, (HandScored, AllPassed), "91/83", "166 posts, 163 deletes for one hand"),
    Kind("falsche_faehrte", 3, (RoundScored,), "224/210", "143 posts, 134 deletes, 5 rounds"),
    Kind("fraud", 3, (RoundEnded,), "52/28", "54 posts, 29 deletes a game"),
    Kind("short_word", 2, (WordHandScored,), "14/6", options=(("hands", "3"),)),
    Kind("short_word_solitaire", 1, (), "3/1"),
]


@pytest_asyncio.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[TrickyBot]:
    """The bot, dealing every game from a fixed seed so the counts repeat run after run."""
    bot = create_bot(settings, seeds=lambda: 2121)
    yield bot
    await bot.turn_clock.stop()
    if bot._computers is not None:
        bot._computers.close()
    if bot._db is not None:
        await bot._db.close()


class Tally:
    """Listens to the table service like the board does, and counts the hands closed."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.hands = 0

    async def table_changed(self, change: Change) -> None:
        self.hands += sum(isinstance(event, self.kind.ends_hand) for event in change.events)


def deletes(env: Env, channel_ids: set[int]) -> int:
    """Messages the bot deleted in these channels."""
    found = 0
    for request in env.http_requests:
        match = re.fullmatch(r"/channels/(\d+)/messages/\d+", request.path)
        if request.method == "DELETE" and match and int(match[1]) in channel_ids:
            found += 1
    return found


def posts(room: Room) -> tuple[int, set[int]]:
    """Every public message in the channel and its threads, deleted or not, and where."""
    places = {room.channel.id} | {thread.id for thread in room.channel.threads}
    standing = len(room.public_messages())
    for thread in room.channel.threads:
        standing += len([m for m in thread.history(viewer=room.bystander) if not m.flags.ephemeral])
    return standing + deletes(room.env, places), places


def lobby_of(room: Room) -> Any:
    """The lobby message, in the channel or in the table's thread."""
    for thread in room.channel.threads:
        for message in reversed(thread.history(viewer=room.bystander)):
            if "Join" in labels(message):
                return message
    return room.lobby_message()


async def play_promptly(env: Env, room: Room, kind: Kind) -> tuple[int, int, int]:
    """Open, fill and play a whole table of ``kind``; return (hands, posts, deletes)."""
    bot = bot_of(env)
    tally = Tally(kind)
    bot.tables.listen(tally)
    members = room.add(*[f"p{n}" for n in range(kind.seats)])
    await members[0].slash(room.channel, "tricky new", game=kind.key)
    lobby = lobby_of(room)
    table_id = int(re.findall(r"tk:lobby:(\d+):", " ".join(custom_ids(lobby)))[0])
    for option, value in kind.options:
        await members[0].select(lobby, [value], custom_id=f"tk:opt:{table_id}:{option}")
    for member in members[1:]:
        await member.click(lobby_of(room), label="Join")
    await members[0].click(lobby_of(room), label="Start")
    choices = random.Random(21)
    for _ in range(MOVES):
        public = await bot.tables.public(table_id)
        if public.table.status is not TableStatus.ACTIVE:
            break
        table = await bot.tables.get(table_id)
        assert table.state_json is not None
        for seat in public.to_act:
            move = decide(kind.key, table.state_json, seat, "easy", 0.01, choices.getrandbits(62))
            with as_the_bot(env):  # its grace periods wait on the virtual clock, as a click's
                await bot.tables.act(table_id, members[seat].id, move, version=table.version)
                await drawn(bot)
            break  # one move at a time; the next look sees who is still to act
    else:
        raise AssertionError(f"{kind.key} did not end in {MOVES} moves")
    await drawn(bot)
    await env.advance_time(3600)  # nobody is owed a ping any more: none comes later
    bot.tables.unlisten(tally)
    posted, places = posts(room)
    return tally.hands, posted, deletes(env, places)


@pytest.mark.parametrize("kind", KINDS, ids=[kind.key for kind in KINDS])
async def test_a_whole_game_posts_the_table_a_summary_a_hand_and_the_result(
    simcord_env: Env, kind: Kind, record_property: Callable[[str, Any], None]
) -> None:
    room = Room(simcord_env)
    hands, posted, deleted = await play_promptly(simcord_env, room, kind)
    allowed = 1 + hands + 1  # the lobby that becomes the table, the summaries, the result
    issue = f"; issue #21 saw {kind.baseline}" if kind.baseline else ""
    line = (
        f"{kind.key}: {posted} posts, {deleted} deletes for {hands} hands/rounds "
        f"(at most {allowed} posts, 0 deletes; before #21 posts/deletes {kind.before}{issue})"
    )
    print(line)
    record_property("channel_count", line)
    assert posted <= allowed, line
    assert deleted == 0, line


@pytest.mark.parametrize("kind", KINDS, ids=[kind.key for kind in KINDS])
async def test_in_a_thread_the_channel_gets_two_posts_a_game(
    simcord_env: Env, kind: Kind, record_property: Callable[[str, Any], None]
) -> None:
    """The same game with the server's tables in threads: the thread carries what the
    channel carried, and the channel itself gets the announcement and Discord's own
    "started a thread" line. (The numbers behind docs/channel.md's choice of default.)"""
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    await mod.slash(room.channel, "tricky-config threads", enabled=True)
    hands, posted, deleted = await play_promptly(simcord_env, room, kind)
    in_channel = len(room.public_messages())
    line = (
        f"{kind.key} in a thread: {posted} posts ({in_channel} in the channel), "
        f"{deleted} deletes for {hands} hands/rounds"
    )
    print(line)
    record_property("channel_count", line)
    assert room.channel.threads, "the table is in a thread"
    assert in_channel <= 2, line
    assert posted <= 2 + 1 + hands + 1, line  # the two, then as in the channel
    assert deleted == 0, line


def test_grace_reads_as_words() -> None:
    assert [grace_text(s) for s in (0, 1, 20, 60, 90, 125)] == [
        "0 seconds",
        "1 second",
        "20 seconds",
        "1 minute",
        "1 minute 30 seconds",
        "2 minutes 5 seconds",
    ]
