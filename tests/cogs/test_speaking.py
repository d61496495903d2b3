"""Who reads which language: a member's own replies in their Discord language, the
server's language for the channel (its setting, else its Discord locale), English for a
language without a catalog; and the slash commands' descriptions through the Translator."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation
from simcord import Env

from bot.i18n.languages import Language, install
from bot.i18n.pseudo import CLOSE, OPEN
from cogs.speaking import CatalogTranslator, server_language
from tests.cogs.test_tables import moderator
from tests.conftest import DiscordLocales
from tests.e2e.helpers import BotFactory, Room, as_the_bot, bot_of, text_of

DESCRIPTION = "The language of tables, pings and results on this server."


@pytest.fixture
def german() -> Iterator[Language]:
    """A German with one description translated, in place of the catalog file."""
    catalog = Catalog(locale=Locale.parse("de"))
    catalog.add(DESCRIPTION, "Die Sprache der Tische, Pings und Ergebnisse hier.")
    catalog.add("language", "sprache")
    speaks = Language.of("de", catalog)
    install(speaks, "de")
    yield speaks
    install(None, "de")


async def test_descriptions_are_translated_and_names_stay_english(german: Language) -> None:
    translator = CatalogTranslator()

    async def translated(text: str, locale: discord.Locale, *, name: bool = False) -> str | None:
        where = (
            TranslationContextLocation.command_name
            if name
            else TranslationContextLocation.command_description
        )
        build: Any = TranslationContext  # any location, no command: the translator reads none
        context = build(location=where, data=None)
        return await translator.translate(app_commands.locale_str(text), locale, context)

    assert await translated(DESCRIPTION, discord.Locale.german) == (
        "Die Sprache der Tische, Pings und Ergebnisse hier."
    )
    assert await translated(DESCRIPTION, discord.Locale.american_english) is None
    assert await translated(DESCRIPTION, discord.Locale.japanese) is None
    assert await translated("language", discord.Locale.german, name=True) is None


async def test_a_refusal_is_in_the_members_own_language(
    simcord_env: Env, discord_locales: DiscordLocales, pseudo: str
) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    discord_locales.members[ann.id] = pseudo
    command = simcord_env.backend.find_command("tricky-config", None)
    assert command is not None
    room.guild.set_command_permissions(int(command["id"]), {ann: True})
    refused = await ann.slash(room.channel, "tricky-config show")
    assert refused.response is not None and refused.response.ephemeral
    assert refused.response.content == (
        f"{OPEN}Only members with Manage Server can change Tricky's settings.{CLOSE}"
    )


async def test_the_servers_language_is_its_setting_else_its_discord_locale(
    simcord_env: Env, bots: BotFactory
) -> None:
    room = Room(simcord_env, locale="de")
    bot = bot_of(simcord_env)
    with as_the_bot(simcord_env):
        assert (await server_language(bot, room.guild.id)).code == "de"
        assert (await server_language(bot, None)).code == "en"
    mod = moderator(room, "mod")
    said = await mod.slash(room.channel, "tricky-config language", language="en")
    assert said.response is not None and said.response.ephemeral
    assert "now in" in said.response.content  # said in the moderator's language (en-US)
    await bot.db.close()
    await simcord_env.restart_bot(bots())
    bot = bot_of(simcord_env)
    with as_the_bot(simcord_env):
        assert (await server_language(bot, room.guild.id)).code == "en"  # kept
    shown = await mod.slash(room.channel, "tricky-config show")
    assert "Language English" in text_of(shown.response)
    await mod.slash(room.channel, "tricky-config language", language="discord")
    with as_the_bot(simcord_env):
        assert (await server_language(bot, room.guild.id)).code == "de"


async def test_a_member_whose_language_has_no_catalog_reads_english(
    simcord_env: Env, discord_locales: DiscordLocales
) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    discord_locales.members[ann.id] = "pt-BR"
    command = simcord_env.backend.find_command("tricky-config", None)
    assert command is not None
    room.guild.set_command_permissions(int(command["id"]), {ann: True})
    refused = await ann.slash(room.channel, "tricky-config show")
    assert refused.response is not None
    assert (
        refused.response.content == "Only members with Manage Server can change Tricky's settings."
    )
