"""Auf falscher Fährte end to end: a whole four-seat round played through the panels,
with no hand card and no unturned face-down card ever in a public message."""

from __future__ import annotations

import re
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from games.falsche_faehrte import GAME
from games.falsche_faehrte.cards import JOKER, card_code, card_text
from games.falsche_faehrte.model import FaehrteState, Play
from tests.e2e.helpers import Room, bot_of, custom_ids, text_of


async def state_of(bot: TrickyBot, table_id: int) -> FaehrteState:
    table = await bot.tables.get(table_id)
    assert table.state_json is not None
    return GAME.load_state(table.state_json)


def table_id_of(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("not a table message")


def panel_data(panel: Any) -> list[str]:
    """The data part of every panel button: ``p:r7``, ``k``, ``ref``..."""
    return [
        match[1] for cid in custom_ids(panel) if (match := re.match(r"tk:panel:\d+:\d+:(.*)", cid))
    ]


async def press(member: Any, panel: Any, data: str) -> None:
    matching = [cid for cid in custom_ids(panel) if cid.endswith(f":{data}")]
    assert len(matching) == 1, f"{data!r} matches {matching}"
    clicked = await member.click(panel, custom_id=matching[0])
    assert clicked.response is not None and clicked.response.ephemeral


async def open_hand(room: Room, member: Any) -> Any:
    opened = await member.click(room.table_message(), label="Open my hand")
    assert opened.response is not None and opened.response.ephemeral
    return opened.response


def assert_nothing_hidden_in_public(room: Room, state: FaehrteState) -> None:
    """No card in a hand and no face-down card still unturned is in any public message."""
    public = "\n".join(text_of(message) for message in room.public_messages())
    assert "Your hand" not in public
    hidden = [card for hand in state.hands for card in hand] + state.pile
    for card in hidden:
        if card != JOKER:
            written = re.escape(card_text(card)) + r"(?!\d)"
            assert not re.search(written, public), f"{card_text(card)} is public"


async def test_a_four_seat_round_through_the_panels(simcord_env: Env) -> None:
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    seats = room.add("ann", "bo", "cy", "di")

    await seats[0].slash(room.channel, "tricky new", game="falsche_faehrte")
    for member in seats[1:]:
        await member.click(room.lobby_message(), label="Join")
    await seats[0].click(room.lobby_message(), label="Start")
    table_id = table_id_of(room.table_message())
    assert "Trump:** 🟥 red" in text_of(room.table_message())

    # Everyone picks a card, confirms it, and nobody else learns which.
    for seat, member in enumerate(seats):
        panel = await open_hand(room, member)
        assert "Your hand" in text_of(panel)
        picks = [data for data in panel_data(panel) if data.startswith("f:")]
        assert len(picks) == 13
        await press(member, panel, picks[-1])
        assert "face down?" in text_of(panel)
        await press(member, panel, "fd:" + picks[-1][2:])
        assert "You put" in text_of(panel)
        state = await state_of(bot, table_id)
        assert_nothing_hidden_in_public(room, state)
        if seat < 3:
            assert picks[-1][2:] not in text_of(room.table_message())
    state = await state_of(bot, table_id)
    assert state.phase == "play" and len(state.pile) == 4
    assert "🂠🂠🂠🂠" in text_of(room.table_message())

    # Every trick, card by card, from the panel of the seat on turn.
    switched = False
    while (state := await state_of(bot, table_id)).round == 1:
        if state.phase == "trump":
            chooser = state.choosers[0]
            panel = await open_hand(room, seats[chooser])
            assert "You may switch trump" in text_of(panel)
            await press(seats[chooser], panel, "t:b")
            switched = True
            assert "Trump:** 🟦 blue" in text_of(room.table_message())
            continue
        assert state.phase == "play"
        member = seats[state.turn]
        panel = await open_hand(room, member)
        offered = [data for data in panel_data(panel) if data.startswith("p:")]
        legal = GAME.legal_actions(state, state.turn)
        assert offered == [f"p:{card_code(a.card)}" for a in legal if isinstance(a, Play)]
        await press(member, panel, offered[0])
        after = await state_of(bot, table_id)
        if after.round == 1:
            assert_nothing_hidden_in_public(room, after)

    # The round is summed up in public and the next round waits for face-down cards.
    public = [text_of(message) for message in room.public_messages()]
    summary = next(text for text in public if "Round 1 of 8:" in text)
    assert "Tricks and points" in summary and "face-down cards were" in summary
    assert sum(state.history[0].tricks) == 12
    history = await bot.tables.history(table_id)
    assert switched or any("tie for worst" in line for line in history)
    assert sum("takes trick" in line for line in history) == 12
    assert "Still choosing" in text_of(room.table_message())
    assert state.phase == "face_down" and state.round == 2
