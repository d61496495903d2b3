"""Replays and exports end to end: a game of every kind is played through the bot, then a
bystander opens it from ``/tricky history`` and steps through it, forward to the end and
back to the start, and every frame is proved to show only what was public.

The leak scan: after every move the test keeps the original game's whole state, hands
and all. For each frame it redraws every hidden hand, die and letter of that state
(``Game.redeal`` for the public observer keeps each public fact and draws the rest
afresh) and draws the frame again from the redealt table. A frame that showed anything
hidden in the original game, before it became public, would not match the one drawn
from other hands.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from pydantic_core import to_jsonable_python
from simcord import Env

from bot.app import TrickyBot, create_bot
from bot.i18n.pseudo import pseudo_language
from bot.replays import Replay
from bot.settings import Settings
from bot.tables.model import TableStatus
from bot.tables.service import PublicTable
from cogs.presenters import PRESENTERS
from cogs.replays import RECENT, public_at
from games.catalog import CATALOG
from games.core.game import Event
from games.core.wording import speaking
from tests.e2e.helpers import (
    Room,
    as_the_bot,
    bot_of,
    components,
    custom_ids,
    labels,
    planted,
    text_of,
)
from tests.e2e.pseudo_check import unmarked

MOVES_AT_MOST = 1500
SEATS = {
    key: max(2, game.min_seats) if key != "short_word_solitaire" else 1
    for key, game in CATALOG.items()
}


@pytest_asyncio.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[TrickyBot]:
    """A bot dealing known games (seeds 11, 12, ...), so every run replays the same ones."""
    bot = create_bot(settings, seeds=itertools.count(11).__next__)
    yield bot
    if bot._turn_clock is not None:
        await bot._turn_clock.stop()
    if bot._computers is not None:
        bot._computers.close()
    if bot._db is not None:
        await bot._db.close()


async def settle(bot: TrickyBot) -> None:
    cog: Any = bot.get_cog("TablesCog")
    await cog.board.drain()


def table_id_of(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("not a table message")


class Played:
    """A game played through the bot, with the original state after every move."""

    def __init__(self, table_id: int, states: list[Any], events: list[tuple[Event, ...]]) -> None:
        self.table_id, self.states, self.events = table_id, states, events


async def play(env: Env, room: Room, key: str, *, rng: random.Random) -> Played:
    """Open, fill and start a table, then play random legal moves to the end."""
    bot = bot_of(env)
    members = room.add(*(f"{key[:6]}{n}" for n in range(SEATS[key])))
    await members[0].slash(room.channel, "tricky new", game=key)
    for member in members[1:]:
        await member.click(room.lobby_message(), label="Join")
    await members[0].click(room.lobby_message(), label="Start")
    table_id = table_id_of(room.table_message())
    game = CATALOG[key]
    game.prepare()
    table = await bot.tables.get(table_id)
    assert table.state_json is not None
    state = game.load_state(table.state_json)
    states = [game.clone(state)]
    events: list[tuple[Event, ...]] = [()]
    while (acting := game.to_act(state)) and len(states) <= MOVES_AT_MOST:
        seat = acting[0]
        action = game.random_action(state, seat, rng)
        with as_the_bot(env):  # the board's waits run on the virtual clock, as a click's
            played = await bot.tables.act(table_id, members[seat].id, action)
        events.append(tuple(event for event in played.events if event.audience is None))
        state = game.load_state(played.table.state_json or "")
        states.append(game.clone(state))
    assert game.outcome(state) is not None, f"{key} did not end in {MOVES_AT_MOST} moves"
    await settle(bot)
    return Played(table_id, states, events)


def embeds_of(message: Any) -> list[dict[str, Any]]:
    return [embed.to_dict() for embed in message.embeds]


def redrawn(replay: Replay, played: Played, step: int, rng: random.Random) -> list[dict[str, Any]]:
    """The frame at ``step`` drawn from the original state with every hidden thing redealt."""
    game, presenter = replay.game, PRESENTERS[replay.game.key]
    moves = len(played.states) - 1
    at = min(step, moves)
    other = game.redeal(played.states[at], None, rng)
    shown = public_at(replay, at)  # the table row and the public lines, not the state
    public = PublicTable(
        shown.table,
        game,
        game.view(other, None),
        game.to_act(other),
        game.outcome(other),
        replay.recent(at, RECENT),
    )
    with speaking(pseudo_language()):  # as the server's language draws it
        if step > moves:
            drawn = presenter.result(public)
        else:
            drawn = presenter.announce(public, played.events[at]) + presenter.table(public)
    return [dict(embed.to_dict()) for embed in drawn]


def jump_values(message: Any) -> list[str]:
    (select,) = [c for c in components(message) if c.get("custom_id", "").startswith("tk:rpj:")]
    return [option["value"] for option in select["options"]]


@pytest.mark.parametrize("key", list(CATALOG))
async def test_a_replay_of_every_game_steps_through_public_frames_only(
    simcord_env: Env, key: str
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    played = await play(env, room, key, rng=random.Random(5))
    moves = len(played.states) - 1
    replay = await bot.replays.replay(played.table_id, room.guild.id)
    assert replay.moves == moves and replay.problem is None

    history = await room.bystander.slash(room.channel, "tricky history")
    assert history.ephemeral and history.response is not None
    assert "1. **" in text_of(history.response) and "Replay 1" in labels(history.response)
    opened = await room.bystander.click(history.response, label="Replay 1")
    assert opened.ephemeral and opened.response is not None
    message = opened.response
    assert "the start" in message.content and "Forward ▶" in labels(message)
    checks = random.Random(9)

    seen = []
    for step in range(moves + 2):  # the deal, every move, and how it ended
        if step:
            clicked = await room.bystander.click(message, label="Forward ▶")
            assert clicked.response is not None and clicked.response.ephemeral
            message = clicked.response
        assert embeds_of(message) == redrawn(replay, played, step, checks), f"frame {step}"
        seen.append(embeds_of(message))
        if 0 < step <= moves:
            assert f"move {step} of {moves}" in message.content
    assert "how it ended" in message.content
    assert "Forward ▶" in labels(message) and _disabled(message, "Forward ▶")

    for step in range(moves, max(moves - 5, -1), -1):  # and back again
        clicked = await room.bystander.click(message, label="◀ Back")
        assert clicked.response is not None
        message = clicked.response
        assert embeds_of(message) == seen[step]

    clicked = await room.bystander.click(message, label="Last ⏭")
    assert clicked.response is not None and embeds_of(clicked.response) == seen[-1]
    clicked = await room.bystander.click(clicked.response, label="⏮ First")
    assert clicked.response is not None and embeds_of(clicked.response) == seen[0]
    assert _disabled(clicked.response, "◀ Back")
    message = clicked.response

    values = jump_values(message)
    assert values[0] == "0" and values[-1] == str(moves + 1)
    for value in values[1:-1]:
        jumped = await room.bystander.select(
            message, [value], custom_id=f"tk:rpj:{played.table_id}"
        )
        assert jumped.response is not None
        message = jumped.response
        assert embeds_of(message) == seen[int(value)]

    # Nothing a replay shows went to the channel: every answer was private.
    assert not any("Replay of" in (m.content or "") for m in room.public_messages())


def _disabled(message: Any, label: str) -> bool:
    return any(
        unmarked(c.get("label", "")) == label and c.get("disabled") for c in components(message)
    )


async def test_a_replay_survives_a_restart_and_refuses_a_running_game(
    simcord_env: Env, bots: Any
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    played = await play(env, room, "fraud", rng=random.Random(3))
    history = await room.bystander.slash(room.channel, "tricky history")
    assert history.response is not None
    await env.restart_bot(bots())
    bot = bot_of(env)
    opened = await room.bystander.click(history.response, label="Replay 1")
    assert opened.response is not None and "the start" in opened.response.content
    clicked = await room.bystander.click(opened.response, label="Last ⏭")
    assert clicked.response is not None and "how it ended" in clicked.response.content

    # A game still running is watched, not replayed; a forged id of another server's
    # game, or of no game, is refused kindly.
    (ann, bo) = room.add("ann", "bo")
    await ann.slash(room.channel, "tricky new", game="fraud")
    await bo.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    running = table_id_of(room.table_message())
    forged = await planted(bot, room, f"tk:rp:{running}", "tk:rps:999999:3:forward")
    refused = await room.bystander.click(forged, custom_id=f"tk:rp:{running}")
    assert refused.response is not None and "still being played" in refused.response.content
    missing = await room.bystander.click(forged, custom_id="tk:rps:999999:3:forward")
    assert missing.response is not None and "no longer exists" in missing.response.content
    assert played.table_id != running
    elsewhere = Room(env)
    forged = await planted(bot, elsewhere, f"tk:rp:{played.table_id}")
    foreign = await elsewhere.bystander.click(forged, custom_id=f"tk:rp:{played.table_id}")
    assert foreign.response is not None and "another server" in foreign.response.content
    assert (await bot.tables.get(running)).status is TableStatus.ACTIVE


async def test_export_sends_the_public_record_as_json_and_text(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    played = await play(env, room, "tricky", rng=random.Random(4))
    table = await bot.tables.get(played.table_id)

    offered = await room.bystander.autocomplete(room.channel, "tricky export", "game", "")
    assert [choice["value"] for choice in offered] == [str(played.table_id)]
    assert await room.bystander.autocomplete(room.channel, "tricky export", "game", "nothing") == []

    sent = await room.bystander.slash(room.channel, "tricky export", game=f"#{played.table_id}")
    assert sent.ephemeral and sent.response is not None
    files = {a.filename: a for a in sent.response.attachments}
    stem = f"tricky-tricky-table-{played.table_id}"
    record = json.loads(await files[f"{stem}.json"].read())
    text = unmarked((await files[f"{stem}.txt"].read()).decode())

    lines = await bot.tables.history(played.table_id)
    assert record["game"] == "tricky" and record["status"] == "finished"
    assert [seat["name"] for seat in record["seats"]] == list(table.names)
    assert [line for move in record["moves"] for line in move["lines"]] == lines
    assert len(record["moves"]) == len(played.states)
    assert record["outcome"] is not None and "seed" not in record
    assert "action" not in json.dumps(record["moves"][1])
    game = CATALOG["tricky"]
    for move, state in zip(record["moves"], played.states, strict=True):
        assert move["table"] == json.loads(json.dumps(_jsonable(game.view(state, None))))
    for n, line in enumerate(lines, start=1):
        assert f"{n}. {unmarked(line)}" in text
    assert game.describe(game.view(played.states[-1], None), table.names) in text
    assert "Result:" in text

    refused = await room.bystander.slash(room.channel, "tricky export", game="424242")
    assert refused.ephemeral and refused.response is not None
    assert "no longer exists" in refused.response.content
    unreadable = await room.bystander.slash(room.channel, "tricky export", game="the last one")
    assert unreadable.response is not None and "table number" in unreadable.response.content


def _jsonable(value: Any) -> Any:
    return to_jsonable_python(value)
