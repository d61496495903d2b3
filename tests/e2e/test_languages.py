"""Languages end to end: the channel's messages in the server's language, each member's
own replies in theirs, through the pseudo-language (every message in ⟦markers⟧), so a
text in the wrong language, or one that escaped the catalogs, shows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from simcord import Env

from bot.i18n.pseudo import CLOSE, OPEN
from tests.conftest import DiscordLocales
from tests.e2e.helpers import Room, as_the_bot, bot_of
from tests.e2e.helpers import labels as english_labels

pytestmark = pytest.mark.languages(
    "one member reads English on a pseudo-language server: the test is about who reads which"
)


def labels(message: Any) -> list[str]:
    return english_labels(message, as_shown=True)


MARKED = re.compile(rf"{OPEN}.*{CLOSE}", re.DOTALL)


def embed_texts(message: Any) -> list[str]:
    """The words of a message's embeds a reader sees as text (not names or numbers alone)."""
    texts = []
    for embed in message.embeds:
        data = embed if isinstance(embed, dict) else embed.to_dict()
        texts += [data.get("title", "")]
        texts += [field["name"] for field in data.get("fields", [])]
        texts += [data.get("footer", {}).get("text", "")]
    return [text for text in texts if text]


def carrying(room: Room, label: str) -> Any:
    """The newest public message with a button labelled ``label`` in the pseudo-language."""
    marked = f"{OPEN}{label}{CLOSE}"
    return next(m for m in reversed(room.public_messages()) if marked in labels(m))


async def test_the_lobby_and_table_speak_the_server_language_and_panels_the_members(
    simcord_env: Env, discord_locales: DiscordLocales, pseudo: str
) -> None:
    room = Room(simcord_env)
    bot = bot_of(simcord_env)
    with as_the_bot(simcord_env):
        async with bot.guild_settings.editing(room.guild.id) as settings:
            settings.language = pseudo  # what /tricky-config language sets
    ann, bo = room.add("ann", "bo")
    discord_locales.members[bo.id] = pseudo  # bo reads the pseudo-language; ann English
    await ann.slash(room.channel, "tricky new", game="short_changed")
    lobby = carrying(room, "Join")
    assert all(MARKED.search(text) for text in embed_texts(lobby)), embed_texts(lobby)
    assert all(MARKED.fullmatch(label) for label in labels(lobby) if label), labels(lobby)

    joined = await bo.click(lobby, label=f"{OPEN}Join{CLOSE}")
    assert joined.acknowledged
    await ann.click(carrying(room, "Start"), label=f"{OPEN}Start{CLOSE}")
    table = carrying(room, "Open my hand")
    assert all(MARKED.search(text) for text in embed_texts(table)), embed_texts(table)

    # Each member's own panel in their own language, whatever the server's.
    mine = await ann.click(table, label=f"{OPEN}Open my hand{CLOSE}")
    assert mine.response is not None and mine.response.ephemeral
    assert not any(OPEN in text for text in embed_texts(mine.response))
    assert not any(OPEN in label for label in labels(mine.response))
    theirs = await bo.click(table, label=f"{OPEN}Open my hand{CLOSE}")
    assert theirs.response is not None and theirs.response.ephemeral
    assert all(MARKED.search(text) for text in embed_texts(theirs.response))
    assert all(MARKED.fullmatch(label) for label in labels(theirs.response) if label), labels(
        theirs.response
    )
