"""Every form's fields, fuzzed (hypothesis) through the whole bot: Tricky's typed bid, The
Short Word Game's words and discard, and solitaire's word (the Short Changed guess form is
in ``test_fuzz.py``). Whatever is typed, nothing crashes, the player is told why on their
panel, and the game is exactly as it was.

Typing is free, so now and then the fuzzer types a move that is legal (a real word, a big
enough bid). The game must take those, so such examples are skipped: each one is checked
first with the presenter's own reading of the form and the engine's ``check``.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st
from simcord import Env

from bot.app import TrickyBot
from cogs.presenters import PRESENTERS
from cogs.presenters.base import Submit
from games.core.errors import GameError
from tests.e2e.helpers import Room, as_the_bot, bot_of, text_of
from tests.e2e.test_fuzz import FUZZ, crashes
from tests.e2e.test_short_word import control, open_hand, settle, table_id_of
from tests.e2e.test_tricky import Tricky
from tests.e2e.test_tricky import table_id_of as tricky_table_id

TYPED = st.text(max_size=130) | st.from_regex(r"[A-Za-z ,.'-]{0,40}", fullmatch=True)
"""Anything at all, and text that looks like words or numbers."""


def text_inputs(modal: dict[str, Any]) -> list[dict[str, Any]]:
    """The text boxes of a form, as Discord received it."""
    found = []
    for row in modal.get("components") or []:
        for box in [*(row.get("components") or []), row.get("component") or {}]:
            if box.get("type") == discord.ComponentType.text_input.value:
                found.append(box)
    return found


def fitted(modal: dict[str, Any], typed: dict[str, str]) -> dict[str, str]:
    """What Discord would let through: each box's text cut to its longest, and a box that
    needs more filled up with ``?`` (never part of a word or a number)."""
    fields = {}
    for box in text_inputs(modal):
        text = typed.get(box["custom_id"], "")[: box.get("max_length", 4000)]
        least = max(box.get("min_length") or 0, 1 if box.get("required", True) else 0)
        if text or least:
            text = text.ljust(least, "?")
        fields[box["custom_id"]] = text
    return fields


class Form:
    """A form on a seat's panel, and what a refused answer must leave as it was."""

    def __init__(
        self, env: Env, room: Room, table_id: int, member: Any, opens: str, answers: str
    ) -> None:
        self.env, self.room, self.table_id, self.member = env, room, table_id, member
        self.opens, self.answers = opens, answers
        self.panel: Any = None

    @property
    def bot(self) -> TrickyBot:
        return bot_of(self.env)

    async def snapshot(self) -> tuple[Any, ...]:
        table = await self.bot.tables.get(self.table_id)
        return table.version, table.status, table.state_json, table.seats

    async def would_be_played(self, fields: dict[str, str]) -> bool:
        """Whether the bot would (rightly) play what was typed: the presenter reads the
        form into a move, and the engine accepts it."""
        seat = await self.bot.tables.for_seat(self.table_id, self.member.id)
        reaction = PRESENTERS[seat.table.game_key].react(seat, self.answers, (), fields)
        if not isinstance(reaction, Submit):
            return False
        table = await self.bot.tables.get(self.table_id)
        assert table.state_json is not None
        try:
            seat.game.check(seat.game.load_state(table.state_json), seat.seat, reaction.action)
        except GameError:
            return False
        return True

    async def submit(self, caplog: pytest.LogCaptureFixture, typed: dict[str, str]) -> None:
        """Type into the form and check that nothing changed but the panel."""
        if self.panel is None:  # one panel for every example: refused answers leave it valid
            self.panel = await open_hand(self.room, self.member)
        before = await self.snapshot()
        form = await self.member.click(self.panel, custom_id=control(self.panel, self.opens))
        assert form.modal is not None
        fields = fitted(form.modal, typed)
        assume(not await self.would_be_played(fields))
        answer = await self.member.submit_modal(form, fields)
        assert answer.acknowledged
        assert "⚠️" in text_of(self.panel), text_of(self.panel)
        assert crashes(caplog) == []
        assert await self.snapshot() == before
        self.env.raise_errors()


# -- Tricky: the typed bid -------------------------------------------------------------------


@pytest.fixture
async def bid_form(simcord_env: Env) -> Form:
    room, bot = Room(simcord_env), bot_of(simcord_env)
    seats = list(room.add("ann", "bo", "cy"))
    await seats[0].slash(room.channel, "tricky new", game="tricky")
    table_id = tricky_table_id(room.lobby_message())
    with as_the_bot(room.env):  # the board's redraw is the bot's work, waited for
        await bot.tables.set_clock(table_id, seats[0].id, 0)
    for member in seats[1:]:
        await member.click(room.lobby_message(), label="Join")
    await seats[0].click(room.lobby_message(), label="Start")
    game = Tricky(room, bot, table_id, seats)
    for seat in range(3):
        await game.reroll(seat, [])
    state = await game.state()
    assert state.phase == "auction"
    return Form(simcord_env, room, table_id, seats[state.turn], opens="bo", answers="bf")


@FUZZ
@given(amount=TYPED | st.integers(-(10**6), 10**7).map(str))
@example(amount="²")
@example(amount="1,0")
async def test_the_bid_form_refuses_what_is_no_bid(
    bid_form: Form, caplog: pytest.LogCaptureFixture, amount: str
) -> None:
    await bid_form.submit(caplog, {"amount": amount})


# -- The Short Word Game: words to lay, and the card to discard ------------------------------


@pytest.fixture
async def words_form(simcord_env: Env) -> Form:
    room, bot = Room(simcord_env), bot_of(simcord_env)
    ann, bo = room.add("ann", "bo")
    await ann.slash(room.channel, "tricky new", game="short_word")
    table_id = table_id_of(room.lobby_message())
    with as_the_bot(room.env):  # the board's redraw is the bot's work, waited for
        await bot.tables.set_clock(table_id, ann.id, 0)
    await bo.click(room.lobby_message(), label="Join")
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    public = await bot.tables.public(table_id)
    member = (ann, bo)[public.to_act[0]]
    panel = await open_hand(room, member)
    await member.click(panel, custom_id=control(panel, "ds"))  # draw: now words may be laid
    return Form(simcord_env, room, table_id, member, opens=r"w(:[\w.,:=+-]*)?", answers="lay")


@FUZZ
@given(words=TYPED, discard=st.text(max_size=3) | st.sampled_from(["QU", "IN", "q", "", " "]))
@example(words="qu qu qu", discard="QU")
async def test_the_words_form_refuses_what_cannot_be_laid(
    words_form: Form, caplog: pytest.LogCaptureFixture, words: str, discard: str
) -> None:
    await words_form.submit(caplog, {"words": words, "discard": discard})


# -- Short Word solitaire: a word from the face-up cards -------------------------------------


@pytest.fixture
async def solitaire_form(simcord_env: Env) -> Form:
    room, bot = Room(simcord_env), bot_of(simcord_env)
    (ann,) = room.add("ann")
    await ann.slash(room.channel, "tricky new", game="short_word_solitaire")
    table_id = table_id_of(room.lobby_message())
    with as_the_bot(room.env):  # the board's redraw is the bot's work, waited for
        await bot.tables.set_clock(table_id, ann.id, 0)
    await ann.click(room.lobby_message(), label="Start")
    await settle(bot)
    return Form(simcord_env, room, table_id, ann, opens="w", answers="word")


@FUZZ
@given(word=TYPED)
@example(word="ÄÖÜ")
async def test_the_solitaire_form_refuses_what_is_no_word_here(
    solitaire_form: Form, caplog: pytest.LogCaptureFixture, word: str
) -> None:
    await solitaire_form.submit(caplog, {"word": word})
