"""The Short Word Game end to end: a house word, a two-seat hand played through the panels
and the words form, a solitaire game to its end, and no letter card ever in public."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from simcord import Env

from bot.app import TrickyBot
from cogs.presenters.short_word import hand_chips
from games.short_word import GAME, SOLITAIRE
from games.short_word.finder import going_out_words
from games.short_word.model import ShortWordState
from games.short_word.solitaire.model import MoveCard, PlayWord, SolitaireState
from tests.cogs.test_tables import moderator
from tests.e2e.helpers import Room, bot_of, custom_ids, labels, text_of


def table_id_of(message: Any) -> int:
    for custom_id in custom_ids(message):
        if match := re.match(r"tk:(?:table|lobby):(\d+):", custom_id):
            return int(match[1])
    raise AssertionError("not a table message")


def control(message: Any, data: str) -> str:
    """The custom id of the panel control whose data matches ``data``."""
    matching = [cid for cid in custom_ids(message) if re.search(rf":{data}$", cid)]
    assert len(matching) == 1, f"{data!r} matches {matching}"
    return matching[0]


async def settle(bot: TrickyBot) -> None:
    """Let the board finish redrawing the channel."""
    cog: Any = bot.get_cog("TablesCog")  # loaded as an extension: its own module object
    await cog.board.drain()


def private(result: Any) -> bool:
    return result.response is not None and result.response.ephemeral


async def open_hand(room: Room, member: Any) -> Any:
    opened = await member.click(room.table_message(), label="Open my hand")
    assert private(opened)
    return opened.response


def assert_no_cards_in_public(room: Room, state: ShortWordState) -> None:
    public = "\n".join(text_of(message) for message in room.public_messages())
    assert "Your cards" not in public
    for seat, hand in enumerate(state.hands):
        secret = [card for card in hand if card not in state.known[seat]]
        if len(secret) >= 3:
            assert hand_chips(hand) not in public, f"seat {seat}'s hand is in public"


async def test_a_two_seat_hand_through_the_bot(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    ann, bo = room.add("ann", "bo")
    mod = moderator(room, "mod")

    # The server's house list: moderators only, and each new lobby takes a copy.
    refused = await ann.slash(room.channel, "tricky words add", word="zyzzyx")
    assert (
        refused.ephemeral
        and refused.response is not None
        and "Manage Server" in refused.response.content
    )
    added = await mod.slash(room.channel, "tricky words add", word="Zyzzyx")
    assert added.ephemeral and "ZYZZYX** is now accepted" in added.response.content
    listed = await ann.slash(room.channel, "tricky words list")
    assert listed.ephemeral and listed.response is not None and "zyzzyx" in listed.response.content

    await ann.slash(room.channel, "tricky new", game="short_word")
    await bo.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    table_id = table_id_of(room.table_message())
    table = await bot.tables.get(table_id)
    assert table.options["house_add"] == ["zyzzyx"]
    seats = [ann, bo]

    async def state() -> ShortWordState:
        stored = await bot.tables.get(table_id)
        assert stored.state_json is not None
        return GAME.load_state(stored.state_json)

    start = await state()
    assert [len(hand) for hand in start.hands] == [3, 3]
    shown = text_of(room.table_message())
    assert "hand 1 of 8" in shown and "Stock:** 111 cards" in shown

    nosy = await room.bystander.click(room.table_message(), label="Open my hand")
    assert nosy.ephemeral and nosy.response is not None and "not playing" in nosy.response.content

    tried_a_bad_word = False
    while (now := await state()).hand == 1:
        seat = now.turn
        member = seats[seat]
        panel = await open_hand(room, member)
        assert "Your cards:" in text_of(panel)
        if now.step == "draw":
            other = seats[1 - seat]
            early = await other.click(room.table_message(), label="Open my hand")
            assert control(early.response, "ref") and "ds" not in str(custom_ids(early.response))
            drew = await member.click(panel, custom_id=control(panel, "ds"))
            assert private(drew) and "You drew" in text_of(panel)
            now = await state()
        hand = tuple(now.hands[seat])
        if not tried_a_bad_word:
            tried_a_bad_word = True
            form = await member.click(panel, custom_id=control(panel, "w"))
            assert form.modal is not None
            await member.submit_modal(form, {"words": "qzqzq", "discard": ""})
            assert "⚠️" in text_of(panel) and "QZQZQ" in text_of(panel)
            assert "Your last try: qzqzq" in text_of(panel)
            assert control(panel, "w:qzqzq")
            assert tuple((await state()).hands[seat]) == hand, "a refused try changes nothing"
        found = going_out_words(hand, GAME.lexicon(now.options))
        if found:
            discard, words = next(iter(found.items()))
            form = await member.click(panel, custom_id=control(panel, r"w(:[a-z.,A-Z]*)?"))
            assert form.modal is not None
            await member.submit_modal(form, {"words": " ".join(words), "discard": discard})
            assert "✅ You laid" in text_of(panel), text_of(panel)
        else:
            discard = hand[0]
            await member.select(panel, [discard], custom_id=control(panel, "x"))
            assert "✅" in text_of(panel)
        await settle(bot)
        assert_no_cards_in_public(room, await state())

    # The hand is over: the table shows hand 2, and the summary is posted below it (#21).
    after = await state()
    assert after.hand == 2 and [len(hand) for hand in after.hands] == [4, 4]
    public = room.public_messages()
    summary = next(
        m for m in public if "Hand 1 scored" in text_of(m) and "Open my hand" not in labels(m)
    )
    result = after.last_result
    assert result is not None
    for seat, scored in enumerate(result.seats):
        assert f"{seats[seat].name}: {scored.score:+d} (total {scored.total})" in text_of(summary)
    assert public.index(summary) > public.index(room.table_message())
    assert "hand 2 of 8" in text_of(room.table_message())
    assert after.dealer == (start.dealer + 1) % 2
    assert_no_cards_in_public(room, after)


async def test_a_solitaire_game_to_its_end(simcord_env: Env) -> None:
    env, bot = simcord_env, bot_of(simcord_env)
    room = Room(env)
    (ann,) = room.add("ann")
    await ann.slash(room.channel, "tricky new", game="short_word_solitaire")
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    table_id = table_id_of(room.table_message())

    async def state() -> SolitaireState:
        stored = await bot.tables.get(table_id)
        assert stored.state_json is not None
        return SOLITAIRE.load_state(stored.state_json)

    first = await state()
    shown = text_of(room.table_message())
    for number, stack in enumerate(first.stacks, start=1):
        assert f"{number}. `{stack[-1]}·" in shown  # one line beside the table's picture
    assert "0 of 48 cards used" in shown

    panel = await open_hand(room, ann)
    form = await ann.click(panel, custom_id=control(panel, "w"))
    await ann.submit_modal(form, {"word": "qzqzq"})
    assert "⚠️" in text_of(panel)

    made = 0
    while made < 4:
        now = await state()
        legal = SOLITAIRE.legal_actions(now, 0)
        moves = [a for a in legal if isinstance(a, MoveCard)]
        words = sorted((a for a in legal if isinstance(a, PlayWord)), key=lambda a: -len(a.word))
        panel = await open_hand(room, ann)
        if moves:
            move = moves[0]
            await ann.select(panel, [f"{move.source}:{move.target}"], custom_id=control(panel, "m"))
            assert "Moved" in text_of(panel)
        elif words:
            form = await ann.click(panel, custom_id=control(panel, "w"))
            await ann.submit_modal(form, {"word": words[0].word.upper()})
            assert f"Made {words[0].word.upper()}" in text_of(panel), text_of(panel)
            made += 1
        else:
            assert "No word can be made" in text_of(panel)
            break
        if SOLITAIRE.outcome(await state()) is not None:
            break

    now = await state()
    if now.step != "over":
        panel = await open_hand(room, ann)
        await ann.click(panel, custom_id=control(panel, "g"))
        assert "Give up now" in text_of(panel)
        await ann.click(panel, label="Yes, give up")
    await settle(bot)
    final = await state()
    outcome = SOLITAIRE.outcome(final)
    assert outcome is not None and outcome.scores == (final.used,)
    result = room.public_messages()[-1]
    assert f"{final.used} of 48 cards used" in text_of(result) or "won" in text_of(result)
    assert "Open my hand" not in labels(room.public_messages()[-1])


async def test_a_house_word_the_list_refuses_is_explained_and_nothing_saved(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    """The settings service refuses it (a user error), and the command tree explains it."""
    bot = bot_of(simcord_env)
    room = Room(simcord_env)
    mod = moderator(room, "mod")
    with caplog.at_level(logging.WARNING):
        refused = await mod.slash(room.channel, "tricky words add", word="rock-n-roll")
    assert refused.ephemeral and refused.response is not None and not refused.followups
    assert "2 to 22 letters" in refused.response.content
    assert caplog.records == []
    assert (await bot.guild_settings.get(room.guild.id)).lobby_defaults == {}
