"""Bad input, fuzzed (hypothesis) through the whole bot: every slash command option, the
guess form, and custom ids, well formed or not (the other games' forms are in
``test_fuzz_forms.py``). Nothing crashes, the user is told why in a short private reply,
and the game is exactly as it was."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import app_commands
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from simcord import Env

from bot.app import TrickyBot
from cogs.controls import DATA
from tests.cogs.test_board import ante_all, drawn
from tests.cogs.test_tables import moderator, open_lobby, start
from tests.e2e.helpers import Room, as_the_bot, bot_of, custom_ids, labels, planted, text_of

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
LONGEST_REPLY = 2000
"""Discord's message limit: a longer explanation would itself fail."""


class Tables:
    """A Short Changed game in play, seen by the people who might poke at it."""

    def __init__(self, env: Env, room: Room, members: list[Any], table_id: int) -> None:
        self.env, self.room, self.members, self.table_id = env, room, members, table_id
        self._moderator: Any = None
        self.panel: Any = None

    @property
    def bot(self) -> TrickyBot:
        return bot_of(self.env)

    async def snapshot(self) -> tuple[Any, ...]:
        table = await self.bot.tables.get(self.table_id)
        return table.version, table.status, table.state_json, table.seats

    async def on_turn(self) -> int:
        return (await self.bot.tables.public(self.table_id)).to_act[0]

    def moderator(self) -> Any:
        if self._moderator is None:
            self._moderator = moderator(self.room, "mod")
        return self._moderator

    async def idle(self) -> list[Any]:
        """Everyone who may not move now: seats off turn (not the host) and a bystander."""
        turn = await self.on_turn()
        return [m for n, m in enumerate(self.members) if n not in (0, turn)] + [self.room.bystander]


@pytest.fixture
async def tables(simcord_env: Env) -> Tables:
    room, bot = Room(simcord_env), bot_of(simcord_env)
    members, table_id = await open_lobby(room, "ann", "bo", "cy", "di")
    with as_the_bot(room.env):  # the board's redraw is the bot's work, waited for
        await bot.tables.set_clock(table_id, members[0].id, 0)
    await start(room, members[0])
    await ante_all(bot, table_id, members)
    await drawn(bot)
    return Tables(simcord_env, room, members, table_id)


def crashes(caplog: pytest.LogCaptureFixture) -> list[str]:
    found = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    caplog.clear()
    return found


PUBLIC_ANSWERS = {"tricky leaderboard", "tricky stats", "tricky history"}
"""Commands whose answer is for the channel: boards anyone may read."""


def assert_told_privately(result: Any) -> str:
    assert result.acknowledged, "the interaction was answered"
    replies = [result.response, *getattr(result, "followups", [])]
    said = [reply for reply in replies if reply is not None]
    assert said, "something was said"
    for reply in said:
        assert reply.ephemeral, f"told in public: {text_of(reply)!r}"
        assert len(reply.content or "") <= LONGEST_REPLY
    return "\n".join(text_of(reply) for reply in said)


# -- slash commands --------------------------------------------------------------------------


def leaf_commands(bot: TrickyBot) -> Iterator[tuple[str, app_commands.Command[Any, Any, Any]]]:
    stack: list[tuple[str, Any]] = [(c.name, c) for c in bot.tree.get_commands()]
    while stack:
        name, command = stack.pop()
        if isinstance(command, app_commands.Group):
            stack.extend((f"{name} {c.name}", c) for c in command.commands)
        else:
            yield name, command


def option_values(parameter: app_commands.Parameter, tables: Tables) -> st.SearchStrategy[Any]:
    if parameter.choices:
        return st.sampled_from([choice.value for choice in parameter.choices])
    kind = parameter.type
    if kind is discord.AppCommandOptionType.string:
        # For strings, discord.py keeps the allowed lengths in min_value / max_value.
        longest = min(int(parameter.max_value or 100), 100)
        return st.text(min_size=max(int(parameter.min_value or 1), 1), max_size=longest)
    if kind is discord.AppCommandOptionType.integer:
        low = int(parameter.min_value) if parameter.min_value is not None else -(2**53 - 1)
        high = int(parameter.max_value) if parameter.max_value is not None else 2**53 - 1
        return st.integers(low, high)
    if kind is discord.AppCommandOptionType.number:
        return st.floats(-1e12, 1e12, allow_nan=False)
    if kind is discord.AppCommandOptionType.boolean:
        return st.booleans()
    if kind is discord.AppCommandOptionType.user:
        return st.sampled_from([*tables.members, tables.room.bystander])
    if kind is discord.AppCommandOptionType.channel:
        return st.just(tables.room.channel)
    raise AssertionError(f"no fuzzing for {kind} options ({parameter.name}): add it here")


@st.composite
def slash_calls(
    draw: st.DrawFn, tables: Tables, root: str = "tricky"
) -> tuple[str, dict[str, Any]]:
    """A command under ``root`` (``/tricky-config`` is offered only to moderators)."""
    commands = sorted(
        (c for c in leaf_commands(tables.bot) if c[0].split()[0] == root), key=lambda c: c[0]
    )
    name, command = draw(st.sampled_from([(n, c) for n, c in commands]))
    options: dict[str, Any] = {}
    for parameter in command.parameters:
        if parameter.required or draw(st.booleans()):
            options[parameter.name] = draw(option_values(parameter, tables))
    return name, options


@FUZZ
@given(data=st.data())
async def test_every_command_with_any_options_from_someone_who_may_not_move(
    tables: Tables, caplog: pytest.LogCaptureFixture, data: st.DataObject
) -> None:
    before = await tables.snapshot()
    name, options = data.draw(slash_calls(tables), label="command")
    who = data.draw(st.sampled_from(await tables.idle()), label="who")
    result = await who.slash(tables.room.channel, name, **options)
    if name in PUBLIC_ANSWERS:
        assert result.acknowledged
    else:
        assert_told_privately(result)
    assert crashes(caplog) == []
    assert await tables.snapshot() == before
    tables.env.raise_errors()


@FUZZ
@given(data=st.data())
async def test_server_settings_with_any_options_from_a_moderator(
    tables: Tables, caplog: pytest.LogCaptureFixture, data: st.DataObject
) -> None:
    """A moderator may change settings, but never the running game, and never crash."""
    mod = tables.moderator()
    before = await tables.snapshot()
    name, options = data.draw(slash_calls(tables, "tricky-config"), label="command")
    result = await mod.slash(tables.room.channel, name, **options)
    assert_told_privately(result)
    assert crashes(caplog) == []
    assert await tables.snapshot() == before
    await tables.bot.guild_settings.get(tables.room.guild.id)  # still loads
    tables.env.raise_errors()


# -- the guess form --------------------------------------------------------------------------


def not_a_possible_total(text: str) -> bool:
    try:
        return not 0 <= int(text) <= 10_000
    except ValueError:
        return True


TYPED_TOTALS = (st.text(min_size=1, max_size=4) | st.integers(-999, 9999).map(str)).filter(
    not_a_possible_total
)
"""What fits in the form's box (Discord enforces its 1 to 4 characters) but is no total."""


@FUZZ
@given(total=TYPED_TOTALS)
@example(total="²")  # str.isdigit() took superscripts, which int() refuses
async def test_the_guess_form_refuses_anything_but_a_number(
    tables: Tables, caplog: pytest.LogCaptureFixture, total: str
) -> None:
    seat = await tables.on_turn()
    guesser = tables.members[seat]
    if tables.panel is None:  # one panel for every example: refused guesses leave it valid
        tables.panel = (
            await guesser.click(tables.room.table_message(), label="Open my hand")
        ).response
    panel = tables.panel
    target = str((seat + 1) % len(tables.members))
    before = await tables.snapshot()
    form = await guesser.select(panel, [target])
    assert form.modal is not None
    answer = await guesser.submit_modal(form, {"total": total})
    assert answer.acknowledged
    assert "A total is a whole number" in text_of(panel)
    assert crashes(caplog) == []
    assert await tables.snapshot() == before
    tables.env.raise_errors()


# -- custom ids ------------------------------------------------------------------------------

PANEL_DATA = st.from_regex(re.compile(DATA), fullmatch=True)


@st.composite
def forged_ids(draw: st.DrawFn, table_id: int, version: int) -> str:
    table = draw(st.sampled_from([table_id, table_id + 1, 0, 10**12]))
    at = draw(st.sampled_from([version, version - 1, version + 1, 0, 10**9]))
    kind = draw(st.sampled_from(["panel", "pick", "lobby", "table", "opt", "seat", "junk"]))
    if kind in ("panel", "pick"):
        return f"tk:{kind}:{table}:{at}:{draw(PANEL_DATA)}"
    if kind == "lobby":
        verb = draw(st.sampled_from(["join", "leave", "start", "cancel", "rules", "flip"]))
        option = draw(st.sampled_from(["", ":stalemate_rounds", ":nothing_like_it"]))
        return f"tk:lobby:{table}:{verb}{option}"
    if kind == "table":
        return f"tk:table:{table}:{draw(st.sampled_from(['hand', 'rules', 'log']))}"
    if kind == "opt":
        return f"tk:opt:{table}:{draw(st.from_regex(r'[a-z_]{1,40}', fullmatch=True))}"
    if kind == "seat":
        return f"tk:seat:{table}"
    return draw(st.text(min_size=1, max_size=100))


@FUZZ
@given(data=st.data())
async def test_forged_custom_ids_change_nothing(
    tables: Tables, caplog: pytest.LogCaptureFixture, data: st.DataObject
) -> None:
    """Ids a modified client (or an old message) could carry, from people who may not move.

    Ids the bot never makes match no control: discord.py drops them unanswered,
    as Discord itself would for a control not on the message.
    """
    before = await tables.snapshot()
    custom_id = data.draw(forged_ids(tables.table_id, before[0]), label="custom id")
    who = data.draw(st.sampled_from(await tables.idle()), label="who")
    values = data.draw(
        st.lists(st.text(min_size=1, max_size=100), min_size=1, max_size=3, unique=True),
        label="values",
    )
    select = re.match(r"tk:(pick|opt|seat):", custom_id) is not None
    message = await planted(
        tables.bot, tables.room, custom_id, select_values=values if select else None
    )
    if select:
        result = await who.select(message, values, custom_id=custom_id)
    else:
        result = await who.click(message, custom_id=custom_id)
    if result.response is not None:
        assert result.response.ephemeral or not result.response.content
        assert len(result.response.content or "") <= LONGEST_REPLY
    assert crashes(caplog) == []
    assert await tables.snapshot() == before
    tables.env.raise_errors()


async def test_panel_ids_for_another_game_or_from_another_seat_are_refused(
    tables: Tables, caplog: pytest.LogCaptureFixture
) -> None:
    room2 = Room(tables.env)
    others, other_table = await open_lobby(room2, "eve", "fay")
    await start(room2, others[0])
    eve_panel = (await others[0].click(room2.table_message(), label="Open my hand")).response
    eve_ids = [cid for cid in custom_ids(eve_panel) if cid.startswith("tk:panel:")]
    seat = await tables.on_turn()
    mover = tables.members[seat]
    mover_panel = (await mover.click(tables.room.table_message(), label="Open my hand")).response
    mover_ids = [cid for cid in custom_ids(mover_panel) if cid.startswith("tk:panel:")]
    before = await tables.snapshot()
    other_before = (await tables.bot.tables.get(other_table)).state_json

    # Another game's panel (in another server), pressed by players of this one.
    message = await planted(tables.bot, tables.room, *eve_ids)
    for member in tables.members:
        for custom_id in eve_ids:
            said = assert_told_privately(await member.click(message, custom_id=custom_id))
            assert "another server" in said
    # The mover's panel, pressed by the others: it acts for whoever clicks, who may not move.
    message = await planted(tables.bot, tables.room, *mover_ids)
    for member in [m for m in tables.members if m is not mover]:
        for custom_id in mover_ids:
            await member.click(message, custom_id=custom_id)
    assert crashes(caplog) == []
    assert await tables.snapshot() == before
    assert (await tables.bot.tables.get(other_table)).state_json == other_before
    assert "Open my hand" in labels(room2.table_message())
