"""Who reads which language, and the slash commands in every language the catalogs have.

* What a member sees only for themself (their panel, a refusal, the rules help) is in
  their own Discord language: :func:`member_check` speaks ``interaction.locale`` for the
  whole of every command, and :func:`~cogs.replies.friendly` for every button.
* What everyone in the channel sees (the table, pings, hand summaries, the result) and
  direct messages about a server's game are in the server's language:
  :func:`server_language` reads ``/tricky-config language``, else the server's Discord
  preferred locale. The board speaks it around every public message it draws.
* Slash command descriptions, option descriptions and choices go to Discord already
  translated for every Discord locale a catalog serves (:class:`CatalogTranslator`).
  The names of commands and options stay English in every language, on purpose: the
  bot's messages name them ("press Join, or use /tricky join"), and a public message in
  the server's language must name the same command every member can type.

A locale without a catalog reads English (``bot.i18n.languages.resolve``).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes

from bot.i18n.languages import SOURCE, Language, language, resolve
from games.core.wording import speak

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = [
    "CatalogTranslator",
    "member_check",
    "member_language",
    "server_language",
    "setup",
]

log = logging.getLogger(__name__)

NAMES = frozenset(
    {
        TranslationContextLocation.command_name,
        TranslationContextLocation.group_name,
        TranslationContextLocation.parameter_name,
    }
)
"""Where Discord wants a name: kept English (see above)."""


class CatalogTranslator(app_commands.Translator):
    """Discord asks, for each of its locales, every name and description of the commands."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: TranslationContextTypes,
    ) -> str | None:
        code = resolve(str(locale))
        if code == SOURCE or context.location in NAMES:
            return None  # the code's own words
        text = language(code).gettext(string.message)
        return None if text == string.message else text


def member_language(interaction: discord.Interaction[Any]) -> Language:
    """The member's own Discord language, for what only they see."""
    return language(str(interaction.locale))


async def server_language(bot: TrickyBot, guild_id: int | None) -> Language:
    """The server's language, for what everyone sees: its ``/tricky-config language``, else
    its Discord preferred locale, else English."""
    if guild_id is None:
        return language(None)
    chosen = (await bot.guild_settings.get(guild_id)).language
    if chosen is not None:
        return language(chosen)
    guild = bot.get_guild(guild_id)
    return language(None if guild is None else str(guild.preferred_locale))


async def member_check(interaction: discord.Interaction[Any]) -> bool:
    """The command tree's check, run first in every command's own task: from here on,
    everything the command says to its member is in the member's language."""
    speak(member_language(interaction))
    return True


async def setup(bot: TrickyBot) -> None:
    await bot.tree.set_translator(CatalogTranslator())
    bot.tree.interaction_check = member_check  # type: ignore[method-assign]
    bot.tables.channel_language = partial(server_language, bot)
