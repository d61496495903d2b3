"""The first-time intro: once per member, game and server, and never for an old hand."""

from __future__ import annotations

from typing import Any

from simcord import Env

from bot.app import TrickyBot
from cogs.intro import TURNS
from games.short_changed import GAME
from games.short_changed.model import Guess
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.conftest import BotFactory
from tests.e2e.helpers import Room, bot_of, labels, text_of

INTRO = "New to Short Changed? How a turn works"


async def open_hand(room: Room, member: Any) -> Any:
    opened = await member.click(room.table_message(), label="Open my hand")
    assert opened.response is not None and opened.response.ephemeral
    return opened.response


async def finish_without_panels(bot: TrickyBot, table_id: int, ids: list[int]) -> None:
    """Play a game to its end through the service alone: nobody opens a hand."""
    for seat, user_id in enumerate(ids):
        state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
        await bot.tables.act(table_id, user_id, GAME.legal_actions(state, seat)[0])
    state = GAME.load_state((await bot.tables.get(table_id)).state_json or "")
    target = (state.turn + 1) % len(ids)
    await bot.tables.act(table_id, ids[state.turn], Guess(target, state.hands[target].value))


async def test_a_newcomers_first_hand_starts_with_how_a_turn_works(
    simcord_env: Env, bots: BotFactory
) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    first = await open_hand(room, ann)
    shown = text_of(first)
    assert INTRO in shown
    for n, line in enumerate(TURNS["short_changed"], start=1):
        assert f"{n}. {line}" in shown
    assert first.embeds[0].title.endswith(INTRO)  # on top of the panel
    assert "Full rules" in labels(first)
    rules = await ann.click(first, label="Full rules")
    assert rules.response is not None and rules.response.ephemeral
    assert "rules" in text_of(rules.response).lower()
    # Once is enough, after a restart too; the intro never reaches the channel.
    assert INTRO not in text_of(await open_hand(room, ann))
    await bot.db.close()
    bot = bots()
    await env.restart_bot(bot)
    assert INTRO not in text_of(await open_hand(room, ann))
    assert not any(INTRO in text_of(m) for m in room.public_messages())
    again = await ann.click(first, label="Full rules")  # the button outlives a restart
    assert again.response is not None and again.response.ephemeral
    assert "Short Changed: rules" in text_of(again.response)
    del bo, table_id
    env.raise_errors()


async def test_no_intro_for_a_game_already_played_here(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    await finish_without_panels(bot, table_id, [ann.id, bo.id])
    (cy,) = room.add("cy")
    await cy.slash(room.channel, "tricky new", game="short_changed")
    await bo.click(room.lobby_message(), label="Join")
    await start(room, cy)
    assert INTRO not in text_of(await open_hand(room, bo))  # bo finished one here
    assert INTRO in text_of(await open_hand(room, cy))
    # Another server is another "here".
    elsewhere = Room(env)
    bo_there = elsewhere.guild.add_member(bo.user)
    (di,) = elsewhere.add("di")
    await bo_there.slash(elsewhere.channel, "tricky new", game="short_changed")
    await di.click(elsewhere.lobby_message(), label="Join")
    await bo_there.click(elsewhere.lobby_message(), label="Start")
    there = await bo_there.click(elsewhere.table_message(), label="Open my hand")
    assert INTRO in text_of(there.response)
    env.raise_errors()
