"""Doubled and late clicks through the whole bot: applied once, answered kindly, never a crash."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from simcord import Env

from bot.app import TrickyBot
from cogs.controls import FORM_ID, form_id
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.helpers import Room, as_the_bot, bot_of, custom_ids, labels, planted, text_of
from tests.e2e.test_short_changed import Game
from tests.e2e.test_short_word import control, open_hand, settle, table_id_of


async def events(bot: TrickyBot, table_id: int) -> int:
    row = await bot.db.fetch_one("SELECT COUNT(*) FROM events WHERE table_id = ?", (table_id,))
    assert row is not None
    return int(row[0])


def reply_text(result: Any) -> str:
    assert result.response is not None and result.response.ephemeral, "answered privately"
    return text_of(result.response)


async def test_the_same_click_delivered_twice_moves_once(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo", "cy")
    await start(room, members[0])
    game = Game(simcord_env, room, bot, table_id)
    panel = await game.open_hand(members[0])
    put_in = next(cid for cid in custom_ids(panel) if ":a:" in cid)
    message = await planted(bot, room, put_in)
    first = await members[0].click(message, custom_id=put_in)
    assert "You put" in reply_text(first)
    again = await members[0].click(message, custom_id=put_in)
    assert "moved on" in reply_text(again)
    assert await events(bot, table_id) == 1
    simcord_env.raise_errors()


async def test_a_click_on_the_panel_of_a_finished_game(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo", "cy")
    await start(room, members[0])
    game = Game(simcord_env, room, bot, table_id)
    for member in members:
        panel = await game.open_hand(member)
        await member.click(panel, label=next(x for x in labels(panel) if x.startswith("Put in")))
    state = await game.state()
    guesser, target = state.turn, (state.turn + 1) % 3
    old_panels = [await game.open_hand(member) for member in members]
    said = await members[guesser].slash(
        room.channel,
        "tricky guess",
        player=str(target + 1),
        total=state.hands[target].value,
    )
    assert "right" in reply_text(said)
    finished = await bot.tables.get(table_id)
    logged = await events(bot, table_id)

    for member, panel in zip(members, old_panels, strict=True):
        message = await planted(bot, room, *custom_ids(panel))
        for custom_id in custom_ids(panel):
            clicked = await member.click(message, custom_id=custom_id)
            answer = reply_text(clicked)
            assert "game is over" in answer, answer
    assert await bot.tables.get(table_id) == finished
    assert await events(bot, table_id) == logged
    simcord_env.raise_errors()


BEYOND_SQLITE = (2**63, 10**20 - 1, 10**30)
"""Table numbers no SQLite row can have (its integers stop at 2**63 - 1)."""


def forged_controls(table: int) -> list[tuple[str, list[str] | None]]:
    """Every control naming a table, with that table number, and a select's values."""
    return [
        (f"tk:lobby:{table}:join", None),
        (f"tk:lobby:{table}:flip:stalemate_rounds", None),
        (f"tk:table:{table}:hand", None),
        (f"tk:table:{table}:log", None),
        (f"tk:panel:{table}:0:a:0", None),
        (f"tk:pick:{table}:0:x", ["1"]),
        (f"tk:opt:{table}:stalemate_rounds", ["25"]),
        (f"tk:seat:{table}", ["add:easy"]),
        *replay_controls(table),
    ]


def replay_controls(table: int) -> list[tuple[str, list[str] | None]]:
    """A replay's controls, whose ids carry at most 20 digits: a longer number matches no
    control, and discord.py drops the click unanswered, as for any id the bot never makes."""
    if len(str(table)) > 20:
        return []
    return [
        (f"tk:rp:{table}", None),
        (f"tk:rps:{table}:0:forward", None),
        (f"tk:rpj:{table}", ["1"]),
    ]


async def test_a_table_number_beyond_sqlite_is_any_missing_table(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    """A modified client's button naming a table past SQLite's integers: the same short
    answer as for a table that does not exist, and nothing in the log above debug."""
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    (ann,) = room.add("ann")

    async def answer(custom_id: str, values: list[str] | None) -> str:
        message = await planted(bot, room, custom_id, select_values=values)
        if values is None:
            return reply_text(await ann.click(message, custom_id=custom_id))
        return reply_text(await ann.select(message, values, custom_id=custom_id))

    missing = [await answer(cid, values) for cid, values in forged_controls(10**12)]
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        for table in BEYOND_SQLITE:
            forged = [await answer(cid, values) for cid, values in forged_controls(table)]
            assert forged == missing[: len(forged)]
    assert [r for r in caplog.records if r.levelno > logging.DEBUG] == []
    simcord_env.raise_errors()


async def test_a_form_naming_a_table_beyond_sqlite_is_any_missing_table(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    """The same for a typed form's answer, whose id carries the table as a panel's does."""
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await ann.slash(room.channel, "tricky new", game="short_word_solitaire")
    table_id = table_id_of(room.lobby_message())
    with as_the_bot(room.env):  # the board's redraw is the bot's work, waited for
        await bot.tables.set_clock(table_id, ann.id, 0)  # no clock: nothing left running
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    panel = await open_hand(room, ann)
    answers: dict[int, str] = {}
    for table in (10**12, *BEYOND_SQLITE):
        form = await ann.click(panel, custom_id=control(panel, "w"))
        assert form.modal is not None
        kept = FORM_ID.fullmatch(form.modal["custom_id"])
        assert kept is not None
        # What a modified client could send back: the form's own id with another table's number.
        shown = form._interaction.modal
        assert shown is not None
        shown["custom_id"] = form_id(table, int(kept["version"]), kept["data"])
        caplog.clear()
        with caplog.at_level(logging.DEBUG):
            answers[table] = reply_text(await ann.submit_modal(form, {"word": "cat"}))
        assert [r for r in caplog.records if r.levelno > logging.DEBUG] == []
    assert all(answers[table] == answers[10**12] for table in BEYOND_SQLITE)
    assert (await bot.tables.get(table_id)).version == 0
    simcord_env.raise_errors()
