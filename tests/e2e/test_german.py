"""German end to end: a game of each kind from lobby to result on a German server, with
one member reading Discord in English and one in German. What the channel sees (the
lobby, the table, the pings, the result) is German, each member's own panel is in their
language, and no English sentence of the code reaches the German channel.

The German is the real catalog's: words are looked up there (``msgstr`` of a known
``msgid``), never written into the test, so the test follows the translators' choices.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from simcord import Env

from bot.i18n.catalogs import template
from bot.i18n.languages import Language, catalog_path, language
from games.catalog import CATALOG
from games.core.wording import speaking
from tests.conftest import DiscordLocales
from tests.e2e.helpers import Room, as_the_bot, bot_of, labels, text_of
from tests.e2e.test_replays import MOVES_AT_MOST, settle, table_id_of

GERMAN = language("de")
ENGLISH = language("en")
SHORTEST = 12
"""The shortest piece of a message that counts as a sentence of its language: shorter
pieces ("Tricky", "{seat}: ") are names and punctuation both languages share."""
pytestmark = pytest.mark.languages(
    "a German server with members reading German and English: the real catalog is the point"
)
TEAM_GAMES = [key for key, game in CATALOG.items() if game.max_seats >= 2]


def pieces(message: str) -> Iterator[str]:
    """The words of a message between its placeholders, long enough to tell a language."""
    for piece in re.split(r"\{[^}]*\}", message):
        piece = piece.strip(" \n:.,!?()-\u2013")
        if len(piece) >= SHORTEST and " " in piece:
            yield piece


def sentences() -> tuple[set[str], set[str]]:
    """The pieces of English no German translation shares, and of German no English does
    (a name the translators kept, like a game's title, is both)."""
    english: set[str] = set()
    german: set[str] = set()
    with catalog_path("de").open("rb") as file:
        catalog = read_po(file, locale="de")
    for message in template():
        if message.id and isinstance(message.id, str):
            english |= set(pieces(message.id))
    for message in catalog:
        if message.id and isinstance(message.string, str) and message.string:
            german |= set(pieces(message.string))
    return english - german, german - english


ONLY_ENGLISH, ONLY_GERMAN = sentences()


def english_in(text: str) -> list[str]:
    return sorted(piece for piece in ONLY_ENGLISH if piece in text)


def german_in(text: str) -> list[str]:
    return sorted(piece for piece in ONLY_GERMAN if piece in text)


def de(message: str) -> str:
    """The German catalog's translation of ``message``; the test fails if it has none."""
    translated = GERMAN.gettext(message)
    assert translated != message, f"the German catalog does not translate {message!r}"
    return translated


def public_text(room: Room) -> str:
    return "\n".join(text_of(message) for message in room.public_messages())


def carrying(room: Room, label: str) -> Any:
    return next(m for m in reversed(room.public_messages()) if label in labels(m))


@pytest.mark.parametrize("key", TEAM_GAMES)
async def test_a_german_server_plays_in_german_and_each_member_reads_their_own_panel(
    simcord_env: Env, discord_locales: DiscordLocales, key: str
) -> None:
    room = Room(simcord_env, locale="de")  # the server's Discord language: German
    bot = bot_of(simcord_env)
    game = CATALOG[key]
    members = room.add(*(f"m{n}" for n in range(max(2, game.min_seats))))
    ann, bo = members[0], members[1]  # ann reads Discord in English, the others in German
    speaks: dict[int, Language] = {member.id: GERMAN for member in members[1:]}
    speaks[ann.id] = ENGLISH
    for member in members[1:]:
        discord_locales.members[member.id] = "de"

    await ann.slash(room.channel, "tricky new", game=key)
    lobby = carrying(room, de("Join"))
    assert de("Start") in labels(lobby)
    assert english_in(text_of(lobby)) == []
    for member in members[1:]:
        joined = await member.click(carrying(room, de("Join")), label=de("Join"))
        assert joined.acknowledged
    await ann.click(carrying(room, de("Start")), label=de("Start"))
    table = carrying(room, de("Open my hand"))
    assert german_in(text_of(table)), text_of(table)
    assert english_in(public_text(room)) == []

    # Each member's own panel in their own language, whatever the server's.
    mine = await ann.click(table, label=de("Open my hand"))
    assert mine.response is not None and mine.response.ephemeral
    assert german_in(text_of(mine.response)) == []
    assert "Refresh" in labels(mine.response)
    theirs = await bo.click(table, label=de("Open my hand"))
    assert theirs.response is not None and theirs.response.ephemeral
    assert english_in(text_of(theirs.response)) == []
    assert de("Refresh") in labels(theirs.response)

    # Play to the end, each move made in its mover's language as their click would be.
    table_id = table_id_of(table)
    game.prepare()
    rng = random.Random(26)
    state = game.load_state((await bot.tables.get(table_id)).state_json or "")
    for _ in range(MOVES_AT_MOST):
        if not (acting := game.to_act(state)):
            break
        seat = acting[0]
        action = game.random_action(state, seat, rng)
        mover = members[seat]
        with as_the_bot(simcord_env), speaking(speaks[mover.id]):
            played = await bot.tables.act(table_id, mover.id, action)
        state = game.load_state(played.table.state_json or "")
    assert game.outcome(state) is not None, f"{key} did not end in {MOVES_AT_MOST} moves"
    await settle(bot)

    everything = public_text(room)
    assert english_in(everything) == []
    pings = [m.content for m in room.public_messages() if "<@" in (m.content or "")]
    assert pings and all(english_in(ping) == [] for ping in pings), pings
    winners = [ping for ping in pings if de(" won!") in ping]
    assert winners, pings  # the result's ping, in German
    result = carrying(room, de("Play again"))
    assert german_in(text_of(result)), text_of(result)
