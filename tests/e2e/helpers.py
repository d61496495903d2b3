"""Driving the bot like people would, and reading what Discord shows them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import discord
from simcord import Env, InteractionResult, MemberActor

from bot.app import TrickyBot
from tests.e2e.pseudo_check import marked, unmarked

BotFactory = Callable[[], TrickyBot]
"""Builds another bot on the test's database, as a restart would."""


def bot_of(env: Env) -> TrickyBot:
    """The bot simcord runs, as the TrickyBot it is (simcord knows it only as a Client).

    Read it afresh after ``env.restart_bot``: the environment then runs the new bot.
    """
    bot = env.bot
    assert isinstance(bot, TrickyBot), f"simcord runs {type(bot).__name__}, not TrickyBot"
    return bot


@contextmanager
def as_the_bot(env: Env) -> Iterator[None]:
    """Run test code that calls the bot's services as if the bot had started it.

    Work the bot starts from an interaction waits on simcord's virtual clock (only
    ``advance_time`` moves it); work a test starts by calling a service directly would
    wait on the real one. Moves made through the table service in here start the board's
    grace periods the way a click does.
    """
    with env._bot_scope():
        yield


CUSTOM_ID = re.compile(r"^tk:")


def components(message: Any) -> Iterator[dict[str, Any]]:
    """Every component dict of a message (a discord.Message or a simcord response)."""
    raw = message.components
    rows = raw if isinstance(raw, list) else []
    stack: list[Any] = [*rows]
    while stack:
        node = stack.pop(0)
        if isinstance(node, dict):
            yield node
            stack.extend(node.get("components", []))
        else:  # discord.py component objects
            payload = node.to_dict()
            yield payload
            stack.extend(payload.get("components", []))


def labels(message: Any, *, as_shown: bool = False) -> list[str]:
    """The buttons' labels, in the English the test reads: the pseudo-language's markers
    taken out (``as_shown`` keeps them, for a test about languages)."""
    shown = [c.get("label", "") for c in components(message) if c.get("type") == 2]
    return shown if as_shown else [unmarked(label) for label in shown]


def custom_ids(message: Any) -> list[str]:
    return [c["custom_id"] for c in components(message) if "custom_id" in c]


def text_of(message: Any) -> str:
    """Everything a person reads in a message: content, embeds, labels, select options,
    in English (the pseudo-language's markers taken out)."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts += [
            data.get("title", ""),
            data.get("description", ""),
            data.get("footer", {}).get("text", ""),
        ]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
    for component in components(message):
        parts.append(component.get("label", "") or "")
        parts += [option.get("label", "") for option in component.get("options", [])]
    return unmarked("\n".join(parts))


@dataclass
class Room:
    """A server with one channel, some members, and a bystander who never sits down."""

    env: Env
    members: list[MemberActor] = field(default_factory=list)
    locale: str | None = None
    """The server's Discord preferred locale (simcord's ``en-US`` if none)."""

    def __post_init__(self) -> None:
        self.guild = self.env.create_guild(name="Game Night", preferred_locale=self.locale)
        self.channel = self.guild.create_text_channel("tabletop")
        self.bystander = self.guild.add_member(self.env.create_user("watcher"))

    def add(self, *names: str) -> list[MemberActor]:
        added = [self.guild.add_member(self.env.create_user(name)) for name in names]
        self.members.extend(added)
        return added

    def public_messages(self) -> list[discord.Message]:
        """What everyone in the channel sees (no one's "only you can see this" replies)."""
        return [
            message
            for message in self.channel.history(viewer=self.bystander)
            if not message.flags.ephemeral
        ]

    def all_messages(self) -> list[discord.Message]:
        return self.channel.history()

    def table_message(self) -> discord.Message:
        """The newest message carrying the table's Open my hand button."""
        for message in reversed(self.public_messages()):
            if "Open my hand" in labels(message):
                return message
        raise AssertionError("no table message in the channel")

    def lobby_message(self) -> discord.Message:
        for message in reversed(self.public_messages()):
            if "Join" in labels(message):
                return message
        raise AssertionError("no lobby message in the channel")


async def forge_click(
    member: MemberActor, message: discord.Message, custom_id: str
) -> InteractionResult:
    """Press a button that is not on ``message``: what a modified client could send.

    The interaction names a message the member can see (as Discord requires)
    but carries any custom id, to prove the bot trusts nothing in it.
    """
    from simcord.actors import _component_interaction

    stored = member._env.backend.get_message(message.channel.id, message.id)
    return await _component_interaction(
        member, stored, {"custom_id": custom_id, "component_type": 2}
    )


async def planted(
    bot: TrickyBot, room: Room, *custom_ids: str, select_values: list[str] | None = None
) -> discord.Message:
    """A message in the channel carrying buttons with these custom ids.

    Discord only delivers a click for a control that is on the clicked message,
    so this is how a click Discord delivers twice, or one from a panel long gone,
    reaches the bot: the same custom id, on a message the member can see.
    """
    channel = bot.get_channel(room.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View(timeout=None)
    for n, custom_id in enumerate(custom_ids):
        if select_values is None:
            view.add_item(discord.ui.Button(label=marked(f"b{n}"), custom_id=custom_id))
        else:  # a select offering these values
            options = [discord.SelectOption(label=marked(v)[:100], value=v) for v in select_values]
            view.add_item(
                discord.ui.Select(custom_id=custom_id, options=options, max_values=len(options))
            )
    message = await channel.send(view=view)
    view.stop()  # only the bot's own DynamicItems may answer these clicks
    return next(m for m in room.channel.history() if m.id == message.id)
