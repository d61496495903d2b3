"""The whole bot, driven through simcord (a simulated Discord, offline): interactions/s and
the time to first response.

Players in ``--tables`` channels each open a table of ``--game`` with
``/tricky new``, join it and start it with buttons. Then, over and over, on a
random table, the seat on turn presses "Open my hand" on the public table and
then up to ``--clicks`` random enabled controls of the private panel it got
(a button, or one of a select's choices; a form that opens is typed as its own hints
suggest, see :func:`typed_answers`, and sent): every press is a real interaction
through discord.py, the cogs, the table service and SQLite, and each move
redraws the public table.

Two times per interaction: until the bot's first answer (its first call to
``interaction.response``: a message, an edit, a defer or a form), the delay a
player notices; and until simcord has settled everything the interaction set
off (the answer, the table redraw, computer moves), which bounds the work.

    uv run python -m bench.bot --tables 20 --interactions 2000
    uv run python -m bench.bot --game short_changed --interactions 500
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import discord
import simcord

from bench.machine import Table, describe_machine, percentile
from bot.app import create_bot
from bot.settings import Settings
from games.catalog import CATALOG
from tests.e2e.helpers import Room, components, labels

__all__ = ["main"]

SEATS = 3
TEXT_INPUT = 4
"""Discord's component type of a form's text field."""

_first_answer: list[float] = []
"""When the bot first answered the interaction being timed (``perf_counter``)."""


def _timed(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    async def answer(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not _first_answer:
            _first_answer.append(time.perf_counter())
        return await method(self, *args, **kwargs)

    return answer


def watch_first_answers() -> None:
    """Note the moment the bot first calls any of an interaction's response methods."""
    response = discord.InteractionResponse
    for name in ("defer", "send_message", "edit_message", "send_modal"):
        setattr(response, name, _timed(getattr(response, name)))


def table_id_of(message: Any) -> int | None:
    for component in components(message):
        match = re.match(r"tk:table:(\d+):", component.get("custom_id", ""))
        if match:
            return int(match[1])
    return None


def typed_answers(modal: dict[str, Any]) -> dict[str, str]:
    """What a player following a form's own hints types: each text input's pre-filled
    value, else the example its placeholder gives (``e.g. 130``); an input with neither
    is left empty. The bot then plays the move or explains why it cannot."""
    answers: dict[str, str] = {}
    for field in text_inputs(modal.get("components", [])):
        example = re.search(r"e\.g\. ([^(;]+)", field.get("placeholder") or "")
        value = field.get("value") or (example[1].strip() if example else "")
        if value:
            answers[field["custom_id"]] = value
    return answers


def text_inputs(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The text inputs of a form's component tree, in order."""
    found: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == TEXT_INPUT:
            found.append(component)
        found += text_inputs(component.get("components", []))
        if "component" in component:  # a label wraps its one control
            found += text_inputs([component["component"]])
    return found


class Driver:
    def __init__(self, env: Any, bot: Any, game: str, rng: random.Random) -> None:
        self.env, self.bot, self.game, self.rng = env, bot, game, rng
        self.first: list[float] = []
        self.settled: list[float] = []
        self.refused = 0
        self.forms = 0

    async def timed(self, interact: Callable[[], Any]) -> Any:
        _first_answer.clear()
        started = time.perf_counter()
        result = await interact()
        done = time.perf_counter()
        self.settled.append(done - started)
        self.first.append((_first_answer[0] if _first_answer else done) - started)
        return result

    async def open_table(self, number: int) -> tuple[Room, list[Any], int]:
        room = Room(self.env)
        room.channel = room.guild.create_text_channel(f"table-{number}")
        members = room.add(*(f"p{number}-{seat}" for seat in range(SEATS)))
        await members[0].slash(room.channel, "tricky new", game=self.game)
        for member in members[1:]:
            await member.click(room.lobby_message(), label="Join")
        await members[0].click(room.lobby_message(), label="Start")
        table_id = table_id_of(room.table_message())
        assert table_id is not None
        return room, members, table_id

    async def turn(self, room: Room, members: list[Any], table_id: int, clicks: int) -> bool:
        """The seat on turn opens its panel and presses a few controls; False once over."""
        public = await self.bot.tables.public(table_id)
        if not public.to_act:
            return False
        member = members[self.rng.choice(public.to_act)]
        table = room.table_message()
        opened = await self.timed(lambda: member.click(table, label="Open my hand"))
        panel = opened.response
        for _ in range(clicks):
            if panel is None:
                return True
            choices = [
                c for c in components(panel) if c.get("type") in (2, 3) and not c.get("disabled")
            ]
            choices = [c for c in choices if c.get("custom_id", "").startswith("tk:")]
            if not choices:
                return True
            chosen = self.rng.choice(choices)
            if chosen["type"] == 2:
                action = functools.partial(member.click, panel, custom_id=chosen["custom_id"])
            else:
                value = self.rng.choice(chosen["options"])["value"]
                action = functools.partial(
                    member.select, panel, [value], custom_id=chosen["custom_id"]
                )
            try:
                result = await self.timed(action)
            except simcord.SetupError:  # the panel changed under the click: not the bot's fault
                self.refused += 1
                return True
            if result.modal is not None:  # a form: typed as its own hints suggest, and sent
                form = functools.partial(member.submit_modal, result, typed_answers(result.modal))
                try:
                    await self.timed(form)
                except simcord.SetupError:  # the form asked for what its hints do not give
                    self.refused += 1
                else:
                    self.forms += 1
                return True
            if "Open my hand" in labels(room.table_message()) and result.response is not None:
                panel = result.response
        return True


async def bench_bot(args: argparse.Namespace) -> None:
    watch_first_answers()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            token="bench-token",
            database=Path(folder) / "bench.db",
            ai_workers=0,
            preload=False,
            _env_file=None,
        )
        bot = create_bot(settings)
        async with simcord.run(bot, check_errors=False) as env:
            driver = Driver(env, bot, args.game, random.Random(args.seed))
            tables = [await driver.open_table(number) for number in range(args.tables)]
            driver.first.clear()
            driver.settled.clear()
            started, cpu = time.perf_counter(), time.process_time()
            while len(driver.first) < args.interactions:
                index = driver.rng.randrange(len(tables))
                room, members, table_id = tables[index]
                if not await driver.turn(room, members, table_id, args.clicks):
                    room.channel = room.guild.create_text_channel(f"again-{len(driver.first)}")
                    tables[index] = await driver.open_table(len(driver.first) + 10_000)
            seconds = time.perf_counter() - started
            cpu = time.process_time() - cpu
            errors = len(env.errors)
            moves = sum([(await bot.tables.get(table_id)).version for _, _, table_id in tables])
        await bot.close()

    first, settled = sorted(driver.first), sorted(driver.settled)
    table = Table("measure", "value")
    table.add("game", args.game)
    table.add("tables", args.tables)
    table.add("interactions", len(first))
    table.add("interactions/s", len(first) / seconds)
    # simcord settles by polling: a task it cannot yet tell is idle (a view's timeout task
    # not started, say) costs a 50 ms wait, so the rate above is partly simcord's waiting.
    # CPU per interaction counts the work: the bot's and simcord's (same process).
    table.add("CPU ms per interaction", 1000 * cpu / len(first))
    table.add("first response p50 ms", 1000 * percentile(first, 0.5))
    table.add("first response p99 ms", 1000 * percentile(first, 0.99))
    table.add("settled p50 ms", 1000 * percentile(settled, 0.5))
    table.add("settled p99 ms", 1000 * percentile(settled, 0.99))
    table.add("moves on the last tables", moves)
    table.add("forms filled in and sent", driver.forms)
    table.add("clicks on a vanished control or form", driver.refused)
    table.add("bot errors", errors)
    table.print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bot", description=__doc__)
    multi = [key for key, game in CATALOG.items() if game.max_seats >= SEATS]
    parser.add_argument("--game", default="tricky", choices=multi)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--interactions", type=int, default=1000)
    parser.add_argument("--clicks", type=int, default=3, help="panel presses after opening it")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(describe_machine())
    asyncio.run(bench_bot(args))
    print(describe_machine())


if __name__ == "__main__":
    main()
